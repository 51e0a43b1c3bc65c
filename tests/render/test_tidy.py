"""Big diagrams keep the textbook's shape: read back from the SVG that Graphviz draws, every node stands in place
(levels aligned, children in order, parents centred over their children) and nothing is drawn over anything."""

from __future__ import annotations

import random
import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import yaml

from helpers import run_tracer, uniform_tree
from tracer import DrawOptions, load_problem, scene_of, trace_search
from tracer.render.drawing import measure
from tracer.render.layout import Box, text_width

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
POSITIONS = ROOT / "games" / "positions"
SVG = "{http://www.w3.org/2000/svg}"
pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)")


def uneven_tree(seed: int, depth: int = 6):
    """Branching 1 to 4, leaves at any depth from 2 on: subtrees of very different widths side by side."""
    rng = random.Random(seed)

    def build(level):
        if level == depth or (level >= 2 and rng.random() < 0.3):
            return round(rng.uniform(-50, 50), rng.choice([0, 0, 2]))
        return [build(level + 1) for _ in range(rng.randint(1, 4))]

    return build(0)


def outline(group) -> Box | None:
    """The box around a group's first outline (polygon, path or ellipse): a node's shape, a label's white box."""
    for element in group:
        tag = element.tag.removeprefix(SVG)
        if tag == "ellipse":
            cx, cy, rx, ry = (float(element.get(key)) for key in ("cx", "cy", "rx", "ry"))
            return Box(cx, cy, 2 * rx, 2 * ry)
        if tag in ("polygon", "path"):
            numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", element.get("points") or element.get("d"))]
            xs, ys = numbers[0::2], numbers[1::2]
            return Box.spanning(min(xs), min(ys), max(xs), max(ys))
    return None


def svg_places(svg: bytes):
    """From Graphviz's SVG: each node's shape box (by node id), and every box drawn with text (shapes, notes, edge
    labels) for the overlap check. A note's width is its text's width in the font Graphviz measured."""
    shapes: dict[int, Box] = {}
    drawn: list[tuple[str, Box]] = []
    for group in ElementTree.fromstring(svg).iter(f"{SVG}g"):
        gid = group.get("id", "")
        if re.fullmatch(r"n\d+", gid) or re.fullmatch(r"n\d+_n\d+_label", gid):
            box = outline(group)
            drawn.append((gid, box))
            if gid[1:].isdigit():
                shapes[int(gid[1:])] = box
        elif re.fullmatch(r"n\d+_notes", gid):
            for text in group.iter(f"{SVG}text"):
                size = float(text.get("font-size"))
                width = text_width(text.text or "", size, bold=text.get("font-weight") == "bold")
                x, y = float(text.get("x")), float(text.get("y"))
                drawn.append((f"{gid} {text.text!r}", Box.spanning(x, y - size * 0.8, x + width, y + size * 0.2)))
    return shapes, drawn


def overlaps(boxes: list[tuple[str, Box]], slack: float = 0.5) -> list[tuple[str, str]]:
    """Pairs of boxes that overlap by more than ``slack`` points both ways (a sweep from left to right)."""
    found = []
    ordered = sorted(boxes, key=lambda item: item[1].left)
    for i, (name_a, a) in enumerate(ordered):
        for name_b, b in ordered[i + 1:]:
            if b.left > a.right - slack:
                break
            if min(a.top, b.top) - max(a.bottom, b.bottom) > slack:
                found.append((name_a, name_b))
    return found


def check_drawing(trace, svg: bytes, options: DrawOptions) -> None:
    scene = scene_of(trace, options)
    measure([scene])
    shapes, drawn = svg_places(svg)
    assert sorted(shapes) == sorted(int(node.id[1:]) for node in scene.nodes)  # every node drawn, once
    levels: dict[tuple[int, float], set[float]] = {}  # by ply and shape height (a triangle's middle is not its box's)
    for node in trace.nodes:
        if node.id in shapes:
            box = shapes[node.id]
            levels.setdefault((node.ply, round(box.height, 1)), set()).add(round(box.y, 1))
    for (ply, height), ys in levels.items():
        assert len(ys) == 1, f"shapes {height} pt high at ply {ply} are drawn at several heights: {sorted(ys)}"
    lowest = {ply: max(ys) for (ply, _), ys in levels.items()}
    highest = {ply: min(ys) for (ply, _), ys in levels.items()}
    assert all(highest[ply + 1] > lowest[ply] for ply in lowest if ply + 1 in lowest), "levels are out of order"
    children: dict[int, list[int]] = {}
    for node in trace.nodes:
        if node.parent is not None and node.id in shapes:
            children.setdefault(node.parent, []).append(node.id)
    for parent, kids in children.items():
        xs = [shapes[kid].x for kid in kids]
        assert all(a < b for a, b in zip(xs, xs[1:])), f"the children of node {parent} are out of order"
        assert abs(shapes[parent].x - (xs[0] + xs[-1]) / 2) <= 0.5, f"node {parent} is not centred"
    assert overlaps(drawn) == []


