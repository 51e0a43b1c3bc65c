"""tracer grade grades every student, always: a class folder holding a decimal comma, typos, a blank sheet, a file
that is not YAML and unsafe files (an escape sequence, a FIFO, a file too large) has every student in every output
(the report, --csv, --json and one results.json each with --format gradescope), each reason stated, and --jobs 2
gives the same. Scores are worked out by hand on Russell & Norvig's Figure 5.2 (16 points: 4 values, 9 leaves,
the best move, C's window and the visit order)."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
import yaml

from helpers import TREES, run_tracer
from tracer.io import MAX_ANSWER_BYTES

RN = TREES / "rn_example.yaml"
ORDER = ["A", "B", "B1", "B2", "B3", "C", "C1", "D", "D1", "D2", "D3"]
PERFECT = {"values": {"A": 3, "B": 3, "C": "<=2", "D": 2}, "pruned": ["C2", "C3"], "best_move": "B",
           "windows": {"C": [3, 2]}, "order": ORDER}
COMMA = "'3,33' cannot be read: a decimal comma; write 3.33"

# Each student: (score, what the report says of them). Refused files are scored 0 with their reason.
EXPECTED = {
    "ana.yaml": (15, f"✗ value of B: line 3: {COMMA}"),  # right but for B's decimal comma
    "ann.yaml": (15, f"✗ value of B: line 1: {COMMA}"),  # the same, unquoted: YAML split it at the comma
    "ben.yaml": (11, "✗ best move: you wrote b, the search: B (b is not a move at the root: did you mean B?)"),
    "cy.yaml": (0, "16 of the key's items not answered"),  # a blank sheet
    "dee.yaml": (0, "refused, scored as a blank sheet: {folder}/dee.yaml:2: not valid YAML"),
    "eve.yaml": (0, "refused, scored as a blank sheet: {folder}/eve.yaml:1: text with the unprintable character "
                    "'\\x1b'"),
    "fay.yaml": (0, "refused, scored as a blank sheet: {folder}/fay.yaml: cannot read: not a regular file"),
    "gus.yaml": (0, "refused, scored as a blank sheet: {folder}/gus.yaml: cannot read: larger than 2 MB"),
}
REFUSED = ["dee.yaml", "eve.yaml", "fay.yaml", "gus.yaml"]


def class_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    others = yaml.safe_dump({key: value for key, value in PERFECT.items() if key != "values"})
    (folder / "ana.yaml").write_text('values:\n  A: 3\n  B: 3,33\n  C: "<=2"\n  D: 2\n' + others)  # as typed
    (folder / "ann.yaml").write_text('values: {A: 3, B: 3,33, C: "<=2", D: 2}\n' + others)
    # typos: a (A) gives no value, c2 (C2) marks nothing, b (B) is no move: 3 values + 8 leaves
    (folder / "ben.yaml").write_text("values: {a: 3, B: 3, C: 2, D: 2}\npruned: [c2, C3]\nbest_move: b\n")
    (folder / "cy.yaml").write_text("")
    (folder / "dee.yaml").write_text("values: {A: 3\n  B: [\n")
    (folder / "eve.yaml").write_text('values: {A: "3\\x1b[2J"}\n')
    os.mkfifo(folder / "fay.yaml")  # not a regular file: refused before it is opened (reading it would block)
    (folder / "gus.yaml").write_text("# " + "x" * MAX_ANSWER_BYTES + "\nvalues: {A: 3}\n")
    return folder


@pytest.fixture
def folder(tmp_path) -> Path:
    return class_folder(tmp_path)


def test_the_report_has_every_student_with_each_reason(folder):
    result = run_tracer("grade", RN, folder)
    assert result.returncode == 2  # some files were refused; every student is graded all the same
    for name, (score, said) in EXPECTED.items():
        assert f"{folder / name}: {score} / 16  (" in result.stdout, name
        assert said.format(folder=folder) in result.stdout, name
    assert "C2 pruned?: you wrote c2 in pruned: (line 2), which is not a node of the tree (did you mean C2?)" \
        in result.stdout
    assert "you examined it" not in result.stdout  # c2 was a slip of the case, not an examined leaf
    assert "values.a: line 1: no node named 'a' in the searched tree (did you mean A?" in result.stdout
    assert result.stdout.count("scoring: ") == 1 and result.stdout.rstrip("\n").splitlines()[-1].startswith("scoring: ")
    errors = result.stderr.splitlines()
    assert len(errors) == len(REFUSED) + 1
    for line, name in zip(errors, REFUSED):
        assert line.startswith(f"tracer grade: error: {folder / name}"), line
    assert errors[-1] == "tracer grade: 4 answer files refused (each scored 0, with the reason, in the output); " \
                         "4 graded"


def test_csv_and_json_have_every_student_with_each_reason(folder):
    result = run_tracer("grade", RN, folder, "--csv")
    assert result.returncode == 2
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(Path(row["file"]).name, int(row["score"]), int(row["max"])) for row in rows] == \
        [(name, score, 16) for name, (score, _) in EXPECTED.items()]
    not_read = {Path(row["file"]).name: row["not read"] for row in rows}
    assert not_read["ana.yaml"] == f"value of B: line 3: {COMMA}"
    assert not_read["ann.yaml"] == f"value of B: line 1: {COMMA}"
    assert not_read["cy.yaml"] == ""
    for name in REFUSED:
        assert not_read[name].startswith(f"refused: {folder / name}"), name
    assert rows[0]["value of B"] == "0" and rows[0]["value of A"] == "1"  # the rest of the sheet is graded

    graded = json.loads(run_tracer("grade", RN, folder, "--json").stdout)
    assert [(Path(entry["answer"]).name, entry["score"], entry["max_score"]) for entry in graded] == \
        [(name, score, 16) for name, (score, _) in EXPECTED.items()]
    for entry in graded:
        name = Path(entry["answer"]).name
        assert (entry["refused"] is not None) == (name in REFUSED), name
        if name in REFUSED:
            assert entry["refused"].startswith(str(folder / name)) and len(entry["items"]) == 16
            assert {item["verdict"] for item in entry["items"]} == {"missing"}
    value_b = next(item for item in graded[0]["items"] if item["item"] == "value of B")
    assert value_b == {"item": "value of B", "expected": "3", "given": "3,33", "points": 0, "max_points": 1,
                       "verdict": "wrong", "detail": f"line 3: {COMMA}"}


def test_gradescope_writes_a_results_file_for_every_student_with_the_reason(folder, tmp_path):
    out = tmp_path / "results"
    result = run_tracer("grade", RN, folder, "--format", "gradescope", "-o", out)
    assert result.returncode == 2
    assert result.stdout.splitlines() == [str(out / name.replace(".yaml", ".json")) for name in EXPECTED]
    for name, (score, _) in EXPECTED.items():
        data = json.loads((out / name.replace(".yaml", ".json")).read_text(encoding="utf-8"))
        assert data["score"] == score == sum(test["score"] for test in data["tests"]), name
        assert len(data["tests"]) == 16
        if name in REFUSED:
            assert "Your answer file could not be read, so it was scored as a blank sheet: " \
                   f"{folder / name}" in data["output"]
    ana = json.loads((out / "ana.json").read_text(encoding="utf-8"))
    assert next(test for test in ana["tests"] if test["name"] == "value of B")["output"] == f"line 3: {COMMA}"


def test_a_single_refused_file_still_gets_its_results_json(folder, tmp_path):
    out = tmp_path / "results.json"
    result = run_tracer("grade", RN, folder / "dee.yaml", "--format", "gradescope", "-o", out)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["score"] == 0 and f"{folder / 'dee.yaml'}:2: not valid YAML" in data["output"]


def test_two_students_of_one_name_each_get_a_results_file(tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir(), second.mkdir()
    (first / "ana.yaml").write_text("best_move: B\n")
    (second / "ana.yaml").write_text("best_move: C\n")
    out = tmp_path / "results"
    assert run_tracer("grade", RN, first, second, "--format", "gradescope", "-o", out).returncode == 0
    scores = [json.loads((out / name).read_text())["score"] for name in ("ana.json", "ana-2.json")]
    assert scores == [1, 0]


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 CPUs")
def test_jobs_2_gives_the_same_outputs(folder, tmp_path):
    for output in ([], ["--csv"], ["--json"]):
        serial, parallel = (run_tracer("grade", RN, folder, *output, "--jobs", jobs) for jobs in ("1", "2"))
        assert serial.returncode == parallel.returncode == 2
        assert (parallel.stdout, parallel.stderr) == (serial.stdout, serial.stderr)
        assert all(str(folder / name) in serial.stdout for name in EXPECTED)
    files = []
    for jobs in ("1", "2"):
        out = tmp_path / f"results{jobs}"
        assert run_tracer("grade", RN, folder, "--format", "gradescope", "-o", out, "--jobs", jobs).returncode == 2
        files.append({path.name: path.read_bytes() for path in sorted(out.iterdir())})
    assert len(files[0]) == len(EXPECTED) and files[1] == files[0]


def test_a_missing_submission_gets_a_results_json_saying_so(tmp_path):
    """On Gradescope a student who uploaded no answer file (or one of another name) still gets feedback."""
    out, missing = tmp_path / "results.json", tmp_path / "submission" / "answers.yaml"
    result = run_tracer("grade", RN, missing, "--format", "gradescope", "-o", out)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and str(missing) in result.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["score"] == 0 and f"{missing}: cannot read: No such file or directory" in data["output"]


def test_a_file_name_with_an_escape_sequence_is_shown_escaped(tmp_path):
    """A student's file name is the student's text: the report and the errors show it escaped, on one line."""
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "evil\x1b[2J.yaml").write_text(yaml.safe_dump(PERFECT))
    (folder / "bad\x1b]0;x\x07.yaml").write_text("values: [\n")
    result = run_tracer("grade", RN, folder)
    assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout + result.stderr
    assert f"{folder}/evil\\x1b[2J.yaml: 16 / 16" in result.stdout
    assert f"{folder}/bad\\x1b]0;x\\x07.yaml: 0 / 16" in result.stdout
