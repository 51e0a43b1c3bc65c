"""Exercises as teachers and students use them: answer keys that check themselves (tracer check), graded answers
(tracer grade), worksheets and generated exercises (tracer exercise). Scores are worked out by hand from the
scoring rule on Russell & Norvig's Figure 5.2, not read back from the code."""

from __future__ import annotations

import csv
import io
import json
import math
import os
from pathlib import Path

import pytest
import yaml

from helpers import ROOT, TREES, assert_one_line_error, brute_force, run_tracer, traced
from tracer.errors import UsageError
from tracer.cli.main import main
from tracer.exercises.check_keys import check_file
from tracer.exercises.facts import SearchFacts
from tracer.exercises.generate import Spec, deep_cutoffs, generate
from tracer.inputs import load_problem
from tracer.search.registry import ALGORITHMS
from tracer.search.spec import SearchSpec

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

RN = TREES / "rn_example.yaml"
# The full answer for alpha-beta on rn_example: 4 inner nodes + 9 leaves + 1 best move, and the window at C and the
# visit order its key asks for = 16 points, for every answer.
ORDER = ["A", "B", "B1", "B2", "B3", "C", "C1", "D", "D1", "D2", "D3"]
PERFECT = {"values": {"A": 3, "B": 3, "C": "<=2", "D": 2}, "pruned": ["C2", "C3"], "best_move": "B",
           "windows": {"C": [3, 2]}, "order": ORDER}


def answer(tmp_path, name="answer.yaml", **changes) -> Path:
    data = {**PERFECT, **changes}
    data = {key: value for key, value in data.items() if value is not None}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


