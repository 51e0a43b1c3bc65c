"""Trace → the searched tree as graph data, written as GraphML or node-link JSON for other tools (the files
networkx writes, streamed here node by node: networkx's writers build the whole document first, and took minutes
on a big tree), or as a networkx graph.

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
from typing import Iterable, Iterator

from ..numbers import as_written, format_number, json_number
from ..view import TraceView

EXPORT_FORMATS = ("graphml", "json")
BLOCK_CHARACTERS = 1 << 20  # text handed to the file at a time: few writes, and never the whole document


class SearchGraph:
    """The searched tree as graph data, in the shape networkx keeps a graph: the graph's attributes, every node
    (visited or pruned) as ``(id, attributes)`` with what the search found there, and the edges ``(parent, child,
    attributes)`` by parent, in move order. The view is worked out once; the nodes and edges are read from it
    afresh each time they are asked for, one at a time, so a writer holds one node's attributes, not the tree's."""

    def __init__(self, trace):
        self.view = TraceView(trace)
        self.best = {node.id for node in self.view.best_line()}
        self.attrs = {"algorithm": trace.algorithm, "value": _number(trace.value), "best_move": trace.best_move or ""}
        self.shown: dict[tuple, str] = {}  # (type, value, bound) -> the view's text for it: a big tree's leaves
        # repeat a few hundred values, each written once

    def nodes(self) -> Iterator[tuple[int, dict]]:
        look = self.view.family.look
        for node in self.view.nodes:
            yield node.id, _node_attributes(self, node, look)

    def shows(self, value, bound) -> str:
        """The value as the diagram writes it (:meth:`TraceView.shows`), asked once per number, type and bound."""
        if type(value) not in (int, float):  # (a vector: asked each time)
            return self.view.shows(value, bound)
        key = (type(value), value, bound)
        text = self.shown.get(key)
        if text is None:
            text = self.shown[key] = self.view.shows(value, bound)
        return text

    def edges(self) -> Iterator[tuple[int, int, dict]]:
        nodes = self.view.nodes
        for node in nodes:  # by parent, as networkx lists them
            for child in node.children:
                yield node.id, child, {"move": nodes[child].node.move or "", "order": nodes[child].position}


@as_written
def graph_data(trace) -> tuple[dict, list[tuple[int, dict]], list[tuple[int, int, dict]]]:
    """The searched tree as data (:class:`SearchGraph`), whole: the graph's attributes, its nodes and its edges."""
    graph = SearchGraph(trace)
    return graph.attrs, list(graph.nodes()), list(graph.edges())


def _node_attributes(graph: SearchGraph, node, look) -> dict:
    """What the graph keeps of a node: the shared fields, its value as the diagram writes it, and the family's."""
    view, traced = graph.view, node.node
    attrs = {
        "label": view.labels[traced.id],
        "name": traced.name,
        "player": traced.mover or traced.player.value,  # a named player's name (max^n)
        "ply": traced.ply,
        "pruned": node.pruned,
        "best_line": traced.id in graph.best,
        "visit": node.visit if node.visit is not None else -1,
    }
    value = node.value if node.value is not None else traced.value
    if value is not None:
        bound = node.bound if node.value is not None and node.bound != view.UNKNOWN else view.EXACT
        attrs.update(value=_number(value), bound=str(bound), shown=graph.shows(value, bound))  # its symbol
    attrs.update(look.export_fields(node))  # the family's own (α and β; Monte Carlo tree search's N, W, Q)
    return attrs


def to_networkx(trace):
    """The searched tree as a ``networkx.DiGraph`` (:class:`SearchGraph`), for Python users."""
    import networkx as nx  # imported here: it takes longer to import than a whole render of a small tree

    graph = SearchGraph(trace)
    result = nx.DiGraph(**graph.attrs)
    result.add_nodes_from(graph.nodes())
    result.add_edges_from(graph.edges())
    assert nx.is_arborescence(result), "a trace's nodes form a tree rooted at node 0"
    return result


def export_chunks(trace, fmt: str) -> Iterator[bytes]:
    """The searched tree in ``fmt`` as UTF-8 blocks of about a megabyte, made as they are written:
    ``graphml`` (what networkx's ``write_graphml_xml`` writes, byte for byte; ``write_graphml`` is that writer only
    where lxml is not installed) or ``json`` (networkx's node-link data, a node or an edge
    a line). A 265,720-node tree never has its whole document, nor every node's attributes, in memory."""
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    graph = SearchGraph(trace)
    lines = graphml_lines(graph) if fmt == "graphml" else node_link_lines(graph)
    return (block.encode("utf-8") for block in _blocks(lines))


def export_bytes(trace, fmt: str) -> bytes:
    """The searched tree in ``fmt``, whole (:func:`export_chunks`): for a small tree, or a test."""
    return b"".join(export_chunks(trace, fmt))


