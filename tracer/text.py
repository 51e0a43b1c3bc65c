"""Numbers and names as people read them, shared by every stage that writes text (tables, captions, diagrams)."""

from __future__ import annotations

import math


def format_number(value: float | None) -> str:
    """Numbers as textbooks write them: 3, −2, 0.5, +∞, −∞ (a true minus sign); ``None`` is empty."""
    if value is None:
        return ""
    if value == math.inf:
        return "+∞"
    if value == -math.inf:
        return "−∞"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text.replace("-", "−")


def format_probability(p: float) -> str:
    """A probability as a textbook writes it: ``1/6``, ``1/2``, ``1``, or ``0.35`` when no small fraction is it."""
    from fractions import Fraction

    fraction = Fraction(p).limit_denominator(1000)
    if abs(float(fraction) - p) < 1e-9 and fraction.denominator > 1:
        return f"{fraction.numerator}/{fraction.denominator}"
    return format_number(p)


def negated(text: str) -> str:
    """``−(v)`` for a number's text: how negamax shows the sign flip on an edge."""
    return f"−({text})"


def join_names(names: list[str]) -> str:
    """``C2``, ``C2 and C3``, ``C2, C3 and C4``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
