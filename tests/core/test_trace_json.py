"""The trace as JSON: a lossless round trip, and clear errors for files that are not traces."""

from __future__ import annotations

import json

import pytest

from helpers import TREES, brute_force
from tracer import ALGORITHMS, Rules, Trace, TraceFileError, load_tree, parse_tree, search_stats, trace_search


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_round_trip_keeps_everything(tmp_path, algorithm):
    tree = parse_tree("[[-1.5, [2, -3]], 4.25, [[0.5, -2], [7, [1, -6.75]]]]")
    trace = trace_search(tree.root, algorithm, rules=Rules("gt", "hard"), meta={"title": "T", "name": "u"})
    path = tmp_path / "run.json"
    path.write_text(trace.to_json())
    loaded = Trace.load(path)
    assert loaded == trace
    assert loaded.events == trace.events and loaded.nodes == trace.nodes
    assert (loaded.value, loaded.best_move, loaded.options, loaded.meta) == \
        (trace.value, trace.best_move, trace.options, trace.meta)


def test_infinities_are_written_as_strings():
    data = json.loads(trace_search(load_tree(TREES / "rn_example.yaml").root).to_json())
    first = data["events"][0]
    assert (first["type"], first["alpha"], first["beta"]) == ("node_entered", "-inf", "inf")
    assert data["format"] == "tracer-trace" and data["version"] == 1
    assert data["options"] == {"depth": None, "prune": "ge", "fail": "soft"}
    assert data["result"] == {"value": 3, "best_move": "B"}


@pytest.mark.parametrize("content, message", [
    ('{"format": "something-else"}', 'not a tracer trace (no "format": "tracer-trace")'),
    ('{"format": "tracer-trace", "version": 2}', "trace version 2 is not supported (this tracer reads 1)"),
    ('{"format": "tracer-trace", "version": 1}', "missing key 'result'"),
    ('[1, 2]', "not a tracer trace"),
    ('{"format": "tracer-trace",\n"version": 1,\n', ":3: not valid JSON"),
])
def test_bad_trace_files_say_what_is_wrong(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(TraceFileError) as error:
        Trace.load(path)
    assert message in str(error.value) and str(path) in str(error.value)


def test_bad_events_are_refused(tmp_path):
    data = json.loads(trace_search(parse_tree("[[1, 2], [3]]").root).to_json())
    data["events"][0]["type"] = "node_teleported"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TraceFileError, match="unknown event type 'node_teleported'"):
        Trace.load(path)
    with pytest.raises(TraceFileError, match="cannot read"):
        Trace.load(tmp_path / "absent.json")


def test_stats_for_the_textbook_tree():
    root = load_tree(TREES / "rn_example.yaml").root
    alphabeta, minimax = search_stats(root, "alphabeta"), search_stats(root, "minimax")
    assert (alphabeta.value, alphabeta.best_move, alphabeta.nodes_visited, alphabeta.leaves_evaluated,
            alphabeta.cutoffs, alphabeta.evaluated_leaves) == (3, "B", 11, 7, 1, [3, 12, 8, 2, 14, 5, 2])
    assert (minimax.nodes_visited, minimax.leaves_evaluated, minimax.cutoffs) == (13, 9, 0)
    assert set(alphabeta.as_dict()) == {"algorithm", "value", "best_move", "nodes_visited", "leaves_evaluated",
                                        "cutoffs", "evaluated_leaves", "seconds"}
    assert alphabeta.seconds > 0


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_values_are_in_max_terms_for_min_roots_and_negamax(algorithm):
    tree = load_tree(TREES / "min_root.yaml")
    stats = search_stats(tree.root, algorithm)
    assert stats.value == brute_force(tree.root) == 9
    # evaluated leaves are the tree's own values (MAX's terms), whatever the algorithm
    assert set(stats.evaluated_leaves) <= {4, 8, 9, 3, 10, 2, 12, 15}
