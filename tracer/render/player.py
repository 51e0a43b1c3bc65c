"""Deck → HTML: one self-contained page that steps through a search (buttons, keys, a slider, play at a chosen
speed, the caption, the step table with the current row marked, links that open at a step: ``#step=12``).

The frames are the deck's own, drawn by Graphviz as SVG. Frames differ in style, never in place, so neither the
drawing nor the page holds every frame whole: each look a part takes (a node, its notes, an edge, a label, the
titles) is drawn once (:class:`Looks`) and stored once (a *variant*), and a frame is the variants that change from
the frame before. The page shows the drawing cropped to the tree, its titles and its key (:func:`shown_box`: the
page writes the caption itself), its smallest text never under :data:`MIN_TEXT_PX`. The page's script builds the
SVG from that data with ``createElementNS``, ``setAttribute`` and ``textContent`` only; the data sits in a
``<script type="application/json">`` block with ``<``, ``>`` and ``&`` escaped, so nothing from the input (a name
such as ``</script><script>alert(1)</script>``) can become markup or run. Nothing is fetched: it works offline from
``file://``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from .deck import Deck
from .dot import scene_graph
from .dot_text import quote
from .engine import run_graphviz_many
from .html_page import asset, html_document, json_for_script, page_script  # noqa: F401 (json_for_script: the
# name other modules import from here)
from .scene import Scene, SceneEdge, SceneNode
from .text_table import step_headers, step_rows
from ..records import replace

SVG = "{http://www.w3.org/2000/svg}"


def player_html(deck: Deck, progress=None) -> str:
    """The player page for ``deck``."""
    return player_page(deck, player_data(deck, progress))


def player_page(deck: Deck, data: dict) -> str:
    """The player page for ``deck`` from its :func:`player_data` (the shared page shell: :mod:`.html_page`)."""
    title = f"{deck.frames[-1].scene.title}: {deck.trace.title}"
    script, style = player_assets()
    return html_document(title, style, f'<main id="player">\n{skeleton()}\n</main>', data, script + MOUNT,
                         data_id="trace-data")


# A part of a Graphviz SVG drawing: a node's or an edge's group, one level under the graph's (Graphviz never nests
# them); its text is the variant's key.
_PART = re.compile(r'<g id="([^"]+)" class="([^"]*)">\n(.*?)</g>\n', re.S)


def player_data(deck: Deck, progress=None) -> dict:
    """What the page's script needs: the SVG's frame, the parts in drawing order, each part's variants, each
    frame's captions, step numbers and the variants it changes, and the step table. Each look a part takes is
    drawn once (see :class:`Looks`), not once per frame."""
    return players_data([deck], progress)[0]


def players_data(decks: list[Deck], progress=None) -> list[dict]:
    """:func:`player_data` for each of ``decks``, their looks drawn by Graphviz in one batch (a practice page's
    players: a few processes for them all, not a few each). ``progress(n)`` as ``n`` more frames are done."""
    return players_and_drawings(decks, [], progress)[0]


def players_and_drawings(decks: list[Deck], sources: list[str], progress=None) -> tuple[list[dict], list[bytes]]:
    """:func:`players_data` for ``decks``, and the SVG of each of ``sources`` (pinned DOT, as :func:`.dot.scene_to_dot`
    writes it: a practice page's worksheets), all drawn in the same batch of Graphviz runs (a process costs more
    to start than a small drawing costs to draw: without ``progress`` to report, one process per CPU)."""
    looks = [Looks(deck) for deck in decks]
    layers = [source for look in looks for source in look.sources()]
    if not layers and not sources:
        return [], []
    frames = sum(len(deck.frames) for deck in decks)
    count = len(sources) + len(layers)
    done = None if progress is None else _share(progress, count, frames)
    drawn = iter(run_graphviz_many([*sources, *layers], count, "svg", progress=done, held=progress is None))
    others = [next(drawn) for _ in sources]
    return [look.data([next(drawn) for _ in look.layers]) for look in looks], others


def _share(progress, drawings: int, frames: int):
    """``progress`` told of frames as drawings (fewer) are done: the frames in proportion."""
    told = [0, 0]

    def done(count: int) -> None:
        told[0] += count
        now = told[0] * frames // drawings
        progress(now - told[1])
        told[1] = now
    return done


class Looks:
    """The looks a deck's parts take over its frames, and the drawings that show each once.

    A frame differs from the next in style only, and in a few parts: a node's look (its colour, value, notes,
    outline), an edge's, the titles'. Each part's looks are told apart on the scene (its :class:`.scene.SceneNode`
    or :class:`.scene.SceneEdge`; an edge with the outlines of its two ends, which Graphviz clips it to: see
    :func:`outline`), and put in *layers*: a layer holds at most one look of each part, an edge's with ends of its
    outlines, and is drawn as one scene (the deck's layout and page, as a frame is). So Graphviz draws every look
    about once, in about as many drawings as the part with the most looks needs, rather than every part of every
    frame; a frame is then the look of each part."""

    def __init__(self, deck: Deck):
        self.deck = deck
        self.heads: list[tuple] = []  # the titles and the key: (title, subtitle, notes, legend)
        self.nodes: dict[str, list[SceneNode]] = {}
        self.outlines: dict[str, list[SceneNode]] = {}  # each node's outlines
        self.outline_of: dict[str, list[int]] = {}  # each node's looks' outlines
        self.edges: dict[tuple[str, str], list[tuple[SceneEdge, int, int]]] = {}
        self.frames: list[tuple[int, list[int], list[int]]] = []  # each frame: its head's, nodes' and edges' looks
        last: tuple[int, list[int], list[int]] | None = None
        before: list[SceneNode] = []
        for frame in deck.frames:
            scene = frame.scene
            head = _look(self.heads, (scene.title, scene.subtitle, tuple(scene.notes), tuple(scene.legend)),
                         last and last[0])
            if len(before) != len(scene.nodes):
                nodes = [self._node(node, None) for node in scene.nodes]
            else:  # (the frame before's node, most often: a deck's frames share their unchanged nodes)
                nodes = [look if node is was else self._node(node, look)
                         for node, was, look in zip(scene.nodes, before, last[1])]
            before = scene.nodes
            ends = {node.id: self.outline_of[node.id][look] for node, look in zip(scene.nodes, nodes)}
            edges = [_look(self.edges.setdefault((edge.tail, edge.head), []),
                           (edge, ends.get(edge.tail, -1), ends.get(edge.head, -1)), last and last[2][i])
                     for i, edge in enumerate(scene.edges)]
            last = (head, nodes, edges)
            self.frames.append(last)
        self.layers = self._pack()

    def _node(self, node: SceneNode, previous: int | None) -> int:
        looks = self.nodes.setdefault(node.id, [])
        count = len(looks)
        look = _look(looks, node, previous)
        if look == count:
            self.outline_of.setdefault(node.id, []).append(_look(self.outlines.setdefault(node.id, []),
                                                                 outline(node), None))
        return look

    def _pack(self) -> list[_Layer]:
        """The looks in layers: each node's look in the first with room for it, then each edge's look where its
        ends have its outlines (or have room for a look of that outline), then the heads."""
        layers: list[_Layer] = []

        def fitting(fits, score=lambda layer: 0) -> _Layer:
            best, found = None, -1
            for layer in layers:
                if fits(layer) and score(layer) > found:
                    best, found = layer, score(layer)
            if best is None:
                best = _Layer()
                layers.append(best)
            return best

        for node_id, looks in self.nodes.items():
            for look in range(len(looks)):
                fitting(lambda layer: node_id not in layer.nodes).nodes[node_id] = look
        for key, looks in self.edges.items():
            ends = [(node_id, self.outline_of.get(node_id, [])) for node_id in key]

            def has(layer, end, outline) -> bool:  # the end drawn in the layer with this outline (-1: not drawn)
                node_id, outlines = end
                return layer.nodes.get(node_id, -2) >= 0 and outlines[layer.nodes[node_id]] == outline or \
                    layer.nodes.get(node_id, -2) == outline == -1
            for look, (_, *outlines) in enumerate(looks):
                layer = fitting(lambda layer: key not in layer.edges and all(
                    end[0] not in layer.nodes or has(layer, end, wanted) for end, wanted in zip(ends, outlines)),
                    lambda layer: sum(end[0] in layer.nodes for end in ends))
                layer.edges[key] = look
                for (node_id, outlines_of), wanted in zip(ends, outlines):
                    if node_id not in layer.nodes:  # the first look with that outline
                        layer.nodes[node_id] = outlines_of.index(wanted) if wanted >= 0 else -1
        for head in range(len(self.heads)):
            fitting(lambda layer: layer.head is None).head = head
        return layers

    def sources(self) -> list[str]:
        """Each layer's DOT: a scene of its looks, on the deck's layout and page, its parts in the frames' order
        (so that Graphviz draws them in the order it draws a frame's). A node's statement (a shape, its notes, its
        name, an edge's label, the titles) that an earlier layer has drawn is left out, its drawing taken from
        there (:attr:`left_out`): a node's looks often differ in one part only (its value, not its name or notes), and
        a layer holds the titles of the first frame again. An edge's end an earlier layer drew stays, for Graphviz clips
        the edge to it, but without its text (:func:`outline_only`): measuring and writing text is most of
        Graphviz's work."""
        node_order = {node_id: i for i, node_id in enumerate(self.nodes)}
        edge_order = {key: i for i, key in enumerate(self.edges)}
        sources, drawn = [], set()
        self.statements: list[dict[str, str]] = []  # each layer: its nodes' parts' statements, in the DOT's order
        self.left_out: list[set[str]] = []  # each layer: the parts whose statements an earlier layer drew
        for layer in self.layers:
            title, subtitle, notes, legend = self.heads[layer.head or 0]
            nodes = [self.nodes[node_id][look] for node_id, look in sorted(layer.nodes.items(),
                                                                           key=lambda item: node_order[item[0]])
                     if look >= 0]
            edges = [self.edges[key][look][0] for key, look in sorted(layer.edges.items(),
                                                                      key=lambda item: edge_order[item[0]])]
            scene = Scene(title, subtitle, list(notes), nodes, edges, list(legend), caption="")
            graph = scene_graph(scene, self.deck.layout, self.deck.page)
            parts = {quote(part): part for _, ids in layer.parts(self) for part in ids}
            ends = {quote(end) for key in layer.edges for end in key}
            body, statements, left_out = [], {}, set()
            for statement in graph.body:
                part = parts.get(statement[1:].split(" ", 1)[0])  # (a node's statement: its name, then " [")
                if part is None or statement[1:].startswith(f"{quote(part)} -> "):
                    body.append(statement)  # (the graph's settings, the frame's corners, an edge)
                    continue
                statements[part] = statement
                if statement in drawn:
                    left_out.add(part)
                    if quote(part) in ends:  # (Graphviz clips an edge to its ends: the shape stays, its text need not)
                        body.append(outline_only(statement))
                else:
                    body.append(statement)
                    drawn.add(statement)
            graph.body = body
            sources.append(graph.source)
            self.statements.append(statements)
            self.left_out.append(left_out)
        return sources

    def data(self, svgs: list[bytes]) -> dict:
        """The player's data from the layers' drawings."""
        root = ElementTree.fromstring(_PART.sub("", svgs[0].decode("utf-8")))  # (the SVG's frame: its parts are read
        # as variants, :meth:`_variants`)
        graph = root.find(f"{SVG}g")
        svg_attrs = {key: value for key, value in root.attrib.items() if "}" not in key}
        background = [element_data(child) for child in graph if child.tag not in (f"{SVG}g", f"{SVG}title")]
        order, variants, shown = self._variants(svgs)
        view = shown_box(self.deck, graph.attrib.get("transform", ""))  # the same in every layer: the deck's page
        svg_attrs = {key: value for key, value in svg_attrs.items() if key not in ("width", "height")}
        svg_attrs["viewBox"] = " ".join(str(round(number, 2)) for number in view)  # SVG units, as Graphviz's
        return {
            "title": self.deck.frames[-1].scene.title,
            "svg": svg_attrs, "graph": dict(graph.attrib), "background": background,
            "order": order, "variants": variants, "frames": self._changes(order, shown),
            "min_font": _smallest_text(variants, _placement(graph.attrib.get("transform", ""))[0]),
            "steps_height": steps_height(len(self.deck.trace.events)), "min_text_px": MIN_TEXT_PX,
            "table": {"headers": list(step_headers(self.deck.trace)),
                      "rows": [list(row) for row in step_rows(self.deck.trace)]},
        }

    def _variants(self, svgs: list[bytes]) -> tuple[list[str], list, dict[tuple, dict[str, int]]]:
        """The parts in drawing order, each variant once (as data: :func:`element_data`), and each look's parts'
        variants, from the layers' drawings. A part a layer leaves out (:meth:`sources`) has the variant an earlier
        layer drew of its statement, and stands in the layer's order where Graphviz would have drawn it: Graphviz
        draws the edges first, then the nodes in their statements' order."""
        order: list[str] = []
        placed: set[str] = set()
        variants: list = []
        index: dict[str, int] = {}
        shown: dict[tuple, dict[str, int]] = {}  # a look -> its parts' variants
        drawn_as: dict[str, int] = {}  # a part's statement -> its variant
        for layer, drawn, statements, left_out in zip(self.layers, svgs, self.statements, self.left_out):
            found = {part: (classes, body) for part, classes, body in _PART.findall(drawn.decode("utf-8"))}
            assert [part for part in found if part in statements] == [part for part in statements if part in found]
            parts, previous, new = {}, None, []
            for part in [*(part for part in found if part not in statements), *statements]:
                if part in left_out:
                    if statements[part] in drawn_as:  # (an invisible part is not drawn: it has no variant)
                        parts[part] = drawn_as[statements[part]]
                        previous = part
                    continue
                if part not in found:
                    continue  # (invisible)
                classes, body = found[part]
                assert "<g" not in body, "Graphviz draws each node and edge as one flat group"
                if part not in placed:  # a part this layer draws first: after the part drawn before it here
                    order.insert(order.index(previous) + 1 if previous is not None else 0, part)
                    placed.add(part)
                key = f"{part} {classes}\n{body}"
                if key not in index:
                    index[key] = len(variants) + len(new)
                    new.append(f'<g id="{part}" class="{classes}">{body}</g>')
                parts[part] = index[key]
                previous = part
            if new:  # (parsed together: one parser per layer, not one per variant)
                group = ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(new)}</svg>')
                variants.extend(element_data(element) for element in group)
            drawn_as.update((statement, parts[part]) for part, statement in statements.items()
                            if part in found)
            for look, ids in layer.parts(self):
                shown[look] = {part: parts.pop(part) for part in ids if part in parts}
            assert not parts, f"parts of no look: {sorted(parts)}"
        return order, variants, shown

    def _changes(self, order: list[str], shown: dict[tuple, dict[str, int]]) -> list[dict]:
        """Each frame: its step, its caption and the parts whose variant it changes (slot, variant, …, in slot
        order; -1: not drawn). A frame with the parts of the frame before changes only those of the looks that
        differ (a part is one look's: a node's, an edge's or the titles')."""
        slot = {part: i for i, part in enumerate(order)}
        drawn = {look: [(slot[part], variant) for part, variant in parts.items()] for look, parts in shown.items()}
        frames, showing, before = [], [-1] * len(order), ((), [])
        for frame, (head, nodes, edges) in zip(self.deck.frames, self.frames):
            scene = frame.scene
            keyed = (("head",), *(("node", node.id) for node in scene.nodes),
                     *(("edge", (edge.tail, edge.head)) for edge in scene.edges))
            now = [head, *nodes, *edges]
            if keyed == before[0]:
                shows, touched = list(showing), set()
                for key, was, look in zip(keyed, before[1], now):
                    if was != look:
                        for part, _ in drawn.get((*key, was), ()):
                            shows[part] = -1
                            touched.add(part)
                        for part, variant in drawn.get((*key, look), ()):
                            shows[part] = variant
                            touched.add(part)
                slots = sorted(touched)
            else:
                shows, slots = [-1] * len(order), range(len(order))
                for key, look in zip(keyed, now):
                    for part, variant in drawn.get((*key, look), ()):
                        shows[part] = variant
            changes = [number for i in slots if showing[i] != shows[i] for number in (i, shows[i])]
            showing, before = shows, (keyed, now)
            frames.append({"step": frame.step, "caption": frame.caption, "changes": changes})
        return frames


MIN_TEXT_PX = 14  # CSS px: the tree's smallest text on screen, never less (player.js's sizeTree)
SHOWN_MARGIN = 10.0  # points of white the player keeps around the tree, its titles and its key
STEP_ROW, STEPS_PANEL = 26, 320  # px: a row of the step table, about; the most its panel under the tree takes


def shown_box(deck: Deck, transform: str) -> tuple[float, float, float, float]:
    """What of the slide the player shows, as an SVG viewBox (x, y, width, height in the SVG's units): the tree,
    its titles and its key, with :data:`SHOWN_MARGIN` around them; not the slide's white beside them, nor the room
    kept for the caption, which the page writes itself. Graphviz draws the deck's frame (in points, y up) at
    ``transform`` (``scale(s s) rotate(0) translate(x y)``)."""
    scale, shift_x, shift_y = _placement(transform)
    page, box = deck.page, deck.layout.tree.union(deck.page.title)
    if page.legend is not None:
        box = box.union(page.legend)
    left, top = box.left - SHOWN_MARGIN - page.frame.left, page.frame.bottom - box.top - SHOWN_MARGIN
    return (scale * (left + shift_x), scale * (top + shift_y),
            scale * (box.width + 2 * SHOWN_MARGIN), scale * (box.height + 2 * SHOWN_MARGIN))


def _placement(transform: str) -> tuple[float, float, float]:
    """The scale and the shift of Graphviz's ``scale(s s) rotate(0) translate(x y)``."""
    numbers = [float(number) for number in re.findall(r"-?[0-9.]+", transform)]
    return numbers[0], numbers[-2], numbers[-1]


def _smallest_text(variants: list, scale: float) -> float:
    """The smallest font size any part writes, in the SVG's units (the graph's ``scale`` applied)."""
    sizes = []

    def visit(spec) -> None:
        tag, attrs, _, children = spec
        if tag == "text" and "font-size" in attrs:
            sizes.append(float(attrs["font-size"]))
        for child in children:
            visit(child)
    for variant in variants:
        visit(variant)
    return min(sizes, default=14.0) * scale


def steps_height(rows: int) -> int:
    """The step table's panel under the tree, in px: its rows, up to :data:`STEPS_PANEL` (it scrolls beyond)."""
    return min(STEPS_PANEL, (rows + 1) * STEP_ROW + 4)


class _Layer:
    """One drawing of :class:`Looks`: at most one look of each part (a node's, an edge's, the head's)."""

    def __init__(self):
        self.head: int | None = None
        self.nodes: dict[str, int] = {}  # -1: the node is not in the scene (an edge's end it does not draw)
        self.edges: dict[tuple[str, str], int] = {}

    def parts(self, looks: Looks):
        """Each look this layer draws, with the ids of the parts Graphviz draws for it (:mod:`.dot`'s names)."""
        yield ("head", self.head or 0), ("title", "legend")  # a layer without a look of its own draws the first
        for node_id, look in self.nodes.items():
            if look >= 0:
                yield ("node", node_id, look), (node_id, f"{node_id}_notes", f"{node_id}_name")
        for (tail, head), look in self.edges.items():
            yield ("edge", (tail, head), look), (f"{tail}_{head}_edge", f"{tail}_{head}_label")


def outline(node: SceneNode) -> SceneNode:
    """What of a node's look an edge to it depends on: Graphviz clips the edge to the node's outline. A shape
    (:mod:`.dot` pins each at a fixed size) keeps its outline whatever its texts and colours say: only its kind,
    its outlines (current, flagged) and their pen (emphasis) and dashes change it. A board is a table as large as
    what it writes: all of it counts. Tested: a deck's frames rebuilt from its looks are its frames as drawn whole."""
    if node.kind == "board":
        return node
    return replace(node, name="", value="", notes=[], head="", window="", fill="", faded=False, hidden=False)


def outline_only(statement: str) -> str:
    """A node's DOT statement (``name [label=… …]``, as :mod:`.dot_text` writes it: the label first) without its
    text, where the shape keeps its outline without it (pinned at a fixed size: :func:`.dot._pin`), for Graphviz to
    clip edges to; else the statement as it is (a board: a table as large as what it writes)."""
    head, _, rest = statement.partition(" [label=")
    if not rest:
        return statement
    end = _label_end(rest)
    stripped = f'{head} [label=""{rest[end:]}'
    return stripped if " fixedsize=true" in rest[end:] else statement


def _label_end(text: str) -> int:
    """Where the DOT label at the start of ``text`` ends: an HTML-like ``<…>`` (its brackets balanced: its text's
    own are entities) or a double-quoted string (its quotes escaped)."""
    if text[0] == "<":
        depth = 0
        for i, char in enumerate(text):
            depth += (char == "<") - (char == ">")
            if depth == 0:
                return i + 1
    escaped = False
    for i, char in enumerate(text[1:], 1):
        if char == '"' and not escaped:
            return i + 1
        escaped = char == "\\" and not escaped
    return len(text)


def _look(looks: list, value, previous: int | None) -> int:
    """The index of ``value`` among ``looks`` (appended if new); ``previous``, the last frame's, is tried first (most
    often the very object: a deck's frames share their unchanged nodes, :class:`.scene.FrameScenes`)."""
    if previous is not None and (looks[previous] is value or looks[previous] == value):
        return previous
    for i, look in enumerate(looks):
        if look == value:
            return i
    looks.append(value)
    return len(looks) - 1


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
    <div class="view">
      <figure id="tree" class="tree" aria-live="polite"></figure>
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
    </div>
    <aside id="steps" class="steps"><table id="table" class="table"><thead></thead><tbody></tbody></table></aside>
  </div>
  <p id="help" class="help">{help}</p>
</div>"""
HELP = "← → step · Home End first and last · space play/pause · click a row of the table"


def skeleton(ids: bool = True, help_text: str = HELP + " · link to a step: <code>#step=N</code>") -> str:
    """A player's markup (no data: player.js fills it); without ``ids`` for a page of several players."""
    markup = SKELETON.replace("{help}", help_text)
    return markup if ids else re.sub(r' id="[^"]*"', "", markup)


def player_assets() -> tuple[str, str]:
    """The player's script (the shared builders, html_page.js, then player.js) and player.css, for a page that
    embeds players."""
    return page_script("player.js"), asset("player.css")


# The player's own page: one player, steered by keys anywhere on the page, following #step=N.
MOUNT = """
TracerPlayer.mount(document.getElementById("player"), TracerPage.data("trace-data"), {keys: document, hash: true});
"""
