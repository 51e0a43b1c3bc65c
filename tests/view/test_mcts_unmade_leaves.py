"""A leaf Monte Carlo tree search never made is drawn in a box of the same size as the made ones (issue 34): it
keeps a blank line where a made leaf writes W/N. Measured in the SVG Graphviz draws."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from helpers import TREES, run_tracer

from tracer.inputs import load_problem
from tracer.run import trace_search
from tracer.search.spec import SearchSpec
from tracer.view import TraceView

SVG = "{http://www.w3.org/2000/svg}"


def leaf_boxes(svg: str) -> dict[int, tuple[float, float]]:
    """Each drawn node's box (width, height), by node id, for the boxes (leaves)."""
    boxes = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        if not re.fullmatch(r"n\d+", group.get("id") or ""):
            continue
        polygon = group.find(f"{SVG}polygon")
        points = [tuple(map(float, pair.split(","))) for pair in polygon.get("points").split()]
        if len(points) == 5:  # a box: four corners and back to the first
            xs, ys = [x for x, _ in points], [y for _, y in points]
            boxes[int(group.get("id")[1:])] = (round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2))
    return boxes


@pytest.mark.parametrize("tree, iterations, seed", [("rn_example.yaml", 12, 1), ("rn_example.yaml", 5, 3),
                                                    ("binary_depth4.yaml", 24, 2)])
def test_unmade_leaves_are_as_large_as_made_ones(tmp_path, tree, iterations, seed):
    out = tmp_path / "m.svg"
    result = run_tracer("render", TREES / tree, "-a", "mcts", "--iterations", iterations, "--seed", seed,
                        "-f", "svg", "-o", out)
    assert result.returncode == 0, result.stderr
    boxes = leaf_boxes(out.read_text())
    problem = load_problem(str(TREES / tree))
    trace = trace_search(problem.root, SearchSpec("mcts", iterations=iterations, seed=seed), meta=problem.meta)
    final = TraceView(trace)
    made = {i: box for i, box in boxes.items() if final.nodes[i].reached}
    unmade = {i: box for i, box in boxes.items() if not final.nodes[i].reached}
    assert made and unmade, "the case must draw both kinds"
    heights = {height for _, height in made.values()}
    assert len(heights) == 1  # every made leaf is as tall as the others
    narrowest = min(width for width, _ in made.values())
    for width, height in unmade.values():
        assert height in heights
        assert width == narrowest  # the same rule of width: a short value is as wide as the narrowest made one
