"""The analysed view the renderers read: bounds, windows, visit order, the best line, labels."""

from __future__ import annotations

from helpers import TREES
from tracer import Rules, load_tree, trace_search
from tracer.view import EXACT, LOWER, UPPER, TraceView, format_number


def view_of(algorithm="alphabeta", rules=Rules(), file="rn_example.yaml"):
    tree = load_tree(TREES / file)
    view = TraceView(trace_search(tree.root, algorithm, rules=rules, meta=tree.meta()))
    return view, {view.labels[n.id]: n for n in view.nodes}


def test_bounds_windows_and_the_best_line_on_figure_5_2():
    view, node = view_of()
    assert (node["C"].value, node["C"].bound) == (2, UPPER)  # left early: ≤ 2
    assert (node["D"].value, node["D"].bound) == (2, EXACT)  # searched in full
    assert (node["A"].value, node["A"].bound) == (3, EXACT)
    assert node["C"].window_in == (3, float("inf")) and node["C"].window == (3, 2)
    assert node["C"].cut.skipped == (node["C2"].id, node["C3"].id)
    assert [view.labels[n.id] for n in view.best_line()] == ["A", "B", "B1"]
    assert [node[label].visit for label in ("A", "B", "B1", "C", "C1", "D", "D3")] == [1, 2, 3, 6, 7, 8, 11]
    assert node["C2"].visit is None and node["C2"].pruned
    assert view.shows(node["C"].value, node["C"].bound) == "≤ 2"


def test_negamax_values_are_the_movers():
    view, node = view_of("negamax-ab")
    assert node["B"].value == -3 and node["A"].value == 3 and node["B1"].value == 3
    assert node["C"].bound == LOWER  # a negamax cutoff is always value ≥ β in the mover's terms
    assert view.negamax


def test_fail_hard_clamps_show_which_way():
    view, node = view_of(rules=Rules(fail="hard"))
    assert (node["C"].value, node["C"].bound) == (3, UPPER)  # clamped up to α = 3: the truth is at most 3
    assert node["A"].value == 3 and node["A"].bound == EXACT


def test_labels_and_numbers():
    view, node = view_of(file="uneven.yaml")
    assert {"A", "Left", "Right", "A2", "Left1", "B", "C", "D"} <= set(node)
    assert [format_number(x) for x in (3, -2, 0.5, -6.75, 2.0, float("inf"), float("-inf"))] == \
        ["3", "−2", "0.5", "−6.75", "2", "+∞", "−∞"]
