"""The searches (tracer/search/algorithms.py) and tracers (tracer/search/tracers.py, tracer/trace/recorder.py): exact steps on Figure 5.2, agreement with a
brute force on thousands of random trees, pruning that never changes the answer, and Knuth & Moore's leaf count."""

from __future__ import annotations

import math
import random
import tracemalloc

import pytest
from hypothesis import assume, given, strategies as st

from helpers import examples, uniform_tree
from nested_lists import (INF, MAX, MIN, TREES, at, best_moves, brute_force, fail_modes, leaf_paths,
                          nested_trees, path_of, player_at, prune_rules, replaced, root_players,
                          tree_of)
from tracer import (ALGORITHMS, NO_TRACER, CountingTracer, NullTracer, RecordingTracer, Rules, TracerError,
                    load_tree, search_stats, trace_search)
from tracer.errors import SearchOptionError
from tracer.search.spec import SearchSpec
from tracer.trace.events import (AlphaUpdated, BetaUpdated, Cutoff, LeafEvaluated, NodeEntered, NodeExited,
                          ValueUpdated)

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

PROPERTY = examples(500, derandomize=True)
PRUNING = ("alphabeta", "negamax-ab")


def rn_root():
    return load_tree(TREES / "rn_example.yaml").root


def leaf_names(trace) -> list[str]:
    return [trace.nodes[e.node].name for e in trace.events if isinstance(e, LeafEvaluated)]


def is_subsequence(short, long) -> bool:
    rest = iter(long)
    return all(any(item == other for other in rest) for item in short)


# ---- (a) exact steps on Russell & Norvig, Figure 5.2 ----------------------------------------------------------
# Node ids: A 0, B 1, B1-B3 2-4, C 5, C1 6, C2-C3 7-8 (pruned: numbered at the cutoff), D 9, D1-D3 10-12.

def test_alphabeta_on_figure_5_2_step_by_step():
    expected = [
        NodeEntered(0, None, 0, MAX, -INF, INF),
        NodeEntered(1, 0, 1, MIN, -INF, INF),
        NodeEntered(2, 1, 2, MAX, -INF, INF), LeafEvaluated(2, 3),
        ValueUpdated(1, INF, 3, 2), BetaUpdated(1, INF, 3, 2),
        NodeEntered(3, 1, 2, MAX, -INF, 3), LeafEvaluated(3, 12),
        NodeEntered(4, 1, 2, MAX, -INF, 3), LeafEvaluated(4, 8),
        NodeExited(1, 3, 2),
        ValueUpdated(0, -INF, 3, 1), AlphaUpdated(0, -INF, 3, 1),
        NodeEntered(5, 0, 1, MIN, 3, INF),
        NodeEntered(6, 5, 2, MAX, 3, INF), LeafEvaluated(6, 2),
        ValueUpdated(5, INF, 2, 6), BetaUpdated(5, INF, 2, 6),
        Cutoff(5, "alpha", (7, 8)),  # 2 ≤ α = 3: C2 and C3 cannot matter
        NodeExited(5, 2, 6),
        NodeEntered(9, 0, 1, MIN, 3, INF),
        NodeEntered(10, 9, 2, MAX, 3, INF), LeafEvaluated(10, 14),
        ValueUpdated(9, INF, 14, 10), BetaUpdated(9, INF, 14, 10),
        NodeEntered(11, 9, 2, MAX, 3, 14), LeafEvaluated(11, 5),
        ValueUpdated(9, 14, 5, 11), BetaUpdated(9, 14, 5, 11),
        NodeEntered(12, 9, 2, MAX, 3, 5), LeafEvaluated(12, 2),
        ValueUpdated(9, 5, 2, 12), BetaUpdated(9, 5, 2, 12),  # α ≥ v at D's last child: nothing left to cut
        NodeExited(9, 2, 12),
        NodeExited(0, 3, 1),
    ]
    trace = trace_search(rn_root(), "alphabeta")
    assert trace.events == expected
    assert (trace.value, trace.best_move) == (3, "B")
    assert [e.value for e in trace.events if isinstance(e, LeafEvaluated)] == [3, 12, 8, 2, 14, 5, 2]  # 7 of 9
    assert [(n.id, n.move, n.value) for n in trace.nodes if n.pruned] == [(7, "C2", 4), (8, "C3", 6)]
    assert [n.name for n in trace.nodes if n.name] == ["A", "B", "C", "D"]
    assert [n.move for n in trace.nodes] == [None, "B", "B1", "B2", "B3", "C", "C1", "C2", "C3", "D", "D1", "D2",
                                             "D3"]
    assert [n.parent for n in trace.nodes] == [None, 0, 1, 1, 1, 0, 5, 5, 5, 0, 9, 9, 9]


