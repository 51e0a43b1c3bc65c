"""Exports written as they are made (issue 37): what ``tracer export`` streams to the file is what networkx writes
and reads back, every shipped tree; the writer holds a block of text at a time, not the document, nor every node's
attributes; and a failure part way leaves no file."""

from __future__ import annotations

import json
import random
import tracemalloc

import networkx as nx
import pytest

from helpers import TREES, run_tracer, traced
from tracer.errors import OutputError
from tracer.io import write_atomically
from tracer.render import export
from tracer.render.export import SearchGraph, export_bytes, export_chunks, to_networkx
from tracer.numbers import format_number


def as_written(graph: nx.DiGraph) -> nx.DiGraph:
    """networkx's graph with each vector value (max^n) as its text, as GraphML holds it."""
    graph = graph.copy()
    for attrs in [graph.graph, *(attrs for _, attrs in graph.nodes(data=True))]:
        if isinstance(attrs.get("value"), list):
            attrs["value"] = format_number(tuple(attrs["value"]))
    return graph


def same_graph(read: nx.DiGraph, expected: nx.DiGraph) -> None:
    defaults = {"node_default": {}, "edge_default": {}}  # what networkx's reader adds to every graph it reads
    assert read.graph == {**expected.graph, **defaults}
    assert dict(read.nodes(data=True)) == dict(expected.nodes(data=True))
    assert list(read.edges(data=True)) == list(expected.edges(data=True))


@pytest.mark.parametrize("path", sorted(TREES.glob("*.yaml")), ids=lambda path: path.stem)
def test_the_streamed_file_reads_back_as_the_graph(path, tmp_path):
    """The file ``tracer export`` writes for each shipped tree (searched as its ``rules:`` say), read by networkx
    (GraphML) and by json.load (node-link data), is the graph to_networkx builds in memory."""
    trace = traced(path, None)
    expected = to_networkx(trace)
    for fmt in ("graphml", "json"):
        out = tmp_path / f"tree.{fmt}"
        result = run_tracer("export", path, "-o", out)
        assert result.returncode == 0, result.stderr
        if fmt == "graphml":
            read = nx.read_graphml(out, node_type=int)
            same_graph(read, as_written(expected))
        else:
            data = json.loads(out.read_text(encoding="utf-8"))
            assert [node["id"] for node in data["nodes"]] == list(expected.nodes)
            assert [(edge["source"], edge["target"]) for edge in data["edges"]] == list(expected.edges)
            assert out.read_bytes() == export_bytes(trace, "json")


def random_tree(path, branching: int, depth: int, seed: int = 3) -> None:
    rng = random.Random(seed)

    def build(level: int) -> str:
        if level == depth:
            return str(rng.randint(-50, 50))
        return "[" + ", ".join(build(level + 1) for _ in range(branching)) + "]"

    path.write_text(f"tree: {build(0)}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def big_trace(tmp_path_factory):
    """Minimax on a random b=3, d=7 tree: 3,280 nodes, about 1.6 MB of GraphML."""
    path = tmp_path_factory.mktemp("big") / "b3d7.yaml"
    random_tree(path, 3, 7)
    return traced(path, "minimax")


@pytest.mark.parametrize("fmt", ["graphml", "json"])
def test_the_writer_holds_a_block_not_the_document(big_trace, fmt, monkeypatch):
    """With 16 KB blocks, writing a document of hundreds of KB allocates, at its peak, a small part of it beyond
    the view the graph is read from (built first, and measured apart)."""
    monkeypatch.setattr(export, "BLOCK_CHARACTERS", 16_384)
    document = export_bytes(big_trace, fmt)
    graph = SearchGraph(big_trace)
    lines = export.graphml_lines(graph) if fmt == "graphml" else export.node_link_lines(graph)
    tracemalloc.start()
    try:
        sizes = [len(block) for block in export._blocks(lines)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(sizes) > 10 and max(sizes) < 16_384 + 2_000  # a block is at most one line past its size
    assert sum(sizes) == len(document.decode("utf-8"))
    assert peak < len(document) / 5, (peak, len(document))


def test_export_chunks_are_the_whole_export(big_trace):
    for fmt in ("graphml", "json"):
        chunks = list(export_chunks(big_trace, fmt))
        assert all(isinstance(chunk, bytes) for chunk in chunks)
        assert b"".join(chunks) == export_bytes(big_trace, fmt)
    with pytest.raises(ValueError, match="unknown export format 'dot'"):
        export_chunks(big_trace, "dot")


def test_a_stream_that_fails_part_way_leaves_no_file(tmp_path):
    """write_atomically with blocks: if making one fails, the file there before is untouched and no temporary
    file is left beside it."""
    path = tmp_path / "out.json"
    path.write_bytes(b"before")

    def failing():
        yield b"first block"
        raise RuntimeError("the search broke")

    with pytest.raises(RuntimeError, match="the search broke"):
        write_atomically(path, failing())
    assert path.read_bytes() == b"before" and [p.name for p in tmp_path.iterdir()] == ["out.json"]
    write_atomically(path, iter([b"one, ", b"two"]))
    assert path.read_bytes() == b"one, two"
    with pytest.raises(OutputError, match="cannot write: a folder"):
        write_atomically(tmp_path, iter([b"x"]))
