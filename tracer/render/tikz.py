"""Scene + layout → TikZ: the final diagram as a LaTeX picture for papers and lecture notes. Pure, a sibling of the
DOT printer (:mod:`.dot`) reading the same scene, layout, page and style: every place comes from the layout (in
points, ``x=1pt, y=1pt``), every decision from the scene; this only chooses TikZ's words. The same content as the
Graphviz drawing: shapes, names, values and bounds, the notes beside each node (visit number, α/β, the cut's
reason), edge labels, pruned parts dashed and faint, cut marks, the best line thick, boards, the titles and the key.
"""

from __future__ import annotations

import math

from ..model.state import Player
from .latex import PACKAGES, latex_text
from .layout import (
    BOARD_FONT, BOARD_GAP, BOARD_PAD, Box, Layout, board_size, board_text, cut_note,
)
from .page import Page, caption_at, legend_grid, legend_lines, titles_on
from .scene import BOXES, DASHED_BOXES, NODE_TYPES, Scene, SceneNode
from .style import (
    BEST, CUT, EDGE_SIZE, FADED, FILL, INK, KEY_SIZE, LEAF_FILL, MARK, NAME_SIZE, NOTE, NOTE_SIZE, SHADE, VALUE_SIZE,
)

NEWLINE = " \\\\ "  # a line break inside a TikZ node (align=...)
COLOURS = {"ink": INK, "faded": FADED, "best": BEST, "note": NOTE, "cut": CUT, "leaffill": LEAF_FILL,
           "maxfill": FILL[Player.MAX], "minfill": FILL[Player.MIN], "chancefill": FILL[Player.CHANCE], "shade": SHADE}
PREAMBLE = r"""\documentclass[tikz,border=6pt]{standalone}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{%s}
\usepackage[scaled=0.92]{helvet}
\renewcommand{\familydefault}{\sfdefault}
\usetikzlibrary{arrows.meta}
\begin{document}
"""


def scene_to_tikz(scene: Scene, layout: Layout, page: Page, body_only: bool = False) -> str:
    """The TikZ picture of ``scene`` at ``layout``'s places: a standalone document, or (``body_only``) the bare
    ``tikzpicture`` to ``\\input`` (it needs TikZ with ``arrows.meta``, amssymb and pifont)."""
    lines = [
        "% tracer: " + latex_text(scene.subtitle),
        "% needs: \\usepackage{tikz} \\usetikzlibrary{arrows.meta} \\usepackage{amssymb,pifont}",
        "\\begin{tikzpicture}[x=1pt, y=1pt, >={Stealth[length=5pt]}, line join=round,",
        "  every node/.style={inner sep=0pt, outer sep=0pt, text=ink, font=\\small}]",
    ]
    lines += [f"\\definecolor{{{name}}}{{HTML}}{{{value.lstrip('#').upper()}}}" for name, value in COLOURS.items()]
    lines.append(f"\\path[use as bounding box] ({page.frame.left:.1f},{page.frame.bottom:.1f}) rectangle "
                 f"({page.frame.right:.1f},{page.frame.top:.1f});")
    lines += _titles(scene, page)
    nodes = {node.id: node for node in scene.nodes}
    for edge in scene.edges:
        if edge.tail in layout.shapes and edge.head in layout.shapes:
            lines += _edge(edge, nodes, layout)
    for node in scene.nodes:
        box = layout.shapes.get(node.id)
        if box is not None:
            if node.id in layout.names:  # (a slide's triangle: its name beside it)
                lines.append(_name_beside(node, layout.names[node.id]))
            lines += _node(layout.written(node), box, layout.label_lift(node))
            if layout.note_lines(node) and node.id in layout.notes:
                lines += _notes(node, layout.note_lines(node), layout.notes[node.id])
    if scene.legend and page.legend is not None:
        lines += _legend(layout.key(scene.legend), page.legend, page.legend_columns)
    lines.append("\\end{tikzpicture}")
    body = "\n".join(lines) + "\n"
    if body_only:
        return body
    return PREAMBLE % ",".join(PACKAGES) + body + "\\end{document}\n"


