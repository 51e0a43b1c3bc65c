"""The family of searches that back up values (minimax, alpha-beta, negamax, PVS, MTD(f), SSS*, iterative
deepening, expectiminimax), as the view sees it (part of the view stage): what each node keeps — its window, its
value so far, how that value relates to the true value (a :class:`Bound`), its cutoff, its best child, what a
transposition table said of it — and how each event type changes it (:data:`FOLD`, one handler per event type,
run by the view's one fold after its own bookkeeping)."""

from __future__ import annotations

import math
from fractions import Fraction

from ..model.state import Player
from ..search.algorithms import chance_weights
from ..search.bounds import Bound
from ..numbers import exact, format_number as num
from ..records import Record
from ..trace.events import (
    BETA_CUT, AlphaUpdated, BetaUpdated, ChanceCutoff, Cutoff, LeafEvaluated, NodeEntered, NodeExited, PassStarted,
    Probed, Researched, StandPat, TableCutoff, TableProbe, TableStore, ValueUpdated,
)
from .node_types import child_type
from .nodes import DONE, Deciding, NodeView

EXACT, LOWER, UPPER, UNKNOWN = Bound.EXACT, Bound.LOWER, Bound.UPPER, Bound.UNKNOWN
INF = math.inf


class Cut(Record, frozen=True):
    """Why a node was left early: its value ``value`` crossed the window's bound ``limit`` (``kind`` says which:
    ``"beta"`` for value ≥ β, ``"alpha"`` for value ≤ α). ``source``: the node that set that bound (the node
    itself: a transposition table's bound narrowed its window; ``None``: the window the pass searched the root
    with); ``plies``: how far above the cut node it is (``None`` with no source). A cutoff is shallow when the
    bound came from the parent (one ply up), deep when it came from two or more plies up."""

    kind: str
    value: float
    limit: float | None
    strict: bool  # the search cuts only when the bound is passed (> rather than ≥)
    source: int | None = None
    plies: int | None = None

    @property
    def deep(self) -> bool:
        return self.plies is not None and self.plies >= 2

    def reason(self) -> str:
        """``2 ≤ α=3``, ``5 ≥ β=4`` (``<``/``>`` under the α > β rule)."""
        if self.limit is None:
            return "cut"
        if self.kind == BETA_CUT:
            return f"{num(self.value)} {'>' if self.strict else '≥'} β={num(self.limit)}"
        return f"{num(self.value)} {'<' if self.strict else '≤'} α={num(self.limit)}"


class Settled(Record, frozen=True, slots=True, compiled=True):
    """A node as the search last left it: its value, the value's bound, its window as left and as entered."""

    value: float | None
    bound: Bound
    window: tuple[float, float] | None
    window_in: tuple[float, float] | None


class ValueNode(NodeView):
    """A node of a search that backs up values. Values are in the trace's terms (the mover's, for negamax)."""

    window_in: tuple[float, float] | None = None  # (α, β) as the node was entered
    window: tuple[float, float] | None = None  # (α, β) as they stand
    value: float | None = None  # the value so far; the returned value once done
    bound: Bound = EXACT  # how ``value`` relates to the true minimax value, once done
    leaf: bool = False  # evaluated as a leaf (terminal or at the depth limit)
    cut: Cut | None = None  # why the node was left early
    best_child: int | None = None  # the child that set the value (once done: the move the search returned)
    probed: str | None = None  # what the transposition table had (see TableProbe.found), when it was asked
    from_table: bool = False  # answered from the table, not searched
    stored: tuple[float, float] | None = None  # the bounds the search stored in the table for the node
    origin: tuple[int | None, int | None] = (None, None)  # the nodes that set its α and β (None: the root's window)
    node_type: str | None = None  # Knuth and Moore's type, PV, CUT or ALL (.node_types), once entered
    searched: tuple[int, ...] = ()  # its children entered in this pass, in the order the search took them
    stand_pat: float | None = None  # quiescence search: the static value the player to move may stand pat on

    def reset(self) -> None:
        NodeView.reset(self)
        self.window_in, self.window, self.value = None, None, None
        self.bound, self.leaf, self.cut, self.best_child = EXACT, False, None, None
        self.probed, self.from_table, self.stored, self.origin = None, False, None, (None, None)
        self.node_type, self.searched, self.stand_pat = None, (), None

    def settled(self) -> Settled:
        return Settled(self.value, self.bound, self.window, self.window_in)

    def state(self) -> tuple:
        return NodeView.state(self) + (self.window_in, self.window, self.value, self.bound, self.leaf, self.cut,
                                       self.best_child, self.probed, self.from_table, self.stored, self.origin,
                                       self.node_type, self.searched, self.stand_pat)


