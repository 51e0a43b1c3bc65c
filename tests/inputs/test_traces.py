"""Damaged saved traces: every command that reads one (render, trace, export, slides) gives one line naming the file
and the first bad place, exit status 2, and writes nothing; a trace never chooses where its output goes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from helpers import assert_one_line_error, run_tracer

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "render": ["-o", "out.svg"],
    "trace": ["-o", "copy.json"],
    "export": ["-o", "out.graphml"],
    "slides": ["-f", "html", "-o", "out.html"],
}


def good(tmp_path_factory=None) -> dict:
    from tracer import load_problem, trace_search

    problem = load_problem(str(ROOT / "trees" / "rn_example.yaml"))
    return json.loads(trace_search(problem.root, "alphabeta", meta=problem.meta).to_json())


GOOD = good()


def event_index(data, kind, nth=0):
    return [i for i, event in enumerate(data["events"]) if event["type"] == kind][nth]


def set_in(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def on_event(kind, key, value, nth=0):
    def change(data):
        data["events"][event_index(data, kind, nth)][key] = value
    return change


DAMAGE = {
    "node id out of range": (on_event("leaf_evaluated", "node", 99), "refers to node 99"),
    "negative node id": (on_event("leaf_evaluated", "node", -1), "].node: expected at least 0, got -1"),
    "parent cycle": (set_in(["nodes", 1, "parent"], 2), "nodes[1].parent"),
    "root is its own parent": (set_in(["nodes", 0, "parent"], 0), "nodes[0].parent"),
    "a second root": (set_in(["nodes", 3, "parent"], None), "nodes[3].parent"),
    "a string for a value": (on_event("leaf_evaluated", "value", "abc"), "].value: expected a number"),
    "a boolean for a node": (on_event("leaf_evaluated", "node", True), "].node: expected a whole number, got True"),
    "a float for a node id": (on_event("node_entered", "node", 1.5), "].node: expected a whole number, got 1.5"),
    "root's best child is itself": (lambda d: d["events"][-1].update(best_child=0), "is not a child of node 0"),
    "best child of another node": (lambda d: d["events"][-1].update(best_child=2), "is not a child of node 0"),
    "update from a stranger": (on_event("value_updated", "child", 7), "is not a child"),
    "cutoff skips a stranger": (on_event("cutoff", "skipped", [2]), "skipped node 2 is not a child"),
    "a child entered before its parent": (lambda d: d["events"].insert(0, copy.deepcopy(d["events"][2])),
                                          "no node is being searched"),
    "an exit without an entry": (lambda d: d["events"].insert(1, {"type": "node_exited", "node": 5, "value": 1,
                                                                   "best_child": None}), "node_exited of node 5"),
    "the root entered twice": (lambda d: d["events"].insert(1, copy.deepcopy(d["events"][0])),
                               "entered as the root while node 0"),
    "the search never ends": (lambda d: d["events"].pop(), "still being searched"),
    "an update after the end": (lambda d: d["events"].append(copy.deepcopy(d["events"][4])), "no node is being"),
    "events not a list": (set_in(["events"], {}), "events: expected a list"),
    "nodes not a list": (set_in(["nodes"], {"0": {}}), "nodes: expected a list"),
    "no nodes": (set_in(["nodes"], []), "nodes: expected at least 1 item, got []"),
    "no events key": (lambda d: d.pop("events"), "missing key 'events'"),
    "no result": (lambda d: d.pop("result"), "missing key 'result'"),
    "unknown event type": (set_in(["events", 2, "type"], "teleport"), "events[2].type: expected pass_started, node_entered"),
    "unknown player": (set_in(["nodes", 1, "player"], "zed"), "nodes[1].player"),
    "ply as text": (set_in(["nodes", 1, "ply"], "x"), "nodes[1].ply"),
    "ids out of order": (set_in(["nodes", 3, "id"], 7), "nodes[3].id"),
    "version 99": (set_in(["version"], 99), "version 99 is not supported"),
    "not a trace": (set_in(["format"], "something"), "not a tracer trace"),
    "unknown terms": (set_in(["terms"], "nobody's"), "terms:"),
    "a name that is not text": (set_in(["nodes", 1, "name"], ["B"]), "nodes[1].name"),
    "meta not a mapping": (set_in(["meta"], [1, 2]), "meta: expected a mapping"),
    "result value not a number": (set_in(["result", "value"], "three"), "result.value"),
    "a parent that disagrees": (on_event("node_entered", "parent", 5, nth=2), "parent"),
    "pruned as a number": (set_in(["nodes", 2, "pruned"], 1), "nodes[2].pruned: expected true or false, got 1"),
    "an event without its node": (lambda d: d["events"][3].pop("node"), "events[3]: missing key 'node'"),
    "an unknown prune rule": (set_in(["options", "prune"], "sometimes"), "options.prune: expected ge or gt, got 'sometimes'"),
    "a window as words": (on_event("node_entered", "alpha", "minus infinity"), "].alpha: expected a number"),
    "skipped not a list": (on_event("cutoff", "skipped", 7), "].skipped: expected a list, got 7"),
    "a board that is not one": (set_in(["nodes", 1, "board"], "X.O"), "nodes[1].board: expected a mapping or null"),
    "a pass in the middle": (lambda d: d["events"].insert(3, {"type": "pass_started", "node": 0, "number": 2,
                                                               "label": ""}), "pass 2 starts while node"),
    "a result too large for a float": (set_in(["result", "value"], 10**400),
                                       "result.value: the number 10000000000000000000… is too large (401 digits"),
    "a leaf too large for a float": (on_event("leaf_evaluated", "value", -10**400), "].value: the number -1000"),
}


@pytest.mark.parametrize("name", DAMAGE)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_damaged_trace_is_one_clean_line_and_writes_nothing(tmp_path, command, name):
    damage, fragment = DAMAGE[name]
    data = copy.deepcopy(GOOD)
    damage(data)
    trace = tmp_path / "run.json"
    trace.write_text(json.dumps(data), encoding="utf-8")
    result = run_tracer(command, trace, *COMMANDS[command], cwd=tmp_path)
    assert_one_line_error(result, str(trace), fragment)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


def test_the_corpus_is_large_and_the_good_trace_passes(tmp_path):
    assert len(DAMAGE) >= 30
    trace = tmp_path / "run.json"
    trace.write_text(json.dumps(GOOD), encoding="utf-8")
    for command, args in COMMANDS.items():
        assert run_tracer(command, trace, *args, cwd=tmp_path).returncode == 0, command


@pytest.mark.parametrize("name, algorithm, expected", [
    ("../../escaped", "alphabeta", "output/_.._escaped.alphabeta.svg"),
    ("/abs/path", "alphabeta", "output/_abs_path.alphabeta.svg"),
    ("plain", "../x", "output/plain._x.svg"),
    ("..", "alphabeta", "output/trace.alphabeta.svg"),
])
def test_a_saved_trace_never_chooses_where_output_goes(tmp_path, name, algorithm, expected):
    data = copy.deepcopy(GOOD)
    data["meta"]["name"], data["algorithm"] = name, algorithm
    (tmp_path / "work").mkdir()
    trace = tmp_path / "work" / "run.json"
    trace.write_text(json.dumps(data), encoding="utf-8")
    result = run_tracer("render", trace, cwd=tmp_path / "work")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected
    assert (tmp_path / "work" / expected).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]


def test_a_number_of_more_digits_than_python_reads_is_one_line(tmp_path):
    text = json.dumps(GOOD).replace('"value": 3}', '"value": ' + "9" * 5000 + "}", 1)
    assert "9" * 5000 in text
    trace = tmp_path / "run.json"
    trace.write_text(text, encoding="utf-8")
    for command, args in COMMANDS.items():
        assert_one_line_error(run_tracer(command, trace, *args, cwd=tmp_path), str(trace), "a number of more than")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


def test_an_alpha_or_beta_update_where_the_search_keeps_no_window_is_one_line(tmp_path):
    from tracer import load_problem, trace_search

    problem = load_problem(str(ROOT / "trees" / "rn_example.yaml"))
    data = json.loads(trace_search(problem.root, "minimax", meta=problem.meta).to_json())
    at = event_index(data, "value_updated")
    update = data["events"][at]
    for kind in ("beta_updated", "alpha_updated"):
        damaged = copy.deepcopy(data)
        damaged["events"].insert(at + 1, {**update, "type": kind})
        trace = tmp_path / "run.json"
        trace.write_text(json.dumps(damaged), encoding="utf-8")
        for command, args in COMMANDS.items():
            assert_one_line_error(run_tracer(command, trace, *args, cwd=tmp_path), str(trace),
                                  f"events[{at + 1}]: a {kind} at node {update['node']}, which was entered without "
                                  "a window")
            assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


@pytest.mark.parametrize("missing", ["fail", "prune"])
def test_options_an_older_trace_lacks_take_their_defaults_in_every_command(tmp_path, missing):
    data = copy.deepcopy(GOOD)
    del data["options"][missing]
    trace = tmp_path / "run.json"
    trace.write_text(json.dumps(data), encoding="utf-8")
    for command, args in COMMANDS.items():
        result = run_tracer(command, trace, *args, cwd=tmp_path)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (command, result.stderr)