def test_minimax_on_figure_5_2_step_by_step():
    expected = [
        NodeEntered(0, None, 0, MAX),
        NodeEntered(1, 0, 1, MIN),
        NodeEntered(2, 1, 2, MAX), LeafEvaluated(2, 3), ValueUpdated(1, INF, 3, 2),
        NodeEntered(3, 1, 2, MAX), LeafEvaluated(3, 12),
        NodeEntered(4, 1, 2, MAX), LeafEvaluated(4, 8),
        NodeExited(1, 3, 2), ValueUpdated(0, -INF, 3, 1),
        NodeEntered(5, 0, 1, MIN),
        NodeEntered(6, 5, 2, MAX), LeafEvaluated(6, 2), ValueUpdated(5, INF, 2, 6),
        NodeEntered(7, 5, 2, MAX), LeafEvaluated(7, 4),
        NodeEntered(8, 5, 2, MAX), LeafEvaluated(8, 6),
        NodeExited(5, 2, 6),
        NodeEntered(9, 0, 1, MIN),
        NodeEntered(10, 9, 2, MAX), LeafEvaluated(10, 14), ValueUpdated(9, INF, 14, 10),
        NodeEntered(11, 9, 2, MAX), LeafEvaluated(11, 5), ValueUpdated(9, 14, 5, 11),
        NodeEntered(12, 9, 2, MAX), LeafEvaluated(12, 2), ValueUpdated(9, 5, 2, 12),
        NodeExited(9, 2, 12),
        NodeExited(0, 3, 1),
    ]
    trace = trace_search(rn_root(), "minimax")
    assert trace.events == expected
    assert (trace.value, trace.best_move) == (3, "B")
    assert not any(n.pruned for n in trace.nodes) and len(trace.nodes) == 13


def test_negamax_ab_on_figure_5_2_step_by_step():
    # Values are the mover's: MIN's nodes see the leaves' negation; each child gets the window (−β, −α).
    expected = [
        NodeEntered(0, None, 0, MAX, -INF, INF),
        NodeEntered(1, 0, 1, MIN, -INF, INF),
        NodeEntered(2, 1, 2, MAX, -INF, INF), LeafEvaluated(2, 3),
        ValueUpdated(1, -INF, -3, 2), AlphaUpdated(1, -INF, -3, 2),
        NodeEntered(3, 1, 2, MAX, -INF, 3), LeafEvaluated(3, 12),
        NodeEntered(4, 1, 2, MAX, -INF, 3), LeafEvaluated(4, 8),
        NodeExited(1, -3, 2),
        ValueUpdated(0, -INF, 3, 1), AlphaUpdated(0, -INF, 3, 1),
        NodeEntered(5, 0, 1, MIN, -INF, -3),
        NodeEntered(6, 5, 2, MAX, 3, INF), LeafEvaluated(6, 2),
        ValueUpdated(5, -INF, -2, 6), AlphaUpdated(5, -INF, -2, 6),
        Cutoff(5, "beta", (7, 8)),  # −2 ≥ β = −3 in MIN's terms: a β-cutoff
        NodeExited(5, -2, 6),
        NodeEntered(9, 0, 1, MIN, -INF, -3),
        NodeEntered(10, 9, 2, MAX, 3, INF), LeafEvaluated(10, 14),
        ValueUpdated(9, -INF, -14, 10), AlphaUpdated(9, -INF, -14, 10),
        NodeEntered(11, 9, 2, MAX, 3, 14), LeafEvaluated(11, 5),
        ValueUpdated(9, -14, -5, 11), AlphaUpdated(9, -14, -5, 11),
        NodeEntered(12, 9, 2, MAX, 3, 5), LeafEvaluated(12, 2),
        ValueUpdated(9, -5, -2, 12), AlphaUpdated(9, -5, -2, 12),
        NodeExited(9, -2, 12),
        NodeExited(0, 3, 1),
    ]
    trace = trace_search(rn_root(), "negamax-ab")
    assert trace.events == expected
    assert (trace.value, trace.best_move) == (3, "B")