# ---- the fold: how each event changes a node (the view has set its status, visit and pass already) ---------------

def _entered(view, node: ValueNode, event: NodeEntered) -> None:
    if event.alpha is not None:
        node.window_in = node.window = (event.alpha, event.beta)
    if event.parent is None:
        node.node_type = child_type(None, True)
        return
    parent = view.nodes[event.parent]
    if event.node not in parent.searched:  # a child searched again (a re-search) keeps its place
        parent.searched += (event.node,)
    node.node_type = child_type(parent.node_type, parent.searched[0] == event.node)
    node.origin = _origin(view, parent, node.window)


def _origin(view, parent: ValueNode, window: tuple[float, float] | None) -> tuple[int | None, int | None]:
    """The nodes that set a child's α and β: each bound the parent passes down (swapped and negated in negamax)
    keeps the node that set it; a bound the parent made up for the child (a null window) was set by the parent."""
    inherited, passed = parent.origin, parent.window
    if view.mover_terms:
        inherited = inherited[::-1]
        passed = None if passed is None else (-passed[1], -passed[0])
    if window is None or passed is None:
        return inherited
    return tuple(source if bound == given else parent.id
                 for source, bound, given in zip(inherited, window, passed))


def _leaf(view, node: ValueNode, event: LeafEvaluated) -> None:
    node.value, node.leaf, node.bound = event.value, True, EXACT


def _stand_pat(view, node: ValueNode, event: StandPat) -> None:
    """Quiescence search: the static value is the node's so far, and narrows its window as a child's value would."""
    node.value = node.stand_pat = event.value
    if node.window is None:
        return
    alpha, beta = node.window
    if maximises(view, node) and event.value > alpha:
        node.window, node.origin = (event.value, beta), (node.id, node.origin[1])
    elif not maximises(view, node) and event.value < beta:
        node.window, node.origin = (alpha, event.value), (node.origin[0], node.id)


def maximises(view, node: ValueNode) -> bool:
    """Whether the node takes the largest of its options, in the trace's terms (every node of a negamax search)."""
    return view.mover_terms or node.node.player is Player.MAX


def _value(view, node: ValueNode, event: ValueUpdated) -> None:
    node.value = event.new
    if node.node.player is not Player.CHANCE:  # chance chooses no child: it averages them all
        node.best_child = event.child


def _alpha(view, node: ValueNode, event: AlphaUpdated) -> None:
    node.window = (event.new, node.window[1])
    node.origin = (node.id, node.origin[1])


def _beta(view, node: ValueNode, event: BetaUpdated) -> None:
    node.window = (node.window[0], event.new)
    node.origin = (node.origin[0], node.id)


def _cutoff(view, node: ValueNode, event: Cutoff) -> None:
    beta = event.cut == BETA_CUT
    limit = None if node.window is None else node.window[1] if beta else node.window[0]
    source = node.origin[1 if beta else 0]
    plies = None if source is None else node.node.ply - view.nodes[source].node.ply
    node.cut = Cut(event.cut, node.value, limit, view.strict_pruning, source, plies)
    if node.cut.deep:
        view.deep_cutoffs.append(node.id)  # the bound that cut came from two or more levels up


def _chance_cutoff(view, node: ValueNode, event: ChanceCutoff) -> None:
    node.cut = Cut(event.cut, event.value, event.limit, view.strict_pruning)


def _probed(view, node: ValueNode, event: Probed) -> None:
    """Star2's probe: the outcome is left with a bound from its first child alone; its other children wait."""
    node.value, node.bound, node.best_child, node.waiting = event.value, event.bound, event.child, True


