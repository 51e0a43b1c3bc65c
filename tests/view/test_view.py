"""The analysed view of a trace (tracer/view.py): bounds, windows, visit order, the best line and labels, as the
renderers read them."""

from __future__ import annotations

import pytest
from hypothesis import example, given

from helpers import examples
from nested_lists import (INF, TREES, at, brute_force, nested_trees, path_of, player_at, root_players,
                          tree_of)
from tracer import ALGORITHMS, Player, Rules, load_tree, parse_tree, trace_search
from tracer.numbers import format_number
from tracer.view import EXACT, LOWER, UPPER, TraceView

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

RN_LABELS = ["A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C3", "D", "D1", "D2", "D3"]


def view_of(algorithm="alphabeta", rules=Rules(), file="rn_example.yaml"):
    tree = load_tree(TREES / file)
    view = TraceView(trace_search(tree.root, algorithm, rules=rules, meta=tree.meta()))
    return view, {view.labels[n.id]: n for n in view.nodes}


def shown(view, node) -> str:
    return view.shows(node.value, node.bound)


def test_figure_5_2_values_and_bounds():
    view, node = view_of()
    assert view.labels == RN_LABELS and not view.mover_terms
    assert (node["A"].value, node["A"].bound) == (3, EXACT)
    assert (node["B"].value, node["B"].bound) == (3, EXACT)
    assert (node["C"].value, node["C"].bound) == (2, UPPER)  # left after its first leaf: at most 2
    assert (node["D"].value, node["D"].bound) == (2, EXACT)  # searched in full
    assert [shown(view, node[label]) for label in ("A", "B", "C", "D", "C1", "D2")] == \
        ["3", "3", "≤ 2", "2", "2", "5"]
    assert node["C"].cut.kind == "alpha" and node["C"].cut.reason() == "2 ≤ α=3"  # v = 2 fell to α = 3
    assert [label for label in RN_LABELS if node[label].cut] == ["C"]
    assert [node[label].value for label in ("C2", "C3")] == [None, None]  # pruned: never valued by the search
    assert node["C2"].node.value == 4 and node["C3"].node.value == 6  # but drawn with the tree's own values


def test_figure_5_2_visits_windows_and_the_best_line():
    view, node = view_of()
    assert [node[label].visit for label in RN_LABELS] == [1, 2, 3, 4, 5, 6, 7, None, None, 8, 9, 10, 11]
    assert node["C2"].pruned and node["C3"].pruned and not node["C1"].pruned
    assert (node["A"].window_in, node["A"].window) == ((-INF, INF), (3, INF))
    assert (node["B"].window_in, node["B"].window) == ((-INF, INF), (-INF, 3))
    assert (node["C"].window_in, node["C"].window) == ((3, INF), (3, 2))  # left with α = 3 > β = 2
    assert (node["D"].window_in, node["D"].window) == ((3, INF), (3, 2))
    assert [node[label].window_in for label in ("B2", "B3", "D2", "D3")] == [(-INF, 3), (-INF, 3), (3, 14), (3, 5)]
    assert node["C2"].window_in is None
    assert [view.labels[n.id] for n in view.best_line()] == ["A", "B", "B1"]
    best = {n.id for n in view.best_line()}
    assert [node[label].id in best for label in RN_LABELS].count(True) == 3
    assert [node[label].position for label in ("B", "C", "D", "D3")] == [1, 2, 3, 3]
    assert [node[label].children for label in ("A", "C")] == [[1, 5, 9], [6, 7, 8]]
    assert (node["A"].subtree_size, node["C"].subtree_size, node["C2"].subtree_size) == (13, 4, 1)
    assert [node[label].leaf for label in ("A", "B1", "C1", "C2")] == [False, True, True, False]
    assert (view.root.best_child, node["B"].best_child, node["D"].best_child) == (1, 2, node["D3"].id)


def test_minimax_has_no_windows_and_every_value_exact():
    view, node = view_of("minimax")
    assert all(n.window_in is None and n.window is None for n in view.nodes)
    assert all(n.bound == EXACT for n in view.nodes) and not any(n.pruned for n in view.nodes)
    assert [node[label].value for label in ("A", "B", "C", "D")] == [3, 3, 2, 2]
    assert [n.visit for n in view.nodes] == list(range(1, 14))
    assert [view.labels[n.id] for n in view.best_line()] == ["A", "B", "B1"]


def test_negamax_values_are_the_movers():
    view, node = view_of("negamax-ab")
    assert view.mover_terms
    assert [node[label].value for label in ("A", "B", "B1", "C", "D")] == [3, -3, 3, -2, -2]
    assert (node["C"].bound, node["D"].bound) == (LOWER, EXACT)  # a negamax cut is always ≥, in the mover's terms
    assert [shown(view, node[label]) for label in ("A", "B", "C", "D")] == ["3", "−3", "≥ −2", "−2"]
    assert (node["C"].window_in, node["C"].window) == ((-INF, -3), (-2, -3))
    assert [view.labels[n.id] for n in view.best_line()] == ["A", "B", "B1"]
    plain, node = view_of("negamax")
    assert plain.mover_terms and [node[label].value for label in ("A", "B", "C", "D")] == [3, -3, -2, -2]
    assert all(n.bound == EXACT for n in plain.nodes)


