"""Principal variation search: null-window tests and re-searches are steps of their own, a re-searched child stays
one node of the trace, and what the test proved and what the re-search found settle the value together."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from helpers import assert_one_line_error, examples, run_tracer
from nested_lists import TREES, brute_force, nested_trees, root_players, tree_of
from tracer import Rules, load_tree, search_stats, trace_search
from tracer.inputs.traces import load_trace, trace_from_dict
from tracer.view import EXACT, TraceView


@examples(300)
@given(nested_trees, root_players)
def test_every_node_is_one_node_and_the_root_is_settled_exactly(nested, root_player):
    root = tree_of(nested, root_player)
    for rules in (Rules("ge", "soft"), Rules("ge", "hard"), Rules("gt", "soft"), Rules("gt", "hard")):
        trace = trace_search(root, "pvs", rules=rules)
        assert trace.value == brute_force(nested, root_player)
        pairs = [(node.parent, node.move) for node in trace.nodes]
        assert len(pairs) == len(set(pairs))  # a re-searched child is the same node, not a second one
        view = TraceView(trace)
        assert view.root.bound == EXACT and view.root.value * root_player.sign == trace.value
        researched = sum(1 for event in trace.events if event.kind == "research")
        assert researched == search_stats(root, "pvs", rules=rules).researches


def test_the_binary_tree_has_one_research_and_says_what_it_does():
    tree = load_tree(TREES / "binary_depth4.yaml")
    trace = trace_search(tree.root, "pvs", meta=tree.meta())
    research = [event for event in trace.events if event.kind == "research"]
    assert len(research) == 1
    steps = {step.note for _, step in TraceView(trace, 0).replay()}
    assert "I's null-window test (13, 14) fails high with 63: search I again with (63, +∞)" in steps
    entered = [event.node for event in trace.events if event.kind == "node_entered"]
    assert entered.count(research[0].child) == 2  # tested, then searched again: the same node
    view = TraceView(trace)
    assert view.nodes[research[0].child].bound == EXACT  # at least 63 (the test) and at most 63 (the re-search)


def test_stats_report_researches_for_pvs_only(tmp_path):
    pvs = json.loads(run_tracer("stats", TREES / "binary_depth4.yaml", "-a", "pvs", "--json").stdout)
    alphabeta = json.loads(run_tracer("stats", TREES / "binary_depth4.yaml", "-a", "alphabeta", "--json").stdout)
    assert pvs["researches"] == 1 and "researches" not in alphabeta
    assert pvs["value"] == alphabeta["value"] == 63


def test_a_saved_pvs_trace_reads_back_and_a_damaged_research_is_one_line(tmp_path):
    saved = tmp_path / "run.json"
    assert run_tracer("trace", TREES / "binary_depth4.yaml", "-a", "pvs", "-o", saved).returncode == 0
    data = json.loads(saved.read_text())
    assert load_trace(saved) == trace_from_dict(data)
    index = next(i for i, event in enumerate(data["events"]) if event["type"] == "research")
    data["events"][index]["child"] = 1
    saved.write_text(json.dumps(data))
    assert_one_line_error(run_tracer("render", saved, "-o", tmp_path / "x.svg"),
                          f"events[{index}]: research: child 1 is not a child of node")
    del data["events"][index]["alpha"]
    saved.write_text(json.dumps(data))
    assert_one_line_error(run_tracer("render", saved, "-o", tmp_path / "x.svg"), f"events[{index}]: missing key 'alpha'")


@pytest.mark.parametrize("tree", ["rn_example", "uneven", "deep_cutoff", "binary_depth4"])
def test_pvs_agrees_with_negamax_alpha_beta_on_the_shipped_trees(tree):
    root = load_tree(TREES / f"{tree}.yaml").root
    pvs, alphabeta = search_stats(root, "pvs"), search_stats(root, "negamax-ab")
    assert (pvs.value, pvs.best_move) == (alphabeta.value, alphabeta.best_move)
