// tracer's explorer (see tracer/render/explorer.py): a traced search as an outline, an ARIA tree whose rows are
// built only when their parent is opened, so a search of 100,000 nodes opens at once. Every element is made with
// html_page.js's builders (createElement, setAttribute, textContent): nothing from the data is parsed as markup.
(function () {
  "use strict";
  const data = TracerPage.data("explorer-data");
  const element = TracerPage.element;
  const text = (column, node) => data.texts[data[column][node]];
  const count = data.parent.length;
  const $ = (id) => document.getElementById(id);

  // Each node's children, in the search's order (a child's id is larger than its parent's, and siblings are
  // numbered in move order), from the one parent column.
  const children = Array.from({ length: count }, () => []);
  for (let node = 1; node < count; node++) children[data.parent[node]].push(node);
  const cuts = new Map();  // node cut -> [moves it skipped there, nodes they hold]
  for (let i = 0; i < data.cuts.length; i += 3) cuts.set(data.cuts[i], [data.cuts[i + 1], data.cuts[i + 2]]);
  const onPv = new Set(data.pv);
  const items = new Map();  // node -> its row (an li), once built

  const plural = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
  const STATUS = ["not searched", "", "pruned"];

  // What a row says of the search at the node: its window as it was entered and as it was left (one, if the
  // same), and its cutoff with what that pruned.
  function windowText(node) {
    const entered = text("window_in", node), left = text("window", node);
    return entered && left && entered !== left ? `${entered} → ${left}` : entered || left;
  }
  function cutText(node) {
    const reason = text("cut", node), pruned = cuts.get(node);
    if (!reason && !pruned) return "";
    const what = pruned ? `${plural(pruned[0], "move")} pruned (${plural(pruned[1], "node")})` : "";
    return `✂ cut${reason ? ` ${reason}` : ""}${what ? ` · ${what}` : ""}`;
  }

  // The row's name: the move, after the name of the player to move in a game of named players (max^n's); MAX,
  // MIN and chance are marked by their signs (explorer.css).
  const SIGNED = new Set(["max", "min", "chance"]);
  function nameOf(node) {
    const name = element("span", { class: "name" }, text("name", node)), player = text("player", node);
    if (!SIGNED.has(player)) name.prepend(element("span", { class: "mover" }, player));
    return name;
  }

  // A node's row: the li of the ARIA tree, its line of columns, and its group of children (built when opened).
  function row(node, level, position, siblings) {
    const item = element("li", { role: "treeitem", "aria-level": String(level), "aria-posinset": String(position),
                                 "aria-setsize": String(siblings), tabindex: "-1", "data-node": String(node) });
    const status = data.status[node];
    item.classList.add(["unreached", "searched", "pruned"][status]);
    item.dataset.player = text("player", node);  // an attribute, not a class: a player's name may hold anything
    if (onPv.has(node)) item.classList.add("pv");
    const line = element("div", { class: "row" });
    line.style.setProperty("--level", String(level - 1));
    const kids = children[node].length;
    line.append(element("span", { class: "toggle", "aria-hidden": "true" }, kids ? "▸" : ""),
                nameOf(node),
                element("span", { class: "value" }, text("value", node) || STATUS[status]),
                element("span", { class: "window" }, windowText(node)),
                element("span", { class: "visit" }, data.visit[node] ? `#${data.visit[node]}` : ""),
                element("span", { class: "cut" }, cutText(node)),
                element("span", { class: "note" }, text("note", node)));
    if (kids) {
      item.setAttribute("aria-expanded", "false");
      line.title = `${plural(kids, "child")}`;
    }
    line.addEventListener("click", () => { focus(item); toggle(node); });
    item.append(line);
    items.set(node, item);
    return item;
  }

  function open(node) {
    const item = items.get(node);
    if (!children[node].length || item.getAttribute("aria-expanded") === "true") return;
    let group = item.querySelector(":scope > ul");
    if (!group) {  // the children's rows, made the first time the node is opened
      group = element("ul", { role: "group" });
      const level = Number(item.getAttribute("aria-level")) + 1, kids = children[node];
      kids.forEach((child, i) => group.append(row(child, level, i + 1, kids.length)));
      item.append(group);
    }
    group.hidden = false;
    item.setAttribute("aria-expanded", "true");
    item.querySelector(":scope > .row > .toggle").textContent = "▾";
  }
  function close(node) {
    const item = items.get(node);
    if (item.getAttribute("aria-expanded") !== "true") return;
    item.querySelector(":scope > ul").hidden = true;
    item.setAttribute("aria-expanded", "false");
    item.querySelector(":scope > .row > .toggle").textContent = "▸";
  }
  function toggle(node) {
    if (items.get(node).getAttribute("aria-expanded") === "true") close(node); else open(node);
  }

  // The node's row made and shown: every node above it opened.
  function reveal(node) {
    const above = [];
    for (let up = data.parent[node]; up >= 0; up = data.parent[up]) above.push(up);
    above.reverse().forEach(open);
    return items.get(node);
  }

  // One row is the current one, the one Tab reaches and the keys act on (a roving tabindex, as in a file tree);
  // the address names it (#node=N). `take`: the row takes the focus too (not from the find box, where Enter goes
  // on to the next node found).
  let focused = null;
  function focus(item, scroll = true, take = true) {
    if (focused) { focused.tabIndex = -1; focused.setAttribute("aria-selected", "false"); }
    focused = item;
    item.tabIndex = 0;
    item.setAttribute("aria-selected", "true");
    if (take) item.focus({ preventScroll: true });
    if (scroll) item.querySelector(":scope > .row").scrollIntoView({ block: "nearest" });
    const hash = `#node=${item.dataset.node}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }
  const nodeOf = (item) => Number(item.dataset.node);
  const isOpen = (item) => item.getAttribute("aria-expanded") === "true";
  const parentItem = (item) => item.parentElement.closest("li[role=treeitem]");

  // The row below and above on screen.
  function below(item) {
    if (isOpen(item)) return item.querySelector(":scope > ul > li");
    for (let at = item; at; at = parentItem(at)) if (at.nextElementSibling) return at.nextElementSibling;
    return null;
  }
  function above(item) {
    let at = item.previousElementSibling;
    if (!at) return parentItem(item);
    while (isOpen(at)) at = at.querySelector(":scope > ul > li:last-child");
    return at;
  }
  function last() {
    let at = items.get(0);
    while (isOpen(at)) at = at.querySelector(":scope > ul > li:last-child");
    return at;
  }

  $("tree").addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !focused) return;
    const node = nodeOf(focused), kids = children[node].length;
    const moves = {
      ArrowDown: () => below(focused),
      ArrowUp: () => above(focused),
      ArrowRight: () => { if (kids && !isOpen(focused)) { open(node); return null; } return kids ? below(focused) : null; },
      ArrowLeft: () => { if (isOpen(focused)) { close(node); return null; } return parentItem(focused); },
      Home: () => items.get(0),
      End: () => last(),
      Enter: () => { toggle(node); return null; },
      " ": () => { toggle(node); return null; },
      "+": () => { open(node); return null; },
      "-": () => { close(node); return null; },
      "*": () => { const up = data.parent[node]; (up >= 0 ? children[up] : [node]).forEach(open); return null; },
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = moves[event.key]();
    if (next) focus(next);
  });

  // Opening the principal variation: the root, the first ply, and every node of the best line.
  function openPv() {
    open(0);
    for (const node of data.pv) open(node);
  }
  $("expand-pv").addEventListener("click", () => { openPv(); focus(items.get(data.pv[data.pv.length - 1] ?? 0)); });
  $("collapse").addEventListener("click", () => {
    for (const [node, item] of items) if (isOpen(item)) close(node);
    focus(items.get(0));
  });

  // Finding a node: the moves (or names) from the root, separated by spaces (the step table's labels in a game),
  // else every node of that name; Enter again goes to the next.
  let found = [], shown = -1, asked = "";
  function find(query) {
    const words = query.trim().split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    let at = 0;
    for (const word of words) {
      at = children[at].find((child) => text("name", child) === word);
      if (at === undefined) break;
    }
    if (at !== undefined) return [at];
    const name = query.trim(), named = [];
    for (let node = 0; node < count; node++) if (text("name", node) === name) named.push(node);
    return named;
  }
  $("find").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const query = $("find").value;
    if (query !== asked) { asked = query; found = find(query); shown = -1; }
    if (!found.length) { $("found").textContent = query.trim() ? `no node ${query.trim()}` : ""; return; }
    shown = (shown + 1) % found.length;
    focus(reveal(found[shown]), true, false);
    $("found").textContent = found.length > 1 ? `${shown + 1} of ${found.length}` : "found";
  });

  // The page: the titles, the root's row, the first ply and the principal variation; a #node=N link opens there.
  $("title").textContent = data.title;
  $("subtitle").textContent = data.passes > 1 ? `${data.subtitle} (pass ${data.pass} of ${data.passes})` : data.subtitle;
  const root = row(0, 1, 1, 1);
  $("tree").append(root);
  openPv();
  function fromHash() {
    const match = /^#node=(\d+)$/.exec(location.hash);
    const node = match ? Number(match[1]) : -1;
    if (node >= 0 && node < count) focus(reveal(node)); else focus(root, false);
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
