"""tracer.numbers: every style of the one number printer against a table of cases written out by hand, the
textbook's fractions against the decimal module's exact arithmetic, JSON's infinities both ways, NaN kept out, and a
scan of the package that no other module prints a number its own way."""

from __future__ import annotations

import ast
import functools
import math
import re
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest

from tracer.exercises.claim_text import shown, value_text
from tracer.inputs.answers import parse_number
from tracer.numbers import (
    COUNT, GRADED, KEY, PROBABILITY, RATIO, SETTING, STATISTIC, TEXTBOOK, fixed, format_number, json_number,
    number_from_json, rounded,
)

MINUS = "\u2212"  # the true minus sign
ULP_BELOW_2 = math.nextafter(2.0, 0.0)  # 1.9999999999999998
ULP_ABOVE_THIRD = math.nextafter(1 / 3, 1.0)
FLOAT_SUM = 0.1 + 0.2  # 0.30000000000000004: a sum of float rewards

# (value, style, text): written out by hand, not computed by the code under test
CASES = [
    # the textbook's: true minus signs, fractions no short decimal gives, ±∞ signed
    (3, TEXTBOOK, "3"), (3.0, TEXTBOOK, "3"), (-2, TEXTBOOK, "−2"), (0.5, TEXTBOOK, "0.5"),
    (-0.5, TEXTBOOK, "−0.5"), (8 / 3, TEXTBOOK, "8/3"), (Fraction(8, 3), TEXTBOOK, "8/3"),
    (-8 / 3, TEXTBOOK, "−8/3"), (0.1, TEXTBOOK, "0.1"), (1 / 7, TEXTBOOK, "1/7"), (58 / 27, TEXTBOOK, "58/27"),
    (83 / 36, TEXTBOOK, "83/36"), (Fraction(1, 10), TEXTBOOK, "0.1"),
    (123456.789, TEXTBOOK, "123456.789"),  # %g would round it to 123457
    (1e-7, TEXTBOOK, "1e−07"), (1e16, TEXTBOOK, "1e+16"),
    (2**70, TEXTBOOK, "1180591620717411303424"), (-2**70, TEXTBOOK, "−1180591620717411303424"),
    (ULP_BELOW_2, TEXTBOOK, "2"), (ULP_ABOVE_THIRD, TEXTBOOK, "0.333333"), (FLOAT_SUM, TEXTBOOK, "0.3"),
    (math.inf, TEXTBOOK, "+∞"), (-math.inf, TEXTBOOK, "−∞"), (-0.0, TEXTBOOK, "0"),
    ((1, -2, 6), TEXTBOOK, "(1, −2, 6)"), (None, TEXTBOOK, ""),
    # an answer key's: ASCII minus, and a float that misses a fraction by a rounding error is that fraction
    (-2, KEY, "-2"), (-8 / 3, KEY, "-8/3"), (2.5, KEY, "2.5"), (-math.inf, KEY, "-∞"), (math.inf, KEY, "+∞"),
    (FLOAT_SUM, KEY, "3/10"), (ULP_ABOVE_THIRD, KEY, "1/3"), (ULP_BELOW_2, KEY, "2"),
    (10**17 + 1, KEY, "100000000000000001"), ((1, -2, 8 / 3), KEY, "(1, -2, 8/3)"), (-0.0, KEY, "0"),
    # a grade report's: the key's numbers with the textbook's signs
    (-FLOAT_SUM, GRADED, "−3/10"), (-2, GRADED, "−2"), (-math.inf, GRADED, "−∞"),
    # a chance move's probability: a fraction up to denominator 1000 even where a decimal is short
    (0.5, PROBABILITY, "1/2"), (1 / 6, PROBABILITY, "1/6"), (0.35, PROBABILITY, "7/20"), (1.0, PROBABILITY, "1"),
    (0.1234, PROBABILITY, "0.1234"),
    # MCTS: W plain when whole, one place for a half, else two; Q, UCB and rewards to two places
    (3.0, STATISTIC, "3"), (7, STATISTIC, "7"), (2.5, STATISTIC, "2.5"), (1 / 3, STATISTIC, "0.33"),
    (0.1, STATISTIC, "0.10"), (-1.5, STATISTIC, "-1.5"), (-0.0, STATISTIC, "0"), (-1e-9, STATISTIC, "0.00"),
    (math.inf, STATISTIC, "+∞"),
    (0.6, RATIO, "0.60"), (2 / 3, RATIO, "0.67"), (-0.25, RATIO, "-0.25"), (1, RATIO, "1.00"),
    (-1e-9, RATIO, "0.00"), (-0.0, RATIO, "0.00"), (-math.inf, RATIO, "-∞"),
    # a setting to two places at most; MCTS's mean reward to four
    (math.sqrt(2), SETTING, "1.41"), (2.0, SETTING, "2"), (0.5, SETTING, "0.5"), (-1e-3, SETTING, "0"),
    (2 / 3, rounded(4), "0.6667"), (0.5, rounded(4), "0.5"),
    # reports: counts grouped, timings and ratios fixed
    (1234567, COUNT, "1,234,567"), (-1234, COUNT, "-1,234"), (0, COUNT, "0"), (None, COUNT, ""),
    (0.000412, fixed(6), "0.000412"), (3.0, fixed(6), "3.000000"), (12345.6, fixed(0, grouped=True), "12,346"),
    (1.835, fixed(3), "1.835"), (None, fixed(2), ""),
]
STYLES = [TEXTBOOK, KEY, GRADED, PROBABILITY, STATISTIC, RATIO, SETTING, COUNT, fixed(6), rounded(4)]


