"""tracer test-search: a student's own search function, run in a child process, compared with the traced search.

The students are in tests/data/students/: textbook.py (correct, one per convention), buggy.py (the typical bugs),
misbehaving.py (hangs, crashes, recursion, memory, wrong return type). What each bug's first departure must name is
worked out here independently: the buggy function and the textbook one are run in this process on states that
record what is asked of them, and the first place their records differ is the state the report must name."""

from __future__ import annotations

import contextlib
import html
import json
import math
import os
import platform
import re
from pathlib import Path

import pytest

from helpers import ROOT, TREES, assert_one_line_error, brute_force, run_tracer
from tracer.errors import UsageError
from tracer.test_search.runner import Limits, Student
from tracer.test_search.sandbox import Target, Workspace, choose
from tracer.test_search.verdicts import CASES_DIR, Case, run_case
from tracer.inputs import load_problem, load_tree
from tracer.search.spec import SearchSpec

STUDENTS = Path("tests/data/students")  # relative to ROOT, where the commands run
TEXTBOOK, BUGGY, MISBEHAVING = STUDENTS / "textbook.py", STUDENTS / "buggy.py", STUDENTS / "misbehaving.py"
SHIPPED = Path(CASES_DIR)
FAST = ("--time-limit", "2")


def test_search(target, *args):
    return run_tracer("test-search", str(target), *args, *FAST, cwd=ROOT)


test_search.__test__ = False  # a helper, not a test


def report(target, *args) -> dict:
    result = test_search(target, *args, "--json")
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


@contextlib.contextmanager
def student_of(target, level="auto", limits=Limits(1, 200 * 2**20)):
    """The student's function as test-search runs it, with its workspace (removed after)."""
    target = Target.parse(str(target))
    with Workspace(target) as workspace:
        yield Student(target, limits, choose(level), workspace)


# ---- an independent record: the function run here, on states that note what is asked of them ---------------------

class Noting:
    """A state over a tracer tree node that notes each state expanded and evaluated, as the README defines them."""

    def __init__(self, node, name, notes):
        self.node, self.name, self.notes = node, name, notes
        self.player = node.player.value

    def is_terminal(self):
        return not self.node.children

    def moves(self):
        if self.node.children and ("expanded", self.name) not in self.notes:
            self.notes.append(("expanded", self.name))
        return [self.node.move_name(i) for i in range(len(self.node.children))]

    def child(self, move):
        index = [self.node.move_name(i) for i in range(len(self.node.children))].index(move)
        return Noting(self.node.children[index], move, self.notes)

    def _note(self):
        if ("evaluated", self.name) not in self.notes:
            self.notes.append(("evaluated", self.name))

    def utility(self):
        self._note()
        return self.node.value

    def evaluate(self):
        self._note()
        return self.node.evaluation if self.node.children else self.node.value

    def probability(self, move):
        index = [self.node.move_name(i) for i in range(len(self.node.children))].index(move)
        return float(self.node.children[index].p)


def noted(function, tree_file, depth=math.inf, window=True):
    import importlib.util

    spec = importlib.util.spec_from_file_location("noted_student", ROOT / function[0])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    notes = []
    root = Noting(load_tree(str(tree_file)).root, "A", notes)
    args = (root, depth, -math.inf, math.inf) if window else (root, depth)
    value, move = getattr(module, function[1])(*args)
    return notes, value, move


def first_difference(mine, theirs):
    """The first action where two records part, as the report's first words must say it."""
    index = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
    done = {name for _, name in theirs}
    if index < len(mine) and mine[index][1] not in done:
        return f"your search {mine[index][0]} {mine[index][1]}"
    kind, name = theirs[index]
    if name not in {n for _, n in mine}:
        return f"your search never {kind} {name}"
    return f"your search {mine[index][0]} {mine[index][1]}"


# ---- correct functions are recognised -----------------------------------------------------------------------------

