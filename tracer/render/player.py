"""Deck → HTML: one self-contained page that steps through a search (buttons, keys, a slider, play at a chosen
speed, the caption, the step table with the current row marked, links that open at a step: ``#step=12``).

The frames are the deck's own, drawn by Graphviz as SVG. Frames differ in style, never in place, so the page does
not hold every frame whole: each drawn part (a node, its notes, an edge, a label, the caption) is stored once per
different look it takes (a *variant*), and a frame is the list of variants it shows. The page's script builds the
SVG from that data with ``createElementNS``, ``setAttribute`` and ``textContent`` only; the data sits in a
``<script type="application/json">`` block with ``<``, ``>`` and ``&`` escaped, so nothing from the input (a name
such as ``</script><script>alert(1)</script>``) can become markup or run. Nothing is fetched: it works offline from
``file://``.
"""

from __future__ import annotations

import html
import itertools
import json
import re
import xml.etree.ElementTree as ElementTree
from importlib import resources

from .deck import Deck
from .drawing import draw_deck
from .text_table import step_headers, step_rows

SVG = "{http://www.w3.org/2000/svg}"


def player_html(deck: Deck, progress=None) -> str:
    """The player page for ``deck``."""
    data = player_data(deck, draw_deck(deck, "svg", progress=progress))
    title = f"{deck.frames[-1].scene.title}: {deck.trace.title}"
    script, style = player_assets()
    return PAGE.format(title=html.escape(title), style=style, script=script, data=json_for_script(data),
                       skeleton=skeleton())


def json_for_script(data) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` (they are written as ``\\u003c``
    and so on, which JSON.parse reads back), so no ``</script>`` or ``<!--`` can end or bend the block."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# A part of a Graphviz SVG drawing: a node's or an edge's group, one level under the graph's (Graphviz never nests
# them); its text is the variant's key, and only the first frame with a given text is parsed.
_PART = re.compile(r'<g id="([^"]+)" class="([^"]*)">\n(.*?)</g>\n', re.S)


def player_data(deck: Deck, svgs) -> dict:
    """What the page's script needs: the SVG's frame, the parts in drawing order, each part's variants, each
    frame's variants, captions and step numbers, and the step table."""
    order: list[str] = []
    variants: list = []
    index: dict[str, int] = {}
    frames = []
    svgs = iter(svgs)  # each frame's SVG is parsed as it is drawn, and let go
    first = next(svgs)
    root = ElementTree.fromstring(first)
    graph = root.find(f"{SVG}g")
    svg_attrs = {key: value for key, value in root.attrib.items() if "}" not in key}
    background = [element_data(child) for child in graph if child.tag not in (f"{SVG}g", f"{SVG}title")]
    for frame, drawn in zip(deck.frames, itertools.chain([first], svgs)):
        parts, previous = {}, None
        for part, classes, body in _PART.findall(drawn.decode("utf-8")):
            if part == "caption":
                continue  # the page writes the caption itself, larger, as text
            assert "<g" not in body, "Graphviz draws each node and edge as one flat group"
            if part not in order:  # a part this frame draws first: after the part drawn before it here
                order.insert(order.index(previous) + 1 if previous is not None else 0, part)
            key = f"{part} {classes}\n{body}"
            if key not in index:
                index[key] = len(variants)
                group = ElementTree.fromstring(f'<g xmlns="http://www.w3.org/2000/svg" id="{part}" '
                                               f'class="{classes}">{body}</g>')
                variants.append(element_data(group))
            parts[part] = index[key]
            previous = part
        frames.append({"step": frame.step, "caption": frame.caption, "current": frame.current, "parts": parts})
    labels = {f"n{node.id}": label for node, label in zip(deck.trace.nodes, _labels(deck))}
    for frame in frames:
        parts = frame["parts"]
        frame["parts"] = [parts.get(part, -1) for part in order]
        frame["node"] = labels.get(frame["current"], "")
    return {
        "title": deck.frames[-1].scene.title,
        "svg": svg_attrs, "graph": dict(graph.attrib), "background": background,
        "order": order, "variants": variants, "frames": frames,
        "table": {"headers": list(step_headers(deck.trace)), "rows": [list(row) for row in step_rows(deck.trace)]},
    }


def _labels(deck: Deck) -> list[str]:
    from ..view import TraceView

    view = TraceView(deck.trace, 0)
    return [view.label(node.id) for node in deck.trace.nodes]


def element_data(element) -> list:
    """An SVG element as data: ``[tag, {attribute: value}, text, [children]]`` (SVG's own attributes only)."""
    tag = element.tag.replace(SVG, "")
    attrs = {key: value for key, value in element.attrib.items() if "}" not in key}
    return [tag, attrs, (element.text or "").strip("\n") if tag == "text" else "",
            [element_data(child) for child in element if child.tag != f"{SVG}title"]]  # Graphviz's ids as tooltips


# One player's parts, found by class (player.js's mount); the ids serve the player's own page (links, tests) and
# are left out where several players share a page (:func:`skeleton`).
SKELETON = """<div class="tracer-player">
  <header><h1 id="title" class="title screen-reader"></h1></header>
  <div id="stage" class="stage">
    <figure id="tree" class="tree" aria-live="polite"></figure>
    <aside id="steps" class="steps"><table id="table" class="table"><thead></thead><tbody></tbody></table></aside>
  </div>
  <p id="caption" class="caption" aria-live="polite"></p>
  <nav id="controls" class="controls" aria-label="steps">
    <button type="button" id="first" class="first" title="first step (Home)" aria-label="first step">|◀</button>
    <button type="button" id="previous" class="previous" title="previous step (←)" aria-label="previous step">◀</button>
    <button type="button" id="play" class="play" title="play or pause (space)" aria-label="play">▶ play</button>
    <button type="button" id="next" class="next" title="next step (→)" aria-label="next step">▶</button>
    <button type="button" id="last" class="last" title="last step (End)" aria-label="last step">▶|</button>
    <input type="range" id="slider" class="slider" min="0" value="0" aria-label="step">
    <span id="position" class="position"></span>
    <label>speed <select id="speed" class="speed" aria-label="speed">
      <option value="2000">0.5×</option><option value="1000" selected>1×</option>
      <option value="500">2×</option><option value="250">4×</option>
    </select></label>
  </nav>
  <p id="help" class="help">{help}</p>
</div>"""
HELP = "← → step · Home End first and last · space play/pause · click a row of the table"


def skeleton(ids: bool = True, help_text: str = HELP + " · link to a step: <code>#step=N</code>") -> str:
    """A player's markup (no data: player.js fills it); without ``ids`` for a page of several players."""
    markup = SKELETON.replace("{help}", help_text)
    return markup if ids else re.sub(r' id="[^"]*"', "", markup)


def player_assets() -> tuple[str, str]:
    """player.js and player.css, for a page that embeds players."""
    files = resources.files(__package__)
    return (files.joinpath("player.js").read_text(encoding="utf-8"),
            files.joinpath("player.css").read_text(encoding="utf-8"))


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tracer">
<title>{title}</title>
<style>
{style}
</style>
</head>
<body>
<main id="player">
{skeleton}
</main>
<script type="application/json" id="trace-data">{data}</script>
<script>
{script}
TracerPlayer.mount(document.getElementById("player"), JSON.parse(document.getElementById("trace-data").textContent),
                   {{keys: document, hash: true}});
</script>
</body>
</html>
"""