def graded(*args) -> dict:
    result = run_tracer("grade", RN, *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# ---- tracer check -----------------------------------------------------------------------------------------------

def test_every_shipped_answer_key_holds():
    result = run_tracer("check", "trees", "games/positions", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    files = json.loads(result.stdout)
    shipped = sorted(path.relative_to(ROOT).as_posix() for folder in ("trees", "games/positions")
                     for path in (ROOT / folder).glob("*.yaml"))
    assert sorted(entry["file"] for entry in files) == shipped  # every shipped file carries a key
    for entry in files:
        assert entry["passed"] is True and entry["checks"], entry["file"]
        assert set(entry) >= {"file", "passed", "checks"}
        assert all(set(check) >= {"item", "expected", "actual", "passed"} for check in entry["checks"])


@pytest.mark.parametrize("line, altered, item", [
    ("  value: 3", "  value: 4", "value"),
    ("  best_move: B", "  best_move: C", "best_move"),
    ('C: "<=2"', "C: 2.5", "values.C"),
    ("  pruned: [C2, C3]", "  pruned: [C3]", "pruned"),
    ("  windows: {C: [3, 2]}", "  windows: {C: [3, 4]}", "windows.C"),
    ("  leaves_evaluated: 7", "  leaves_evaluated: 9", "leaves_evaluated"),
    ('C: "<=2"', 'C: ">=2"', "values.C"),  # a bound of the wrong kind
    ("D: 2}", 'D: "<=2"}', "values.D"),  # a bound where the search proves the value
    ("D1, D2, D3]", "D2, D1, D3]", "order"),
])
def test_an_altered_expectation_fails_and_is_named(tmp_path, line, altered, item):
    text = RN.read_text()
    assert line in text
    path = tmp_path / "rn.yaml"
    path.write_text(text.replace(line, altered))
    result = run_tracer("check", path, "--json")
    assert result.returncode == 1
    (entry,) = json.loads(result.stdout)
    failed = [check for check in entry["checks"] if not check["passed"]]
    assert [check["item"] for check in failed] == [item]
    assert failed[0]["decided"].startswith("step")
    readable = run_tracer("check", path)
    assert f"✗ {item}: expected" in readable.stdout


def test_a_missed_prune_is_explained_by_the_cutoff_step(tmp_path):
    path = tmp_path / "rn.yaml"
    path.write_text(RN.read_text().replace("  pruned: [C2, C3]", "  pruned: []"))
    result = run_tracer("check", path)
    assert "step 19: C: v = 2 ≤ α = 3: α-cutoff, shallow: α from A — prune C's remaining children C2 (4) and C3 (6)" in result.stdout


def test_the_command_line_overrides_the_rules_and_says_so():
    result = run_tracer("check", RN, "-a", "minimax")
    assert result.returncode == 1  # minimax prunes nothing: the alpha-beta key fails
    assert "note: -a minimax overrides the file's rules (algorithm: alphabeta)" in result.stdout
    assert "✗ pruned: expected [C2, C3], got []" in result.stdout


def test_check_bad_input_is_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("tree: [1, 2]\nexpect:\n  values: {Q: 3}\n")
    assert_one_line_error(run_tracer("check", bad), f"{bad}:3: expect.values.Q: no node named 'Q' in the searched tree")
    no_key = tmp_path / "plain.yaml"
    no_key.write_text("tree: [1, 2]\n")
    assert_one_line_error(run_tracer("check", no_key), "no expect: block")
    both = run_tracer("check", bad, RN)  # the good file is still checked
    assert both.returncode == 2 and "✓ " in both.stdout and "1 file could not be checked; 1 checked" in both.stderr


def test_a_value_that_cannot_be_read_is_one_wrong_item_and_the_rest_is_graded(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("values: {A: [1], B: 3}\nbest_move: B\n")
    result = graded(bad)
    (value_a,) = [item for item in result["items"] if item["item"] == "value of A"]
    assert (value_a["points"], value_a["max_points"], value_a["verdict"]) == (0, 1, "wrong")
    assert value_a["detail"] == "line 1: expected a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3 or inf, a bound " \
                                "such as <=2 or ≥ 3, or a vector such as (1, 2, 6), got a list"
    assert result["score"] == 2 and result["max_score"] == 16  # B's value and the best move


# ---- tracer grade -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("changes, score, max_score, wrong", [
    ({}, 16, 16, []),
    ({"values": {"A": 3, "B": 3, "C": 2, "D": 2}}, 16, 16, []),  # a bound counts as its number
    ({"values": {"A": 3, "B": 3, "C": ">=2", "D": 2}}, 15, 16, ["value of C"]),  # a bound of the wrong kind
    ({"values": {"A": 3, "B": 3, "C": "<=2", "D": "<=2"}}, 15, 16, ["value of D"]),  # D is exact, not a bound
    ({"values": {"A": 3, "B": 3, "C": 4, "D": 2}}, 15, 16, ["value of C"]),
    ({"values": {"A": 3, "B": 3, "D": 2}}, 15, 16, ["value of C"]),  # missing
    ({"pruned": ["C2"]}, 15, 16, ["C3 pruned?"]),  # a missed prune
    ({"pruned": ["C2", "C3", "D3"]}, 15, 16, ["D3 pruned?"]),  # extra prune marks cost points
    ({"pruned": ["C"]}, 15, 16, ["C1 pruned?"]),  # a node marks every leaf below it
    ({"pruned": []}, 14, 16, ["C2 pruned?", "C3 pruned?"]),
    ({"best_move": "C"}, 15, 16, ["best move"]),
    ({"windows": None}, 15, 16, ["window at C"]),  # the key asks for C's window: the maximum stays 16
    ({"windows": {"C": [3, "inf"]}}, 15, 16, ["window at C"]),
    ({"order": None}, 15, 16, ["visit order"]),  # the key asks for the order
    ({"order": ["A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C3", "D", "D1", "D2", "D3"]}, 15, 16, ["visit order"]),
])
def test_grading_each_kind_of_mistake(tmp_path, changes, score, max_score, wrong):
    result = graded(answer(tmp_path, **changes))
    assert (result["score"], result["max_score"]) == (score, max_score)
    assert [item["item"] for item in result["items"] if item["points"] < item["max_points"]] == wrong
    assert all(set(item) >= {"item", "expected", "given", "points", "max_points"} for item in result["items"])
    assert result["answer"].endswith("answer.yaml")


# C returns ≤ 2 (a bound: C was left by a cutoff), D returns exactly 2.
@pytest.mark.parametrize("node, written, holds", [
    ("C", "2", True), ("C", '"<=2"', True), ("C", '"≤ 2"', True), ("C", '">=2"', False), ("C", '"<=3"', False),
    ("D", "2", True), ("D", '"<=2"', False), ("D", '">=2"', False),
])
def test_a_bound_counts_the_same_in_check_and_grade(tmp_path, node, written, holds):
    """A plain number claims only the number; a written bound claims its kind too, in a key as in an answer."""
    values = {"A": "3", "B": "3", "C": '"<=2"', "D": "2", node: written}
    mapping = "{" + ", ".join(f"{name}: {value}" for name, value in values.items()) + "}"
    key, text = tmp_path / "rn.yaml", RN.read_text(encoding="utf-8")
    assert 'values: {A: 3, B: 3, C: "<=2", D: 2}' in text
    key.write_text(text.replace('values: {A: 3, B: 3, C: "<=2", D: 2}', f"values: {mapping}"), encoding="utf-8")
    (entry,) = json.loads(run_tracer("check", key, "--json").stdout)
    (check,) = [check for check in entry["checks"] if check["item"] == f"values.{node}"]
    answer_file = tmp_path / "answer.yaml"
    answer_file.write_text(f"values: {mapping}\npruned: [C2, C3]\nbest_move: B\n", encoding="utf-8")
    (item,) = [item for item in graded(answer_file)["items"] if item["item"] == f"value of {node}"]
    assert check["passed"] is holds and entry["passed"] is holds
    assert item["points"] == int(holds) and item["verdict"] == ("right" if holds else "wrong")


def test_the_first_departure_is_explained_in_trace_terms(tmp_path):
    result = run_tracer("grade", RN, answer(tmp_path, pruned=[]))
    assert ("first departure from the search: step 19: C: v = 2 ≤ α = 3: α-cutoff, shallow: α from A — "
            "prune C's remaining children C2 (4) and C3 (6) — you examined them") in result.stdout
    result = run_tracer("grade", RN, answer(tmp_path, pruned=["C2", "C3", "D3"]))
    assert "first departure from the search: step 30: D still has the window α = 3, β = 5 (no cutoff before D3)" in result.stdout
    assert "you marked it pruned" in result.stdout
    assert "scoring: one point per item the key asks for" in result.stdout


def test_a_folder_with_a_broken_answer_grades_the_others(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    answer(folder, "ada.yaml")
    answer(folder, "bob.yaml", best_move="D")
    (folder / "eve.yaml").write_text("values: {A: 3, Q: 1}\n")
    (folder / "zed.yaml").write_text("values: {A: three}\n")
    (folder / "zoe.yaml").write_text("values: {A: 3\n")  # not YAML: refused whole, scored 0 with the reason
    result = run_tracer("grade", RN, folder, "--csv")
    assert result.returncode == 2
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(Path(row["file"]).name, row["score"], row["max"]) for row in rows] == [
        ("ada.yaml", "16", "16"), ("bob.yaml", "15", "16"), ("eve.yaml", "1", "16"),  # a typo is graded (Q: 0)
        ("zed.yaml", "0", "16"), ("zoe.yaml", "0", "16")]
    assert rows[1]["best move"] == "0" and rows[0]["C3 pruned?"] == "1"
    assert list(rows[0]) == list(rows[2])  # the key's columns, the same for every answer
    assert "values.Q" not in rows[2] and "no node named 'Q'" not in result.stderr
    assert rows[2]["not read"].startswith("values.Q: line 1: no node named 'Q'")
    assert rows[3]["not read"] == "value of A: line 1: 'three' cannot be read: write a number such as 3, -2, " \
                                  "3.33, 1e3, 10/3, 3 1/3 or inf, a bound such as <=2 or ≥ 3, or a vector such as " \
                                  "(1, 2, 6)"
    assert rows[4]["not read"].startswith(f"refused: {folder / 'zoe.yaml'}:2: not valid YAML")
    assert f"{folder / 'zoe.yaml'}:2: not valid YAML" in result.stderr and "zed.yaml" not in result.stderr
    assert "1 answer file refused (each scored 0, with the reason, in the output); 4 graded" in result.stderr


def test_gradescope_results_have_the_documented_layout(tmp_path):
    out = tmp_path / "results.json"
    result = run_tracer("grade", RN, answer(tmp_path, best_move="C"), "--format", "gradescope", "-o", out)
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text())
    assert data["score"] == 15 and len(data["tests"]) == 16
    assert all(set(test) == {"name", "score", "max_score", "output"} for test in data["tests"])
    best = next(test for test in data["tests"] if test["name"] == "best move")
    assert (best["score"], best["max_score"]) == (0, 1) and "you wrote C; the search: B" in best["output"]
    assert "First departure" in data["output"]


