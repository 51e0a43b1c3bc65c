"""The events a trace is made of: plain data. Each event type holds its fields, its JSON ``type`` (``kind``) and
the facts that hold of every event of its type: whether the search leaves the node with it, whether it is a cutoff,
and which of the counts ``tracer stats`` reports it adds to. What an event does to the analysed view is the one
fold's business (:mod:`tracer.view`), and how it reads is the captions' (:mod:`tracer.view.captions`): neither is
here, and nothing here reads the view.

``node`` is always a node id (an index into ``Trace.nodes``); ``parent`` is the id of the node the event's node
hangs under; ``child`` is the child whose returned value caused an update. Values, α and β are in the trace's
terms (MAX's, or the mover's for negamax); ±infinity is written ``"inf"`` / ``"-inf"`` in JSON.
"""

from __future__ import annotations

from ..model.state import Player
from ..records import Record
from ..search.bounds import BOTH, Bound
from ..search.tracers import CUTOFFS, LEAVES_EVALUATED, NODES_VISITED, PASSES, RESEARCHES, TT_HITS, TT_PROBES

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any, ClassVar

BETA_CUT, ALPHA_CUT = "beta", "alpha"


def cut_kind(player: Player, mover_terms: bool) -> str:
    """The one rule naming a cutoff, by the bound the node's value crossed, in the terms the trace's values are in:
    a β-cutoff when the value rises to β (a MAX node, or any node of a negamax search, where every node
    maximises its mover's value), an α-cutoff when it falls to α (a MIN node)."""
    return BETA_CUT if mover_terms or player is Player.MAX else ALPHA_CUT


class SearchPath(list):
    """The nodes entered and not yet left, root first, as :meth:`Event.follow` checks a saved trace's order; and the
    leaf evaluated by the last step, whose table store may follow it."""

    left_leaf: int | None = None


class Event(Record, slots=True, compiled=True):
    """Base of the event types: a record (:mod:`tracer.records`) of the fields its class body annotates
    (``ClassVar`` excepted), with a ``kind`` (its JSON ``type``) and a ``node``: slots, so that a million events stay
    small, and a constructor written for each type, since events are made by the million; :attr:`fields` and
    :attr:`defaults` say which fields there are and which may be left out to the readers and writers of saved
    traces. Events of the same type with the same fields are equal; they are not hashable (a Cutoff's ``cut`` is
    set when a saved trace is read)."""

    kind: ClassVar[str]
    leaves_node: ClassVar[bool] = False  # the search is done with the event's node (a deck's --step node)
    cuts: ClassVar[bool] = False  # the event is a cutoff (a deck's --step cutoff)
    skips: ClassVar[bool] = False  # the event skips children (``skipped``): they and their subtrees are pruned
    counted: ClassVar[tuple[str, ...]] = ()  # the counts (tracer.search.tracers) the event adds one to
    records: ClassVar[dict[str, tuple[str, ...]]] = {}  # fields holding tuples of records: their JSON object keys
    fields: ClassVar[tuple[str, ...]]  # the fields, in the order the constructor takes them (set by Record)
    defaults: ClassVar[dict[str, Any]]  # the fields that may be left out, with their values (set by Record)

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
        for name, held in _id_fields(type(self)):
            value = getattr(self, name)
            if held == "one":
                if value is not None:
                    ids.append(value)
            elif held == "many":
                ids.extend(value)
            else:  # Monte Carlo tree search's statistics, per node
                ids.extend(entry[0] for entry in value)
        return tuple(ids)


_ID_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _id_fields(cls) -> tuple[tuple[str, str], ...]:
    """The fields of an event type that hold node ids, each with how: one id, many ids (``skipped``, ``waiting``), or records
    whose first item is one; worked out once per type (a saved trace's million events ask it each)."""
    found = _ID_FIELDS.get(cls)
    if found is None:
        found = _ID_FIELDS[cls] = tuple(
            (f, "one" if f in ("node", "parent", "child", "best_child") else
             "many" if f in ("skipped", "waiting") else "records")
            for f in cls.fields if f in ("node", "parent", "child", "best_child", "skipped", "waiting", "children",
                                         "path"))
    return found


