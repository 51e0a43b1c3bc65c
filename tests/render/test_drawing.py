"""Rendering with the real Graphviz `dot`: valid svg/png/pdf, atomic writes, clear errors."""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tracer import OutputError, RenderError, load_tree, render_bytes, render_to_file, trace_search
from tracer.render.drawing import dot_to_bytes
from tracer.io import write_atomically

TREES = Path(__file__).resolve().parents[2] / "trees"
pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz's dot (setup.sh installs it)")


@pytest.fixture(scope="module")
def trace():
    tree = load_tree(TREES / "rn_example.yaml")
    return trace_search(tree.root, "alphabeta", meta=tree.meta())


def test_svg_is_valid_xml_with_every_node(trace):
    svg = render_bytes(trace, "svg")
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    titles = {el.text for el in root.iter() if el.tag.endswith("title")}
    assert {f"n{n.id}" for n in trace.nodes} <= titles
    assert "Russell &amp; Norvig, Figure 5.2" in svg.decode()


def test_png_and_pdf_come_from_dot(trace):
    png = render_bytes(trace, "png")
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5_000
    pdf = render_bytes(trace, "pdf")
    assert pdf.startswith(b"%PDF-") and b"%%EOF" in pdf[-1024:]


def test_dot_format_is_the_source(trace):
    assert render_bytes(trace, "dot").startswith(b"digraph trace {")


def test_render_to_file_takes_the_format_from_the_extension(tmp_path, trace):
    path = render_to_file(trace, tmp_path / "deep" / "figure.pdf")
    assert Path(path).read_bytes().startswith(b"%PDF-")
    assert [p.name for p in (tmp_path / "deep").iterdir()] == ["figure.pdf"]  # no temporary files left


def test_unknown_format_writes_nothing(tmp_path, trace):
    with pytest.raises(OutputError, match="cannot tell the format from the extension") as error:
        render_to_file(trace, tmp_path / "x.gif")
    assert str(error.value).endswith("use .svg, .png, .pdf, .dot, .tex, or give -f")  # .tex: TikZ's extension
    assert list(tmp_path.iterdir()) == []


def test_graphviz_failure_is_one_line_and_writes_nothing(tmp_path):
    with pytest.raises(RenderError) as error:
        dot_to_bytes("digraph { a -> }", "svg")
    assert str(error.value).startswith("Graphviz failed: ") and "\n" not in str(error.value)


def test_missing_dot_says_how_to_install(monkeypatch, trace, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no dot on it: the real lookup fails
    with pytest.raises(RenderError, match="apt-get install graphviz"):
        render_bytes(trace, "svg")


def test_atomic_write_replaces_whole_files_and_leaves_no_parts(tmp_path):
    target = tmp_path / "out.svg"
    target.write_text("old")
    write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    with pytest.raises(OutputError, match="cannot write"):
        write_atomically(tmp_path, b"data")  # a folder cannot be replaced by a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.svg"]
    if os.geteuid() != 0:  # root can write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(OutputError, match="cannot write"):
            write_atomically(locked / "x.svg", b"data")


def test_jupyter_shows_a_trace_as_its_svg(trace):
    # what tracer registers with IPython's display formatter for Trace (tracer/__init__.py)
    import tracer

    svg = tracer._svg(trace)
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "Figure 5.2" in svg