def test_gradescope_with_a_refused_answer_writes_the_reason_for_the_student(tmp_path):
    bad, out = tmp_path / "bad.yaml", tmp_path / "results.json"
    bad.write_text("values: {A: 3\n")
    result = run_tracer("grade", RN, bad, "--format", "gradescope", "-o", out)
    assert result.returncode == 2 and result.stdout == f"{out}\n"
    assert result.stderr.splitlines() == [f"tracer grade: error: {bad}:2: not valid YAML: did not find expected ',' "
                                          "or '}'"]
    data = json.loads(out.read_text())
    assert data["score"] == 0 and len(data["tests"]) == 16 and all(test["score"] == 0 for test in data["tests"])
    assert data["output"].endswith(f"Your answer file could not be read, so it was scored as a blank sheet: {bad}:2: "
                                   "not valid YAML: did not find expected ',' or '}'")


def test_render_marks_the_wrong_items_without_colour_alone(tmp_path):
    out = tmp_path / "feedback.svg"
    result = run_tracer("grade", RN, answer(tmp_path, pruned=["C2"], values={"A": 3, "B": 3, "C": 4, "D": 2}),
                        "--render", out)
    assert result.returncode == 0, result.stderr
    svg = out.read_text()
    assert "✗ you: 4" in svg and "✗ you: examined" in svg
    dot = tmp_path / "feedback.dot"
    run_tracer("grade", RN, answer(tmp_path, pruned=["C2"], values={"A": 3, "B": 3, "C": 4, "D": 2}), "--render", dot)
    flagged = [line for line in dot.read_text().splitlines() if "peripheries=2" in line]  # double outlines
    assert len(flagged) == 2 and any(">C</FONT>" in line for line in flagged)
    c3 = next(line.split()[0] for line in flagged if "<B>6</B>" in line)  # C3, whose value is 6
    assert "✗ you: examined" in next(line for line in dot.read_text().splitlines()
                                      if line.strip().startswith(f"{c3}_notes "))  # the mark beside it, in words
    assert_one_line_error(run_tracer("grade", RN, answer(tmp_path), "--render", tmp_path / "x.gif"), "--render")


# ---- grades that mean what they say (issue 22) --------------------------------------------------------------------

THIRDS = ("players: [max, chance]\ntree: [[2, 3, 5], [1, 2]]\nrules: {algorithm: expectiminimax}\n"
          "expect:\n  values: {B: 10/3}\n")  # B averages 2, 3 and 5: 10/3