class PassStarted(Event):
    """A search that makes several passes from the root (iterative deepening, MTD(f)) begins pass ``number``;
    ``alpha`` and ``beta`` are its window at the root, when it has one."""

    kind: ClassVar[str] = "pass_started"
    counted: ClassVar[tuple[str, ...]] = (PASSES,)
    node: int
    number: int
    label: str
    alpha: float | None = None
    beta: float | None = None

    def follow(self, path, nodes):
        if path or self.node != 0:
            raise ValueError(f"pass {self.number} starts while node {path[-1] if path else self.node} is searched")


class NodeEntered(Event):
    """The search enters ``node`` (a child of ``parent``, or the root), ``ply`` plies below the root, with
    ``player`` to move; ``alpha`` and ``beta`` are its window, for searches that have one."""

    kind: ClassVar[str] = "node_entered"
    counted: ClassVar[tuple[str, ...]] = (NODES_VISITED,)
    node: int
    parent: int | None
    ply: int
    player: Player
    alpha: float | None = None
    beta: float | None = None

    def follow(self, path, nodes):
        if self.parent is None and path:
            raise ValueError(f"node {self.node} is entered as the root while node {path[-1]} is searched")
        if self.parent is not None and (not path or path[-1] != self.parent):
            raise ValueError(f"node {self.node} is entered from node {self.parent}, but "
                             + (f"the search is at node {path[-1]}" if path else "no node is being searched"))
        if self.node in path:
            raise ValueError(f"node {self.node} is entered again while it is searched")
        path.append(self.node)


class LeafEvaluated(Event):
    """The node is a leaf (terminal, or at the depth limit): evaluated and left."""

    kind: ClassVar[str] = "leaf_evaluated"
    leaves_node: ClassVar[bool] = True
    counted: ClassVar[tuple[str, ...]] = (LEAVES_EVALUATED,)
    node: int
    value: float

    def follow(self, path, nodes):
        self._at_node(path)
        path.pop()  # a leaf is evaluated and left
        if isinstance(path, SearchPath):
            path.left_leaf = self.node  # its table store may follow


class StandPat(Event):
    """Quiescence search, past the depth limit (``--quiescence``): the node's static evaluation ``value`` is its value
    so far, since the player to move may "stand pat" (play none of the noisy moves that follow). It narrows the
    node's window as a child's value would: α rises to it at a node that maximises (in the trace's terms), β falls
    to it at one that minimises. A cutoff may follow at once: the noisy moves are then skipped."""

    kind: ClassVar[str] = "stand_pat"
    counted: ClassVar[tuple[str, ...]] = (LEAVES_EVALUATED,)  # a static evaluation, as a leaf's
    node: int
    value: float


class _Update(Event):
    """``node``'s value, α or β went from ``old`` to ``new`` because of what ``child`` returned."""

    node: int
    old: float
    new: float
    child: int

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.child, nodes, f"{self.kind}: child")



class ValueUpdated(_Update):
    kind: ClassVar[str] = "value_updated"


class AlphaUpdated(_Update):
    kind: ClassVar[str] = "alpha_updated"


class BetaUpdated(_Update):
    kind: ClassVar[str] = "beta_updated"


class Cutoff(Event):
    """The node was left early; ``skipped`` are the children never searched. ``cut`` names the cutoff by the
    bound the node's value crossed (see :func:`cut_kind`)."""

    kind: ClassVar[str] = "cutoff"
    cuts: ClassVar[bool] = True
    skips: ClassVar[bool] = True
    counted: ClassVar[tuple[str, ...]] = (CUTOFFS,)
    node: int
    cut: str
    skipped: tuple[int, ...]

    def follow(self, path, nodes):
        self._at_node(path)
        for child in self.skipped:
            self._child_of(self.node, child, nodes, f"{self.kind}: skipped node")