CONVENTIONS = [  # (function, options, the conventions it is named by)
    ("alphabeta", (), {"prune": ["ge"], "fail": ["soft"]}),
    ("alphabeta_strict", ("--prune", "gt"), {"prune": ["gt"], "fail": ["soft"]}),
    ("alphabeta_hard", ("--fail", "hard"), {"prune": ["ge"], "fail": ["hard"]}),
    ("alphabeta_strict_hard", ("--prune", "gt", "--fail", "hard"), {"prune": ["gt"], "fail": ["hard"]}),
    ("alphabeta", ("--order", "reversed"), {"prune": ["ge"], "fail": ["soft"]}),  # the states give that order
]


@pytest.mark.parametrize("function, options, named", CONVENTIONS)
def test_a_correct_alphabeta_scores_full_marks_under_its_convention(function, options, named):
    files = [SHIPPED / "ties.yaml", SHIPPED / "rn_example.yaml"]  # ≥ and > differ on ties, soft and hard on both
    found = report(f"{TEXTBOOK}:{function}", *map(str, files), *options)
    assert found["score"] == found["max_score"] == 10
    for case in found["cases"]:
        if case["case"] == "ties" and "--order" not in options:  # where α ≥ β and α > β prune differently
            assert case["matches"]["prune"] == named["prune"]
        else:
            assert set(named["prune"]) <= set(case["matches"]["prune"])
        if "--order" in options:  # searched last to first, these trees' fail-soft and fail-hard values agree
            assert set(named["fail"]) <= set(case["matches"]["fail"])
        else:
            assert case["matches"]["fail"] == named["fail"]
        assert case["matches"]["order"] == ["given"]  # the states give the moves in the course's order
        assert case["conventions"][0].startswith("you follow this course's conventions")


@pytest.mark.parametrize("function, options, named", CONVENTIONS[1:4])
def test_a_correct_alphabeta_under_another_convention_is_told_which(function, options, named):
    found = report(f"{TEXTBOOK}:{function}", str(SHIPPED / "ties.yaml"), str(SHIPPED / "rn_example.yaml"))
    assert found["score"] < found["max_score"]
    sentences = " ".join(" ".join(case["conventions"]) for case in found["cases"])
    if named["prune"] == ["gt"]:
        assert "you prune only on strict inequality (α > β); this course prunes on equality too (α ≥ β)" in sentences
    if named["fail"] == ["hard"]:
        assert "you fail hard" in sentences and "this course fails soft" in sentences


def test_the_shipped_cases_cover_every_convention_and_a_correct_search_scores_full_on_each():
    for function, algorithm in (("alphabeta", "alphabeta"), ("minimax", "minimax"),
                                ("expectiminimax", "expectiminimax")):
        found = report(f"{TEXTBOOK}:{function}", "-a", algorithm)
        assert found["score"] == found["max_score"], found
        names = {case["case"] for case in found["cases"]}
        assert {"ties", "rn_example", "three_agents", "depth_limited", "tictactoe_depth2"} <= names
        assert ("dice" in names) == (algorithm == "expectiminimax")  # chance nodes: expectiminimax only


def test_a_correct_search_under_another_prune_rule_is_told_only_what_each_case_can_tell():
    """A correct fail-soft search that cuts on α ≥ β, under a course that cuts only on α > β: each tree case tells
    the two rules apart exactly when the two textbook searches (run here) do different things on it; a case that
    cannot tell says so and claims neither; fail-soft is never called fail-hard (the values are judged under the
    rule the function follows, not the course's)."""
    found = report(f"{TEXTBOOK}:alphabeta", "--prune", "gt")
    telling = set()
    for case in found["cases"]:
        sentences = " ".join(case["conventions"])
        assert "soft" in case["matches"]["fail"] and "you fail hard" not in sentences
        assert "cut only when α > β" not in sentences  # never that the function follows the course's rule
        assert "ge" in case["matches"]["prune"]
        if case["case"] != "tictactoe_depth2":  # a tree file: run both textbook searches on it
            ge, _, _ = noted((TEXTBOOK, "alphabeta"), SHIPPED / f"{case['case']}.yaml", _depth_of(case))
            gt, _, _ = noted((TEXTBOOK, "alphabeta_strict"), SHIPPED / f"{case['case']}.yaml", _depth_of(case))
            assert (ge != gt) == (case["matches"]["prune"] == ["ge"]), case["case"]
        if case["matches"]["prune"] == ["ge"]:
            telling.add(case["case"])
            assert "you prune on equality (α ≥ β); this course prunes only on strict inequality" in sentences
        else:
            assert "this case does not tell α ≥ β from α > β" in sentences
    assert {"ties"} <= telling  # a leaf equal to α
    assert found["conventions"]["prune"] == {"ge": sorted(telling)}
    text = test_search(f"{TEXTBOOK}:alphabeta", "--prune", "gt").stdout
    assert f"conventions, each judged on the cases that tell it: cut when α ≥ β ({', '.join(sorted(telling))})" in text


