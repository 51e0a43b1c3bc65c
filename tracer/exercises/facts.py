"""What a search establishes, item by item, and the step of its trace that decides each item: the facts an answer
key states and a student's answer is graded against. Read from one replay of the analysed view.

Items, named as the diagrams and the step table name nodes (``A``, ``B``, ``B1`` or the file's own names):

``value``            the root's value (MAX's terms)
``best_move``        the move chosen at the root
``values``           the value each node returns, with its bound (``≤ 2``: left early by a cutoff)
``pruned``           the leaves never examined (a pruned inner node stands for every leaf below it)
``windows``          (α, β) of each node when it is left
``node_types``       Knuth and Moore's type of each node searched, PV, CUT or ALL (an alpha-beta search), decided
                     by the step that enters it (its type is its place in the order the search takes the moves)
``order``            the nodes in the order the search enters them
``leaves_evaluated``, ``nodes_visited``, ``cutoffs``: counts, as ``tracer stats`` counts them

Monte Carlo tree search (its family's ``items``) has, instead of values, windows, pruned leaves, the visit order
and cutoffs:

``visits``, ``wins``  N and W of each node after the last iteration (W for the player who chose the move into the
                     node; the root's in its own player's terms), decided by the last back-up through the node
``selected``         the path of each iteration: the root, the nodes selection went through, and the node expanded
                     (or the end of the game reached), decided by the expansion (or that end's result)
``best_move``        decided by the final choice

Which step decides an item is the view's (the steps that entered, left, evaluated and pruned each node) or the
family's (:attr:`tracer.view.nodes.Family.decides`: a node's type, a node's N and W, a path, the final choice).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..numbers import format_number
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
    """Everything an exercise can ask about one traced search, read from the view at the search's end (what it
    holds over every pass), with each deciding step in words."""

    def __init__(self, trace: Trace):
        self.trace = trace
        view = TraceView(trace, 0)
        self.family = view.family  # what the search's exercises ask, generate and grade
        self.items = self.family.items  # the items of its own an answer or a key may give (answers.NodeNames)
        search = trace.spec.search
        self.typed = search is not None and search.node_types  # Knuth and Moore's node types apply
        self.title = trace.title
        captions = []  # the steps in words, each read as it happens
        steps = self.family.decides()  # which step decides what the view does not keep: the family's to say
        for event, _ in view.replay():
            captions.append(view.caption())
            steps.see(view, event)

        def decided(step: int) -> Decided:
            return Decided(step, captions[step - 1])

        self.view = view  # the search at its end
        self.entered = {node: decided(step) for node, step in view.entered.items()}  # the last entry, over passes
        self.exited = {node: decided(step) for node, step in view.exited.items()}
        self.evaluated = {node: decided(step) for node, step in view.evaluated.items()}  # leaves
        self.answered = set(view.answered)  # nodes answered from a transposition table (examined, not evaluated)
        # node -> (the node whose cutoff pruned it, that step)
        self.pruned_by = {node: (cut.node, decided(cut.step)) for node, cut in view.pruned_by.items()}
        self.settled = view.settled  # node -> (value, bound, window, window_in) as it was last left, in any pass
        self.node_types = steps.node_types if self.typed else {}  # node -> its type as it was last entered
        self.order = view.order
        self.counts = {key: view.counts[key] for key in ("leaves_evaluated", "nodes_visited", "cutoffs")}
        self.count_steps = view.count_steps  # the steps each count counts
        self.labels = view.labels
        self.by_name = {label: index for index, label in enumerate(self.labels)}
        self.last = Decided(view.step, view.caption())
        self.iterations = steps.iterations  # Monte Carlo tree search's: how many it made
        self.stats_decided = {node: decided(step) for node, step in steps.statistics.items()}
        # iteration -> (its path, the step that decides it: its expansion or its end of the game reached)
        self.paths = {number: (path, decided(down[-1])) for number, (path, down) in steps.paths.items()}
        # iteration -> the step that went to each node of its path (the root's: the iteration's start)
        self.path_steps = {number: [decided(step) for step in down[:len(path)]]
                           for number, (path, down) in steps.paths.items()}
        self.chosen = decided(steps.chosen) if steps.chosen is not None else None  # its final choice

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
        """The inner nodes the search reaches, each once, in the order it first enters them (a search of several
        passes enters a node again in each)."""
        return list(dict.fromkeys(node for node in self.order
                                  if self.view.nodes[node].children and not self.view.nodes[node].leaf))

    def leaves_under(self, node_id: int) -> list[int]:
        return [node for node in self._subtree(self.view, node_id) if not self.view.nodes[node].children]

    def preorder(self) -> list[int]:
        """Every node of the searched tree, root first, left to right."""
        return self._preorder()

    def _preorder(self) -> list[int]:
        return preorder(self.view)

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
        settled = self.settled[node_id]
        return settled.value, EXACT if settled.bound == UNKNOWN else settled.bound

    def window(self, node_id: int) -> tuple[float, float] | None:
        return self.settled[node_id].window if node_id in self.settled else None

    def node_type(self, node_id: int) -> str | None:
        """Knuth and Moore's type of a node as it was last entered (None: never entered, or an untyped search)."""
        return self.node_types.get(node_id)

    def pruned_leaves(self) -> set[int]:
        """The leaves never examined: neither evaluated nor answered from a table, in any pass."""
        return unexamined_leaves(self.view)

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

    def decided_choice(self) -> Decided:
        """The step that decides the root's value and best move: Monte Carlo tree search's final choice, else the
        root's return."""
        return self.chosen or self.decided_value(0)

    # ---- Monte Carlo tree search ----------------------------------------------------------------------------------
    def made(self) -> list[int]:
        """The nodes the search made (given, or expanded), root first, in preorder."""
        return [node for node in self._preorder() if self.view.nodes[node].reached]

    def stats_given(self) -> bool:
        """Whether the tree file gives some nodes statistics the search goes on from."""
        return any(view.given for view in self.view.nodes)

    def statistics(self, node_id: int) -> tuple[int, float]:
        """(N, W) of a node after the last iteration: (0, 0) for a node the search never made."""
        view = self.view.nodes[node_id]
        return view.visits, view.wins

    def decided_statistics(self, node_id: int) -> Decided:
        """The last back-up through a node (or the tree file's statistics given it); for a node the search never
        made, the last step, saying so."""
        if node_id in self.stats_decided:
            return self.stats_decided[node_id]
        return Decided(self.last.step, f"{self.label(node_id)} never joins the tree in {self.iterations} "
                                        f"iteration{'s' if self.iterations != 1 else ''}")

    def why_examined(self, leaf: int) -> str:
        """Why a leaf is examined, in trace terms: the window it was entered with was still open."""
        parent = self.view.nodes[leaf].node.parent
        window = self.settled[leaf].window_in if leaf in self.settled else None  # the window it was entered with
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
        one, many = {"nodes_visited": ("node entered", "nodes entered"),
                     "leaves_evaluated": ("leaf evaluated", "leaves evaluated"), "cutoffs": ("cutoff", "cutoffs")}[key]
        if not steps:
            return f"no {many} in {self.last.step} steps"
        shown = ", ".join(map(str, steps[:12])) + (", …" if len(steps) > 12 else "")
        return f"step{'s' if len(steps) > 1 else ''} {shown}: {len(steps)} {one if len(steps) == 1 else many}"


def preorder(view: TraceView) -> list[int]:
    """Every node of ``view``'s tree, root first, left to right."""
    order, pending = [], [0]
    while pending:
        node = pending.pop()
        order.append(node)
        pending.extend(reversed(view.nodes[node].children))
    return order


def unexamined_leaves(view: TraceView) -> set[int]:
    """The leaves of the search at its end (``view``) never examined: neither evaluated nor answered from a table,
    in any pass (:meth:`SearchFacts.pruned_leaves`; read from the view alone by the generator's check, which needs
    none of the steps' captions)."""
    return {leaf for leaf in preorder(view) if not view.nodes[leaf].children
            and leaf not in view.evaluated and leaf not in view.answered}