class ChanceCutoff(Event):
    """Star1 or Star2 at a chance node (expectiminimax with bounds on the leaf values): after the outcomes searched
    so far, with each outcome not searched taken at what Star2's probe proved of it or else at ``assumed`` (the upper
    bound U for an α-cutoff, the lower L for a β-cutoff), the average is at most (at least) ``value``, which is ≤ α
    (≥ β) = ``limit``; the remaining outcomes, ``skipped``, are pruned (in Star2's probing phase, all of them: an
    outcome probed keeps what its probe searched, and its children that wait are pruned). ``cut``: ``alpha`` (the
    average is at most α) or ``beta`` (at least β)."""

    kind: ClassVar[str] = "chance_cutoff"
    cuts: ClassVar[bool] = True
    skips: ClassVar[bool] = True
    counted: ClassVar[tuple[str, ...]] = (CUTOFFS,)
    node: int
    cut: str
    value: float
    limit: float
    assumed: float
    skipped: tuple[int, ...]

    follow = Cutoff.follow


class ShallowCutoff(Event):
    """Max^n's shallow pruning (Korf 1991): the node's player has a component at least ``bound`` (the declared
    sum ``total``, less the lowest value ``lowest`` of each of the other players but two, less the parent's
    player's best so far), so the parent's player cannot gain from the node's other children, ``skipped``."""

    kind: ClassVar[str] = "shallow_cutoff"
    cuts: ClassVar[bool] = True
    skips: ClassVar[bool] = True
    counted: ClassVar[tuple[str, ...]] = (CUTOFFS,)
    node: int
    skipped: tuple[int, ...]
    bound: float
    total: float
    lowest: float

    def follow(self, path, nodes):
        self._at_node(path)
        for child in self.skipped:
            self._child_of(self.node, child, nodes, "shallow_cutoff: skipped node")


class ImmediateCutoff(Event):
    """Max^n's immediate pruning (Korf 1991): the node's player has a component at least ``most``, the most any
    player can get (the declared sum ``total`` less the lowest value ``lowest`` of each other player, or the highest
    value the bounds allow, ``highest``, if less), so nothing its other children hold, ``skipped``, can be better
    for it."""

    kind: ClassVar[str] = "immediate_cutoff"
    cuts: ClassVar[bool] = True
    skips: ClassVar[bool] = True
    counted: ClassVar[tuple[str, ...]] = (CUTOFFS,)
    node: int
    skipped: tuple[int, ...]
    most: float
    total: float
    lowest: float
    highest: float | None = None

    follow = Cutoff.follow


class Probed(Event):
    """Star2's probe of a chance node's outcome: only its first child, ``child``, was searched, which proves the
    outcome's value is at least (``bound`` lower: a MAX node) or at most (upper: a MIN node) ``value``. The
    outcome is left; its other children, ``waiting``, are searched if the search phase searches the outcome again,
    and pruned with it if the chance node is cut off first."""

    kind: ClassVar[str] = "probe"
    leaves_node: ClassVar[bool] = True
    node: int
    child: int
    value: float
    bound: Bound
    waiting: tuple[int, ...]

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.child, nodes, "probe: child")
        for child in self.waiting:
            self._child_of(self.node, child, nodes, "probe: waiting node")
        path.pop()


class Researched(Event):
    """Principal variation search: ``child``'s null-window test (α, α + 1) failed high with ``value`` (the
    parent's terms), inside the window (``alpha``, ``beta``), so the child is searched again with (value, β), or
    with (α, β) fail-hard (its value is only the null window's edge)."""

    kind: ClassVar[str] = "research"
    counted: ClassVar[tuple[str, ...]] = (RESEARCHES,)
    node: int
    child: int
    value: float
    alpha: float
    beta: float

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.child, nodes, "research: child")


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
        """Whether the entry was deep enough to use (the counting tracer's rule: its depth reaches the search's)."""
        return self.found not in ("none", "shallow")

    @property
    def bound(self) -> Bound | None:
        """What a usable entry knows, as a bound (``None`` for bounds on both sides, apart, or no usable entry)."""
        return None if not self.hit or self.found == BOTH else Bound.from_word(self.found)

    @property
    def counted(self) -> tuple[str, ...]:
        return (TT_PROBES, TT_HITS) if self.hit else (TT_PROBES,)


