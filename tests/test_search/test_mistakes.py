"""tracer test-search, strict by default: a case scores its points only when every item is right (``--partial``: a
point an item), and the typical mistakes are named from what the function did.

Where each buggy student (tests/data/students/buggy.py, written independently of tracer's variants) departs from
the textbook is worked out here, independently of tracer: both functions are run in this process on the case's own
states, through a recording wrapper that notes what is asked of them as the README defines it, and a case whose
records, root values or moves differ is one where the bug shows. There the case must score 0 and name the bug's
mistake; elsewhere it must score full marks and name none."""

from __future__ import annotations

import re

import importlib.util
import json
import math
from pathlib import Path

import pytest

from helpers import ROOT, TREES, documentation, run_tracer
from tracer.errors import SearchOptionError
from tracer.test_search.mistakes import BY_ID, MISTAKES, Recorder, Notes, run_variant
from tracer.test_search.verdicts import CASES_DIR, COURSE, YOU
from tracer.inputs import load_problem, load_tree
from tracer.model.state import Player
from tracer.run import has_chance
from tracer.search.algorithms import Rules

STUDENTS = Path("tests/data/students")  # relative to ROOT, where the commands run
TEXTBOOK, BUGGY = STUDENTS / "textbook.py", STUDENTS / "buggy.py"
SHIPPED = sorted(Path(CASES_DIR).glob("*.yaml"))
FAST = ("--time-limit", "5")


