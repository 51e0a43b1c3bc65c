"""Scene → DOT source: the Graphviz printer. Pure: builds text with the graphviz package and never runs Graphviz
(see :mod:`.engine`); every decision about what to show was made in the scene, this only chooses DOT's words for
it (shapes, colours, HTML-like labels)."""

from __future__ import annotations

import html

import graphviz

from ..model.state import Player
from .scene import DrawOptions, Scene, SceneEdge, SceneNode, scene_of

FONT = "Helvetica"
INK, FADED, BEST, NOTE, CUT = "#1f2937", "#9ca3af", "#1d4ed8", "#4b5563", "#b91c1c"
FILL = {Player.MAX: "#dbeafe", Player.MIN: "#fde7d4", Player.CHANCE: "#e5e7eb"}
LEAF_FILL = "#f3f4f6"
SHAPE = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box"}


def text(value) -> str:
    """User text (names, moves, titles) for an HTML-like label: never markup."""
    return html.escape(str(value), quote=True).replace("\n", '<BR ALIGN="CENTER"/>')


def to_dot(trace, options: DrawOptions = DrawOptions(), dpi: int | None = None) -> str:
    """The DOT source of a trace's diagram; ``dpi`` sets a bitmap's resolution (Graphviz's default is 96)."""
    return scene_to_dot(scene_of(trace, options), dpi)


def scene_to_dot(scene: Scene, dpi: int | None = None) -> str:
    graph = graphviz.Digraph(name="trace")
    if dpi is not None:
        graph.attr("graph", dpi=str(dpi))
    lines = [f"<B>{text(scene.title)}</B>", text(scene.subtitle)] + [text(note) for note in scene.notes]
    if scene.caption:
        lines.append(f"<I>{text(scene.caption)}</I>")
    graph.attr("graph", label=f'<{"<BR/>".join(lines)}>', labelloc="t", fontname=FONT, fontsize="14",
               ordering="out", nodesep="0.3", ranksep="0.55", bgcolor="white", pad="0.3", forcelabels="true")
    graph.attr("node", fontname=FONT, fontsize="12", color=INK, fontcolor=INK, style="filled", penwidth="1.2")
    graph.attr("edge", fontname=FONT, fontsize="10", color=INK, fontcolor=INK, arrowsize="0.6")
    for node in scene.nodes:
        graph.node(node.id, **_node_attributes(node))
    for edge in scene.edges:
        graph.edge(edge.tail, edge.head, **_edge_attributes(edge))
    if scene.legend:
        _legend(graph, scene.legend)
    return graph.source


def _node_attributes(node: SceneNode) -> dict[str, str]:
    if node.kind == "stub":
        return dict(label=f"<{text(node.value)}>", shape="box", style="dashed,rounded", color=FADED, fontcolor=FADED,
                    fontsize="10")
    if node.kind == "more":
        return dict(label=f"<{text(node.value)}>", shape="box", style="dotted,rounded", color=FADED,
                    fontcolor=FADED, fontsize="9")
    attrs = {}
    if node.kind == "board":
        attrs.update(shape="plain", style="", label=_board_label(node))
    else:
        leaf = node.kind == "leaf"
        attrs.update(shape=SHAPE[node.kind], fillcolor=LEAF_FILL if leaf else FILL[node.player],
                     label=_plain_label(node))
        if not leaf:
            attrs.update(margin="0.02", width="0.9", height="0.75", fixedsize="false")
        if node.notes:
            visit = [f"<B>{text(n)}</B>" if n.startswith("#") else text(n) for n in node.notes]
            colour = FADED if node.faded else NOTE
            attrs["xlabel"] = f'<<FONT POINT-SIZE="9" COLOR="{colour}">{"<BR/>".join(visit)}</FONT>>'
    if node.faded:
        attrs.update(color=FADED, fontcolor=FADED, fillcolor="white")
        if node.kind != "board":
            attrs["style"] = "dashed" if node.dashed else "filled"
    if node.emphasis or node.current:
        attrs["penwidth"] = "2.8"
    if node.current:
        attrs["color"] = CUT
    if node.flag:  # not by colour alone: a double outline and the mark in words (inside a box; beside a triangle)
        attrs.update(peripheries="2", color=CUT, penwidth="1.6")
        flag = f'<FONT POINT-SIZE="10" COLOR="{CUT}"><B>{text(node.flag)}</B></FONT>'
        if node.kind == "leaf":
            attrs["label"] = f"<{attrs['label'][1:-1]}<BR/>{flag}>"
        else:
            attrs["xlabel"] = f"<{attrs['xlabel'][1:-1]}<BR/>{flag}>" if "xlabel" in attrs else f"<{flag}>"
    return attrs


