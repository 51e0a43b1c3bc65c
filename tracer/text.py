"""Numbers and names as people read them, shared by every stage that writes text (tables, captions, diagrams)."""

from __future__ import annotations

import functools
import math
import unicodedata
from fractions import Fraction

SHOWN_DENOMINATORS = 1_000_000  # an average (8/3, 16/9, 83/36) or a chance node's window (58/27) is shown as the
# fraction it is, up to denominators whose floats no other such fraction shares (tracer.search.exact)

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


# ---- exact numbers: what a number stands for, and the float a trace holds for an exact value ----------------------
# The searches that do arithmetic on values (expectiminimax's averages, Star1's and Star2's windows, the null windows
# of MTD(f) and SSS*) compute exactly, in ints and Fractions, so that an average equal to a window's end compares
# equal to it. A tree file's numbers are read as floats (0.1, p: 4/9) and a game's code computes floats (1 / 6):
# ``exact`` says which exact number each stands for; ``stored`` is the float a trace keeps for an exact value, and
# format_number shows that float as the fraction it stands for, so a saved trace reads as the search did.

def exact(x):
    """The exact number ``x`` stands for: an ``int`` or a ``Fraction`` as it is; ±∞ as itself; a finite float as
    the simplest fraction that rounds to it, so ``0.1`` is 1/10 and the floats of 4/9 and 1/6 are 4/9 and 1/6
    (every fraction whose denominator is at most a million, decimals to six places among them, reads back as
    written, up to ±1000)."""
    if type(x) is float:
        return _simplest_rounding_to(x) if math.isfinite(x) else x
    return x


def stored(x):
    """The number a trace holds for the exact value ``x``: a ``Fraction`` as the nearest float (a whole one too, as
    expectiminimax's averages always were), anything else as it is."""
    return float(x) if type(x) is Fraction else x


@functools.lru_cache(maxsize=1 << 16)
def _simplest_rounding_to(x: float) -> Fraction:
    if x.is_integer():
        return Fraction(int(x))
    if x < 0:
        return -_simplest_rounding_to(-x)
    here = Fraction(x)
    below, above = Fraction(math.nextafter(x, 0.0)), Fraction(math.nextafter(x, math.inf))
    return _simplest_between((here + below) / 2, (here + above) / 2)  # the reals that round to x lie between


def _simplest_between(low: Fraction, high: Fraction) -> Fraction:
    """The fraction with the smallest denominator strictly between ``low`` and ``high`` (0 ≤ low < high): the
    Stern–Brocot descent, written as continued fractions."""
    whole = low.numerator // low.denominator
    if whole + 1 < high:  # a whole number lies between
        return Fraction(whole + 1)
    if low == whole:  # between whole and whole + 1/m for the least m that fits
        return whole + Fraction(1, math.floor(1 / (high - whole)) + 1)
    return whole + 1 / _simplest_between(1 / (high - whole), 1 / (low - whole))


def exact_fraction(value: float, largest_denominator: int) -> Fraction | None:
    """The fraction with a denominator up to ``largest_denominator`` that ``value`` is, but for floating-point
    rounding (``2.6666666666666665`` is 8/3); None when there is none."""
    if not math.isfinite(value):
        return None
    fraction = Fraction(value).limit_denominator(largest_denominator)
    return fraction if abs(float(fraction) - value) <= 1e-9 * max(1.0, abs(value)) else None


def format_number(value: float | Fraction | tuple | None) -> str:
    """Numbers as textbooks write them: 3, −2, 0.5, 8/3 (an average no short decimal gives), +∞, −∞ (a true minus
    sign); a vector of utilities (max^n) as ``(1, 2, 6)``; ``None`` is empty. An exact value (a ``Fraction``) is
    written as the float a trace stores for it is (:func:`stored`), so a saved trace reads the same: a float whose
    decimal is rounded is the fraction it stands for (:func:`exact`) when its denominator is at most a million."""
    if value is None:
        return ""
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(map(format_number, value)) + ")"
    if isinstance(value, Fraction):
        value = float(value)
    if value == math.inf:
        return "+∞"
    if value == -math.inf:
        return "−∞"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    text = f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, float) and math.isfinite(value) and float(text) != value:  # the decimal shown is rounded
        fraction = exact(value)
        if _terminates(fraction.denominator):
            text = repr(value)  # a decimal (123456.789) is written as one, whole
        elif fraction.denominator <= SHOWN_DENOMINATORS:
            text = str(fraction)  # 8/3
    return text.replace("-", "−")


def _terminates(denominator: int) -> bool:
    """Whether a fraction of this denominator is a decimal that ends (its only prime factors are 2 and 5)."""
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return denominator == 1


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
