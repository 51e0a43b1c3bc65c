"""Trace → DOT source. Pure: builds text with the graphviz package and never runs Graphviz (see render.py).

Textbook conventions: MAX nodes are triangles (▲), MIN nodes inverted triangles (▽), leaves boxes; children left to
right in the order searched. Meaning is never carried by colour alone: pruned parts are dashed and faded, the best
line is drawn thick, cutoffs are marked with ✂ on the edge where the search stopped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import graphviz

from .errors import RenderError
from .search import ALGORITHMS
from .state import Player
from .view import EXACT, NodeView, TraceView, format_number

DEFAULT_MAX_DRAWN = 5_000  # Graphviz 2.43 lays out ~5,000 nodes in seconds, ~20,000 in minutes

FONT = "Helvetica"
INK, FADED, BEST = "#1f2937", "#9ca3af", "#1d4ed8"
FILL = {Player.MAX: "#dbeafe", Player.MIN: "#fde7d4"}
LEAF_FILL = "#f3f4f6"
SYMBOL = {Player.MAX: "▲", Player.MIN: "▽"}
SHAPE = {Player.MAX: "triangle", Player.MIN: "invtriangle"}


@dataclass(frozen=True)
class DrawOptions:
    """How to draw a trace.

    ``order``: number nodes in visit order. ``legend``: add a key. ``compact``: draw each pruned subtree as one
    stub. ``first_children``: draw only the first K children of each node (and the best child). ``max_drawn``:
    refuse to draw more nodes than this (Graphviz would seem to hang).
    """

    order: bool = False
    legend: bool = False
    compact: bool = False
    first_children: int | None = None
    max_drawn: int = DEFAULT_MAX_DRAWN


def text(value) -> str:
    """User text (names, moves, titles) for an HTML-like label: never markup."""
    return html.escape(str(value), quote=True).replace("\n", '<BR ALIGN="CENTER"/>')


def to_dot(trace, options: DrawOptions = DrawOptions()) -> str:
    """The DOT source of a trace's diagram."""
    if not options.compact and options.first_children is None:
        _check_size(trace.node_count, options)  # before any work: a huge trace is refused at once
    return _Drawing(TraceView(trace), options).source()


def _check_size(count: int, options: DrawOptions) -> None:
    if count > options.max_drawn:
        raise RenderError(
            f"the diagram would have {count:,} nodes, more than the limit of {options.max_drawn:,} "
            "(Graphviz would take minutes); draw less with --compact or --first-children K, "
            "or raise the limit with --max-drawn N")