def test_fail_hard_on_figure_5_2_clamps_into_the_window():
    exits = {e.node: e.value for e in trace_search(rn_root(), "alphabeta", rules=Rules(fail="hard")).events
             if isinstance(e, NodeExited)}
    assert exits == {1: 3, 5: 3, 9: 3, 0: 3}  # C and D found 2 ≤ α = 3 and hand back α


def test_counting_tracer_on_figure_5_2():
    counts = {}
    for name in ALGORITHMS:
        counter = CountingTracer(mover_terms=ALGORITHMS[name].negamax, keep_leaves=True)
        assert ALGORITHMS[name].run(rn_root(), tracer=counter) == (3, 0)
        counts[name] = (counter.nodes_visited, counter.leaves_evaluated, counter.cutoffs, counter.evaluated_leaves)
    full = (13, 9, 0, [3, 12, 8, 2, 4, 6, 14, 5, 2])
    pruned = (11, 7, 1, [3, 12, 8, 2, 14, 5, 2])
    assert counts == {"minimax": full, "negamax": full, "alphabeta": pruned, "negamax-ab": pruned,
                      "pvs": pruned,  # every null-window test fails low here: no research
                      "id": pruned,  # no eval: values, so one iteration: alpha-beta, asking an empty table
                      # MTD(f): the test "≥ 0?" (7 nodes), then "≥ 4?", where the table answers B1: 14 entries
                      "mtdf": (14, 7, 3, [3, 12, 8, 2, 14, 5, 2]),
                      # SSS*: ≤ 14, ≤ 5, ≤ 3, then = 3; D first in pass 2 (best-first), and still alpha-beta's 7
                      "sss": (25, 7, 5, [3, 2, 14, 5, 2, 12, 8]),
                      "expectiminimax": full, "star2": full}  # without chance nodes (and bounds) it is minimax


# ---- (b) agreement with the brute force on random trees -------------------------------------------------------

@PROPERTY
@given(nested_trees, root_players, prune_rules, fail_modes)
def test_every_search_finds_the_brute_force_value_and_move(nested, root_player, prune, fail):
    root = tree_of(nested, root_player)
    expected = brute_force(nested, root_player)
    first_best = best_moves(nested, root_player)[0]  # ties keep the first move found
    for name, search in ALGORITHMS.items():
        if search.soft_only and fail == "hard":
            continue  # refused (see test_mtdf_and_sss_refuse_fail_hard)
        value, move = search.run(root, rules=Rules(prune, fail))
        assert value == expected, name
        if search.keeps_first_move:
            assert move == first_best, name
        assert brute_force(nested[move], root_player.other) == expected  # the best move's subtree has the value


@PROPERTY
@given(nested_trees, root_players, fail_modes)
def test_alphabeta_evaluates_a_subsequence_of_minimax_leaves(nested, root_player, fail):
    root = tree_of(nested, root_player)
    every_leaf = ["r" + "".join(f".{i}" for i in path) for path in leaf_paths(nested)]
    minimax = leaf_names(trace_search(root, "minimax"))
    assert minimax == leaf_names(trace_search(root, "negamax")) == every_leaf
    ge = leaf_names(trace_search(root, "alphabeta", rules=Rules("ge", fail)))
    gt = leaf_names(trace_search(root, "alphabeta", rules=Rules("gt", fail)))
    assert is_subsequence(ge, minimax) and is_subsequence(gt, minimax)
    assert len(ge) <= len(gt) <= len(minimax)
    # negamax with alpha-beta is the same search written once: the same leaves in the same order
    assert leaf_names(trace_search(root, "negamax-ab", rules=Rules("ge", fail))) == ge
    assert leaf_names(trace_search(root, "negamax-ab", rules=Rules("gt", fail))) == gt


