"""A slide short of width for one level narrows that level (tracer.render.tidy.narrowed_level): the triangles of the
widest level but the deepest are drawn taller and narrower (layout.NARROWED), their notes broken to their width and
their names above them, in the row of edge labels over the level. Checked on the layouts themselves: which level is
narrowed (against the levels' widths summed here), how the tree and its shapes change, and that nothing drawn
overlaps anything else or is crossed by an edge."""

from __future__ import annotations

import random
import shutil

import pytest

from helpers import TREES, random_tree
from tracer import DrawOptions, load_problem, parse_tree, scene_of, trace_search
from tracer.render.drawing import lay_out, measure
from tracer.render.layout import (
    NARROWED, NODESEP, NOTE_SIZE, Box, cut_note, line_height, lines_width, names_on_labels,
    notes_lines, text_width,
)
from tracer.render.scene import SceneNode
from tracer.render.style import EDGE_SIZE

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)")


def scene_for(tree: str | None, name: str | None = None, algorithm: str = "alphabeta"):
    if name is not None:
        problem = load_problem(str(TREES / f"{name}.yaml"))
        root, meta = problem.root, problem.meta
    else:
        root, meta = parse_tree(f"root: max\ntree: {tree}\n").root, None
    scene = scene_of(trace_search(root, algorithm, meta=meta), DrawOptions())
    measure([scene])
    return scene


@pytest.fixture(scope="module")
def scenes():
    """The two trees whose decks the narrowed level brings to their target at 4:3 (binary_depth4 and the tests'
    random tree of 27 leaves), a random tree of 40 leaves, Figure 5.2, whose edges are labelled with moves, and
    binary_depth4 searched by negamax, every edge labelled −(v)."""
    return {"binary_depth4": scene_for(None, "binary_depth4"),
            "negamax": scene_for(None, "binary_depth4", "negamax-ab"),
            "random27": scene_for(str(random_tree(random.Random(27), 27))),
            "random40": scene_for(str(random_tree(random.Random(1), 40))),
            "rn_example": scene_for(None, "rn_example")}


def levels_of(scene) -> list[list[str]]:
    children: dict[str, list[str]] = {node.id: [] for node in scene.nodes}
    for edge in scene.edges:
        children[edge.tail].append(edge.head)
    levels, row = [], [scene.nodes[0].id]
    while row:
        levels.append(row)
        row = [kid for name in row for kid in children[name]]
    return levels


def drawn_boxes(scene, layout) -> list[tuple[str, str, Box]]:
    """Everything drawn with text or ink, as (what, node, box): shapes, notes, names and edge labels."""
    drawn = [(part, name, box) for part, boxes in (("shape", layout.outlines), ("notes", layout.notes),
                                                   ("name", layout.names)) for name, box in boxes.items()]
    for edge in scene.edges:
        lines = layout.edge_lines(edge)
        if lines:
            x, y = layout.label_point(edge.tail, edge.head)
            drawn.append(("label", edge.head, Box(x, y, lines_width(lines, EDGE_SIZE),
                                                  len(lines) * line_height(EDGE_SIZE))))
    return drawn


def overlapping(one: Box, other: Box, by: float = 0.5) -> bool:
    return (min(one.right, other.right) - max(one.left, other.left) > by
            and min(one.top, other.top) - max(one.bottom, other.bottom) > by)


