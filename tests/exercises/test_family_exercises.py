"""The family contract on the exercise side: every family of searches (values, with its chance and vector kin;
vectors; Monte Carlo tree search) goes through every exercise path — a generated exercise and its key, the key
checking itself (``tracer check``), the worksheet, grading a blank, a right and a wrong answer, the practice page's
sheet — and the exercise code asks the family (:attr:`tracer.view.nodes.Family.graded`, ``keyed``, ``items``,
``scoring``, ``statistics``), never which family it holds.

What the family says is checked against what the outputs do; the values are checked against an independent brute
force (expectiminimax and max^n from their definitions, here), never read back from the code under test.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import yaml

import tracer.view

from helpers import brute_force
from tracer.errors import TracerError
from tracer.exercises.check_keys import check_file, search
from tracer.exercises.facts import SearchFacts
from tracer.exercises.generate import Spec, generate
from tracer.exercises.grade import MISSING, RIGHT, WRONG, asked_items, grade
from tracer.exercises.practice_sheet import practice_sheet
from tracer.exercises.worksheet import worksheet
from tracer.inputs import load_problem
from tracer.inputs.answers import SHARED_ITEMS, Claims, read_answer_file, read_claims
from tracer.records import replace
from tracer.search.registry import ALGORITHMS
from tracer.search.spec import SearchSpec, resolve
from tracer.view import FAMILIES, VALUES, family_for


@dataclass(frozen=True)
class Case:
    """A generated exercise of one search, and the family its registry entry names."""

    name: str
    spec: Spec
    family: str


CASES = [
    Case("alphabeta", Spec(branching=(2, 3), depth=3, search=SearchSpec("alphabeta"), min_cutoffs=1, seed=3), "values"),
    Case("minimax", Spec(branching=(2, 3), depth=3, search=SearchSpec("minimax"), seed=3), "values"),
    Case("id", Spec(branching=(2, 2), depth=3, search=SearchSpec("id"), seed=2), "values"),
    Case("mtdf", Spec(branching=(2, 2), depth=3, search=SearchSpec("mtdf"), seed=2), "values"),
    Case("expectiminimax", Spec(branching=(2, 2), depth=2, players=("max", "chance", "min"),
                                search=SearchSpec("expectiminimax"), seed=1), "values"),
    Case("star1", Spec(branching=(2, 2), depth=2, players=("max", "chance"),
                       search=SearchSpec("expectiminimax", bounds=(-9, 9)), seed=1), "values"),
    Case("maxn", Spec(branching=(2, 3), depth=3, players=("A", "B", "C"), search=SearchSpec("maxn"), vector=True,
                      total=9, values=(0, 9), seed=1), "vectors"),
    Case("paranoid", Spec(branching=(2, 2), depth=3, players=("A", "B", "C"), search=SearchSpec("paranoid"),
                          vector=True, seed=1), "values"),
    Case("mcts", Spec(branching=(2, 3), depth=2, search=SearchSpec("mcts", iterations=9), seed=4), "mcts"),
]


def spec_of(problem) -> SearchSpec:
    """The search a file's rules: ask for, as tracer check and tracer grade resolve them."""
    (spec,), _ = resolve(problem.rules, {}, problem.depth)
    return spec


@pytest.fixture(params=CASES, ids=lambda case: case.name, scope="module")
def exercise(request, tmp_path_factory):
    """(the case, its file's path, the file as YAML, the search's facts, the key's claims)."""
    case = request.param
    text, _ = generate(case.spec, 1)
    path = tmp_path_factory.mktemp(case.name) / "exercise.yaml"
    path.write_text(text, encoding="utf-8")
    problem = load_problem(str(path))
    facts = SearchFacts(search(problem, spec_of(problem)))
    key = read_claims(problem.expect, str(path), facts)
    return case, path, yaml.safe_load(text), facts, key


def test_every_family_is_covered():
    """A family added without a case here would go through none of the exercise paths."""
    assert {case.family for case in CASES} == {family.name for family in FAMILIES}
    assert {case.family for case in CASES} == {search.family for search in ALGORITHMS.values()}