@pytest.mark.parametrize("value, style, text", CASES)
def test_each_style_writes_the_table(value, style, text):
    assert format_number(value, style) == text


@pytest.mark.parametrize("style", STYLES)
def test_nan_is_never_read_and_never_written_as_a_number(style):
    """No reader lets a NaN in (an answer's ``nan`` is not a number); the one NaN that reaches the printer, the
    practice page's probe claim that matches nothing, is written ``nan``, never as digits."""
    assert parse_number(math.nan) is None and parse_number("nan") is None and parse_number("NaN") is None
    assert format_number(math.nan, style) == "nan"
    assert math.isnan(json_number(math.nan))


@pytest.mark.parametrize("style", STYLES)
def test_every_style_signs_infinity_and_drops_the_sign_of_zero(style):
    assert format_number(math.inf, style) == "+∞"
    assert format_number(-math.inf, style) in ("−∞", "-∞")
    assert not format_number(-0.0, style).startswith(("-", MINUS))


def _decimal(fraction: Fraction) -> str:
    """A fraction whose denominator has only the factors 2 and 5, as its exact decimal (the decimal module)."""
    with localcontext() as context:
        context.prec = 50
        text = format(Decimal(fraction.numerator) / Decimal(fraction.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _terminates(q: int) -> bool:
    while q % 2 == 0:
        q //= 2
    while q % 5 == 0:
        q //= 5
    return q == 1


def test_the_textbook_writes_every_small_fraction_as_it_is():
    """Every p/q with q ≤ 40 and |p/q| ≤ 2, stored as a float: a whole number plain, a decimal that ends as that
    decimal, any other as ``p/q``; one ulp either way it is no longer that fraction (but an answer key, reading a
    sum of floats, takes it to be)."""
    for q in range(1, 41):
        for p in range(-2 * q, 2 * q + 1):
            exact = Fraction(p, q)
            value = p / q
            if exact.denominator == 1:
                want = str(exact.numerator)
            elif _terminates(exact.denominator):
                want = _decimal(exact)
            else:
                want = f"{exact.numerator}/{exact.denominator}"
            assert format_number(value) == want.replace("-", MINUS), (p, q)
            assert value_text(value) == want, (p, q)
            if exact.denominator == 1 or _terminates(exact.denominator):
                continue
            for off in (math.nextafter(value, -math.inf), math.nextafter(value, math.inf)):
                assert "/" not in format_number(off), (p, q, off)
                assert value_text(off) == want, (p, q, off)


def test_grade_reports_show_what_keys_write_with_the_true_minus():
    for value in (-2, -8 / 3, -FLOAT_SUM, 2.5, -math.inf, math.inf, (1, -2)):
        assert format_number(value, GRADED) == format_number(value, KEY).replace("-", MINUS)
    assert shown(-8 / 3) == "−8/3" and shown("<=-7") == "≤ −7" and shown("-inf") == "−∞"


@pytest.mark.parametrize("value, saved", [(math.inf, "inf"), (-math.inf, "-inf"), (2.5, 2.5), (3, 3),
                                          ((1, math.inf), [1, "inf"]), ([-math.inf, 0.5], ["-inf", 0.5]),
                                          ("natural", "natural"), (None, None)])
def test_json_spells_infinity_and_reads_it_back(value, saved):
    assert json_number(value) == saved
    if not isinstance(saved, list):
        assert number_from_json(saved) == value


# ---- no module prints a number its own way -------------------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parent.parent / "tracer"
FLOAT_TYPES = set("eEfFgG%")
PERCENT_FLOAT = re.compile(r"%[-+ #0]*\d*(\.\d+)?[eEfFgG]")  # "%.2f" % x
# Every module that formats a float with a format spec of its own, and why that is not a number of a search: the
# scan below fails when another module does (use tracer.numbers), and when one of these no longer does (drop it).
OWN_FORMATS = {
    "numbers.py": "the printer itself",
    "render/dot.py": "Graphviz's coordinates, sizes and font sizes",
    "render/tikz.py": "TikZ coordinates and font sizes",
    "render/notebook.py": "a CSS length",
    "render/drawing.py": "a drawing's size in inches and its smallest text in points, in messages",
    "render/engine.py": "Graphviz's time limit in seconds, in a message",
    "render/page.py": "a slide's size and shape, in messages",
    "report/paper.py": "the worksheet's coordinates and font sizes for Graphviz",
    "estimate.py": "orders of magnitude of an estimated count and time (about 3.2·10^5)",
    "search/tracers.py": "the --max-seconds limit, in a message",
    "inputs/trees.py": "a tree file's probabilities' sum, in a message",
    "play/game_loop.py": "a move's thinking time",
    "test_search/runner.py": "a time limit in seconds, in a message",
    "cli/commands.py": "options' defaults and limits, in help and messages",
    "cli/options.py": "options' defaults and limits, in help and messages",
    "cli/play.py": "options' defaults and a game's time, in help and messages",
    "cli/test_search.py": "options' defaults and limits, in help and messages",
}
# How ±∞ is written: only tracer.numbers spells it (a bare ∞ in words, "so ∞", is a sign, not a number)
INFINITIES = {"inf", "-inf", "+∞", "−∞", "-∞"}
SPELLS_INFINITY = {"numbers.py": "the printer itself",
                   "text.py": "PLAIN_NAMES: the plain name of the sign ∞ (inf) for a terminal that cannot show it"}


@functools.lru_cache(maxsize=1)
def _modules() -> list[tuple[str, ast.Module]]:
    return [(path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(PACKAGE.rglob("*.py"))]


def _float_specs(tree: ast.AST) -> list[int]:
    """The lines of f-string fields formatted as floats (``{x:.2f}``, ``{x:g}``, ``{x:,.0f}``) and of format() and
    %-formatting calls that do the same."""
    lines = []
    for node in ast.walk(tree):
        spec = None
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = "".join(part.value for part in node.format_spec.values if isinstance(part, ast.Constant))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "format"
              and len(node.args) == 2 and isinstance(node.args[1], ast.Constant)):
            spec = str(node.args[1].value)
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant)
              and isinstance(node.left.value, str) and PERCENT_FLOAT.search(node.left.value)):
            spec = "f"
        if spec and (spec[-1] in FLOAT_TYPES or "." in spec):
            lines.append(node.lineno)
    return sorted(lines)


