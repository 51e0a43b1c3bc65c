"""The searches: minimax, alpha-beta, negamax and negamax with alpha-beta, each calling the tracer at every step.

Each search is written to be read beside the textbook pseudo-code (Russell & Norvig, 4th ed., Figures 5.3 and
5.7, for minimax and alpha-beta, Section 5.4 for quiescence search, and Section 5.5 for expectiminimax; Knuth & Moore 1975 for negamax; Reinefeld
1983 and Marsland 1986 for principal variation search; Plaat, Schaeffer, Pijls & de Bruin 1996 for alpha-beta with
memory, MTD(f) and SSS* as MT-SSS*; Slate & Atkin 1977 for iterative deepening). The tracer calls mark the steps;
with the default :data:`NO_TRACER` they do nothing and allocate nothing, and alpha-beta, asked at every node of a
game's search, does not even make them (``if tracing:``, :func:`~tracer.search.tracers.traced`).

Every search returns ``(value, move)``: the root's backed-up value and the move chosen there. Minimax and
alpha-beta values are in MAX's terms; negamax values are in the terms of the player to move at the node.
Ties keep the first move found, so results are reproducible with the move order the state gives.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable
from fractions import Fraction

from ..errors import SearchOptionError
from ..model.state import UNLIMITED, Player
from ..numbers import exact, format_number
from ..records import Record
from .bounds import Bound
from .grain import value_grain
from .transposition import TranspositionTable, table_key
from .tracers import NO_TRACER, NullTracer, traced

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from ..model.game import GameState

INF = float("inf")
MAX, MIN, CHANCE = Player.MAX, Player.MIN, Player.CHANCE


class Rules(Record, frozen=True):
    """The choices textbooks disagree on, as the searches' inner loops read them: the part of a
    :class:`~tracer.search.spec.SearchSpec` (which checks them) that a search takes.

    ``prune``: ``"ge"`` cuts off when α ≥ β (the usual rule); ``"gt"`` only when α > β.
    ``fail``:  ``"soft"`` returns the best value seen, as Russell & Norvig do; ``"hard"`` clamps the returned
               value into the window [α, β] the node was given.
    """

    prune: str = "ge"
    fail: str = "soft"

    @property
    def fail_hard(self) -> bool:
        """Values are clamped into the node's window."""
        return self.fail == "hard"

    @property
    def cuts(self) -> Callable[[float, float], bool]:
        """``cuts(α, β)`` is true when the window is closed and the remaining children can be skipped."""
        return operator.ge if self.prune == "ge" else operator.gt

    def returned(self, value: float, alpha: float, beta: float) -> float:
        """The value a node hands back: as found (fail-soft), or clamped into its window (fail-hard)."""
        if self.fail == "soft":
            return value
        return min(max(value, alpha), beta)

    def as_dict(self) -> dict[str, str]:
        return {"prune": self.prune, "fail": self.fail}


STANDARD = Rules()


