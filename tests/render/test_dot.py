"""DOT source for traces: textbook shapes, pruned parts, cut marks, the best line, escaping, limits."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pydot
import pytest

from tracer import DrawOptions, RenderError, load_tree, parse_tree, scene_of, to_dot, trace_search

EXPECTED = Path(__file__).parent / "expected"
TREES = Path(__file__).resolve().parents[2] / "trees"


def rn_trace(algorithm="alphabeta"):
    tree = load_tree(TREES / "rn_example.yaml")
    return trace_search(tree.root, algorithm, meta=tree.meta())


def parse(source: str) -> pydot.Dot:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        graphs = pydot.graph_from_dot_data(source)
    assert graphs and len(graphs) == 1, "the DOT source parses as exactly one graph"
    return graphs[0]


def attrs(graph: pydot.Dot, name: str) -> dict:
    nodes = graph.get_node(name)
    assert len(nodes) == 1, f"node {name} appears once"
    return nodes[0].get_attributes()


def edge_attrs(graph: pydot.Dot, tail: str, head: str) -> dict:
    edges = graph.get_edge(tail, head)
    assert len(edges) == 1, f"edge {tail} -> {head} appears once"
    return edges[0].get_attributes()


def label_of(graph: pydot.Dot, tail: str, head: str) -> str:
    """The label drawn on an edge: its own node, pinned half-way down the edge."""
    edge_attrs(graph, tail, head)
    nodes = graph.get_node(f"{tail}_{head}_label")
    return nodes[0].get_attributes()["label"] if nodes else ""


def position(graph: pydot.Dot, name: str) -> tuple[float, float]:
    x, y = attrs(graph, name)["pos"].strip('"!').split(",")
    return float(x), float(y)


def node_ids(trace):
    """Trace node ids by the label a table would use (A, B, B1, ...)."""
    from tracer.view import TraceView

    view = TraceView(trace)
    return {view.labels[n.id]: f"n{n.id}" for n in trace.nodes}


def test_rn_example_shapes_follow_the_textbook():
    trace = rn_trace()
    graph = parse(to_dot(trace))
    ids = node_ids(trace)
    assert attrs(graph, ids["A"])["shape"] == "triangle"
    for name in "BCD":
        assert attrs(graph, ids[name])["shape"] == "invtriangle"
    for leaf in ("B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"):
        assert attrs(graph, ids[leaf])["shape"] == "box"
    # children left to right in the order they were searched, each level below its parent, parents centred
    xs = [position(graph, ids[name])[0] for name in ("B", "C", "D")]
    assert xs == sorted(xs) and len(set(xs)) == 3
    assert position(graph, ids["A"])[1] > position(graph, ids["B"])[1] > position(graph, ids["B1"])[1]
    assert position(graph, ids["C"])[0] == pytest.approx(position(graph, ids["C2"])[0], abs=1)


def test_pruned_leaves_are_dashed_and_the_cut_is_marked_on_the_first_skipped_edge():
    trace = rn_trace()
    graph = parse(to_dot(trace))
    ids = node_ids(trace)
    for pruned in ("C2", "C3"):
        assert "dashed" in attrs(graph, ids[pruned])["style"]
        assert "dashed" in edge_attrs(graph, ids["C"], ids[pruned])["style"]
    for searched in ("B1", "C1", "D3"):
        assert "dashed" not in attrs(graph, ids[searched]).get("style", "")
    assert "✂" in label_of(graph, ids["C"], ids["C2"])
    assert edge_attrs(graph, ids["C"], ids["C2"])["arrowhead"] == "tee"
    assert "✂ 2 ≤ α=3" in attrs(graph, ids["C"] + "_notes")["label"]  # the reason, beside the node that cut
    assert "✂" not in label_of(graph, ids["C"], ids["C3"])
    # C left early: its label shows the bound, D searched in full shows its value.
    assert "≤ 2" in attrs(graph, ids["C"])["label"]
    assert "≤" not in attrs(graph, ids["D"])["label"]
    # pruned leaves keep their values, faded: 4 and 6 are drawn
    assert ">4<" in attrs(graph, ids["C2"])["label"] and ">6<" in attrs(graph, ids["C3"])["label"]


def test_the_best_line_is_thick_not_only_coloured():
    trace = rn_trace()
    graph = parse(to_dot(trace))
    ids = node_ids(trace)
    best = [("A", "B"), ("B", "B1")]
    for tail, head in best:
        assert float(edge_attrs(graph, ids[tail], ids[head])["penwidth"].strip('"')) >= 3
    for tail, head in [("A", "C"), ("A", "D"), ("B", "B2")]:
        assert "penwidth" not in edge_attrs(graph, ids[tail], ids[head])


def test_minimax_prunes_nothing():
    source = to_dot(rn_trace("minimax"))
    assert "dashed" not in source and "✂" not in source


def test_windows_order_and_legend_on_request():
    trace = rn_trace()
    plain = to_dot(trace)
    assert "<B>#1</B>" not in plain and "Key" not in plain
    assert "α=3 β=+∞" in plain  # A's window when it was left
    rich = to_dot(trace, DrawOptions(visits=True, legend=True))
    assert "<B>#1</B>" in rich and "<B>#11</B>" in rich and "<B>#12</B>" not in rich and "Key" in rich


def test_negamax_shows_mover_values_and_sign_flips():
    trace = rn_trace("negamax")
    source = to_dot(trace)
    graph = parse(source)
    ids = node_ids(trace)
    assert "−3" in attrs(graph, ids["B"])["label"]  # B's value from MIN's point of view
    assert "−(−3)" in label_of(graph, ids["A"], ids["B"])
    assert "−(3)" in label_of(graph, ids["B"], ids["B1"])


def test_user_text_is_escaped_never_markup(tmp_path):
    tree = parse_tree('title: "<b>bold</b> & \\"quoted\\""\n'
                      'tree: [{"a<b>&\\"c\\"\\nd": [1, 2]}, {"x": 3}]')
    source = to_dot(trace_search(tree.root, meta=tree.meta()))
    assert "a&lt;b&gt;&amp;&quot;c&quot;" in source
    assert "<b>bold" not in source
    graph = parse(source)
    assert len(graph.get_nodes()) >= 4
    from tracer.render.drawing import dot_to_bytes

    svg = dot_to_bytes(source, "svg").decode()
    assert "a&lt;b&gt;&amp;" in svg  # drawn as text by the real dot


def big_tree(branching, depth):
    def build(level):
        if level == depth:
            return level
        return [build(level + 1) for _ in range(branching)]
    return parse_tree(str(build(0)), max_nodes=10**6)


def test_node_limit_names_the_options_and_compact_mode_draws_stubs():
    tree = big_tree(4, 6)  # 5,461 nodes; alpha-beta on equal leaves prunes most of them
    trace = trace_search(tree.root, "minimax")
    with pytest.raises(RenderError) as error:
        to_dot(trace, DrawOptions(max_drawn=5_000))
    message = str(error.value)
    assert "5,461 nodes" in message and "limit of 5,000" in message and "--compact" in message and "--max-drawn" in message
    assert len(scene_of(trace, DrawOptions(max_drawn=6000)).edges) == 5460
    pruned = trace_search(tree.root, "alphabeta")
    compact = to_dot(pruned, DrawOptions(compact=True, max_size=(1000, 1000)))
    visited = sum(1 for e in pruned.events if e.kind == "node_entered")
    cutoffs = sum(1 for e in pruned.events if e.kind == "cutoff")
    assert compact.count("->") == visited + cutoffs - 1  # the children each cutoff skipped: one stub
    assert "✂ 3 pruned<BR ALIGN=\"CENTER\"/>(63 nodes)" in compact  # three subtrees of 21 nodes, at one cut


def test_first_children_draws_k_children_and_says_how_many_are_hidden():
    tree = big_tree(5, 2)
    trace = trace_search(tree.root, "minimax")
    source = to_dot(trace, DrawOptions(first_children=2))
    graph = parse(source)
    assert "+3 more" in source
    drawn = [n.get_name() for n in graph.get_nodes() if re.fullmatch(r"n\d+", n.get_name())]
    assert len(drawn) == 1 + 2 + 2 * 2


def test_rn_example_dot_matches_the_stored_figure():
    """The exact DOT text of the lecture example: a change here changes every slide made from it."""
    expected = (EXPECTED / "rn_example.alphabeta.dot").read_text(encoding="utf-8")
    assert to_dot(rn_trace()) == expected, (
        "regenerate with: python -m tracer render trees/rn_example.yaml -f dot "
        "-o tests/render/expected/rn_example.alphabeta.dot (after checking the drawing)")
