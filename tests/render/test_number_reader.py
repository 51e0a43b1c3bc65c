"""The practice page's reader of what is typed (tracer/render/practice_page.js's readTyped and parseNumber), run in the real
browser, against the one it mirrors (tracer/inputs/answers.py's read_typed and parse_text_number), on one corpus of
strings (tests/data/notations.json): for every string and every kind of box, the same verdict on both sides (the
same number, bound and digits after the point, or the same note saying what to write)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from helpers import IN_A_BROWSER, TREES, run_tracer
from tracer.inputs.answers import Claimed, parse_text_number, read_typed

ROOT = Path(__file__).resolve().parents[2]
CORPUS = json.loads((ROOT / "tests" / "data" / "notations.json").read_text(encoding="utf-8"))["strings"]
KINDS = ("value", "number", "plain", "count")
pytestmark = IN_A_BROWSER

IN_THE_PAGE = """([strings, kinds]) => {
  const reader = window.tracerPractice.reader;
  const shown = (read) => (typeof read === "string" ? { note: read } : typeof read === "number" ? { number: read } :
    { number: read.number, bound: read.bound, decimals: read.decimals });
  return strings.map((text) => ({ number: reader.parseNumber(text),
                                  kinds: kinds.map((kind) => shown(reader.readTyped(text, kind))) }));
}"""


def python_verdict(read) -> dict:
    """read_typed's answer as the page's is shown."""
    if isinstance(read, str):
        return {"note": read}
    if isinstance(read, int):
        return {"number": read}
    assert isinstance(read, Claimed)
    number = list(read.number) if isinstance(read.number, tuple) else read.number
    return {"number": number, "bound": None if read.bound is None else str(read.bound), "decimals": read.decimals}


def same_number(python, page) -> bool:
    """Equal as floats (one double each side: a Python int is its float), a vector part by part."""
    if isinstance(python, list) or isinstance(page, list):
        return isinstance(python, list) and isinstance(page, list) and len(python) == len(page) and \
            all(map(same_number, python, page))
    if python is None or page is None:
        return python is page
    return float(python) == float(page) or (math.isnan(float(python)) and math.isnan(float(page)))


@pytest.fixture(scope="module")
def page(browser, tmp_path_factory):
    out = tmp_path_factory.mktemp("reader") / "practice.html"
    assert run_tracer("practice", TREES / "rn_example.yaml", "--no-player", "-o", out).returncode == 0
    opened = browser.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(out.as_uri())
    yield opened
    assert errors == []
    opened.close()


def test_the_corpus_holds_every_notation_and_mistake_the_brief_names():
    for text in ("1e3", "1e400", "−inf", "+inf", "123456789/987654321", " 3", "x1", "", "3,33", "10 / 3", "3 1/3",
                 "-0", "≤ 3", ">= 3", "(1, 2, 6)"):
        assert text in CORPUS
    assert len(CORPUS) >= 200


def test_the_page_reads_every_string_as_grade_reads_it(page):
    shown = page.evaluate(IN_THE_PAGE, [CORPUS, list(KINDS)])
    disagreements = []
    for text, verdicts in zip(CORPUS, shown):
        if not same_number(parse_text_number(text), verdicts["number"]):
            disagreements.append((text, "parse_number", parse_text_number(text), verdicts["number"]))
        for kind, on_the_page in zip(KINDS, verdicts["kinds"]):
            in_python = python_verdict(read_typed(text, kind))
            agree = in_python.keys() == on_the_page.keys() and \
                all(same_number(in_python[key], on_the_page[key]) if key == "number" else
                    in_python[key] == on_the_page[key] for key in in_python)
            if not agree:
                disagreements.append((text, kind, in_python, on_the_page))
    assert disagreements == []
    read = sum("note" not in verdicts["kinds"][0] for verdicts in shown)
    assert 60 < read < len(CORPUS) - 60  # both sides of the line are well represented


def test_what_a_student_types_reads_as_the_readme_says(page):
    """The README's notations, on the page and in grade alike (worked out by hand)."""
    cases = {"10 / 3": 10 / 3, "3 1/3": 10 / 3, "−inf": -math.inf, "+inf": math.inf, "-0": 0, "1e3": 1000,
             "123456789/987654321": 123456789 / 987654321}
    shown = page.evaluate(IN_THE_PAGE, [list(cases), ["value"]])
    for (text, number), verdicts in zip(cases.items(), shown):
        assert verdicts["kinds"][0]["number"] == number == read_typed(text).number, text
    notes = {"3,33": "a decimal comma; write 3.33", "1e400": "too large for a number; write inf for infinity",
             "<3": "a strict bound (tracer's bounds include their number); write <=3", "1/0": "a fraction with "
             "denominator 0", "x1": "write a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3 or inf, a bound such as "
             "<=2 or ≥ 3, or a vector such as (1, 2, 6)"}
    shown = page.evaluate(IN_THE_PAGE, [list(notes), ["value"]])
    for (text, note), verdicts in zip(notes.items(), shown):
        assert verdicts["kinds"][0] == {"note": note} and read_typed(text) == note, text
