"""Practice data → one self-contained practice page (an output beside the player, :mod:`.player`): each exercise's
tree drawn as the worksheet draws it, boxes for the answers, "Check", "Why?" (an embedded step-through player), "Show
the search", answers kept in the browser and downloaded as an answer file ``tracer grade`` reads.

The page's script (practice_page.js, beside this module) only reads what is typed and applies the one matching rule;
what each exercise asks and how each item is scored comes in as data (gathered by :mod:`tracer.report.practice`). As
in the player, the data sits in one ``<script type="application/json">`` block (:func:`.html_page.json_for_script`) and
the page is built with ``createElementNS``, ``setAttribute`` and ``textContent`` only; nothing is fetched.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from .html_page import asset, html_document
from .player import HELP, SVG, element_data, player_assets, skeleton


def page_html(title: str, data: dict) -> str:
    """The practice page titled ``title`` around ``data`` (the exercises as the page's script reads them), with the
    player's script and style and its own inlined, in the shared page shell (:mod:`.html_page`)."""
    player_script, player_style = player_assets()
    body = BODY.replace("{player}", skeleton(ids=False, help_text=HELP))
    return html_document(title, player_style + asset("practice_page.css"), body, data,
                         player_script + asset("practice_page.js"), data_id="practice-data")


def drawing_data(svg: bytes) -> dict:
    """A Graphviz SVG as data for the page: the SVG's and the graph's attributes and the graph's elements, each
    node's group named by ``data-node`` (its trace id) instead of an id, so drawings can share a page, and the
    smallest text's size in the drawing's units (``min_font``: the page never draws it smaller than it reads)."""
    root = ElementTree.fromstring(svg)
    graph = root.find(f"{SVG}g")
    children = []
    for child in graph:
        if child.tag == f"{SVG}title":
            continue
        spec = element_data(child)
        part = spec[1].pop("id", "")
        if re.fullmatch(r"n[0-9]+", part):
            spec[1]["data-node"] = part[1:]
        children.append(spec)
    sizes = [float(text.get("font-size")) for text in root.iter(f"{SVG}text") if text.get("font-size")]
    return {"svg": {key: value for key, value in root.attrib.items() if "}" not in key},
            "graph": {key: value for key, value in graph.attrib.items() if key != "id"}, "children": children,
            "min_font": min(sizes, default=14.0)}


BODY = """<main id="practice">
  <header class="page-head">
    <h1 id="page-title"></h1>
    <p class="help">Type each inner node's value (a number such as <code>3</code>, <code>-2</code>,
      <code>3.33</code>, <code>10/3</code> or <code>3 1/3</code>, or a bound such as <code>&lt;=2</code> or
      <code>≥ 3</code>), and leave a node the search never reaches empty (a value there is not graded: it is marked
      –); mark the leaves never examined by clicking them (or Tab to a leaf and press Enter or Space); pick the best
      move. <kbd>Enter</kbd> in any box checks. <span class="storage">Answers stay in this browser; "Download answers"
      saves a file <code>tracer grade</code> reads.</span> The answers are in this page, which checks itself: it is
      for practice, never for marks.</p>
    <p id="total" aria-live="polite"></p>
    <nav id="index" aria-label="exercises"></nav>
  </header>
  <div id="exercises"></div>
</main>
<template id="player-template">{player}</template>
"""
