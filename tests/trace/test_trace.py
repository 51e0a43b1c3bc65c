"""The trace as JSON (tracer/trace.py): a lossless round trip and clear errors for files that are not traces; and
the figures tracer.run.search_stats reports."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from helpers import documentation, examples
from nested_lists import (MAX, ROOT, TREES, at, brute_force, leaf_paths, nested_trees, path_name, root_players,
                          to_nested, tree_of)
from tracer import (ALGORITHMS, Rules, Trace, TraceFileError, load_problem, load_tree, parse_tree, search_stats,
                    to_dot, trace_search)
from tracer.inputs.traces import load_trace, trace_from_dict
from tracer.trace.events import LeafEvaluated, NodeEntered
from tracer.trace.trace import TraceNode

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

DECIMALS = "title: Decimals\ntree: [[-1.5, [2, -3]], 4.25, [[0.5, -2], [7, [1, -6.75]]], [0.1, 0.2]]"
STATS_KEYS = {"algorithm", "value", "best_move", "nodes_visited", "leaves_evaluated", "cutoffs", "evaluated_leaves",
              "seconds", "order"}


def refuse_constants(name):
    raise AssertionError(f"{name} is not JSON")


def saved(tmp_path, trace: Trace, indent=None):
    path = tmp_path / "run.json"
    path.write_text(trace.to_json(indent=indent), encoding="utf-8")
    return path


# ---- the round trip -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [Rules(), Rules("gt", "hard")], ids=["ge-soft", "gt-hard"])
@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_a_saved_trace_loads_back_equal(tmp_path, algorithm, rules):
    tree = parse_tree(DECIMALS)
    if ALGORITHMS[algorithm].soft_only:  # MTD(f) and SSS* refuse fail-hard
        rules = Rules(rules.prune, "soft")
    trace = trace_search(tree.root, algorithm, rules=rules, meta={**tree.meta(), "note": "ünïcode ≤ ∞"})
    loaded = load_trace(saved(tmp_path, trace, indent=2))
    assert loaded == trace
    assert loaded.events == trace.events and loaded.nodes == trace.nodes
    assert (loaded.algorithm, loaded.value, loaded.best_move, loaded.options, loaded.meta) == \
        (trace.algorithm, trace.value, trace.best_move, trace.options, trace.meta)
    assert loaded.to_json() == trace.to_json()
    assert loaded.value == brute_force(to_nested(tree.root)) == 4.25 and loaded.best_move == "A2"
    if "passes" not in ALGORITHMS[algorithm].counts:  # one pass: nodes are numbered as the tree is searched
        assert [n.value for n in loaded.nodes if n.value is not None and n.name == ""][:3] == [-1.5, 2, -3]
    expected_options = {"depth": None, **(rules.as_dict() if ALGORITHMS[algorithm].pruning else {}),
                        **({"guess": 0} if algorithm == "mtdf" else {})}
    assert loaded.options == expected_options


@examples(150, derandomize=True)
@given(nested_trees, root_players, st.sampled_from(list(ALGORITHMS)))
def test_random_traces_survive_the_round_trip(nested, root_player, algorithm):
    trace = trace_search(tree_of(nested, root_player), algorithm)
    loaded = trace_from_dict(json.loads(trace.to_json()))
    assert loaded == trace and loaded.events == trace.events and loaded.nodes == trace.nodes
    assert [type(e) for e in loaded.events] == [type(e) for e in trace.events]


def test_whole_numbers_stay_whole_and_infinities_are_strings():
    trace = trace_search(load_tree(TREES / "rn_example.yaml").root)
    text = trace.to_json()
    data = json.loads(text, parse_constant=refuse_constants)  # strict JSON: no bare Infinity or NaN
    first = data["events"][0]
    assert first == {"type": "node_entered", "node": 0, "parent": None, "ply": 0, "player": "max", "alpha": "-inf",
                     "beta": "inf"}
    assert (data["format"], data["version"], data["algorithm"]) == ("tracer-trace", 2, "alphabeta")
    assert (data["title"], data["terms"]) == ("Alpha-beta", "max")  # the trace says what it is
    assert data["options"] == {"depth": None, "prune": "ge", "fail": "soft"}
    assert data["result"] == {"value": 3, "best_move": "B"}
    assert data["nodes"][7] == {"id": 7, "parent": 5, "move": "C2", "name": "", "player": "max", "ply": 2,
                                "pruned": True, "value": 4, "board": None}
    assert {"type": "cutoff", "node": 5, "cut": "alpha", "skipped": [7, 8]} in data["events"]
    loaded = trace_from_dict(data)
    assert type(loaded.value) is int and loaded.events[0] == NodeEntered(0, None, 0, MAX, -math.inf, math.inf)


def test_infinite_options_and_values_are_written_as_inf(tmp_path):
    node = TraceNode(0, None, None, "A", MAX, 0)
    trace = Trace("alphabeta", {"depth": math.inf, "prune": "gt", "fail": "hard"}, [node],
                  [NodeEntered(0, None, 0, MAX, -math.inf, math.inf), LeafEvaluated(0, -math.inf)], -math.inf, None,
                  meta={"name": "edge"})
    data = json.loads(trace.to_json(), parse_constant=refuse_constants)
    assert data["options"] == {"depth": "inf", "prune": "gt", "fail": "hard"}
    assert data["result"] == {"value": "-inf", "best_move": None}
    loaded = load_trace(saved(tmp_path, trace))
    assert loaded.options == {"depth": math.inf, "prune": "gt", "fail": "hard"} and loaded.value == -math.inf
    assert loaded == trace and loaded.name == "edge"


# ---- files that are not traces --------------------------------------------------------------------------------

def good_data() -> dict:
    return json.loads(trace_search(parse_tree("[[1, 2], [3]]").root).to_json())


def without(key):
    data = good_data()
    del data[key]
    return json.dumps(data)


@pytest.mark.parametrize("content, message", [
    ('{"format": "something-else", "version": 1}', 'not a tracer trace (no "format": "tracer-trace")'),
    ('[1, 2]', 'not a tracer trace (no "format": "tracer-trace")'),
    ('"tracer-trace"', 'not a tracer trace (no "format": "tracer-trace")'),
    ('{"format": "tracer-trace", "version": 3}', "trace version 3 is not supported (this tracer reads 1 and 2)"),
    ('{"format": "tracer-trace", "version": "1"}', "trace version '1' is not supported (this tracer reads 1 and 2)"),
    ('{"format": "tracer-trace"}', "trace version None is not supported (this tracer reads 1 and 2)"),
    ('{"format": "tracer-trace", "version": 1}', "missing key 'algorithm'"),
    (without("nodes"), "missing key 'nodes'"),
    (without("algorithm"), "missing key 'algorithm'"),
])
def test_a_file_that_is_not_a_trace_says_why(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(TraceFileError) as error:
        load_trace(path)
    assert str(error.value) == f"{path}: {message}"


@pytest.mark.parametrize("content, line, problem", [
    ('{"format": "tracer-trace",\n"version": 1,\n', 3, "Expecting property name enclosed in double quotes"),
    ("", 1, "Expecting value"),
    ('{\n  "format": "tracer-trace"\n  "version": 1\n}', 3, "Expecting ',' delimiter"),
])
def test_invalid_json_names_its_line(tmp_path, content, line, problem):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(TraceFileError) as error:
        load_trace(path)
    assert str(error.value) == f"{path}:{line}: not valid JSON: {problem}"


def test_bad_events_and_nodes_are_refused(tmp_path):
    path = tmp_path / "bad.json"
    data = good_data()
    data["events"][0]["type"] = "node_teleported"
    path.write_text(json.dumps(data))
    with pytest.raises(TraceFileError) as error:
        load_trace(path)
    assert str(error.value) == (f"{path}: events[0].type: expected pass_started, node_entered, leaf_evaluated, "
                                f"stand_pat, value_updated, alpha_updated, beta_updated, cutoff, shallow_cutoff, "
                                f"immediate_cutoff, chance_cutoff, probe, research, "
                                f"table_probe, "
                                f"table_cutoff, table_store, node_exited, mcts_given, mcts_iteration, "
                                f"mcts_select, mcts_chance, mcts_expand, mcts_playout, mcts_backup or mcts_final, "
                                f"got 'node_teleported'")
    data = good_data()
    data["nodes"][1]["player"] = "middle"
    path.write_text(json.dumps(data))
    with pytest.raises(TraceFileError) as error:
        load_trace(path)
    assert str(error.value) == f"{path}: nodes[1].player: expected max, min or chance, got 'middle'"


def test_an_unreadable_file(tmp_path):
    with pytest.raises(TraceFileError) as error:
        load_trace(tmp_path / "absent.json")
    assert str(error.value) == f"{tmp_path / 'absent.json'}: cannot read: No such file or directory"
    with pytest.raises(TraceFileError) as error:
        load_trace(tmp_path)
    assert str(error.value) == f"{tmp_path}: cannot read: a folder (give a tree, position or trace file)"


def test_a_file_that_is_not_utf8_is_refused_with_a_trace_file_error(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00{}")
    with pytest.raises(TraceFileError) as error:
        load_trace(path)
    assert str(error.value).startswith(f"{path}: ")


def test_a_deeply_nested_file_is_refused_with_a_trace_file_error(tmp_path):
    path = tmp_path / "nested.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(TraceFileError) as error:
        load_trace(path)
    assert str(error.value).startswith(f"{path}")


@pytest.mark.parametrize("damage", ["no node", "unknown node"])
def test_events_about_nodes_the_trace_lacks_are_refused(tmp_path, damage):
    data = good_data()
    if damage == "no node":
        del data["events"][1]["node"]
    else:
        data["events"][1]["node"] = 99
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TraceFileError) as error:
        load_trace(path)  # refused at the edge, not later as a traceback in a renderer
    assert str(error.value).startswith(f"{path}: ")


# ---- tracer.run.search_stats ----------------------------------------------------------------------------------

def test_stats_for_figure_5_2():
    root = load_tree(TREES / "rn_example.yaml").root
    expected = {
        "minimax": (3, "B", 13, 9, 0, [3, 12, 8, 2, 4, 6, 14, 5, 2]),
        "negamax": (3, "B", 13, 9, 0, [3, 12, 8, 2, 4, 6, 14, 5, 2]),
        "alphabeta": (3, "B", 11, 7, 1, [3, 12, 8, 2, 14, 5, 2]),
        "negamax-ab": (3, "B", 11, 7, 1, [3, 12, 8, 2, 14, 5, 2]),
    }
    for algorithm, figures in expected.items():
        stats = search_stats(root, algorithm)
        data = stats.as_dict()
        assert set(data) == STATS_KEYS
        assert data["algorithm"] == algorithm
        assert (data["value"], data["best_move"], data["nodes_visited"], data["leaves_evaluated"], data["cutoffs"],
                data["evaluated_leaves"]) == figures
        assert isinstance(data["seconds"], float) and data["seconds"] >= 0
        assert json.loads(json.dumps(data)) == data  # the contract is JSON


def test_stats_for_a_min_root_are_in_max_terms():
    tree = load_tree(TREES / "min_root.yaml")  # MIN to move: [[4, 8, 9], [3, 10], [2, 12, 15]]
    assert brute_force(to_nested(tree.root), tree.root.player) == 9
    # alpha-beta: B = 9 sets β = 9; C stops at 10 ≥ β (its last leaf: no cutoff); D stops at 12, skipping 15
    expected = {
        "minimax": (9, "B", 12, 8, 0, [4, 8, 9, 3, 10, 2, 12, 15]),
        "negamax": (9, "B", 12, 8, 0, [4, 8, 9, 3, 10, 2, 12, 15]),
        "alphabeta": (9, "B", 11, 7, 1, [4, 8, 9, 3, 10, 2, 12]),
        "negamax-ab": (9, "B", 11, 7, 1, [4, 8, 9, 3, 10, 2, 12]),
    }
    for algorithm, figures in expected.items():
        stats = search_stats(tree.root, algorithm)
        assert (stats.value, stats.best_move, stats.nodes_visited, stats.leaves_evaluated, stats.cutoffs,
                stats.evaluated_leaves) == figures, algorithm


@examples(300, derandomize=True)
@given(nested_trees, root_players)
def test_stats_values_and_leaves_are_in_max_terms(nested, root_player):
    root = tree_of(nested, root_player)
    expected = brute_force(nested, root_player)
    stats = {name: search_stats(root, name) for name in ALGORITHMS}
    assert {name: s.value for name, s in stats.items()} == {name: expected for name in ALGORITHMS}
    every_leaf = [at(nested, path) for path in leaf_paths(nested)]
    assert stats["minimax"].evaluated_leaves == stats["negamax"].evaluated_leaves == every_leaf
    assert stats["negamax-ab"].evaluated_leaves == stats["alphabeta"].evaluated_leaves
    move = stats["minimax"].best_move
    assert move.startswith("r.") and brute_force(nested[int(move[2:])], root_player.other) == expected
    assert {s.best_move for s in stats.values()} == {move} and move == path_name((int(move[2:]),))


# ---- version 1 files ----------------------------------------------------------------------------------------------
# Written by tracer before the trace format's version 2 (tests/trace/data/*.v1.json): still read, and drawn the same.

V1 = Path(__file__).parent / "data"


@pytest.mark.parametrize("name, algorithm", [("rn_example.negamax-ab", "negamax-ab"),
                                             ("tictactoe.alphabeta", "alphabeta")])
def test_a_version_1_trace_reads_as_the_same_search_today(name, algorithm):
    old = load_trace(V1 / f"{name}.v1.json")
    assert json.loads((V1 / f"{name}.v1.json").read_text())["version"] == 1
    if name.startswith("rn_example"):
        root = load_tree(TREES / "rn_example.yaml").root
        new = trace_search(root, algorithm, meta=load_tree(TREES / "rn_example.yaml").meta())
    else:
        from tracer.inputs import load_problem

        problem = load_problem(game="tictactoe", position="XO./X../O..")
        new = trace_search(problem.root, algorithm, depth=problem.depth, meta=problem.meta)
    # the facts version 1 lacked come from what it was: the same title, terms, parents and best children
    assert (old.title, old.terms) == (new.title, new.terms)
    assert old.events == new.events and old.nodes == new.nodes
    new.meta.pop("to_move", None)  # a title line version 1 traces were saved without
    new.meta.update({key: old.meta[key] for key in ("title", "position") if key in old.meta})  # notation then
    assert to_dot(old) == to_dot(new)


def test_a_version_1_negamax_cut_is_named_by_the_one_rule():
    # version 1 named a negamax cut at a MIN node "alpha"; in the mover's terms every cut is v ≥ β
    raw = json.loads((V1 / "rn_example.negamax-ab.v1.json").read_text())
    assert [e["cut"] for e in raw["events"] if e["type"] == "cutoff"] == ["alpha"]
    assert [e.cut for e in load_trace(V1 / "rn_example.negamax-ab.v1.json").events if e.kind == "cutoff"] == ["beta"]


def test_a_saved_trace_renders_the_same_whatever_the_registry_says(tmp_path, monkeypatch):
    trace = trace_search(load_tree(TREES / "rn_example.yaml").root, "negamax-ab")
    path = saved(tmp_path, trace)
    from tracer.search import registry

    monkeypatch.setitem(registry.ALGORITHMS, "negamax-ab", registry.Algorithm("negamax-ab", registry.negamax_ab,
                                                                              "Renamed", pruning=True))
    loaded = load_trace(path)
    assert (loaded.title, loaded.terms) == ("Negamax with alpha-beta", "mover")
    assert "Negamax with alpha-beta" in to_dot(loaded) and "Renamed" not in to_dot(loaded)


def test_the_schema_declares_every_event_and_field_the_searches_write():
    """trace.schema.json and the event classes agree: every event type is in the schema with each of its fields
    (required unless it has a default; the root's node_entered has no parent), and every search's saved trace, of trees and of games, passes the schema."""
    from tracer.trace.events import EVENT_TYPES
    from tracer.inputs.traces import check_schema
    from tracer.trace.trace import SCHEMA

    schema = json.loads(Path(SCHEMA).read_text(encoding="utf-8"))
    definitions = schema["definitions"]
    assert set(definitions["event"]["properties"]["type"]["enum"]) == set(EVENT_TYPES)
    for branch in definitions["event"]["allOf"]:
        kinds = branch["if"]["properties"]["type"]
        target = definitions[branch["then"]["$ref"].rpartition("/")[2]]
        properties = dict(target["properties"])
        for extra in target.get("allOf", []):
            properties.update(definitions[extra["$ref"].rpartition("/")[2]]["properties"])
        for kind in kinds.get("enum", [kinds.get("const")]):
            cls = EVENT_TYPES[kind]
            for name in cls.fields:
                assert name in properties, (kind, name)
                optional = name in cls.defaults or (kind, name) == ("node_entered", "parent")  # the root has none
                assert (name in target["required"]) == (not optional), (kind, name)
    problems = [load_problem(str(ROOT / "trees" / "uneven.yaml")),
                load_problem(str(ROOT / "games" / "positions" / "tictactoe_fork.yaml"), depth=2)]
    for problem in problems:
        for name in ALGORITHMS:
            check_schema(json.loads(trace_search(problem.root, name, depth=problem.depth, meta=problem.meta).to_json()))
    assert "tracer/trace/trace.schema.json" in documentation()
