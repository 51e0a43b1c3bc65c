// The builders every tracer page makes its elements with (see tracer/render/html_page.py): createElement(NS),
// setAttribute and textContent only, so nothing from a page's data is ever parsed as markup.
window.TracerPage = (function () {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";

  // An HTML element with attributes and text.
  function element(tag, attrs = {}, text = "") {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) made.setAttribute(name, value);
    if (text) made.textContent = text;
    return made;
  }

  // An SVG element from its data [tag, {attribute: value}, text, [children]] (player.py's element_data); with
  // `ids` false, Graphviz's ids become data-part, so that several drawings share a page.
  function svg(spec, ids = true) {
    const [tag, attrs, text, children] = spec;
    const made = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attrs)) made.setAttribute(name === "id" && !ids ? "data-part" : name, value);
    if (text) made.textContent = text;
    for (const child of children) made.appendChild(svg(child, ids));
    return made;
  }

  // The page's data: its JSON block (html_page.py's json_for_script), parsed.
  function data(id) {
    return JSON.parse(document.getElementById(id).textContent);
  }

  return { SVG_NS, element, svg, data };
})();
