"""Star2 (-a star2): the shipped tree's key, worked by hand, holds; its probe steps read the arithmetic; every bound
a probe (or any node) shows holds of the true value on random trees; it looks at fewer leaves than Star1 where
probing cuts (the README's example, through tracer compare); its traces save and load; without bounds it is
expectiminimax."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from helpers import TREES, run_tracer
from tests.search.test_exact_chance import RULES, as_read, cases, tree_node
from tracer import ALGORITHMS, load_tree, trace_search
from tracer.inputs.traces import load_trace
from tracer.search.bounds import Bound
from tracer.numbers import exact
from tracer.view import TraceView

STAR2 = TREES / "star2.yaml"


def test_the_shipped_tree_passes_its_hand_worked_key():
    result = run_tracer("check", STAR2)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "11 of 11 expectations hold" in result.stdout


def test_the_probe_steps_show_their_arithmetic():
    tree = load_tree(STAR2)
    view = TraceView(trace_search(tree.root, "star2", settings={"bounds": (0, 10)}, meta=tree.meta()), 0)
    notes = {event.kind: [] for event in view.trace.events}
    for event, step in view.replay():
        notes[event.kind].append(step.note)
    assert notes["probe"] == [
        "probe: F's first child F1 returns 4, so F is worth at most 4 (MIN takes at most that); F2 and F3 wait — "
        "C's average is at most 1/2·4 + 1/4·10 + 1/4·10 = 7",
        "probe: G's first child G1 returns 1, so G is worth at most 1 (MIN takes at most that); G2 waits — C's "
        "average is at most 1/2·4 + 1/4·1 + 1/4·10 = 19/4"]
    assert notes["chance_cutoff"] == [
        "after probing 2 of 3 outcomes the average is at most 1/2·4 + 1/4·1 + 1/4·10 = 19/4 ≤ α = 5 (each outcome "
        "not probed at most U = 10): C is cut off before any outcome is searched in full — prune F2 (6), F3 (7), "
        "G2 (9) and H"]
    assert Fraction(1, 2) * 4 + Fraction(1, 4) * 1 + Fraction(1, 4) * 10 == Fraction(19, 4) <= 5


def test_compare_shows_star2_looking_at_fewer_leaves_than_star1():
    rows = json.loads(run_tracer("compare", STAR2, "-a", "expectiminimax", "-a", "star2", "--json").stdout)
    leaves = {row["algorithm"]: row["leaves_evaluated"] for row in rows}
    values = {row["algorithm"]: (row["value"], row["best_move"]) for row in rows}
    assert leaves == {"expectiminimax": 8, "star2": 6}
    assert values["expectiminimax"] == values["star2"] == (5, "B")


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: f"{rules.prune}-{rules.fail}")
def test_every_bound_a_node_shows_holds_of_its_true_value(rules):
    """What the view shows of each node when the search ends (a probe's bound included) is true of the node's
    expectiminimax value, computed from the definition on the exact data; and probes happened."""
    probes = 0
    for data, bounds in cases(1500, 17):
        root = tree_node(data)
        truth = {}
        pending = [(root, data)]
        while pending:
            node, spec = pending.pop()
            truth[node.path] = exact_value(spec)
            if isinstance(spec, tuple):
                pending.extend(zip(node.children, (child for _, child in spec[1])))
        trace = trace_search(root, "star2", rules=rules, settings={"bounds": as_read(bounds)})
        probes += sum(event.kind == "probe" for event in trace.events)
        view = TraceView(trace)
        for node in view.nodes:
            if not node.done or node.value is None:
                continue
            true, shown = truth[node.node.name], exact(node.value)
            assert {Bound.EXACT: true == shown, Bound.LOWER: true >= shown, Bound.UPPER: true <= shown,
                    Bound.UNKNOWN: True}[node.bound], (data, node.node.name, node.bound, shown, true)
    assert probes > 100


def exact_value(data) -> Fraction:
    if not isinstance(data, tuple):
        return Fraction(data)
    player, children = data
    values = [exact_value(child) for _, child in children]
    if player.name == "CHANCE":
        return sum(p * v for (p, _), v in zip(children, values))
    return max(values) if player.name == "MAX" else min(values)


def test_a_saved_star2_trace_reads_back_the_same(tmp_path):
    saved = tmp_path / "star2.json"
    assert run_tracer("trace", STAR2, "-o", saved).returncode == 0
    data = json.loads(saved.read_text())
    probes = [event for event in data["events"] if event["type"] == "probe"]
    assert [(event["value"], event["bound"], len(event["waiting"])) for event in probes] == [(4, "upper", 2),
                                                                                           (1, "upper", 1)]
    assert run_tracer("trace", saved).stdout == run_tracer("trace", STAR2).stdout
    assert load_trace(saved).value == 5


def test_without_bounds_star2_is_expectiminimax():
    tree = load_tree(TREES / "dice.yaml")
    plain = trace_search(tree.root, "expectiminimax")
    star2 = trace_search(tree.root, "star2")
    assert [type(e) for e in star2.events] == [type(e) for e in plain.events]
    assert (star2.value, star2.best_move) == (plain.value, plain.best_move) and not star2.spec.prunes
    for data, _ in cases(200, 23):
        root = tree_node(data)
        assert ALGORITHMS["star2"].run(root) == ALGORITHMS["expectiminimax"].run(root)
