"""The searches: minimax, alpha-beta, negamax and negamax with alpha-beta, each calling the tracer at every step.

Each search is written to be read beside the textbook pseudo-code (Russell & Norvig, 4th ed., Figures 5.3 and
5.7, for minimax and alpha-beta, and Section 5.5 for expectiminimax; Knuth & Moore 1975 for negamax; Reinefeld
1983 and Marsland 1986 for principal variation search). The tracer calls mark the steps; with the
default :data:`NO_TRACER` they do nothing and allocate nothing.

Every search returns ``(value, move)``: the root's backed-up value and the move chosen there. Minimax and
alpha-beta values are in MAX's terms; negamax values are in the terms of the player to move at the node.
Ties keep the first move found, so results are reproducible with the move order the state gives.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Callable

from ..errors import SearchOptionError
from ..model.state import UNLIMITED, GameState, Player
from .tracers import NO_TRACER, NullTracer

INF = float("inf")
MAX, MIN, CHANCE = Player.MAX, Player.MIN, Player.CHANCE


@dataclass(frozen=True)
class Rules:
    """The choices textbooks disagree on. Recorded in every trace.

    ``prune``: ``"ge"`` cuts off when α ≥ β (the usual rule); ``"gt"`` only when α > β.
    ``fail``:  ``"soft"`` returns the best value seen, as Russell & Norvig do; ``"hard"`` clamps the returned
               value into the window [α, β] the node was given.
    """

    prune: str = "ge"
    fail: str = "soft"

    def __post_init__(self):
        if self.prune not in ("ge", "gt"):
            raise SearchOptionError(f"prune must be 'ge' (α ≥ β) or 'gt' (α > β), not {self.prune!r}")
        if self.fail not in ("soft", "hard"):
            raise SearchOptionError(f"fail must be 'soft' or 'hard', not {self.fail!r}")

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


def leaf_value(state: GameState, depth: float) -> float | None:
    """The value of a node the search stops at, in MAX's terms, or ``None`` if the search goes on."""
    if state.is_terminal():
        return state.utility()
    if depth <= 0:
        return state.evaluate()
    return None


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


def expectiminimax(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER):
    """EXPECTIMINIMAX (Russell & Norvig, 4th ed., Section 5.5): minimax where MAX and MIN move, and at a chance
    node the sum of its children's values, each weighted by its probability P(r)."""

    def value(state, depth, move):
        tracer.enter(state, move)
        v = leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        if state.player is CHANCE:
            v = 0
            for r in state.moves():
                v2, _ = value(state.child(r), depth - 1, r)
                p = state.probability(r)
                tracer.value_updated(v, v + p * v2)
                v += p * v2
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


def alphabeta(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD):
    """ALPHA-BETA-SEARCH: the same value and move as minimax, skipping children that cannot matter."""
    cuts = rules.cuts

    def max_value(state, alpha, beta, depth, move):
        tracer.enter(state, move, alpha, beta)
        v = leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        alpha_in = alpha
        v, best = -INF, None
        for i, a in enumerate(moves := state.moves()):
            v2, _ = value(state.child(a), alpha, beta, depth - 1, a)
            if v2 > v:
                tracer.value_updated(v, v2)
                v, best = v2, a
                if v > alpha:
                    tracer.alpha_updated(alpha, v)
                    alpha = v
            if cuts(v, beta):
                tracer.cutoff(moves[i + 1:])
                break
        v = rules.returned(v, alpha_in, beta)
        tracer.exit(v, best)
        return v, best

    def min_value(state, alpha, beta, depth, move):
        tracer.enter(state, move, alpha, beta)
        v = leaf_value(state, depth)
        if v is not None:
            tracer.leaf(v)
            return v, None
        beta_in = beta
        v, best = INF, None
        for i, a in enumerate(moves := state.moves()):
            v2, _ = value(state.child(a), alpha, beta, depth - 1, a)
            if v2 < v:
                tracer.value_updated(v, v2)
                v, best = v2, a
                if v < beta:
                    tracer.beta_updated(beta, v)
                    beta = v
            if cuts(alpha, v):
                tracer.cutoff(moves[i + 1:])
                break
        v = rules.returned(v, alpha, beta_in)
        tracer.exit(v, best)
        return v, best

    def value(state, alpha, beta, depth, move):
        search = max_value if state.player is MAX else min_value
        return search(state, alpha, beta, depth, move)

    return value(root, -INF, INF, depth, None)


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


def negamax_ab(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD):
    """NEGAMAX with alpha-beta: the child is searched with the window negated and swapped, (−β, −α)."""
    cuts = rules.cuts

    def value(state, alpha, beta, depth, move):
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


def pvs(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, rules: Rules = STANDARD):
    """PRINCIPAL VARIATION SEARCH (NegaScout; Reinefeld 1983, in the negamax form of Marsland 1986): the first
    child is searched with the whole window; every other child only tests, with the null window (α, α + 1), whether
    it is better than the best so far. One that is (the test fails high, inside (α, β)) is searched again with the
    window (v, β), v being what the test proved; fail-hard, whose v is only the window's edge, with (α, β)."""
    cuts = rules.cuts

    def value(state, alpha, beta, depth, move):
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
                    low = -v2 if rules.fail == "soft" else alpha
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
