// tracer's practice page (see tracer/render/practice_page.py). Every item, what it is worth, what the search found and
// the step that decides it come from Python (tracer/exercises/practice_sheet.py, computed by grade itself); this script
// only reads what is typed, with answers.py's notations (mirrored below), and applies compare_answers.py's
// matching rule. The page is
// built with createElement(NS), setAttribute and textContent only: nothing from the data is parsed as markup.
(function () {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const data = TracerPage.data("practice-data");

  // ---- reading what is typed: tracer/inputs/answers.py's notations, mirrored function by function -----------
  // answers.py decides what a text says (it grades the downloaded file); each function here names its original,
  // and tests/render/test_number_reader.py holds the two to one corpus of strings in the browser. What each kind of
  // box reads, as the notes say it, comes from Python (data.reader.notations: answers.NOTATIONS).
  const NOTATIONS = data.reader.notations;
  const MAX_DIGITS = data.reader.max_digits;  // answers.MAX_DIGITS
  const S = "[ \\t\\u00a0\\u2009\\u202f]";  // answers.SPACE: a space, a tab, no-break and thin spaces
  const SIGN = "[-+\\u2212]";
  const INFINITY = new RegExp(`^${S}*(${SIGN}?)(?:∞|\\.?[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)${S}*$`);
  const DECIMAL = new RegExp(`^${S}*(${SIGN}?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?${S}*$`);
  const FRACTION = new RegExp(`^${S}*(${SIGN}?)(?:([0-9]+)${S}+)?([0-9]+)${S}*/${S}*([0-9]+)${S}*$`);
  const POINT_DIGITS = new RegExp(`^${S}*${SIGN}?[0-9]*\\.([0-9]+)${S}*$`);
  const BOUND = new RegExp(`^${S}*(<=|≤|>=|≥)${S}*([\\s\\S]*)$`);
  const STRICT = new RegExp(`^(${S}*)([<>])(?!=)`);
  const COUNT = new RegExp(`^${S}*([0-9]+)${S}*$`);
  const DASHES = /[\u2013\u2014]/g;
  const SIGNS = { "<=": "≤", "≤": "≤", ">=": "≥", "≥": "≥" };  // Bound.from_sign
  const strip = (text) => text.replace(new RegExp(`^${S}+|${S}+$`, "g"), "");  // text.strip(SPACE)
  const negative = (sign) => sign === "-" || sign === "\u2212";  // answers._negative
  const significant = (parts) => Math.max(...parts.map((part) => (part || "").replace(/^0+/, "").length));

  // answers.parse_text_number: a number, or null.
  function parseNumber(text) {
    let match = INFINITY.exec(text);
    if (match) return negative(match[1]) ? -Infinity : Infinity;
    match = DECIMAL.exec(text);
    if (match) {
      const number = Number((negative(match[1]) ? "-" : "") + match[2] + (match[3] || ""));
      return Number.isFinite(number) ? number : null;  // correctly rounded, as Python's float()
    }
    match = FRACTION.exec(text);
    if (match) {
      const [, sign, whole, top, bottom] = match;
      if (significant([whole, top, bottom]) > MAX_DIGITS) return null;
      const over = Number(top), under = Number(bottom);  // exact: at most MAX_DIGITS digits each
      if (under === 0 || (whole !== undefined && over >= under)) return null;
      const number = Number(whole || 0) + over / under;  // one correctly rounded division, then the whole part
      return negative(sign) && number ? -number : number;
    }
    return null;
  }

  // answers._digits: the digits after a decimal's point (null for a whole number, a fraction, an infinity).
  function digits(text) {
    const match = POINT_DIGITS.exec(text);
    return match ? match[1].length : null;
  }

  // answers.parse_vector: "(1, 2, 6)", two or more numbers; null if it is not one.
  function parseVector(text) {
    text = strip(text);
    if (!(text.startsWith("(") && text.endsWith(")"))) return null;
    const parts = text.slice(1, -1).split(",").map(parseNumber);
    return parts.length >= 2 && !parts.includes(null) ? parts : null;
  }

  // answers.parse_bounded: {number, bound (null: a plain number), decimals}, or null.
  function parseBounded(text) {
    const number = parseNumber(text);
    if (number !== null) return { number, bound: null, decimals: digits(text) };
    const vector = parseVector(text);
    if (vector !== null) return { number: vector, bound: null, decimals: null };
    const match = BOUND.exec(text);
    if (!match) return null;
    const bounded = parseNumber(match[2]);
    return bounded === null ? null : { number: bounded, bound: SIGNS[match[1]], decimals: digits(match[2]) };
  }

  // answers.read_typed: what text typed in a box of a kind ("value", "number": α or β, "plain": W, "count": N)
  // says: its reading ({number, bound, decimals}; a count: a number), or a note saying what to write instead.
  function readTyped(text, kind = "value") {
    const reading = reading_(text, kind);
    return reading !== null ? reading : whyUnreadable(text, kind);
  }

  // answers._reading
  function reading_(text, kind) {
    if (kind === "count") {
      const match = COUNT.exec(text);
      return match && significant([match[1]]) <= MAX_DIGITS ? Number(match[1]) : null;
    }
    const claimed = parseBounded(text);
    if (claimed === null || (kind !== "value" && claimed.bound !== null)) return null;
    if (kind === "plain" && (Array.isArray(claimed.number) || !Number.isFinite(claimed.number))) return null;
    return claimed;
  }

  // answers._why_unreadable
  function whyUnreadable(text, kind) {
    const written = strip(text);
    const accepted = NOTATIONS[kind];
    if (!written) return `nothing written; write ${accepted}`;
    if (kind === "count") {
      if (COUNT.exec(written)) return `more than ${MAX_DIGITS} digits; write ${accepted}`;
      return parseNumber(written) !== null ? `not a whole number ≥ 0; write ${accepted}` : `write ${accepted}`;
    }
    for (const [mistake, fixed] of corrections(written)) {
      if (reading_(fixed, kind) !== null) return `${mistake}; write ${fixed}`;
    }
    const bound = BOUND.exec(written);
    if (bound && kind !== "value") return kind === "plain" ? "W is a number, never a bound" : "a number, never a bound";
    const numberText = bound ? strip(bound[2]) : written;
    if (DECIMAL.exec(numberText)) {
      return "too large for a number" + (kind === "plain" ? "" : "; write inf for infinity");
    }
    const fraction = FRACTION.exec(numberText);
    if (fraction) {
      const [, , whole, top, bottom] = fraction;
      if (significant([whole, top, bottom]) > MAX_DIGITS) return `a fraction's parts have at most ${MAX_DIGITS} digits`;
      if (Number(bottom) === 0) return "a fraction with denominator 0";
      return "the fraction of a mixed number is less than 1, as in 3 1/3";
    }
    if (kind === "plain" && parseBounded(written) !== null) return `W is a finite number; write ${accepted}`;
    return `write ${accepted}`;
  }

  // answers._corrections: [mistake, the text corrected] for the mistakes a note names.
  function corrections(written) {
    const found = [];
    if (written.includes(",") && !written.startsWith("(")) found.push(["a decimal comma", written.replace(/,/g, ".")]);
    if (new RegExp(DASHES.source).test(written)) found.push(["a dash, not a minus sign", written.replace(DASHES, "-")]);
    const bound = BOUND.exec(written);
    if (new RegExp(S).test(written) && !FRACTION.test(bound ? bound[2] : written)) {  // 3 4/3 is no 34/3
      found.push(["a space inside a number", written.replace(new RegExp(S, "g"), "")]);
    }
    if (STRICT.test(written)) {
      found.push(["a strict bound (tracer's bounds include their number)",
                  written.replace(STRICT, (all, space, sign) => `${space}${sign}=`)]);
    }
    return found;
  }

  // yaml_text.unprintable: a character no answer file may hold (a control character but tab and newline, a
  // surrogate, a format character such as a bidirectional control, a noncharacter).
  function unprintable(char) {
    if (char === "\t" || char === "\n") return false;
    const code = char.codePointAt(0);
    return /^[\p{Cc}\p{Cs}\p{Cf}]$/u.test(char) || (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
  }

  // ---- the matching rules: compare_answers.number_matches and value_matches ------------------------------------
  function numberMatches(claimed, found, decimals = null) {
    if (Array.isArray(claimed) || Array.isArray(found)) {  // vectors (max^n), component by component
      return Array.isArray(claimed) && Array.isArray(found) && claimed.length === found.length &&
        claimed.every((part, i) => numberMatches(part, found[i]));
    }
    if (claimed === found) return true;
    if (!Number.isFinite(claimed) || !Number.isFinite(found)) return false;
    if (decimals !== null && Math.abs(claimed - found) <= 0.5 * 10 ** -decimals * (1 + 1e-9)) return true;
    return Math.abs(claimed - found) <= Math.max(1e-9 * Math.max(Math.abs(claimed), Math.abs(found)), 1e-12);
  }

  function valueMatches(claimed, found) {
    return numberMatches(claimed.number, found.number, claimed.decimals) &&
      (claimed.bound === null || claimed.bound === found.bound);
  }

  const fromJson = (value) => (Array.isArray(value) ? value.map(fromJson) :
    value === "inf" ? Infinity : value === "-inf" ? -Infinity : value);

  const joinNames = (names) => (names.length <= 1 ? names.join("") :
    `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);  // text.join_names

  // ---- the drawing's size: never so small that its smallest text is under MIN_TEXT_PX CSS pixels -------------
  const MIN_TEXT_PX = 12;
  const PX_PER_PT = 4 / 3;  // Graphviz draws in points

  // The tree takes the column's width, between the width at which its smallest text is MIN_TEXT_PX (below that,
  // its box scrolls sideways: sizes in CSS pixels, so the browser's zoom enlarges it) and its natural size. The
  // figure asks for that smallest width, so the answers stand beside the tree only where both fit (practice_page.css).
  function fitDrawing(figure, svg, drawing) {
    const width = Number((drawing.svg.viewBox || "").split(/[\s,]+/)[2]) || parseFloat(drawing.svg.width) || 600;
    const smallest = Math.ceil(width * MIN_TEXT_PX / drawing.min_font) + 1;  // + 1: layout rounds
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.style.minWidth = `${smallest}px`;
    svg.style.maxWidth = `${Math.max(smallest, width * PX_PER_PT)}px`;
    figure.style.setProperty("--tree-width", `${smallest}px`);
  }

  const MARKS = { right: "✓", wrong: "✗", extra: "–" };
  const WINDOW_HEAD = "α, β when the node is left";  // as the answer file's windows: and tracer grade read them
  const WINDOW_HELP = "the window (α, β) as the search leaves the node: the last α and β it had there";

  // ---- one exercise ------------------------------------------------------------------------------------------
  const element = TracerPage.element;  // the shared safe builders (html_page.js)
  const buildSvg = (spec) => TracerPage.svg(spec);

  function Exercise(ex) {
    const sheet = ex.sheet;
    const label = (node) => sheet.labels[node];
    const byName = new Map(sheet.labels.map((name, node) => [name, node]));
    const storageKey = `tracer-practice:${ex.key}`;
    const state = load();
    const section = element("section", { class: "exercise", id: `exercise-${ex.index}`,
                                         "aria-labelledby": `exercise-${ex.index}-title` });
    const inputs = new Map();  // "values:3" -> the input (or select) it is typed in
    let showMarked = () => {};  // the leaves marked, shown in the drawing and in words (a search that prunes)
    const marks = new Map();   // node -> [its marks in the form and in the drawing]

    // -- the state: what the student typed, kept in localStorage under the exercise's content
    function load() {
      const blank = { values: {}, alpha: {}, beta: {}, types: {}, visits: {}, wins: {}, paths: {}, marked: [],
                      none: false, best: "", order: "" };
      try {
        const kept = JSON.parse(localStorage.getItem(storageKey) || "null");
        return kept && typeof kept === "object" ? Object.assign(blank, kept) : blank;
      } catch (error) {
        return blank;  // storage refused (some browsers on file://): the page still works, it only forgets
      }
    }
    function save() {
      try { localStorage.setItem(storageKey, JSON.stringify(state)); } catch (error) { /* see load */ }
    }

    // -- the answer the state gives: exactly what the answer file says. A box left blank gives nothing; one that
    // cannot be read is in the answer as typed (with its note: grade reads the same text as one wrong item).
    const KINDS = { values: "value", alpha: "number", beta: "number", wins: "plain", visits: "count" };
    const blank = (text) => strip(text || "") === "";
    function typed(kind, node) {  // {text, reading (null: cannot be read), note}, or null for a blank box
      const text = state[kind][node];
      if (blank(text)) return null;
      const read = readTyped(text, KINDS[kind]);
      return typeof read === "string" ? { text: strip(text), reading: null, note: read } :
        { text: strip(text), reading: read, note: null };
    }
    function names(text) {  // the names typed (null: none), and those the tree does not have (their index)
      const parts = (text || "").split(",").map((part) => part.trim()).filter((part) => part !== "");
      return parts.length ? { names: parts, unknown: parts.map((part, i) => (byName.has(part) ? -1 : i))
        .filter((i) => i >= 0) } : null;
    }
    function answer() {
      const given = { values: new Map(), pruned: null, best: state.best || null, windows: new Map(),
                      types: new Map(), order: null, visits: new Map(), wins: new Map(), selected: new Map() };
      for (const node of sheet.inputs) {
        for (const kind of sheet.mcts ? ["visits", "wins"] : ["values"]) {
          const read = typed(kind, node);
          if (read !== null) given[kind].set(node, read);
        }
      }
      if (sheet.prunes && (state.marked.length > 0 || state.none)) {
        given.pruned = sheet.leaves.filter((leaf) => state.marked.includes(leaf));
      }
      for (const node of sheet.windows) {  // answers._Reader.window: both blank, not given; else both read
        const alpha = typed("alpha", node), beta = typed("beta", node);
        if (alpha === null && beta === null) continue;
        const parts = [alpha, beta];
        const blankPart = alpha === null ? "α" : "β";
        const wrong = parts.find((part) => part !== null && part.reading === null) ||
          (parts.includes(null) ? { note: `nothing written for ${blankPart}; write ${NOTATIONS.number}` } : null);
        given.windows.set(node, { texts: parts.map((part) => (part === null ? "" : part.text)),
                                  window: wrong ? null : parts.map((part) => part.reading.number),
                                  note: wrong ? wrong.note : null });
      }
      for (const node of sheet.types) if (state.types[node]) given.types.set(node, state.types[node]);
      if (sheet.order) given.order = names(state.order);
      for (const number of sheet.paths) {
        const path = names(state.paths[number]);
        if (path !== null) given.selected.set(number, path);
      }
      return given;
    }

    // -- scoring: grade's items in grade's order, each right, wrong, missing or extra (given, not asked)
    function score(given) {
      const items = [];
      const extras = [];
      const extra = (title) => {
        const known = sheet.extras[title];
        if (known) extras.push({ ...known, verdict: "extra", points: 0 });
      };
      for (const node of sheet.inputs) {
        if (given.values.has(node)) extra(`value of ${label(node)}`);
      }
      for (const [what, map] of [["N", given.visits], ["W", given.wins]]) {
        for (const node of sheet.inputs) if (map.has(node)) extra(`${what} of ${label(node)}`);
      }
      const lastStatistic = Math.max(...sheet.items.map((item, i) =>
        (["values", "visits", "wins"].includes(item.kind) ? i : -1)));
      sheet.items.forEach((asked, i) => {
        items.push(judge(asked, given));
        if (i === lastStatistic) items.push(...extras);  // grade: after the values (N and W) asked
      });
      if (lastStatistic < 0) items.unshift(...extras);
      // names the tree does not have, each pointed out (0 of 0) in the file's order, as grade points them out
      const lists = [["order", given.order]].concat(
        [...given.selected].map(([number, path]) => [`selected.${number}`, path]));
      for (const [where, list] of lists) {
        for (const index of list ? list.unknown : []) {
          items.push({ item: `${where}[${index}]`, kind: "unknown", node: null, max: 0, step: null, why: "",
                       verdict: "wrong", points: 0, note: `${list.names[index]} is not a node of the tree` });
        }
      }
      const departures = items.filter((item) => ["wrong", "extra"].includes(item.verdict) && item.step !== null &&
                                               item.why);
      const first = departures.reduce((best, item) => (best === null || item.step < best.step ? item : best), null);
      return { items, first, score: items.reduce((sum, item) => sum + item.points, 0),
               max: items.reduce((sum, item) => sum + item.max, 0),
               missing: items.filter((item) => item.verdict === "missing").length };
    }

    function judge(asked, given) {
      const item = { item: asked.item, kind: asked.kind, node: asked.node, max: asked.max, step: asked.step,
                     why: "", verdict: "missing", points: 0 };
      const verdict = (ok, why, step = asked.step) => {
        item.verdict = ok ? "right" : "wrong";
        item.points = ok ? asked.max : 0;
        if (!ok) { item.why = why; item.step = step; }
        return item;
      };
      const unread = (note) => Object.assign(item, { verdict: "wrong", points: 0, step: null, why: "", note });
      const node = asked.node;
      switch (asked.kind) {
        case "values": {
          const value = given.values.get(node);
          if (!value) return item;
          if (value.reading === null) return unread(value.note);
          const found = { number: fromJson(asked.found.number), bound: asked.found.bound };
          return verdict(valueMatches(value.reading, found), `${asked.because} — you wrote ${value.text}`);
        }
        case "leaf": {
          if (given.pruned === null) return item;
          const marked = given.pruned.includes(node);
          if ((asked.found === "pruned") === marked) return verdict(true);
          if (marked) return verdict(false, `${asked.marked.because} — you marked it pruned`, asked.marked.step);
          const missed = asked.missed.cut.filter((leaf) => !given.pruned.includes(leaf));
          const them = missed.length === asked.missed.cut.length ? (missed.length === 1 ? "it" : "them") :
            joinNames(sheet.leaves.filter((leaf) => missed.includes(leaf)).map(label));
          return verdict(false, `${asked.missed.because} — you examined ${them}`, asked.missed.step);
        }
        case "best_move":
          if (given.best === null) return item;
          return verdict(given.best === String(asked.found), `${asked.because} — you chose ${given.best}`);
        case "windows": {
          const written = given.windows.get(node);
          if (!written) return item;
          if (written.window === null) return unread(written.note);
          const [alpha, beta] = written.window;
          const found = asked.found === null ? null : fromJson(asked.found);
          return verdict(found !== null && numberMatches(alpha, found[0]) && numberMatches(beta, found[1]),
                         `${asked.because} — you wrote [${written.texts.join(", ")}]`);
        }
        case "node_types": {
          const type = given.types.get(node);
          if (!type) return item;
          return verdict(type === asked.found, `${asked.because} — you wrote ${type}`);
        }
        case "visits": {
          const visits = given.visits.get(node);
          if (!visits) return item;
          if (visits.reading === null) return unread(visits.note);
          return verdict(visits.reading === asked.found, `${asked.because} — you wrote N = ${visits.reading}`);
        }
        case "wins": {
          const wins = given.wins.get(node);
          if (!wins) return item;
          if (wins.reading === null) return unread(wins.note);
          return verdict(numberMatches(wins.reading.number, fromJson(asked.found), wins.reading.decimals),
                         `${asked.because} — you wrote W = ${wins.text}`);
        }
        case "order":
        case "selected": {
          const list = asked.kind === "order" ? given.order : given.selected.get(Number(asked.item.split(" ").pop()));
          if (!list) return item;
          const claimed = list.names;  // as typed: a name the tree does not have matches no node
          let index = 0;  // compare_answers.first_difference
          while (index < Math.max(claimed.length, asked.found.length) && claimed[index] === asked.found[index]) index++;
          if (index === Math.max(claimed.length, asked.found.length)) return verdict(true);
          const place = asked.places[Math.min(index, asked.found.length)];
          let wrote;
          const name = (i) => (byName.has(claimed[i]) ? claimed[i] : `${claimed[i]}, which is not a node of the tree`);
          if (asked.kind === "selected") wrote = `you wrote the path [${claimed.join(", ")}]`;
          else if (index >= asked.found.length) wrote = `your order goes on with ${name(index)}`;
          else wrote = index >= claimed.length ? "your order stops there" : `you wrote ${name(index)}`;
          return verdict(false, `${place.because} — ${wrote}`, place.step);
        }
        default:
          return item;
      }
    }

    // -- the answer file: what answer() gives, as YAML that tracer grade reads (names and texts quoted as JSON)
    function answerFile() {
      const given = answer();
      // Quoted as JSON (which YAML reads); a character no answer file may hold is spelled out (\u202e, as text), so
      // grade reads the box as the page did (it cannot be read either way) and the file is never refused for it.
      const spelled = (text) => Array.from(String(text), (char) =>
        (unprintable(char) ? `\\u${char.codePointAt(0).toString(16).padStart(4, "0")}` : char)).join("");
      const q = (text) => JSON.stringify(spelled(text)).replace(/[\u2028\u2029]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      const lines = ex.comments.map((line) => `# ${line}`);
      const mapping = (key, entries) => {
        if (entries.length === 0) return;
        lines.push(`${key}:`);
        for (const [name, value] of entries) lines.push(`  ${q(name)}: ${value}`);
      };
      mapping("values", [...given.values].map(([node, value]) => [label(node), q(value.text)]));
      if (given.pruned !== null) lines.push(`pruned: [${given.pruned.map((leaf) => q(label(leaf))).join(", ")}]`);
      if (given.best !== null) lines.push(`best_move: ${q(given.best)}`);
      mapping("windows", [...given.windows].map(([node, written]) =>
        [label(node), `[${written.texts.map(q).join(", ")}]`]));
      mapping("node_types", [...given.types].map(([node, type]) => [label(node), q(type)]));
      if (given.order !== null) lines.push(`order: [${given.order.names.map(q).join(", ")}]`);
      mapping("visits", [...given.visits].map(([node, visits]) => [label(node), q(visits.text)]));
      mapping("wins", [...given.wins].map(([node, wins]) => [label(node), q(wins.text)]));
      if (given.selected.size > 0) {
        lines.push("selected:");
        for (const [number, path] of given.selected) lines.push(`  ${number}: [${path.names.map(q).join(", ")}]`);
      }
      if (lines.length === ex.comments.length) lines.push("{}  # a blank sheet");
      return lines.join("\n") + "\n";
    }

    function download(name, text) {
      const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
      const link = element("a", { href: url, download: name });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }

    // -- the page's part: heading, drawing, the answer boxes, the buttons, the verdicts
    const numbered = `Exercise ${ex.index}`;  // a generated exercise's title is its number already
    const heading = element("h2", { id: `exercise-${ex.index}-title` },
                            ex.title === numbered ? numbered : `${numbered}: ${ex.title}`);
    section.appendChild(heading);
    section.appendChild(element("p", { class: "search" }, `${ex.file} · ${sheet.search}`));
    if (ex.rewards) section.appendChild(element("p", { class: "rewards" }, ex.rewards));
    const work = element("div", { class: "work" });
    const figure = element("figure", { class: "drawing" });
    const svg = document.createElementNS(SVG_NS, "svg");
    for (const [name, value] of Object.entries(ex.drawing.svg)) svg.setAttribute(name, value);
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", `the tree of exercise ${ex.index}`);
    const graph = document.createElementNS(SVG_NS, "g");
    for (const [name, value] of Object.entries(ex.drawing.graph)) graph.setAttribute(name, value);
    for (const spec of ex.drawing.children) graph.appendChild(buildSvg(spec));
    svg.appendChild(graph);
    fitDrawing(figure, svg, ex.drawing);
    figure.appendChild(svg);
    work.appendChild(figure);
    const form = element("form", { class: "answers", novalidate: "" });
    work.appendChild(form);
    section.appendChild(work);
    const groups = new Map();
    for (const group of graph.querySelectorAll("g[data-node]")) groups.set(Number(group.dataset.node), group);

    // A box for state[kind][node] (the visit order's: state.order, no node), with the note under it that says what
    // to type when what is typed cannot be read. Its placeholder names what goes in it, never a possible answer.
    const boxNotes = new Map();  // input -> its note
    function box(key, kind, node, placeholder, labelText) {
      const holder = element("span", { class: "box-holder" });
      const input = element("input", { type: "text", class: `box ${kind}`, autocomplete: "off", spellcheck: "false",
                                       placeholder, "aria-label": labelText });
      const note = element("span", { class: "box-note", id: `note-${ex.index}-${key.replace(/[^\w-]/g, "-")}` });
      input.setAttribute("aria-describedby", note.id);
      holder.append(input, note);
      boxNotes.set(input, note);
      const keep = (text) => { if (kind === "order") state.order = text; else state[kind][node] = text; };
      input.value = (kind === "order" ? state.order : state[kind][node]) || "";
      input.addEventListener("input", () => { keep(input.value); save(); refreshBox(input, kind); });
      inputs.set(key, input);
      refreshBox(input, kind);
      return holder;
    }
    function refreshBox(input, kind) {  // a box whose text cannot be read says why, and what to type
      const note = boxNote(input.value, kind);
      input.classList.toggle("unreadable", note !== "");
      input.title = note;
      boxNotes.get(input).textContent = note;
    }
    function boxNote(text, kind) {  // "" when the text is blank or read
      if (blank(text)) return "";
      if (kind in KINDS) {
        const read = readTyped(text, KINDS[kind]);
        return typeof read === "string" ? read : "";
      }
      const typedNames = names(text);  // the order, a path
      if (typedNames === null || typedNames.unknown.length === 0) return "";
      const name = typedNames.names[typedNames.unknown[0]];
      const same = sheet.labels.find((other) => other.toLowerCase() === name.toLowerCase());  // answers.suggest's
      return `${name} is not a node of the tree` + (same ? ` (did you mean ${same}?)` : "") +
        "; write node names separated by commas";
    }
    function markCell(key) {  // where an item's mark shows: by a box ("values:3", "windows:3"), "best", "order", …
      const cell = element("span", { class: "mark" });
      if (!marks.has(key)) marks.set(key, []);
      marks.get(key).push(cell);
      return cell;
    }
    // What each mark shows of the items given at its place: ✗ if one is wrong, else ✓ if one is right, else –
    // (a value for a node the search never reaches: not graded, as grade says; leaving its box empty is right).
    function verdicts(items, keyOf) {
      const shown = new Map();
      const rank = { extra: 0, right: 1, wrong: 2 };
      for (const item of items) {
        const key = keyOf(item);
        if (key === null || key === undefined || !(item.verdict in rank)) continue;
        const before = shown.get(key);
        if (before && rank[before.verdict] >= rank[item.verdict]) continue;
        shown.set(key, { verdict: item.verdict, text: MARKS[item.verdict],
                         title: item.verdict === "extra" ? `${item.note}: leave its box empty` :
                           item.note && item.kind !== "unknown" ? `wrong: ${item.note}` : item.verdict });
      }
      return shown;
    }
    function showMark(element, shown, kind = "mark") {
      element.textContent = shown.text;
      element.setAttribute("class", `${kind} ${shown.verdict}`);
      element.setAttribute("aria-label", shown.title);
      if (kind === "mark") element.title = shown.title;
    }
    // Where an item's mark shows beside the boxes: by its box (a node's value, N, W, window or type), or the move,
    // the order, a path; in the drawing, by its node (every item about the node).
    const EXTRA_BOXES = { value: "values", N: "visits", W: "wins" };  // an extra's title: "value of H", "N of H"
    const cellKey = (item) => (item.kind === "best_move" ? "best" : item.kind === "order" ? "order" :
      item.kind === "selected" ? item.item : item.kind === "extra" ?
        `${EXTRA_BOXES[item.item.split(" of ")[0]]}:${item.node}` : `${item.kind}:${item.node}`);
    const nodeKey = (item) => (["best_move", "order", "selected"].includes(item.kind) ? null : item.node);

    const table = element("table", { class: "boxes" });
    const head = element("tr");
    const columns = [["node"]].concat(sheet.mcts ? [["N"], [""], ["W"]] : [["value"]], [[""]],
      sheet.windows.length ? [[WINDOW_HEAD, 2, WINDOW_HELP], [""]] : [], sheet.types.length ? [["type"], [""]] : []);
    for (const [name, span, help] of columns) {
      const th = head.appendChild(element("th", { scope: "col" }, name));
      if (span) th.colSpan = span;
      if (help) th.title = help;
    }
    table.appendChild(element("thead")).appendChild(head);
    const body = table.appendChild(element("tbody"));
    for (const node of sheet.rows) {
      const row = element("tr");
      row.appendChild(element("th", { scope: "row" }, label(node)));
      const cell = (child) => row.appendChild(element("td")).appendChild(child);
      if (!sheet.inputs.includes(node)) {
        cell(element("span"));  // a leaf whose type or window the key asks: its value is given
      } else if (sheet.mcts) {
        cell(box(`visits:${node}`, "visits", node, "N", `N of ${label(node)}`));
        cell(markCell(`visits:${node}`));
        cell(box(`wins:${node}`, "wins", node, "W", `W of ${label(node)}`));
      } else {
        cell(box(`values:${node}`, "values", node, "value", `value of ${label(node)}`));
      }
      cell(sheet.mcts ? markCell(`wins:${node}`) : markCell(`values:${node}`));
      if (sheet.windows.length) {
        const asked = sheet.windows.includes(node);
        const left = `when ${label(node)} is left`;
        cell(asked ? box(`alpha:${node}`, "alpha", node, "α", `α ${left}`) : element("span"));
        cell(asked ? box(`beta:${node}`, "beta", node, "β", `β ${left}`) : element("span"));
        cell(asked ? markCell(`windows:${node}`) : element("span"));
      }
      if (sheet.types.length) {
        const td = row.appendChild(element("td"));
        if (sheet.types.includes(node)) {
          const select = element("select", { class: "type", "aria-label": `type of ${label(node)}` });
          for (const type of [""].concat(sheet.node_types)) select.appendChild(element("option", { value: type }, type || "–"));
          select.value = state.types[node] || "";
          select.addEventListener("change", () => { state.types[node] = select.value; save(); });
          td.appendChild(select);
        }
        cell(sheet.types.includes(node) ? markCell(`node_types:${node}`) : element("span"));
      }
      body.appendChild(row);
    }
    form.appendChild(table);

    if (sheet.prunes) {
      const line = element("p", { class: "pruned" });
      const none = element("input", { type: "checkbox", id: `none-${ex.index}` });
      none.checked = state.none;
      none.addEventListener("change", () => { state.none = none.checked; save(); showMarked(); });
      line.appendChild(none);
      line.appendChild(element("label", { for: `none-${ex.index}` }, "no leaf is pruned"));
      const listed = element("span", { class: "marked-list", "aria-live": "polite" });
      line.appendChild(listed);
      form.appendChild(line);
      showMarked = () => {
        const marked = sheet.leaves.filter((leaf) => state.marked.includes(leaf));
        listed.textContent = marked.length ? `pruned: ${marked.map(label).join(", ")}` :
          state.none ? "pruned: none" :
          "no leaf marked yet: every leaf counts as not answered (click the leaves never examined, or tick the box)";
        for (const leaf of sheet.leaves) {
          const group = groups.get(leaf);
          if (!group) continue;
          const on = state.marked.includes(leaf);
          group.classList.toggle("marked", on);
          group.setAttribute("aria-checked", String(on));
        }
      };
      for (const leaf of sheet.leaves) {
        const group = groups.get(leaf);
        if (!group) continue;
        group.setAttribute("tabindex", "0");
        group.setAttribute("role", "checkbox");
        group.setAttribute("aria-label", `leaf ${label(leaf)}: pruned?`);
        group.classList.add("leaf");
        const toggle = () => {
          state.marked = state.marked.includes(leaf) ? state.marked.filter((other) => other !== leaf) :
            state.marked.concat([leaf]);
          save();
          showMarked();
        };
        group.addEventListener("click", toggle);
        group.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
        });
      }
      showMarked();
    }
    for (const node of sheet.inputs) {  // a click on a node in the drawing goes to its box
      const group = groups.get(node);
      const target = inputs.get(`${sheet.mcts ? "visits" : "values"}:${node}`);
      if (group && target && !group.classList.contains("leaf")) {
        group.classList.add("askable");
        group.addEventListener("click", () => target.focus());
      }
    }

    const moveLine = element("p", { class: "move" });
    const moveId = `best-${ex.index}`;
    moveLine.appendChild(element("label", { for: moveId }, "best move "));
    const best = element("select", { id: moveId, class: "best" });
    for (const move of [""].concat(sheet.moves)) best.appendChild(element("option", { value: move }, move || "–"));
    best.value = sheet.moves.includes(state.best) ? state.best : "";
    best.addEventListener("change", () => { state.best = best.value; save(); });
    moveLine.appendChild(best);
    moveLine.appendChild(markCell("best"));
    form.appendChild(moveLine);
    if (sheet.order) {
      const line = element("p", { class: "list" });
      line.appendChild(element("label", {}, "visit order "));
      line.firstChild.appendChild(box("order", "order", undefined, "names, in order", "visit order, names separated by commas"));
      line.appendChild(markCell("order"));
      form.appendChild(line);
    }
    for (const number of sheet.paths) {
      const line = element("p", { class: "list" });
      line.appendChild(element("label", {}, `path of iteration ${number} `));
      line.firstChild.appendChild(box(`paths:${number}`, "paths", number, "names, from the root", `path of iteration ${number}, names separated by commas`));
      line.appendChild(markCell(`path of iteration ${number}`));
      form.appendChild(line);
    }

    const buttons = element("p", { class: "buttons" });
    const button = (text, title, action, type = "button") => {
      const made = element("button", { type, title }, text);
      if (action) made.addEventListener("click", action);
      buttons.appendChild(made);
      return made;
    };
    button("Check", "score every item (Enter in any box)", null, "submit");
    const whyButton = button("Why?", "the first place your answer departs from the search, opened in the player", () => why());
    button("Show the search", "step through the search", () => openPlayer(null));
    button("Download answers", "an answer file tracer grade reads", () => download(`${ex.name}.answers.yaml`, answerFile()));
    button("Download the tree", "the exercise's tree file, without its answer key", () => download(`${ex.name}.yaml`, ex.text));
    button("Clear", "empty every box of this exercise", () => clear());
    form.appendChild(buttons);
    const result = element("p", { class: "score", "aria-live": "polite" });
    form.appendChild(result);
    const explanation = element("p", { class: "why", "aria-live": "polite" });
    form.appendChild(explanation);
    const details = element("details", { class: "items" });
    details.appendChild(element("summary", {}, "items"));
    const list = element("table", { class: "item-list" });
    details.appendChild(list);
    form.appendChild(details);
    const playerSlot = element("div", { class: "player-slot" });
    section.appendChild(playerSlot);
    form.addEventListener("submit", (event) => { event.preventDefault(); check(); });

    let checked = null;
    function check() {
      checked = score(answer());
      const { items } = checked;
      for (const cells of marks.values()) {
        for (const cell of cells) { cell.textContent = ""; cell.className = "mark"; cell.title = ""; cell.removeAttribute("aria-label"); }
      }
      for (const old of graph.querySelectorAll(".verdict")) old.remove();
      for (const [key, shown] of verdicts(items, cellKey)) for (const cell of marks.get(key) || []) showMark(cell, shown);
      for (const [node, shown] of verdicts(items, nodeKey)) {
        const group = groups.get(node);
        if (group) {
          const box = group.getBBox();
          const tick = document.createElementNS(SVG_NS, "text");
          tick.setAttribute("x", String(box.x + box.width + 2));
          tick.setAttribute("y", String(box.y + 12));
          showMark(tick, shown, "verdict");
          const tip = document.createElementNS(SVG_NS, "title");
          tip.textContent = shown.title;
          tick.appendChild(tip);
          graph.appendChild(tick);
        }
      }
      result.textContent = `Score: ${checked.score} / ${checked.max}` +
        (checked.missing ? ` · ${checked.missing} not answered` : "") +
        (checked.score === checked.max ? " · all right" : "");
      result.dataset.score = String(checked.score);
      result.dataset.max = String(checked.max);
      list.replaceChildren();
      for (const item of items) {
        const row = element("tr", { "data-item": item.item, "data-verdict": item.verdict });
        row.appendChild(element("td", {}, item.item));
        row.appendChild(element("td", { class: item.verdict }, item.verdict === "extra" ? "not graded" : item.verdict));
        row.appendChild(element("td", {}, `${item.points}/${item.max}`));
        if (item.note) row.appendChild(element("td", { class: "note" }, item.note));  // not graded, or not read
        list.appendChild(row);
      }
      explanation.textContent = "";
      whyButton.disabled = false;
      updateTotal();
      return checked;
    }

    let player = null;
    function openPlayer(step) {
      if (!ex.player) {
        explanation.textContent = (explanation.textContent ? explanation.textContent + " " : "") +
          "(the step-through player is not on this page: made with --no-player, or the search was too large)";
        return;
      }
      if (player === null) {
        const copy = document.getElementById("player-template").content.firstElementChild.cloneNode(true);
        copy.tabIndex = -1;
        playerSlot.appendChild(copy);
        player = TracerPlayer.mount(copy, ex.player);
      }
      playerSlot.hidden = false;
      if (step !== null) player.showStep(step);
      playerSlot.querySelector(".tracer-player").focus({ preventScroll: true });
      playerSlot.scrollIntoView({ block: "nearest" });
    }

    function why() {
      const done = check();  // the answer as it is now: a box changed since the last Check is scored again
      if (done.first) {
        explanation.textContent = `First departure: ${done.first.why}`;
        explanation.dataset.step = String(done.first.step);
        openPlayer(done.first.step);
      } else {
        explanation.textContent = done.missing ?
          "Everything you gave agrees with the search; fill in the rest." :
          "Everything agrees with the search.";
        delete explanation.dataset.step;
      }
    }

    function clear() {
      for (const key of ["values", "alpha", "beta", "types", "visits", "wins", "paths"]) state[key] = {};
      Object.assign(state, { marked: [], none: false, best: "", order: "" });
      save();
      for (const [key, input] of inputs) { input.value = ""; refreshBox(input, key.split(":")[0]); }
      for (const select of form.querySelectorAll("select")) select.value = "";
      const none = form.querySelector(`#none-${ex.index}`);
      if (none) none.checked = false;
      if (sheet.prunes) showMarked();
      checked = null;
    }

    return { section, check, score: () => checked, answerFile, index: ex.index };
  }

  // ---- the page ----------------------------------------------------------------------------------------------
  // Whether the browser keeps anything for this page: a sandboxed frame (a notebook's) and some file:// pages have
  // no storage, and the page must not promise what it cannot keep.
  function storageWorks() {
    try {
      localStorage.setItem("tracer-practice:probe", "1");
      localStorage.removeItem("tracer-practice:probe");
      return true;
    } catch (error) {
      return false;
    }
  }
  if (!storageWorks()) {
    for (const note of document.querySelectorAll(".page-head .storage")) {
      note.textContent = "Answers are not kept here (this page has no storage): \"Download answers\" saves them, " +
        "as a file tracer grade reads.";
    }
  }
  document.getElementById("page-title").textContent = data.title;
  document.title = data.title;
  const holder = document.getElementById("exercises");
  const index = document.getElementById("index");
  const exercises = data.exercises.map((ex) => {
    const made = Exercise(ex);
    holder.appendChild(made.section);
    const link = element("a", { href: `#exercise-${ex.index}` }, String(ex.index));
    index.appendChild(link);
    made.link = link;
    return made;
  });
  function updateTotal() {
    let score = 0, max = 0, done = 0;
    for (const made of exercises) {
      const result = made.score();
      if (!result) continue;
      score += result.score; max += result.max; done += 1;
      made.link.className = result.score === result.max ? "right" : "wrong";
      made.link.title = `${result.score} / ${result.max}`;
    }
    document.getElementById("total").textContent = done ?  // the title says how many there are
      `checked ${done} of ${exercises.length}: ${score} / ${max}` : "";
  }
  updateTotal();
  // for tests and the curious: each exercise's check() and answerFile(), and the reader of what is typed
  window.tracerPractice = { exercises, reader: { readTyped, parseNumber, parseBounded, parseVector } };
})();
