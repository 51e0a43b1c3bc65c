"""Numbers and names as people read them, shared by every stage that writes text (tables, captions, diagrams)."""

from __future__ import annotations

import math
import unicodedata
from fractions import Fraction

SHOWN_DENOMINATORS = 12  # an average over a die's faces or a coin's (8/3, 7/12) is shown as the fraction it is

#: The signs tracer writes and their plain names, for a terminal that cannot show them (``PYTHONIOENCODING=ascii``).
PLAIN_NAMES = {"α": "alpha", "β": "beta", "≥": ">=", "≤": "<=", "∞": "inf", "−": "-", "…": "...", "×": "x",
               "→": "->", "≠": "!=", "√": "sqrt", "·": "*", "—": "--", "–": "-"}


def unsafe(char: str) -> bool:
    """Whether no output should carry ``char`` as it is: a control character (escape sequences, BEL, CR, a line
    break), a lone surrogate, a format character (bidirectional controls such as U+202E, which turn the text
    around them on a terminal or a slide; zero-width characters), a line or paragraph separator, or a
    noncharacter (U+FFFE, U+FDD0, …, which XML such as GraphML may not hold)."""
    code = ord(char)
    return (unicodedata.category(char) in ("Cc", "Cs", "Cf", "Zl", "Zp")
            or 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE)


def one_line(text: str, limit: int | None = None) -> str:
    """Text from outside (a student's exception message, a file name in a traceback) safe to print on one line:
    each :func:`unsafe` character written as its escape (``\\x1b``, ``\\n``, ``\\u202e``), cut to ``limit``
    characters with ``…``."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return "".join(ascii(char)[1:-1] if unsafe(char) else char for char in text)


def plain(text: str) -> str:
    """``text`` with each of tracer's signs as its plain name (α as ``alpha``)."""
    return "".join(PLAIN_NAMES.get(char, char) for char in text)


def shows_signs(stream) -> bool:
    """Whether ``stream`` can write tracer's signs (α, β, ∞, …): its encoding has them all."""
    try:
        "".join(PLAIN_NAMES).encode(getattr(stream, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        return False
    except LookupError:  # an encoding Python does not know: it will say so itself when written to
        return True
    return True


def exact_fraction(value: float, largest_denominator: int) -> Fraction | None:
    """The fraction with a denominator up to ``largest_denominator`` that ``value`` is, but for floating-point
    rounding (``2.6666666666666665`` is 8/3); None when there is none."""
    if not math.isfinite(value):
        return None
    fraction = Fraction(value).limit_denominator(largest_denominator)
    return fraction if abs(float(fraction) - value) <= 1e-9 * max(1.0, abs(value)) else None


def format_number(value: float | tuple | None) -> str:
    """Numbers as textbooks write them: 3, −2, 0.5, 8/3 (an average no short decimal gives), +∞, −∞ (a true minus
    sign); a vector of utilities (max^n) as ``(1, 2, 6)``; ``None`` is empty."""
    if value is None:
        return ""
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(map(format_number, value)) + ")"
    if value == math.inf:
        return "+∞"
    if value == -math.inf:
        return "−∞"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    text = f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, float) and float(text) != value:  # the decimal shown is rounded: is it a small fraction?
        fraction = exact_fraction(value, SHOWN_DENOMINATORS)
        if fraction is not None:
            text = str(fraction)  # 8/3; a whole number as itself
    return text.replace("-", "−")


def format_probability(p: float) -> str:
    """A probability as a textbook writes it: ``1/6``, ``1/2``, ``1``, or ``0.35`` when no small fraction is it."""
    fraction = exact_fraction(p, 1000)
    if fraction is not None and fraction.denominator > 1:
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