class TableCutoff(Event):
    """The table's bound settles the node (a lower bound ≥ β, an upper bound ≤ α, or the exact value): it is left
    with ``value`` without searching below it. ``bound``: what settled it (written ``exact``, ``lower`` or ``upper``
    in JSON); ``move``: the best move the table holds."""

    kind: ClassVar[str] = "table_cutoff"
    leaves_node: ClassVar[bool] = True
    cuts: ClassVar[bool] = True
    node: int
    value: float
    bound: Bound
    move: str | None = None

    def follow(self, path, nodes):
        self._at_node(path)
        path.pop()  # answered from the table: the node is left


class TableStore(Event):
    """The search stores what it proved at the node, just before leaving it (a leaf: just after its evaluation):
    ``lower`` ≤ value ≤ ``upper`` (MAX's terms; merged with what the table held for the same depth), searched
    ``depth`` plies deep, and the best move."""

    kind: ClassVar[str] = "table_store"
    node: int
    lower: float
    upper: float
    depth: float
    move: str | None = None

    def follow(self, path, nodes):
        if getattr(path, "left_leaf", None) == self.node:  # a leaf's store follows its evaluation
            return
        self._at_node(path)


class NodeExited(Event):
    """The node returns ``value``; ``best_child`` is the child of the move the search chose (``None`` if none)."""

    kind: ClassVar[str] = "node_exited"
    leaves_node: ClassVar[bool] = True
    node: int
    value: float
    best_child: int | None

    def follow(self, path, nodes):
        self._at_node(path)
        self._child_of(self.node, self.best_child, nodes, "node_exited: best_child")
        path.pop()


# ---- Monte Carlo tree search ----------------------------------------------------------------------------------
# Its nodes keep visits N and total reward W (for the player who chose the move into the node; the root's for its
# own player to move); rewards are MAX's, in [0, 1]. Statistics per node are tuples (written as JSON objects):
# a selection's children (child, visits, wins, mean, explore, total), a back-up's path (node, visits, wins), the
# final choice's children (child, visits, wins).
SELECT_FIELDS = ("child", "visits", "wins", "mean", "explore", "total")
PATH_FIELDS = ("node", "visits", "wins")
CHOICE_FIELDS = ("child", "visits", "wins")
PLAYOUTS = ("random", "first", "eval", "terminal")  # how a new node was valued (terminal: it is the game's end)


def _in_iteration(path, event) -> None:
    if not path:
        raise ValueError(f"{event.kind} of node {event.node} outside an iteration")


class StatsGiven(Event):
    """Before the search, a node the tree file gives statistics for joins the tree with ``visits`` and ``wins``
    (the root, ``parent`` null, first)."""

    kind: ClassVar[str] = "mcts_given"
    node: int
    parent: int | None
    visits: int
    wins: float

    def follow(self, path, nodes):
        if path:
            raise ValueError(f"mcts_given of node {self.node} during an iteration")
        if self.parent is None and self.node != 0:
            raise ValueError(f"mcts_given of node {self.node} without a parent, but only the root (node 0) has none")
        self._child_of(self.parent, self.node, nodes, "mcts_given: node")


class IterationStarted(Event):
    """Iteration ``number`` starts at the root (``node`` 0)."""

    kind: ClassVar[str] = "mcts_iteration"
    counted: ClassVar[tuple[str, ...]] = (PASSES,)
    node: int
    number: int

    def follow(self, path, nodes):
        if path:
            raise ValueError(f"iteration {self.number} starts while iteration is at node {path[-1]}")
        if self.node != 0:
            raise ValueError(f"iteration {self.number} starts at node {self.node}, not the root")
        path.append(0)


