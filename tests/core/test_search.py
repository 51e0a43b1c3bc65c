"""The searches: exact steps on the textbook tree, agreement with a brute force on thousands of random trees,
pruning that never changes the answer, and Knuth & Moore's count for perfectly ordered trees."""

from __future__ import annotations

import math
import random
import tracemalloc

import pytest
from hypothesis import given, settings, strategies as st

from helpers import TREES, brute_force, make_tree
from tracer import (ALGORITHMS, NO_TRACER, CountingTracer, Player, RecordingTracer, Rules, load_tree,
                    trace_search)
from tracer.errors import SearchOptionError
from tracer.view import TraceView
from tracer.trace import (AlphaUpdated, BetaUpdated, Cutoff, LeafEvaluated, NodeEntered, NodeExited,
                          ValueUpdated)

INF = math.inf
MAX, MIN = Player.MAX, Player.MIN
SETTINGS = settings(max_examples=400, deadline=None, derandomize=True)

leaves = st.integers(-20, 20) | st.floats(-10, 10, allow_nan=False, allow_infinity=False).map(lambda x: round(x, 1))
nested_trees = st.recursive(leaves, lambda children: st.lists(children, min_size=1, max_size=4),
                            max_leaves=40).filter(lambda tree: isinstance(tree, list))
roots = st.sampled_from([MAX, MIN])
rules = st.builds(Rules, prune=st.sampled_from(["ge", "gt"]), fail=st.sampled_from(["soft", "hard"]))


def rn_root():
    return load_tree(TREES / "rn_example.yaml").root


def test_alphabeta_on_the_textbook_tree_step_by_step():
    # ids: A 0, B 1, B1-B3 2-4, C 5, C1 6, C2-C3 7-8 (pruned, numbered at the cutoff), D 9, D1-D3 10-12
    expected = [
        NodeEntered(0, 0, MAX, -INF, INF),
        NodeEntered(1, 1, MIN, -INF, INF),
        NodeEntered(2, 2, MAX, -INF, INF), LeafEvaluated(2, 3),
        ValueUpdated(1, INF, 3, 2), BetaUpdated(1, INF, 3, 2),
        NodeEntered(3, 2, MAX, -INF, 3), LeafEvaluated(3, 12),
        NodeEntered(4, 2, MAX, -INF, 3), LeafEvaluated(4, 8),
        NodeExited(1, 3, 2),
        ValueUpdated(0, -INF, 3, 1), AlphaUpdated(0, -INF, 3, 1),
        NodeEntered(5, 1, MIN, 3, INF),
        NodeEntered(6, 2, MAX, 3, INF), LeafEvaluated(6, 2),
        ValueUpdated(5, INF, 2, 6), BetaUpdated(5, INF, 2, 6),
        Cutoff(5, "alpha", (7, 8)),
        NodeExited(5, 2, 6),
        NodeEntered(9, 1, MIN, 3, INF),
        NodeEntered(10, 2, MAX, 3, INF), LeafEvaluated(10, 14),
        ValueUpdated(9, INF, 14, 10), BetaUpdated(9, INF, 14, 10),
        NodeEntered(11, 2, MAX, 3, 14), LeafEvaluated(11, 5),
        ValueUpdated(9, 14, 5, 11), BetaUpdated(9, 14, 5, 11),
        NodeEntered(12, 2, MAX, 3, 5), LeafEvaluated(12, 2),
        ValueUpdated(9, 5, 2, 12), BetaUpdated(9, 5, 2, 12),  # D's window closes at its last child: no cutoff
        NodeExited(9, 2, 12),
        NodeExited(0, 3, 1),
    ]
    trace = trace_search(rn_root(), "alphabeta")
    assert trace.events == expected
    assert (trace.value, trace.best_move) == (3, "B")
    pruned = [(n.id, n.value) for n in trace.nodes if n.pruned]
    assert pruned == [(7, 4), (8, 6)]
    assert [n.name for n in trace.nodes[:2]] == ["A", "B"] and trace.nodes[7].move == "C2"


