"""Typical student bugs, each a small change to the textbook's minimax, alpha-beta or expectimax, for ``tracer
test-search``'s tests: hostile inputs to its naming of mistakes, written independently of tracer's own variants
(tracer/test_search/mistakes.py), each in a student's own way."""

import math


def prunes_on_equality(state, depth, alpha=-math.inf, beta=math.inf):
    """Cuts when v ≥ β where the course cuts only when v > β."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    if state.player == "max":
        v, best = -math.inf, None
        for move in state.moves():
            v2, _ = prunes_on_equality(state.child(move), depth - 1, alpha, beta)
            if v2 > v:
                v, best = v2, move
                alpha = max(alpha, v)
            if v >= beta:
                break
        return v, best
    v, best = math.inf, None
    for move in state.moves():
        v2, _ = prunes_on_equality(state.child(move), depth - 1, alpha, beta)
        if v2 < v:
            v, best = v2, move
            beta = min(beta, v)
        if v <= alpha:
            break
    return v, best


def alpha_at_min(state, depth, alpha=-math.inf, beta=math.inf):
    """At a MIN node, updates α (the MAX node's update, copied) instead of β."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    if state.player == "max":
        v, best = -math.inf, None
        for move in state.moves():
            v2, _ = alpha_at_min(state.child(move), depth - 1, alpha, beta)
            if v2 > v:
                v, best = v2, move
            alpha = max(alpha, v)
            if v >= beta:
                break
        return v, best
    v, best = math.inf, None
    for move in state.moves():
        v2, _ = alpha_at_min(state.child(move), depth - 1, alpha, beta)
        if v2 < v:
            v, best = v2, move
        alpha = max(alpha, v)
        if v <= alpha:
            break
    return v, best


def no_window_down(state, depth, alpha=-math.inf, beta=math.inf):
    """Forgets to pass α and β down: every child is searched with the full window."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    maximizing = state.player == "max"
    v, best = (-math.inf if maximizing else math.inf), None
    for move in state.moves():
        v2, _ = no_window_down(state.child(move), depth - 1)
        if (v2 > v) if maximizing else (v2 < v):
            v, best = v2, move
        if maximizing:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return v, best


def last_move(state, depth, alpha=-math.inf, beta=math.inf):
    """Returns the move of the last child searched instead of the best one."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    maximizing = state.player == "max"
    v, move = (-math.inf if maximizing else math.inf), None
    for move in state.moves():
        v2, _ = last_move(state.child(move), depth - 1, alpha, beta)
        v = max(v, v2) if maximizing else min(v, v2)
        if maximizing:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return v, move


def evaluates_first(state, depth, alpha=-math.inf, beta=math.inf):
    """Evaluates every state before checking whether the search stops there."""
    estimate = state.evaluate() if not state.is_terminal() else state.utility()
    if state.is_terminal() or depth == 0:
        return estimate, None
    maximizing = state.player == "max"
    v, best = (-math.inf if maximizing else math.inf), None
    for move in state.moves():
        v2, _ = evaluates_first(state.child(move), depth - 1, alpha, beta)
        if (v2 > v) if maximizing else (v2 < v):
            v, best = v2, move
        if maximizing:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return v, best


def expectimax_plain_average(state, depth):
    """Averages a chance node's children without their probabilities."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    moves = state.moves()
    if state.player == "chance":
        return sum(expectimax_plain_average(state.child(m), depth - 1)[0] for m in moves) / len(moves), None
    values = [expectimax_plain_average(state.child(m), depth - 1)[0] for m in moves]
    best = max(values) if state.player == "max" else min(values)
    return best, moves[values.index(best)]


def last_of_ties(state, depth):
    """Minimax that keeps the last of the moves worth the most (≥ where > keeps the first)."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    best, best_move = None, None
    for move in state.moves():
        value, _ = last_of_ties(state.child(move), depth - 1)
        if best is None or (value >= best if state.player == "max" else value <= best):
            best, best_move = value, move
    return best, best_move


def chance_uses_no_ply(state, depth):
    """Expectiminimax that passes a chance node's depth on to its outcomes unchanged (its ply not counted)."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    if state.player == "chance":
        return sum(state.probability(move) * chance_uses_no_ply(state.child(move), depth)[0]
                   for move in state.moves()), None
    best, best_move = None, None
    for move in state.moves():
        value, _ = chance_uses_no_ply(state.child(move), depth - 1)
        if best is None or (value > best if state.player == "max" else value < best):
            best, best_move = value, move
    return best, best_move


def never_prunes(state, depth, alpha=-math.inf, beta=math.inf):
    """Plain minimax handed in as alpha-beta: takes the window and never uses it."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    scored = [(never_prunes(state.child(m), depth - 1, alpha, beta)[0], m) for m in state.moves()]
    pick = max if state.player == "max" else min
    best = pick(value for value, _ in scored)
    return best, next(m for value, m in scored if value == best)


def beta_at_max(state, depth, alpha=-math.inf, beta=math.inf):
    """At a MAX node, updates β (the MIN node's update, copied) instead of α."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    if state.player == "max":
        v, best = -math.inf, None
        for move in state.moves():
            v2, _ = beta_at_max(state.child(move), depth - 1, alpha, beta)
            if v2 > v:
                v, best = v2, move
            beta = min(beta, v)
            if v >= beta:
                break
        return v, best
    v, best = math.inf, None
    for move in state.moves():
        v2, _ = beta_at_max(state.child(move), depth - 1, alpha, beta)
        if v2 < v:
            v, best = v2, move
        beta = min(beta, v)
        if v <= alpha:
            break
    return v, best


def alphabeta_last_of_ties(state, depth, alpha=-math.inf, beta=math.inf):
    """Alpha-beta that keeps the last of the moves worth the most (≥ where > keeps the first)."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    maximizing = state.player == "max"
    v, best = (-math.inf if maximizing else math.inf), None
    for move in state.moves():
        v2, _ = alphabeta_last_of_ties(state.child(move), depth - 1, alpha, beta)
        if (v2 >= v) if maximizing else (v2 <= v):
            v, best = v2, move
        if maximizing:
            alpha = max(alpha, v)
            if v >= beta:
                break
        else:
            beta = min(beta, v)
            if v <= alpha:
                break
    return v, best


def minimax_last_move(state, depth):
    """Minimax that returns the move of the last child instead of the best one."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    values = {}
    for move in state.moves():
        values[move] = minimax_last_move(state.child(move), depth - 1)[0]
    return (max if state.player == "max" else min)(values.values()), move


def expectimax_evaluates_first(state, depth):
    """Expectiminimax that asks every state for its evaluation before checking whether to stop."""
    here = state.utility() if state.is_terminal() else state.evaluate()
    if depth == 0 or state.is_terminal():
        return here, None
    if state.player == "chance":
        return sum(state.probability(m) * expectimax_evaluates_first(state.child(m), depth - 1)[0]
                   for m in state.moves()), None
    options = [(expectimax_evaluates_first(state.child(m), depth - 1)[0], m) for m in state.moves()]
    best = max(options, key=lambda o: o[0]) if state.player == "max" else min(options, key=lambda o: o[0])
    return best


def lowers_alpha_at_min(state, depth, alpha=-math.inf, beta=math.inf):
    """At a MIN node, lowers α (alpha = min(alpha, v)) where β is to be lowered: β never comes down."""
    if state.is_terminal():
        return state.utility(), None
    if depth == 0:
        return state.evaluate(), None
    if state.player == "max":
        v, best = -math.inf, None
        for move in state.moves():
            v2, _ = lowers_alpha_at_min(state.child(move), depth - 1, alpha, beta)
            if v2 > v:
                v, best = v2, move
            if v >= beta:
                return v, best
            alpha = max(alpha, v)
        return v, best
    v, best = math.inf, None
    for move in state.moves():
        v2, _ = lowers_alpha_at_min(state.child(move), depth - 1, alpha, beta)
        if v2 < v:
            v, best = v2, move
        if v <= alpha:
            return v, best
        alpha = min(alpha, v)
    return v, best


def never_prunes_last_move(state, depth, alpha=-math.inf, beta=math.inf):
    """Two mistakes at once: plain minimax handed in as alpha-beta, returning the last child's move."""
    return minimax_last_move(state, depth)
