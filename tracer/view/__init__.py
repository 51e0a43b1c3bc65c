"""The analysed view of a trace (fourth stage): the state of the search after any number of its steps.

One fold builds it: :meth:`TraceView.apply` does the view's own bookkeeping for every event (statuses, visits,
passes, counts, cutoffs and what they prune, the nodes left), then hands the event to its family's handler, which
changes what the family keeps per node (:class:`~tracer.view.nodes.Family`; the searches that back up values:
:mod:`.values`). How each step reads is :mod:`.captions`. ``TraceView(trace)`` is the search at its end;
``TraceView(trace, k)`` is the search after its first k events; :meth:`TraceView.replay` folds once and yields
the view after every step, for the step table and the frames of a deck. Every output (table, captions, scene,
diagrams, export, exercises) reads this view; none replays events itself.

What it holds for each node: whether it is reached yet, active (on the search path), done or pruned; its visit
number (counted from 1 in each pass of a search that makes several); and what its family keeps (for the searches
that back up values: its window as entered and as it stands, its value so far, the value's :class:`Bound`, its
cutoff with the reason, its best child, what a transposition table said, whether it lies on the best line). What it
holds for the whole trace, over every pass: the counts ``tracer stats`` reports, each cutoff with the nodes it
prunes, the deep cutoffs, and the step that entered, evaluated, answered or left each node.
A search that makes several passes from the root is seen one pass at a time: a new pass starts from a blank view.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..search.bounds import Bound
from ..search.tracers import COUNTS
from ..numbers import as_written, format_number
from ..records import Record
from ..trace.events import Event, LeafEvaluated, NodeEntered, PassStarted, TableCutoff
from ..trace.trace import Trace
from .captions import CAPTIONS, Step, after_searching
from .nodes import ACTIVE, DONE, PRUNED, UNREACHED, Family, NodeView
from . import mcts, values, vectors
from .values import EXACT, FOLD, LOWER, UNKNOWN, UPPER, ValueNode, bound_now

__all__ = ["Bound", "CutoffSeen", "EXACT", "FAMILIES", "FoldedStep", "LOWER", "NodeView", "STEP_MODES", "Step",
           "TraceView", "UNKNOWN", "UPPER", "default_step_mode", "drawn_steps", "family_for", "family_of",
           "frame_steps", "pass_steps"]

# The families of searches the view knows. A family whose nodes keep other things (Monte Carlo tree search: visits
# and total reward; max^n: a vector of values) adds its node class, handlers, captions, look and what its exercises
# ask in a module of its own and one line here; its algorithms name it in the registry (Algorithm.family).
# what the exercises of the searches that back up values (numbers, or vectors of them) ask, generate and grade
_ASKS_VALUES = dict(items=values.ITEMS, graded=values.GRADED, keyed=values.KEYED, scoring=values.SCORING)
VALUES = Family("values", ValueNode, FOLD, CAPTIONS, **_ASKS_VALUES, decides=values.ValueDeciding)
MCTS = Family("mcts", mcts.VisitNode, mcts.FOLD, mcts.CAPTIONS, mcts.begin, look=mcts.VISIT_LOOK,
              step_modes=mcts.STEP_MODES, default_step_mode="iteration", player_step_mode="iteration", items=mcts.ITEMS, graded=mcts.GRADED,
              keyed=mcts.KEYED, scoring=mcts.SCORING, statistics=True, decides=mcts.VisitDeciding)
VECTORS = Family("vectors", vectors.VectorNode, vectors.FOLD, vectors.CAPTIONS, vectors.begin, vectors.bound_now,
                 **_ASKS_VALUES)
FAMILIES = (VALUES, MCTS, VECTORS)

STEP_MODES = tuple(dict.fromkeys(mode for family in FAMILIES for mode in family.step_modes))  # every family's


def family_of(trace: Trace) -> Family:
    """The family that folds ``trace``: the one its algorithm's registry entry names; for a saved trace of an
    algorithm this tracer does not know, the first that knows every event type in it."""
    search = trace.spec.search
    if search is not None:
        return family_for(search)
    kinds = {type(event) for event in trace.events}
    return next((family for family in FAMILIES if family.knows(kinds)), VALUES)


def family_for(search) -> Family:
    """The family of an algorithm's traces (``search``: its registry entry, :class:`tracer.search.registry.Algorithm`),
    for code that has a search's settings but no trace yet."""
    return next(family for family in FAMILIES if family.name == search.family)


