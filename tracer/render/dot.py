"""Scene + layout → DOT source: the Graphviz printer. Pure: builds text (:mod:`.dot_text`) and never runs
Graphviz (see :mod:`.engine`). Every decision about what to show was made in the scene and every position in the
layout; this only chooses DOT's words (shapes, colours, HTML-like labels) and pins each thing where the layout put
it, for ``neato -n2`` to draw as placed: shapes, the notes beside them, edge labels, the titles above the tree,
the caption under it and the key on its right.
"""

from __future__ import annotations

from ..text import marked_parts
from .dot_text import Digraph, html_escaped
from .layout import (
    BOARD_FONT, BOARD_GAP, BOARD_PAD, PERIPHERY, Box, Layout, board_size, board_text, cut_mark_written, cut_note,
)
from .page import Page, caption_at, legend_grid, legend_lines, page_of, titles_on
from .scene import BOXES, DASHED_BOXES, NODE_TYPES, Scene, SceneEdge, SceneNode
from .style import (
    BEST, CAPTION_SIZE, CUT, EDGE_SIZE, FADED, FILL, FONT, INK, KEY_SIZE, LEAF_FILL, MARK, NAME_SIZE, NOTE, NOTE_SIZE,
    SHADE,
)

SHAPE = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box",}


def text(value) -> str:
    """User text (names, moves, titles) for an HTML-like label: never markup, and a backslash stays a backslash
    (Graphviz reads a backslash in a label as an escape, even in an HTML-like one: ``\\N``, ``\\G`` and ``\\L``
    would become the node's or graph's name; ``\\\\`` is one backslash)."""
    return "".join(piece if marked else html_escaped(piece).replace("\\", "\\\\")
                   .replace("\n", '<BR ALIGN="CENTER"/>') for piece, marked in marked_parts(str(value), "html"))


def scene_to_dot(scene: Scene, layout: Layout, page: Page | None = None, dpi: int | None = None) -> str:
    """The DOT source that draws ``scene`` at ``layout``'s places (for ``neato -n2``). ``page`` fixes the frame
    (default: the scene's own); ``dpi`` sets a bitmap's resolution."""
    return scene_graph(scene, layout, page, dpi).source


def scene_graph(scene: Scene, layout: Layout, page: Page | None = None, dpi: int | None = None) -> Digraph:
    """:func:`scene_to_dot`'s graph, statement by statement (a player leaves out those it has drawn already)."""
    page = page or page_of(scene, layout)
    graph = new_graph(page.pad, dpi, page.size)
    frame_corners(graph, page.frame)
    _titles(graph, scene, page)
    draw_tree(graph, scene, layout)
    if scene.legend and page.legend is not None:
        _legend(graph, layout.key(scene.legend), page.legend, page.legend_columns)
    return graph


def new_graph(pad: float, dpi: int | None = None, size: tuple[float, float] | None = None) -> Digraph:
    """A graph with the drawing's defaults, ``pad`` inches of white around it; ``size`` (inches): scaled to it
    exactly (a PDF page's size, a PNG's pixels at ``dpi``)."""
    graph = Digraph(name="trace")
    attrs = dict(bgcolor="white", pad=f"{pad:g}", outputorder="edgesfirst")  # neato -n2 draws straight edges
    if dpi is not None:
        attrs["dpi"] = f"{dpi:g}"
    if size is not None:
        attrs.update(size=f"{size[0]:.4f},{size[1]:.4f}!", margin="0")
    graph.attr("graph", **attrs)
    graph.attr("node", fontname=FONT, fontsize="12", color=INK, fontcolor=INK, style="filled", penwidth="1.2")
    graph.attr("edge", fontname=FONT, fontsize="10", color=INK, fontcolor=INK, arrowsize="0.6")
    return graph


