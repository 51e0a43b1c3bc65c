"""Correct searches written as the textbook writes them (Russell & Norvig, 4th ed., Figures 5.3 and 5.7, and
Section 5.5), one per convention, for ``tracer test-search``'s tests. Written independently of tracer's searches:
they use only the state interface the README documents."""

import math


def minimax(state, depth):
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    best, best_move = None, None
    for move in state.moves():
        value, _ = minimax(state.child(move), depth - 1)
        if best is None or (value > best if state.player == "max" else value < best):
            best, best_move = value, move
    return best, best_move


def expectiminimax(state, depth):
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    if state.player == "chance":
        return sum(state.probability(move) * expectiminimax(state.child(move), depth - 1)[0]
                   for move in state.moves()), None
    best, best_move = None, None
    for move in state.moves():
        value, _ = expectiminimax(state.child(move), depth - 1)
        if best is None or (value > best if state.player == "max" else value < best):
            best, best_move = value, move
    return best, best_move


def make_alphabeta(strict=False, hard=False, reverse=False):
    """ALPHA-BETA-SEARCH under one convention: cut when v ≥ β (or only when v > β), fail-soft (or fail-hard), the
    moves in the order given (or last to first)."""

    def cuts(a, b):
        return a > b if strict else a >= b

    def alphabeta(state, depth, alpha=-math.inf, beta=math.inf):
        if state.is_terminal():
            return state.utility(), None
        if depth == 0:
            return state.evaluate(), None
        moves = state.moves()
        if reverse:
            moves = moves[::-1]
        alpha_in, beta_in = alpha, beta
        if state.player == "max":
            v, best = -math.inf, None
            for move in moves:
                v2, _ = alphabeta(state.child(move), depth - 1, alpha, beta)
                if v2 > v:
                    v, best = v2, move
                    alpha = max(alpha, v)
                if cuts(v, beta):
                    break
        else:
            v, best = math.inf, None
            for move in moves:
                v2, _ = alphabeta(state.child(move), depth - 1, alpha, beta)
                if v2 < v:
                    v, best = v2, move
                    beta = min(beta, v)
                if cuts(alpha, v):
                    break
        if hard:
            v = min(max(v, alpha_in), beta_in)
        return v, best

    return alphabeta


alphabeta = make_alphabeta()
alphabeta_strict = make_alphabeta(strict=True)
alphabeta_hard = make_alphabeta(hard=True)
alphabeta_strict_hard = make_alphabeta(strict=True, hard=True)
alphabeta_reversed = make_alphabeta(reverse=True)