def test_a_correct_fail_hard_search_under_another_prune_rule_is_called_fail_hard():
    found = report(f"{TEXTBOOK}:alphabeta_hard", str(SHIPPED / "rn_example.yaml"), "--prune", "gt")
    case = found["cases"][0]  # R&N's Figure 5.2: C returns 2 fail-soft, α = 3 fail-hard, under either rule
    assert case["matches"]["fail"] == ["hard"]
    assert "you fail hard" in " ".join(case["conventions"])


def _depth_of(case) -> float:
    return 2 if case["case"] == "depth_limited" else math.inf


def test_the_reversed_order_is_named_in_the_courses_words():
    found = report(f"{TEXTBOOK}:alphabeta_reversed", str(SHIPPED / "rn_example.yaml"))
    case = found["cases"][0]
    assert case["matches"]["order"] == ["reversed"]
    assert "you try the moves last to first" in case["conventions"][0]


# ---- each typical bug's first departure ----------------------------------------------------------------------------

def departure_of(function, tree_file, *options):
    found = report(f"{BUGGY}:{function}", str(tree_file), *options)
    return found["cases"][0]


@pytest.mark.parametrize("function, tree, options", [
    ("prunes_on_equality", "ties.yaml", ("--prune", "gt")),
    ("alpha_at_min", "rn_example.yaml", ()),
    ("no_window_down", "deep_cutoff.yaml", ()),
    ("evaluates_first", "depth_limited.yaml", ()),
])
def test_a_bug_in_what_is_searched_is_named_at_the_first_state_it_touches(function, tree, options):
    depth = 2 if tree == "depth_limited.yaml" else math.inf
    correct = "alphabeta_strict" if options else "alphabeta"
    theirs, _, _ = noted((TEXTBOOK, correct), SHIPPED / tree, depth)
    mine, _, _ = noted((BUGGY, function), SHIPPED / tree, depth)
    assert mine != theirs
    case = departure_of(function, SHIPPED / tree, *options)
    assert case["first_departure"].startswith(first_difference(mine, theirs) + ";"), case["first_departure"]
    assert case["score"] < case["max_score"]


def test_pruning_on_equality_is_told_the_courses_rule():
    case = departure_of("prunes_on_equality", SHIPPED / "ties.yaml", "--prune", "gt")
    assert "you prune on equality (α ≥ β); this course prunes only on strict inequality (α > β)" in case["conventions"]
    assert not any("cut only when α > β" in sentence for sentence in case["conventions"])
    assert "evaluates C2 at step" in case["first_departure"]


def test_forgetting_the_window_is_told_the_cutoff_it_misses():
    case = departure_of("no_window_down", SHIPPED / "deep_cutoff.yaml")
    assert case["first_departure"].startswith("your search evaluated E2; alpha-beta prunes E2 at step ")
    assert "deep" in case["first_departure"]


def test_the_move_of_the_last_child_is_the_departure():
    tree = TREES / "rn_example.yaml"
    _, value, move = noted((BUGGY, "last_move"), tree)
    best = max(range(3), key=lambda i: (brute_force(load_tree(str(tree)).root.children[i]), -i))
    right = load_tree(str(tree)).root.move_name(best)
    assert move != right and value == brute_force(load_tree(str(tree)).root)
    case = departure_of("last_move", tree)
    assert case["returned"] == {"value": value, "move": move}
    assert case["expected"]["move"] == right
    assert case["first_departure"].startswith(f"your search chooses {move} at the root; alpha-beta chooses {right}")
    assert [item["points"] for item in case["items"] if item["item"] == "move"] == [0]


