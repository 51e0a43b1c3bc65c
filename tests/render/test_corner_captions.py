"""A deck's caption in the tree's top right corner (issue 34): a slide short of height puts it there, its lines
flush right, each as far left as what is drawn at its own height allows (a triangle widening downward leaves its
upper lines room further left). Every frame of a deck draws its caption in the deck's one box, so each line of every
frame must clear what that frame draws: measured here in the PDF the deck writes (each caption line's words, as
``pdftotext -bbox-layout`` finds them on the page), against the layout's boxes of the shapes (with the current node's
second outline), notes, names, edge labels and titles, and points along every edge. The decks are every one whose
caption stands there, shipped trees, the README's MCTS deck and the random trees of the projection-size tests."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from html import unescape

import pytest

from helpers import TREES, random_tree, traced
from tracer import DrawOptions, load_problem, trace_search
from tracer.render.deck import make_deck
from tracer.render.deck_pdf import pdf_deck
from tracer.render.layout import RING, Box
from tracer.render.page import SLIDE_TEXT_PAD, slide_size
from tracer.search.spec import resolve
from tracer.view import default_step_mode, frame_steps

pytestmark = pytest.mark.skipif(shutil.which("dot") is None or shutil.which("pdftotext") is None,
                                reason="needs Graphviz and pdftotext")

# (tree, slide, how it is searched and framed): every deck whose caption stands in the tree's top right corner, as
# tools/projection_sizes.py reports them (each is checked to be so)
CORNERED = [("id_example", "16:9", "file"), ("mcts_example", "4:3", "file"), ("mcts_exercise", "4:3", "file"),
            ("star1", "4:3", "file"), ("star1", "16:9", "file"), ("star2", "4:3", "file"), ("star2", "16:9", "file"),
            ("rn_example", "4:3", "mcts"), ("random16", "4:3", "cutoff"), ("random27", "16:9", "cutoff")]
# points (the drawing's): how far a caption line's right edge, as measured, may stand from the box's (Graphviz sets a
# table's cells in whole points, and pdftotext's word box ends where its last glyph's advance does: from −2.3 to +1.0
# measured over these decks; centred lines of different widths would stand apart by half their difference)
FLUSH = 2.5


def cornered_deck(name: str, size: str, how: str, tmp_path):
    """The deck ``tracer slides`` makes of ``name`` at ``size``: the file's own search (``file``), the README's
    ``-a mcts --iterations 12`` (``mcts``) or a random tree of the projection-size tests by ``--step cutoff``."""
    if how == "mcts":
        problem = load_problem(str(TREES / f"{name}.yaml"))
        spec = resolve(problem.rules, {"algorithm": "mcts", "iterations": 12}, problem.depth, problem.root)[0][0]
        trace = trace_search(problem.root, spec, meta=problem.meta)
    elif how == "cutoff":
        leaves = int(name.removeprefix("random"))
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"title: Random tree\nroot: max\ntree: {random_tree(random.Random(leaves), leaves)}\n"
                        "rules: {algorithm: alphabeta}\n", encoding="utf-8")
        trace = traced(path, None)
    else:
        trace = traced(TREES / f"{name}.yaml", None)
    step = "cutoff" if how == "cutoff" else default_step_mode(trace)
    return make_deck(trace, frame_steps(trace, step), DrawOptions(), slide_size(size))


def page_lines(pdf: bytes) -> list[list[list[tuple[str, Box]]]]:
    """Each page's lines of text as ``pdftotext -bbox-layout`` finds them: each line's words, each with its box in
    the page's points (y growing downwards, as pdftotext gives it)."""
    out = subprocess.run(["pdftotext", "-bbox-layout", "-", "-"], input=pdf, capture_output=True,
                         check=True).stdout.decode("utf-8")
    pages = []
    for page in re.findall(r"<page .*?</page>", out, re.S):
        lines = []
        for line in re.findall(r"<line .*?</line>", page, re.S):
            words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                               line)
            lines.append([(unescape(word), Box.spanning(float(x0), float(y0), float(x1), float(y1)))
                          for x0, y0, x1, y1, word in words])
        pages.append(lines)
    return pages


