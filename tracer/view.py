"""An analysed view of a trace: each node's children, visit order, window, returned value and bound, the cutoffs
and the best line. Renderers read this view (or the trace), never the search."""

from __future__ import annotations

from dataclasses import dataclass, field

from .state import Player
from .trace import (
    AlphaUpdated, BetaUpdated, Cutoff, LeafEvaluated, NodeEntered, NodeExited, Trace, TraceNode, ValueUpdated,
)

NEGAMAX_FAMILY = ("negamax", "negamax-ab")
EXACT, LOWER, UPPER = "=", "≥", "≤"  # a returned value is exact, a lower bound, or an upper bound


@dataclass
class NodeView:
    """What the search did at one node. Values are in the trace's terms (the mover's, for negamax)."""

    node: TraceNode
    children: list[int] = field(default_factory=list)
    position: int = 0  # 1 for the first child of its parent, 2 for the second, ...
    visit: int | None = None  # 1 for the root, in the order nodes were entered; None if pruned
    window_in: tuple[float, float] | None = None  # (α, β) as the node was entered
    window: tuple[float, float] | None = None  # (α, β) when the node was left
    value: float | None = None  # returned value
    bound: str = EXACT  # how the returned value relates to the true minimax value
    leaf: bool = False  # evaluated as a leaf (terminal or at the depth limit)
    cut: Cutoff | None = None  # the cutoff that ended this node early
    best_child: int | None = None
    on_best_line: bool = False
    subtree_size: int = 1

    @property
    def id(self) -> int:
        return self.node.id

    @property
    def pruned(self) -> bool:
        return self.node.pruned

    @property
    def label(self) -> str:
        return self.node.name


class TraceView:
    """Builds the per-node view from a trace's events, once."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.negamax = trace.algorithm in NEGAMAX_FAMILY
        self.nodes = [NodeView(node) for node in trace.nodes]
        for node in trace.nodes:
            if node.parent is not None:
                siblings = self.nodes[node.parent].children
                siblings.append(node.id)
                self.nodes[node.id].position = len(siblings)
        self.labels = self._labels()
        visits = 0
        for event in trace.events:
            view = self.nodes[event.node]
            if isinstance(event, NodeEntered):
                visits += 1
                view.visit = visits
                if event.alpha is not None:
                    view.window_in = view.window = (event.alpha, event.beta)
            elif isinstance(event, LeafEvaluated):
                view.value, view.leaf = event.value, True
            elif isinstance(event, AlphaUpdated):
                view.window = (event.new, view.window[1])
            elif isinstance(event, BetaUpdated):
                view.window = (view.window[0], event.new)
            elif isinstance(event, Cutoff):
                view.cut = event
            elif isinstance(event, NodeExited):
                view.value, view.best_child = event.value, event.best_child
                view.bound = self._bound(view)
            elif not isinstance(event, ValueUpdated):
                raise AssertionError(f"unknown event {event!r}")
        for view in reversed(self.nodes):  # children have larger ids than their parent
            if view.node.parent is not None:
                self.nodes[view.node.parent].subtree_size += view.subtree_size
        node = self.nodes[0]
        while node is not None:
            node.on_best_line = True
            node = self.nodes[node.best_child] if node.best_child is not None else None

    def _bound(self, view: NodeView) -> str:
        """Exact, or a bound: a cut node's value is a bound (≥ at MAX, ≤ at MIN; ≥ in negamax, in the mover's
        terms); otherwise the node's value is what its best child's was, with the bound turned round by negamax's
        sign flip, and a fail-hard node that clamped its value to the window says which way it clamped."""
        if view.cut is not None:
            return LOWER if self.negamax or view.node.player is Player.MAX else UPPER
        if view.best_child is None:
            return EXACT
        best = self.nodes[view.best_child]
        best_value = -best.value if self.negamax else best.value
        if view.value != best_value:  # fail-hard clamped a fail-low (up to α) or fail-high (down to β)
            return UPPER if view.value > best_value else LOWER
        if self.negamax:
            return {EXACT: EXACT, LOWER: UPPER, UPPER: LOWER}[best.bound]
        return best.bound

    def _labels(self) -> list[str]:
        """Names for tables: the node's own, else the parent's label and the child's position (``B2``)."""
        labels = []
        for view in self.nodes:
            node = view.node
            if node.name:
                labels.append(node.name)
            elif node.parent is None:
                labels.append("root")
            else:
                parent_label = labels[node.parent]
                if node.move is not None and self.trace.meta.get("kind") == "game":
                    labels.append(node.move if parent_label == "root" else f"{parent_label} {node.move}")
                else:
                    labels.append(f"{parent_label}{view.position}")
        return labels

    @property
    def root(self) -> NodeView:
        return self.nodes[0]

    def best_line(self) -> list[NodeView]:
        return [view for view in self.nodes if view.on_best_line]

    def shows(self, value: float | None, bound: str = EXACT) -> str:
        """A value as a diagram shows it: ``3``, ``≤ 2``, ``+∞``."""
        if value is None:
            return ""
        text = format_number(value)
        return text if bound == EXACT else f"{bound} {text}"


def format_number(value: float | None) -> str:
    """Numbers as textbooks write them: 3, −2, 0.5, +∞, −∞ (a true minus sign)."""
    if value is None:
        return ""
    if value == float("inf"):
        return "+∞"
    if value == float("-inf"):
        return "−∞"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text.replace("-", "−")