def test_the_family_is_the_registry_entry_s(exercise):
    case, _, _, facts, _ = exercise
    assert facts.family.name == case.family
    assert facts.family is family_for(ALGORITHMS[case.spec.search.algorithm])


def test_every_family_says_what_its_exercises_ask(exercise):
    """Each kind an exercise asks, keys and reads is one the exercise code knows how to ask, key, grade and read."""
    _, _, _, facts, _ = exercise
    family = facts.family
    assert family.graded and family.keyed and family.scoring
    assert "best_move" in family.graded
    assert set(family.keyed) - {"leaves_evaluated", "cutoffs"} <= set(family.items)
    assert not set(family.items) & set(SHARED_ITEMS)


# ---- the key: what the family keys, right by an independent brute force, checking itself -----------------------

def test_the_key_states_what_the_family_keys(exercise):
    case, _, data, facts, _ = exercise
    stated = set(data["expect"]) - {"value", "best_move"}
    keyed = set(facts.family.keyed)
    if not case.spec.prunes:
        keyed.discard("pruned")  # a search that cannot prune has no pruned leaves to state
    assert stated == keyed


def maxn(nested, players, level=0):
    """max^n from its definition: the player to move takes the child whose vector gives it most (the first of
    equals); a leaf is its vector."""
    if not isinstance(nested, list):
        return tuple(int(part) for part in nested.strip("()").split(","))
    vectors = [maxn(child, players, level + 1) for child in nested]
    mover = level % len(players)
    return max(vectors, key=lambda vector: vector[mover])  # max keeps the first of equals


def test_the_key_s_value_is_the_brute_force_s(exercise):
    case, path, data, facts, _ = exercise
    value = data["expect"]["value"]
    if case.name == "maxn":
        assert tuple(int(v) for v in value.strip("()").split(",")) == maxn(data["tree"], data["players"])
    elif case.name == "mcts":  # an estimate: what the tree is, checked by N's bookkeeping instead
        visits = data["expect"]["visits"]
        assert visits[facts.label(0)] == case.spec.search.iterations
        for node in facts.made():
            children = [child for child in facts.node(node).children if facts.label(child) in visits]
            if children:  # every visit through a node goes on to one child, but the one that expanded it
                expected = visits[facts.label(node)] - (0 if node == 0 else 1)
                assert sum(visits[facts.label(child)] for child in children) == expected
    elif case.name != "paranoid":  # (paranoid's value is one player's against the rest)
        problem = load_problem(str(path))
        assert float(value if not isinstance(value, str) else eval_fraction(value)) == \
            pytest.approx(float(brute_force(problem.root)))


def eval_fraction(text: str) -> float:
    numerator, denominator = text.split("/")
    return int(numerator) / int(denominator)


def test_the_key_checks_itself_and_a_changed_key_does_not(exercise, tmp_path):
    case, path, data, _, _ = exercise
    problem = load_problem(str(path))
    result = check_file(problem, spec_of(problem))
    assert result.passed and result.checks, [check for check in result.checks if not check.passed]
    changed = dict(data, expect=dict(data["expect"], best_move="nowhere"))
    other = tmp_path / "changed.yaml"
    other.write_text(yaml.safe_dump(changed, allow_unicode=True), encoding="utf-8")
    problem = load_problem(str(other))
    failed = [check for check in check_file(problem, spec_of(problem)).checks if not check.passed]
    assert [check.item for check in failed] == ["best_move"]
    assert failed[0].decided.startswith("step ")


def test_a_key_with_another_family_s_item_is_refused(exercise, tmp_path):
    """Each family's items are its own: a key giving one the search does not have is one error naming it."""
    _, path, data, facts, _ = exercise
    foreign = next(item for family in FAMILIES for item in family.items if item not in facts.family.items)
    given = {"values": {"A": 1}, "pruned": ["A"], "windows": {"A": [1, 2]}, "node_types": {"A": "PV"},
             "order": ["A"], "cutoffs": 1, "visits": {"A": 1}, "wins": {"A": 1}, "selected": {1: ["A"]}}[foreign]
    other = tmp_path / "foreign.yaml"
    other.write_text(yaml.safe_dump(dict(data, expect={foreign: given}), allow_unicode=True), encoding="utf-8")
    with pytest.raises(TracerError, match=f"has no {foreign} item"):
        problem = load_problem(str(other))
        read_claims(problem.expect, str(other), facts)


