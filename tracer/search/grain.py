"""The grain of MTD(f)'s and SSS*'s null windows (part of the search stage): the g of the window (β − g, β), so
that no value the search can meet lies strictly inside it, on a tree of whole numbers, of decimals or of
fractions alike. Worked out exactly (:func:`tracer.numbers.exact`): 0.3 − 0.1 is 1/5, never 0.19999999999999998."""

from __future__ import annotations

import math
from fractions import Fraction

from ..errors import SearchOptionError
from ..model.state import is_explicit
from ..numbers import exact

Exact = int | Fraction


def finest_difference(values) -> Exact | None:
    """The smallest difference between two distinct ``values`` (exact numbers), or ``None`` when they are all equal."""
    ordered = sorted(set(values))
    return min((b - a for a, b in zip(ordered, ordered[1:])), default=None)


def value_grain(root, depth: float, guess=None) -> Exact:
    """The g of MTD(f)'s and SSS*'s null window (β − g, β): no value the search can meet lies strictly inside it, so
    each test's answer is a bound that a value reaches. A tree file's: the finest difference between two distinct
    values a search ``depth`` plies deep can evaluate (its leaves, and the ``eval:`` of the nodes it stops at), the
    first ``guess`` counted among them (the first test is at it), but never more than 1, so whole numbers keep the
    textbook's (β − 1, β). A game's: the ``value_grain`` its states declare; a game that declares none is told
    to."""
    inner = getattr(root, "inner", root)  # a move order's wrapper: the values are the tree's, in any order
    if is_explicit(inner):
        values = [exact(value) for value in _values_searched(inner, depth)]
        if guess is not None and math.isfinite(guess):
            values.append(exact(guess))
        finest = finest_difference(values)
        return 1 if finest is None else min(1, finest)
    grain = getattr(root, "value_grain", None)
    if grain is None:
        raise SearchOptionError("MTD(f) and SSS* test the value with null windows (β − g, β), g the finest "
                                "difference between two of the game's values: declare it on the game's states, "
                                "value_grain = 1 when utility() and evaluate() give whole numbers")
    if isinstance(grain, bool) or not isinstance(grain, (int, float, Fraction)) or not 0 < grain < math.inf:
        raise SearchOptionError(f"the game's value_grain must be a positive number, got {grain!r}")
    return exact(grain)


def _values_searched(root, depth: float):
    """The values a search ``depth`` plies deep can evaluate in an explicit tree: terminal nodes' utilities and the
    static values of the nodes at the horizon that have one (a node without one is the search's to report, if it
    reaches it)."""
    pending = [(root, depth)]
    while pending:
        state, left = pending.pop()
        if state.is_terminal():
            yield state.utility()
        elif left <= 0:
            try:
                yield state.evaluate()
            except SearchOptionError:
                continue
        else:
            pending.extend((state.child(move), left - 1) for move in state.moves())
