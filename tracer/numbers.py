"""Every number tracer writes, written by one function: :func:`format_number` with a :class:`Style` each output
chooses (the textbook's for diagrams, captions and tables; an ASCII one for answer keys; fixed decimals for MCTS's
statistics and the reports' timings), in the :class:`Notation` of the tree shown (decimals or fractions, as its file
writes them), :func:`json_number` for JSON; and what an exact number stands for (:func:`exact`, :func:`stored`)."""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
from fractions import Fraction

from .records import Record, replace

SHOWN_DENOMINATORS = 1_000_000  # an average (8/3, 16/9, 83/36) or a chance node's window (58/27) is shown as the
# fraction it is, up to denominators whose floats no other such fraction shares (tracer.search.exact)

#: How JSON (a saved trace, an export, a report) writes ±∞, which JSON has no number for; read back by
#: :func:`number_from_json`.
JSON_INFINITIES = {math.inf: "inf", -math.inf: "-inf"}


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


# ---- styles: the one choice an output makes -----------------------------------------------------------------------

class Style(Record, frozen=True):
    """How one kind of output writes a number. Exact styles (``places`` None) write the shortest text that is the
    number: ``3``, ``0.5``, ``123456.789``, or the fraction no short decimal gives (``8/3``); fixed styles write
    ``places`` decimals. Every style writes ±∞ as ``+∞`` and ``minus`` + ``∞``, and −0 as 0."""

    minus: str = "−"  # a negative number's sign: the true minus sign U+2212 in print, "-" in text read back
    places: int | None = None  # fixed decimals (0.60); None: exact
    halves: bool = False  # fixed, but a whole number plain and a half with one place (W = 3, 2.5, 0.33)
    grouped: bool = False  # thousands separated by commas (1,234)
    rounded: int | None = None  # exact, after rounding to this many places (C = 1.41)
    near: int | None = None  # a float a near miss of a fraction up to this denominator (sums of float rewards: 3/10)
    fraction_first: bool = False  # a fraction even where a short decimal is the number (p = 1/2; 5/2 in a tree
    # written in fractions): the ``near`` one, or without ``near`` the exact one
    probability: bool = False  # a chance move's probability: follows the notation's probabilities, not its values


#: Diagrams, captions, step tables, ``stats`` and ``compare``: 3, −2, 0.5, 8/3, +∞, −∞, (1, 2, 6).
TEXTBOOK = Style()
#: An answer key or an answer file, read back by tracer.inputs.answers: 3, -2, 10/3 (an ASCII minus).
KEY = Style(minus="-", near=10_000)
#: A claimed or found value in a grade report: the key's numbers with the textbook's minus sign (−2, 10/3).
GRADED = Style(near=10_000)
#: A chance node's probability: 1/6, 1/2, 7/20, 1, or 0.1234 when no fraction of denominator up to 1000 is it.
PROBABILITY = Style(near=1_000, fraction_first=True, probability=True)
#: MCTS's W (and N) as a node shows it: 3, 2.5, 0.33.
STATISTIC = Style(minus="-", places=2, halves=True)
#: MCTS's Q, a UCB term, a reward: 0.60.
RATIO = Style(minus="-", places=2)
#: A setting shown to two places at most: C = 1.41.
SETTING = Style(rounded=2)
#: A count in a report: 12,345.
COUNT = Style(minus="-", grouped=True)


@functools.lru_cache(maxsize=None)
def fixed(places: int, grouped: bool = False) -> Style:
    """The style of a report's measured figure: ``places`` decimals (seconds ``0.000412``, a ratio ``1.84``),
    ``grouped`` by thousands (``1,234``)."""
    return Style(minus="-", places=places, grouped=grouped)


def rounded(places: int) -> Style:
    """The textbook's style after rounding to ``places`` decimals (MCTS's mean reward: ``0.6667``)."""
    return Style(rounded=places)


# ---- notations: numbers as the tree file writes them ----------------------------------------------------------------
# A tree file writes 0.9 or 9/10, 2.5 or "5/2"; tracer searches the exact number either way and shows it as written.
# The reader decides the tree's notation once (tracer.inputs.trees), the tree's meta carries it into the trace
# (``meta["numbers"]``, saved with it), and whatever shows a trace's numbers does so inside ``written_as(...)``: the
# printer below asks nobody else.