def _research(view, node: ValueNode, event: Researched) -> None:
    view.tested[event.child] = -event.value  # the test proved: the child's value (its own terms) is at most −v


def settles(view, probe: TableProbe, window: tuple[float, float]) -> bool:
    """Whether the bounds a probe found settle the node in ``window`` (a table cutoff follows, and no narrowing)."""
    cuts = view.trace.spec.rules.cuts
    return cuts(probe.lower, window[1]) or cuts(window[0], probe.upper)


def _probe(view, node: ValueNode, event: TableProbe) -> None:
    node.probed = event.found
    if event.hit and node.window is not None and not settles(view, event, node.window):
        narrowed = (max(node.window[0], event.lower), min(node.window[1], event.upper))
        node.origin = tuple(node.id if new != old else source  # the table set the bounds it narrowed
                            for source, new, old in zip(node.origin, narrowed, node.window))
        node.window = narrowed


def _table_cutoff(view, node: ValueNode, event: TableCutoff) -> None:
    node.value, node.from_table, node.bound = event.value, True, event.bound


def _store(view, node: ValueNode, event: TableStore) -> None:
    node.stored = (event.lower, event.upper)


def _exited(view, node: ValueNode, event: NodeExited) -> None:
    node.value, node.best_child = event.value, event.best_child
    node.bound = settled_bound(view, node)
    pin_best_line(view, node)


FOLD = {PassStarted: lambda view, node, event: None, NodeEntered: _entered, LeafEvaluated: _leaf,
        StandPat: _stand_pat, ValueUpdated: _value, AlphaUpdated: _alpha, BetaUpdated: _beta, Cutoff: _cutoff,
        ChanceCutoff: _chance_cutoff, Probed: _probed, Researched: _research,
        TableProbe: _probe, TableCutoff: _table_cutoff, TableStore: _store, NodeExited: _exited}


# ---- bounds: how a node's value relates to its true value, from what its children established ---------------------

def bound_of(view, node: ValueNode) -> Bound:
    """How ``node.value`` relates to the node's true minimax value, from what its children established.

    Each child searched in this pass is known to lie in an interval (its value exactly, or above or below
    it); children not searched could be anything. A node's true value then lies between the max (or min) of
    its children's lower ends and the max (or min) of their upper ends; the node's value is exact when both
    ends meet it, a lower bound when the lower end reaches it, an upper bound when the upper end does.
    """
    if node.leaf or not node.children:
        return EXACT
    if node.value is None:
        return UNKNOWN
    if node.node.player is Player.CHANCE:
        return _average_bound(view, node)
    lows, highs = [], []
    if node.stand_pat is not None:  # standing pat is one of the player's options, its value exact
        lows.append(node.stand_pat)
        highs.append(node.stand_pat)
    for child_id in node.children:
        low, high = interval(view, view.nodes[child_id])
        if view.mover_terms:
            low, high = -high, -low
        lows.append(low)
        highs.append(high)
    pick = max if view.mover_terms or node.node.player is Player.MAX else min
    low, high = pick(lows), pick(highs)
    value = node.value
    if low == value == high:
        return EXACT
    if low >= value:
        return LOWER
    if high <= value:
        return UPPER
    return UNKNOWN


def _average_bound(view, node: ValueNode) -> Bound:
    """A chance node's value, the average of its children's, is exact when every child's is; at most (at least) the
    average of their upper (lower) ends, the bounds on the leaf values (or what Star2's probes proved) standing in
    for the children not searched, in exact arithmetic, as the search sums them, so equal values compare equal."""
    ends = [interval(view, view.nodes[child]) for child in node.children]
    low, high = (average(view, node.id, [end[side] for end in ends]) for side in (0, 1))
    value = exact(node.value)
    if low == value == high:
        return EXACT
    if high <= value:
        return UPPER
    if low >= value:
        return LOWER
    return UNKNOWN