def drawn_line(lines, text: str, frame: Box, scale: float, caption: Box) -> list[Box]:
    """The words' boxes of the caption line ``text`` among a page's ``lines`` (the page ``frame`` enlarged ``scale``
    times), in the drawing's points: the line within the ``caption`` box's height whose last words are its words
    (flush right, nothing stands right of it; pdftotext may join a name or label left of it)."""
    words = text.split()
    found = [[in_drawing(box, frame, scale) for _, box in line[-len(words):]] for line in lines
             if len(line) >= len(words) and [word for word, _ in line[-len(words):]] == words]
    found = [boxes for boxes in found if caption.bottom < boxes[0].y < caption.top]
    assert len(found) == 1, (text, [[word for word, _ in line] for line in lines])
    return found[0]


def in_drawing(box: Box, frame: Box, scale: float) -> Box:
    """A box on the PDF page (points, y down) in the drawing's points (y up): the page is ``frame`` enlarged
    ``scale`` times."""
    return Box.spanning(frame.left + box.left / scale, frame.top - box.top / scale,
                        frame.left + box.right / scale, frame.top - box.bottom / scale)


def overlapping(one: Box, other: Box) -> bool:
    return (min(one.right, other.right) > max(one.left, other.left)
            and min(one.top, other.top) > max(one.bottom, other.bottom))


def frame_drawn(scene, layout, page) -> tuple[list[Box], list[list[tuple[float, float]]]]:
    """What ``scene``'s frame draws besides its caption, as boxes (every shape with room for the current node's
    second outline, notes, names, edge labels, the titles), and each edge as points along its line."""
    boxes = [Box(box.x, box.y, box.width + 2 * RING, box.height + 2 * RING) for box in layout.outlines.values()]
    boxes += [*layout.notes.values(), *layout.names.values(), page.title]
    edges = []
    for edge in scene.edges:
        label = layout.label_box(edge)
        if label is not None:
            boxes.append(label)
        (x0, y0), (x1, y1) = [(layout.shapes[end].x, layout.shapes[end].y) for end in (edge.tail, edge.head)]
        edges.append([(x0 + (x1 - x0) * t / 100, y0 + (y1 - y0) * t / 100) for t in range(101)])
    return boxes, edges


@pytest.mark.parametrize("name, size, how", CORNERED)
def test_a_caption_in_the_top_right_corner_clears_what_every_frame_draws(name, size, how, tmp_path):
    """Each written line of every frame's caption, as drawn in the deck's PDF: its right edge the deck's box's (the
    lines flush right, in every frame alike), inside the page, its words overlapping no shape (with the current node's
    second outline), note, name, edge label or the titles of that frame, and no edge passing through them."""
    deck = cornered_deck(name, size, how, tmp_path)
    layout, page = deck.layout, deck.page
    assert layout.caption_beside > 0 and not layout.title_beside and not layout.caption_low and page.caption_flush
    pages = page_lines(pdf_deck(deck))
    assert len(pages) == len(deck.frames)
    scale = deck.size[0] * 72 / page.frame.width  # (the page has the slide's shape)
    right = page.caption.right - SLIDE_TEXT_PAD / 2  # where every line ends
    written = 0
    for frame, lines in zip(deck.frames, pages):
        boxes, edges = frame_drawn(frame.scene, layout, page)
        for text in frame.scene.caption.split("\n"):
            if not text.strip():
                continue
            words = drawn_line(lines, text, page.frame, scale, page.caption)
            assert abs(words[-1].right - right) < FLUSH, (frame.step, text, words[-1].right, right)
            for word in words:
                assert page.frame.left <= word.left and word.right <= page.frame.right, (frame.step, text)
                assert not [box for box in boxes if overlapping(word, box)], (frame.step, text, word)
                assert not any(word.left < x < word.right and word.bottom < y < word.top
                               for points in edges for x, y in points), (frame.step, text, word)
            written += 1
    assert written >= len(deck.frames)  # (every frame's caption was found and checked)


def test_the_latex_picture_sets_a_cornered_caption_flush_right_too(tmp_path):
    """TikZ, a sibling printer of the same page, ends each line of a cornered caption where DOT does: its node's east
    anchor at the box's right edge less the pad, its lines aligned right."""
    from tracer.render.tikz import scene_to_tikz

    deck = cornered_deck("rn_example", "4:3", "mcts", tmp_path)
    source = scene_to_tikz(deck.frames[-1].scene, deck.layout, deck.page)
    found = re.search(r"\\node\[align=right, anchor=east, inner xsep=0pt\] at \(([-\d.]+),([-\d.]+)\) \{\\textit",
                      source)
    assert found, source
    assert abs(float(found[1]) - (deck.page.caption.right - SLIDE_TEXT_PAD / 2)) < 0.06
    assert abs(float(found[2]) - deck.page.caption.y) < 0.06
