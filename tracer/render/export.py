"""Trace → the searched tree as graph data, written as GraphML or node-link JSON for other tools (the files
networkx writes, written here line by line: networkx's writers took minutes on a big tree), or as a networkx graph.

Node attributes: ``label``, ``name``, ``player``, ``ply``, ``pruned``, ``best_line``, ``visit`` (-1: never
entered), ``value`` (a number: what the node returned, or a leaf's static value; absent when neither), ``bound``
(``=``, ``≤`` or ``≥``: how ``value`` relates to the node's true value), ``shown`` (the value as the diagram
writes it, ``≤ 2``), ``alpha`` and ``beta`` (numbers). Monte Carlo tree search's nodes have ``visits`` (N),
``wins`` (W, for the player who chose the move into the node; the root's for its own player) and ``mean`` (Q =
W/N, absent for a node never visited). In JSON, infinities are written ``"inf"`` and ``"-inf"``
as in the trace JSON; GraphML writes them as its doubles do (``inf``).
"""

from __future__ import annotations

import json

from ..numbers import as_written
from ..numbers import json_number
from ..text import format_number
from ..view import TraceView

EXPORT_FORMATS = ("graphml", "json")


@as_written
def graph_data(trace) -> tuple[dict, list[tuple[int, dict]], list[tuple[int, int, dict]]]:
    """The searched tree as data, in the shape networkx keeps a graph: the graph's attributes, every node (visited
    or pruned) as ``(id, attributes)`` with what the search found there, and the edges ``(parent, child,
    attributes)`` in move order. Worked out once; each format only writes it."""
    view = TraceView(trace)
    best = {node.id for node in view.best_line()}
    look = view.family.look
    nodes, below = [], {}
    for node in view.nodes:
        attrs = _node_attributes(view, node, best, look)
        nodes.append((node.id, attrs))
        if node.node.parent is not None:
            edge = (node.node.parent, node.id, {"move": node.node.move or "", "order": node.position})
            below.setdefault(node.node.parent, []).append(edge)
    edges = [edge for node, _ in nodes for edge in below.get(node, ())]  # by parent, as networkx lists them
    graph = {"algorithm": trace.algorithm, "value": _number(trace.value), "best_move": trace.best_move or ""}
    return graph, nodes, edges


def _node_attributes(view: TraceView, node, best: set[int], look) -> dict:
    """What the graph keeps of a node: the shared fields, its value as the diagram writes it, and the family's."""
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
    attrs.update(look.export_fields(node))  # the family's own (α and β; Monte Carlo tree search's N, W, Q)
    return attrs


def to_networkx(trace):
    """The searched tree as a ``networkx.DiGraph`` (:func:`graph_data`), for Python users."""
    import networkx as nx  # imported here: it takes longer to import than a whole render of a small tree

    attrs, nodes, edges = graph_data(trace)
    graph = nx.DiGraph(**attrs)
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    assert nx.is_arborescence(graph), "a trace's nodes form a tree rooted at node 0"
    return graph


def export_bytes(trace, fmt: str) -> bytes:
    """The searched tree in ``fmt``: ``graphml`` (as networkx's ``write_graphml`` writes it) or ``json``
    (networkx's node-link data, a node or an edge a line), written straight from :func:`graph_data`: a
    265,000-node tree in seconds, where networkx's writers, which build every element first, took minutes."""
    attrs, nodes, edges = graph_data(trace)
    if fmt == "graphml":
        return "".join(graphml_lines(attrs, nodes, edges)).encode("utf-8")
    if fmt == "json":
        return "".join(node_link_lines(attrs, nodes, edges)).encode("utf-8")
    raise ValueError(f"unknown export format {fmt!r}")


# GraphML's types for Python's, as networkx writes them
GRAPHML_TYPES = {bool: "boolean", int: "long", float: "double", str: "string"}
GRAPHML_HEAD = ('<?xml version=\'1.0\' encoding=\'utf-8\'?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
                'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/'
                'xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">')


def graphml_lines(attrs: dict, nodes: list, edges: list):
    """GraphML text, line by line, as networkx's writer lays it out: a key per attribute name, type and scope
    (numbered in the order first used: the graph's, then the nodes', then the edges'), then the graph: its nodes,
    its edges and its own data. A vector value (max^n) is written as it is shown, ``(1, 2, 6)``: GraphML's
    attributes are single values."""
    keys: dict[tuple[str, type, str], str] = {}

    def data(scope: str, values: dict, indent: str) -> list[str]:
        lines = []
        for name, value in values.items():
            kind = type(value)
            if kind is list:
                value, kind = format_number(tuple(value)), str
            key = keys.get((name, kind, scope))
            if key is None:
                key = keys[name, kind, scope] = f"d{len(keys)}"
            text = _xml_text(value) if kind is str else str(value)  # a number or a bool needs no escaping
            lines.append(f'{indent}<data key="{key}">{text}</data>\n' if text else f'{indent}<data key="{key}" />\n')
        return lines

    graph_data = data("graph", attrs, "    ")  # its keys come first, its data after the nodes and edges
    body = ['  <graph edgedefault="directed">\n']
    for node, node_attrs in nodes:
        inner = data("node", node_attrs, "      ")
        body += [f'    <node id="{node}">\n', *inner, "    </node>\n"] if inner else [f'    <node id="{node}" />\n']
    for parent, child, edge_attrs in edges:
        body += [f'    <edge source="{parent}" target="{child}">\n', *data("edge", edge_attrs, "      "),
                 "    </edge>\n"]
    body += [*graph_data, "  </graph>\n</graphml>\n"]
    yield GRAPHML_HEAD + "\n"
    for (name, kind, scope), key in reversed(keys.items()):  # networkx puts each new key first
        yield (f'  <key id="{key}" for="{scope}" attr.name="{_xml_text(name)}" attr.type="{GRAPHML_TYPES[kind]}" '
               '/>\n')
    yield from body


def node_link_lines(attrs: dict, nodes: list, edges: list):
    """networkx's node-link data as JSON text (``directed``, ``multigraph``, ``graph``, ``nodes``, ``edges``), a
    node or an edge a line, each encoded by the standard library's fast encoder (which indenting would not use);
    infinities as ``"inf"`` and ``"-inf"``."""
    encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    yield f'{{"directed": true, "multigraph": false, "graph": {encode(_finite(attrs))},\n "nodes": [\n'
    yield ",\n".join("  " + encode({**_finite(node_attrs), "id": node}) for node, node_attrs in nodes)
    yield '\n ],\n "edges": [\n'
    yield ",\n".join("  " + encode({**edge_attrs, "source": parent, "target": child})
                      for parent, child, edge_attrs in edges)
    yield "\n ]\n}\n"


def _xml_text(text: str) -> str:
    """``text`` escaped for XML character data."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _number(value):
    """A value as the graph keeps it: a float, or a vector (max^n) as a list of floats."""
    return [float(part) for part in value] if isinstance(value, (tuple, list)) else float(value)


def _finite(attrs: dict) -> dict:
    """Attributes ready for JSON: float infinities as ``"inf"`` / ``"-inf"`` (the trace JSON's spelling), in
    vectors too; whole floats kept."""
    return {key: json_number(value) if type(value) in (float, list) else value for key, value in attrs.items()}
