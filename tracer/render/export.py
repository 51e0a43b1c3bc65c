"""Trace → a networkx graph of the searched tree, written as GraphML or node-link JSON for other tools.

Node attributes: ``label``, ``name``, ``player``, ``ply``, ``pruned``, ``best_line``, ``visit`` (-1: never
entered), ``value`` (a number: what the node returned, or a leaf's static value; absent when neither), ``bound``
(``=``, ``≤`` or ``≥``: how ``value`` relates to the node's true value), ``shown`` (the value as the diagram
writes it, ``≤ 2``), ``alpha`` and ``beta`` (numbers). Monte Carlo tree search's nodes have ``visits`` (N),
``wins`` (W, for the player who chose the move into the node; the root's for its own player) and ``mean`` (Q =
W/N, absent for a node never visited). In JSON, infinities are written ``"inf"`` and ``"-inf"``
as in the trace JSON; GraphML writes them as its doubles do (``inf``).
"""

from __future__ import annotations

import io
import json
import math

from ..view import TraceView

EXPORT_FORMATS = ("graphml", "json")


def to_networkx(trace):
    """The searched tree as a ``networkx.DiGraph``: every node (visited or pruned) with what the search found
    there, edges in move order."""
    import networkx as nx  # imported here: it takes longer to import than a whole render of a small tree

    view = TraceView(trace)
    best = {node.id for node in view.best_line()}
    graph = nx.DiGraph(algorithm=trace.algorithm, value=_number(trace.value), best_move=trace.best_move or "")
    for node in view.nodes:
        attrs = {
            "label": view.labels[node.id],
            "name": node.node.name,
            "player": node.node.mover or node.node.player.value,  # a named player's name (max^n)
            "ply": node.node.ply,
            "pruned": node.pruned,
            "best_line": node.id in best,
            "visit": node.visit if node.visit is not None else -1,
        }
        value = node.value if node.value is not None else node.node.value
        if value is not None:
            bound = node.bound if node.value is not None and node.bound != view.UNKNOWN else view.EXACT
            attrs.update(value=_number(value), bound=str(bound), shown=view.shows(value, bound))  # its symbol
        if node.window is not None:
            attrs["alpha"], attrs["beta"] = (float(x) for x in node.window)
        if view.family.name == "mcts":  # Monte Carlo tree search: N, W (the chooser's) and Q = W/N
            attrs.update(visits=node.visits, wins=float(node.wins))
            if node.visits:
                attrs["mean"] = node.wins / node.visits
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
        nx.write_graphml(_scalars(graph), buffer)
        return buffer.getvalue()
    if fmt == "json":
        data = _finite(nx.node_link_data(graph, edges="edges"))
        return (json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n").encode()
    raise ValueError(f"unknown export format {fmt!r}")


def _number(value):
    """A value as the graph keeps it: a float, or a vector (max^n) as a list of floats."""
    return [float(part) for part in value] if isinstance(value, (tuple, list)) else float(value)


def _scalars(graph):
    """The graph with each vector written as it is shown, ``(1, 2, 6)``: GraphML's attributes are single values."""
    from ..text import format_number

    graph = graph.copy()
    for attrs in [graph.graph, *(attrs for _, attrs in graph.nodes(data=True))]:
        if isinstance(attrs.get("value"), list):
            attrs["value"] = format_number(tuple(attrs["value"]))
    return graph


def _finite(data):
    """JSON-ready data: float infinities as ``"inf"`` / ``"-inf"`` (the trace JSON's spelling), whole floats kept."""
    if isinstance(data, dict):
        return {key: _finite(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_finite(value) for value in data]
    if isinstance(data, float) and math.isinf(data):
        return "inf" if data > 0 else "-inf"
    return data