def report(target, *args) -> dict:
    result = run_tracer("test-search", str(target), *map(str, args), *FAST, "--json", cwd=ROOT)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def module(path: Path):
    spec = importlib.util.spec_from_file_location(f"student_{path.stem}", ROOT / path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


# ---- an independent record: a function run here, on the case's states, noting what is asked of them ----------------

class Watching:
    """A state over one of tracer's states, as the README's contract gives it to a student's function, noting each
    state expanded (its moves first asked, not terminal) and evaluated (its utility or evaluation first asked)."""

    def __init__(self, state, path, notes):
        self.state, self.path, self.notes = state, path, notes
        self.player = state.player.value
        self.asked = set()

    def is_terminal(self):
        return self.state.is_terminal()

    def _note(self, kind):
        if kind not in self.asked:
            self.asked.add(kind)
            self.notes.append((kind, self.path))

    def moves(self):
        if self.state.is_terminal():
            return []
        self._note("expanded")
        return [self.state.move_name(move) for move in self.state.moves()]

    def _move(self, name):
        return next(move for move in self.state.moves() if self.state.move_name(move) == name)

    def child(self, name):
        return Watching(self.state.child(self._move(name)), self.path + (name,), self.notes)

    def utility(self):
        if not self.state.is_terminal():
            raise ValueError("not terminal")
        self._note("evaluated")
        return self.state.utility()

    def evaluate(self):
        try:
            value = self.state.evaluate()
        except SearchOptionError as error:
            raise ValueError(str(error)) from None
        self._note("evaluated")
        return value

    def probability(self, name):
        assert self.state.player is Player.CHANCE
        return float(self.state.probability(self._move(name)))


def watched(function, case: Path, algorithm: str, path: tuple = ()):
    """(what ``function`` expanded and evaluated, its value, its move) on the case as the student's function gets
    it (the whole tree, the file's depth; or called on the state at ``path``, with the depth left there), or None
    when it raises."""
    problem = load_problem(str(case))
    root = problem.tree.root if problem.tree is not None else problem.root
    for name in path:
        root = next(root.child(move) for move in root.moves() if root.move_name(move) == name)
    notes = []
    state = Watching(root, (), notes)
    depth = (problem.depth if problem.depth is not None else math.inf) - len(path)
    try:
        value, move = function(state, depth, -math.inf, math.inf) if algorithm == "alphabeta" else \
            function(state, depth)
    except ValueError:
        return None
    return notes, value, move


def fits(algorithm: str, case: Path) -> bool:
    """Whether a shipped case is searched for ``algorithm`` (chance nodes only for expectiminimax)."""
    return algorithm == "expectiminimax" or not has_chance(load_problem(str(case)).root)


def same(first, second) -> bool:
    if first is None or second is None:
        return first is second
    (notes, value, move), (other_notes, other_value, other_move) = first, second
    return notes == other_notes and math.isclose(value, other_value, abs_tol=1e-9) and move == other_move


def departs(buggy, textbook, case: Path, algorithm: str) -> bool:
    """Whether ``buggy`` departs from ``textbook`` on a case: at the root, or (minimax and expectiminimax, whose
    values need no window) in the value it returns at an inner node the textbook expands."""
    mine, theirs = watched(buggy, case, algorithm), watched(textbook, case, algorithm)
    assert theirs is not None
    if not same(mine, theirs):
        return True
    if algorithm == "alphabeta":
        return False
    inner = [path for kind, path in theirs[0] if kind == "expanded" and path]
    return any(not math.isclose(watched(buggy, case, algorithm, path)[1], watched(textbook, case, algorithm, path)[1],
                                abs_tol=1e-9) for path in inner)


# ---- each typical mistake: 0 where it departs, named; full marks elsewhere ------------------------------------------

BUGS = [  # (student, its function, the options, the textbook function it departs from, the mistake it shows)
    (BUGGY, "never_prunes", (), "alphabeta", "no_pruning"),
    (BUGGY, "alpha_at_min", (), "alphabeta", "alpha_at_min"),
    (BUGGY, "lowers_alpha_at_min", (), "alphabeta", "alpha_at_min"),
    (BUGGY, "beta_at_max", (), "alphabeta", "beta_at_max"),
    (BUGGY, "no_window_down", (), "alphabeta", "window_not_passed"),
    (BUGGY, "last_move", (), "alphabeta", "last_child_move"),
    (BUGGY, "alphabeta_last_of_ties", (), "alphabeta", "last_of_ties"),
    (BUGGY, "evaluates_first", (), "alphabeta", "evaluates_before_depth_check"),
    (BUGGY, "prunes_on_equality", ("--prune", "gt"), "alphabeta_strict", "prunes_on_equality"),
    (TEXTBOOK, "alphabeta_strict", (), "alphabeta", "prunes_only_on_inequality"),
    (TEXTBOOK, "alphabeta_reversed", (), "alphabeta", "reversed_order"),
    (BUGGY, "minimax_last_move", ("-a", "minimax"), "minimax", "last_child_move"),
    (BUGGY, "last_of_ties", ("-a", "minimax"), "minimax", "last_of_ties"),
    (BUGGY, "expectimax_plain_average", ("-a", "expectiminimax"), "expectiminimax", "plain_average"),
    (BUGGY, "chance_uses_no_ply", ("-a", "expectiminimax"), "expectiminimax", "chance_not_a_ply"),
    (BUGGY, "expectimax_evaluates_first", ("-a", "expectiminimax"), "expectiminimax", "evaluates_before_depth_check"),
]


@pytest.mark.parametrize("student, function, options, correct, mistake", BUGS,
                         ids=[f"{bug[1]}{''.join(bug[2])}" for bug in BUGS])
def test_each_typical_mistake_scores_0_where_it_departs_and_is_named_there(student, function, options, correct,
                                                                           mistake):
    algorithm = options[1] if options[:1] == ("-a",) else "alphabeta"
    buggy, textbook = getattr(module(student), function), getattr(module(TEXTBOOK), correct)
    found = report(f"{student}:{function}", *options)
    assert found["scoring"] == "strict"
    cases = {case["case"]: case for case in found["cases"]}
    assert set(cases) == {case.stem for case in SHIPPED if fits(algorithm, case)}
    departing, raises = set(), set()
    for name in cases:
        file = Path(CASES_DIR) / f"{name}.yaml"
        if departs(buggy, textbook, file, algorithm):
            departing.add(name)
        if watched(buggy, file, algorithm) is None:
            raises.add(name)
    assert departing, "a typical mistake the shipped cases cannot tell"
    for name, case in cases.items():
        if name in departing:
            assert case["score"] == 0 and not case["passed"], name
            assert case["mistakes"] == ([] if name in raises else [mistake]), (name, case["mistake_sentences"])
            assert (case["error"] is not None) == (name in raises)
        else:
            assert case["score"] == case["max_score"] == 5 and case["passed"] and case["mistakes"] == [], name
    named = sorted(departing - raises)
    assert found["mistakes"] == {mistake: {"cases": named, "telling": found["mistakes"][mistake]["telling"]}}
    assert set(named) <= set(found["mistakes"][mistake]["telling"])
    total = len(cases)
    assert found["mistake_summary"].startswith(f"{BY_ID[mistake].summary} in {len(named)} of {total} cases")


def test_plain_minimax_handed_in_for_alpha_beta_is_told_it_never_cuts_off():
    """R&N's Figure 5.2: minimax evaluates all 9 leaves, alpha-beta 7 (C2 and C3 are pruned); each counted here."""
    tree = TREES / "rn_example.yaml"
    leaves = _leaves(load_tree(str(tree)).root)
    notes, _, _ = watched(module(TEXTBOOK).alphabeta, tree, "alphabeta")
    evaluated = sum(kind == "evaluated" for kind, _ in notes)
    assert (leaves, evaluated) == (9, 7)
    case = report(f"{BUGGY}:never_prunes", tree)["cases"][0]
    assert case["score"] == 0 and case["mistakes"] == ["no_pruning"]
    assert case["mistake_sentences"][0].startswith(
        f"your search never cuts off: it evaluated all {leaves} leaves; alpha-beta evaluates {evaluated}")
    text = run_tracer("test-search", f"{BUGGY}:never_prunes", str(tree), *FAST, cwd=ROOT).stdout
    assert f"  mistake: your search never cuts off: it evaluated all {leaves} leaves; alpha-beta evaluates " \
           f"{evaluated}" in text
    assert "\ntypical mistakes: never prunes in 1 of 1 case\n" in text
    assert "\nscoring: strict, as CS188's autograder: a case scores its five points only when all five items are " \
           "right" in text


def _leaves(node) -> int:
    return 1 if not node.children else sum(_leaves(child) for child in node.children)


def test_a_case_that_cannot_tell_two_mistakes_apart_says_so_and_the_other_cases_decide():
    """Plain minimax and a search that does not pass α and β down make the same record from the root (and on R&N's
    Figure 5.2, whose cutoffs are all α-cutoffs, so does one that never raises α): alone, that case names the first
    and says which it cannot tell it from; over every shipped case, each student is named by its own mistake in
    every case, the tic-tac-toe case (whose values tell them apart) deciding."""
    alone = report(f"{BUGGY}:no_window_down", TREES / "rn_example.yaml")["cases"][0]
    assert alone["mistakes"] == ["no_pruning"]
    assert alone["mistake_sentences"][0].endswith(
        "(this case alone cannot tell it from a search that updates β at MAX nodes, or one that does not pass α and "
        "β down)")
    for function, mistake in (("never_prunes", "no_pruning"), ("no_window_down", "window_not_passed")):
        found = report(f"{BUGGY}:{function}")
        assert {name for case in found["cases"] for name in case["mistakes"]} == {mistake}
        assert found["mistake_summary"] == f"{BY_ID[mistake].summary} in 7 of 7 cases"


def test_two_mistakes_at_once_are_both_named():
    """Plain minimax that returns the last child's move: the record names one, the move the other, wherever the
    move tells (the last move is not the best)."""
    found = report(f"{BUGGY}:never_prunes_last_move")
    last_move = module(BUGGY).minimax_last_move
    for case in found["cases"]:
        _, _, mine = watched(last_move, Path(CASES_DIR) / f"{case['case']}.yaml", "minimax")
        tells = mine != case["expected"]["move"]
        assert case["mistakes"] == ["no_pruning", "last_child_move"] if tells else ["no_pruning"], case["case"]


def test_a_failed_call_names_no_mistake():
    case = report(f"{STUDENTS / 'misbehaving.py'}:crashes", TREES / "rn_example.yaml")["cases"][0]
    assert case["error"]["kind"] == "raised" and case["mistakes"] == [] and case["mistake_sentences"] == []


# ---- correct code scores full marks, and only correct code ----------------------------------------------------------

@pytest.mark.parametrize("function, options", [
    ("alphabeta", ()), ("alphabeta_strict", ("--prune", "gt")), ("alphabeta_hard", ("--fail", "hard")),
    ("alphabeta_strict_hard", ("--prune", "gt", "--fail", "hard")), ("minimax", ("-a", "minimax")),
    ("expectiminimax", ("-a", "expectiminimax")),
])
def test_the_textbook_scores_full_marks_under_each_convention_and_search(function, options):
    found = report(f"{TEXTBOOK}:{function}", *options)
    assert found["score"] == found["max_score"] == 5 * len(found["cases"])
    assert all(case["passed"] and case["mistakes"] == [] for case in found["cases"])
    assert found["mistakes"] == {} and found["mistake_summary"] == "none of those tracer knows"


@pytest.mark.parametrize("function, options, mistakes", [
    ("alphabeta", ("--fail", "hard"), {"fails_soft"}),
    ("alphabeta_hard", (), {"fails_hard"}),
    ("alphabeta_strict_hard", (), {"prunes_only_on_inequality", "fails_hard"}),
    ("alphabeta", ("--prune", "gt", "--fail", "hard"), {"prunes_on_equality", "fails_soft"}),
])
def test_a_textbook_search_under_another_course_is_named_by_its_conventions_only(function, options, mistakes):
    """Each case names what the convention check says the function follows and the course does not, and nothing
    else; a case scores 0 exactly when it departs."""
    found = report(f"{TEXTBOOK}:{function}", *options)
    assert set(found["mistakes"]) == mistakes
    course = {"prune": "gt" if "gt" in options else "ge", "fail": "hard" if "hard" in options else "soft"}
    for case in found["cases"]:
        told = {kind: fits[0] for kind, fits in case["matches"].items() if len(fits) == 1 and kind in course}
        departs = {kind for kind, variant in told.items() if variant != course[kind]}
        named = {BY_ID[name].convention[0] for name in case["mistakes"]}
        assert named <= departs, case["case"]
        assert case["score"] == (5 if case["passed"] else 0) and not (named and case["passed"])
        for name in case["mistakes"]:
            kind, variant = BY_ID[name].convention
            said = f"{YOU[kind][variant]}; {COURSE[kind][course[kind]]}"
            assert any(sentence.startswith(said) for sentence in case["mistake_sentences"])


# ---- scoring: strict by default, --partial as before ----------------------------------------------------------------

ORIGINAL = ["ties", "rn_example", "three_agents", "deep_cutoff", "depth_limited", "tictactoe_depth2"]


def test_partial_gives_a_point_an_item_as_before():
    """The issue's figure: plain minimax handed in as alpha-beta scored 23 / 30 on the six cases shipped then, a
    point an item; strict, 0."""
    files = [Path(CASES_DIR) / f"{name}.yaml" for name in ORIGINAL]
    partial = report(f"{BUGGY}:never_prunes", *files, "--partial")
    assert partial["scoring"] == "partial" and (partial["score"], partial["max_score"]) == (23, 30)
    for case in partial["cases"]:
        assert case["score"] == sum(item["points"] for item in case["items"])
    strict = report(f"{BUGGY}:never_prunes", *files)
    assert (strict["score"], strict["max_score"]) == (0, 30)
    assert [case["items"] for case in strict["cases"]] == [case["items"] for case in partial["cases"]]
    text = run_tracer("test-search", f"{BUGGY}:never_prunes", *map(str, files), "--partial", *FAST, cwd=ROOT).stdout
    assert "\nscoring: partial (--partial): five points a case, one an item" in text
    assert "  failed: " not in text and "(strict: all or nothing)" not in text


def test_strict_reads_each_case_as_passed_or_failed():
    lines = run_tracer("test-search", f"{BUGGY}:last_move", *FAST, cwd=ROOT).stdout.splitlines()
    found = report(f"{BUGGY}:last_move")
    for case in found["cases"]:
        right = sum(item["points"] for item in case["items"])
        header = next(index for index, line in enumerate(lines) if line.startswith(f"{case['case']}: "))
        assert lines[header].startswith(f"{case['case']}: {5 if right == 5 else 0} / 5  ")
        assert lines[header + 1] == ("  passed: all 5 items right" if right == 5 else
                                     f"  failed: {right} of 5 items right (strict: all or nothing)")
        assert case["score"] == (5 if right == 5 else 0) and case["passed"] == (right == 5)
    assert {case["score"] for case in found["cases"]} == {0, 5}


def test_gradescope_strict_has_one_test_per_case_and_the_mistakes(tmp_path):
    out = tmp_path / "results.json"
    files = [TREES / "rn_example.yaml", TREES / "deep_cutoff.yaml"]
    result = run_tracer("test-search", f"{BUGGY}:last_move", *map(str, files), "--format", "gradescope", "-o",
                        str(out), *FAST, cwd=ROOT)
    assert result.returncode == 1 and result.stdout == f"{out}\n"
    data = json.loads(out.read_text())
    assert set(data) == {"score", "output", "tests"}
    found = report(f"{BUGGY}:last_move", *files)
    assert [(test["name"], test["score"], test["max_score"]) for test in data["tests"]] == \
        [(case["case"], case["score"], 5) for case in found["cases"]]
    assert {test["score"] for test in data["tests"]} == {0, 5}  # the last move is the best one in deep_cutoff
    for test, case in zip(data["tests"], found["cases"]):
        first = test["output"].splitlines()[0]
        assert first == ("passed: all 5 items right" if case["passed"] else
                         "failed: 4 of 5 items right (strict: all or nothing)")
        for sentence in case["mistake_sentences"]:
            assert f"\nmistake: {sentence}" in test["output"]
    assert data["score"] == sum(test["score"] for test in data["tests"]) == 5
    assert data["output"].endswith(f"\nNot graded: typical mistakes over all cases: {found['mistake_summary']}")
    assert found["mistake_summary"] == "returns the last child's move in 1 of 2 cases (the other case cannot tell)"


# ---- the registry and its contract ----------------------------------------------------------------------------------

def test_the_readme_lists_every_mistake_with_its_identifier_and_words():
    text = re.split(r"#+ Checking a student's search code", documentation())[1]
    rows = {line.split("|")[1].strip().strip("`"): line for line in text.splitlines()
            if line.startswith("| `") and line.count("|") == 4}
    assert [mistake.id for mistake in MISTAKES if mistake.id in rows] == [mistake.id for mistake in MISTAKES]
    for mistake in MISTAKES:
        row = rows[mistake.id]
        searches = "all three" if len(mistake.searches) == 3 else ", ".join(mistake.searches)
        assert row.split("|")[2].strip() == searches
        if mistake.convention is not None:
            kind, variant = mistake.convention
            assert YOU[kind][variant].split(" (")[0] in row
        else:
            assert mistake.says.split(" {")[0].split(":")[0] in row
    assert len({mistake.id for mistake in MISTAKES}) == len(MISTAKES)


def test_a_variant_past_its_budget_gives_no_answer():
    """A variant that has noted more states than the student's and the search's records together cannot be either:
    it is stopped (its cost bounded by what the student's function did)."""
    from tracer.test_search.mistakes import never_prunes

    root = load_problem(str(TREES / "rn_example.yaml")).root
    rules = Rules()
    actions, value, move = run_variant(never_prunes, root, math.inf, (-math.inf, math.inf), rules, budget=100)
    assert len(actions) == 13 and value == 3 and move == "B"  # A, B, C, D and 9 leaves
    assert run_variant(never_prunes, root, math.inf, (-math.inf, math.inf), rules, budget=12) is None


def test_the_recorder_notes_what_run_student_counts():
    """A terminal state's moves are no expansion; each state is expanded and evaluated once; utility() of a state
    that is not terminal is refused, as the student's function is answered."""
    root = load_problem(str(TREES / "rn_example.yaml")).root
    notes = Notes(100)
    state = Recorder(root, (), notes)
    state.moves(), state.moves()
    leaf = state.child("B").child("B1")
    assert leaf.moves() == [] and leaf.utility() == leaf.evaluate() == 3
    with pytest.raises(ValueError):
        state.utility()
    assert [(action.kind, action.path) for action in notes.actions] == [("expanded", ()),
                                                                       ("evaluated", ("B", "B1"))]


@pytest.mark.parametrize("algorithm, prune, fail", [("alphabeta", "ge", "soft"), ("alphabeta", "gt", "soft"),
                                                    ("alphabeta", "ge", "hard"), ("alphabeta", "gt", "hard"),
                                                    ("minimax", "ge", "soft"), ("expectiminimax", "ge", "soft")])
def test_the_variants_textbook_is_the_traced_search(algorithm, prune, fail):
    """Each variant is the course's search with one mistake: without it (tracer's textbook searches in
    search_mistakes, run on recording states as the student's function is), every shipped case gives the traced
    search's record, value and move, under each convention."""
    from tracer.test_search import mistakes as search_mistakes
    from tracer.exercises.check_keys import search
    from tracer.test_search.verdicts import search_actions
    from tracer.search.spec import SearchSpec

    for case in SHIPPED:
        if not fits(algorithm, case):
            continue
        problem = load_problem(str(case))
        spec = SearchSpec(algorithm, prune=prune, fail=fail)
        trace = search(problem, spec)
        root = problem.tree.root if problem.tree is not None else problem.root
        depth = problem.depth if problem.depth is not None else math.inf
        if algorithm == "alphabeta":
            found = run_variant(search_mistakes.alphabeta, root, depth, (-math.inf, math.inf), Rules(prune, fail),
                                budget=10_000)
        else:
            found = run_variant(search_mistakes.expectiminimax, root, depth, None, Rules(), budget=10_000)
        actions, value, move = found
        assert actions == [action for action, _ in search_actions(trace)], case.stem
        assert math.isclose(value, trace.value, abs_tol=1e-9) and move == trace.best_move, case.stem