@pytest.mark.parametrize("name", ["binary_depth4", "random27", "random40", "rn_example", "negamax"])
@pytest.mark.parametrize("form", ["narrow", "low"])
def test_the_widest_level_is_narrowed_and_nothing_overlaps(scenes, name, form):
    """The level narrowed is the widest above the deepest (its rooms side by side, summed here); its triangles are
    taller and narrower than in the same layout without it, every other shape as it was; the tree is no wider, and
    narrower where that level sets its width (its leaves staggered), and has as many levels; the level's names
    stand above their triangles, on the side away from the edge from the parent, clear of every edge label by
    layout.NAME_CLEAR (with the slide's levels and nodes moved apart too), except where a label would stand
    against them (negamax's −(v) on every edge: there they stay beside); no notes line of the level is wider than
    its triangle where it can be broken; nothing drawn (shapes, notes, names, edge labels) overlaps anything else,
    and no edge passes through a shape, a name or another node's notes (points along each edge)."""
    scene = scenes[name]
    kinds = {node.id: node for node in scene.nodes}
    for stagger in (True, False):
        plain = lay_out(scene, 0.18, form=form, slide=True, stagger=stagger)
        rooms = [sum(plain.outlines[node].width if node not in plain.notes and node not in plain.names else
                     max(box.right for box in _parts(plain, node)) - min(box.left for box in _parts(plain, node))
                     for node in row) + NODESEP * 72 * 0.18 * (len(row) - 1) for row in levels_of(scene)[:-1]]
        widest = levels_of(scene)[rooms.index(max(rooms))]
        triangles = {node for node in widest if kinds[node].kind in ("max", "min")}
        for taller in NARROWED:
            layout = lay_out(scene, 0.18, form=form, slide=True, stagger=stagger, narrow=taller)
            assert layout.narrowed == taller and layout.levels == plain.levels
            # (rn_example's nine leaves in a row set its width, staggered or not; negamax's names stay beside)
            binds = stagger and name not in ("rn_example", "negamax")
            assert layout.tree.width < plain.tree.width - (1 if binds else -0.01), (name, form, stagger, taller)
            for node, box in layout.shapes.items():
                before = plain.shapes[node]
                if node in triangles:
                    assert box.width < before.width - 1 and box.height > before.height + 1, node
                else:
                    assert (box.width, box.height) == (before.width, before.height), node
            assert not names_on_labels(scene, layout)
            for stretch, widen in ((20.0, 1.0), (0.0, 1.3), (40.0, 1.6)):  # (a slide filled moves labels away)
                assert not names_on_labels(scene, lay_out(scene, 0.18, stretch, widen=widen, form=form, slide=True,
                                                          stagger=stagger, narrow=taller))
            lifted = {node for node in triangles if layout.names[node].bottom > layout.outlines[node].top}
            assert lifted or name == "negamax"  # (every name there stands against its edge's label: −(v))
            parents = {edge.head: edge.tail for edge in scene.edges}
            siblings = {edge.head: [other.head for other in scene.edges if other.tail == edge.tail]
                        for edge in scene.edges}
            for node in lifted:
                label = layout.names[node]
                across = layout.shapes[parents[node]].x - layout.shapes[node].x
                if 2 * siblings[node].index(node) + 1 != len(siblings[node]):  # (a middle child's: either side)
                    assert across * (label.x - layout.shapes[node].x) <= 0, node  # away from its parent's edge
            for node in triangles:
                for line in layout.note_lines(kinds[node]):
                    if " " in line:  # (a line that can be broken)
                        assert text_width(line, NOTE_SIZE, bold=True) + 2 <= layout.shapes[node].width + 0.01
            _nothing_overlaps(scene, layout, lifted, (name, form, stagger, taller))


def _parts(layout, node) -> list[Box]:
    return [boxes[node] for boxes in (layout.outlines, layout.notes, layout.names) if node in boxes]


def _nothing_overlaps(scene, layout, narrowed, case) -> None:
    drawn = drawn_boxes(scene, layout)
    for i, (part, node, box) in enumerate(drawn):
        for other_part, other, other_box in drawn[i + 1:]:
            if node == other and {part, other_part} == {"shape", "name"} and node not in narrowed:
                continue  # (a name beside a triangle's slope is inside the triangle's box, not over the triangle)
            assert not overlapping(box, other_box), \
                (case, part, node, other_part, other)
    for edge in scene.edges:
        tail, head = layout.shapes[edge.tail], layout.shapes[edge.head]
        points = [(tail.x + (head.x - tail.x) * t / 200, tail.y + (head.y - tail.y) * t / 200) for t in range(201)]
        for part, node, box in drawn:
            if part == "label" or node in (edge.tail, edge.head) and part != "name" or \
                    part == "notes" and node == edge.tail:
                continue  # (an edge leaves from the foot of its tail's notes, which stand on white)
            assert not any(box.left + 0.5 < x < box.right - 0.5 and box.bottom + 0.5 < y < box.top - 0.5
                           for x, y in points), (case, edge.tail, edge.head, part, node)


def test_a_narrowed_level_breaks_its_notes_where_they_are_wider_than_its_triangle():
    """On a slide a narrowed node's window ``[α, β]`` wider than its triangle is broken after its comma, and its cut
    note before its reason; a line as narrow as the triangle is kept whole; a figure's window (α over β) and other
    notes are as they were; the printers draw both parts of a broken cut note in the cut's colour."""
    node = SceneNode("n", "min", name="L", value="≤ −19", notes=["α=24 β=−19", "✂ −19 ≤ α=24"])
    assert notes_lines(node, True, True, 20.0) == ["[24,", "−19]", "✂ −19", "≤ α=24"]
    assert notes_lines(node, True, True, 60.0) == ["[24, −19]", "✂ −19", "≤ α=24"]
    whole = ["[24, −19]", "✂ −19 ≤ α=24"]
    assert notes_lines(node, True, True, 200.0) == notes_lines(node, False, True) == whole
    assert notes_lines(node, True, False) == ["α=24", "β=−19", "✂ −19 ≤ α=24"]
    maxn = SceneNode("m", "max", name="B", value="(1,2)", notes=["✂ 5 ≥ 3"])
    assert notes_lines(maxn, True, True, 10.0) == ["✂ 5", "≥ 3"]
    assert [cut_note(line) for line in ["✂ −19", "≤ α=24", "≥ β=3", "[24,", "−19]", "#3", "PV"]] == \
        [True, True, True, False, False, False, False]