class _Drawing:
    def __init__(self, view: TraceView, options: DrawOptions):
        self.view = view
        self.options = options
        self.graph = graphviz.Digraph(name="trace")
        self.stubs = 0

    def source(self) -> str:
        drawn = self._choose_nodes()
        _check_size(len(drawn), self.options)
        self._graph_attributes()
        for view in drawn:
            self._node(view)
        for view in drawn:
            self._edges(view, drawn)
        if self.options.legend:
            self._legend()
        return self.graph.source

    # ---- which nodes ------------------------------------------------------------------------------------------
    def _shown_children(self, view: NodeView) -> list[int]:
        children = view.children
        k = self.options.first_children
        if k is not None and len(children) > k:
            shown = children[:k]
            if view.best_child is not None and view.best_child not in shown:
                shown = shown + [view.best_child]
            return shown
        return children

    def _choose_nodes(self) -> list[NodeView]:
        nodes, drawn = self.view.nodes, []
        pending = [0]
        while pending:
            view = nodes[pending.pop()]
            drawn.append(view)
            if self.options.compact and view.pruned:
                continue  # drawn as a stub standing for its whole subtree
            pending.extend(reversed(self._shown_children(view)))
        return drawn

    # ---- graph ------------------------------------------------------------------------------------------------
    def _graph_attributes(self):
        trace = self.view.trace
        algorithm = ALGORITHMS[trace.algorithm].title if trace.algorithm in ALGORITHMS else trace.algorithm
        rules = []
        if "prune" in trace.options:
            rules.append("cut when α ≥ β" if trace.options["prune"] == "ge" else "cut only when α > β")
            rules.append(f"fail-{trace.options['fail']}")
        if trace.options.get("depth") is not None:
            rules.append(f"depth {trace.options['depth']}")
        title = trace.meta.get("title") or trace.name
        result = f"value {format_number(trace.value)}"
        if trace.best_move is not None:
            result += f", best move {trace.best_move}"
        lines = [f"<B>{text(title)}</B>",
                 f"{text(algorithm)}{' (' + text(', '.join(rules)) + ')' if rules else ''}: {text(result)}"]
        if self.view.negamax:
            lines.append(text("values from the view of the player to move; each edge shows the sign flip"))
        self.graph.attr("graph", label=f'<{"<BR/>".join(lines)}>', labelloc="t", fontname=FONT, fontsize="14",
                        ordering="out", nodesep="0.3", ranksep="0.55", bgcolor="white", pad="0.3",
                        forcelabels="true")
        self.graph.attr("node", fontname=FONT, fontsize="12", color=INK, fontcolor=INK, style="filled",
                        penwidth="1.2")
        self.graph.attr("edge", fontname=FONT, fontsize="10", color=INK, fontcolor=INK, arrowsize="0.6")

    # ---- nodes ------------------------------------------------------------------------------------------------
    def _node(self, view: NodeView):
        node, name = view.node, f"n{view.id}"
        if self.options.compact and view.pruned and view.subtree_size > 1:
            self.graph.node(name, label=f"<✂ {view.subtree_size} pruned>", shape="box", style="dashed,rounded",
                            color=FADED, fontcolor=FADED, fontsize="10")
            return
        attrs = {}
        if node.board is not None:
            attrs.update(shape="plain", style="", label=self._board_label(view))
        else:
            leaf = not view.children
            attrs.update(shape="box" if leaf else SHAPE[node.player],
                         fillcolor=LEAF_FILL if leaf else FILL[node.player],
                         label=self._plain_label(view, leaf))
            if not leaf:
                attrs.update(margin="0.02", width="0.9", height="0.75", fixedsize="false")
        xlabel = self._xlabel(view)
        if xlabel:
            attrs["xlabel"] = xlabel
        if view.pruned:
            attrs.update(color=FADED, fontcolor=FADED, fillcolor="white",
                         style="dashed" if node.board is None else "")
        if view.on_best_line:
            attrs["penwidth"] = "2.8"
        self.graph.node(name, **attrs)

    def _value_text(self, view: NodeView) -> str:
        if view.value is not None:
            return text(self.view.shows(view.value, view.bound))
        if view.node.value is not None:  # a pruned leaf of an explicit tree keeps its static value
            return text(format_number(view.node.value))
        return ""

    def _plain_label(self, view: NodeView, leaf: bool) -> str:
        value = self._value_text(view)
        name = view.node.name
        rows = []
        if name:
            rows.append(f'<FONT POINT-SIZE="10">{text(name)}</FONT>')
        if value:
            rows.append(f"<B>{value}</B>")
        if not rows:
            rows.append(" ")
        return "<" + "<BR/>".join(rows) + ">"

    def _window_text(self, view: NodeView) -> str:
        if view.window is None or view.pruned or view.leaf:
            return ""
        alpha, beta = view.window
        return f"α={format_number(alpha)} β={format_number(beta)}"

    def _xlabel(self, view: NodeView) -> str:
        parts = []
        if self.options.order and view.visit is not None and view.node.board is None:  # boards show it inside
            parts.append(f"<B>#{view.visit}</B>")
        window = self._window_text(view)
        if window and view.node.board is None:
            parts.append(text(window))
        if not parts:
            return ""
        colour = FADED if view.pruned else "#4b5563"
        return f'<<FONT POINT-SIZE="9" COLOR="{colour}">{"<BR/>".join(parts)}</FONT>>'

    def _board_label(self, view: NodeView) -> str:
        node, board = view.node, view.node.board
        colour = FADED if view.pruned else INK
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
        head = SYMBOL[node.player] + " " + ("MAX" if node.player is Player.MAX else "MIN")
        if self.options.order and view.visit is not None:
            head += f"  #{view.visit}"
        value = self._value_text(view)
        if view.pruned and not value:
            value = "pruned"
        foot = f"<B>{value}</B>" if value else " "
        window = self._window_text(view)
        if window:
            foot += f'<BR/><FONT POINT-SIZE="8">{text(window)}</FONT>'
        fill = "white" if view.pruned else FILL[node.player]
        border = "3" if view.on_best_line else "1"
        style = ' STYLE="dashed"' if view.pruned else ' STYLE="rounded"'
        return (f'<<TABLE BORDER="{border}" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" BGCOLOR="{fill}" '
                f'COLOR="{colour}"{style}>'
                f'<TR><TD><FONT POINT-SIZE="9" COLOR="{colour}">{text(head)}</FONT></TD></TR>'
                f'<TR><TD BGCOLOR="white">{grid}</TD></TR>'
                f'<TR><TD><FONT COLOR="{colour}">{foot}</FONT></TD></TR></TABLE>>')

    # ---- edges ------------------------------------------------------------------------------------------------
    def _edges(self, view: NodeView, drawn: list[NodeView]):
        if self.options.compact and view.pruned:
            return
        shown = self._shown_children(view)
        cut_at = view.cut.skipped[0] if view.cut is not None and view.cut.skipped else None
        for child_id in shown:
            child = self.view.nodes[child_id]
            attrs = {}
            labels = []
            if child.node.board is not None and child.node.move is not None:
                labels.append(text(child.node.move))
            if self.view.negamax and child.value is not None:
                labels.append(text(f"−({format_number(child.value)})"))
            if child.pruned:
                attrs.update(style="dashed", color=FADED, fontcolor=FADED)
            if child_id == cut_at:
                labels.append(f"<B>✂</B> {text(self._cut_reason(view))}")
                attrs.update(fontcolor="#b91c1c", arrowhead="tee")
            if view.on_best_line and child.on_best_line:
                attrs.update(penwidth="3.2", color=BEST)
            if labels:
                attrs["label"] = "<" + "<BR/>".join(labels) + ">"
            self.graph.edge(f"n{view.id}", f"n{child_id}", **attrs)
        hidden = len(view.children) - len(shown)
        if hidden > 0 and not (self.options.compact and view.pruned):
            self.stubs += 1
            stub = f"more{self.stubs}"
            self.graph.node(stub, label=f"<+{hidden} more>", shape="box", style="dotted,rounded",
                            color=FADED, fontcolor=FADED, fontsize="9")
            self.graph.edge(f"n{view.id}", stub, style="dotted", color=FADED)

    def _cut_reason(self, view: NodeView) -> str:
        value = format_number(view.value)
        if self.view.negamax or view.node.player is Player.MAX:
            return f"{value} ≥ β={format_number(view.window_in[1])}" if view.window_in else "cut"
        return f"{value} ≤ α={format_number(view.window_in[0])}" if view.window_in else "cut"

    # ---- legend -----------------------------------------------------------------------------------------------
    def _legend(self):
        rows = [
            ("▲", "MAX node (triangle)"), ("▽", "MIN node (inverted triangle)"), ("□", "leaf (box)"),
            ("┄", "pruned: dashed and faded, never searched"), ("━", "best line: thick edges and outlines"),
            ("✂", "cutoff: the remaining children are skipped"), ("≤ 2", "a bound: the search stopped early"),
            ("α β", "the window when the node was left"),
        ]
        if self.options.order:
            rows.append(("#4", "visit order"))
        cells = "".join(f'<TR><TD ALIGN="CENTER"><B>{text(symbol)}</B></TD><TD ALIGN="LEFT">{text(meaning)}</TD></TR>'
                        for symbol, meaning in rows)
        self.graph.node("legend", shape="plaintext", style="", fontsize="9",
                        label=f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" COLOR="#d1d5db">'
                              f'<TR><TD COLSPAN="2"><B>Key</B></TD></TR>{cells}</TABLE>>')
