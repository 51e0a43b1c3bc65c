"""What a search establishes, item by item, and the step of its trace that decides each item: the facts an answer
key states and a student's answer is graded against. Read from one replay of the analysed view.

Items, named as the diagrams and the step table name nodes (``A``, ``B``, ``B1`` or the file's own names):

``value``            the root's value (MAX's terms)
``best_move``        the move chosen at the root
``values``           the value each node returns, with its bound (``≤ 2``: left early by a cutoff)
``pruned``           the leaves never examined (a pruned inner node stands for every leaf below it)
``windows``          (α, β) of each node when it is left
``order``            the nodes in the order the search enters them
``leaves_evaluated``, ``nodes_visited``, ``cutoffs``: counts, as ``tracer stats`` counts them
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import format_number
from ..trace.events import Cutoff, LeafEvaluated, NodeEntered, NodeExited
from ..trace.trace import Trace
from ..view import EXACT, UNKNOWN, NodeView, TraceView


@dataclass(frozen=True)
class Decided:
    """The step (1-based, as the step table numbers them) that decides an item, and that step in words."""

    step: int
    caption: str

    def __str__(self) -> str:
        return f"step {self.step}: {self.caption}"


class SearchFacts:
    """Everything an exercise can ask about one traced search."""

    def __init__(self, trace: Trace):
        self.trace = trace
        view = TraceView(trace, 0)
        self.entered: dict[int, Decided] = {}  # node -> the step entering it (the last entry, over several passes)
        self.exited: dict[int, Decided] = {}
        self.evaluated: dict[int, Decided] = {}  # leaves
        self.pruned_by: dict[int, tuple[int, Decided]] = {}  # node -> (the node whose cutoff pruned it, that step)
        self.window_at_entry: dict[int, tuple[float, float]] = {}  # the parent's window as the node was entered
        self.answered: set[int] = set()  # nodes answered from a transposition table (examined, not evaluated)
        self.settled: dict[int, tuple] = {}  # node -> (value, bound, window) as it was last left, in any pass
        self.order: list[int] = []
        self.counts = {"leaves_evaluated": 0, "nodes_visited": 0, "cutoffs": 0}
        self.count_steps: dict[str, list[int]] = {key: [] for key in self.counts}  # the steps each count counts
        for event, step in view.replay():
            decided = Decided(view.step, view.caption())
            kind = {NodeEntered: "nodes_visited", LeafEvaluated: "leaves_evaluated", Cutoff: "cutoffs"}.get(type(event))
            if kind is not None:
                self.count_steps[kind].append(view.step)
            if isinstance(event, NodeEntered):
                self.counts["nodes_visited"] += 1
                self.entered[event.node] = decided
                self.order.append(event.node)
                if event.alpha is not None:
                    self.window_at_entry[event.node] = (event.alpha, event.beta)
            elif isinstance(event, LeafEvaluated):
                self.counts["leaves_evaluated"] += 1
                self.evaluated[event.node] = decided
            elif isinstance(event, NodeExited):
                self.exited[event.node] = decided
            elif isinstance(event, Cutoff):
                self.counts["cutoffs"] += 1
                for child in event.skipped:
                    for below in self._subtree(view, child):
                        self.pruned_by[below] = (event.node, decided)
            elif event.kind == "table_cutoff":
                self.answered.add(event.node)
                self.exited[event.node] = decided
            if event.leaves_node:
                left = view.nodes[event.node]
                self.settled[event.node] = (left.value, left.bound, left.window)
        self.view = view  # the search at its end
        self.labels = view.labels
        self.by_name = {label: index for index, label in enumerate(self.labels)}
        self.last = Decided(view.step, view.caption())

    # ---- nodes ------------------------------------------------------------------------------------------------
    @staticmethod
    def _subtree(view: TraceView, node_id: int) -> list[int]:
        found, pending = [], [node_id]
        while pending:
            node = pending.pop()
            found.append(node)
            pending.extend(view.nodes[node].children)
        return found

    def node(self, node_id: int) -> NodeView:
        return self.view.nodes[node_id]

    def label(self, node_id: int) -> str:
        return self.labels[node_id]

    def leaves(self) -> list[int]:
        """Every leaf of the searched tree (evaluated or pruned), left to right."""
        return [node for node in self._preorder() if not self.view.nodes[node].children]

    def inner_reached(self) -> list[int]:
        """The inner nodes the search reaches, in visit order."""
        return [node for node in self.order if self.view.nodes[node].children and not self.view.nodes[node].leaf]

    def leaves_under(self, node_id: int) -> list[int]:
        return [node for node in self._subtree(self.view, node_id) if not self.view.nodes[node].children]

    def _preorder(self) -> list[int]:
        order, pending = [], [0]
        while pending:
            node = pending.pop()
            order.append(node)
            pending.extend(reversed(self.view.nodes[node].children))
        return order

    # ---- the items ----------------------------------------------------------------------------------------------
    @property
    def value(self) -> float:
        return self.trace.value

    @property
    def best_move(self) -> str | None:
        return self.trace.best_move

    def returned(self, node_id: int) -> tuple[float, str] | None:
        """(value, bound) a node returns (its value for a leaf) when the search last leaves it (in a search of
        several passes, the last pass that reaches it), or None if the search never reaches it."""
        if node_id not in self.settled:
            return None
        value, bound, _ = self.settled[node_id]
        return value, EXACT if bound == UNKNOWN else bound

    def window(self, node_id: int) -> tuple[float, float] | None:
        return self.settled[node_id][2] if node_id in self.settled else None

    def pruned_leaves(self) -> set[int]:
        """The leaves never examined: neither evaluated nor answered from a table, in any pass."""
        return {leaf for leaf in self.leaves() if leaf not in self.evaluated and leaf not in self.answered}

    def pruned_tops(self) -> list[int]:
        """The nodes with no leaf examined below them whose parent has one: the shortest way to name every pruned
        leaf."""
        pruned = self.pruned_leaves()
        unexamined = {node for node in self._preorder()
                      if all(leaf in pruned for leaf in self.leaves_under(node))}
        return [node for node in self._preorder() if node in unexamined
                and self.view.nodes[node].node.parent not in unexamined]

    def decided_value(self, node_id: int) -> Decided:
        return self.exited.get(node_id) or self.evaluated.get(node_id) or self.last

    def why_examined(self, leaf: int) -> str:
        """Why a leaf is examined, in trace terms: the window it was entered with was still open."""
        parent = self.view.nodes[leaf].node.parent
        window = self.window_at_entry.get(leaf)
        step = self.entered[leaf].step
        if window is None:
            return f"step {step}: {self.trace.title.lower()} examines every leaf, and {self.label(leaf)} is one"
        alpha, beta = window
        return (f"step {step}: {self.label(parent)} still has the window α = {format_number(alpha)}, "
                f"β = {format_number(beta)} (no cutoff before {self.label(leaf)}), so {self.label(leaf)} is examined")

    def why_pruned(self, leaf: int) -> tuple[int, str]:
        """The cutoff that prunes ``leaf``: (its step, that step in words)."""
        _, decided = self.pruned_by[leaf]
        return decided.step, str(decided)

    def counted(self, key: str) -> str:
        """Where a count comes from: ``steps 4, 8, 10: 3 leaf evaluations``."""
        steps = self.count_steps[key]
        what = {"nodes_visited": "nodes entered", "leaves_evaluated": "leaves evaluated", "cutoffs": "cutoffs"}[key]
        if not steps:
            return f"no {what} in {self.last.step} steps"
        shown = ", ".join(map(str, steps[:12])) + (", …" if len(steps) > 12 else "")
        return f"step{'s' if len(steps) > 1 else ''} {shown}: {len(steps)} {what}"