@PROPERTY
@given(nested_trees, root_players, prune_rules, fail_modes, st.sampled_from(PRUNING))
def test_every_returned_value_is_exact_inside_its_window_and_a_bound_outside(nested, root_player, prune, fail,
                                                                               algorithm):
    """Knuth & Moore's postcondition, node by node: v ≤ α means the true value is ≤ v, v ≥ β means it is ≥ v,
    and α < v < β means v is the minimax value (negamax: in the mover's terms)."""
    trace = trace_search(tree_of(nested, root_player), algorithm, rules=Rules(prune, fail))
    windows = {e.node: (e.alpha, e.beta) for e in trace.events if isinstance(e, NodeEntered)}
    for event in trace.events:
        if not isinstance(event, NodeExited):
            continue
        path = path_of(trace.nodes[event.node].name)
        player = player_at(root_player, path)
        true = brute_force(at(nested, path), player) * (player.sign if algorithm == "negamax-ab" else 1)
        alpha, beta = windows[event.node]
        if alpha == beta:  # only "gt" passes such a window down; fail-hard then hands back α = β, which says nothing
            continue
        if event.value <= alpha:
            assert true <= event.value
        elif event.value >= beta:
            assert true >= event.value
        else:
            assert true == event.value


# ---- (c) pruned leaves do not matter --------------------------------------------------------------------------

any_number = st.integers() | st.floats(allow_nan=False, allow_infinity=False)


@PROPERTY
@given(nested_trees, root_players, prune_rules, fail_modes, st.sampled_from(PRUNING), st.data())
def test_changing_pruned_leaves_never_changes_the_result(nested, root_player, prune, fail, algorithm, data):
    rules = Rules(prune, fail)
    trace = trace_search(tree_of(nested, root_player), algorithm, rules=rules)
    pruned = [path_of(n.name) for n in trace.nodes if n.pruned and not isinstance(at(nested, path_of(n.name)), list)]
    assume(pruned)
    assert all(n.value == at(nested, path_of(n.name)) for n in trace.nodes if n.pruned and n.value is not None)
    # one pruned leaf changed to any other number, then every pruned leaf changed at once
    one = data.draw(st.sampled_from(pruned))
    changed_one = replaced(nested, one, data.draw(any_number.filter(lambda x: x != at(nested, one))))
    changed_all = nested
    for path in pruned:
        changed_all = replaced(changed_all, path, data.draw(any_number))
    for changed in (changed_one, changed_all):
        again = trace_search(tree_of(changed, root_player), algorithm, rules=rules)
        assert (again.value, again.best_move) == (trace.value, trace.best_move)
        assert again.events == trace.events  # the search cannot even tell
        assert brute_force(changed, root_player) == trace.value


# ---- (d) Knuth & Moore: perfectly ordered trees ---------------------------------------------------------------

def best_first_tree(branching: int, depth: int, root_player, rng: random.Random):
    """A uniform tree with distinct leaves, each node's children sorted best first for the player to move there."""
    leaves = iter(rng.sample(range(-100_000, 100_000), branching ** depth))

    def build(level, player):
        if level == depth:
            return next(leaves)
        children = [build(level + 1, player.other) for _ in range(branching)]
        return sorted(children, key=lambda child: brute_force(child, player.other), reverse=player is MAX)

    return build(0, root_player)


