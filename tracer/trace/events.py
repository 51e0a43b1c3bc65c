"""The events a trace is made of. Each event type owns its meaning: how it changes the analysed view of the search
(:meth:`apply`, called by the one fold in :mod:`tracer.view`) and how it reads as a step table row and a caption
(:meth:`describe`). A new search that needs a new kind of step adds an event type here and nothing else.

``node`` is always a node id (an index into ``Trace.nodes``); ``parent`` is the id of the node the event's node
hangs under; ``child`` is the child whose returned value caused an update. Values, α and β are in the trace's
terms (MAX's, or the mover's for negamax); ±infinity is written ``"inf"`` / ``"-inf"`` in JSON.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, fields
from typing import ClassVar, NamedTuple

from ..model.state import Player
from ..text import format_number as num, format_probability, join_names

# The view (tracer.view.TraceView) is passed in, never imported: imports run trace -> view.

# A node's status at a step of the search.
UNREACHED, ACTIVE, DONE, PRUNED = "unreached", "active", "done", "pruned"
BETA_CUT, ALPHA_CUT = "beta", "alpha"


def cut_kind(player: Player, mover_terms: bool) -> str:
    """The one rule naming a cutoff, by the bound the node's value crossed, in the terms the trace's values are in:
    a β-cutoff when the value rises to β (a MAX node, or any node of a negamax search, where every node
    maximises its mover's value), an α-cutoff when it falls to α (a MIN node)."""
    return BETA_CUT if mover_terms or player is Player.MAX else ALPHA_CUT


class Step(NamedTuple):
    """How one event reads: the table's ``event`` and ``value`` columns, and the note (the caption's text)."""

    kind: str
    value: str
    note: str


class Event:
    """Base of the event types: a dataclass with a ``kind`` (its JSON ``type``) and a ``node``."""

    kind: ClassVar[str]
    leaves_node: ClassVar[bool] = False  # the search is done with the event's node (a deck's --step node)
    cuts: ClassVar[bool] = False  # the event is a cutoff (a deck's --step cutoff)
    __slots__ = ()

    def apply(self, view: "TraceView") -> None:
        """Change the view as this step of the search does."""

    def describe(self, view: "TraceView") -> Step:
        """This step in words, read from the view just after :meth:`apply`."""
        raise NotImplementedError

    def follow(self, path: list[int], nodes) -> None:
        """Check that the event can happen where the search stands (``path``: the nodes entered and not yet left,
        root first) and move the path on; a step that cannot happen there is a ValueError saying why. Used when a
        saved trace is read: a search only updates, cuts or leaves the node it is at, and enters a child of it."""
        self._at_node(path)

    def _at_node(self, path: list[int]) -> None:
        if not path or path[-1] != self.node:
            where = f"the search is at node {path[-1]}" if path else "no node is being searched"
            raise ValueError(f"{self.kind} of node {self.node}, but {where}")

    @staticmethod
    def _child_of(node: int, child: int | None, nodes, what: str) -> None:
        if child is not None and nodes[child].parent != node:
            raise ValueError(f"{what} {child} is not a child of node {node}")

    def node_ids(self) -> tuple[int, ...]:
        """Every node id the event refers to (checked when a saved trace is read)."""
        ids = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("node", "parent", "child", "best_child") and value is not None:
                ids.append(value)
            elif f.name == "skipped":
                ids.extend(value)
        return tuple(ids)


@dataclass(slots=True)
class PassStarted(Event):
    """A search that makes several passes from the root (iterative deepening, MTD(f)) begins pass ``number``;
    ``alpha`` and ``beta`` are its window at the root, when it has one."""

    kind: ClassVar[str] = "pass_started"
    node: int
    number: int
    label: str
    alpha: float | None = None
    beta: float | None = None

    def apply(self, view):
        view.start_pass(self.number, None if self.alpha is None else (self.alpha, self.beta))

    def follow(self, path, nodes):
        if path or self.node != 0:
            raise ValueError(f"pass {self.number} starts while node {path[-1] if path else self.node} is searched")

    def describe(self, view):
        window = "" if self.alpha is None else f" with the window ({num(self.alpha)}, {num(self.beta)})"
        return Step("pass", "", f"pass {self.number} begins{window}" + (f": {self.label}" if self.label else ""))


@dataclass(slots=True)
class NodeEntered(Event):
    kind: ClassVar[str] = "node_entered"
    node: int
    parent: int | None
    ply: int
    player: Player
    alpha: float | None = None
    beta: float | None = None

    def apply(self, view):
        node = view.nodes[self.node]
        node.reset()
        view.visits += 1
        node.status, node.visit, node.pass_number = ACTIVE, view.visits, view.pass_number
        if self.alpha is not None:
            node.window_in = node.window = (self.alpha, self.beta)
        view.current = self.node

    def follow(self, path, nodes):
        if self.parent is None and path:
            raise ValueError(f"node {self.node} is entered as the root while node {path[-1]} is searched")
        if self.parent is not None and (not path or path[-1] != self.parent):
            raise ValueError(f"node {self.node} is entered from node {self.parent}, but "
                             + (f"the search is at node {path[-1]}" if path else "no node is being searched"))
        if self.node in path:
            raise ValueError(f"node {self.node} is entered again while it is searched")
        path.append(self.node)

    def describe(self, view):
        node = view.nodes[self.node].node
        note = (f"chance moves at ply {self.ply}" if self.player is Player.CHANCE
                else f"{self.player.name} to move at ply {self.ply}")
        if self.parent is not None:
            how = f"{view.move_word} {node.move}" if view.is_game else f"{view.label(self.parent)}'s child {view.position(self.node)}"
            note = f"{how}: {note}"
        if self.alpha is not None:
            note += f", window α = {num(self.alpha)}, β = {num(self.beta)}"
        return Step("enter", "", note)


@dataclass(slots=True)
class LeafEvaluated(Event):
    """The node is a leaf (terminal, or at the depth limit): evaluated and left."""

    kind: ClassVar[str] = "leaf_evaluated"
    leaves_node: ClassVar[bool] = True
    node: int
    value: float

    def apply(self, view):
        node = view.nodes[self.node]
        node.value, node.leaf, node.status = self.value, True, DONE
        node.bound = view.EXACT
        view.current = self.node

    def follow(self, path, nodes):
        self._at_node(path)
        path.pop()  # a leaf is evaluated and left

    def describe(self, view):
        player = view.nodes[self.node].node.player
        if view.mover_terms:
            note = f"a leaf: {num(self.value)} for {player.name}, the player to move"
            if player is Player.MIN:
                note += f" ({num(-self.value)} in MAX's terms)"
        else:
            note = f"a leaf: its value is {num(self.value)}"
        return Step("leaf", num(self.value), note)


@dataclass(slots=True)
class _Update(Event):
    """``node``'s value, α or β went from ``old`` to ``new`` because of what ``child`` returned."""

    node: int
    old: float
    new: float
    child: int

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.child, nodes, f"{self.kind}: child")


