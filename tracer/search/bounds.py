"""The one vocabulary of bounds: how a value a search found relates to the node's true minimax value. Every stage
names a bound by a :class:`Bound`: a transposition table's entries, the table events of a trace (their JSON word),
the view (its symbol), the captions, the answer files (their ASCII form) and the drawings."""

from __future__ import annotations

import math
from enum import StrEnum


class Bound(StrEnum):
    """A value's relation to the true value. The member *is* its symbol (``"≥"``), as drawings and tables show it;
    ``word`` is how a trace's JSON writes it (``"lower"``), ``ascii`` how an answer file may (``">="``), ``phrase``
    how captions say it (``"at least"``)."""

    EXACT = "="
    LOWER = "≥"  # the true value is at least this
    UPPER = "≤"  # the true value is at most this
    UNKNOWN = "?"  # neither side is proved

    @property
    def word(self) -> str:
        return _WORDS[self]

    @property
    def ascii(self) -> str:
        return {Bound.LOWER: ">=", Bound.UPPER: "<="}.get(self, "")

    @property
    def phrase(self) -> str:
        return {Bound.EXACT: "exactly", Bound.LOWER: "at least", Bound.UPPER: "at most"}.get(self, "")

    @property
    def flipped(self) -> "Bound":
        """The bound on the negated value (negamax's other side): at least v is at most −v."""
        return {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}.get(self, self)

    @classmethod
    def from_word(cls, word: str) -> "Bound":
        """The bound a trace's JSON names ``exact``, ``lower`` or ``upper``."""
        return _BY_WORD[word]

    @classmethod
    def from_sign(cls, sign: str) -> "Bound":
        """The bound an answer writes as ``<=`` or ``≤`` (at most), ``>=`` or ``≥`` (at least)."""
        return next(bound for bound in (cls.LOWER, cls.UPPER) if sign in (bound.value, bound.ascii))

    @classmethod
    def of(cls, lower: float, upper: float) -> "Bound | None":
        """What bounds ``lower`` ≤ value ≤ ``upper`` say: exact when they meet, a lower bound when nothing caps the
        value, an upper bound when nothing floors it; ``None`` for both sides known and apart."""
        if lower == upper:
            return cls.EXACT
        if upper == math.inf:
            return cls.LOWER
        if lower == -math.inf:
            return cls.UPPER
        return None


_WORDS = {Bound.EXACT: "exact", Bound.LOWER: "lower", Bound.UPPER: "upper", Bound.UNKNOWN: "unknown"}
_BY_WORD = {word: bound for bound, word in _WORDS.items()}
BOTH = "bounds"  # a table entry's kind when it knows both sides, apart (no one Bound says it)