def test_a_wrong_move_is_said_to_tie_only_when_it_ties():
    """rn_example: the last child D is worth 2, the search's B 3, so nothing ties; ties: keeping the last of the
    moves worth the most returns C, worth what B is (brute force)."""
    tree = TREES / "rn_example.yaml"
    root = load_tree(str(tree)).root
    values = {root.move_name(i): brute_force(child) for i, child in enumerate(root.children)}
    case = departure_of("last_move", tree)
    given, right = case["returned"]["move"], case["expected"]["move"]
    assert values[given] != values[right]
    text = test_search(f"{BUGGY}:last_move", str(tree)).stdout
    assert f"✗ move: you returned the move {given}, the search: {right}\n" in text
    tree = SHIPPED / "ties.yaml"
    root = load_tree(str(tree)).root
    values = {root.move_name(i): brute_force(child) for i, child in enumerate(root.children)}
    case = departure_of("last_of_ties", tree, "-a", "minimax")
    given, right = case["returned"]["move"], case["expected"]["move"]
    assert given != right and values[given] == values[right]
    text = test_search(f"{BUGGY}:last_of_ties", str(tree), "-a", "minimax").stdout
    assert (f"✗ move: you returned the move {given}, the search: {right} (both worth {values[right]:g}; ties keep "
            "the first move)\n") in text


def test_averaging_without_probabilities_is_found_at_the_chance_node():
    tree = SHIPPED / "dice.yaml"
    root = load_tree(str(tree)).root
    wrong = [child for child in root.children
             if any(c.p != root.children[0].children[0].p for c in child.children)]  # unequal probabilities
    assert len(wrong) == 1
    case = departure_of("expectimax_plain_average", tree, "-a", "expectiminimax")
    plain = sum(brute_force(c) for c in wrong[0].children) / len(wrong[0].children)
    assert case["first_departure"].startswith(f"called on {wrong[0].name or 'C'}, your function returns "
                                              f"{plain:g}; expectiminimax returns 8/3")
    assert math.isclose(brute_force(wrong[0]), 8 / 3)


def test_a_chance_node_uses_up_a_ply():
    """Searched 2 plies under players [max, chance, min], the MIN states are evaluated (brute force, from the
    definition, decrements the depth at every node); a function that does not count the chance node's ply expands
    the first of them, and is told the search stops there at the depth limit."""
    tree = STUDENTS / "chance_depth.yaml"
    root = load_tree(str(ROOT / tree)).root
    right = report(f"{TEXTBOOK}:expectiminimax", str(tree), "-a", "expectiminimax")["cases"][0]
    assert right["score"] == right["max_score"] and right["returned"]["value"] == brute_force(root, 2)
    first_min = root.children[0].children[0]
    assert right["expected_evaluated"][0] == first_min.name
    case = report(f"{BUGGY}:chance_uses_no_ply", str(tree), "-a", "expectiminimax")["cases"][0]
    assert case["first_departure"].startswith(f"your search expanded {first_min.name}; expectiminimax stops there "
                                              "(at ply 2, the depth limit) and evaluates it at step ")


# ---- failures cost their case only --------------------------------------------------------------------------------

FAILURES = [  # (function, the one line's words, a traceback line)
    ("hangs", "did not return within the time limit (1 s); it was stopped", None),
    ("crashes", "raised ZeroDivisionError: division by zero", "in helper"),
    ("recurses", "raised RecursionError: maximum recursion depth exceeded", "in recurses"),
    ("eats_memory", "ran out of memory (the limit is 200 MB)", "in eats_memory"),
    ("wrong_type", "returned 3 (an int), not a pair (value, move)", None),
    # the protocol broken while the child lives, long before the time limit: it is stopped, not waited for
    ("closes_channel", "broke tracer's protocol (it closed its channel to tracer); it was stopped", None),
    ("sends_garbage", "broke tracer's protocol (it sent a line that is not JSON: 'not json'); it was stopped", None),
    ("sends_a_long_line", "broke tracer's protocol (it sent a line longer than 1 MiB); it was stopped", None),
    ("asks_for_a_huge_move", "raised ValueError: A has no move \"['B', 'B',", "in asks_for_a_huge_move"),
    # messages tracer's process does not trust: a return that is none is a wrong return, a question a broken protocol
    ("returns_a_word", "returned the value 'three', which is not a number", None),
    ("returns_nothing_said", "returned the value None, which is not a number", None),
    ("returns_nan", "returned the value nan, which is not a number", None),
    ("asks_for_a_list_move", "broke tracer's protocol (it asked 'child' with the move ['B'], not a move's name); it "
                             "was stopped", None),
]


