"""tracer's DOT text (tracer.render.dot_text) against the graphviz package's Digraph, which it stands in for on the
drawing path: the same statements give the same source, byte for byte, whatever the text in them; and real dot
reads a hostile label back as it was given."""

from __future__ import annotations

import html
import json
import warnings

import graphviz
from hypothesis import given
from hypothesis import strategies as st

from helpers import examples
from tracer.render.dot_text import Digraph, html_escaped, quote
from tracer.render.engine import run_graphviz

# the text that decides quoting: quotes, backslashes, angle brackets, keywords, numbers, newlines, non-ASCII
PIECES = st.sampled_from(['"', "\\", "<", ">", "node", "Edge", "-", ".", "1", "2.5", "x", "_", " ", "\n", "α", "=",
                          "[", "]", ";", "{", "}", "&", "#"])
TEXT = st.lists(PIECES, max_size=8).map("".join)
NAMES = st.sampled_from(["n0", "n0_notes", "title", "node", "frame_low", "1", "-2.5", "a b", "α"])
ATTRIBUTES = st.dictionaries(st.sampled_from(["shape", "pos", "fillcolor", "id", "style", "xlabel", "tooltip"]),
                             TEXT, max_size=4)


@examples(200)
@given(name=NAMES, graph_attributes=ATTRIBUTES, statements=st.lists(
    st.tuples(st.sampled_from(["node", "edge", "attr"]), NAMES, NAMES, st.none() | TEXT, ATTRIBUTES), max_size=6))
def test_the_same_statements_give_the_graphviz_package_s_source(name, graph_attributes, statements):
    ours, theirs = Digraph(name=name), graphviz.Digraph(name=name)
    for graph in (ours, theirs):
        with warnings.catch_warnings():  # the package warns of an odd number of backslashes at a text's end
            warnings.simplefilter("ignore", graphviz.DotSyntaxWarning)
            graph.attr("graph", **graph_attributes)
            for kind, first, second, label, attributes in statements:
                if kind == "node":
                    graph.node(first, label=label, **attributes)
                elif kind == "edge":
                    graph.edge(first, second, label=label, **attributes)
                else:
                    graph.attr("node", **attributes)
    assert ours.source == theirs.source


@examples(200)
@given(text=st.text() | st.lists(st.sampled_from(["&", "<", ">", '"', "'", "&amp;", "\\", "α", "x"])).map("".join))
def test_html_text_is_escaped_as_the_html_package_escapes_it(text):
    assert html_escaped(text) == html.escape(text, quote=True)


def test_quoting_by_the_rules_and_dot_reads_a_hostile_label_back():
    assert [quote(text) for text in ("n0", "-2.5", "<<B>7</B>>", "node", "a b", 'say "hi"', 'a\\"b')] == \
        ["n0", "-2.5", "<<B>7</B>>", '"node"', '"a b"', '"say \\"hi\\""', '"a\\"b"']
    label = 'MAX "A" {edge} [1]; α=−∞'
    graph = Digraph(name="graph")
    graph.node("node", label=label, shape="box")
    drawn = json.loads(run_graphviz(graph.source, "json", "dot"))
    assert [(obj["name"], obj["label"]) for obj in drawn["objects"]] == [("node", label)]