@functools.lru_cache(maxsize=1024)
def chance_weights(probabilities: tuple) -> tuple[tuple[int, ...], int]:
    """Chance moves' probabilities as the exact fractions they stand for (:func:`tracer.numbers.exact`: 1/6 for a die's
    face given as 0.1666…), written over one denominator: (the numerators, the denominator). Probabilities that
    add up to 1 only within rounding (a file's 0.3333333333 three times, a game's floats) are scaled to add up to
    exactly 1, so an average always lies between its outcomes' values (Star1's bounds hold of it)."""
    odds = [Fraction(exact(p)) for p in probabilities]
    total = sum(odds)
    if total != 1 and total > 0:
        odds = [p / total for p in odds]
    denominator = math.lcm(*(p.denominator for p in odds))
    return tuple(p.numerator * (denominator // p.denominator) for p in odds), denominator


def leaf_value(state: GameState, depth: float) -> float | None:
    """The value of a node the search stops at, in MAX's terms, or ``None`` if the search goes on. (Alpha-beta's
    two functions write it out in a line, the same rule: a call fewer at every node of a game's search.)"""
    if state.is_terminal():
        return state.utility()
    if depth <= 0:
        return state.evaluate()
    return None


def exact_leaf_value(state: GameState, depth: float):
    """:func:`leaf_value` as the exact number it stands for (:func:`tracer.numbers.exact`), for the searches that add
    values or windows: expectiminimax, Star1, Star2, and the null windows of MTD(f) and SSS*."""
    v = leaf_value(state, depth)
    return v if v is None else exact(v)


def minimax(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER):
    """MINIMAX-SEARCH: the minimax value of ``root`` (MAX's terms) and the move that reaches it."""

    def max_value(state, depth, move):
        tracer.enter(state, move)
        v = leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        v, best = -INF, None
        for a in state.moves():
            v2, _ = value(state.child(a), depth - 1, a)
            if v2 > v:
                tracer.value_updated(v, v2)
                v, best = v2, a
        tracer.exit(v, best)
        return v, best

    def min_value(state, depth, move):
        tracer.enter(state, move)
        v = leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        v, best = INF, None
        for a in state.moves():
            v2, _ = value(state.child(a), depth - 1, a)
            if v2 < v:
                tracer.value_updated(v, v2)
                v, best = v2, a
        tracer.exit(v, best)
        return v, best

    def value(state, depth, move):
        return max_value(state, depth, move) if state.player is MAX else min_value(state, depth, move)

    return value(root, depth, None)


def expectiminimax(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER,
                   rules: Rules = STANDARD, bounds: tuple[float, float] | None = None):
    """EXPECTIMINIMAX (Russell & Norvig, 4th ed., Section 5.5): minimax where MAX and MIN move, and at a chance
    node the sum of its children's values, each weighted by its probability P(r), in exact arithmetic (values and
    probabilities as the fractions they stand for). Given ``bounds`` (L, U) on every leaf value, it is searched by
    :func:`star1` instead, with ``rules``: the same value, fewer leaves."""
    if bounds is not None:
        return star1(root, depth, tracer, rules, bounds)

    def value(state, depth, move):
        tracer.enter(state, move)
        v = exact_leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        if state.player is CHANCE:
            # the P(r) as fractions over one denominator, so the weighted sum is exact: equal averages are equal,
            # and a tie keeps the first move
            moves = state.moves()
            weights, denominator = chance_weights(tuple(state.probability(r) for r in moves))
            v, total = 0, 0
            for r, weight in zip(moves, weights):
                v2, _ = value(state.child(r), depth - 1, r)
                total += weight * v2
                new = Fraction(total, denominator)
                tracer.value_updated(v, new)
                v = new
            tracer.exit(v, None)  # chance chooses no move
            return v, None
        better = operator.gt if state.player is MAX else operator.lt
        v, best = (-INF if state.player is MAX else INF), None
        for a in state.moves():
            v2, _ = value(state.child(a), depth - 1, a)
            if better(v2, v):
                tracer.value_updated(v, v2)
                v, best = v2, a
        tracer.exit(v, best)
        return v, best

    return value(root, depth, None)


def alphabeta(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
              chance=None, quiescence: bool = False):
    """ALPHA-BETA-SEARCH: the same value and move as minimax, skipping children that cannot matter. ``chance``:
    how a chance node is searched (:func:`star1`'s or :func:`star2`'s), called as ``chance(state, α, β, depth,
    move, value)``; the values are then exact (:func:`exact_leaf_value`), as its windows are. ``quiescence``: a
    node at the depth limit is searched on by :func:`quiescence_search` instead of evaluated."""
    cuts, fail_hard = rules.cuts, rules.fail_hard
    tracing = traced(tracer)
    exact_values = chance is not None  # (as exact_leaf_value makes them)
    quiet = quiescence_search(root, tracer, rules) if quiescence else None

    def max_value(state, alpha, beta, depth, move):
        if tracing: tracer.enter(state, move, alpha, beta)
        v = state.utility() if state.is_terminal() else state.evaluate() if depth <= 0 else None  # leaf_value
        if v is not None:
            if exact_values: v = exact(v)
            if tracing: tracer.leaf(v)
            return v, None
        alpha_in = alpha
        v, best = -INF, None
        for a in (moves := iter(state.moves())):  # (a cutoff skips the moves it has not reached)
            child = state.child(a)
            v2, _ = (max_value if child.player is MAX else min_value)(child, alpha, beta, depth - 1, a)
            if v2 > v:
                if tracing: tracer.value_updated(v, v2)
                v, best = v2, a
                if v > alpha:
                    if tracing: tracer.alpha_updated(alpha, v)
                    alpha = v
            if v >= beta and cuts(v, beta):  # (either rule cuts only there: the usual case asks no more)
                if tracing: tracer.cutoff(tuple(moves))
                break
        if fail_hard:
            v = rules.returned(v, alpha_in, beta)
        if tracing: tracer.exit(v, best)
        return v, best

    def min_value(state, alpha, beta, depth, move):
        if tracing: tracer.enter(state, move, alpha, beta)
        v = state.utility() if state.is_terminal() else state.evaluate() if depth <= 0 else None  # leaf_value
        if v is not None:
            if exact_values: v = exact(v)
            if tracing: tracer.leaf(v)
            return v, None
        beta_in = beta
        v, best = INF, None
        for a in (moves := iter(state.moves())):  # (a cutoff skips the moves it has not reached)
            child = state.child(a)
            v2, _ = (max_value if child.player is MAX else min_value)(child, alpha, beta, depth - 1, a)
            if v2 < v:
                if tracing: tracer.value_updated(v, v2)
                v, best = v2, a
                if v < beta:
                    if tracing: tracer.beta_updated(beta, v)
                    beta = v
            if alpha >= v and cuts(alpha, v):
                if tracing: tracer.cutoff(tuple(moves))
                break
        if fail_hard:
            v = rules.returned(v, alpha, beta_in)
        if tracing: tracer.exit(v, best)
        return v, best

    def value(state, alpha, beta, depth, move):  # the player to move at a node chooses the search
        return (max_value if state.player is MAX else min_value)(state, alpha, beta, depth, move)

    def first_beyond(players_search):
        """MAX's or MIN's search, after Star1's chance nodes and quiescence's horizon (a child whose player is not
        MAX goes to MIN's search: a chance node goes there too, and is taken here)."""
        def search(state, alpha, beta, depth, move):
            if chance is not None and state.player is CHANCE:  # Star1's (a chance node at the horizon is a leaf)
                return chance(state, alpha, beta, depth, move, value)
            if quiet is not None and depth <= 0:  # the horizon: quiescence search goes on while captures are possible
                return quiet(state, alpha, beta, move)
            return players_search(state, alpha, beta, depth, move)
        return search

    if chance is not None or quiet is not None:  # (the usual search asks no more of a node than its player)
        max_value, min_value = first_beyond(max_value), first_beyond(min_value)
    return value(root, -INF, INF, depth, None)


def quiescence_search(root: GameState, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD):
    """QUIESCENCE SEARCH (Russell & Norvig, 4th ed., Section 5.4): a position at the depth limit is evaluated only
    once it is quiet. A capture just past the horizon can change its value at once (the horizon effect), so the
    search goes on through the game's *noisy* moves (``state.noisy_moves()``: captures and promotions in chess),
    and those alone. The player to move need not make one: it may "stand pat" on the static evaluation, which is
    its value so far (and narrows its window), and a noisy move counts only if it does better. Alpha-beta's window
    and cutoffs apply; values in MAX's terms. Returns ``value(state, α, β, move)``, which enters the node."""
    refuse_without_noisy_moves(root)
    cuts = rules.cuts

    def value(state, alpha, beta, move):
        tracer.enter(state, move, alpha, beta)
        if state.is_terminal():
            v = state.utility()
            tracer.leaf(v)
            return v, None
        maximising = state.player is MAX
        v, best = state.evaluate(), None
        tracer.stand_pat(v)  # the value if the player to move makes no noisy move
        alpha_in, beta_in = alpha, beta
        alpha, beta = (max(alpha, v), beta) if maximising else (alpha, min(beta, v))
        for i, a in enumerate(moves := state.noisy_moves()):
            if cuts(v, beta) if maximising else cuts(alpha, v):
                tracer.cutoff(moves[i:])  # standing pat (or a capture) is already good enough
                break
            v2, _ = value(state.child(a), alpha, beta, a)
            if (v2 > v) if maximising else (v2 < v):
                tracer.value_updated(v, v2)
                v, best = v2, a
                if maximising and v > alpha:
                    tracer.alpha_updated(alpha, v)
                    alpha = v
                elif not maximising and v < beta:
                    tracer.beta_updated(beta, v)
                    beta = v
        v = rules.returned(v, alpha_in, beta_in)
        tracer.exit(v, best)
        return v, best

    return value


def refuse_without_noisy_moves(root: GameState) -> None:
    """Quiescence search needs the game to say which moves are noisy (an optional ``noisy_moves()``)."""
    if not callable(getattr(root, "noisy_moves", None)):
        raise SearchOptionError("--quiescence needs a game whose positions say which moves are noisy "
                                "(noisy_moves(), as chess's captures and promotions); this one does not")


def star1(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
          bounds: tuple[float, float] | None = None):
    """*-MINIMAX with STAR1 (Ballard 1983, as Hauk, Buro & Schaeffer 2004 give it): alpha-beta at MAX and MIN nodes;
    at a chance node, every leaf value known to lie in [L, U] = ``bounds``, each outcome is searched with the window
    that the bounds and the outcomes already seen allow, and the node is cut off as soon as one outcome's value
    proves the average outside (α, β): at most α with every outcome not yet searched at U, or at least β with every
    one at L. Ballard's weighted form: outcome i has probability P(i), so with S the weighted sum of the outcomes
    seen and R the probability not yet searched, outcome i gets the window (A, B), clipped to [L, U], where
    S + P(i)·A + R·U = α and S + P(i)·B + R·L = β. The arithmetic is exact, so the value and the best move are
    expectiminimax's, ties included. Without ``bounds`` it is :func:`expectiminimax`."""
    if bounds is None:
        return expectiminimax(root, depth, tracer)
    return alphabeta(root, depth, tracer, rules, chance=_star(tracer, rules, bounds, probing=False))


def star2(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
          bounds: tuple[float, float] | None = None):
    """*-MINIMAX with STAR2 (Ballard 1983; Hauk, Buro & Schaeffer 2004): Star1, and before a chance node's outcomes
    are searched, a probing phase. Each outcome that is a MAX node is *probed*: its first child alone is searched
    (Hauk et al.'s "first child" probe order), which proves the outcome is worth at least that much; an outcome
    that is a MIN node, at most that much. As soon as the bounds the probes proved, with L (or U) for the outcomes
    not yet probed, put the average at or beyond β (or α), the chance node is cut off without searching any
    outcome in full. Otherwise the outcomes are searched as Star1 searches them, each outcome not yet searched
    counted at what its probe proved rather than at L or U, and each searched within the bounds its probe proved.
    A probe asks only what can cut: a MAX outcome is probed only when β is finite, and its child is searched with
    (L, B), B the value at which the average's lower bound reaches β, so whatever it returns is a lower bound (a
    MIN outcome the other way round). Without ``bounds`` nothing can be proved of an average before every outcome
    is seen, so there is nothing to probe with: it is :func:`expectiminimax`, as expectiminimax without bounds is."""
    if bounds is None:
        return expectiminimax(root, depth, tracer)
    return alphabeta(root, depth, tracer, rules, chance=_star(tracer, rules, bounds, probing=True))


def _star(tracer: NullTracer, rules: Rules, bounds: tuple[float, float], probing: bool):
    """The chance-node search of Star1 (``probing`` off) or Star2 (on), for :func:`alphabeta`'s ``chance``."""
    low, high = exact(bounds[0]), exact(bounds[1])
    cuts = rules.cuts

    def chance_value(state, alpha, beta, depth, move, value):
        tracer.enter(state, move, alpha, beta)
        v = exact_leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        alpha, beta = exact(alpha), exact(beta)
        moves = state.moves()
        weights, denominator = chance_weights(tuple(state.probability(r) for r in moves))
        lows, highs = [low] * len(moves), [high] * len(moves)  # what is known of each outcome's value
        if probing:
            cut = probe_outcomes(state, alpha, beta, depth, value, moves, weights, denominator, lows, highs)
            if cut is not None:
                return left(cut, alpha, beta)
        v, seen = 0, 0  # the average so far, and the weighted sum of the outcomes searched
        for i, (r, weight) in enumerate(zip(moves, weights)):
            above = _weighted(weights[i + 1:], highs[i + 1:])  # the outcomes not searched, each at its most
            below = _weighted(weights[i + 1:], lows[i + 1:])  # ... and at its least
            a = _solve(alpha, denominator, seen + above, weight, -INF)  # v ≤ A: the average ≤ α
            b = _solve(beta, denominator, seen + below, weight, INF)  # v ≥ B: the average ≥ β
            v2, _ = value(state.child(r), max(a, lows[i]), min(b, highs[i]), depth - 1, r)
            seen += weight * v2
            new = Fraction(seen, denominator)
            tracer.value_updated(v, new)
            v = new
            fail_low = cuts(a, v2)
            if fail_low or cuts(v2, b):  # every outcome not searched at its most (or least) cannot save it
                return left(cut_off(moves[i + 1:], fail_low, seen + (above if fail_low else below), denominator,
                                    alpha, beta), alpha, beta)
        return left(v, alpha, beta)

    def cut_off(skipped, fail_low: bool, total, denominator: int, alpha, beta):
        """The chance node cut off: the bound on its average (``total`` over ``denominator``), traced."""
        bound = Fraction(total, denominator)
        tracer.chance_cutoff(skipped, Bound.UPPER if fail_low else Bound.LOWER, bound, alpha if fail_low else beta,
                             high if fail_low else low)
        return bound

    def left(v, alpha, beta):
        v = rules.returned(v, alpha, beta)
        tracer.exit(v, None)  # chance chooses no move
        return v, None

    def probe_outcomes(state, alpha, beta, depth, value, moves, weights, denominator, lows, highs):
        """Star2's probing phase: probe each outcome in turn, narrowing ``lows`` (``highs``) to what its probe
        proved; the bound on the average that cuts the chance node off, or ``None``."""
        for i, (r, weight) in enumerate(zip(moves, weights)):
            child = state.child(r)
            side = _probe_side(child, depth - 1)
            if side is None or weight == 0 or math.isinf(beta if side is Bound.LOWER else alpha):
                continue  # a leaf, a chance node, an outcome that moves nothing, or a bound that cannot cut
            if side is Bound.LOWER:
                b = _solve(beta, denominator, _weighted(weights, lows) - weight * lows[i], weight, INF)
                lows[i] = probe(child, lows[i], min(b, highs[i]), depth - 1, r, value, side)
                total = _weighted(weights, lows)
                if cuts(Fraction(total, denominator), beta):
                    return cut_off(moves, False, total, denominator, alpha, beta)  # none was searched in full
            else:
                a = _solve(alpha, denominator, _weighted(weights, highs) - weight * highs[i], weight, -INF)
                highs[i] = probe(child, max(a, lows[i]), highs[i], depth - 1, r, value, side)
                total = _weighted(weights, highs)
                if cuts(alpha, Fraction(total, denominator)):
                    return cut_off(moves, True, total, denominator, alpha, beta)
        return None

    def probe(state, alpha, beta, depth, move, value, bound: Bound):
        """Star2's probe of an outcome: its first child alone, searched with (α, β); at a MAX node the outcome is
        worth at least what it returns (``bound`` LOWER), at a MIN node at most."""
        tracer.enter(state, move, alpha, beta)
        moves = state.moves()
        v, _ = value(state.child(moves[0]), alpha, beta, depth - 1, moves[0])
        tracer.value_updated(-INF if bound is Bound.LOWER else INF, v)
        tracer.probe(moves[1:], v, bound)  # the outcome is left: its other children wait for the search phase
        return v

    return chance_value


def _probe_side(state, depth: float) -> Bound | None:
    """What probing an outcome's first child proves of it: a lower bound at a MAX node, an upper at a MIN node;
    ``None`` for a leaf (or a node at the depth limit) and a chance node."""
    if state.player is CHANCE or state.is_terminal() or depth <= 0:
        return None
    return Bound.LOWER if state.player is MAX else Bound.UPPER


def _weighted(weights, values):
    """The sum of ``values`` each times its weight (exact)."""
    return sum(w * v for w, v in zip(weights, values))


def _solve(limit, denominator: int, others, weight: int, otherwise: float):
    """The value x of an outcome (``weight``/``denominator`` its probability) at which the average reaches
    ``limit`` when the other outcomes add up to ``others`` (weighted, exact): ±∞ with the limit, and ``otherwise``
    for an outcome of probability 0, which cannot move the average (nothing it returns decides a cut)."""
    if math.isinf(limit):
        return limit
    if weight == 0:
        return otherwise
    return Fraction(denominator * limit - others, weight)


def negamax(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER):
    """NEGAMAX: minimax written once for both players; every value is from the view of the player to move."""

    def value(state, depth, move):
        tracer.enter(state, move)
        v = leaf_value(state, depth)
        if v is not None:
            v = state.player.sign * v  # MAX's terms -> the mover's terms
            tracer.leaf(v)
            return v, None
        v, best = -INF, None
        for a in state.moves():
            v2, _ = value(state.child(a), depth - 1, a)
            if -v2 > v:
                tracer.value_updated(v, -v2)
                v, best = -v2, a
        tracer.exit(v, best)
        return v, best

    return value(root, depth, None)


def negamax_ab(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
               quiescence: bool = False):
    """NEGAMAX with alpha-beta: the child is searched with the window negated and swapped, (−β, −α).
    ``quiescence``: a node at the depth limit is searched on by :func:`quiescence_negamax`."""
    cuts = rules.cuts
    quiet = quiescence_negamax(root, tracer, rules) if quiescence else None

    def value(state, alpha, beta, depth, move):
        if quiet is not None and depth <= 0:
            return quiet(state, alpha, beta, move)
        tracer.enter(state, move, alpha, beta)
        v = leaf_value(state, depth)
        if v is not None:
            v = state.player.sign * v  # MAX's terms -> the mover's terms
            tracer.leaf(v)
            return v, None
        alpha_in = alpha
        v, best = -INF, None
        for i, a in enumerate(moves := state.moves()):
            v2, _ = value(state.child(a), -beta, -alpha, depth - 1, a)
            if -v2 > v:
                tracer.value_updated(v, -v2)
                v, best = -v2, a
                if v > alpha:
                    tracer.alpha_updated(alpha, v)
                    alpha = v
            if cuts(alpha, beta):
                tracer.cutoff(moves[i + 1:])
                break
        v = rules.returned(v, alpha_in, beta)
        tracer.exit(v, best)
        return v, best

    return value(root, -INF, INF, depth, None)


def quiescence_negamax(root: GameState, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD):
    """:func:`quiescence_search` written once for both players, for negamax with alpha-beta and principal variation
    search: values in the terms of the player to move, the child searched with (−β, −α)."""
    refuse_without_noisy_moves(root)
    cuts = rules.cuts

    def value(state, alpha, beta, move):
        tracer.enter(state, move, alpha, beta)
        if state.is_terminal():
            v = state.player.sign * state.utility()  # MAX's terms -> the mover's terms
            tracer.leaf(v)
            return v, None
        v, best = state.player.sign * state.evaluate(), None
        tracer.stand_pat(v)  # the value if the player to move makes no noisy move
        alpha_in, alpha = alpha, max(alpha, v)
        for i, a in enumerate(moves := state.noisy_moves()):
            if cuts(alpha, beta):
                tracer.cutoff(moves[i:])  # standing pat (or a capture) is already good enough
                break
            v2, _ = value(state.child(a), -beta, -alpha, a)
            if -v2 > v:
                tracer.value_updated(v, -v2)
                v, best = -v2, a
                if v > alpha:
                    tracer.alpha_updated(alpha, v)
                    alpha = v
        v = rules.returned(v, alpha_in, beta)
        tracer.exit(v, best)
        return v, best

    return value


def pvs(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
        quiescence: bool = False):
    """PRINCIPAL VARIATION SEARCH (NegaScout; Reinefeld 1983, in the negamax form of Marsland 1986): the first
    child is searched with the whole window; every other child only tests, with the null window (α, α + 1), whether
    it is better than the best so far. One that is (the test fails high, inside (α, β)) is searched again with the
    window (v, β), v being what the test proved; fail-hard, whose v is only the window's edge, with (α, β).
    ``quiescence``: a node at the depth limit is searched on by :func:`quiescence_negamax`."""
    cuts = rules.cuts
    quiet = quiescence_negamax(root, tracer, rules) if quiescence else None

    def value(state, alpha, beta, depth, move):
        if quiet is not None and depth <= 0:
            return quiet(state, alpha, beta, move)
        tracer.enter(state, move, alpha, beta)
        v = leaf_value(state, depth)
        if v is not None:
            v = state.player.sign * v  # MAX's terms -> the mover's terms
            tracer.leaf(v)
            return v, None
        alpha_in = alpha
        v, best = -INF, None
        for i, a in enumerate(moves := state.moves()):
            if i == 0:
                v2, _ = value(state.child(a), -beta, -alpha, depth - 1, a)
            else:
                v2, _ = value(state.child(a), -alpha - 1, -alpha, depth - 1, a)  # the null-window test
                if alpha < -v2 < beta:  # it fails high: the child may be better, so search it properly
                    tracer.research(-v2, alpha, beta)
                    low = alpha if rules.fail_hard else -v2
                    v2, _ = value(state.child(a), -beta, -low, depth - 1, a)
            if -v2 > v:
                tracer.value_updated(v, -v2)
                v, best = -v2, a
                if v > alpha:
                    tracer.alpha_updated(alpha, v)
                    alpha = v
            if cuts(alpha, beta):
                tracer.cutoff(moves[i + 1:])
                break
        v = rules.returned(v, alpha_in, beta)
        tracer.exit(v, best)
        return v, best

    return value(root, -INF, INF, depth, None)


def alphabeta_with_memory(root: GameState, alpha: float, beta: float, depth: float, tracer: NullTracer,
                          rules: Rules, table: TranspositionTable, best_first: bool = False,
                          exact_values: bool = False):
    """ALPHA-BETA-WITH-MEMORY (Plaat, Schaeffer, Pijls & de Bruin 1996, Figure 2): alpha-beta that asks the table
    about each node first, where a bound that settles the node returns at once and any other narrows the window,
    and afterwards stores what it proved: the value, exact inside the window, else the bound it is. Fail-soft as in
    the paper, so a value outside the window is the tightest bound found. With ``best_first`` the best move the table
    holds is searched first (iterative deepening); without, the move order stays the state's, as in the paper.
    ``exact_values``: the leaves' values as the exact numbers they stand for, as MTD(f)'s windows (β − g, β) are."""
    cuts = rules.cuts
    leaf_value_of = exact_leaf_value if exact_values else leaf_value

    def value(state, alpha, beta, depth, move):
        tracer.enter(state, move, alpha, beta)
        key = table_key(state)
        entry = table.probe(key)
        tracer.table_probe(entry, depth, best_first)
        if entry is not None and entry.depth >= depth:
            if cuts(entry.lower, beta):
                tracer.table_cutoff(entry.lower, entry)
                return entry.lower, entry.move
            if cuts(alpha, entry.upper):
                tracer.table_cutoff(entry.upper, entry)
                return entry.upper, entry.move
            alpha, beta = max(alpha, entry.lower), min(beta, entry.upper)
        v = leaf_value_of(state, depth)
        if v is not None:
            over = state.is_terminal()  # the game is over here: the value holds however deep one searches
            table.horizon |= not over  # a depth limit stopped the search here (iterative deepening goes on)
            tracer.leaf(v)
            tracer.table_store(table.store(key, UNLIMITED if over else depth, v, v, None), of_leaf=True)
            return v, None
        moves = state.moves()
        if best_first and entry is not None and entry.move in moves:  # the best move found before goes first
            moves = [entry.move] + [a for a in moves if a != entry.move]
        alpha_in, beta_in = alpha, beta
        maximising = state.player is MAX
        v, best = (-INF if maximising else INF), None
        for i, a in enumerate(moves):
            v2, _ = value(state.child(a), alpha, beta, depth - 1, a)
            if (v2 > v) if maximising else (v2 < v):
                tracer.value_updated(v, v2)
                v, best = v2, a
                if maximising and v > alpha:
                    tracer.alpha_updated(alpha, v)
                    alpha = v
                elif not maximising and v < beta:
                    tracer.beta_updated(beta, v)
                    beta = v
            if cuts(v, beta) if maximising else cuts(alpha, v):
                tracer.cutoff(moves[i + 1:])
                break
        v = rules.returned(v, alpha_in, beta_in)
        lower, upper = (v if v > alpha_in else -INF), (v if v < beta_in else INF)  # inside the window: exact
        tracer.table_store(table.store(key, depth, lower, upper, best))
        tracer.exit(v, best)
        return v, best

    return value(root, alpha, beta, depth, None)


def mtdf(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
         guess: float = 0, tt_size: int | None = None):
    """MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996, Figure 3): the value found by null-window tests alone. Each
    pass asks "is the value at least β?" with the window (β − g, β), searching with memory, so a later pass finds
    what an earlier one proved in the table; the answer raises the lower bound or lowers the upper one, and the next
    test is at the bound just found (or g above it). It starts from the first ``guess`` and stops when the bounds
    meet. The paper's g is 1, the grain of whole numbers; here it is the tree's or the game's grain
    (:func:`tracer.search.grain.value_grain`), so that no value lies strictly inside a window on decimals either,
    and the arithmetic is exact.

    The best move is the one a pass proved for the root's player: a test that failed high at MAX's root (low at
    MIN's) shows a move reaching the bound."""
    table = TranspositionTable(tt_size)
    grain = value_grain(root, depth, guess)
    g, lower, upper, best = exact(guess), -INF, INF, None
    maximising = root.player is MAX
    while lower < upper:
        beta = g + grain if g == lower else g
        tracer.begin_pass(f"is the value ≥ {format_number(beta)}?", beta - grain, beta)
        g, move = alphabeta_with_memory(root, beta - grain, beta, depth, tracer, rules, table, exact_values=True)
        if g < beta:
            upper = g
        else:
            lower = g
        if best is None or (g >= beta) == maximising:
            best = move
    return g, best


def sss(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD,
        tt_size: int | None = None):
    """SSS* (Stockman 1979) in Plaat et al.'s formulation MT-SSS* (1996, Figure 5): MTD(f) whose first guess is
    +∞ (with MTD(f)'s grain, so decimals too). The first pass, with the window (+∞, +∞), expands every child of a MAX
    node and the first of a MIN node:
    an upper bound on the value. Each later pass tests the bound just found, and the table leads it down the most
    promising line first: best-first, as Stockman's OPEN list does, with depth-first passes and a table instead
    of a sorted list. It evaluates the same leaves as SSS* (Plaat et al. prove it), and so never one that
    alpha-beta with the same move order skips."""
    return mtdf(root, depth, tracer, rules, guess=INF, tt_size=tt_size)


def iterative_deepening(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER,
                        rules: Rules = STANDARD, tt_size: int | None = None):
    """ITERATIVE DEEPENING (Slate & Atkin 1977): alpha-beta with a transposition table, 1 ply deep, then 2, ... up
    to ``depth`` (without a depth: until a search meets no depth limit). Each iteration stores its best moves, and
    the next searches them first; positions met again within an iteration (transpositions) are answered from the
    table. The last iteration's value and move are the result.

    A tree file can stop a search only where its nodes give a static value (``eval:``): there the iterations start
    at the shallowest depth at which every node they stop at has one, and a tree without them is searched in one
    iteration, to its leaves."""
    table = TranspositionTable(tt_size)
    iteration = _first_iteration(root, depth) - 1
    while True:
        iteration += 1
        tracer.begin_pass(f"iteration {iteration}, {iteration} {'ply' if iteration == 1 else 'plies'} deep")
        table.horizon = False
        v, move = alphabeta_with_memory(root, -INF, INF, min(iteration, depth), tracer, rules, table, best_first=True)
        if iteration >= depth or not table.horizon:
            return v, move


def _first_iteration(root: GameState, depth: float) -> int:
    """The depth iterative deepening starts at: 1 in a game; in a tree file, the shallowest depth at which every
    inner node on the horizon has a static value (``eval:``)."""
    if not getattr(root, "explicit", False):
        return 1
    level, plies = [root], 0
    while plies < depth:
        plies += 1
        level = [state.child(a) for state in level for a in state.moves()]
        if all(state.is_terminal() or getattr(state, "evaluation", None) is not None for state in level):
            return plies
    return max(1, plies)


def maxn(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER,
         bounds: tuple[float, float] | None = None):
    """MAX^N (Luckhardt & Irani 1986; Russell & Norvig, 4th ed., Section 5.2.2): a game of several players, each
    leaf a vector of utilities, one per player; at each node the player to move (``state.mover``, an index) takes
    the child whose vector is best for itself. Ties keep the first child in move order.

    With a declared constant sum S of the components (``state.named.total``) and a lowest value L of each (the
    first of ``bounds``, (L, U), which say every component of every leaf lies in [L, U], as Star1's say every leaf
    value does; 0 without them), Korf's two prunings (1991, "Multi-player alpha-beta pruning"), in exact
    arithmetic:

    - *immediate*: no player can get more than M = S − (n − 1)·L (the others at their least), or than the highest
      value the bounds allow, U, if less; a player whose best so far reaches M has the best it can have, and its
      other children cannot matter;
    - *shallow* ("Shallow", Figure 3, there with L = 0): a node below the root is searched with a Bound, the most
      its player can get before its parent's player must prefer what it has, S − (n − 2)·L − Best[i], Best[i]
      being the parent's player's best so far (L before the first child). As soon as the node's best for its own
      player reaches the Bound, its other children cannot matter: the parent's player would get at most
      S − (n − 2)·L − (that best) ≤ Best[i] from it, and keeps the first of equals.

    The Bound is never above M, so where both hold, the cutoff is the immediate one (it needs no parent)."""
    named = root.named
    low, high = (0, None) if bounds is None else bounds
    players, lowest = len(named.names), exact(low)
    total = None if named.total is None else exact(named.total)
    most = None if total is None else min([total - (players - 1) * lowest] + ([] if high is None else [exact(high)]))

    def bound_for(best) -> float | None:
        """The Bound a child is searched with: S − (n − 2)·L − the best so far for the player to move here."""
        if total is None:
            return None
        return total - (players - 2) * lowest - (lowest if best is None else exact(best))

    def value(state, depth, move, bound):
        tracer.enter(state, move)
        v = leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        i = state.mover
        v, best = None, None
        for k, a in enumerate(moves := state.moves()):
            v2, _ = value(state.child(a), depth - 1, a, bound_for(None if v is None else v[i]))
            if v is None or v2[i] > v[i]:
                tracer.value_updated(v, v2)
                v, best = v2, a
            if most is not None and exact(v[i]) >= most:
                tracer.immediate_cutoff(moves[k + 1:], most, named.total, low, high)
                break
            if bound is not None and exact(v[i]) >= bound:
                tracer.shallow_cutoff(moves[k + 1:], bound, named.total, low)
                break
        tracer.exit(v, best)
        return v, best

    return value(root, depth, None, None)  # the root has no parent to prefer what it has: only M cuts there


class RootPlayersView:
    """A state of a tree with named players seen by the root's player against all the others (paranoid,
    Sturtevant & Korf 2000): MAX where the root's player moves, MIN elsewhere, and the root player's component of
    each leaf as its utility. Every other member is the state's own."""

    __slots__ = ("inner", "me")

    def __init__(self, inner, me: int):
        self.inner, self.me = inner, me

    @property
    def player(self) -> Player:
        return MAX if self.inner.mover == self.me else MIN

    def child(self, move):
        return RootPlayersView(self.inner.child(move), self.me)

    def utility(self):
        return self.inner.utility()[self.me]

    def evaluate(self):
        return self.inner.evaluate()[self.me]

    def __getattr__(self, name):
        return getattr(self.inner, name)


def paranoid(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD):
    """PARANOID (Sturtevant & Korf 2000): the root's player assumes every other player plays against it, so the
    game is two-player: its own component maximised where it moves, minimised everywhere else, searched with
    alpha-beta (:func:`alphabeta`, on :class:`RootPlayersView`). Values are the root player's utility."""
    return alphabeta(RootPlayersView(root, root.mover), depth, tracer, rules)