@pytest.mark.parametrize("function, line, frame", FAILURES)
def test_a_failing_function_costs_its_case_only(function, line, frame):
    seconds = "1" if function == "hangs" else "60"  # only the hang waits for its limit; on a busy machine the
    # others may take more than a second of wall clock to fail as they should
    result = run_tracer("test-search", f"{MISBEHAVING}:{function}", str(TREES / "rn_example.yaml"),
                        str(TREES / "three_agents.yaml"), "--time-limit", seconds, "--memory-limit", "200", "--json",
                        cwd=ROOT)
    assert result.returncode == 1, result.stderr
    failed, passed = json.loads(result.stdout)["cases"]
    assert failed["score"] == 0 and failed["error"]["message"].startswith(line)
    assert (frame in failed["error"]["traceback"]) if frame else failed["error"]["traceback"] == ""
    assert "child.py" not in failed["error"]["traceback"]  # the student's frames only
    assert passed["score"] == passed["max_score"] == 5 and passed["error"] is None
    text = run_tracer("test-search", f"{MISBEHAVING}:{function}", str(TREES / "rn_example.yaml"), "--time-limit",
                      seconds, "--memory-limit", "200", cwd=ROOT).stdout
    assert f"  ✗ your function {line}" in text


def test_a_wrong_move_below_the_root_names_the_node_it_was_called_on():
    root = load_tree(str(TREES / "rn_example.yaml")).root
    first = root.children[0]  # the first inner node the search leaves: its moves are its children's names
    moves = ", ".join(first.move_name(i) for i in range(len(first.children)))
    found = report(f"{MISBEHAVING}:roots_move_everywhere", str(TREES / "rn_example.yaml"))
    case = found["cases"][0]
    assert [item["points"] for item in case["items"]] == [1, 1, 1, 1, 0]
    detail = f"called on {root.move_name(0)}, your function returned the move 'B', which is not one of " \
             f"{root.move_name(0)}'s moves ({moves}) nor None"
    assert case["first_departure"] == detail


@pytest.mark.parametrize("function", ["hangs", "eats_memory", "recurses", "closes_channel", "sends_garbage",
                                      "forks_and_leaves"])
def test_nothing_is_left_running(function):
    before = worker_children()  # (the test session's own: the browser the browser tests share)
    pids: list[int] = []
    problem = load_problem(str(TREES / "rn_example.yaml"))
    case = Case("rn_example", "rn_example.yaml", problem, SearchSpec("alphabeta"))
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with student_of(f"{MISBEHAVING}:{function}") as student:
            result = run_case(case, student, pids)
    finally:
        os.chdir(cwd)
    assert (result.failure is not None or function == "forks_and_leaves") and len(pids) == 1
    assert not Path(f"/proc/{pids[0]}").exists()  # the child is gone, and waited for (no zombie either)
    assert worker_children() <= before  # nothing the student's code started is left


def worker_children() -> set[str]:
    """The processes this test process has started and not yet waited for."""
    tasks = Path(f"/proc/{os.getpid()}/task").iterdir()
    return {pid for task in tasks for pid in (task / "children").read_text().split()}


@pytest.mark.parametrize("function, returned", [("returns_infinity", {"value": "inf", "move": None}),
                                               ("returns_nan", None)])
def test_json_is_strict_json_whatever_the_function_returns(function, returned):
    result = test_search(f"{MISBEHAVING}:{function}", str(TREES / "rn_example.yaml"), "--json")
    assert result.returncode == 1, result.stderr

    def no_constant(name):
        raise AssertionError(f"{name} is not JSON")

    case = json.loads(result.stdout, parse_constant=no_constant)["cases"][0]
    assert case["returned"] == returned
    assert case["error"] is None if returned else case["error"]["kind"] == "wrong_return"