def draw_tree(graph: Digraph, scene: Scene, layout: Layout) -> None:
    """The scene's nodes, their notes, its edges and their labels, each pinned where ``layout`` put it."""
    for node in scene.nodes:
        box = layout.shapes.get(node.id)
        if box is None:
            continue  # not in this layout (a frame's node the final drawing does not have)
        hide = dict(style="invis") if node.hidden else {}
        if node.id in layout.names:  # (a slide's triangle: its name beside it)
            _name_beside(graph, node, layout.names[node.id], hide)
        lift = layout.label_lift(node)
        node = layout.written(node)
        graph.node(node.id, **{**_node_attributes(node, box, lift), "id": node.id, **hide})
        lines = layout.note_lines(node)
        if lines and node.id in layout.notes:
            graph.node(f"{node.id}_notes", **{**_notes_attributes(node, lines, layout.notes[node.id]),
                                              "id": f"{node.id}_notes", **hide})
    boards = {node.id for node in scene.nodes if node.kind == "board"}
    for edge in scene.edges:
        if edge.tail in layout.shapes and edge.head in layout.shapes:
            attrs, label = _edge_attributes(edge, cut_mark_written(layout.terse))
            attrs.update(_board_ports(edge, boards))
            hide = dict(style="invis") if edge.hidden else {}
            name = f"{edge.tail}_{edge.head}"
            graph.edge(edge.tail, edge.head, **{**attrs, "id": f"{name}_edge", **hide})
            if label:
                x, y = layout.label_point(edge.tail, edge.head)
                graph.node(f"{name}_label", **{**label, "pos": f"{x:.2f},{y:.2f}!", "id": f"{name}_label", **hide})


def _name_beside(graph: Digraph, node: SceneNode, box: Box, hide: dict) -> None:
    """A node's name written beside its shape where the layout put it (on a slide)."""
    colour = FADED if node.faded else INK
    graph.node(f"{node.id}_name", **{"shape": "plain", "style": "", "fontsize": f"{NAME_SIZE:g}",
                                     "fontcolor": colour, "label": f"<{text(node.name)}>", "id": f"{node.id}_name",
                                     **_pin(box, fixed=False), **hide})


def _board_ports(edge: SceneEdge, boards: set[str]) -> dict[str, str]:
    """An edge leaves a board at its bottom centre and enters one at its top centre (as :func:`.tikz._boundary`
    draws it): a wide board's edges otherwise meet it on its side, towards the far children."""
    return {**({"tailport": "s"} if edge.tail in boards else {}), **({"headport": "n"} if edge.head in boards else {})}


def _pin(box: Box, fixed: bool = True) -> dict[str, str]:
    """Pin a node's centre; a shape (``fixed``) also gets its size, a block of text keeps its label's."""
    if not fixed:
        return dict(pos=f"{box.x:.2f},{box.y:.2f}!")
    return dict(pos=f"{box.x:.2f},{box.y:.2f}!", width=f"{box.width / 72:.4f}", height=f"{box.height / 72:.4f}",
                fixedsize="true")


def frame_corners(graph, frame: Box) -> None:
    """Two invisible points at the frame's corners: every drawing of a deck then has the same size."""
    inset = 0.36  # half the point's size: Graphviz's bounding box then meets the frame exactly
    for name, x, y in (("frame_low", frame.left + inset, frame.bottom + inset),
                       ("frame_high", frame.right - inset, frame.top - inset)):
        graph.node(name, label="", shape="point", style="invis", width="0.01", height="0.01",
                   pos=f"{x:.2f},{y:.2f}!")