def _titles(scene: Scene, page: Page) -> list[str]:
    rows = []
    for text, size, bold in titles_on(scene, page):
        words = latex_text(text)
        rows.append(f"\\fontsize{{{size:g}}}{{{size * 1.2:g}}}\\selectfont " + (f"\\textbf{{{words}}}" if bold
                                                                                else words))
    out = [f"\\node[align=center] at ({page.title.x:.1f},{page.title.y:.1f}) {{{NEWLINE.join(rows)}}};"]
    if scene.caption and page.caption is not None:
        text = NEWLINE.join(f"\\textit{{{latex_text(line)}}}" for line in scene.caption.split("\n"))
        if page.caption_flush:  # (its lines' right edge where caption_at puts it, however wide LaTeX sets them)
            right = caption_at(page, scene.caption.split("\n")).right
            out.append(f"\\node[align=right, anchor=east, inner xsep=0pt] at ({right:.1f},{page.caption.y:.1f}) "
                       f"{{{text}}};")
        else:
            out.append(f"\\node[align=center] at ({page.caption.x:.1f},{page.caption.y:.1f}) {{{text}}};")
    return out


def _style(node: SceneNode, fill: str) -> str:
    parts = [f"draw={'faded' if node.faded else 'cut' if node.current or node.flag else 'ink'}",
             f"fill={'white' if node.faded else fill}",
             "line width=2.2pt" if node.emphasis or node.current else "line width=0.8pt"]
    if node.dashed:
        parts.append("dashed")
    if node.current or node.flag:
        parts.append("double")
    return ", ".join(parts)


def _outline(node: SceneNode, box: Box) -> list[tuple[float, float]] | None:
    """The shape's corners (None for a circle)."""
    l, r, b, t, x = box.left, box.right, box.bottom, box.top, box.x
    quarter = box.height / 4  # a triangle fills three quarters of its box, as Graphviz draws it
    if node.kind == "max":
        return [(l, b + quarter), (r, b + quarter), (x, t)]
    if node.kind == "min":
        return [(l, t - quarter), (r, t - quarter), (x, b)]
    if node.kind == "chance":
        return None
    return [(l, b), (r, b), (r, t), (l, t)]


def _node(node: SceneNode, box: Box, lift: float = 0.0) -> list[str]:
    text_colour = "faded" if node.faded else "ink"
    if node.kind in BOXES:
        style = "dashed" if node.kind in DASHED_BOXES else "dotted"
        colour = "ink" if node.kind == "playout" else "faded"
        text = NEWLINE.join(latex_text(line) for line in node.value.split("\n")) if node.value else ""
        return [f"\\draw[{colour}, {style}, rounded corners=4pt] ({box.left:.1f},{box.bottom:.1f}) rectangle "
                f"({box.right:.1f},{box.top:.1f});",
                f"\\node[align=center, text={colour}, {_font(10.0)}] at ({box.x:.1f},{box.y:.1f}) {{{text}}};"]
    if node.kind == "board":
        return _board(node, box)
    fill = "leaffill" if node.kind == "leaf" else {"max": "maxfill", "min": "minfill"}.get(node.kind, "chancefill")
    corners = _outline(node, box)
    if corners is None:
        shape = f"\\draw[{_style(node, fill)}] ({box.x:.1f},{box.y:.1f}) circle[radius={box.width / 2:.1f}];"
    else:
        path = " -- ".join(f"({x:.1f},{y:.1f})" for x, y in corners)
        shape = f"\\draw[{_style(node, fill)}] {path} -- cycle;"
    rows = []
    if node.name:
        rows.append(f"{{{_size(NAME_SIZE)} {latex_text(node.name)}}}")
    if node.value:
        rows.append(f"{{{_size(VALUE_SIZE)}\\textbf{{{latex_text(node.value)}}}}}")
    if node.head:
        rows.append(f"{{{_size(NOTE_SIZE)}\\bfseries {latex_text(node.head)}}}")
    y = box.y + lift  # a triangle's centre is in its wide half (a slide's label nearer its wide side: see .layout)
    label = f"\\node[align=center, text={text_colour}] at ({box.x:.1f},{y:.1f}) {{{NEWLINE.join(rows)}}};"
    return [shape, label] if rows else [shape]


def _name_beside(node: SceneNode, box: Box) -> str:
    """A node's name written beside its shape where the layout put it (on a slide)."""
    colour = "faded" if node.faded else "ink"
    return (f"\\node[text={colour}, {_font(NAME_SIZE)}] at ({box.x:.1f},{box.y:.1f}) "
            f"{{{latex_text(node.name)}}};")