class Selected(Event):
    """At ``node`` (visited ``visits`` times), every child visited, UCB1 picks ``child``; ``children`` holds each
    child's (child, visits, wins, mean Q, exploration term, total) at that moment."""

    kind: ClassVar[str] = "mcts_select"
    records: ClassVar[dict[str, tuple[str, ...]]] = {"children": SELECT_FIELDS}
    node: int
    child: int
    visits: int
    children: tuple

    def follow(self, path, nodes):
        _in_iteration(path, self)
        self._at_node(path)
        for entry in self.children:
            self._child_of(self.node, entry[0], nodes, "mcts_select: child")
        if self.child not in [entry[0] for entry in self.children]:
            raise ValueError(f"mcts_select picks node {self.child}, which is not among the children it scores")
        path.append(self.child)


class Sampled(Event):
    """At chance node ``node``, the outcome ``child`` is drawn (by its probability), already in the tree."""

    kind: ClassVar[str] = "mcts_chance"
    node: int
    child: int

    def follow(self, path, nodes):
        _in_iteration(path, self)
        self._at_node(path)
        self._child_of(self.node, self.child, nodes, "mcts_chance: child")
        path.append(self.child)


class Expanded(Event):
    """``node``, a child of ``parent`` not yet in the tree, joins it."""

    kind: ClassVar[str] = "mcts_expand"
    counted: ClassVar[tuple[str, ...]] = (NODES_VISITED,)
    node: int
    parent: int

    def follow(self, path, nodes):
        _in_iteration(path, self)
        if path[-1] != self.parent:
            raise ValueError(f"node {self.node} is expanded from node {self.parent}, but the iteration is at "
                             f"node {path[-1]}")
        self._child_of(self.parent, self.node, nodes, "mcts_expand: node")
        path.append(self.node)


class PlayedOut(Event):
    """From ``node``, the playout ``how`` (``random``, ``first``; ``eval``: no playout, the node's evaluation;
    ``terminal``: the node ends the game; ``cut``: the moves did not end the game within the search's limit, and
    the position reached is valued by its evaluation) plays ``moves`` and gives MAX ``reward`` (0 to 1)."""

    kind: ClassVar[str] = "mcts_playout"
    counted: ClassVar[tuple[str, ...]] = (LEAVES_EVALUATED,)
    node: int
    how: str
    moves: tuple
    reward: float

    def follow(self, path, nodes):
        _in_iteration(path, self)
        self._at_node(path)


class BackedUp(Event):
    """The reward (MAX's) goes back from ``node`` to the root: ``path`` holds each node's new (node, visits, wins),
    ``node`` first."""

    kind: ClassVar[str] = "mcts_backup"
    records: ClassVar[dict[str, tuple[str, ...]]] = {"path": PATH_FIELDS}
    node: int
    reward: float
    path: tuple

    def follow(self, path, nodes):
        _in_iteration(path, self)
        self._at_node(path)
        if [entry[0] for entry in self.path] != path[::-1]:
            raise ValueError(f"mcts_backup goes up {[entry[0] for entry in self.path]}, not the iteration's path "
                             f"{path[::-1]}")
        path.clear()


class FinalChoice(Event):
    """After ``iterations`` iterations, the root (``node`` 0) plays ``child`` by the ``rule`` (``robust``: most
    visits; ``max``: highest mean); ``children`` holds every child's (child, visits, wins)."""

    kind: ClassVar[str] = "mcts_final"
    records: ClassVar[dict[str, tuple[str, ...]]] = {"children": CHOICE_FIELDS}
    node: int
    child: int | None
    rule: str
    iterations: int
    children: tuple

    def follow(self, path, nodes):
        if path:
            raise ValueError(f"mcts_final while the iteration is at node {path[-1]}")
        for entry in self.children:
            self._child_of(0, entry[0], nodes, "mcts_final: child")


MCTS_EVENTS = (StatsGiven, IterationStarted, Selected, Sampled, Expanded, PlayedOut, BackedUp, FinalChoice)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (PassStarted, NodeEntered, LeafEvaluated, StandPat, ValueUpdated, AlphaUpdated, BetaUpdated, Cutoff, ShallowCutoff,
                ImmediateCutoff, ChanceCutoff, Probed, Researched, TableProbe, TableCutoff, TableStore, NodeExited,
                *MCTS_EVENTS)
}
