"""GraphML and node-link JSON, written straight from the trace's graph data, against networkx's own writers (the
independent reference): the same GraphML bytes, the same JSON data."""

from __future__ import annotations

import io
import json
import math

import networkx as nx
import pytest

from helpers import TREES, traced
from tracer.inputs import load_problem
from tracer.render.export import export_bytes, to_networkx
from tracer.run import trace_search
from tracer.numbers import format_number


def networkx_graphml(trace) -> bytes:
    """networkx's write_graphml of the trace's graph, vectors written as shown (GraphML holds single values). Its
    standard-library writer, named: ``nx.write_graphml`` is the lxml writer wherever lxml is installed (python-pptx,
    the ``pptx`` extra, brings it), and that one lays the same document out differently (no indenting, the graph's
    data first); the export writes the standard-library writer's bytes whatever is installed."""
    graph = to_networkx(trace)
    for attrs in [graph.graph, *(attrs for _, attrs in graph.nodes(data=True))]:
        if isinstance(attrs.get("value"), list):
            attrs["value"] = format_number(tuple(attrs["value"]))
    out = io.BytesIO()
    nx.write_graphml_xml(graph, out)
    return out.getvalue()


def networkx_node_link(trace) -> dict:
    """networkx's node-link data of the trace's graph, infinities spelled as in the trace JSON."""
    def finite(value):
        if isinstance(value, list):
            return [finite(part) for part in value]
        return ("inf" if value > 0 else "-inf") if isinstance(value, float) and math.isinf(value) else value

    data = nx.node_link_data(to_networkx(trace), edges="edges")
    for attrs in [data["graph"], *data["nodes"], *data["edges"]]:
        attrs.update({key: finite(value) for key, value in attrs.items()})
    return data


CASES = [(path, None) for path in sorted(TREES.glob("*.yaml"))] + [
    (TREES / "rn_example.yaml", "mcts"), (TREES / "rn_example.yaml", "mtdf"), (TREES / "binary_depth4.yaml", "pvs")]


@pytest.mark.parametrize("path, algorithm", CASES, ids=[f"{p.stem}-{a or 'rules'}" for p, a in CASES])
def test_export_writes_what_networkx_writes(path, algorithm):
    trace = traced(path, algorithm)
    assert export_bytes(trace, "graphml") == networkx_graphml(trace)
    assert json.loads(export_bytes(trace, "json")) == networkx_node_link(trace)


def test_names_with_markup_empty_names_and_a_game(tmp_path):
    tree = tmp_path / "tree.yaml"
    tree.write_text("root: max\ntree:\n  - name: 'a<b & c>d'\n    children: [1, 2]\n  - name: '\"q\"'\n"
                    "    children: [3]\n")
    game = trace_search(load_problem(None, game="tictactoe", position="XO.X.O...").root, "alphabeta")
    for trace in (traced(tree), game):
        graphml = export_bytes(trace, "graphml")
        assert graphml == networkx_graphml(trace)
        assert json.loads(export_bytes(trace, "json")) == networkx_node_link(trace)
    assert "a&lt;b &amp; c&gt;d" in export_bytes(traced(tree), "graphml").decode()
