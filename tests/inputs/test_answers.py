"""The notations of a number (tracer/inputs/answers.py: read_typed and parse_text_number), the one grammar grade,
check and the practice page read: each accepted notation's value against an independent computation (Python's
Fraction and float), each refusal's note, and a value read from an answer file's text as written."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from helpers import TREES
from tracer.exercises.check_keys import search
from tracer.exercises.compare_answers import number_matches
from tracer.exercises.facts import SearchFacts
from tracer.inputs import load_problem
from tracer.inputs.answers import Claimed, parse_text_number, read_answer_file, read_typed
from tracer.search.bounds import Bound
from tracer.search.spec import SearchSpec

ROOT = Path(__file__).resolve().parents[2]
CORPUS = json.loads((ROOT / "tests" / "data" / "notations.json").read_text(encoding="utf-8"))["strings"]


@pytest.mark.parametrize("text, exact", [
    ("10/3", Fraction(10, 3)), ("10 / 3", Fraction(10, 3)), (" -8/3 ", Fraction(-8, 3)), ("−8/3", Fraction(-8, 3)),
    ("6/3", Fraction(2)), ("123456789/987654321", Fraction(123456789, 987654321)),
    ("0000000000000001/3", Fraction(1, 3)),
    ("123456789012345/999999999999999", Fraction(123456789012345, 999999999999999)),
])
def test_a_fraction_is_its_exact_value_rounded_once(text, exact):
    number = parse_text_number(text)
    assert number == (int(exact) if exact.denominator == 1 else float(exact))  # float(Fraction): correctly rounded
    assert number_matches(number, float(exact))  # and grade matches it to the search's value


@pytest.mark.parametrize("text, exact", [
    ("3 1/3", Fraction(10, 3)), ("-3 1/3", Fraction(-10, 3)), ("0 1/2", Fraction(1, 2)),
    ("123456789012345 1/3", 123456789012345 + Fraction(1, 3)),
])
def test_a_mixed_number_is_its_whole_part_plus_its_fraction(text, exact):
    number = parse_text_number(text)  # the fraction divided once, then its whole part added: as the page adds them
    assert abs(number - float(exact)) <= math.ulp(float(exact)) and number_matches(number, float(exact))


@pytest.mark.parametrize("text, number", [
    ("3", 3), ("+2", 2), ("−2", -2), ("007", 7), ("-0", 0), ("3.", 3.0), (".5", 0.5), ("-.5", -0.5), ("1e3", 1000),
    ("2.5e-1", 0.25), ("1e-400", 0.0), ("9" * 30, float("9" * 30)), (" \t3\u00a0", 3), ("\u20093\u202f", 3),
    ("inf", math.inf), ("+inf", math.inf), ("−inf", -math.inf), ("-Infinity", -math.inf), ("∞", math.inf),
    ("−∞", -math.inf), (".inf", math.inf), ("-.inf", -math.inf),
])
def test_whole_numbers_decimals_and_infinities(text, number):
    assert parse_text_number(text) == number


@pytest.mark.parametrize("text", ["3,33", "1e400", "1/0", "3 4/3", "1234567890123456/3", "0x10", "1_000", "1:30",
                                  "nan", "", " ", "3\n", "３", "١٢", "--3", "3.3.3", "1/3/3", "x1"])
def test_what_is_not_a_number(text):
    assert parse_text_number(text) is None


def test_bounds_and_vectors_and_the_digits_a_decimal_was_written_with():
    assert read_typed("≤ 3") == Claimed(3, Bound.UPPER) and read_typed(">=10 / 3").bound == Bound.LOWER
    assert read_typed("<= 3 1/3").number == pytest.approx(10 / 3)
    assert read_typed("(1, 2/3, −inf)") == Claimed((1, 2 / 3, -math.inf))
    assert read_typed("3.330") == Claimed(3.33, None, 3, "3.330")  # 3 digits written: matched to 3 places
    assert read_typed("−2.50").written == "-2.50"
    assert read_typed("12", "count") == 12 and read_typed("012", "count") == 12


@pytest.mark.parametrize("text, kind, note", [
    ("3,33", "value", "a decimal comma; write 3.33"),
    ("<= 3,5", "value", "a decimal comma; write <= 3.5"),
    ("1 000", "value", "a space inside a number; write 1000"),
    ("- 3", "number", "a space inside a number; write -3"),
    ("–3", "value", "a dash, not a minus sign; write -3"),
    ("<3", "value", "a strict bound (tracer's bounds include their number); write <=3"),
    ("1e400", "value", "too large for a number; write inf for infinity"),
    ("1e400", "plain", "too large for a number"),
    ("1/0", "value", "a fraction with denominator 0"),
    ("1234567890123456/3", "value", "a fraction's parts have at most 15 digits"),
    ("3 4/3", "value", "the fraction of a mixed number is less than 1, as in 3 1/3"),
    ("<=2", "plain", "W is a number, never a bound"),
    ("<=2", "number", "a number, never a bound"),
    ("inf", "plain", "W is a finite number; write a number such as 2.25, 9/4 or 2 1/4"),
    ("1.5", "count", "not a whole number ≥ 0; write a whole number such as 0, 3 or 12"),
    ("1234567890123456", "count", "more than 15 digits; write a whole number such as 0, 3 or 12"),
    ("x1", "value", "write a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3 or inf, a bound such as <=2 or ≥ 3, or "
                    "a vector such as (1, 2, 6)"),
    ("", "number", "nothing written; write a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3, inf or -inf"),
])
def test_a_text_that_cannot_be_read_says_what_to_write(text, kind, note):
    assert read_typed(text, kind) == note


def test_every_note_names_a_fix_that_reads():
    """A note that says "write X" with a correction of what was typed gives an X that reads."""
    for text in CORPUS:
        for kind in ("value", "number", "plain"):
            note = read_typed(text, kind)
            if isinstance(note, str) and note.startswith(("a decimal comma", "a space", "a dash", "a strict")):
                assert not isinstance(read_typed(note.rpartition("; write ")[2], kind), str), (text, kind, note)


def test_an_answer_file_is_read_from_its_text_as_written(tmp_path):
    facts = SearchFacts(search(load_problem(str(TREES / "rn_example.yaml")), SearchSpec()))
    path = tmp_path / "answer.yaml"
    path.write_text('values: {A: 010, B: "10 / 3", C: −inf, D: 3 1/3}\nwindows: {C: [3, .inf]}\n',
                    encoding="utf-8")
    claims = read_answer_file(str(path), facts)
    by_name = {facts.label(node): claimed.number for node, claimed in claims.values.items()}
    assert by_name == {"A": 10, "B": 10 / 3, "C": -math.inf, "D": 10 / 3}  # 010 is ten, not YAML's octal eight
    assert claims.windows == {facts.by_name["C"]: (3, math.inf)} and claims.unreadable == []
    path.write_text("values: {A: , B: '', C: 3,33}\nbest_move:\n", encoding="utf-8")
    claims = read_answer_file(str(path), facts)
    assert claims.values == {} and claims.best_move is None  # left blank: not given
    (comma,) = claims.unreadable  # YAML took 3,33 for 3 and a node named 33: read back as the decimal comma
    assert (comma.where, comma.written, comma.key, comma.node) == ("values.C", "3,33", "values", facts.by_name["C"])
    assert comma.message == "'3,33' cannot be read: a decimal comma; write 3.33"
