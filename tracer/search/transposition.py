"""The transposition table (the "memory" of Plaat et al.'s memory-enhanced test searches): what a search has proved
about a position, kept for the next time it meets that position: in another pass from the root (MTD(f), SSS*,
iterative deepening), or by another move order (a transposition, in games).

An entry holds bounds on the position's value, searched ``depth`` plies deep: ``lower`` ≤ value ≤ ``upper`` (equal
when the value is exact), with the best move found there, which the next search of the position tries first.
Bounds are in MAX's terms. A position's key is the game's own (:func:`table_key`); a tree file's node is its path.

Unbounded by default. With ``size`` N the table has N slots and a position goes to the slot its key names; a
position that lands on a taken slot replaces what was there ("always replace", the simplest scheme, as in
Breuker's survey of replacement schemes).
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable

from ..errors import SearchOptionError
from ..records import Record
from .bounds import BOTH, Bound

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any

INF = float("inf")


class Entry(Record, slots=True, compiled=True):
    key: Hashable
    depth: float  # the plies searched below the position when these bounds were proved
    lower: float  # the value is at least this (−∞: nothing known)
    upper: float  # the value is at most this (+∞: nothing known)
    move: Any = None  # the best move found, tried first the next time

    @property
    def kind(self) -> str:
        """``exact`` (lower = upper), ``lower`` or ``upper`` (one side known), or ``bounds`` (both, apart)."""
        bound = Bound.of(self.lower, self.upper)
        return BOTH if bound is None else bound.word


def table_key(state) -> Hashable:
    """The position's key: the game's ``key()`` (its bitboards as one number), a tree node's path; else the state
    itself, when it can be a dictionary key."""
    key = getattr(state, "key", None)
    if key is not None:
        return key()
    try:
        hash(state)
    except TypeError:
        raise SearchOptionError(f"the game's positions ({type(state).__name__}) cannot be kept in a transposition "
                                "table: give the state class a key() method returning a number") from None
    return state


class TranspositionTable:
    """Entries by position; ``size``: at most this many (slots), or ``None`` for no bound."""

    def __init__(self, size: int | None = None):
        self.size = size
        self._slots: dict[Hashable, Entry] = {}
        self.horizon = False  # a search with this table stopped at a depth limit (not only at the game's end)

    def _slot(self, key: Hashable) -> Hashable:
        if self.size is None:
            return key
        if isinstance(key, int):
            return key % self.size
        return zlib.crc32(repr(key).encode("utf-8")) % self.size  # a stable hash: the same slots in every run

    def probe(self, key: Hashable) -> Entry | None:
        """The entry kept for ``key``, or ``None``."""
        entry = self._slots.get(self._slot(key))
        return entry if entry is not None and entry.key == key else None

    def store(self, key: Hashable, depth: float, lower: float, upper: float, move: Any) -> Entry:
        """Keep what a search of ``depth`` plies proved. Bounds proved at the same depth before are kept where the
        new ones say less (an upper bound found in one pass and a lower bound found in another make both)."""
        slot = self._slot(key)
        old = self._slots.get(slot)
        if old is not None and old.key == key and old.depth == depth:
            lower, upper = max(lower, old.lower), min(upper, old.upper)
            if move is None:
                move = old.move
        entry = self._slots[slot] = Entry(key, depth, lower, upper, move)
        return entry

    def __len__(self) -> int:
        return len(self._slots)