# ---- answers: blank, right, wrong ------------------------------------------------------------------------------

def answer_from_key(data) -> dict:
    """The answer a student who gets everything right writes: the key's items an answer gives."""
    return {key: value for key, value in data["expect"].items()
            if key in ("values", "pruned", "best_move", "visits", "wins", "selected")}


def wrong_answer(data, facts) -> dict:
    """An answer wrong on every item: each value off by 100, each leaf's mark the other way, N one more, W 100 more,
    each path ending at the root again, a move the root does not have."""
    right = answer_from_key(data)
    wrong = {"best_move": "nowhere"}
    if "values" in right:
        wrong["values"] = {name: off(value) for name, value in right["values"].items()}
    if "pruned" in right:
        pruned = {leaf for leaf in facts.pruned_leaves()}
        wrong["pruned"] = [facts.label(leaf) for leaf in facts.leaves() if leaf not in pruned]
    if "visits" in right:
        wrong["visits"] = {name: n + 1 for name, n in right["visits"].items()}
        wrong["wins"] = {name: off(w) for name, w in right["wins"].items()}
        wrong["selected"] = {number: path + [path[0]] for number, path in right["selected"].items()}
    return wrong


def off(value):
    """A value 100 away (each component of a vector; a bound keeps its sign)."""
    if isinstance(value, str) and value.startswith("("):
        return "(" + ", ".join(str(int(part) + 100) for part in value.strip("()").split(",")) + ")"
    if isinstance(value, str) and value[:2] in ("<=", ">="):
        return value[:2] + str(float(value[2:]) + 100)
    if isinstance(value, str):
        return str(eval_fraction(value) + 100)
    return value + 100


def graded(exercise, tmp_path, answer: dict | None):
    case, path, _, facts, key = exercise
    written = tmp_path / "answer.yaml"
    written.write_text("" if answer is None else yaml.safe_dump(answer, allow_unicode=True), encoding="utf-8")
    return grade(read_answer_file(str(written), facts), facts, answer_file=str(written), tree_file=str(path),
                 key=key)


def test_a_blank_sheet_scores_nothing_of_every_item_the_family_grades(exercise, tmp_path):
    _, _, _, facts, key = exercise
    result = graded(exercise, tmp_path, None)
    assert result.score == 0 and result.max_score > 0
    assert all(item.verdict == MISSING for item in result.items if item.max_points)
    asked = {"statistics" if item.kind in ("visits", "wins") else "pruned" if item.kind == "leaf" else item.kind
             for item in result.items if item.max_points}
    assert asked <= set(facts.family.graded) and "best_move" in asked
    assert result.scoring == facts.family.scoring


def test_the_key_as_an_answer_scores_everything(exercise, tmp_path):
    _, _, data, _, _ = exercise
    answer = answer_from_key(data)
    result = graded(exercise, tmp_path, answer)
    assert result.score == result.max_score, [item for item in result.items if item.verdict != RIGHT]
    assert not result.departure
    # every item the key gives an answer is scored, none only pointed out: the family grades what it keys
    scored = {"pruned" if item.kind == "leaf" else item.kind for item in result.items if item.max_points}
    assert scored == set(answer)
    assert all(item.max_points for item in result.items)


def test_a_wrong_answer_scores_nothing_and_says_where_it_departs(exercise, tmp_path):
    _, _, data, facts, _ = exercise
    result = graded(exercise, tmp_path, wrong_answer(data, facts))
    scored = [item for item in result.items if item.max_points]
    assert result.score == 0 and scored
    assert all(item.verdict == WRONG for item in scored), [item for item in scored if item.verdict != WRONG]
    assert result.departure.startswith("step ")