def _board(node: SceneNode, box: Box) -> list[str]:
    """A board as :func:`.dot._board_label` draws it: the grid, and who moves, the value and the window beside it or
    above and under it."""
    board, size = node.board, board_size(node)
    colour = "faded" if node.faded else "ink"
    fill = "white" if node.faded else FILL_NAME[node.player]
    line = "line width=2.2pt" if node.emphasis or node.current else "line width=0.8pt"
    frame = f"draw={'cut' if node.current else colour}, fill={fill}, {line}, rounded corners=4pt"
    if node.dashed:
        frame += ", dashed"
    out = [f"\\draw[{frame}] ({box.left:.1f},{box.bottom:.1f}) rectangle ({box.right:.1f},{box.top:.1f});"]
    cell = size.cell
    if node.beside:  # the grid at the left, centred from top to bottom
        grid_top, grid_left = box.y + size.grid_h / 2, box.left + BOARD_PAD + size.rank_lane
    else:  # the grid centred under the line above it
        grid_top, grid_left = box.top - BOARD_PAD - size.above, box.x - size.grid_w / 2 + size.rank_lane
    marked, shaded = set(board.marked), set(board.shaded)
    for r, row in enumerate(board.rows):
        y = grid_top - (r + 0.5) * cell
        if board.ranks:
            out.append(f"\\node[text=faded, {_font(BOARD_FONT)}] at ({grid_left - size.rank_lane / 2:.1f},{y:.1f}) "
                       f"{{{latex_text(board.ranks[r])}}};")
        for c, char in enumerate(row):
            x = grid_left + (c + 0.5) * cell
            width_style = "line width=0.4pt"
            if (r, c) in marked or (r, c) in shaded:
                width_style += f", fill={MARK_RGB}" if (r, c) in marked else ", fill=shade"
            out.append(f"\\draw[{colour}, {width_style}] ({x - cell / 2:.1f},{y - cell / 2:.1f}) rectangle "
                       f"({x + cell / 2:.1f},{y + cell / 2:.1f});")
            glyph = board.glyphs.get(char, char)
            if glyph.strip():
                out.append(f"\\node[text={colour}, {_font(size.glyph)}] at ({x:.1f},{y:.1f}) {{{latex_text(glyph)}}};")
    if board.files:
        y = grid_top - len(board.rows) * cell - size.file_lane / 2
        for c, name in enumerate(board.files):
            out.append(f"\\node[text=faded, {_font(BOARD_FONT)}] at ({grid_left + (c + 0.5) * cell:.1f},{y:.1f}) "
                       f"{{{latex_text(name)}}};")
    above, rest = ([f"{{{_size(points)}{BOLD[heavy]} {latex_text(line)}}}" for line, points, heavy in lines]
                   for lines in board_text(node))
    if node.beside:
        column = box.left + BOARD_PAD + size.grid_w + BOARD_GAP
        at = ((column + box.right - BOARD_PAD) / 2, box.y)
    else:
        out.append(f"\\node[align=center, text={colour}] at ({box.x:.1f},{box.top - BOARD_PAD - size.above / 2:.1f}) "
                   f"{{{NEWLINE.join(above)}}};")
        at = (box.x, (grid_top - size.grid_h + box.bottom + BOARD_PAD) / 2)
    out.append(f"\\node[align=center, text={colour}] at ({at[0]:.1f},{at[1]:.1f}) {{{NEWLINE.join(rest)}}};")
    return out


BOLD = {True: "\\bfseries", False: ""}
# the last move's fill, written where it is used (the preamble's colours stay those every drawing has)
MARK_RGB = "{{rgb,255:red,{};green,{};blue,{}}}".format(*(int(MARK[i:i + 2], 16) for i in (1, 3, 5)))
FILL_NAME = {Player.MAX: "maxfill", Player.MIN: "minfill", Player.CHANCE: "chancefill"}


def _notes(node: SceneNode, lines: list[str], box: Box) -> list[str]:
    rows = []
    for line in lines:
        text = latex_text(line)
        if line == node.flag or cut_note(line):
            rows.append(f"\\textcolor{{cut}}{{{text}}}")
        elif line.startswith("#") or line in NODE_TYPES:
            rows.append(f"\\textbf{{{text}}}")
        else:
            rows.append(text)
    colour = "faded" if node.faded else "note"
    return [f"\\node[fill=white, align=center, text={colour}, {_font(NOTE_SIZE)}] at ({box.x:.1f},{box.y:.1f}) "
            f"{{{NEWLINE.join(rows)}}};"]