@pytest.mark.parametrize("text", ["values: {}\n", "", "# nothing yet\n"])
def test_a_blank_sheet_scores_nothing_of_the_key_s_maximum(tmp_path, text):
    blank = tmp_path / "blank.yaml"
    blank.write_text(text)
    result = graded(blank)
    assert (result["score"], result["max_score"]) == (0, 16)
    assert {item["verdict"] for item in result["items"]} == {"missing"} and result["first_departure"] == ""
    report = run_tracer("grade", RN, blank).stdout
    assert ": 0 / 16" in report
    assert "no departure from the search where the answer names the tree's nodes; 16 of the key's items not " \
           "answered" in report
    assert "– leaves (9 items): missing: you gave no pruned: (the search prunes C2, C3)" in report


def test_leaves_are_graded_only_when_the_answer_gives_pruned(tmp_path):
    result = graded(answer(tmp_path, pruned=None))
    leaves = [item for item in result["items"] if item["item"].endswith("pruned?")]
    assert len(leaves) == 9 and all(item["points"] == 0 and item["verdict"] == "missing" for item in leaves)
    assert (result["score"], result["max_score"]) == (7, 16)
    assert graded(answer(tmp_path, pruned=[]))["score"] == 14  # "nothing pruned" is an answer: 7 leaves right


def test_a_search_that_cannot_prune_grades_no_leaves(tmp_path):
    dice = TREES / "dice.yaml"
    plain = tmp_path / "dice.yaml"
    plain.write_text("values: {A: 8/3, B: 2.5, C: 8/3, D: 3, E: 2, F: 2}\nbest_move: C\n")
    result = json.loads(run_tracer("grade", dice, plain, "--json").stdout)
    assert (result["score"], result["max_score"]) == (7, 7)  # six values and the best move: no free "examined"
    assert not any(item["item"].endswith("pruned?") for item in result["items"])
    marked = tmp_path / "marked.yaml"
    marked.write_text(plain.read_text() + "pruned: [D1]\n")
    result = json.loads(run_tracer("grade", dice, marked, "--json").stdout)
    assert (result["score"], result["max_score"]) == (7, 7)
    assert [(item["item"], item["verdict"], item["max_points"]) for item in result["items"]
            if item["verdict"] == "extra"] == [("pruned", "extra", 0)]
    report = run_tracer("grade", dice, marked).stdout
    assert "· pruned: expectiminimax never prunes, so pruned: is not graded" in report


@pytest.mark.parametrize("written, right", [("3.33", True), ("3.333", True), ("3.33333", True), ("3.34", False),
                                            ("10/3", True), ("3", False)])
def test_a_decimal_matches_when_the_value_rounded_to_the_digits_written_gives_it(tmp_path, written, right):
    key, mine = tmp_path / "thirds.yaml", tmp_path / "mine.yaml"
    key.write_text(THIRDS)
    mine.write_text(f"values: {{A: {written}, B: {written}, C: 1.5}}\nbest_move: B\n")
    result = json.loads(run_tracer("grade", key, mine, "--json").stdout)
    (b,) = [item for item in result["items"] if item["item"] == "value of B"]
    assert (b["verdict"], b["given"], b["expected"]) == ("right" if right else "wrong", written, "10/3")
    report = run_tracer("grade", key, mine).stdout
    said = f"✓ value of B: {written}" if right else f"✗ value of B: you wrote {written}, the search: 10/3"
    assert said in report
    assert "rounded to the digits you wrote" in report  # the rule, in the report's scoring line


def test_a_key_s_decimals_follow_the_same_rule(tmp_path):
    key = tmp_path / "dice.yaml"
    text = (TREES / "dice.yaml").read_text(encoding="utf-8")
    assert "  value: 8/3\n" in text and "C: 8/3," in text
    key.write_text(text.replace("  value: 8/3\n", "  value: 2.67\n").replace("C: 8/3,", "C: 2.6667,"),
                   encoding="utf-8")
    assert run_tracer("check", key).returncode == 0
    key.write_text(text.replace("  value: 8/3\n", "  value: 2.66\n"), encoding="utf-8")
    assert "✗ value: expected 2.66, got 8/3" in run_tracer("check", key).stdout


