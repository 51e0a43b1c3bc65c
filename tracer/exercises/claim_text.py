"""What claims about a search (an answer key's or an answer file's, read by :mod:`tracer.inputs.answers`) say when
written back and shown: a claimed value as JSON and reports write it, and as people read it."""

from __future__ import annotations

from ..inputs.answers import SPACE, is_fraction, parse_bounded
from ..numbers import GRADED, KEY, format_number, json_number  # noqa: F401 (json_number: imported from here too)
from ..view import Bound


def bound_text(number: float, bound: Bound | None, written: str | None = None) -> str:
    """How a value is written back (in JSON and reports): ``3``, ``<=2``, ``>=3`` (a bound's ASCII sign); a decimal
    as it was written (``written``: ``3.33333``), else a value no short decimal gives as its fraction (``10/3``)."""
    text = written or value_text(number)
    return f"{bound.ascii}{text}" if bound is not None else text


def value_text(value: float) -> str:
    """A number as a key or an answer writes it (:data:`~tracer.numbers.KEY`): ``3``, ``-2``, ``2.5``, and
    ``10/3`` for a value that is a fraction no short decimal gives exactly (an expectiminimax average), rather than
    its rounded ``3.33333``; a vector of utilities (max^n) as ``(1, 2, 6)``."""
    return format_number(value, KEY)


def shown(value) -> str:
    """A claimed or found value as people read it: ``"<=-7"`` reads ``≤ −7``, ``"-inf"`` reads ``−∞``, a list
    ``[3, 2]``, ``"10/3"`` reads ``10/3``."""
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value, GRADED)
    if isinstance(value, str):
        parsed = parse_bounded(value)
        if parsed is not None:
            fraction = value.strip(SPACE).lstrip("<>=≤≥" + SPACE)
            number = parsed.written or (fraction if is_fraction(fraction) else format_number(parsed.number))
            number = number.replace("-", "−")
            return number if parsed.bound is None else f"{parsed.bound} {number}"
    return str(value)