def test_minimax_on_the_textbook_tree_step_by_step():
    trace = trace_search(rn_root(), "minimax")
    kinds = [e.kind for e in trace.events]
    assert kinds.count("node_entered") == 13 and kinds.count("leaf_evaluated") == 9
    assert "cutoff" not in kinds and "alpha_updated" not in kinds
    assert [e.value for e in trace.events if isinstance(e, LeafEvaluated)] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    # B: 3, then nothing lower; C: 2; D: 14, 5, 2; A: 3 from B only
    updates = [(e.node, e.old, e.new) for e in trace.events if isinstance(e, ValueUpdated)]
    assert updates == [(1, INF, 3), (0, -INF, 3), (5, INF, 2), (9, INF, 14), (9, 14, 5), (9, 5, 2)]
    assert all(e.alpha is None and e.beta is None for e in trace.events if isinstance(e, NodeEntered))


@SETTINGS
@given(nested_trees, roots, rules)
def test_all_searches_find_the_brute_force_value(nested, root_player, rule):
    root = make_tree(nested, root_player)
    expected = brute_force(root)
    values = {name: search.run(root, rules=rule)[0] for name, search in ALGORITHMS.items()}
    assert values == {name: expected for name in ALGORITHMS}


@SETTINGS
@given(nested_trees, roots)
def test_all_searches_choose_a_best_move_and_the_same_one(nested, root_player):
    root = make_tree(nested, root_player)
    moves = {name: search.run(root)[1] for name, search in ALGORITHMS.items()}
    assert len(set(moves.values())) == 1
    assert brute_force(root.child(moves["minimax"])) == brute_force(root)


@SETTINGS
@given(nested_trees, roots)
def test_alphabeta_evaluates_a_subsequence_of_minimax_leaves(nested, root_player):
    root = make_tree(nested, root_player)
    minimax, ge, gt = CountingTracer(), CountingTracer(), CountingTracer()
    ALGORITHMS["minimax"].run(root, tracer=minimax)
    ALGORITHMS["alphabeta"].run(root, tracer=ge)
    ALGORITHMS["alphabeta"].run(root, tracer=gt, rules=Rules(prune="gt"))
    remaining = iter(minimax.evaluated_leaves)
    assert all(any(value == other for other in remaining) for value in ge.evaluated_leaves)
    assert minimax.leaves_evaluated >= gt.leaves_evaluated >= ge.leaves_evaluated


@SETTINGS
@given(nested_trees, roots, st.integers(-1000, 1000), st.randoms(use_true_random=False))
def test_changing_a_pruned_leaf_never_changes_the_result(nested, root_player, new_value, rnd):
    root = make_tree(nested, root_player)
    trace = trace_search(root, "alphabeta")
    pruned_leaves = [n for n in trace.nodes if n.pruned and n.value is not None]
    if not pruned_leaves:
        return
    view = TraceView(trace)
    node = view.nodes[rnd.choice(pruned_leaves).id]
    path = []  # child positions from the root down to the chosen leaf
    while node.node.parent is not None:
        path.append(node.position - 1)
        node = view.nodes[node.node.parent]
    leaf = root
    for index in reversed(path):
        leaf = leaf.child(index)
    assert leaf.is_terminal()
    leaf.value = new_value
    assert ALGORITHMS["alphabeta"].run(root)[0] == trace.value
    assert root.move_name(ALGORITHMS["alphabeta"].run(root)[1]) == trace.best_move
    assert brute_force(root) == trace.value  # the true value did not move either


def best_first_tree(branching, depth, rng):
    """A uniform tree with distinct leaves whose children stand in best-first order for the player to move."""
    values = rng.sample(range(-10_000, 10_000), branching ** depth)
    leaves_left = iter(values)

    def build(level):
        if level == depth:
            return next(leaves_left)
        return [build(level + 1) for _ in range(branching)]

    def order(nested, player):
        if not isinstance(nested, list):
            return nested
        children = [order(child, player.other) for child in nested]
        return sorted(children, key=lambda child: brute_force(make_tree(child, player.other)),
                      reverse=player is MAX)

    return order(build(0), MAX)