def _blocks(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` joined into blocks of about BLOCK_CHARACTERS characters."""
    block, size = [], 0
    for line in lines:
        block.append(line)
        size += len(line)
        if size >= BLOCK_CHARACTERS:
            yield "".join(block)
            block, size = [], 0
    if block:
        yield "".join(block)


# GraphML's types for Python's, as networkx writes them
GRAPHML_TYPES = {bool: "boolean", int: "long", float: "double", str: "string"}
GRAPHML_HEAD = ('<?xml version=\'1.0\' encoding=\'utf-8\'?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
                'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/'
                'xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">')


def graphml_lines(graph: SearchGraph) -> Iterator[str]:
    """GraphML text, line by line, as networkx's standard-library writer (``write_graphml_xml``) lays it out: a key per attribute name, type and scope
    (numbered in the order first used: the graph's, then the nodes', then the edges'), then the graph: its nodes,
    its edges and its own data. The keys come before the data that uses them, so a first pass over the nodes and
    edges finds them and a second writes the data. A vector value (max^n) is written as it is shown, ``(1, 2, 6)``:
    GraphML's attributes are single values."""
    keys: dict[tuple[str, type, str], str] = {}

    def key(name: str, kind: type, scope: str) -> str:
        found = keys.get((name, kind, scope))
        if found is None:
            found = keys[name, kind, scope] = f"d{len(keys)}"
        return found

    def data(scope: str, values: dict, indent: str) -> list[str]:
        lines = []
        for name, value in values.items():
            kind = type(value)
            if kind is list:
                value, kind = _single(value)
            text = _xml_text(value) if kind is str else str(value)  # a number or a bool needs no escaping
            number = keys.get((name, kind, scope)) or key(name, kind, scope)
            lines.append(f'{indent}<data key="{number}">{text}</data>\n' if text else
                         f'{indent}<data key="{number}" />\n')
        return lines

    graph_data = data("graph", graph.attrs, "    ")  # its keys come first, its data after the nodes and edges
    for scope, attributes in (("node", (attrs for _, attrs in graph.nodes())),
                              ("edge", (attrs for _, _, attrs in graph.edges()))):
        for attrs in attributes:
            for name, value in attrs.items():
                kind = str if type(value) is list else type(value)  # a vector is written as text (_single)
                if (name, kind, scope) not in keys:
                    key(name, kind, scope)
    yield GRAPHML_HEAD + "\n"
    for (name, kind, scope), number in reversed(keys.items()):  # networkx puts each new key first
        yield (f'  <key id="{number}" for="{scope}" attr.name="{_xml_text(name)}" '
               f'attr.type="{GRAPHML_TYPES[kind]}" />\n')
    yield '  <graph edgedefault="directed">\n'
    for node, node_attrs in graph.nodes():
        inner = data("node", node_attrs, "      ")
        if inner:
            yield f'    <node id="{node}">\n'
            yield from inner
            yield "    </node>\n"
        else:
            yield f'    <node id="{node}" />\n'
    for parent, child, edge_attrs in graph.edges():
        yield f'    <edge source="{parent}" target="{child}">\n'
        yield from data("edge", edge_attrs, "      ")
        yield "    </edge>\n"
    yield from graph_data
    yield "  </graph>\n</graphml>\n"


def node_link_lines(graph: SearchGraph) -> Iterator[str]:
    """networkx's node-link data as JSON text (``directed``, ``multigraph``, ``graph``, ``nodes``, ``edges``), a
    node or an edge a line, each encoded by the standard library's fast encoder (which indenting would not use);
    infinities as ``"inf"`` and ``"-inf"``."""
    encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    yield f'{{"directed": true, "multigraph": false, "graph": {encode(_finite(dict(graph.attrs)))},\n "nodes": [\n'
    separator = "  "
    for node, node_attrs in graph.nodes():
        node_attrs = _finite(node_attrs)
        node_attrs["id"] = node
        yield separator + encode(node_attrs)
        separator = ",\n  "
    yield '\n ],\n "edges": [\n'
    separator = "  "
    for parent, child, edge_attrs in graph.edges():
        yield separator + encode({**edge_attrs, "source": parent, "target": child})
        separator = ",\n  "
    yield "\n ]\n}\n"


def _single(value) -> tuple[object, type]:
    """A value as GraphML holds it, with its type: a vector (max^n) as its text ``(1, 2, 6)``."""
    if type(value) is list:
        return format_number(tuple(value)), str
    return value, type(value)


def _xml_text(text: str) -> str:
    """``text`` escaped for XML character data."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _number(value):
    """A value as the graph keeps it: a float, or a vector (max^n) as a list of floats."""
    return [float(part) for part in value] if isinstance(value, (tuple, list)) else float(value)


def _finite(attrs: dict) -> dict:
    """Attributes ready for JSON, in place: float infinities as ``"inf"`` / ``"-inf"`` (the trace JSON's spelling),
    in vectors too; whole floats kept."""
    for key, value in attrs.items():
        if type(value) in (float, list):
            attrs[key] = json_number(value)
    return attrs
