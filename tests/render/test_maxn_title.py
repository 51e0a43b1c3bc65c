"""max^n's name, written properly (issue 34): a superscript n in the SVG (Graphviz's <sup>), \\max^n in TikZ and
Beamer, maxⁿ where only plain text goes, ^n on a terminal without the sign; named in one place."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from helpers import run_tracer

from tracer.render.dot import text as dot_text
from tracer.render.latex import latex_text
from tracer.search.registry import ALGORITHMS
from tracer.text import MARKED_NAMES, MAXN, plain

SVG = "{http://www.w3.org/2000/svg}"


def test_the_name_is_one_and_each_printer_writes_it_from_the_table():
    assert ALGORITHMS["maxn"].title == MAXN == "maxⁿ"
    assert dot_text("maxⁿ with <Korf>") == "max<sup>n</sup> with &lt;Korf&gt;"  # user text stays text
    assert latex_text("maxⁿ & more") == r"\ensuremath{\max^n} \& more"
    assert MARKED_NAMES[MAXN] == {"html": dot_text(MAXN), "latex": latex_text(MAXN)}
    assert plain("maxⁿ") == "max^n"
    assert dot_text("max^n") == "max^n" and latex_text("x^n") == r"x\textasciicircum{}n"  # a caret is a caret


def test_the_svg_title_has_a_superscript_n_and_no_caret(tmp_path):
    out = tmp_path / "k.svg"
    assert run_tracer("render", "trees/korf_pruning.yaml", "-f", "svg", "-o", out).returncode == 0
    svg = out.read_text()
    assert "^" not in svg
    title = next(group for group in ET.fromstring(svg).iter(f"{SVG}g") if group.get("id") == "title")
    texts = list(title.iter(f"{SVG}text"))
    raised = [i for i, text in enumerate(texts) if text.get("baseline-shift") == "super"]
    assert len(raised) == 1  # the search's subtitle (the tree's title names Korf)
    for i in raised:
        assert texts[i].text == "n" and texts[i - 1].text.endswith("max")


def test_the_player_keeps_the_superscript(tmp_path):
    out = tmp_path / "k.html"
    assert run_tracer("slides", "trees/korf_pruning.yaml", "-f", "html", "-o", out).returncode == 0
    page = out.read_text()
    assert '"baseline-shift":"super"' in page.replace(" ", "") and "Max^n" not in page


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex")
def test_the_tikz_title_is_typeset_as_max_to_the_n(tmp_path):
    out = tmp_path / "k.tex"
    assert run_tracer("render", "trees/korf_pruning.yaml", "-f", "tikz", "-o", out).returncode == 0
    tikz = out.read_text()
    assert tikz.count(r"\ensuremath{\max^n}") >= 2 and "Max^n" not in tikz and "max?" not in tikz
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", out.name], cwd=tmp_path,
                   capture_output=True, check=True, timeout=120)
    words = subprocess.run(["pdftotext", out.with_suffix(".pdf"), "-"], capture_output=True, text=True,
                           check=True).stdout
    assert "max" in words and "Korf" in words