def test_a_child_that_cannot_be_started_leaves_no_pipe_open(monkeypatch):
    case = Case("rn_example", "rn_example.yaml", load_problem(str(TREES / "rn_example.yaml")), SearchSpec("alphabeta"))
    before = set(os.listdir("/proc/self/fd"))
    with student_of(ROOT / TEXTBOOK, "off") as student, pytest.raises(UsageError, match="could not be started"):
        monkeypatch.setattr("sys._base_executable", str(ROOT / "no-such-python"))  # Popen raises: no such program
        run_case(case, student)
    assert set(os.listdir("/proc/self/fd")) == before


def test_files_of_the_same_name_are_cases_of_different_names(tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "rn_example.yaml").write_text((TREES / "rn_example.yaml").read_text())
    found = report(f"{TEXTBOOK}:alphabeta", str(tmp_path / "a" / "rn_example.yaml"),
                   str(tmp_path / "b" / "rn_example.yaml"))
    names = [case["case"] for case in found["cases"]]
    assert len(set(names)) == 2 and names[0] == "rn_example"


@pytest.mark.parametrize("isolation", ["auto", "off"])
def test_a_process_the_function_starts_and_leaves_is_ended_too(isolation):
    result = test_search(f"{MISBEHAVING}:forks_and_leaves", str(TREES / "rn_example.yaml"), "--json",
                         "--isolation", isolation)
    # Its fork is refused (the seccomp filter, on Linux x86-64 and arm64; RLIMIT_NPROC for a user but root), or it
    # runs and is ended with the case: either way nothing is left
    assert result.returncode in (0, 1), result.stderr
    if result.returncode == 1 or platform.machine() in ("x86_64", "aarch64"):
        assert "BlockingIOError" in json.loads(result.stdout)["cases"][0]["error"]["message"]
    assert not [pid for pid in os.listdir("/proc") if pid.isdigit() and _holds(pid, "tracer-test-left-behind")]


def _holds(pid: str, marker: str) -> bool:
    try:
        return marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


# ---- outputs and mistakes -------------------------------------------------------------------------------------------

def test_json_has_the_documented_keys():
    for scoring in ("strict", "partial"):
        partial = ("--partial",) if scoring == "partial" else ()
        found = report(f"{BUGGY}:alpha_at_min", str(TREES / "rn_example.yaml"), *partial)
        assert set(found) == {"function", "scoring", "score", "max_score", "conventions", "mistakes",
                              "mistake_summary", "cases"}
        assert found["scoring"] == scoring
        case = found["cases"][0]
        assert set(case) == {"case", "file", "search", "score", "max_score", "passed", "returned", "expected",
                             "expanded", "expected_expanded", "evaluated", "expected_evaluated", "matches",
                             "conventions", "mistakes", "mistake_sentences", "first_departure", "error", "items"}
        assert case["expected_evaluated"] == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]  # R&N's Figure 5.2
        assert all(set(item) == {"item", "expected", "given", "points", "max_points", "verdict"}
                   for item in case["items"])
        points = sum(item["points"] for item in case["items"])  # each item's own, under either scoring
        assert 0 < points < case["max_score"] and not case["passed"]
        assert case["score"] == (points if scoring == "partial" else 0)


def test_json_gives_the_search_s_lists_when_the_call_failed():
    right = report(f"{TEXTBOOK}:alphabeta", str(TREES / "rn_example.yaml"))["cases"][0]
    failed = report(f"{MISBEHAVING}:crashes", str(TREES / "rn_example.yaml"))["cases"][0]
    assert failed["error"]["kind"] == "raised" and failed["expanded"] is None and failed["evaluated"] is None
    assert failed["expected_expanded"] == right["expected_expanded"] == right["expanded"]
    assert failed["expected_evaluated"] == right["expected_evaluated"] == right["evaluated"]