@dataclass(slots=True)
class ValueUpdated(_Update):
    kind: ClassVar[str] = "value_updated"

    def apply(self, view):
        node = view.nodes[self.node]
        node.value = self.new
        if node.node.player is not Player.CHANCE:  # chance chooses no child: it averages them all
            node.best_child = self.child
        view.current = self.node

    def describe(self, view):
        child = view.nodes[self.child]
        returned = view.shows(child.value, child.bound)
        if view.nodes[self.node].node.player is Player.CHANCE:
            p = format_probability(child.node.p)
            return Step("value", num(self.new), f"{view.label(self.child)} returns {returned} with probability {p}, "
                                                f"so v = {num(self.old)} + {p} × {num(child.value)} = {num(self.new)}")
        if view.mover_terms:
            formula = f"max({num(self.old)}, −({num(child.value)})) = {num(self.new)}"
        else:
            rule = "max" if view.nodes[self.node].node.player is Player.MAX else "min"
            formula = f"{rule}({num(self.old)}, {num(child.value)}) = {num(self.new)}"
        return Step("value", num(self.new), f"{view.label(self.child)} returns {returned}, so v = {formula}")


@dataclass(slots=True)
class AlphaUpdated(_Update):
    kind: ClassVar[str] = "alpha_updated"

    def apply(self, view):
        node = view.nodes[self.node]
        node.window = (self.new, node.window[1])
        view.current = self.node

    def describe(self, view):
        return Step("α", "", f"α = max(α, v): {num(self.old)} → {num(self.new)}")