# ---- what the sheets ask is what grade scores ------------------------------------------------------------------

def test_the_worksheet_asks_exactly_what_grade_scores(exercise):
    _, _, _, facts, key = exercise
    sheet = worksheet(facts, key, "Rewards: as the test says")
    items = asked_items(facts, key)
    assert sheet.total == sum(item.max_points for item in items)
    kinds = {"statistics" if item.kind in ("visits", "wins") else item.kind for item in items}
    assert {question.kind for question in sheet.questions} == kinds
    assert ("Rewards: as the test says" in sheet.notes) == facts.family.statistics  # leaves become rewards


def test_the_practice_sheet_scores_grade_s_items(exercise):
    _, _, _, facts, key = exercise
    sheet = practice_sheet(facts, key)
    items = asked_items(facts, key)
    page = [item for item in sheet["items"] if item["max"]]
    assert [(item["item"], item["max"]) for item in page] == [(item.item, item.max_points) for item in items]
    assert sheet["mcts"] == facts.family.statistics
    assert sheet["scoring"] == facts.family.scoring
    every = facts.preorder()
    inner = [node for node in every if facts.node(node).children]
    assert sheet["inputs"] == (every if facts.family.statistics else inner)
    assert all(item["because"] for item in page if item["kind"] in ("values", "best_move", "visits", "wins"))


# ---- a new family is its data: a toy one --------------------------------------------------------------------------

TOY = replace(VALUES, name="toy", items=("values",), graded=("best_move", "values"), keyed=("values",),
              scoring="a point for the best move, then one per inner node's value")


@pytest.fixture
def toy(monkeypatch, tmp_path):
    """A toy family (the values family's fold, asking only the best move and then the values) and a search of it,
    each registered as one entry where the built-in ones are; its exercise, generated, written and searched."""
    monkeypatch.setattr(tracer.view, "FAMILIES", (*tracer.view.FAMILIES, TOY))
    monkeypatch.setitem(ALGORITHMS, "toy", replace(ALGORITHMS["minimax"], name="toy", family="toy"))
    text, _ = generate(Spec(branching=(2, 2), depth=2, search=SearchSpec("toy"), seed=7), 1)
    assert "rules: {algorithm: toy}" in text
    path = tmp_path / "toy.yaml"  # (a file's rules: name only the shipped searches: the toy one is asked for here)
    path.write_text(text.replace("rules: {algorithm: toy}", "rules: {algorithm: minimax}"), encoding="utf-8")
    problem = load_problem(str(path))
    facts = SearchFacts(search(problem, SearchSpec("toy")))
    return path, yaml.safe_load(text), facts, read_claims(problem.expect, str(path), facts)


def test_a_toy_family_s_exercises_ask_key_and_grade_what_it_says(toy, tmp_path):
    path, data, facts, key = toy
    assert facts.family is TOY
    assert list(data["expect"]) == ["value", "best_move", "values"]  # what it keys, nothing more
    assert data["expect"]["value"] == brute_force(load_problem(str(path)).root)
    blank = grade(Claims(), facts, answer_file="", tree_file=str(path), key=key)
    assert [item.kind for item in blank.items][:2] == ["best_move", "values"]  # in its order
    assert {item.kind for item in blank.items} == {"best_move", "values"} and blank.scoring == TOY.scoring
    assert [question.kind for question in worksheet(facts, key).questions] == ["best_move", "values"]
    answer = tmp_path / "answer.yaml"
    answer.write_text(yaml.safe_dump({"best_move": data["expect"]["best_move"], "values": data["expect"]["values"]}))
    right = grade(read_answer_file(str(answer), facts), facts, answer_file=str(answer), tree_file=str(path), key=key)
    assert right.score == right.max_score == len(data["expect"]["values"]) + 1
    answer.write_text(yaml.safe_dump({"pruned": ["A"]}))  # not one of its items: refused, as a key's would be
    assert read_answer_file(str(answer), facts).unreadable[0].message.startswith("Minimax has no pruned item")
    assert practice_sheet(facts, key)["scoring"] == TOY.scoring