class CutoffSeen(Record, frozen=True):
    """A cutoff as the view saw it: the node cut, the step (1-based), and every node it pruned (the skipped
    children and everything below them)."""

    node: int
    step: int
    pruned: tuple[int, ...]


class TraceView:
    """The search after its first ``steps`` events (all of them by default)."""

    EXACT, LOWER, UPPER, UNKNOWN = EXACT, LOWER, UPPER, UNKNOWN

    def __init__(self, trace: Trace, steps: int | None = None):
        self.trace = trace
        self.mover_terms = trace.mover_terms
        self.is_game = trace.is_game
        self.move_word = str(trace.meta.get("move_word") or "move")  # how captions name a game's move: column 4
        self.strict_pruning = trace.spec.strict_pruning
        self.family = family_of(trace)
        self._fold = self.family.fold
        self.family.begin(self)
        self.nodes = [self.family.node_class(node) for node in trace.nodes]
        for node in trace.nodes:
            if node.parent is not None:
                siblings = self.nodes[node.parent].children
                siblings.append(node.id)
                self.nodes[node.id].position = len(siblings)
        for view in reversed(self.nodes):  # children have larger ids than their parent
            if view.node.parent is not None:
                self.nodes[view.node.parent].subtree_size += view.subtree_size
        self.labels = self._labels()
        self.step = 0  # how many events have been applied
        self.visits = 0
        self.pass_number = 1
        self.pass_window: tuple[float, float] | None = None  # the window the pass searches the root with
        self.passes = max([1] + [e.number for e in trace.events if e.kind == "pass_started"])
        self.current: int | None = None  # the node the last step was about
        self.tested: dict[int, float] = {}  # a child's null-window test's bound (its value is at most this)
        # what the trace has shown so far, over every pass (steps are 1-based, as the step table numbers them)
        self.counts = dict.fromkeys(COUNTS, 0)  # the counts tracer stats reports, as the counting tracer counts
        self.count_steps: dict[str, list[int]] = {key: [] for key in COUNTS}  # the steps each count counts
        self.order: list[int] = []  # the nodes in the order they were entered
        self.entered: dict[int, int] = {}  # node -> the step that last entered it
        self.evaluated: dict[int, int] = {}  # leaf -> the step that last evaluated it
        self.answered: dict[int, int] = {}  # node -> the step that last answered it from a transposition table
        self.exited: dict[int, int] = {}  # node -> the step that last left it, searched or answered (not a leaf)
        self.settled: dict = {}  # node -> what the search established there as it last left it (NodeView.settled)
        self.cutoffs: list[CutoffSeen] = []
        self.pruned_by: dict[int, CutoffSeen] = {}  # node -> the cutoff that last pruned it
        self.deep_cutoffs: list[int] = []  # nodes cut by a bound set two or more levels up
        total = len(trace.events)
        for event in trace.events[:total if steps is None else max(0, min(steps, total))]:
            self.apply(event)

    # ---- the fold -------------------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Fold one more event into the view: the view's own bookkeeping, then the event's family handler."""
        self.step += 1
        kind = type(event)
        for count in event.counted:
            self.counts[count] += 1
            self.count_steps[count].append(self.step)
        if kind is PassStarted:
            self.start_pass(event.number, None if event.alpha is None else (event.alpha, event.beta))
            self._fold[kind](self, None, event)
            return
        node = self.nodes[event.node]
        if kind is NodeEntered:
            node.reset()
            self.visits += 1
            node.status, node.visit, node.pass_number = ACTIVE, self.visits, self.pass_number
            self.order.append(event.node)
            self.entered[event.node] = self.step
        elif event.leaves_node:
            node.status = DONE
        self._fold[kind](self, node, event)
        if event.skips:
            self.prune(event.node, event.skipped)
        if event.leaves_node:
            if kind is LeafEvaluated:
                self.evaluated[event.node] = self.step
            else:
                self.exited[event.node] = self.step
                if kind is TableCutoff:
                    self.answered[event.node] = self.step
            self.settled[event.node] = node.settled()
        self.current = event.node

    def replay(self) -> Iterator[tuple[Event, Step]]:
        """Fold the trace's events one by one into this view (a fresh one), yielding each event with how it
        reads; between yields, the view is the search just after that event."""
        if self.step:
            raise ValueError("replay starts from a fresh view: TraceView(trace, 0)")
        for event in self.trace.events:
            self.apply(event)
            yield event, self.describe(event)

    @as_written
    def describe(self, event: Event) -> Step:
        """How ``event`` reads, from the view just after it was folded in."""
        return self.family.captions[type(event)](self, event)

    @property
    def finished(self) -> bool:
        return self.step == len(self.trace.events)

    def start_pass(self, number: int, window: tuple[float, float] | None) -> None:
        """A new pass from the root: what earlier passes did is gone from the view (a later pass knows it only
        through the transposition table), and visits are numbered from 1 again."""
        if number > 1:
            for view in self.nodes:
                if view.status != UNREACHED:
                    view.reset()
                    view.visit = None
        self.pass_number, self.pass_window, self.visits = number, window, 0

    def prune(self, cut: int, skipped) -> None:
        """Mark children skipped by the cutoff at ``cut``, and everything below them, pruned in this pass; a node left
        with children still to search (an outcome Star2 probed) keeps what it found, and those children are pruned."""
        pending, pruned = list(skipped), []
        while pending:
            view = self.nodes[pending.pop()]
            if view.waiting and view.done:
                pending.extend(child for child in view.children if not self.nodes[child].reached)
                continue
            view.reset()
            view.status, view.pass_number = PRUNED, self.pass_number
            pruned.append(view.id)
            pending.extend(view.children)
        seen = CutoffSeen(cut, self.step, tuple(pruned))
        self.cutoffs.append(seen)
        for node in pruned:
            self.pruned_by[node] = seen

    def bound_now(self, view: NodeView) -> Bound:
        """The bound of a node's value so far: its settled bound once done, else what its children give."""
        return (self.family.bound_now or bound_now)(self, view)

    # ---- reading --------------------------------------------------------------------------------------------
    def label(self, node_id: int) -> str:
        return self.labels[node_id]

    def position(self, node_id: int) -> int:
        return self.nodes[node_id].position

    @property
    def root(self) -> NodeView:
        return self.nodes[0]

    def in_pass(self, view: NodeView, number: int | None = None) -> bool:
        """Whether the node was reached or pruned in pass ``number`` (the current one by default)."""
        return view.reached and view.pass_number == (self.pass_number if number is None else number)

    def best_line(self) -> list[NodeView]:
        """The root, its best child, that child's best child, ... through nodes that are done. Where the best child
        proved only a bound at its parent's value (a tie, the child cut off at it) and a sibling shows that value
        exactly, the line goes through the sibling: each node on it is worth the root's value, proved."""
        line, view = [], self.root
        while view is not None and view.done:
            line.append(view)
            view = self._proving(view, self.nodes[view.best_child]) if view.best_child is not None else None
        return line

    def _proving(self, parent: NodeView, best: NodeView) -> NodeView:
        """``best``, or where it shows only a bound and ``parent`` is exact, the first sibling exactly as good."""
        if getattr(best, "bound", EXACT) == EXACT or getattr(parent, "bound", None) != EXACT:
            return best
        worth = (lambda child: -child.value) if self.mover_terms else (lambda child: child.value)
        siblings = (self.nodes[other] for other in parent.children if other != best.id)
        return next((sibling for sibling in siblings if sibling.done and getattr(sibling, "bound", None) == EXACT
                     and worth(sibling) == worth(best)), best)

    @as_written
    def shows(self, value: float | None, bound: Bound = EXACT) -> str:
        """A value as a diagram shows it: ``3``, ``≤ 2``, ``+∞``."""
        if value is None:
            return ""
        text = format_number(value)
        return text if bound in (EXACT, UNKNOWN) else f"{bound} {text}"

    @as_written
    def caption(self, folded: FoldedStep | None = None, drawn: set[int] | frozenset[int] = frozenset(),
                brief: bool = False) -> str:
        """The last step in words (empty before the first step); for a deck's frame that ``folded`` the steps at
        nodes not ``drawn`` since the frame before it, what was searched there first (:func:`.captions.after_searching`:
        ``3 5, after searching the 40 positions below it: returns −1 to 3``; ``brief``: as a slide says it, many
        children left out counted rather than named)."""
        if not self.step:
            return "the search begins"
        event = self.trace.events[self.step - 1]
        after = after_searching(self, folded.unseen, drawn, event.node, brief) if folded is not None else ""
        return f"{self.label(event.node)}{', ' + after if after else ''}: {self.describe(event).note}"

    def _labels(self) -> list[str]:
        """Names for tables: the node's own, else the parent's label and the child's position (``B2``); in games,
        the moves from the root (``4 3``)."""
        labels = []
        for view in self.nodes:
            node = view.node
            if node.name:
                labels.append(node.name)
            elif node.parent is None:
                labels.append("root")
            else:
                parent_label = labels[node.parent]
                if node.move is not None and self.is_game:
                    labels.append(node.move if parent_label == "root" else f"{parent_label} {node.move}")
                else:
                    labels.append(f"{parent_label}{view.position}")
        return labels


