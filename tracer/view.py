"""The analysed view of a trace (fourth stage): the state of the search after any number of its steps.

One fold builds it: :meth:`TraceView.apply` hands each event to the event's own ``apply`` (see
:mod:`tracer.trace.events`). ``TraceView(trace)`` is the search at its end; ``TraceView(trace, k)`` is the search
after its first k events; :meth:`TraceView.replay` folds once and yields the view after every step, for the step
table and the frames of a deck. Every output (table, captions, scene, diagrams, export) reads this view; none
replays events itself.

What it holds for each node: whether it is reached yet, active (on the search path), done or pruned; its visit
number (counted from 1 in each pass of a search that makes several); its window (α, β) as entered and as it stands; its value so far (the value it returned, once done); how
that value relates to the node's true minimax value (exact, a lower bound ≥ or an upper bound ≤, worked out from
its children, so it holds for fail-soft and fail-hard, either prune rule, and every pass); its cutoff with the
reason; its best child; whether it was answered from a transposition table; and whether it lies on the best line.
A search that makes several passes from the root is seen one pass at a time: a new pass starts from a blank view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterator

from .model.state import Player
from .text import format_number
from .trace.events import ACTIVE, DONE, PRUNED, UNREACHED, Cut, Event, Step
from .trace.trace import Trace, TraceNode

STEP_MODES = ("event", "node", "cutoff")  # how often a deck shows the search (see :func:`frame_steps`)
EXACT, LOWER, UPPER, UNKNOWN = "=", "≥", "≤", "?"  # how a value relates to the node's true minimax value
INF = math.inf


@dataclass(eq=False)
class NodeView:
    """One node at one step of the search. Values are in the trace's terms (the mover's, for negamax)."""

    node: TraceNode
    children: list[int] = field(default_factory=list)
    position: int = 0  # 1 for the first child of its parent, 2 for the second, ...
    subtree_size: int = 1
    # what the search has done here so far (reset when the node is entered again, in a later pass)
    status: str = UNREACHED
    visit: int | None = None  # 1 for the root, in the order nodes were entered (the last entry's number)
    pass_number: int = 1  # the pass that last reached or pruned the node
    window_in: tuple[float, float] | None = None  # (α, β) as the node was entered
    window: tuple[float, float] | None = None  # (α, β) as they stand
    value: float | None = None  # the value so far; the returned value once done
    bound: str = EXACT  # how ``value`` relates to the true minimax value, once done
    leaf: bool = False  # evaluated as a leaf (terminal or at the depth limit)
    cut: Cut | None = None  # why the node was left early
    best_child: int | None = None  # the child that set the value (once done: the move the search returned)
    probed: str | None = None  # what the transposition table had (see TableProbe.found), when it was asked
    from_table: bool = False  # answered from the table, not searched
    stored: tuple[float, float] | None = None  # the bounds the search stored in the table for the node

    def reset(self) -> None:
        """Forget what an earlier pass found here: the node is searched again."""
        self.status, self.window_in, self.window, self.value = UNREACHED, None, None, None
        self.bound, self.leaf, self.cut, self.best_child = EXACT, False, None, None
        self.probed, self.from_table, self.stored = None, False, None

    @property
    def id(self) -> int:
        return self.node.id

    @property
    def pruned(self) -> bool:
        return self.status == PRUNED

    @property
    def done(self) -> bool:
        return self.status == DONE

    @property
    def reached(self) -> bool:
        return self.status != UNREACHED

    def state(self) -> tuple:
        """Everything the search has established here, for comparing two views."""
        return (self.status, self.visit, self.pass_number, self.window_in, self.window, self.value, self.bound,
                self.leaf, self.cut, self.best_child, self.probed, self.from_table, self.stored)


class TraceView:
    """The search after its first ``steps`` events (all of them by default)."""

    EXACT, LOWER, UPPER, UNKNOWN = EXACT, LOWER, UPPER, UNKNOWN

    def __init__(self, trace: Trace, steps: int | None = None):
        self.trace = trace
        self.mover_terms = trace.mover_terms
        self.is_game = trace.is_game
        self.move_word = str(trace.meta.get("move_word") or "move")  # how captions name a game's move: column 4
        self.strict_pruning = trace.spec.strict_pruning
        self.nodes = [NodeView(node) for node in trace.nodes]
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
        total = len(trace.events)
        for event in trace.events[:total if steps is None else max(0, min(steps, total))]:
            self.apply(event)

    # ---- the fold -------------------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Fold one more event into the view."""
        event.apply(self)
        self.step += 1

    def replay(self) -> Iterator[tuple[Event, Step]]:
        """Fold the trace's events one by one into this view (a fresh one), yielding each event with how it
        reads; between yields, the view is the search just after that event."""
        if self.step:
            raise ValueError("replay starts from a fresh view: TraceView(trace, 0)")
        for event in self.trace.events:
            self.apply(event)
            yield event, event.describe(self)

    @property
    def finished(self) -> bool:
        return self.step == len(self.trace.events)

    # ---- helpers the events use -----------------------------------------------------------------------------
    def start_pass(self, number: int, window: tuple[float, float] | None) -> None:
        """A new pass from the root: what earlier passes did is gone from the view (a later pass knows it only
        through the transposition table), and visits are numbered from 1 again."""
        if number > 1:
            for view in self.nodes:
                if view.status != UNREACHED:
                    view.reset()
                    view.visit = None
        self.pass_number, self.pass_window, self.visits = number, window, 0

    def prune(self, skipped) -> None:
        """Mark children skipped by a cutoff, and everything below them, pruned in this pass."""
        pending = list(skipped)
        while pending:
            view = self.nodes[pending.pop()]
            view.reset()
            view.status, view.pass_number = PRUNED, self.pass_number
            pending.extend(view.children)

    def bound_of(self, view: NodeView) -> str:
        """How ``view.value`` relates to the node's true minimax value, from what its children established.

        Each child searched in this pass is known to lie in an interval (its value exactly, or above or below
        it); children not searched could be anything. A node's true value then lies between the max (or min) of
        its children's lower ends and the max (or min) of their upper ends; the node's value is exact when both
        ends meet it, a lower bound when the lower end reaches it, an upper bound when the upper end does.
        """
        if view.leaf or not view.children:
            return EXACT
        if view.value is None:
            return UNKNOWN
        if view.node.player is Player.CHANCE:  # an average is exact once every child's value is
            exact = all(self._interval(self.nodes[child]) == (self.nodes[child].value,) * 2 for child in view.children)
            return EXACT if exact else UNKNOWN
        lows, highs = [], []
        for child_id in view.children:
            low, high = self._interval(self.nodes[child_id])
            if self.mover_terms:
                low, high = -high, -low
            lows.append(low)
            highs.append(high)
        pick = max if self.mover_terms or view.node.player is Player.MAX else min
        low, high = pick(lows), pick(highs)
        value = view.value
        if low == value == high:
            return EXACT
        if low >= value:
            return LOWER
        if high <= value:
            return UPPER
        return UNKNOWN

    def _interval(self, child: NodeView) -> tuple[float, float]:
        if child.status != DONE or child.pass_number != self.pass_number:
            return -INF, INF
        if child.bound == EXACT:
            return child.value, child.value
        if child.bound == LOWER:
            return child.value, INF
        if child.bound == UPPER:
            return -INF, child.value
        return -INF, INF

    def settled_bound(self, view: NodeView) -> str:
        """The bound of a node's value as it is left: :meth:`bound_of`, and where a null-window test had already
        proved the other side (principal variation search), the two together: at least v and at most v is v; where
        the search stored the node in a transposition table, what the table holds (it adds what earlier passes
        proved)."""
        bound = self.bound_of(view)
        if bound == LOWER and self.tested.get(view.id) == view.value:
            return EXACT
        if view.stored is not None and bound != EXACT:  # what the table holds: this search's proof, and earlier ones'
            lower, upper = view.stored
            if lower == upper == view.value:
                return EXACT
            if bound == UNKNOWN and view.value in (lower, upper):
                return LOWER if view.value == lower else UPPER
        return bound

    def pin_best_line(self, view: NodeView) -> None:
        """A node just proved exact pins its best line. Its value v is the maximum (or minimum) of its children's,
        so a best child that shows v is exactly v when it shows a bound on the side that reaches v (at least v under
        a maximum), or when no other child can reach v; and so on down. (Principal variation search re-searches a
        child with the window (v, β), so the nodes below it may prove only a bound at v; the test proved the other.)"""
        while view.bound == EXACT and view.best_child is not None:
            child = self.nodes[view.best_child]
            if child.bound == EXACT or not child.done or child.pass_number != view.pass_number:
                return
            value, bound = child.value, child.bound
            if self.mover_terms:
                value, bound = -value, {LOWER: UPPER, UPPER: LOWER}.get(bound, bound)
            maximum = self.mover_terms or view.node.player is Player.MAX
            if value != view.value:
                return
            if bound != (LOWER if maximum else UPPER):
                for other in view.children:
                    if other == child.id:
                        continue
                    low, high = self._interval(self.nodes[other])
                    if self.mover_terms:
                        low, high = -high, -low
                    if (high >= value) if maximum else (low <= value):
                        return  # another child may be the one worth v
            child.bound = EXACT
            view = child

    def bound_now(self, view: NodeView) -> str:
        """The bound of a node's value so far: its settled bound once done, else what its children give."""
        return view.bound if view.done else self.bound_of(view)

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
        """The root, its best child, that child's best child, ... through nodes that are done."""
        line, view = [], self.root
        while view is not None and view.done:
            line.append(view)
            view = self.nodes[view.best_child] if view.best_child is not None else None
        return line

    def shows(self, value: float | None, bound: str = EXACT) -> str:
        """A value as a diagram shows it: ``3``, ``≤ 2``, ``+∞``."""
        if value is None:
            return ""
        text = format_number(value)
        return text if bound in (EXACT, UNKNOWN) else f"{bound} {text}"

    def caption(self) -> str:
        """The last step in words (empty before the first step)."""
        if not self.step:
            return "the search begins"
        event = self.trace.events[self.step - 1]
        return f"{self.label(event.node)}: {event.describe(self).note}"

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
    starts = [i for i, event in enumerate(trace.events) if event.kind == "pass_started"] or [0]
    if not 1 <= number <= len(starts):
        made = f"{len(starts)} passes" if len(starts) > 1 else "one pass"
        raise ValueError(f"pass {number}: the search made {made}")
    last = starts[number] if number < len(starts) else len(trace.events)
    return starts[number - 1] + 1, last


def frame_steps(trace: Trace, every: str = "event", first: int | None = None, last: int | None = None) -> list[int]:
    """The steps a deck shows, each as the number of events applied (1 to the trace's length): after ``every``
    event, after each event that leaves a ``node`` (a leaf evaluated, a node exited), or after each ``cutoff``
    (and the last step); only steps from ``first`` to ``last`` (step numbers, inclusive) are kept."""
    if every not in STEP_MODES:
        raise ValueError(f"unknown step mode {every!r} (choose from {', '.join(STEP_MODES)})")
    events = trace.events
    if every == "event":
        steps = list(range(1, len(events) + 1))
    else:
        chosen = [i + 1 for i, event in enumerate(events) if (event.leaves_node if every == "node" else event.cuts)]
        steps = chosen + ([len(events)] if events and chosen[-1:] != [len(events)] else [])
    low, high = first or 1, last or len(events)
    return [step for step in steps if low <= step <= high]