def test_the_maximum_is_the_key_s_for_every_answer(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    answer(folder, "ada.yaml", windows=None, order=None)  # no windows, no order
    answer(folder, "bob.yaml", windows={"C": [3, 4]})  # a wrong window
    answer(folder, "cy.yaml", windows={"C": [3, 2], "B": ["-inf", 3]})  # a window the key does not ask for
    rows = list(csv.DictReader(io.StringIO(run_tracer("grade", RN, folder, "--csv").stdout)))
    assert [(Path(row["file"]).name, row["score"], row["max"]) for row in rows] == [
        ("ada.yaml", "14", "16"), ("bob.yaml", "15", "16"), ("cy.yaml", "16", "16")]
    assert "window at B" not in rows[0]  # not a column: the key does not ask for it


def test_a_search_without_windows_is_not_asked_for_them(tmp_path):
    """-a minimax overrides the key's alpha-beta: no leaves, no windows (the key's window at C does not apply)."""
    values = {"A": 3, "B": 3, "C": 2, "D": 2}  # minimax returns C's 2 exactly
    result = json.loads(run_tracer("grade", RN, answer(tmp_path, values=values, pruned=None, windows=None), "-a",
                                   "minimax", "--json").stdout)
    assert [item["item"] for item in result["items"]] == ["value of A", "value of B", "value of C", "value of D",
                                                          "best move", "visit order"]
    assert (result["score"], result["max_score"]) == (5, 6)  # the alpha-beta order is not minimax's
    order = ["A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C3", "D", "D1", "D2", "D3"]
    result = json.loads(run_tracer("grade", RN, answer(tmp_path, values=values, pruned=None, windows=None,
                                                       order=order), "-a", "minimax", "--json").stdout)
    assert (result["score"], result["max_score"]) == (6, 6)


def test_items_the_key_does_not_ask_for_are_pointed_out(tmp_path):
    mine = answer(tmp_path, windows={"C": [3, 2], "B": ["-inf", 3]},
                  values={"A": 3, "B": 3, "C": "<=2", "D": 2, "B1": 3})
    result = graded(mine)
    assert (result["score"], result["max_score"]) == (16, 16)
    extra = [(item["item"], item["points"], item["max_points"]) for item in result["items"]
             if item["verdict"] == "extra"]
    assert extra == [("value of B1", 0, 0), ("window at B", 0, 0)]
    assert [item["given"] for item in result["items"] if item["item"] == "window at B"] == [["-inf", 3]]  # JSON
    report = run_tracer("grade", RN, mine).stdout
    assert "· window at B: you wrote [−∞, 3], but the key does not ask for B's window (not graded)" in report
    assert "· value of B1: you wrote 3, but B1 is a leaf: its value is given (not graded)" in report
    no_order = tmp_path / "plain.yaml"  # a key without order:
    no_order.write_text(RN.read_text().replace("  order: [A, B, B1, B2, B3, C, C1, D, D1, D2, D3]\n", ""))
    report = run_tracer("grade", no_order, mine).stdout
    assert "/ 15" in report and "· visit order: the key does not ask for the visit order (not graded)" in report


def test_an_unknown_node_name_is_one_wrong_item_with_its_line(tmp_path):
    typo = tmp_path / "typo.yaml"
    typo.write_text("best_move: B\nvalues: {A: 3, Q: 1, B: 3}\n")
    result = run_tracer("grade", RN, typo)
    assert result.returncode == 0 and result.stderr == ""
    assert ": 3 / 16" in result.stdout
    assert "✗ values.Q: line 2: no node named 'Q' in the searched tree (its nodes: A, B, B1" in result.stdout
    assert "13 of the key's items not answered; 1 name not in the tree" in result.stdout
    (item,) = [item for item in graded(typo)["items"] if item["item"] == "values.Q"]
    assert (item["verdict"], item["points"], item["max_points"], item["given"]) == ("wrong", 0, 0, "Q")
    out = tmp_path / "results.json"
    run_tracer("grade", RN, typo, "--format", "gradescope", "-o", out)
    assert "Not graded: values.Q: line 2: no node named 'Q'" in json.loads(out.read_text())["output"]
    typo.write_text("values: {A: 3, B: 3, Cc: 2, D: 2}\n")
    assert "✗ values.Cc: line 1: no node named 'Cc' in the searched tree (did you mean C? its nodes: A, B, B1" in \
        run_tracer("grade", RN, typo).stdout


def test_a_list_answer_says_where_it_first_differs(tmp_path):
    order = ["A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C3", "D", "D1", "D2", "D3"]
    report = run_tracer("grade", RN, answer(tmp_path, order=order)).stdout
    assert "✗ visit order: visit 8: the search enters D, you wrote C2 (visits 1–7 agree)" in report
    assert "[A, B, B1, B2, B3, C, C1, C2" not in report  # not both lists in full
    out = tmp_path / "results.json"
    run_tracer("grade", RN, answer(tmp_path, order=order), "--format", "gradescope", "-o", out)
    (test,) = [test for test in json.loads(out.read_text())["tests"] if test["name"] == "visit order"]
    assert test["output"] == "visit 8: the search enters D, you wrote C2 (visits 1–7 agree)"


def test_the_first_departure_is_the_first_mistake_not_an_omission(tmp_path):
    mine = answer(tmp_path, values={"A": 3, "C": "<=2", "D": 5})  # B (step 11) omitted; D (step 34) wrong
    result = graded(mine)
    assert result["first_departure"] == "step 34: D: returns 2 to A (best child D3) — you wrote 5"


def test_the_feedback_mark_keeps_off_a_pruned_leaf_s_outline(tmp_path):
    """Drawn by Graphviz as the command draws it (neato -n2): the ✗ under C3 (pruned, not marked so) stands clear
    below C3's outer outline, and under C's."""
    import subprocess

    dot = tmp_path / "feedback.dot"
    run_tracer("grade", RN, answer(tmp_path, pruned=["C2"], values={"A": 3, "B": 3, "C": 4, "D": 2}), "--render", dot)
    drawn = json.loads(subprocess.run(["neato", "-n2", "-Tjson", str(dot)], capture_output=True, text=True,
                                      check=True).stdout)
    objects = {item["name"]: item for item in drawn["objects"]}
    flagged = [name[:-len("_notes")] for name, item in objects.items() if name.endswith("_notes")
               and any("✗" in op.get("text", "") for op in item.get("_ldraw_", []))]
    assert len(flagged) == 2
    for name in flagged:
        outline = min(point[1] for op in objects[name]["_draw_"] for point in op.get("points", []))  # its foot
        marks = [op for op in objects[f"{name}_notes"]["_ldraw_"] if "✗" in op.get("text", "")]
        top = max(op["pt"][1] + 0.8 * op["size"] for op in marks if "size" in op) if any("size" in op for op in marks) \
            else max(op["pt"][1] for op in marks) + 8
        assert top < outline - 1, (name, outline, top)  # y grows upwards: the mark's top is below the outline


# ---- tracer worksheet -------------------------------------------------------------------------------------------

def test_the_worksheet_shows_leaves_and_hides_the_answers(tmp_path):
    sheet, key = tmp_path / "sheet.dot", tmp_path / "key.dot"
    assert run_tracer("worksheet", RN, "-o", sheet).returncode == 0
    assert run_tracer("worksheet", RN, "--key", "-o", key).returncode == 0
    question, answers = sheet.read_text(), key.read_text()
    for leaf in ("3", "12", "8", "14"):
        assert f"<B>{leaf}</B>" in question
    assert "≤ 2" not in question and "✂" not in question and "α=" not in question
    assert "≤ 2" in answers and "n7_cross" in answers and "n8_cross" in answers  # C's bound; C2, C3 crossed out
    png = tmp_path / "sheet.png"
    assert run_tracer("worksheet", TREES / "depth_limited.yaml", "-o", png).returncode == 0
    assert png.read_bytes().startswith(b"\x89PNG")


# ---- tracer exercise --------------------------------------------------------------------------------------------

def by_definition(nested, players, level=0):
    if not isinstance(nested, list):
        return nested
    values = [by_definition(child, players, level + 1) for child in nested]
    return max(values) if players[level % len(players)] == "max" else min(values)


@pytest.mark.parametrize("spec", [
    Spec(min_cutoffs=2),
    Spec(branching=(2, 2), depth=4, deep_cutoff=True, no_ties=True, values=(-20, 20)),
    Spec(branching=(3, 3), depth=3, pruned_leaves=6),
    Spec(players=("max", "min", "min"), depth=3, branching=(2, 2), min_cutoffs=1),
    Spec(search=SearchSpec("negamax-ab", prune="gt", fail="hard"), min_cutoffs=1),
])
def test_generated_exercises_meet_their_constraints_and_their_keys_hold(tmp_path, spec):
    for seed in range(12):
        spec_seeded = Spec(**{**spec.__dict__, "seed": seed})
        text, facts = generate(spec_seeded, 1)
        assert generate(spec_seeded, 1)[0] == text  # the same seed, the same bytes
        data = yaml.safe_load(text)
        nested = data["tree"]
        assert facts.counts["cutoffs"] >= spec.min_cutoffs
        if spec.pruned_leaves is not None:
            assert len(facts.pruned_leaves()) == spec.pruned_leaves
        if spec.deep_cutoff:
            assert deep_cutoffs(facts.trace)
        leaves = list(_flatten(nested))
        if spec.no_ties:
            assert len(set(leaves)) == len(leaves)
        assert all(spec.values[0] <= v <= spec.values[1] for v in leaves)
        assert data["expect"]["value"] == by_definition(nested, data.get("players") or
                                                       [data["root"], "min" if data["root"] == "max" else "max"])
        path = tmp_path / f"e{seed}.yaml"
        path.write_text(text)
        problem = load_problem(str(path))
        assert check_file(problem, SearchSpec(**problem.rules)).passed


GENERATED_RULES = [(algorithm, prune, fail) for algorithm, search in ALGORITHMS.items() for prune in ("ge", "gt")
                   for fail in ("soft", "hard") if not (search.soft_only and fail == "hard")]


@pytest.mark.parametrize("algorithm, prune, fail", GENERATED_RULES)
def test_a_generated_file_keeps_every_rule_it_was_made_with_and_passes_check(tmp_path, capsys, algorithm, prune,
                                                                              fail):
    """Every combination the generator accepts: the file's rules: are those asked for, and its own key holds
    (pvs with fail: hard was written as {algorithm: pvs} and its key then failed tracer check)."""
    rules = f"{{algorithm: {algorithm}, prune: {prune}, fail: {fail}}}"
    cutoffs = ["--min-cutoffs", "1"] if ALGORITHMS[algorithm].pruning else []
    folder = tmp_path / "set"
    assert main(["exercise", "--depth", "3", "--branching", "2", "--seed", "2", "--count", "2", "--rules", rules,
                 *cutoffs, "-o", str(folder)]) == 0
    for path in sorted(folder.iterdir()):
        data = yaml.safe_load(path.read_text())
        written = {"algorithm": "alphabeta", "prune": "ge", "fail": "soft", **data["rules"]}
        assert written == {"algorithm": algorithm, "prune": prune, "fail": fail}
    capsys.readouterr()
    assert main(["check", str(folder)]) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert out.count("✓ ") >= 2 and "✗" not in out


def test_principal_variation_search_prunes_so_it_takes_cutoff_constraints(capsys):
    assert main(["exercise", "--rules", "{algorithm: pvs}", "--min-cutoffs", "1"]) == 0
    text = capsys.readouterr().out
    assert "algorithm: pvs" in text and yaml.safe_load(text)["expect"]["cutoffs"] >= 1
    assert main(["exercise", "--rules", "{algorithm: negamax}", "--min-cutoffs", "1"]) == 2
    assert "negamax never prunes" in capsys.readouterr().err


def test_a_generated_file_refuses_rules_its_search_cannot_keep(capsys):
    assert main(["exercise", "--rules", "{algorithm: mtdf, fail: hard}"]) == 2
    assert "use --fail soft" in capsys.readouterr().err


def _flatten(nested):
    if isinstance(nested, list):
        for child in nested:
            yield from _flatten(child)
    else:
        yield nested


def test_generated_files_are_the_same_on_every_run(tmp_path):
    for run in ("a", "b"):
        result = run_tracer("exercise", "--count", "4", "--seed", "5", "--min-cutoffs", "1", "-o", tmp_path / run)
        assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["exercise-01.yaml", "exercise-02.yaml", "exercise-03.yaml", "exercise-04.yaml"]
    assert all((tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes() for n in names)
    assert len({(tmp_path / "a" / n).read_text() for n in names}) == 4
    assert run_tracer("check", tmp_path / "a").returncode == 0


@pytest.mark.parametrize("spec", [
    Spec(branching=(2, 2), depth=2, pruned_leaves=3),  # at most 4 leaves, 3 always examined
    Spec(depth=3, deep_cutoff=True),  # alternating players need depth 4
    Spec(values=(1, 5), no_ties=True),
    Spec(search=SearchSpec("minimax"), min_cutoffs=1),
    Spec(search=SearchSpec("pvs"), players=("max", "min", "min")),  # in the mover's terms: needs alternation
    Spec(branching=(2, 2), depth=3, min_cutoffs=7),  # possible in no tree: found out by searching, boundedly
])
def test_impossible_constraints_fail_with_a_clear_error(spec):
    with pytest.raises(UsageError):
        generate(spec, 1)


def test_deep_cutoffs_are_found_where_the_bound_comes_from_two_levels_up():
    trace = traced(TREES / "deep_cutoff.yaml")
    assert [SearchFacts(trace).label(node) for node in deep_cutoffs(trace)] == ["E"]
    assert deep_cutoffs(traced(TREES / "rn_example.yaml")) == []


def test_exercise_bad_options_are_one_line():
    assert_one_line_error(run_tracer("exercise", "--branching", "3-2"), "--branching")
    assert_one_line_error(run_tracer("exercise", "--values", "a..b"), "--values")
    assert_one_line_error(run_tracer("exercise", "--rules", "{algorithm: best}"), "--rules")
    assert_one_line_error(run_tracer("exercise", "--players", "max,dice"), "--players")
    assert_one_line_error(run_tracer("exercise", "--depth", "3", "--deep-cutoff"), "--depth 4")


def test_brute_force_helper_agrees_with_the_shipped_examples():
    assert brute_force(load_problem(str(RN)).root) == 3
    assert math.isfinite(brute_force(load_problem(str(TREES / "three_agents.yaml")).root))


def test_negative_value_ranges_read_as_written():
    result = run_tracer("exercise", "--values", "-20..-10", "--depth", "2", "--branching", "2", "--seed", "1")
    assert result.returncode == 0, result.stderr
    leaves = list(_flatten(yaml.safe_load(result.stdout)["tree"]))
    assert len(leaves) == 4 and all(-20 <= v <= -10 for v in leaves)


def test_a_count_of_one_reads_in_the_singular(tmp_path):
    tree = tmp_path / "one.yaml"
    tree.write_text("root: max\ntree: [[3, 5], [2, 9]]\nexpect: {cutoffs: 1, leaves_evaluated: 3}\n")
    result = run_tracer("check", tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert ": 1 cutoff)" in result.stdout and "1 cutoffs" not in result.stdout
    assert ": 3 leaves evaluated)" in result.stdout


def test_exercises_with_chance_levels_are_expectiminimax_with_exact_keys(tmp_path):
    from fractions import Fraction

    from tracer import load_tree

    result = run_tracer("exercise", "--players", "max,chance,min", "--depth", "3", "--branching", "3", "--seed", "4",
                        "--count", "3", "-o", tmp_path / "set")
    assert result.returncode == 0, result.stderr
    for path in sorted((tmp_path / "set").glob("*.yaml")):
        text = path.read_text()
        assert "players: [max, chance, min]" in text and "rules: {algorithm: expectiminimax}" in text
        written = yaml.safe_load(text)["expect"]["value"]  # a whole number, an ending decimal or a fraction
        assert Fraction(str(written)) == Fraction(brute_force(load_tree(path).root)).limit_denominator(1000), path
        assert run_tracer("check", path).returncode == 0
    plain = run_tracer("exercise", "--rules", "{algorithm: expectiminimax}", "--depth", "3", "--branching", "2")
    assert "players: [max, chance, min, chance]" in plain.stdout  # a search that averages gets chance levels


def test_chance_levels_need_a_search_that_averages():
    assert_one_line_error(run_tracer("exercise", "--players", "max,chance,min", "--rules", "{algorithm: alphabeta}"),
                          "--players has chance levels, which alphabeta cannot search: use expectiminimax")
    assert_one_line_error(run_tracer("exercise", "--players", "chance,max"), "max or min at the root")


def test_a_misspelled_answer_key_suggests_the_key_meant(tmp_path):
    typo = tmp_path / "typo.yaml"
    typo.write_text("valeus: {A: 3}\nValues: {B: 3}\n")
    report = run_tracer("grade", RN, typo).stdout
    assert "✗ valeus: line 1: unknown key 'valeus' (did you mean values? expected one of: values," in report
    assert "✗ Values: line 2: unknown key 'Values' (did you mean values? expected one of: values," in report


def test_a_misnamed_node_in_an_order_is_named_where_it_stands(tmp_path):
    order = tmp_path / "order.yaml"
    order.write_text("order: [A, B, B1, B2, B3, C, C1, D, D1, D2, D4]\n")
    report = run_tracer("grade", RN, order).stdout
    assert "visit 11: the search enters D3, you wrote D4, which is not a node of the tree (visits 1–10 agree)" in report
    assert "your order stops there" not in report  # it did not: the eleventh name is a typo


# ---- --jobs: the same output from processes ---------------------------------------------------------------------

def _class_folder(tmp_path) -> Path:
    """Eight answer files, some right, some wrong in different ways, one unreadable."""
    folder = tmp_path / "class"
    folder.mkdir()
    answer(folder, "a1.yaml")
    answer(folder, "a2.yaml", best_move="D")
    answer(folder, "a3.yaml", pruned=["C2"])
    answer(folder, "a4.yaml", values={"A": 3, "B": 4, "C": 2, "D": 2})
    answer(folder, "a5.yaml", order=ORDER[::-1])
    answer(folder, "a6.yaml", windows=None, order=None)
    answer(folder, "a7.yaml")
    (folder / "a8.yaml").write_text("values: {A: three\n")  # not YAML: refused, scored 0
    (folder / "a9.yaml").write_text("values: {A: 3,33}\n")  # a decimal comma: one wrong item
    return folder


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 CPUs")
def test_grade_jobs_give_the_same_output_as_one_process(tmp_path):
    folder = _class_folder(tmp_path)
    for output in ([], ["--json"], ["--csv"]):
        serial, parallel = (run_tracer("grade", RN, folder, *output, "--jobs", jobs) for jobs in ("1", "2"))
        assert serial.returncode == parallel.returncode == 2  # a8.yaml is refused; every file is in the output
        assert (parallel.stdout, parallel.stderr) == (serial.stdout, serial.stderr)
    graded_json = json.loads(run_tracer("grade", RN, folder, "--json", "--jobs", "2").stdout)
    assert [Path(item["answer"]).name for item in graded_json] == [f"a{n}.yaml" for n in range(1, 10)]
    assert graded_json[0]["score"] == graded_json[0]["max_score"] > graded_json[1]["score"]  # in the files' order
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"results{jobs}"
        result = run_tracer("grade", RN, folder, "--format", "gradescope", "-o", out, "--jobs", jobs)
        assert result.returncode == 2
        outs.append({path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()})
    assert len(outs[0]) == 9 and outs[1] == outs[0]


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 CPUs")
def test_exercise_jobs_write_the_same_files(tmp_path):
    written = []
    for jobs in ("1", "2"):
        folder = tmp_path / f"set{jobs}"
        result = run_tracer("exercise", "--count", "6", "--seed", "3", "-o", folder, "--jobs", jobs)
        assert result.returncode == 0, result.stderr
        assert result.stdout == "".join(f"{folder / f'exercise-0{n}.yaml'}\n" for n in range(1, 7))
        written.append({path.name: path.read_bytes() for path in folder.iterdir()})
    assert len(written[0]) == 6 and written[1] == written[0]
    assert len(set(written[0].values())) == 6  # six different exercises, not one made six times


@pytest.mark.parametrize("command", [("grade", str(RN), str(TREES / "answers")), ("exercise", "--count", "6")])
def test_too_many_jobs_is_one_line_naming_the_limit(tmp_path, command):
    cpus = os.cpu_count() or 1
    result = run_tracer(*command, "--jobs", str(cpus + 1), cwd=tmp_path)
    assert_one_line_error(result, f"--jobs: expected a whole number up to {cpus}, got {cpus + 1}",
                          f"this machine has {cpus} CPU")
    assert not any(tmp_path.iterdir())  # nothing written