@pytest.mark.parametrize("branching, depth, leaves", [
    (2, 4, 7), (3, 3, 11), (3, 4, 17), (4, 3, 19), (5, 2, 9), (2, 7, 23), (3, 5, 35), (10, 2, 19),
])
def test_knuth_moore_leaf_count_on_perfectly_ordered_trees(branching, depth, leaves):
    assert leaves == branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1
    rng = random.Random(f"{branching}-{depth}")
    for root_player in (MAX, MIN):
        nested = best_first_tree(branching, depth, root_player, rng)
        root = tree_of(nested, root_player)
        for algorithm in PRUNING:
            # distinct leaves: no ties, so "gt" cuts where "ge" does (fail-hard's clamped values do tie, so not with it)
            for rules in (Rules("ge", "soft"), Rules("ge", "hard"), Rules("gt", "soft")):
                stats = search_stats(root, algorithm, rules=rules)
                assert stats.leaves_evaluated == leaves, (algorithm, rules, root_player)
                assert stats.value == brute_force(nested, root_player)
        for algorithm in ("minimax", "negamax"):
            assert search_stats(root, algorithm).leaves_evaluated == branching ** depth


# ---- (e) rules, fail-hard, the tracers ------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    ({"prune": ">="}, "prune: expected one of ge, gt, got '>='"),
    ({"prune": "GE"}, "prune: expected one of ge, gt, got 'GE'"),
    ({"fail": "medium"}, "fail: expected one of soft, hard, got 'medium'"),
    ({"fail": None}, "fail: expected one of soft, hard, got None"),
])
def test_rules_are_checked(options, message):
    """The spec checks the rules, once, in the words a file's rules: block uses; a Rules object given to the Python
    API is checked as its part of the spec."""
    with pytest.raises(SearchOptionError) as error:
        SearchSpec(**options)
    assert str(error.value) == message
    assert isinstance(error.value, TracerError) and isinstance(error.value, ValueError)
    with pytest.raises(SearchOptionError) as error:
        trace_search(rn_root(), rules=Rules(**options))
    assert str(error.value) == message


def test_the_rules_cut_and_clamp_as_documented():
    ge, gt, hard = Rules("ge"), Rules("gt"), Rules(fail="hard")
    assert (ge.cuts(3, 3), ge.cuts(2, 3), gt.cuts(3, 3), gt.cuts(4, 3)) == (True, False, False, True)
    assert [hard.returned(v, 2, 5) for v in (1, 2, 3, 5, 9)] == [2, 2, 3, 5, 5]
    assert [Rules().returned(v, 2, 5) for v in (1, 9)] == [1, 9]
    assert Rules().as_dict() == {"prune": "ge", "fail": "soft"} and Rules() == Rules("ge", "soft")


def test_unknown_algorithms_and_depth_limits_on_tree_files_are_refused():
    with pytest.raises(SearchOptionError) as error:
        trace_search(rn_root(), "sss*")
    assert str(error.value) == "unknown algorithm 'sss*' (choose from minimax, alphabeta, negamax, negamax-ab, pvs, mtdf, sss, id, expectiminimax, star2, maxn, paranoid, mcts)"
    with pytest.raises(SearchOptionError) as error:
        search_stats(rn_root(), "minimax", depth=1)
    assert str(error.value).startswith(f"{TREES / 'rn_example.yaml'}:4: tree[0] (B): the search stops here (a depth "
                                       "limit) but the node has no static value")


@PROPERTY
@given(nested_trees, root_players, prune_rules, st.sampled_from(PRUNING))
def test_fail_hard_values_stay_inside_the_window(nested, root_player, prune, algorithm):
    trace = trace_search(tree_of(nested, root_player), algorithm, rules=Rules(prune, "hard"))
    windows = {e.node: (e.alpha, e.beta) for e in trace.events if isinstance(e, NodeEntered)}
    exits = [e for e in trace.events if isinstance(e, NodeExited)]
    assert exits
    for event in exits:
        alpha, beta = windows[event.node]
        assert alpha <= event.value <= beta