@dataclass(slots=True)
class BetaUpdated(_Update):
    kind: ClassVar[str] = "beta_updated"

    def apply(self, view):
        node = view.nodes[self.node]
        node.window = (node.window[0], self.new)
        view.current = self.node

    def describe(self, view):
        return Step("β", "", f"β = min(β, v): {num(self.old)} → {num(self.new)}")


class Cut(NamedTuple):
    """Why a node was left early: its value ``value`` crossed the window's bound ``limit`` (``kind`` says which:
    ``"beta"`` for value ≥ β, ``"alpha"`` for value ≤ α)."""

    kind: str
    value: float
    limit: float | None
    strict: bool  # the search cuts only when the bound is passed (> rather than ≥)

    def reason(self) -> str:
        """``2 ≤ α=3``, ``5 ≥ β=4`` (``<``/``>`` under the α > β rule)."""
        if self.limit is None:
            return "cut"
        if self.kind == BETA_CUT:
            return f"{num(self.value)} {'>' if self.strict else '≥'} β={num(self.limit)}"
        return f"{num(self.value)} {'<' if self.strict else '≤'} α={num(self.limit)}"


@dataclass(slots=True)
class Cutoff(Event):
    """The node was left early; ``skipped`` are the children never searched. ``cut`` names the cutoff by the
    bound the node's value crossed (see :func:`cut_kind`)."""

    kind: ClassVar[str] = "cutoff"
    cuts: ClassVar[bool] = True
    node: int
    cut: str
    skipped: tuple[int, ...]

    def apply(self, view):
        node = view.nodes[self.node]
        if node.window is None:
            limit = None
        else:
            limit = node.window[1] if self.cut == BETA_CUT else node.window[0]
        node.cut = Cut(self.cut, node.value, limit, view.strict_pruning)
        view.prune(self.skipped)
        view.current = self.node

    def follow(self, path, nodes):
        self._at_node(path)
        for child in self.skipped:
            self._child_of(self.node, child, nodes, "cutoff: skipped node")

    def describe(self, view):
        node = view.nodes[self.node]
        greek = "β" if self.cut == BETA_CUT else "α"
        skipped = [view.label(child) + _static(view, child) for child in self.skipped]
        what = f"prune {view.label(self.node)}'s remaining " + ("child " if len(skipped) == 1 else "children ")
        return Step("cutoff", "", f"v = {node.cut.reason().replace('=', ' = ')}: {greek}-cutoff — "
                                  f"{what}{join_names(skipped)}")


@dataclass(slots=True)
class Researched(Event):
    """Principal variation search: ``child``'s null-window test (α, α + 1) failed high with ``value`` (the
    parent's terms), inside the window (``alpha``, ``beta``), so the child is searched again with (value, β), or
    with (α, β) fail-hard (its value is only the null window's edge)."""

    kind: ClassVar[str] = "research"
    node: int
    child: int
    value: float
    alpha: float
    beta: float

    def apply(self, view):
        view.tested[self.child] = -self.value  # the test proved: the child's value (its own terms) is at most −v
        view.current = self.node

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.child, nodes, "research: child")

    def describe(self, view):
        child = view.label(self.child)
        low = self.alpha if view.trace.spec.fail_hard else self.value
        return Step("research", num(self.value),
                    f"{child}'s null-window test ({num(self.alpha)}, {num(self.alpha + 1)}) fails high with "
                    f"{num(self.value)}: search {child} again with ({num(low)}, {num(self.beta)})")


