"""What claims about a search (an answer key's or an answer file's, read by :mod:`tracer.inputs.answers`) say when
written back and shown: a claimed value as JSON and reports write it, and as people read it."""

from __future__ import annotations

from ..inputs.answers import parse_bounded
from ..text import format_number
from ..view import Bound


def bound_text(number: float, bound: Bound | None) -> str:
    """How a claimed value is written back (in JSON and reports): ``3``, ``<=2``, ``>=3`` (a bound's ASCII sign)."""
    text = format_number(number).replace("−", "-")
    return f"{bound.ascii}{text}" if bound is not None else text


def json_number(value: float):
    """A number for JSON: infinities as the trace JSON writes them (``"inf"``, ``"-inf"``)."""
    if value == float("inf"):
        return "inf"
    if value == float("-inf"):
        return "-inf"
    return value


def shown(value) -> str:
    """A claimed or found value as people read it: ``"<=-7"`` reads ``≤ −7``, ``"-inf"`` reads ``−∞``, a list
    ``[3, 2]``."""
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value)
    if isinstance(value, str):
        parsed = parse_bounded(value)
        if parsed is not None:
            number, bound = parsed
            return format_number(number) if bound is None else f"{bound} {format_number(number)}"
    return str(value)
