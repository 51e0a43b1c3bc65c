"""The one comparer of claims with a search (tracer/exercises/compare_answers.py), on Russell & Norvig's Figure 5.2
under alpha-beta: B returns 3, C returns ≤ 2 (left by the cutoff at step 19, which prunes C2 and C3), D returns 2.
The expected results are worked out by hand from the figure."""

from __future__ import annotations

import math

import pytest

from helpers import TREES
from tracer.exercises.check_keys import search
from tracer.search.spec import SearchSpec
from tracer.exercises.compare_answers import (
    NEVER_REACHED, Difference, compare_best_move, compare_leaves, compare_order, compare_pruned, compare_value,
    compare_window, first_difference, value_matches,
)
from tracer.exercises.facts import SearchFacts
from tracer.inputs import load_problem
from tracer.view import EXACT, LOWER, UPPER


@pytest.fixture(scope="module")
def facts() -> SearchFacts:
    return SearchFacts(search(load_problem(str(TREES / "rn_example.yaml")), SearchSpec()))


@pytest.mark.parametrize("claimed, found, matches", [
    ((2, None), (2, UPPER), True),  # a plain number claims only the number
    ((2, None), (2, EXACT), True),
    ((2, UPPER), (2, UPPER), True),
    ((2, LOWER), (2, UPPER), False),  # a written bound claims its kind
    ((2, UPPER), (2, EXACT), False),
    ((3, UPPER), (2, UPPER), False),
    ((8 / 3, None), (2.666666666666667, EXACT), True),
    ((math.inf, None), (math.inf, EXACT), True),
])
def test_a_value_matches_its_number_and_any_bound_written(claimed, found, matches):
    assert value_matches(claimed, found) is matches


def test_first_difference_says_where_lists_part():
    assert first_difference([1, 2, 3], [1, 2, 3]) is None
    assert first_difference([1, 3], [1, 2, 3]) == Difference(1, 2, 3)
    assert first_difference([1, 2], [1, 2, 3]) == Difference(2, 3, None)  # the claim stops early
    assert first_difference([1, 2, 3, 4], [1, 2, 3]) == Difference(3, None, 4)  # the claim goes on


def test_values_name_the_deciding_step(facts):
    c = facts.by_name["C"]
    right = compare_value(facts, c, (2, None))
    assert (right.found, right.claimed, right.ok, right.step) == ("<=2", "2", True, 20)
    assert right.note.startswith("step 20: C: returns ≤ 2 to A")
    wrong_kind = compare_value(facts, c, (2, LOWER))
    assert (wrong_kind.claimed, wrong_kind.ok) == (">=2", False)
    missing = compare_value(facts, facts.by_name["D"], None)
    assert (missing.found, missing.claimed, missing.ok) == ("2", None, False)


def test_a_node_never_reached_is_said_with_the_cutoff_that_skipped_it():
    problem = load_problem(str(TREES / "binary_depth4.yaml"))
    facts = SearchFacts(search(problem, SearchSpec()))
    pruned = facts.by_name["K"]  # the whole of K is pruned (the key says pruned: [K, ...])
    compared = compare_value(facts, pruned, (5, None))
    assert (compared.found, compared.ok, compared.reached) == (NEVER_REACHED, False, False)
    assert compared.note.startswith(f"step {compared.step}: ") and compared.step == 37


def test_leaves_and_the_pruned_set(facts):
    leaves = compare_leaves(facts, [facts.by_name["C2"]])
    assert [(leaf.label, leaf.found, leaf.claimed, leaf.ok) for leaf in leaves if leaf.label.startswith("C")] == \
        [("C1", "examined", "examined", True), ("C2", "pruned", "pruned", True), ("C3", "pruned", "examined", False)]
    (missed,) = [leaf for leaf in leaves if not leaf.ok]
    assert missed.step == 19 and "α-cutoff" in missed.note
    whole = compare_pruned(facts, [facts.by_name["C"]])  # C stands for C1 too, examined: entered at step 15
    assert (whole.found, whole.claimed, whole.ok, whole.step) == (["C2", "C3"], ["C"], False, 15)
    assert compare_pruned(facts, [facts.by_name["C2"], facts.by_name["C3"]]).note == "pruned at step 19"


def test_order_windows_and_best_move(facts):
    names = ["A", "B", "B1", "B2", "B3", "C", "C1", "D", "D1", "D2", "D3"]
    compared, difference = compare_order(facts, [facts.by_name[name] for name in names])
    assert compared.ok and difference is None and compared.found == names
    compared, difference = compare_order(facts, [facts.by_name[name] for name in names[:3] + ["B3"]])
    assert not compared.ok and difference == Difference(3, facts.by_name["B2"], facts.by_name["B3"])
    assert compare_window(facts, facts.by_name["C"], (3, 2)).ok
    assert compare_window(facts, facts.by_name["C"], (3, math.inf)).claimed == [3, "inf"]
    assert compare_best_move(facts, "B").ok and not compare_best_move(facts, "C").ok
    assert not compare_best_move(facts, None).ok


# ---- decimals, fractions, and which searches prune -------------------------------------------------------------

@pytest.mark.parametrize("text, found, matches", [
    ("3.33", 10 / 3, True), ("3.333", 10 / 3, True), ("3.33333", 10 / 3, True),  # 10/3 rounded to the digits written
    ("3.34", 10 / 3, False), ("3.3", 10 / 3, True), ("10/3", 10 / 3, True),
    ("3", 10 / 3, False),  # a whole number claims the value exactly: 10/3 is not 3
    ("3", 3, True), ("3.0", 3, True), ("2.50", 2.5, True), ("3", 2.5, False), ("2", 2.5, False),
    ("2.67", 8 / 3, True), ("2.66", 8 / 3, False), ('"<=3.33"', 10 / 3, True),  # a bound keeps its digits too
    ("-3.33", -10 / 3, True), ("-3.34", -10 / 3, False),
])
def test_a_decimal_matches_when_the_value_rounded_to_its_digits_gives_it(text, found, matches):
    """The answer reader keeps a decimal's digits as written (YAML's float would lose them)."""
    import yaml

    from tracer.inputs.answers import parse_bounded

    claimed = parse_bounded(yaml.safe_load(f"v: {text}")["v"], text.strip('"'))
    bound = UPPER if text.startswith('"<=') else EXACT
    assert value_matches(claimed, (found, bound)) is matches


@pytest.mark.parametrize("value, text", [(10 / 3, "10/3"), (8 / 3, "8/3"), (2.5, "2.5"), (3, "3"), (-7, "-7"),
                                         (0.1, "0.1"), (math.inf, "+∞")])
def test_the_search_s_values_are_written_as_fractions_where_no_short_decimal_is_them(value, text):
    from tracer.exercises.claim_text import value_text

    assert value_text(value) == text


@pytest.mark.parametrize("algorithm, prunes", [("alphabeta", True), ("minimax", False), ("pvs", True),
                                               ("expectiminimax", False)])
def test_whether_leaves_are_graded_is_the_registry_s_word(algorithm, prunes):
    from tracer.exercises.compare_answers import search_prunes
    from tracer.search.registry import ALGORITHMS

    tree = "dice.yaml" if algorithm == "expectiminimax" else "rn_example.yaml"
    facts = SearchFacts(search(load_problem(str(TREES / tree)), SearchSpec(algorithm=algorithm)))
    assert search_prunes(facts) is prunes is ALGORITHMS[algorithm].pruning