DECIMALS, FRACTIONS = "decimals", "fractions"


class Notation(Record, frozen=True):
    """How a tree's numbers are written, and so shown: its ``values`` (leaves, ``eval:``s, and what is computed
    from them: backed-up values, averages, windows) and its chance moves' ``probabilities``, each in ``decimals``
    or ``fractions``.

    In decimals a number is written as the decimal it is where that ends (2.5, 0.9, 3.375), as a fraction where it
    does not (8/3); in fractions every number that is not whole is a fraction (5/2, 9/10, 8/3). A computed number
    has no written form: it is shown in the notation of the values it comes from. The default (a game, a tree of
    whole numbers, a trace saved before notations): values in decimals, probabilities in fractions (1/2, 1/6)."""

    values: str = DECIMALS
    probabilities: str = FRACTIONS

    def as_meta(self) -> dict[str, str]:
        """The notation as a trace's ``meta["numbers"]`` holds it (read back by :func:`notation_of`)."""
        return {"values": self.values, "probabilities": self.probabilities}


WRITTEN = Notation()  # the default


def notation_of(meta) -> Notation:
    """The notation a trace's ``meta`` (or a tree's) records under ``"numbers"``; the default where it records none
    or one this tracer does not know (a saved trace is data: it cannot make the printer fail)."""
    given = meta.get("numbers") if isinstance(meta, dict) else None
    if not isinstance(given, dict):
        return WRITTEN
    values, probabilities = given.get("values"), given.get("probabilities")
    return _NOTATIONS[values if values in (DECIMALS, FRACTIONS) else WRITTEN.values,
                      probabilities if probabilities in (DECIMALS, FRACTIONS) else WRITTEN.probabilities]


# every notation there is, by (values, probabilities): one object each, so :func:`as_written` compares them at once
_NOTATIONS = {(values, probabilities): WRITTEN if Notation(values, probabilities) == WRITTEN else
              Notation(values, probabilities) for values in (DECIMALS, FRACTIONS)
              for probabilities in (DECIMALS, FRACTIONS)}


_NOTATION: contextvars.ContextVar[Notation] = contextvars.ContextVar("notation", default=WRITTEN)


@contextlib.contextmanager
def written_as(notation: Notation):
    """Write numbers in ``notation`` inside the ``with`` block (the tree's whose trace is shown)."""
    token = _NOTATION.set(notation)
    try:
        yield
    finally:
        _NOTATION.reset(token)


def as_written(function):
    """Decorate a function that shows the numbers of a trace (or a problem): it runs in their notation. The trace
    is the first of its arguments with a ``meta`` (a trace, a problem) or a ``trace`` (a view, a deck, the facts of
    an exercise)."""
    @functools.wraps(function)
    def shown(*args, **kwargs):
        notation = notation_of(_meta_among((*args, *kwargs.values()) if kwargs else args))
        if _NOTATION.get() is notation:  # (called from a function that shows the same numbers: nothing to set)
            return function(*args, **kwargs)
        token = _NOTATION.set(notation)  # written_as, without a generator: a frame of a deck calls this thousands
        try:  # of times
            return function(*args, **kwargs)
        finally:
            _NOTATION.reset(token)
    return shown


def _meta_among(arguments) -> dict | None:
    for argument in arguments:
        for holder in (argument, getattr(argument, "trace", None)):
            meta = getattr(holder, "meta", None)
            if isinstance(meta, dict):
                return meta
    return None


@functools.lru_cache(maxsize=256)
def _in_notation(style: Style, notation: Notation) -> Style:
    """``style`` as ``notation`` has it: an exact style writes fractions first where its kind of number is written
    in fractions (probabilities keep their ``near``; values are the exact fraction), decimals first elsewhere."""
    if style.places is not None or style.rounded is not None:
        return style  # fixed or rounded decimals (MCTS's statistics, C, timings): measures, whatever the tree
    if style.probability:
        return replace(style, fraction_first=notation.probabilities == FRACTIONS)
    return replace(style, fraction_first=notation.values == FRACTIONS)