def test_fail_hard_clamps_show_which_way():
    view, node = view_of(rules=Rules(fail="hard"))
    # C and D each found 2 ≤ α = 3 and hand back α: the truth (2) is at most 3
    assert [(node[label].value, node[label].bound) for label in ("A", "B", "C", "D")] == \
        [(3, EXACT), (3, EXACT), (3, UPPER), (3, UPPER)]
    assert [shown(view, node[label]) for label in ("C", "D")] == ["≤ 3", "≤ 3"]
    negamax, node = view_of("negamax-ab", rules=Rules(fail="hard"))
    # in MIN's terms the truth is −2, handed back clamped to β = −3: at least −3
    assert [(node[label].value, node[label].bound) for label in ("A", "B", "C", "D")] == \
        [(3, EXACT), (-3, EXACT), (-3, LOWER), (-3, LOWER)]
    assert [shown(negamax, node[label]) for label in ("C", "D")] == ["≥ −3", "≥ −3"]


def test_a_tie_with_a_clamped_value_is_not_exact():
    # "gt" with fail-hard: B's window is (0, +∞); its first leaf gives 0 (= α, no cut under "gt"); C = [−1] hands
    # back its −1 clamped up to α = 0, which ties. B's true value is min(0, −1) = −1, so its 0 is a bound, ≤ 0.
    trace = trace_search(parse_tree("[0, [0, [-1]]]").root, "alphabeta", rules=Rules("gt", "hard"))
    view = TraceView(trace)
    node = {view.labels[n.id]: n for n in view.nodes}
    assert (node["C"].value, node["C"].bound) == (0, UPPER)
    assert node["B"].value == 0
    assert node["B"].bound == UPPER, "B is shown as exactly 0, but its minimax value is -1"


SEARCHES = [(name, Rules(prune, fail)) for name, search in ALGORITHMS.items()
            for prune, fail in ([("ge", "soft"), ("ge", "hard"), ("gt", "soft"), ("gt", "hard")] if search.pruning
                                else [("ge", "soft")])
            if not (search.soft_only and fail == "hard")]  # MTD(f) and SSS* refuse fail-hard


@pytest.mark.parametrize("algorithm, rules", SEARCHES,
                         ids=[f"{name}-{rules.prune}-{rules.fail}" for name, rules in SEARCHES])
def test_every_bound_shown_holds_for_the_true_value(algorithm, rules):
    @examples(300, derandomize=True)
    @given(nested_trees, root_players)
    @example([[-3], [[[-2.5, 0], -2.5]]], Player.MAX)  # ties cut off at (found by Hypothesis for PVS, ge-soft): the
    @example([[-3], [[[-2.5, 0], [-2.5, 0]]]], Player.MAX)  # best line proves the value where a sibling does
    def check(nested, root_player):
        trace = trace_search(tree_of(nested, root_player), algorithm, rules=rules)
        view = TraceView(trace)
        for node in view.nodes:
            if node.pruned or not node.reached:  # not reached: in an earlier pass only (MTD(f), SSS*)
                continue
            path = path_of(node.node.name)
            player = player_at(root_player, path)
            true = brute_force(at(nested, path), player) * (player.sign if view.mover_terms else 1)
            claim = {EXACT: true == node.value, LOWER: true >= node.value, UPPER: true <= node.value}[node.bound]
            assert claim, f"{node.node.name} shows {view.shows(node.value, node.bound)}; its value is {true}"
        line = view.best_line()
        assert line[0] is view.root and (line[-1].leaf or line[-1].from_table)  # the table may answer the end
        for parent, child in zip(line, line[1:]):
            assert child.node.parent == parent.id
        assert line[0].bound == EXACT
        for parent, node in zip([None] + line, line):  # every node on the best line has the root's value
            player = player_at(root_player, path_of(node.node.name))
            assert node.value * (player.sign if view.mover_terms else 1) == trace.value
            if node.bound != EXACT:  # only at a tie the search cut off at (α ≥ β): no sibling proves the value
                siblings = [view.nodes[other] for other in parent.children if other != node.id]
                assert rules.prune == "ge" and not any(
                    sibling.done and sibling.bound == EXACT and sibling.value == node.value for sibling in siblings)

    check()


def test_labels_follow_names_then_parent_and_position():
    view, node = view_of("minimax", file="uneven.yaml")
    # tree: [Left: [-1.5, [2, -3]], 4.25, Right: [[0.5, -2], [7, [1, -6.75]]]]; unnamed inner nodes B, C, D, E
    assert view.labels == ["A", "Left", "Left1", "B", "B1", "B2", "A2", "Right", "C", "C1", "C2", "D", "D1", "E",
                           "E1", "E2"]
    assert [node[label].value for label in ("Left1", "A2", "E2")] == [-1.5, 4.25, -6.75]
    assert [view.labels[n.id] for n in view.best_line()] == ["A", "A2"]
    deep, _ = view_of(file="deep_cutoff.yaml")
    assert [deep.labels[n.id] for n in deep.best_line()] == ["A", "C", "D", "F", "F2"]


def test_numbers_are_shown_as_textbooks_write_them():
    assert [format_number(x) for x in (3, -2, 0, 0.5, -6.75, 2.0, -3.0, 1e20, float("inf"), float("-inf"), None)] \
        == ["3", "−2", "0", "0.5", "−6.75", "2", "−3", "1e+20", "+∞", "−∞", ""]
    view, _ = view_of()
    assert [view.shows(3), view.shows(-2, LOWER), view.shows(INF, UPPER), view.shows(None)] == \
        ["3", "≥ −2", "≤ +∞", ""]