TABLE_BOUNDS = ("exact", "lower", "upper", "bounds")  # what a probe can find that is deep enough to use


def _known(lower: float, upper: float) -> str:
    """What bounds say of a value: ``exactly 3``, ``at least 3``, ``at most 3``, ``between 2 and 5``."""
    if lower == upper:
        return f"exactly {num(lower)}"
    if upper == math.inf:
        return f"at least {num(lower)}"
    if lower == -math.inf:
        return f"at most {num(upper)}"
    return f"between {num(lower)} and {num(upper)}"


def _plies(depth: float) -> str:
    return "to the end" if depth == math.inf else f"{num(depth)} {'ply' if depth == 1 else 'plies'} deep"


@dataclass(slots=True)
class TableProbe(Event):
    """A search with a transposition table asks it about the node just entered. ``found``: ``none`` (no entry),
    ``shallow`` (an entry from a shallower search, too shallow for its bounds), or what a deep enough entry knows:
    ``exact``, ``lower``, ``upper`` or ``bounds`` (both, apart); ``lower`` ≤ value ≤ ``upper`` (MAX's terms)
    searched ``depth`` plies deep. A usable entry narrows the node's window to its bounds. ``move``: the entry's
    best move, which the search tries first (iterative deepening; ``None`` where the search keeps its order)."""

    kind: ClassVar[str] = "table_probe"
    node: int
    found: str
    lower: float | None = None
    upper: float | None = None
    depth: float | None = None
    move: str | None = None

    @property
    def hit(self) -> bool:
        return self.found in TABLE_BOUNDS

    def apply(self, view):
        node = view.nodes[self.node]
        node.probed = self.found
        if self.hit and node.window is not None and not self.settles(view, node.window):
            node.window = (max(node.window[0], self.lower), min(node.window[1], self.upper))
        view.current = self.node

    def settles(self, view, window: tuple[float, float]) -> bool:
        """Whether the bounds found settle the node in ``window`` (a table cutoff follows, and no narrowing)."""
        beyond = operator.gt if view.strict_pruning else operator.ge
        return beyond(self.lower, window[1]) or beyond(window[0], self.upper)

    def describe(self, view):
        name = view.label(self.node)
        if self.found == "none":
            return Step("probe", "", f"the table has nothing on {name} yet")
        first = f"; its best move {self.move} is searched first" if self.move is not None else ""
        if not self.hit:
            return Step("probe", "", f"the table has {name} only from a search {_plies(self.depth)}, too shallow "
                                     f"to use{first}")
        known = _known(self.lower, self.upper)
        shown = view.shows(self.lower if self.found != "upper" else self.upper,
                           {"exact": view.EXACT, "lower": view.LOWER, "upper": view.UPPER}.get(self.found, view.EXACT))
        note = f"the table knows {name}'s value, searched {_plies(self.depth)}: {known}"
        node = view.nodes[self.node]
        if node.window is not None and node.window != node.window_in:
            note += f", so the window narrows to α = {num(node.window[0])}, β = {num(node.window[1])}"
        return Step("probe", shown if self.found != "bounds" else "", note + first)