# ---- the printer --------------------------------------------------------------------------------------------------

def format_number(value, style: Style = TEXTBOOK) -> str:
    """``value`` as ``style`` writes it, in the :class:`Notation` of the tree shown (:func:`written_as`). A vector
    of utilities (max^n) is ``(1, 2, 6)``, ``None`` is empty, an exact value (a ``Fraction``) is written as the
    float a trace stores for it is (:func:`stored`), so a saved trace reads the same. NaN, which no search makes and
    every reader refuses, is ``nan``: the one that comes here is the practice page's probe, a claim that matches no
    value, graded for its words and never shown."""
    if value is None:
        return ""
    style = _in_notation(style, _NOTATION.get())
    return _formatted(value, style)


def _formatted(value, style: Style) -> str:
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(_formatted(part, style) for part in value) + ")"
    if isinstance(value, Fraction):
        value = float(value)
    if value != value:
        return "nan"
    if value == 0:
        value = type(value)(0)  # −0.0 is written 0
    if math.isinf(value):
        return ("+" if value > 0 else style.minus) + "∞"
    text = _fixed(value, style) if style.places is not None else _exact(value, style)
    return text.replace("-", style.minus) if style.minus != "-" else text


def _fixed(value: float, style: Style) -> str:
    if style.halves and float(value).is_integer():
        return str(int(value))
    places = 1 if style.halves and float(value * 2).is_integer() else style.places
    return f"{value:z{',' if style.grouped else ''}.{places}f}"  # z: no −0.00 for a tiny negative


def _exact(value, style: Style) -> str:
    if style.rounded is not None:
        value = round(value, style.rounded)
    if style.fraction_first:
        fraction = exact_fraction(value, style.near) if style.near else _shown_fraction(value)
        if fraction is not None and fraction.denominator > 1:
            return str(fraction)
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    if not isinstance(value, float):
        return f"{value:,}" if style.grouped else str(value)
    text = f"{value:g}"
    return text if float(text) == value else _unrounded(value, text, style)


def _shown_fraction(value) -> Fraction | None:
    """The fraction a value is shown as in fractions: the exact number it stands for, up to denominators of
    :data:`SHOWN_DENOMINATORS` (past them, a float of a game's arithmetic: shown as a decimal)."""
    if not isinstance(value, float):
        return None  # a whole number
    fraction = exact(value)
    return fraction if fraction.denominator <= SHOWN_DENOMINATORS else None


def _unrounded(value: float, text: str, style: Style) -> str:
    """A float whose short decimal ``text`` is rounded, as the number it stands for."""
    fraction = exact(value)
    if _terminates(fraction.denominator):
        return repr(value)  # a decimal (123456.789) is written as one, whole
    if fraction.denominator <= SHOWN_DENOMINATORS:
        return str(fraction)  # 8/3
    near = exact_fraction(value, style.near) if style.near else None
    return text if near is None else str(near)


def _terminates(denominator: int) -> bool:
    """Whether a fraction of this denominator is a decimal that ends (its only prime factors are 2 and 5)."""
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return denominator == 1


# ---- JSON ---------------------------------------------------------------------------------------------------------

def json_number(value):
    """A number (or a vector of them, as a list) for JSON: ±∞ as the strings ``"inf"`` and ``"-inf"``, anything
    else as it is (JSON has no infinity)."""
    if isinstance(value, (tuple, list)):
        return [json_number(part) for part in value]
    return JSON_INFINITIES.get(value, value) if isinstance(value, float) else value


def number_from_json(value):
    """A number as JSON holds it (:func:`json_number`'s): ``"inf"`` and ``"-inf"`` as ±∞, a number as it is."""
    if isinstance(value, str):
        return {text: number for number, text in JSON_INFINITIES.items()}.get(value, value)
    return value


def format_probability(p: float) -> str:
    """A chance move's probability as a textbook writes it (:data:`PROBABILITY`): ``1/6``, ``1/2``, ``1``, or
    ``0.1234`` when no fraction of a denominator up to 1000 is it."""
    return format_number(p, PROBABILITY)