def test_no_module_formats_a_float_its_own_way():
    formatting = {name: lines for name, tree in _modules() if (lines := _float_specs(tree))}
    strays = {name: lines for name, lines in formatting.items() if name not in OWN_FORMATS}
    assert strays == {}, "format these numbers with tracer.numbers.format_number and a style"
    assert sorted(set(OWN_FORMATS) - set(formatting)) == [], "these no longer format floats: drop them from the list"


def test_only_the_printer_spells_infinity():
    spelled = []
    for name, tree in _modules():
        made = {id(node.args[0]) for node in ast.walk(tree)  # float("inf") makes the number, it does not write it
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float"
                and node.args}
        spelled += [f"{name}:{node.lineno}" for node in ast.walk(tree)
                    if isinstance(node, ast.Constant) and node.value in INFINITIES and id(node) not in made]
    assert [place for place in spelled if place.split(":")[0] not in SPELLS_INFINITY] == []
    assert {place.split(":")[0] for place in spelled} == set(SPELLS_INFINITY)


def test_the_scan_finds_what_it_looks_for():
    """The scans would see a stray: an f-string field, a format() call and a spelled infinity each."""
    stray = ast.parse('x = f"{q:.2f}"\ny = format(q, ".3g")\nz = "-inf"\nw = f"{n:,}"\nv = "%5.1f" % q\n'
                      'u = "100%" if full else f"{n:05d}"\n')
    assert _float_specs(stray) == [1, 2, 5]
    assert [node.lineno for node in ast.walk(stray) if isinstance(node, ast.Constant) and node.value in INFINITIES] \
        == [3]