@dataclass(slots=True)
class TableCutoff(Event):
    """The table's bound settles the node (a lower bound ≥ β, an upper bound ≤ α, or the exact value): it is left
    with ``value`` without searching below it. ``bound``: ``exact``, ``lower`` or ``upper``; ``move``: the best move
    the table holds."""

    kind: ClassVar[str] = "table_cutoff"
    leaves_node: ClassVar[bool] = True
    cuts: ClassVar[bool] = True
    node: int
    value: float
    bound: str
    move: str | None = None

    def apply(self, view):
        node = view.nodes[self.node]
        node.value, node.status, node.from_table = self.value, DONE, True
        node.bound = {"exact": view.EXACT, "lower": view.LOWER, "upper": view.UPPER}[self.bound]
        view.current = self.node

    def follow(self, path, nodes):
        self._at_node(path)
        path.pop()  # answered from the table: the node is left

    def describe(self, view):
        node = view.nodes[self.node]
        shown = view.shows(self.value, node.bound)
        alpha, beta = node.window_in if node.window_in is not None else (None, None)
        if self.bound == "lower" and beta is not None:
            why = f"{num(self.value)} {'>' if view.strict_pruning else '≥'} β = {num(beta)}"
        elif self.bound == "upper" and alpha is not None:
            why = f"{num(self.value)} {'<' if view.strict_pruning else '≤'} α = {num(alpha)}"
        else:
            why = "the value is known exactly"
        parent = node.node.parent
        to = "" if parent is None else f" to {view.label(parent)}"
        return Step("table cut", shown, f"{why}: returns {shown}{to} from the table, without searching below it")


@dataclass(slots=True)
class TableStore(Event):
    """The search stores what it proved at the node, just before leaving it: ``lower`` ≤ value ≤ ``upper`` (MAX's
    terms; merged with what the table held for the same depth), searched ``depth`` plies deep, and the best move."""

    kind: ClassVar[str] = "table_store"
    node: int
    lower: float
    upper: float
    depth: float
    move: str | None = None

    def apply(self, view):
        view.nodes[self.node].stored = (self.lower, self.upper)
        view.current = self.node

    def describe(self, view):
        best = f"; best move {self.move}" if self.move is not None else ""
        shown = (num(self.lower) if self.lower == self.upper else f"≥ {num(self.lower)}" if self.upper == math.inf
                 else f"≤ {num(self.upper)}" if self.lower == -math.inf else "")
        return Step("store", shown, f"the table keeps {view.label(self.node)}'s value, searched {_plies(self.depth)}: "
                                    f"{_known(self.lower, self.upper)}{best}")


def _static(view, node_id: int) -> str:
    value = view.nodes[node_id].node.value
    return "" if value is None else f" ({num(value)})"


@dataclass(slots=True)
class NodeExited(Event):
    """The node returns ``value``; ``best_child`` is the child of the move the search chose (``None`` if none)."""

    kind: ClassVar[str] = "node_exited"
    leaves_node: ClassVar[bool] = True
    node: int
    value: float
    best_child: int | None

    def apply(self, view):
        node = view.nodes[self.node]
        node.value, node.best_child, node.status = self.value, self.best_child, DONE
        node.bound = view.settled_bound(node)
        view.pin_best_line(node)
        view.current = self.node

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.best_child, nodes, "node_exited: best_child")
        path.pop()

    def describe(self, view):
        node = view.nodes[self.node]
        shown = view.shows(self.value, node.bound)
        if node.node.parent is None:
            note = f"the root returns {shown}"
            if self.best_child is not None:
                note += f": best move {view.nodes[self.best_child].node.move}"
            if view.passes > 1:
                proved = {view.EXACT: "exactly", view.LOWER: "at least", view.UPPER: "at most"}.get(node.bound)
                if proved:
                    return Step("exit", shown, f"{note}; pass {view.pass_number} proves the value is {proved} "
                                               f"{num(self.value)}")
        else:
            note = f"returns {shown} to {view.label(node.node.parent)}"
            if self.best_child is not None:
                note += f" (best child {view.label(self.best_child)})"
        if node.bound != view.EXACT:
            note += ", a bound: " + ("it was left early by a cutoff" if node.cut is not None
                                     else "a search below it stopped early")
        return Step("exit", shown, note)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (PassStarted, NodeEntered, LeafEvaluated, ValueUpdated, AlphaUpdated, BetaUpdated, Cutoff, Researched,
                TableProbe, TableCutoff, TableStore, NodeExited)
}
