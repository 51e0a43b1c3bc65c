"""Move ordering (tracer/search/ordering.py): best-first reaches Knuth & Moore's minimal tree, worst-first
evaluates every leaf, random is reproducible, and no order changes a search's value."""

from __future__ import annotations


import pytest
from hypothesis import given, strategies as st

from helpers import examples, uniform_tree
from nested_lists import brute_force, nested_trees, root_players, tree_of
from tracer import ALGORITHMS, SearchOptionError, parse_tree, search_stats, to_dot, trace_search
from tracer.inputs import load_problem
from tracer.search.ordering import ORDERS, ordered

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)


SIZES = [(2, 3), (2, 4), (3, 3), (3, 4), (4, 3), (2, 6)]


@pytest.mark.parametrize("b, d", SIZES)
@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-ab"])
def test_best_first_reaches_the_knuth_moore_minimal_tree(b, d, algorithm):
    minimal = b ** ((d + 1) // 2) + b ** (d // 2) - 1
    for seed in range(5):
        root = tree_of(uniform_tree(b, d, seed, distinct=True))
        assert search_stats(root, algorithm, order="best").leaves_evaluated == minimal


@pytest.mark.parametrize("b, d", [(2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (5, 2)])
def test_worst_first_evaluates_every_leaf_where_no_bound_reaches_two_levels_down(b, d):
    # To depth 3 every cutoff compares a node with its parent's bound, and worst-first ordering never lets a node
    # reach it before its last child.
    for seed in range(5):
        root = tree_of(uniform_tree(b, d, seed, distinct=True))
        assert search_stats(root, "alphabeta", order="worst").leaves_evaluated == b ** d


@pytest.mark.parametrize("b, d", [(2, 4), (3, 4), (2, 6)])
def test_deeper_worst_first_still_evaluates_the_most_leaves(b, d):
    # From depth 4 a bound from two levels up can still cut (a deep cutoff) whatever the order of each node's
    # children, so worst-first is the worst order, not always the whole tree.
    for seed in range(5):
        root = tree_of(uniform_tree(b, d, seed, distinct=True))
        counts = {order: search_stats(root, "alphabeta", order=order, seed=seed).leaves_evaluated
                  for order in ("natural", "reversed", "random", "best", "worst")}
        assert counts["worst"] == max(counts.values()) and counts["best"] == min(counts.values())


@examples(200, derandomize=True)
@given(nested_trees, root_players, st.sampled_from(ORDERS[:-2] + ("random",)), st.sampled_from(list(ALGORITHMS)))
def test_no_order_changes_the_value(nested, root_player, order, algorithm):
    root = tree_of(nested, root_player)
    assert search_stats(root, algorithm, order=order, seed=3).value == brute_force(nested, root_player)


def test_random_order_is_reproducible_from_its_seed():
    root = tree_of(uniform_tree(3, 4, 1, distinct=True))
    runs = [search_stats(root, "alphabeta", order="random", seed=seed).evaluated_leaves for seed in (7, 7, 8)]
    assert runs[0] == runs[1] and runs[0] != runs[2]


def test_the_trace_records_the_order_and_keeps_children_as_searched():
    tree = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    trace = trace_search(tree.root, "alphabeta", order="reversed")
    assert trace.options["order"] == "reversed"
    assert [n.move for n in trace.nodes if n.ply == 1] == ["D", "C", "B"]  # left to right as searched
    assert "reversed move order" in to_dot(trace)
    random_trace = trace_search(tree.root, "alphabeta", order="random", seed=4)
    assert (random_trace.options["order"], random_trace.options["seed"]) == ("random", 4)
    assert "order" not in trace_search(tree.root, "alphabeta").options  # natural: as before


def test_eval_order_sorts_game_children_by_their_static_value():
    problem = load_problem(game="connect4", position="4453", depth=2)
    root = ordered(problem.root, "eval", problem.depth)
    values = [root.inner.child(m).evaluate() for m in root.moves()]
    assert values == sorted(values, reverse=True)  # MAX to move: the best-looking child first
    assert search_stats(problem.root, "alphabeta", depth=2, order="eval").value == \
        search_stats(problem.root, "alphabeta", depth=2).value


def test_eval_order_on_a_tree_without_static_values_is_a_clear_error():
    with pytest.raises(SearchOptionError, match="--order eval needs a static value"):
        search_stats(parse_tree("[[1, 2], [3, 4]]").root, "alphabeta", order="eval")


def test_an_unknown_order_is_refused():
    with pytest.raises(SearchOptionError, match="unknown move order 'sideways'"):
        ordered(parse_tree("[1, 2]").root, "sideways")