@pytest.mark.parametrize("branching, depth", [(2, 4), (3, 3), (3, 4), (4, 3), (5, 2), (2, 7)])
def test_knuth_moore_leaf_count_on_perfectly_ordered_trees(branching, depth):
    rng = random.Random(branching * 100 + depth)
    for _ in range(3):
        root = make_tree(best_first_tree(branching, depth, rng))
        alphabeta, minimax, negamax_ab = CountingTracer(), CountingTracer(), CountingTracer()
        ALGORITHMS["alphabeta"].run(root, tracer=alphabeta)
        ALGORITHMS["negamax-ab"].run(root, tracer=negamax_ab)
        ALGORITHMS["minimax"].run(root, tracer=minimax)
        expected = branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1
        assert alphabeta.leaves_evaluated == expected == negamax_ab.leaves_evaluated
        assert minimax.leaves_evaluated == branching ** depth


def test_rules_are_checked():
    with pytest.raises(SearchOptionError, match="prune must be 'ge'"):
        Rules(prune=">=")
    with pytest.raises(SearchOptionError, match="fail must be 'soft' or 'hard'"):
        Rules(fail="medium")
    with pytest.raises(SearchOptionError, match="unknown algorithm 'sss'"):
        trace_search(rn_root(), "sss")


@SETTINGS
@given(nested_trees, roots)
def test_fail_hard_values_stay_inside_the_window(nested, root_player):
    trace = trace_search(make_tree(nested, root_player), "alphabeta", rules=Rules(fail="hard"))
    windows = {e.node: (e.alpha, e.beta) for e in trace.events if isinstance(e, NodeEntered)}
    for event in trace.events:
        if isinstance(event, NodeExited):
            alpha, beta = windows[event.node]
            assert alpha <= event.value <= beta


@SETTINGS
@given(nested_trees, roots, st.sampled_from(list(ALGORITHMS)))
def test_counting_and_recording_tracers_agree(nested, root_player, algorithm):
    root = make_tree(nested, root_player)
    counter = CountingTracer(mover_terms=ALGORITHMS[algorithm].negamax)
    ALGORITHMS[algorithm].run(root, tracer=counter)
    trace = trace_search(root, algorithm)
    kinds = [e.kind for e in trace.events]
    assert counter.nodes_visited == kinds.count("node_entered") == sum(not n.pruned for n in trace.nodes)
    assert counter.leaves_evaluated == kinds.count("leaf_evaluated")
    assert counter.cutoffs == kinds.count("cutoff")
    assert all(e.skipped for e in trace.events if isinstance(e, Cutoff))


def test_a_cutoff_at_the_last_child_is_not_counted():
    root = make_tree([[5, 6], [7, 3]])  # the second MIN node closes its window at its last child
    counter = CountingTracer()
    ALGORITHMS["alphabeta"].run(root, tracer=counter)
    assert counter.cutoffs == 0 and counter.leaves_evaluated == 4
    root = make_tree([[5, 6], [3, 7]])
    counter = CountingTracer()
    ALGORITHMS["alphabeta"].run(root, tracer=counter)
    assert counter.cutoffs == 1 and counter.leaves_evaluated == 3


def test_untraced_searches_allocate_nothing_per_node():
    rng = random.Random(4)

    def uniform(depth):
        return rng.randint(-9, 9) if depth == 0 else [uniform(depth - 1) for _ in range(3)]

    small, large = make_tree(uniform(4)), make_tree(uniform(8))  # 121 and 9,841 nodes
    peaks = []
    for root in (small, large):
        tracemalloc.start()
        ALGORITHMS["alphabeta"].run(root, tracer=NO_TRACER)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < peaks[0] + 20_000  # the peak grows with depth (the stack), not with the node count
    recorder = RecordingTracer()
    ALGORITHMS["alphabeta"].run(large, tracer=recorder)
    assert len(recorder.events()) > 1000  # while a recording run does keep one event per step


@SETTINGS
@given(nested_trees, roots, st.sampled_from(list(ALGORITHMS)))
def test_the_node_count_is_known_before_the_nodes_are_built(nested, root_player, algorithm):
    trace = trace_search(make_tree(nested, root_player), algorithm)
    counted = trace.node_count  # counted from the recording, pruned subtrees included
    assert counted == len(trace.nodes) == trace.node_count
