"""Slides readable from the back of the room (issue 22): every shipped tree, and any tree of up to 32 leaves, drawn
on a 4:3 or a 16:9 slide has no text smaller than 10 pt (as pdftotext -bbox measures a word: about 1.16 times the
font size) and fills at least 85 % of the slide in one direction; a larger tree says what helps. The text is read
from the PDF itself (pypdf: each piece of text's font size on the page; pdftotext: each word's box), the fill from
the PNG's non-white pixels."""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from helpers import TREES, assert_one_line_error, font_sizes, run_tracer
from tracer import DrawOptions, load_problem, scene_of, trace_search
from tracer.render.drawing import lay_out, on_slide
from tracer.render.layout import LEGIBLE, Box

SIZES = ("4:3", "16:9")
SHIPPED = sorted(path.stem for path in TREES.glob("*.yaml"))
TALL = 10.0  # points: the least height of a word on the slide
FILL = 0.85


def word_heights(pdf) -> list[tuple[float, str]]:
    """Each word's height on the page, in points, as ``pdftotext -bbox`` measures it."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [(float(y_max) - float(y_min), word) for y_min, y_max, word in
            re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', out)]


def fill(png) -> tuple[float, float]:
    """How much of the image's width and height its non-white pixels span."""
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        left, top, right, bottom = ImageChops.difference(rgb, Image.new("RGB", rgb.size, "white")).getbbox()
        return (right - left) / rgb.size[0], (bottom - top) / rgb.size[1]


def check_legible(tree, size, tmp_path, *more) -> None:
    pdf, png = tmp_path / "slide.pdf", tmp_path / "slide.png"
    for path in (pdf, png):
        result = run_tracer("render", tree, "--size", size, *more, "-o", path)
        assert result.returncode == 0 and result.stderr == "", result.stderr
    smallest = min(font_sizes(pdf))
    assert smallest[0] >= LEGIBLE - 0.05, f"{tree} at {size}: {smallest[1]!r} is {smallest[0]:.1f} pt"
    if shutil.which("pdftotext"):
        lowest = min(word_heights(pdf))
        assert lowest[0] >= TALL - 0.05, f"{tree} at {size}: {lowest[1]!r} stands {lowest[0]:.1f} pt high"
    across, down = fill(png)
    assert max(across, down) >= FILL, f"{tree} at {size}: fills {across:.0%} × {down:.0%}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_tree_is_legible_on_a_slide(name, size, tmp_path):
    check_legible(TREES / f"{name}.yaml", size, tmp_path)


def random_tree(rng: random.Random, leaves: int, plies: int = 4) -> list:
    """A tree of exactly ``leaves`` leaves and random shape (2 to 4 children a node, up to ``plies`` plies below the
    root), values of up to two digits, some negative."""
    while True:
        root: list = [rng.randint(-20, 99), rng.randint(-20, 99)]
        frontier = [(root, 0, 1), (root, 1, 1)]  # where a leaf stands: (its parent's list, its index, its ply)
        count = 2
        while count < leaves:
            open_ = [spot for spot in frontier if spot[2] < plies]
            if not open_:
                break  # too narrow a tree for so many leaves: start again
            spot = open_[rng.randrange(len(open_))]
            frontier.remove(spot)
            parent, index, ply = spot
            width = min(rng.choice((2, 2, 3, 4)), leaves - count + 1)
            parent[index] = [rng.randint(-20, 99) for _ in range(width)]
            frontier += [(parent[index], i, ply + 1) for i in range(width)]
            count += width - 1
        if count == leaves:
            return root