def _plain_label(node: SceneNode) -> str:
    rows = []
    if node.name:
        rows.append(f'<FONT POINT-SIZE="10">{text(node.name)}</FONT>')
    if node.value:
        rows.append(f"<B>{text(node.value)}</B>")
    if not rows:
        rows.append(" ")
    return "<" + "<BR/>".join(rows) + ">"


def _board_label(node: SceneNode) -> str:
    board = node.board
    colour = FADED if node.faded else INK
    marked = set(board.marked)
    cells = []
    for r, row in enumerate(board.rows):
        tds = []
        for c, char in enumerate(row):
            glyph = board.glyphs.get(char, char)
            border = ' BORDER="2"' if (r, c) in marked else ""
            tds.append(f'<TD WIDTH="14" HEIGHT="14" FIXEDSIZE="TRUE"{border}>'
                       f'<FONT POINT-SIZE="10" COLOR="{colour}">{text(glyph) or " "}</FONT></TD>')
        cells.append("<TR>" + "".join(tds) + "</TR>")
    grid = (f'<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="{colour}">'
            + "".join(cells) + "</TABLE>")
    foot = f"<B>{text(node.value)}</B>" if node.value else " "
    if node.window:
        foot += f'<BR/><FONT POINT-SIZE="8">{text(node.window)}</FONT>'
    fill = "white" if node.faded else FILL[node.player]
    border = "3" if node.emphasis or node.current else "1"
    style = ' STYLE="dashed"' if node.dashed else ' STYLE="rounded"'
    return (f'<<TABLE BORDER="{border}" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" BGCOLOR="{fill}" '
            f'COLOR="{colour}"{style}>'
            f'<TR><TD><FONT POINT-SIZE="9" COLOR="{colour}">{text(node.head)}</FONT></TD></TR>'
            f'<TR><TD BGCOLOR="white">{grid}</TD></TR>'
            f'<TR><TD><FONT COLOR="{colour}">{foot}</FONT></TD></TR></TABLE>>')


def _edge_attributes(edge: SceneEdge) -> dict[str, str]:
    if edge.dotted:
        return dict(style="dotted", color=FADED)
    attrs = {}
    labels = [text(label) for label in edge.labels]
    if edge.dashed:
        attrs.update(style="dashed")
    if edge.faded:
        attrs.update(color=FADED, fontcolor=FADED)
    if edge.cut is not None:
        labels.append(f"<B>✂</B> {text(edge.cut)}")
        attrs.update(fontcolor=CUT, arrowhead="tee")
    if edge.best:
        attrs.update(penwidth="3.2", color=BEST)
    if edge.taken:
        attrs.update(penwidth="3.2", color=CUT)
    if labels:
        attrs["label"] = "<" + "<BR/>".join(labels) + ">"
    return attrs


def _legend(graph, rows) -> None:
    cells = "".join(f'<TR><TD ALIGN="CENTER"><B>{text(symbol)}</B></TD><TD ALIGN="LEFT">{text(meaning)}</TD></TR>'
                    for symbol, meaning in rows)
    graph.node("legend", shape="plaintext", style="", fontsize="9",
               label=f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" COLOR="#d1d5db">'
                     f'<TR><TD COLSPAN="2"><B>Key</B></TD></TR>{cells}</TABLE>>')