def _boundary(node: SceneNode, box: Box, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the straight line from the shape's centre towards a point leaves the shape."""
    cx, cy = box.x, box.y
    dx, dy = towards[0] - cx, towards[1] - cy
    if node.kind == "board":  # at its bottom centre towards a child, its top centre from its parent (as dot.py)
        return cx, box.bottom if dy < 0 else box.top
    if node.kind == "chance":
        length = math.hypot(dx, dy) or 1.0
        return cx + dx / length * box.width / 2, cy + dy / length * box.width / 2
    corners = _outline(node, box) if node.kind in ("max", "min") else [
        (box.left, box.bottom), (box.right, box.bottom), (box.right, box.top), (box.left, box.top)]
    best = 1.0
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        ex, ey = x2 - x1, y2 - y1
        denominator = dx * ey - dy * ex
        if abs(denominator) < 1e-9:
            continue
        t = ((x1 - cx) * ey - (y1 - cy) * ex) / denominator
        u = ((x1 - cx) * dy - (y1 - cy) * dx) / denominator
        if 0 <= t <= best and -1e-9 <= u <= 1 + 1e-9:
            best = t
    return cx + best * dx, cy + best * dy


THICK = 2.4  # points: the best line's edges, and the edge just taken
THICK_ARROW = "-{Stealth[length=9pt, width=7.5pt]}"  # as long against a thick edge as DOT's is


def _font(size: float) -> str:
    """A font size of :mod:`.style` in LaTeX, so the text is as large as in the DOT drawing the layout measured."""
    return f"font={_size(size)}"


def _size(size: float) -> str:
    return f"\\fontsize{{{size:g}}}{{{size * 1.2:g}}}\\selectfont"


def _edge(edge, nodes: dict[str, SceneNode], layout: Layout) -> list[str]:
    tail, head = layout.shapes[edge.tail], layout.shapes[edge.head]
    start = _boundary(nodes[edge.tail], tail, (head.x, head.y))
    end = _boundary(nodes[edge.head], head, (tail.x, tail.y))
    style = ["->", "faded" if edge.faded else "ink", "line width=0.6pt"]
    if edge.dashed:
        style.append("dashed")
    if edge.dotted:
        style = ["faded", "dotted", "line width=0.6pt"]
    if edge.cut is not None:
        style[0] = "-{Bar[width=7pt]}"
    if edge.best or edge.taken:  # thick, with an arrowhead to match (a thin edge's would vanish under the line)
        style += ["best" if edge.best else "cut", f"line width={THICK:g}pt"]
        if style[0] == "->":
            style[0] = THICK_ARROW
    out = [f"\\draw[{', '.join(style)}] ({start[0]:.1f},{start[1]:.1f}) -- ({end[0]:.1f},{end[1]:.1f});"]
    labels = layout.edge_lines(edge)
    if labels and not edge.dotted:
        x, y = layout.label_point(edge.tail, edge.head)
        colour = "cut" if edge.cut is not None else "faded" if edge.faded else "ink"
        rows = NEWLINE.join(f"\\textbf{{{latex_text(label)}}}" if label == "✂" else latex_text(label)
                             for label in labels)
        out.append(f"\\node[fill=white, inner sep=1pt, align=center, text={colour}, {_font(EDGE_SIZE)}] "
                   f"at ({x:.1f},{y:.1f}) {{{rows}}};")
    return out


def _legend(rows, box: Box, columns: int = 1) -> list[str]:
    def lines(symbol: str, meaning: str) -> list[str]:  # wrapped as the DOT key wraps it, the symbol on line one
        return [(f"\\textbf{{{latex_text(symbol)}}}" if i == 0 else "") + " & " + latex_text(line)
                for i, line in enumerate(legend_lines(meaning))]
    stacks = [[line for row in column for line in lines(*row)] for column in legend_grid(rows, columns)]
    height = max(len(stack) for stack in stacks)
    cells = NEWLINE.join(" & ".join(stack[i] if i < len(stack) else " & " for stack in stacks) for i in range(height))
    return [f"\\node[draw=faded, inner sep=4pt, {_font(KEY_SIZE)}, anchor=north west] at "
            f"({box.left:.1f},{box.top:.1f}) {{\\begin{{tabular}}{{@{{}}{'cl' * len(stacks)}@{{}}}}"
            f"\\multicolumn{{{2 * len(stacks)}}}{{c}}{{\\textbf{{Key}}}} \\\\ {cells}\\end{{tabular}}}};"]
