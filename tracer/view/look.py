"""How a family of searches reads in every output (part of the view stage): the texts, marks and key rows of its
nodes and edges, its titles and worksheet lines, its step table's columns and its export's fields, as plain data.

A family (:class:`~tracer.view.nodes.Family`) holds one :class:`Look`; the renderers (scene, table, export) lay out
and write what it gives and never ask which family they draw — as python-chess's board variants override facts and
nothing downstream asks which variant it holds. This :class:`Look` is that of the searches that back up values
(minimax … SSS*, expectiminimax; max^n's vectors read the same way): a value with its bound, the window α β, visit
numbers. Monte Carlo tree search's is :class:`tracer.view.mcts.VisitLook`. Options reach it duck-typed (the
drawing's ``DrawOptions``): the view never imports the renderers.
"""

from __future__ import annotations

from ..model.state import Player
from ..numbers import format_number
from ..records import Record

HEADERS = ("step", "node", "visit", "event", "α", "β", "value", "note")  # the step table's columns
# Quiescence search's nodes, past the depth limit, on a pale green (Okabe & Ito's bluish green, as a named player's
# tint): the frontier where the search goes on through captures alone shows at a glance
QUIESCENCE_FILL = "#d1f0e6"


class KeyRow(Record, frozen=True):
    """A row a family adds to a drawing's key: its ``name`` (what :meth:`Look.key_shown` answers for), the
    ``symbol`` and its ``meaning``, placed after the shared row named ``after`` (rows of one anchor in order)."""

    name: str
    symbol: str
    meaning: str
    after: str