def render_svg(tmp_path, tree_or_path, *args) -> tuple[bytes, Path]:
    if isinstance(tree_or_path, Path):
        path = tree_or_path
    else:
        path = tmp_path / "tree.yaml"
        path.write_text(yaml.safe_dump({"tree": tree_or_path}, default_flow_style=True, width=10**6))
    out = tmp_path / "tree.svg"
    result = run_tracer("render", path, "-o", out, "--max-size", "none", *args)
    assert result.returncode == 0, result.stderr
    return out.read_bytes(), path


def test_a_big_uniform_tree_is_drawn_whole_in_the_textbook_shape(tmp_path):
    svg, path = render_svg(tmp_path, uniform_tree(3, 6, seed=7), "--visits")  # 1,093 nodes, every window noted
    problem = load_problem(str(path))
    trace = trace_search(problem.root, "alphabeta", meta=problem.meta)
    assert trace.node_count == 1093
    check_drawing(trace, svg, DrawOptions(visits=True))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uneven_trees_with_edge_labels_keep_their_shape(tmp_path, seed):
    svg, path = render_svg(tmp_path, uneven_tree(seed), "-a", "negamax-ab", "--visits", "--leaf-names")
    problem = load_problem(str(path))
    trace = trace_search(problem.root, "negamax-ab", meta=problem.meta)
    check_drawing(trace, svg, DrawOptions(visits=True, leaf_names=True))


def test_compact_drawing_of_a_big_tree(tmp_path):
    svg, path = render_svg(tmp_path, uniform_tree(4, 5, seed=3), "--compact")
    problem = load_problem(str(path))
    trace = trace_search(problem.root, "alphabeta", meta=problem.meta)
    check_drawing(trace, svg, DrawOptions(compact=True))


def test_game_boards_with_moves_on_the_edges(tmp_path):
    svg, path = render_svg(tmp_path, POSITIONS / "tictactoe_fork.yaml", "--depth", "2", "--visits")
    problem = load_problem(str(path), depth=2)
    trace = trace_search(problem.root, "alphabeta", depth=2, meta=problem.meta)
    check_drawing(trace, svg, DrawOptions(visits=True))


def test_the_default_node_limit_is_what_draws_in_about_ten_seconds():
    from tracer.render.scene import DEFAULT_MAX_DRAWN

    help_text = run_tracer("render", "--help").stdout
    assert f"default {DEFAULT_MAX_DRAWN:,}" in help_text and DEFAULT_MAX_DRAWN >= 29_524  # b=3, d=9 fits


def test_a_terse_slide_keeps_no_row_for_a_cut_mark_and_draws_none():
    """A terse slide (one short of room) writes no ✂ half-way down the edge a cutoff struck at: the node that cut
    says ✂ in its note and the edge still ends in a bar. Its nodes then stand exactly where they stand when no edge
    carries a label at all, lower by at least a line of text per level gap that held only a ✂ (the uneven tree:
    two) than as a slide writes the tree otherwise; in the pinned DOT each cutoff's ✂ is written once (in its note,
    not on its edge too) and each cut edge ends in a tee."""
    from tracer.records import replace
    from tracer.render.drawing import draw, lay_out
    from tracer.render.layout import line_height
    from tracer.render.style import EDGE_SIZE

    problem = load_problem(str(TREES / "uneven.yaml"))
    scene = scene_of(trace_search(problem.root, "alphabeta"), DrawOptions())
    measure([scene])
    cuts = [edge for edge in scene.edges if edge.cut is not None]
    assert len(cuts) == 2 and not any(edge.labels for edge in scene.edges)
    unlabelled = replace(scene, edges=[replace(edge, cut=None) for edge in scene.edges])
    for form in ("under", "low"):
        plain = lay_out(scene, 0.18, form=form, slide=True)
        terse = lay_out(scene, 0.18, form=form, slide=True, terse=True)
        assert terse.shapes == lay_out(unlabelled, 0.18, form=form, slide=True).shapes, form
        assert plain.unstretched_height - terse.unstretched_height >= 2 * line_height(EDGE_SIZE), form
        for layout, marks in ((plain, 2), (terse, 1)):
            source = draw(scene, layout, "dot").decode("utf-8")
            assert source.count("✂") == marks * len(cuts), (form, layout.terse)
            assert len(re.findall(r"arrowhead=\"?tee", source)) == len(cuts), (form, layout.terse)