def test_gradescope_results_have_gradescopes_layout(tmp_path):
    out = tmp_path / "results.json"
    result = test_search(f"{BUGGY}:alpha_at_min", str(TREES / "rn_example.yaml"), str(TREES / "three_agents.yaml"),
                         "--format", "gradescope", "-o", str(out), "--partial")
    assert result.returncode == 1 and result.stdout == f"{out}\n"
    data = json.loads(out.read_text())
    assert set(data) == {"score", "output", "tests"}
    assert len(data["tests"]) == 10
    assert all(set(test) == {"name", "score", "max_score", "output"} for test in data["tests"])
    assert data["score"] == sum(test["score"] for test in data["tests"])
    assert "First departure from the search: rn_example: your search never evaluated B2" in data["output"]


def test_gradescope_counts_the_inner_nodes_in_words_not_as_a_value(tmp_path):
    out = tmp_path / "results.json"
    test_search(f"{TEXTBOOK}:alphabeta", str(TREES / "rn_example.yaml"), "--format", "gradescope", "-o", str(out),
                "--partial")
    inner = [child for child in load_tree(str(TREES / "rn_example.yaml")).root.children if child.children]
    tests = {test["name"]: test for test in json.loads(out.read_text())["tests"]}
    assert tests["rn_example: values at inner nodes"]["output"] == f"all {len(inner)} inner nodes' values right"
    assert tests["rn_example: move"]["output"] == "right: B"


def test_render_draws_each_case_with_its_marks(tmp_path):
    result = test_search(f"{BUGGY}:alpha_at_min", str(TREES / "rn_example.yaml"), "--render", str(tmp_path))
    svg = (tmp_path / "rn_example.svg").read_text()
    assert "✗ you: not evaluated" in svg and result.returncode == 1
    words = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", svg).split()))  # the SVG's text, its lines joined
    assert "Your search against alpha-beta: Russell & Norvig, Figure 5.2" in words
    assert "where your search departs from alpha-beta" in words and "a wrong or missing answer" not in words


@pytest.mark.parametrize("target, words", [
    ("nosuchmodule:alphabeta", "no module named 'nosuchmodule'"),
    (f"{BUGGY}:nosuch", "has no function 'nosuch'"),
    (f"{MISBEHAVING}:not_a_function", "is an int, not a function"),
    (f"{STUDENTS / 'hangs_on_import.py'}:alphabeta", "importing it did not end within 10 s; it was stopped"),
    ("no colon", "expected MODULE:FUNCTION"),
    (f"{TEXTBOOK}:minimax", "cannot be called as alphabeta(state, depth, alpha, beta)"),
])
def test_a_bad_function_is_one_line_and_exit_2(target, words):
    assert_one_line_error(test_search(target, str(TREES / "rn_example.yaml")), words)


def test_render_draws_the_whole_search_so_no_departure_is_folded_away(tmp_path):
    """tictactoe_depth2, a correct ≥ search under a > course: the search evaluates a leaf the function never does
    (its first departure); the drawing is whole, with no ply folded into a box, and gives no advice about options
    test-search does not take."""
    result = test_search(f"{TEXTBOOK}:alphabeta", str(SHIPPED / "tictactoe_depth2.yaml"), "--prune", "gt",
                         "--render", str(tmp_path))
    assert result.returncode == 1
    svg = (tmp_path / "tictactoe_depth2.svg").read_text()
    assert "✗ you: not evaluated" in svg and not re.search(r"\d+ searched", svg)  # a box: ⋯ 2 searched
    assert "--draw-depth" not in result.stderr and "drawn to depth" not in result.stderr


def test_help_lists_only_the_searches_test_search_takes_and_refuses_the_others_in_one_line():
    from tracer.search.registry import ALGORITHMS

    text = " ".join(run_tracer("test-search", "--help", cwd=ROOT).stdout.split())
    listed = text.split("--algorithm ALG one of ")[1].split(" (default")[0]
    assert listed == "minimax, alphabeta, expectiminimax"  # the README's contract table
    for other in set(ALGORITHMS) - {"minimax", "alphabeta", "expectiminimax"}:
        assert_one_line_error(test_search(f"{TEXTBOOK}:alphabeta", str(TREES / "rn_example.yaml"), "-a", other),
                              f"-a {other}")