class Look:
    """How the searches that back up values read: the default look of a family."""

    ask = "give each inner node's value and the best move"  # what a worksheet asks (before the crossing out)
    takes: tuple[str, ...] = ()  # the drawing options of its own it takes (``DrawOptions`` fields)
    headers = HEADERS
    right = (0, 2, 4, 5, 6)  # the step table's right-aligned columns
    key_rows = (
        KeyRow("taken", "┃", "the edge just taken: thick red", after="current"),
        KeyRow("node types", "PV CUT ALL", "Knuth & Moore's node types: the root PV; a PV's first child PV, its "
                                           "others CUT; a CUT's children ALL; an ALL's children CUT", after="more"),
        KeyRow("quiescence", "green", "quiescence search, from the depth limit on: only noisy moves (captures) are "
                                      "searched; \"stand pat v\": the static value, kept unless a capture does better",
               after="more"),
    )

    # ---- a node ---------------------------------------------------------------------------------------------------
    def value(self, view, node) -> str:
        """What the node holds: its value so far with its bound (``≤ 2``); an explicit leaf's static value
        throughout a deck (faint before it is reached, never blank between the two)."""
        if node.value is not None:
            return view.shows(node.value, view.bound_now(node))
        static = node.node.value
        if static is None or node.children:
            return ""
        if view.mover_terms and node.node.player is Player.MIN:
            static = -static  # in the mover's terms, like its searched siblings
        return format_number(static)

    def window(self, view, node) -> str:
        """``α=3 β=+∞`` beside an inner node (a leaf's window is its parent's, written beside the parent)."""
        if node.window is None or node.pruned or node.leaf or not node.children:
            return ""
        alpha, beta = node.window
        return f"α={format_number(alpha)} β={format_number(beta)}"

    def count(self, view, node, options) -> str:
        """The count a leaf writes in its box and an inner node beside it: the visit number with ``visits``."""
        return f"#{node.visit}" if options.visits and node.visit is not None else ""

    def notes(self, view, node) -> list[str]:
        """The family's notes beside a node, after its count and window: a quiescence node's stand-pat value."""
        stand_pat = getattr(node, "stand_pat", None)  # (max^n's vector nodes have none)
        return [] if stand_pat is None else [f"stand pat {format_number(stand_pat)}"]

    def fill(self, view, node) -> str:
        """The node's fill when the family gives it one ("": its player's): a quiescence node's, from the depth limit
        on (:data:`QUIESCENCE_FILL`)."""
        spec = view.trace.spec
        quiet = spec.quiescence and spec.depth is not None and node.node.ply >= spec.depth
        return QUIESCENCE_FILL if quiet else ""

    def board_head(self, view, node, options) -> str:
        """What a board writes after whose move it is: its visit number."""
        return self.count(view, node, options)

    def board_value(self, view, node) -> str:
        """What a board writes under it: its value, or ``pruned``."""
        return self.value(view, node) or ("pruned" if node.pruned else "")

    def node_type(self, node, options) -> str | None:
        """Knuth and Moore's type of a node searched, with ``node_types``."""
        return node.node_type if options.node_types and not node.pruned else None

    def blanks(self, view, node, value: str) -> tuple[str, str, list[str]]:
        """A worksheet's node: (its value, its head, notes beside it), given the value the question states."""
        return value, "", []

    # ---- what is drawn besides the nodes --------------------------------------------------------------------------
    def rare(self, final, node_id: int, least: int) -> bool:
        """Whether a child is folded into its parent's box of rarely visited children (``min_visits``): never."""
        return False

    def rare_text(self, view, final, rare: list[int]) -> str:
        return ""

    def side_boxes(self, view, final, frame: bool, shown: set[int], options) -> list[tuple[str, int, str, str, bool]]:
        """Boxes drawn beside nodes on a dashed edge, as (kind, node, text, its terse form, hidden): none here."""
        return []

    # ---- edges ----------------------------------------------------------------------------------------------------
    def edge_labels(self, view, child) -> list[str]:
        """Labels the family adds to the edge into ``child`` (after the move and negamax's −(v)): none here."""
        return []

    def taken(self, view, parent, child, marks_current: bool) -> bool:
        """Whether the edge stands out as taken: the edge the search just went down."""
        return child.id == view.current and child.status == "active" and marks_current

    # ---- titles and the key ---------------------------------------------------------------------------------------
    def subtitle(self, trace, rules: list[str], answer: bool, frame: bool = False) -> str:
        """The title's second line: the search and its rules, and (``answer``) the value and the best move (the
        same in a deck's ``frame`` here)."""
        subtitle = f"{trace.title}{' (' + ', '.join(rules) + ')' if rules else ''}"
        if answer:
            subtitle += f": value {format_number(trace.value)}"
            if trace.best_move is not None:
                subtitle += f", best move {trace.best_move}"
        return subtitle

    def setting_notes(self, view, rules: list[str], frame: bool, legend: bool) -> list[str]:
        """Lines under the title before the shared ones: none here (the rules are in the subtitle)."""
        return []

    def asked(self, trace, paths: tuple[int, ...]) -> list[str]:
        """A worksheet's lines under its question: none here."""
        return []

    def key_shown(self, nodes, edges, options) -> dict[str, bool]:
        """Which of :attr:`key_rows` the drawing shows (``nodes``, ``edges``: the scene's)."""
        return {"taken": any(edge.taken for edge in edges), "node types": options.node_types,
                "quiescence": any(node.fill == QUIESCENCE_FILL for node in nodes)}

    # ---- the step table and the export ----------------------------------------------------------------------------
    def row(self, view, event, step) -> tuple[str, ...]:
        """A step table's row, from the view just after ``event``: α and β are the node's window then."""
        node = view.nodes[event.node]
        alpha, beta = node.window if node.window is not None else (None, None)
        visit = "" if node.visit is None else f"#{node.visit}"
        return (str(view.step), view.label(event.node), visit, step.kind, format_number(alpha),
                format_number(beta), step.value, step.note)

    def summary(self, trace) -> str:
        """The step table's closing line."""
        best = f", best move {trace.best_move}" if trace.best_move is not None else ""
        return f"{trace.algorithm}: value {format_number(trace.value)}{best}"

    def export_fields(self, node) -> dict:
        """What a node's export adds to the shared fields: its window, ``alpha`` and ``beta`` (numbers)."""
        if node.window is None:
            return {}
        alpha, beta = node.window
        return {"alpha": float(alpha), "beta": float(beta)}


VALUE_LOOK = Look()