def _titles(graph, scene: Scene, page: Page) -> None:
    rows = []
    for line, size, bold in titles_on(scene, page):
        content = f"<B>{text(line)}</B>" if bold else text(line)
        rows.append(f'<TR><TD><FONT POINT-SIZE="{size:g}">{content}</FONT></TD></TR>')
    graph.node("title", id="title", shape="plain", style="", **_pin(page.title, fixed=False),
               label=f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">{"".join(rows)}</TABLE>>')
    if scene.caption and page.caption is not None:
        lines = scene.caption.split("\n")
        align = ' ALIGN="RIGHT"' if page.caption_flush else ""
        rows = "".join(f"<TR><TD{align}><I>{text(line)}</I></TD></TR>" for line in lines)
        graph.node("caption", id="caption", shape="plain", style="", fontsize=f"{CAPTION_SIZE:g}",
                   **_pin(caption_at(page, lines), fixed=False),
                   label=f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">{rows}</TABLE>>')


def _node_attributes(node: SceneNode, box: Box, lift: float = 0.0) -> dict[str, str]:
    attrs = _pin(box)
    if node.kind in BOXES:
        ink = {} if node.kind == "playout" else {"color": FADED, "fontcolor": FADED}
        attrs.update(label=f"<{text(node.value)}>", shape="box", **ink,
                     style="dashed,rounded" if node.kind in DASHED_BOXES else "dotted,rounded", fontsize="10")
        return attrs
    if node.kind == "board":
        return dict(_pin(box, fixed=False), shape="plain", style="", label=_board_label(node, box),
                    **({"class": "current"} if node.current else {}))
    leaf = node.kind == "leaf"
    attrs.update(shape=SHAPE[node.kind], fillcolor=LEAF_FILL if leaf else node.fill or FILL[node.player],
                 label=_plain_label(node, lift), margin="0")
    if node.faded:
        attrs.update(color=FADED, fontcolor=FADED, fillcolor="white", style="dashed" if node.dashed else "filled")
    if node.emphasis or node.current:
        attrs["penwidth"] = "2.8"
    if node.current:  # not by colour alone: a double outline
        attrs.update(color=CUT, peripheries="2", penwidth="2", **{"class": "current"})
    if node.flag:  # not by colour alone: a double outline, and the mark in words beside the node
        attrs.update(peripheries="2", color=CUT, penwidth="1.6")
        # Graphviz draws the second outline about 2 × PERIPHERY outside the shape (pen included): the shape
        # gives up half of that and its notes move over by the rest (_notes_attributes), so the outer outline
        # stays off the ✗ and the notes under it.
        attrs.update(width=f"{(box.width - 2 * PERIPHERY) / 72:.4f}",
                     height=f"{(box.height - 2 * PERIPHERY) / 72:.4f}")
    return attrs


def _notes_attributes(node: SceneNode, lines: list[str], box: Box) -> dict[str, str]:
    """The notes under a node, centred in the room the layout kept for them, on white (the edges to the node's
    children pass under them): the visit number and the node type in bold, the window, and a flag (a wrong answer)
    in red bold."""
    colour = FADED if node.faded else NOTE
    if node.flag:  # clear of the second outline under the shape (see _node_attributes)
        box = Box(box.x, box.y - PERIPHERY, box.width, box.height)
    cells = []
    for line in lines:
        if line == node.flag:
            cells.append(f'<FONT COLOR="{CUT}" POINT-SIZE="10"><B>{text(line)}</B></FONT>')
        elif cut_note(line):
            cells.append(f'<FONT COLOR="{CUT}">{text(line)}</FONT>')
        elif line.startswith("#") or line in NODE_TYPES:
            cells.append(f"<B>{text(line)}</B>")
        else:
            cells.append(text(line))
    rows = "".join(f'<TR><TD>{cell}</TD></TR>' for cell in cells)
    return dict(shape="plain", style="", fontsize=f"{NOTE_SIZE:g}", fontcolor=colour, **_pin(box, fixed=False),
                label=f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0" BGCOLOR="white" '
                      f'WIDTH="{box.width:.0f}" HEIGHT="{box.height:.0f}">{rows}</TABLE>>')


def _plain_label(node: SceneNode, lift: float = 0.0) -> str:
    """A shape's label: its name, value and visit number, one under the other, centred in the shape, or ``lift``
    points above its centre (below, if negative: a slide's triangle, its label towards its wide side; see
    :func:`.layout.label_shift`)."""
    rows = []
    if node.name:
        rows.append(f'<FONT POINT-SIZE="10">{text(node.name)}</FONT>')
    if node.value:
        rows.append(f"<B>{text(node.value)}</B>")
    if node.head:  # a leaf's visit number
        rows.append(f'<FONT POINT-SIZE="{NOTE_SIZE:g}"><B>{text(node.head)}</B></FONT>')
    if not rows:
        rows.append(" ")
    if round(2 * abs(lift)) < 1:
        return "<" + "<BR/>".join(rows) + ">"
    # an empty row twice as high as the lift, under the text or over it: Graphviz centres the two together
    spacer = f'<TR><TD FIXEDSIZE="TRUE" WIDTH="1" HEIGHT="{round(2 * abs(lift))}"></TD></TR>'
    cell = f'<TR><TD>{"<BR/>".join(rows)}</TD></TR>'
    return ('<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">'
            + (cell + spacer if lift > 0 else spacer + cell) + "</TABLE>>")


def _board_label(node: SceneNode, box: Box) -> str:
    """A board that keeps its shape (``box``, the layout's, the same at every step): the grid, and who moves, the
    value and the window (:func:`.layout.board_text`) beside it or above and under it, every cell of fixed size so
    no text can stretch the board."""
    size = board_size(node)
    colour = FADED if node.faded else INK
    fill = "white" if node.faded else node.fill or FILL[node.player]
    border = "3" if node.emphasis or node.current else "1"
    frame_colour = CUT if node.current else colour
    style = ' STYLE="dashed"' if node.dashed else ' STYLE="rounded"'
    width, height = round(box.width), round(box.height)
    above, rest = (_board_lines(lines, colour) for lines in board_text(node))
    grid = _board_grid(node, colour, keep=node.beside and height - 2 * BOARD_PAD > size.grid_h)
    fixed = 'FIXEDSIZE="TRUE" BORDER="0"'
    if node.beside:  # (the text's width is what the box has beside the grid: the widest text any frame has)
        inner = height - 2 * BOARD_PAD
        rows = (f'<TR><TD {fixed} HEIGHT="{inner}" WIDTH="{size.grid_w:g}">{grid}</TD>'
                f'<TD {fixed} HEIGHT="{inner}" WIDTH="{BOARD_GAP}"></TD>'
                f'<TD {fixed} HEIGHT="{inner}" WIDTH="{width - 2 * BOARD_PAD - size.grid_w - BOARD_GAP:g}">{rest}</TD>'
                '</TR>')
    else:
        inner = width - 2 * BOARD_PAD
        rows = (f'<TR><TD {fixed} WIDTH="{inner}" HEIGHT="{size.above:g}">{above}</TD></TR>'
                f'<TR><TD {fixed} WIDTH="{inner}" HEIGHT="{size.grid_h:g}">{grid}</TD></TR>'
                f'<TR><TD {fixed} WIDTH="{inner}" HEIGHT="{height - 2 * BOARD_PAD - size.above - size.grid_h:g}">'
                f'{rest}</TD></TR>')
    return (f'<<TABLE BORDER="{border}" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0" BGCOLOR="{fill}" '
            f'COLOR="{frame_colour}"{style} FIXEDSIZE="TRUE" WIDTH="{width}" HEIGHT="{height}">{rows}</TABLE>>')


def _board_lines(lines, colour: str) -> str:
    """Lines of :func:`.layout.board_text` as an HTML-like label's text."""
    return f'<FONT COLOR="{colour}">' + "<BR/>".join(
        f'<FONT POINT-SIZE="{points:g}">{f"<B>{text(line)}</B>" if bold else text(line)}</FONT>'
        for line, points, bold in lines) + "</FONT>"


def _board_grid(node: SceneNode, colour: str, keep: bool = False) -> str:
    """A board's grid as an HTML-like table: fixed-size cells (the last move's filled, dark squares shaded), the
    ranks in a lane on the left and the files in a lane under it where the board names them. ``keep``: the grid
    kept at its size in a taller cell (a column of text longer than the grid), which Graphviz would stretch it to."""
    board, size = node.board, board_size(node)
    marked, shaded = set(board.marked), set(board.shaded)
    cell = f'WIDTH="{size.cell:g}" HEIGHT="{size.cell:g}" FIXEDSIZE="TRUE"'
    small = f'POINT-SIZE="{BOARD_FONT:g}" COLOR="{FADED}"'
    rows = []
    for r, row in enumerate(board.rows):
        tds = []
        if board.ranks:
            tds.append(f'<TD WIDTH="{size.rank_lane:g}" HEIGHT="{size.cell:g}" FIXEDSIZE="TRUE" BORDER="0">'
                       f'<FONT {small}>{text(board.ranks[r])}</FONT></TD>')
        for c, char in enumerate(row):
            glyph = board.glyphs.get(char, char)
            ground = MARK if (r, c) in marked else SHADE if (r, c) in shaded else None
            ground = f' BGCOLOR="{ground}"' if ground else ""
            tds.append(f'<TD {cell}{ground}><FONT POINT-SIZE="{size.glyph:g}" COLOR="{colour}">'
                       f'{text(glyph) or " "}</FONT></TD>')
        rows.append("<TR>" + "".join(tds) + "</TR>")
    if board.files:
        lane = f'HEIGHT="{size.file_lane:g}" FIXEDSIZE="TRUE" BORDER="0"'
        tds = [f'<TD WIDTH="{size.rank_lane:g}" {lane}></TD>'] if board.ranks else []
        tds += [f'<TD WIDTH="{size.cell:g}" {lane}><FONT {small}>{text(name)}</FONT></TD>' for name in board.files]
        rows.append("<TR>" + "".join(tds) + "</TR>")
    kept = f' FIXEDSIZE="TRUE" WIDTH="{size.grid_w:g}" HEIGHT="{size.grid_h:g}"' if keep else ""
    return (f'<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="{colour}"{kept}>'
            + "".join(rows) + "</TABLE>")


def _edge_attributes(edge: SceneEdge, cut_mark: bool = True) -> tuple[dict[str, str], dict[str, str]]:
    """The edge's attributes, and its label's: a label is its own node, pinned half-way down the edge on a white
    ground (Graphviz would place an edge's own label beside the line, where it may sit on a neighbour); an edge a
    cutoff struck at ends in a bar, and carries ✂ if ``cut_mark`` (see :func:`.layout.cut_mark_written`)."""
    if edge.dotted:
        return dict(style="dotted", color=FADED), {}
    attrs = {}
    labels = [text(label) for label in edge.labels]
    colour = INK
    if edge.dashed:
        attrs.update(style="dashed")
    if edge.faded:
        attrs.update(color=FADED)
        colour = FADED
    if edge.cut is not None:
        if cut_mark:
            labels.append('<FONT POINT-SIZE="12"><B>✂</B></FONT>')
        attrs.update(arrowhead="tee")
        colour = CUT
    if edge.best:
        attrs.update(penwidth="3.2", color=BEST)
    if edge.taken:
        attrs.update(penwidth="3.2", color=CUT, **{"class": "taken"})
    if not labels:
        return attrs, {}
    rows = "".join(f"<TR><TD>{label}</TD></TR>" for label in labels)
    return attrs, dict(shape="plain", style="", fontsize=f"{EDGE_SIZE:g}", fontcolor=colour,
                       label=f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="1" BGCOLOR="white">{rows}</TABLE>>')


def _legend(graph, rows, box: Box, columns: int = 1) -> None:
    grid = legend_grid(rows, columns)

    def cell(row) -> str:
        if row is None:
            return '<TD></TD><TD></TD>'
        symbol, meaning = row
        return (f'<TD ALIGN="CENTER"><B>{text(symbol)}</B></TD><TD ALIGN="LEFT" BALIGN="LEFT">'
                f'{"<BR/>".join(text(line) for line in legend_lines(meaning))}</TD>')
    cells = "".join("<TR>" + "".join(cell(column[i] if i < len(column) else None) for column in grid) + "</TR>"
                    for i in range(len(grid[0])))
    graph.node("legend", id="legend", shape="plain", style="", fontsize=f"{KEY_SIZE:g}", **_pin(box, fixed=False),
               label=f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" COLOR="#d1d5db">'
                     f'<TR><TD COLSPAN="{2 * len(grid)}"><B>Key</B></TD></TR>{cells}</TABLE>>')