def pass_steps(trace: Trace, number: int) -> tuple[int, int]:
    """The steps of pass ``number`` (from 1) as (first, last) step numbers, inclusive; a search that makes one
    pass has only pass 1. A pass the search did not make is a ValueError saying how many it made."""
    starts = [i for i, event in enumerate(trace.events) if isinstance(event, PassStarted)] or [0]
    if not 1 <= number <= len(starts):
        made = f"{len(starts)} passes" if len(starts) > 1 else "one pass"
        raise ValueError(f"pass {number}: the search made {made}")
    last = starts[number] if number < len(starts) else len(trace.events)
    return starts[number - 1] + 1, last


def default_step_mode(trace: Trace, player: bool = False) -> str:
    """How often a deck shows ``trace`` unless told: its family's default (after each iteration for Monte Carlo tree
    search, an event being a fraction of one; for the rest after each node decision, a leaf evaluated or a node
    left, which gives a lecture's deck). A step-through ``player`` (the HTML page, a notebook's, the practice
    page's) shows every step instead, as its step table lists them (each iteration for Monte Carlo tree search).
    Every deck and player asks this, and nothing else."""
    family = family_of(trace)
    return family.player_step_mode if player else family.default_step_mode


def frame_steps(trace: Trace, every: str = "event", first: int | None = None, last: int | None = None) -> list[int]:
    """The steps a deck shows, each as the number of events applied (1 to the trace's length), as the family's step
    mode ``every`` ends its frames (:attr:`Family.step_modes`): after every ``event``; after each event that leaves
    a ``node`` (a leaf evaluated, a node exited) or after each ``cutoff``; after each ``iteration`` or ``phase`` of
    Monte Carlo tree search; always after the last step. Only steps from ``first`` to ``last`` (step numbers,
    inclusive) are kept."""
    modes = family_of(trace).step_modes
    if every not in modes:
        known = dict.fromkeys(mode for family in FAMILIES for mode in family.step_modes)
        if every not in known:
            raise ValueError(f"unknown step mode {every!r} (choose from {', '.join(known)})")
        raise ValueError(f"--step {every} does not fit -a {trace.algorithm} (choose from {', '.join(modes)})")
    ends, events = modes[every], trace.events
    steps = [i + 1 for i, event in enumerate(events) if ends(event, events[i + 1] if i + 1 < len(events) else None)]
    low, high = first or 1, last or len(events)
    return [step for step in steps if low <= step <= high]


