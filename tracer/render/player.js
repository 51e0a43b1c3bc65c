// tracer's step-through player. The data (see tracer/render/player.py) is read with JSON.parse and every element is
// built with createElementNS, setAttribute and textContent (html_page.js's builders): nothing from the data is ever
// parsed as markup.
// TracerPlayer.mount(root, data, options) runs one player inside `root` (a copy of player.py's SKELETON): it finds
// its parts by class within root and uses no ids, so several players live on one page (the practice page's).
window.TracerPlayer = (function () {
  "use strict";
  const SVG_NS = TracerPage.SVG_NS;
  // An SVG element from its data; Graphviz's ids become data-part where several players share the page (`ids` false).
  const build = (spec, ids) => TracerPage.svg(spec, Boolean(ids));  // the shared safe builder (html_page.js)

  // ---- the page's layout: text that reads, and the step table where it fits -----------------------------------
  const GAP = 12;  // px between the tree and the step table beside it (player.css's gap)

  // The tree takes the width there is, but never so little that its smallest text (data.min_font, in the SVG's
  // units) is under data.min_text_px CSS pixels (player.py's MIN_TEXT_PX; the browser's zoom enlarges them):
  // narrower, its box scrolls sideways. Outside a frame it is also no taller than the
  // window leaves (player.css). A frame (a notebook's) cannot grow with its page, so there the page keeps one
  // layout, the table under the tree, whose height tracer/render/notebook.py works out.
  function sizeTree(root, data) {
    const [, , width, height] = data.svg.viewBox.split(/\s+/).map(Number);
    root.style.setProperty("--tree-min-width", `${Math.ceil(width * data.min_text_px / data.min_font) + 1}px`);
    root.style.setProperty("--tree-aspect", String(width / height));
    root.style.setProperty("--steps-height", `${data.steps_height}px`);
    root.classList.toggle("framed", window.self !== window.top);
  }

  // The step table beside the tree only when both fit: the tree at its narrowest (above) and the table with its
  // note column a caption line wide (player.css); else under it. Decided again whenever the player's width changes.
  function arrange(root, stage, table) {
    let tableWidth = 0;
    const decide = () => {
      if (!stage.clientWidth) return;  // not shown yet (a practice page's player before it opens)
      if (!tableWidth) {
        table.style.width = "min-content";
        tableWidth = Math.ceil(table.getBoundingClientRect().width) + 2;  // + its panel's border
        table.style.width = "";
        root.style.setProperty("--steps-width", `${tableWidth}px`);
      }
      const treeWidth = parseFloat(root.style.getPropertyValue("--tree-min-width"));
      const beside = !root.classList.contains("framed") && stage.clientWidth >= treeWidth + GAP + tableWidth;
      stage.classList.toggle("beside", beside);
    };
    new ResizeObserver(decide).observe(stage);
    decide();
  }

  // options.keys: the element whose key presses steer the player (default root: keys act while the focus is in
  // it); options.hash: the player's own page: follow and write #step=N in the address, keep Graphviz's ids.
  // Returns {showStep(step)}: show the last frame at or before step number `step`.
  function mount(root, data, options = {}) {
    const frames = data.frames;
    const $ = (name) => root.querySelector(`.${name}`);

    // The drawing: the SVG's frame once, then one slot per part; a slot shows the part's variant for the frame.
    const svg = document.createElementNS(SVG_NS, "svg");
    for (const [name, value] of Object.entries(data.svg)) svg.setAttribute(name, value);
    svg.setAttribute("role", "img");
    sizeTree(root, data);
    const graph = document.createElementNS(SVG_NS, "g");
    for (const [name, value] of Object.entries(data.graph)) graph.setAttribute(name === "id" && !options.hash ? "data-part" : name, value);
    for (const spec of data.background) graph.appendChild(build(spec, options.hash));
    const slots = data.order.map(() => {
      const slot = document.createElementNS(SVG_NS, "g");
      graph.appendChild(slot);
      return slot;
    });
    svg.appendChild(graph);
    $("tree").appendChild(svg);
    const built = new Map();  // variant index -> element, built once
    const showing = slots.map(() => -1);
    // Each frame's variant of every part: the data gives only what changes from the frame before.
    const looks = [];
    frames.reduce((before, frame) => {
      const now = before.slice();
      for (let i = 0; i < frame.changes.length; i += 2) now[frame.changes[i]] = frame.changes[i + 1];
      looks.push(now);
      return now;
    }, showing);

    function variant(index) {
      if (!built.has(index)) built.set(index, build(data.variants[index], options.hash));
      return built.get(index);
    }

    // The step table, every row clickable.
    // The title is drawn in the diagram, as on the slides; the heading says it to screen readers only.
    $("title").textContent = data.title;
    const head = document.createElement("tr");
    for (const name of data.table.headers) {
      const cell = document.createElement("th");
      cell.textContent = name;
      head.appendChild(cell);
    }
    $("table").querySelector("thead").appendChild(head);
    const body = $("table").querySelector("tbody");
    const rows = data.table.rows.map((row) => {
      const tr = document.createElement("tr");
      for (const value of row) {
        const cell = document.createElement("td");
        cell.textContent = value;
        tr.appendChild(cell);
      }
      const step = Number(row[0]);
      tr.dataset.step = String(step);
      tr.tabIndex = -1;
      tr.addEventListener("click", () => { pause(); show(frameAt(step)); });
      body.appendChild(tr);
      return tr;
    });

    // The last frame that shows the search at or before step number `step`.
    function frameAt(step) {
      let found = 0;
      frames.forEach((frame, i) => { if (frame.step <= step) found = i; });
      return found;
    }

    arrange(root, $("stage"), $("table"));

    let current = -1;
    const slider = $("slider");
    slider.max = String(frames.length - 1);

    function show(index) {
      index = Math.max(0, Math.min(frames.length - 1, index));
      const frame = frames[index];
      looks[index].forEach((part, i) => {
        if (showing[i] === part) return;
        slots[i].replaceChildren();
        if (part >= 0) slots[i].appendChild(variant(part));
        showing[i] = part;
      });
      current = index;
      slider.value = String(index);
      $("caption").textContent = `Step ${frame.step}: ${frame.caption}`;
      $("position").textContent = `frame ${index + 1} of ${frames.length} · step ${frame.step} of ${rows.length}`;
      svg.setAttribute("aria-label", `the search after step ${frame.step}: ${frame.caption}`);
      for (const row of rows) {
        const on = Number(row.dataset.step) === frame.step;
        row.classList.toggle("current", on);
        if (on) row.setAttribute("aria-current", "step"); else row.removeAttribute("aria-current");
      }
      const row = rows[frame.step - 1];
      if (row) {  // into the table's view, without scrolling the page around the player
        const steps = $("steps"), box = steps.getBoundingClientRect(), at = row.getBoundingClientRect();
        const header = steps.querySelector("thead").getBoundingClientRect().height;
        if (at.top < box.top + header) steps.scrollTop -= box.top + header - at.top;
        else if (at.bottom > box.bottom) steps.scrollTop += at.bottom - box.bottom;
      }
      $("first").disabled = $("previous").disabled = index === 0;
      $("next").disabled = $("last").disabled = index === frames.length - 1;
      if (options.hash) {
        const hash = `#step=${frame.step}`;
        if (location.hash !== hash) history.replaceState(null, "", hash);
      }
    }

    // Play and pause.
    let timer = null;
    function pause() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      $("play").textContent = "▶ play";
      $("play").setAttribute("aria-label", "play");
    }
    function play() {
      if (current === frames.length - 1) show(0);
      $("play").textContent = "❚❚ pause";
      $("play").setAttribute("aria-label", "pause");
      timer = setInterval(() => {
        if (current >= frames.length - 1) pause(); else show(current + 1);
      }, Number($("speed").value));
    }
    $("speed").addEventListener("change", () => { if (timer !== null) { pause(); play(); } });
    $("play").addEventListener("click", () => (timer === null ? play() : pause()));
    $("first").addEventListener("click", () => { pause(); show(0); });
    $("previous").addEventListener("click", () => { pause(); show(current - 1); });
    $("next").addEventListener("click", () => { pause(); show(current + 1); });
    $("last").addEventListener("click", () => { pause(); show(frames.length - 1); });
    slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
    (options.keys || root).addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLSelectElement) return;
      const moves = { ArrowLeft: () => show(current - 1), ArrowRight: () => show(current + 1),
                      Home: () => show(0), End: () => show(frames.length - 1) };
      if (moves[event.key]) {
        if (event.target === slider) return;  // the slider moves itself
        event.preventDefault();
        pause();
        moves[event.key]();
      } else if (event.key === " ") {  // whatever has focus: a clicked button keeps it, and Enter still presses it
        event.preventDefault();
        timer === null ? play() : pause();
      }
    });

    if (options.hash) {
      const fromHash = () => {
        const match = /^#step=(\d+)$/.exec(location.hash);
        return match ? frameAt(Number(match[1])) : 0;
      };
      window.addEventListener("hashchange", () => { pause(); show(fromHash()); });
      show(fromHash());
    } else {
      show(0);
    }
    return { showStep: (step) => { pause(); show(frameAt(step)); } };
  }

  return { mount };
})();