def average(view, chance: int, values):
    """The average of ``values``, one per child of the chance node ``chance``, weighted by its probabilities: exact,
    as the search averages (±∞ as itself)."""
    weights, denominator = chance_weights(tuple(view.nodes[child].node.p for child in view.nodes[chance].children))
    values = [exact(v) for v in values]
    if any(math.isinf(v) for v in values):
        return math.fsum(w * v for w, v in zip(weights, values) if w)
    return Fraction(sum(w * v for w, v in zip(weights, values)), denominator)


def interval(view, child: ValueNode) -> tuple[float, float]:
    """What the search established of a child's value: (lowest, highest), within the bounds the leaf values were
    declared to lie in (Star1's), if any."""
    low, high = view.trace.spec.bounds or (-INF, INF)
    if child.status != DONE or child.pass_number != view.pass_number:
        return low, high
    if child.bound == EXACT:
        return child.value, child.value
    if child.bound == LOWER:
        return child.value, high
    if child.bound == UPPER:
        return low, child.value
    return low, high


def settled_bound(view, node: ValueNode) -> Bound:
    """The bound of a node's value as it is left: :func:`bound_of`, and where a null-window test had already
    proved the other side (principal variation search), the two together: at least v and at most v is v; where
    the search stored the node in a transposition table, what the table holds (it adds what earlier passes
    proved)."""
    bound = bound_of(view, node)
    if bound == LOWER and view.tested.get(node.id) == node.value:
        return EXACT
    if node.stored is not None and bound != EXACT:  # what the table holds: this search's proof, and earlier ones'
        lower, upper = node.stored
        if lower == upper == node.value:
            return EXACT
        if bound == UNKNOWN and node.value in (lower, upper):
            return LOWER if node.value == lower else UPPER
    return bound


def pin_best_line(view, node: ValueNode) -> None:
    """A node just proved exact pins its best line. Its value v is the maximum (or minimum) of its children's,
    so a best child that shows v is exactly v when it shows a bound on the side that reaches v (at least v under
    a maximum), or when no other child can reach v; and so on down. (Principal variation search re-searches a
    child with the window (v, β), so the nodes below it may prove only a bound at v; the test proved the other.)"""
    while node.bound == EXACT and node.best_child is not None:
        child = view.nodes[node.best_child]
        if child.bound == EXACT or not child.done or child.pass_number != node.pass_number:
            return
        value, bound = child.value, child.bound
        if view.mover_terms:
            value, bound = -value, bound.flipped
        maximum = view.mover_terms or node.node.player is Player.MAX
        if value != node.value:
            return
        if bound != (LOWER if maximum else UPPER):
            for other in node.children:
                if other == child.id:
                    continue
                low, high = interval(view, view.nodes[other])
                if view.mover_terms:
                    low, high = -high, -low
                if (high >= value) if maximum else (low <= value):
                    return  # another child may be the one worth v
        child.bound = EXACT
        node = child


def bound_now(view, node: ValueNode) -> Bound:
    """The bound of a node's value so far: its settled bound once done, else what its children give."""
    return node.bound if node.done else bound_of(view, node)


# ---- what its exercises ask, generate and grade (read by tracer.exercises) -------------------------------------

ITEMS = ("values", "pruned", "windows", "node_types", "order", "cutoffs")  # the items of its answers and keys
GRADED = ("values", "pruned", "best_move", "windows", "node_types", "order")  # what grade scores, in its order
KEYED = ("values", "pruned", "leaves_evaluated", "cutoffs")  # what a generated key states besides value and move
SCORING = ("one point per item the key asks for, the same maximum for every answer: each inner node's value, "
           "each leaf pruned or not (when the search can prune; graded only when you give pruned:), the best move, "
           "and the windows, node types and visit order the key asks for; an item you do not give scores 0; a plain "
           "number matches a bound with that number, a bound you write must be the search's kind; a decimal matches "
           "when the search's value rounded to the digits you wrote gives it (3.33 for 10/3), a whole number or a "
           "fraction must be exact; what the key does not ask for is pointed out, not scored")


class ValueDeciding(Deciding):
    """The step that decides a node's type (PV, CUT, ALL) is the one that enters it: its type is its place in the
    order the search takes the moves, and a later pass may enter it again."""

    def see(self, view, event) -> None:
        if type(event) is NodeEntered:
            self.node_types[event.node] = view.nodes[event.node].node_type