@PROPERTY
@given(nested_trees, root_players, prune_rules, fail_modes, st.sampled_from(list(ALGORITHMS)))
def test_counting_and_recording_tracers_agree(nested, root_player, prune, fail, algorithm):
    search, rules = ALGORITHMS[algorithm], Rules(prune, "soft" if ALGORITHMS[algorithm].soft_only else fail)
    root = tree_of(nested, root_player)
    counter = CountingTracer(mover_terms=search.negamax, keep_leaves=True)
    search.run(root, tracer=counter, rules=rules)
    trace = trace_search(root, algorithm, rules=rules)
    events = trace.events
    entered = sum(not n.pruned for n in trace.nodes)
    assert counter.nodes_visited == sum(isinstance(e, NodeEntered) for e in events)
    if any(e.kind in ("research", "pass_started") for e in events):  # a node searched again is one node entered
        assert counter.nodes_visited >= entered                         # more than once
        assert counter.passes == sum(e.kind == "pass_started" for e in events)
    else:
        assert counter.nodes_visited == entered
    assert counter.leaves_evaluated == sum(isinstance(e, LeafEvaluated) for e in events)
    assert counter.cutoffs == sum(isinstance(e, Cutoff) for e in events)
    assert all(e.skipped for e in events if isinstance(e, Cutoff))
    # the counted leaf values are the tree's own (MAX's terms), whatever terms the search works in
    assert counter.evaluated_leaves == [at(nested, path_of(name)) for name in leaf_names(trace)]


def test_a_cutoff_at_the_last_child_is_not_counted():
    # C = [7, 3]: its last leaf closes the window (3 ≤ α = 5) but leaves nothing to skip
    at_last = tree_of([[5, 6], [7, 3]])
    counter = CountingTracer()
    ALGORITHMS["alphabeta"].run(at_last, tracer=counter)
    assert (counter.cutoffs, counter.leaves_evaluated) == (0, 4)
    assert not any(isinstance(e, Cutoff) for e in trace_search(at_last).events)
    # C = [3, 7]: the same cut one leaf earlier skips the 7
    early = tree_of([[5, 6], [3, 7]])
    counter = CountingTracer()
    ALGORITHMS["alphabeta"].run(early, tracer=counter)
    assert (counter.cutoffs, counter.leaves_evaluated) == (1, 3)
    assert [e for e in trace_search(early).events if isinstance(e, Cutoff)] == [Cutoff(4, "alpha", (6,))]
    direct = CountingTracer()
    direct.cutoff(())
    direct.cutoff(range(0))
    direct.cutoff((1, 2))
    assert direct.cutoffs == 1



class Card:
    """A move written by its card's value: two cards of one value are equal moves (``==``), from different hands."""

    def __init__(self, value: int, hand: str):
        self.value, self.hand = value, hand

    def __eq__(self, other):
        return isinstance(other, Card) and self.value == other.value

    def __hash__(self):  # (a trace's decoder keys a node's children by move)
        return hash(self.value)


class CardPosition:
    """A two-ply game of equal moves: MAX plays a card ``first`` (a leaf worth its hand's value) or ``second``, after
    which MIN plays one of ``cards`` (each a leaf worth ``worth[hand]``): MIN's moves are all the 5, from three hands."""

    def __init__(self, worth=None):
        self.worth = worth
        self.player = MAX if worth is None else MIN

    def moves(self):
        if self.worth is None:
            return [Card(1, "first"), Card(2, "second")]
        return [Card(5, "left"), Card(5, "middle"), Card(5, "right")]

    def child(self, move):
        if self.worth is None:
            return Leaf(5) if move.hand == "first" else CardPosition({"left": 9, "middle": 3, "right": 7})
        return Leaf(self.worth[move.hand])

    def is_terminal(self):
        return False

    def evaluate(self):
        raise AssertionError("searched to the end")

    def move_name(self, move):
        return f"{move.value} from the {move.hand}"


class Leaf(CardPosition):
    def __init__(self, value):
        self.value, self.player = value, MAX

    def is_terminal(self):
        return True

    def utility(self):
        return self.value


