"""LaTeX outputs compiled by a real pdfLaTeX: the TikZ figure (standalone, and the bare picture \\input into a
document) and the Beamer frame over a deck's pages; the PDF's text holds the names, values and captions."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from helpers import assert_one_line_error, run_tracer
from tracer.render.latex import latex_text

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
POSITIONS = ROOT / "games" / "positions"
PDFLATEX = shutil.which("pdflatex")
pytestmark = [
    pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)"),
]
needs_latex = pytest.mark.skipif(PDFLATEX is None, reason="needs pdflatex (Debian: texlive-latex-base, "
                                                          "-latex-recommended, -latex-extra, -pictures; .ci/run "
                                                          "installs them)")
SPECIAL = "_ & % $ # { } ~ ^ \\"
TRICKY = f"""title: 'Specials {SPECIAL}'
root: max
tree:
  - name: "a_b & c"
    children: [{{name: "50%", value: 3}}, {{name: "$x$", value: 12}}]
  - name: "#1 {{x}}"
    children: [{{name: "~^", value: 2}}, {{name: "\\\\end{{document}}", value: 4}}]
"""


def pdflatex(tex: Path, runs: int = 1) -> str:
    """Compile ``tex`` ``runs`` times (a TikZ figure reads no .aux: once; a Beamer talk twice, as its overlays
    settle on the second run); return the log if it failed."""
    for _ in range(runs):
        done = subprocess.run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", tex.name], cwd=tex.parent,
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            return done.stdout[-3000:]
    return ""


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_latex_text_escapes_every_special_character():
    assert latex_text(SPECIAL) == (r"\_ \& \% \$ \# \{ \} \textasciitilde{} \textasciicircum{} \textbackslash{}")
    assert latex_text("α=−∞ ✂ 2 ≤ 3") == (r"\ensuremath{\alpha}=\ensuremath{-}\ensuremath{\infty} \ding{34} 2 "
                                          r"\ensuremath{\le} 3")
    assert latex_text("Zürich 中") == "Zürich ?"  # pdfLaTeX has no glyph for the last: a ? rather than a failed run


@needs_latex
@pytest.mark.parametrize("args", [["trees/rn_example.yaml", "--legend", "--visits"],
                                  ["trees/uneven.yaml", "-a", "negamax-ab", "--legend"],
                                  ["games/positions/clobber_endgame.yaml", "--legend"]])
def test_tikz_figure_compiles_and_holds_the_diagram(tmp_path, args):
    tex = tmp_path / "figure.tex"
    result = run_tracer("render", *args, "-o", tex)
    assert result.returncode == 0, result.stderr
    source = tex.read_text(encoding="utf-8")
    assert source.startswith("\\documentclass") and "\\begin{tikzpicture}" in source
    assert pdflatex(tex) == ""
    text = pdf_text(tmp_path / "figure.pdf")
    dot = run_tracer("render", *args, "-f", "dot", "-o", tmp_path / "figure.dot")
    assert dot.returncode == 0
    for name in ("Key",):
        assert name in text
    if "rn_example" in args[0]:
        for word in ("A", "B", "C", "D", "#1", "#11", "value 3, best move B"):
            assert word in text
        assert source.count("dashed") >= 4  # C2 and C3, their edges
        assert "-{Bar" in source and "\\ding{34}" in source  # the cut edge and its ✂
        assert source.count("best, line width=2.4pt") == 2  # A→B→B1


@needs_latex
def test_tikz_escapes_names_and_the_body_inputs_into_a_document(tmp_path):
    tree = tmp_path / "tricky.yaml"
    tree.write_text(TRICKY, encoding="utf-8")
    standalone = tmp_path / "tricky.tex"
    assert run_tracer("render", tree, "-o", standalone).returncode == 0
    assert pdflatex(standalone) == ""
    text = pdf_text(tmp_path / "tricky.pdf")
    for name in ("a_b & c", "50%", "$x$", "#1 {x}", "\\end{document}"):
        assert name in text
    body = tmp_path / "body.tex"
    assert run_tracer("render", TREES / "rn_example.yaml", "-f", "tikz", "--tikz-body", "-o", body).returncode == 0
    assert not body.read_text().startswith("\\documentclass")
    paper = tmp_path / "paper.tex"
    paper.write_text("\\documentclass{article}\n\\usepackage{tikz}\\usetikzlibrary{arrows.meta}\n"
                     "\\usepackage{amssymb,pifont}\n\\begin{document}\nFigure:\n\n\\resizebox{\\linewidth}{!}{"
                     "\\input{body.tex}}\n\\end{document}\n")
    assert pdflatex(paper) == ""
    assert "value 3, best move B" in pdf_text(tmp_path / "paper.pdf")


@needs_latex
def test_beamer_frame_shows_each_page_as_an_overlay_with_its_caption_as_a_note(tmp_path):
    talk = tmp_path / "talk"
    result = run_tracer("slides", TREES / "rn_example.yaml", "-f", "beamer", "-o", talk / "alphabeta.tex",
                        "--step", "event")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(talk / "alphabeta.tex"), str(talk / "alphabeta.pdf")]
    frame = (talk / "alphabeta.tex").read_text(encoding="utf-8")
    assert frame.count("\\includegraphics<") == 35 and "\\includegraphics<19>[page=19," in frame
    assert frame.count("\\note<") == 35
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass[aspectratio=169]{beamer}\n\\graphicspath{{talk/}}\n\\begin{document}\n"
                    "\\begin{frame}{Before}Alpha-beta, step by step.\\end{frame}\n\\input{talk/alphabeta.tex}\n"
                    "\\end{document}\n")
    assert pdflatex(main, runs=2) == ""
    pages = PdfReader(tmp_path / "main.pdf").pages
    assert len(pages) == 1 + 35
    assert "prune C's remaining children C2 (4) and C3 (6)" in " ".join(pages[19].extract_text().split())  # wrapped
    with_notes = tmp_path / "notes.tex"
    with_notes.write_text("\\documentclass{beamer}\n\\setbeameroption{show only notes}\n\\graphicspath{{talk/}}\n"
                          "\\begin{document}\n\\input{talk/alphabeta.tex}\n\\end{document}\n")
    assert pdflatex(with_notes, runs=2) == ""
    assert "Step 19: C: v = 2" in pdf_text(tmp_path / "notes.pdf").replace("\n", " ")


def test_tikz_options_are_checked(tmp_path):
    result = run_tracer("render", TREES / "rn_example.yaml", "--tikz-body", "-f", "svg", "-o", tmp_path / "x.svg")
    assert_one_line_error(result, "--tikz-body")
    assert list(tmp_path.iterdir()) == []


def test_tikz_matches_the_dot_drawing_arrowheads_on_the_best_line_and_notes_at_the_note_size(tmp_path):
    """The best line's thick edges keep a visible arrowhead (a 5 pt tip vanished under a 2.4 pt line), and the
    notes under the nodes are as large as in the DOT drawing (they were \\scriptsize, 7 pt against 9)."""
    import re

    from tracer.render.style import NOTE_SIZE

    out = tmp_path / "fig.tex"
    assert run_tracer("render", TREES / "rn_example.yaml", "--visits", "-o", out).returncode == 0
    tex = out.read_text()
    best = [line for line in tex.splitlines() if line.startswith("\\draw[") and ", best," in line]
    assert len(best) == 2  # A to B, B to its first leaf
    for line in best:
        width = max(float(w) for w in re.findall(r"line width=([\d.]+)pt", line))
        tip = re.search(r"Stealth\[length=([\d.]+)pt, width=([\d.]+)pt\]", line)
        assert tip and float(tip.group(1)) >= 3 * width and float(tip.group(2)) >= 3 * width, line
    notes = [line for line in tex.splitlines() if "text=note" in line]
    assert notes and all(f"\\fontsize{{{NOTE_SIZE:g}}}" in line for line in notes)
    assert "scriptsize" not in "\n".join(notes)


@needs_latex
def test_tikz_on_a_narrow_slide_wraps_the_title_where_the_dot_drawing_does(tmp_path):
    """``render --size 4:3`` lays Star1's long title out wrapped (the tree then has room); the TikZ picture sets
    the same lines as the DOT drawing (it wrote them unwrapped, wider than the page the layout made), and every
    word of the wrapped title lies inside the compiled page."""
    import re

    args = [TREES / "star1.yaml", "--size", "4:3"]
    dot, tex = tmp_path / "fig.dot", tmp_path / "fig.tex"
    assert run_tracer("render", *args, "-o", dot).returncode == 0
    assert run_tracer("render", *args, "-o", tex).returncode == 0
    title = re.search(r'^\s*title \[.*?label=<<TABLE.*?</TABLE>>', dot.read_text(), re.S | re.M).group(0)
    dot_rows = re.findall(r"<TR><TD><FONT[^>]*>(.*?)</FONT></TD></TR>", title)
    assert len(dot_rows) > 2  # the title and the subtitle, and at least one of them wrapped
    node = next(line for line in tex.read_text().splitlines() if "\\textbf{Star1" in line)
    assert node.count("\\selectfont") == len(dot_rows)
    assert not pdflatex(tex)
    width = float(PdfReader(tmp_path / "fig.pdf").pages[0].mediabox.width)
    words = subprocess.run(["pdftotext", "-bbox", tmp_path / "fig.pdf", "-"], capture_output=True, text=True).stdout
    right = max(float(x) for x in re.findall(r'xMax="([\d.]+)"', words))
    assert right <= width
