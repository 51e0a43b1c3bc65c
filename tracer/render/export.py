"""Trace → a networkx graph of the searched tree, written as GraphML or node-link JSON for other tools."""

from __future__ import annotations

import io
import json

from ..text import format_number
from ..view import TraceView

EXPORT_FORMATS = ("graphml", "json")


def to_networkx(trace):
    """The searched tree as a ``networkx.DiGraph``: every node (visited or pruned) with what the search found
    there, edges in move order."""
    import networkx as nx  # imported here: it takes longer to import than a whole render of a small tree

    view = TraceView(trace)
    best = {node.id for node in view.best_line()}
    graph = nx.DiGraph(algorithm=trace.algorithm, value=float(trace.value), best_move=trace.best_move or "")
    for node in view.nodes:
        attrs = {
            "label": view.labels[node.id],
            "name": node.node.name,
            "player": node.node.player.value,
            "ply": node.node.ply,
            "pruned": node.pruned,
            "best_line": node.id in best,
            "visit": node.visit if node.visit is not None else -1,
            "value": view.shows(node.value, node.bound) if node.value is not None
            else format_number(node.node.value),
        }
        if node.window is not None:
            attrs["alpha"], attrs["beta"] = (format_number(x) for x in node.window)
        graph.add_node(node.id, **attrs)
        if node.node.parent is not None:
            graph.add_edge(node.node.parent, node.id, move=node.node.move or "", order=node.position)
    assert nx.is_arborescence(graph), "a trace's nodes form a tree rooted at node 0"
    return graph


def export_bytes(trace, fmt: str) -> bytes:
    """The graph in ``fmt``: ``graphml`` or ``json`` (networkx node-link data)."""
    import networkx as nx

    graph = to_networkx(trace)
    if fmt == "graphml":
        buffer = io.BytesIO()
        nx.write_graphml(graph, buffer)
        return buffer.getvalue()
    if fmt == "json":
        return (json.dumps(nx.node_link_data(graph, edges="edges"), ensure_ascii=False, indent=1) + "\n").encode()
    raise ValueError(f"unknown export format {fmt!r}")