def random_file(tmp_path, seed: int, leaves: int):
    path = tmp_path / "random.yaml"
    tree = random_tree(random.Random(seed), leaves)
    assert len(re.findall(r"-?\d+", str(tree))) == leaves
    path.write_text(f"title: Random tree {seed}\nroot: max\ntree: {tree}\nrules: {{algorithm: alphabeta}}\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_tree_of_32_leaves_is_legible_on_a_wide_slide(seed, tmp_path):
    check_legible(random_file(tmp_path, seed, 32), "16:9", tmp_path)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_tree_of_20_leaves_is_legible_on_a_4_3_slide(seed, tmp_path):
    check_legible(random_file(tmp_path, seed, 20), "4:3", tmp_path)


def test_48_leaves_on_a_4_3_slide_say_what_helps_and_the_advice_works(tmp_path):
    """48 leaves' values alone, at a legible size, fill a 10-inch slide's width even in two staggered rows, the
    widest level above them narrowed (40 fit so: 9.3 pt): the note says so."""
    path = random_file(tmp_path, 1, 48)
    result = run_tracer("render", path, "--size", "4:3", "-o", tmp_path / "small.pdf")
    assert result.returncode == 0
    assert "too small to read" in result.stderr and "--draw-depth" in result.stderr and "--size" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    check_legible(path, "4:3", tmp_path, "--draw-depth", "2")


def test_the_readme_deck_with_a_key_is_legible_on_every_page(tmp_path):
    deck = tmp_path / "deck.pdf"
    result = run_tracer("slides", TREES / "binary_depth4.yaml", "--step", "cutoff", "--size", "4:3", "--legend",
                        "-o", deck)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    sizes = font_sizes(deck)
    assert len(PdfReader(deck).pages) > 3 and min(sizes)[0] >= LEGIBLE - 0.05, min(sizes)


def test_a_tree_too_large_to_read_says_what_helps(tmp_path):
    def binary(depth: int, first: int = 0):
        return first if depth == 0 else [binary(depth - 1, first), binary(depth - 1, first + 2 ** (depth - 1))]

    wide = tmp_path / "wide.yaml"
    wide.write_text(f"root: max\ntree: {binary(6)}\n", encoding="utf-8")  # 64 leaves
    result = run_tracer("render", wide, "--size", "4:3", "-o", tmp_path / "wide.pdf")
    assert result.returncode == 0
    assert "too small to read" in result.stderr and "--draw-depth" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_font_scale_makes_the_text_larger_and_is_bounded(tmp_path):
    plain, larger = tmp_path / "plain.pdf", tmp_path / "larger.pdf"
    said = {}
    for path, scale in ((plain, "1"), (larger, "2")):
        result = run_tracer("render", TREES / "rn_example.yaml", "--size", "16:9", "--font-scale", scale,
                            "-o", path)
        assert result.returncode == 0, result.stderr
        said[scale] = result.stderr
    # the slide holds under 30 pt for Figure 5.2 (its cut marks terse): 2 asks for 36 and gets what fits, saying
    # which scale that is
    assert min(font_sizes(larger))[0] >= min(font_sizes(plain))[0] - 0.05
    assert said["1"] == "" and len(said["2"].strip().splitlines()) == 1 and "--font-scale 1" in said["2"]
    for command in ("render", "slides"):
        assert_one_line_error(run_tracer(command, TREES / "rn_example.yaml", "--font-scale", "4"),
                              "--font-scale", "from 0.5 to 3")


def segment_crosses(a: tuple[float, float], b: tuple[float, float], box: Box) -> bool:
    """Whether the segment from ``a`` to ``b`` passes through ``box`` shrunk by half a point (Liang–Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box.left - 0.5), (dx, box.right - 0.5 - a[0]),
                 (-dy, a[1] - box.bottom - 0.5), (dy, box.top - 0.5 - a[1])):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 < t1


@pytest.mark.parametrize("name", ["rn_example", "binary_depth4", "uneven", "three_agents", "dice"])
@pytest.mark.parametrize("size", [None, (10.0, 7.5)])
def test_edges_never_cross_a_shape_or_a_note_but_their_own(name, size):
    """An edge runs from its tail's centre to its head's; it passes under its tail's own notes (drawn on white, so
    it seems to leave from their foot) and crosses no other shape and no notes."""
    problem = load_problem(str(TREES / f"{name}.yaml"))
    algorithm = "expectiminimax" if name == "dice" else "alphabeta"
    trace = trace_search(problem.root, algorithm, depth=problem.depth, meta=problem.meta)
    options = DrawOptions(visits=True)
    scene = scene_of(trace, options)
    layout = lay_out(scene) if size is None else on_slide(scene, size, options)[0]
    boxes = [(f"shape {n}", n, b) for n, b in layout.outlines.items()]
    boxes += [(f"notes {n}", n, b) for n, b in layout.notes.items()]
    for edge in scene.edges:
        tail, head = layout.shapes[edge.tail], layout.shapes[edge.head]
        for what, owner, box in boxes:
            if owner in (edge.tail, edge.head):
                continue
            assert not segment_crosses((tail.x, tail.y), (head.x, head.y), box), \
                f"{name}: the edge {edge.tail}->{edge.head} crosses {what}"


@pytest.mark.parametrize("source, algorithm, options", [
    (dict(game="connect4", position="4453", depth=3), "alphabeta", DrawOptions(compact=True, first_children=2)),
    (dict(game="clobber", depth=2), "alphabeta", DrawOptions(first_children=3)),
    (dict(path=str(TREES / "binary_depth4.yaml")), "alphabeta", DrawOptions(compact=True, first_children=1)),
    (dict(path=str(TREES / "rn_example.yaml")), "alphabeta", DrawOptions(first_children=1, visits=True)),
])
def test_edges_to_boxes_of_children_left_out_cross_no_node(source, algorithm, options):
    """The dotted edge to a "+n more" box (or a "✂ n pruned" one) runs clear of its siblings, however tall they
    are (boards): it used to run through the best child's board with --first-children 2 --compact."""
    from tracer.render.drawing import fitted

    path = source.pop("path", None)
    problem = load_problem(path, **source)
    trace = trace_search(problem.root, algorithm, depth=problem.depth, meta=problem.meta)
    fit = fitted(trace, options)
    scene, layout = fit.scene, fit.layout
    assert any(node.kind in ("more", "stub") for node in scene.nodes)
    boxes = [(f"shape {n}", n, b) for n, b in layout.outlines.items()]
    boxes += [(f"notes {n}", n, b) for n, b in layout.notes.items()]
    kinds = {node.id: node.kind for node in scene.nodes}
    for edge in scene.edges:
        if kinds[edge.head] == "board":
            continue  # (between boards a fan from a tall board still crosses a sibling's corner: not widened for)
        tail, head = layout.shapes[edge.tail], layout.shapes[edge.head]
        for what, owner, box in boxes:
            if owner not in (edge.tail, edge.head):
                assert not segment_crosses((tail.x, tail.y), (head.x, head.y), box), \
                    f"the edge {edge.tail}->{edge.head} crosses {what}"


def test_grade_feedback_edges_clear_a_flagged_nodes_notes():
    """On a feedback drawing, a wrong node's window, cut reason and flag stand under it: its incoming edge strikes
    through none of them, nor does any other edge."""
    problem = load_problem(str(TREES / "rn_example.yaml"))
    trace = trace_search(problem.root, "alphabeta", depth=problem.depth, meta=problem.meta)
    options = DrawOptions(flags=((5, "✗ you: 4"), (8, "✗ you: examined")), legend=True)
    scene = scene_of(trace, options)
    layout = lay_out(scene)
    assert layout.note_lines(next(node for node in scene.nodes if node.id == "n5"))[-1] == "✗ you: 4"
    for edge in scene.edges:
        tail, head = layout.shapes[edge.tail], layout.shapes[edge.head]
        for owner, box in layout.notes.items():
            if owner != edge.tail:
                assert not segment_crosses((tail.x, tail.y), (head.x, head.y), box), (edge.tail, edge.head, owner)