def test_a_cutoff_skips_the_moves_after_the_one_that_cut_even_equal_ones():
    # MAX takes 5 with its first card (α = 5); after its second, MIN's 9 then 3 closes the window (3 ≤ α): the
    # 5 from the right hand alone is skipped, though all three of MIN's moves are equal (==) and the first is the 9
    counter = CountingTracer()
    assert ALGORITHMS["alphabeta"].run(CardPosition(), 2, counter)[0] == 5
    assert (counter.nodes_visited, counter.leaves_evaluated, counter.cutoffs) == (5, 3, 1)
    trace = trace_search(CardPosition(), "alphabeta", depth=2)
    [cut] = [e for e in trace.events if isinstance(e, Cutoff)]
    assert [trace.nodes[n].move for n in cut.skipped] == ["5 from the right"]
    assert [n.move for n in trace.nodes if n.pruned] == ["5 from the right"] and len(trace.nodes) == 6

def peak_bytes(root, algorithm, tracer) -> int:
    """The most memory held at once during one search, over what was held before it."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ALGORITHMS[algorithm].run(root, tracer=tracer)
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_the_null_tracer_keeps_nothing_per_node(algorithm):
    small, large = tree_of(uniform_tree(2, 5, 7)), tree_of(uniform_tree(7, 5, 8))  # 63 and 19,608 nodes, same depth
    untraced_small = peak_bytes(small, algorithm, NO_TRACER)
    untraced_large = peak_bytes(large, algorithm, NO_TRACER)
    if ALGORITHMS[algorithm].keeps_table:  # their memory is the table, which grows with the nodes by design
        return
    assert untraced_large < untraced_small + 8_192  # no growth with the node count (the depth is the same)
    assert peak_bytes(large, algorithm, CountingTracer()) < untraced_small + 8_192  # counts only, no list
    if algorithm in ("minimax", "negamax"):  # the measure does see per-node memory: a counter keeping the leaves
        assert peak_bytes(large, algorithm, CountingTracer(keep_leaves=True)) > untraced_large + 100_000


def test_the_null_tracer_does_nothing():
    assert isinstance(NO_TRACER, NullTracer) and type(NO_TRACER) is NullTracer
    assert NullTracer.__slots__ == () and not hasattr(NO_TRACER, "__dict__")
    calls = [NO_TRACER.begin_pass("pass 1"), NO_TRACER.enter(rn_root(), None, -INF, INF), NO_TRACER.leaf(3),
             NO_TRACER.value_updated(1, 2), NO_TRACER.alpha_updated(1, 2), NO_TRACER.beta_updated(1, 2),
             NO_TRACER.cutoff((1,)), NO_TRACER.exit(3, 0)]
    assert calls == [None] * 8
    assert ALGORITHMS["alphabeta"].run(rn_root()) == ALGORITHMS["alphabeta"].run(rn_root(), tracer=NO_TRACER) == (3, 0)


@PROPERTY
@given(nested_trees, root_players, st.sampled_from(list(ALGORITHMS)))
def test_the_node_count_is_known_before_the_nodes_are_built(nested, root_player, algorithm):
    trace = trace_search(tree_of(nested, root_player), algorithm)
    counted = trace.node_count  # from the recording, pruned subtrees included, before the nodes are made
    size = len(leaf_paths(nested)) + str(nested).count("[")  # every node of the tree: leaves plus lists
    assert counted == len(trace.nodes) == size


def test_a_recording_is_the_same_when_read_twice():
    recorder = RecordingTracer()
    ALGORITHMS["alphabeta"].run(rn_root(), tracer=recorder)
    assert recorder.events() == recorder.events() == trace_search(rn_root()).events
    assert recorder.nodes() == recorder.nodes() and recorder.node_count() == 13


def test_a_search_runs_with_the_collector_paused_and_resumes_it():
    import gc

    seen = []

    class Watched(CardPosition):  # the card game, its leaves asking whether the collector runs
        def child(self, move):
            seen.append(gc.isenabled())
            return super().child(move)

    assert gc.isenabled()
    assert ALGORITHMS["alphabeta"].run(Watched(), 2)[0] == 5
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()  # a caller's own pause is kept
    try:
        ALGORITHMS["minimax"].run(Watched(), 2)
        assert not gc.isenabled()
    finally:
        gc.enable()