class FoldedStep(Record, frozen=True):
    """A deck's frame: ``step``, a step at a drawn node, and the nodes not drawn that the search entered since the
    frame before it (those steps are folded into this frame's caption), by the nearest drawn node above them."""

    step: int
    unseen: dict[int, tuple[int, ...]]


def drawn_steps(trace: Trace, steps: list[int], drawn: set[int] | frozenset[int], start: int = 1) -> list[FoldedStep]:
    """The one place a deck's frames are chosen among ``steps`` (from :func:`frame_steps`): those whose event is
    about a node in ``drawn`` (a frame about a node not on the slide would change only its caption and a count),
    and the last of ``steps`` wherever it is, so the deck ends where it was asked to. Each kept step carries the
    nodes not drawn that were entered after the kept step before it (from step ``start``, the first of the deck's
    range, for the first): its caption tells what was searched there."""
    parents = [node.parent for node in trace.nodes]

    def nearest_drawn(node: int) -> int:
        while node not in drawn and parents[node] is not None:
            node = parents[node]
        return node

    events, kept, unseen = trace.events, [], {}
    wanted, last, done = set(steps), steps[-1] if steps else 0, max(0, start - 1)
    for step in sorted(wanted):
        for event in events[done:step]:
            if isinstance(event, NodeEntered) and event.node not in drawn:
                unseen.setdefault(nearest_drawn(event.node), []).append(event.node)
        done = step
        if events[step - 1].node in drawn or step == last:
            kept.append(FoldedStep(step, {node: tuple(dict.fromkeys(found)) for node, found in unseen.items()}))
            unseen = {}
    return kept
