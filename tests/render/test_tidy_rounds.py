"""The tidy layout's clearing rounds (tracer.render.tidy): a round that widens some gaps places again only the
children of the parents whose gaps grew and the parents above them, and lands exactly where laying the whole tree
out again would; and every node is measured once per layout, however many rounds it takes."""

from __future__ import annotations

import random
import shutil

import pytest

from helpers import uniform_tree
from tracer import DrawOptions, parse_tree, scene_of, trace_search
from tracer.render import drawing, layout, tidy
from tracer.render.tidy import GAP, _Tree

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz to measure text")


def uneven(seed: int, depth: int = 6):
    """Branching 1 to 4, leaves at any depth from 2 on."""
    rng = random.Random(seed)

    def build(level):
        if level == depth or (level >= 2 and rng.random() < 0.3):
            return rng.randint(-50, 50)
        return [build(level + 1) for _ in range(rng.randint(1, 4))]

    return build(0)


def scene(tree, algorithm="alphabeta", **options):
    made = scene_of(trace_search(parse_tree(f"tree: {tree}").root, algorithm), DrawOptions(**options))
    drawing.measure([made])
    return made


SCENES = {
    "uneven, negamax's labels": lambda: scene(uneven(1), "negamax-ab", visits=True),
    "uneven, compact": lambda: scene(uneven(2), compact=True),
    "uneven, deep": lambda: scene(uneven(3, depth=8), "minimax"),
    "b=3 d=5, compact": lambda: scene(uniform_tree(3, 5, seed=4), compact=True),
}
# Drawings whose gaps are widened in several rounds (stubs of pruned children stand at the top of their level)
ROUNDS = {
    "uneven, 5 rounds": lambda: scene(uneven(5, depth=7), compact=True),
    "b=3 d=7, 8 rounds": lambda: scene(uniform_tree(3, 7, seed=1), compact=True),
    "b=4 d=5 with visits, 6 rounds": lambda: scene(uniform_tree(4, 5, seed=3), compact=True, visits=True),
}


def laid_out_whole(scene_, extra: dict[str, float]) -> dict[str, list[float]]:
    """The centres of a layout made from scratch with ``extra`` room before some children: every node placed."""
    tree = _Tree(scene_, layout.measure_rooms(scene_), 1.0, 0.0)
    tree.extra.update(extra)
    tree._place(reversed(tree.order))
    return tree.centres()


@pytest.mark.parametrize("name", SCENES)
def test_a_round_places_again_as_laying_out_the_whole_tree_would(name):
    made = SCENES[name]()
    tree = _Tree(made, layout.measure_rooms(made), 1.0, 0.0)
    rng = random.Random(name)
    with_siblings = [kid for kids in tree.children.values() if len(kids) > 1 for kid in kids[1:]]
    for _ in range(4):  # rounds, each widening a few gaps, some again
        widened = rng.sample(with_siblings, min(5, len(with_siblings)))
        for kid in widened:
            tree.extra[kid] = tree.extra.get(kid, 0.0) * 1.5 + GAP
        placed = tree.place_again({tree.parent[kid] for kid in widened})
        assert placed < set(tree.children) or len(tree.children) < 10  # not the whole tree again
        assert tree.centres() == laid_out_whole(made, tree.extra)  # exactly, to the last bit
        checked = tree.centres(placed)
        whole = tree.centres()
        assert all(checked[key] == whole[key] for key in checked)  # the centres a round checks, as the whole's
        assert set(checked) >= placed | {kid for parent in placed for kid in tree.children[parent]}


def every_round_whole(scene_) -> dict[str, list[float]]:
    """The clearing rounds as first written: each round lays the whole tree out again and checks every edge."""
    extra: dict[str, float] = {}
    boards = {node.id for node in scene_.nodes if node.kind == "board"}
    for _ in range(tidy.CLEAR_ROUNDS):
        tree = _Tree(scene_, layout.measure_rooms(scene_), 1.0, 0.0)
        tree.extra.update(extra)
        tree._place(reversed(tree.order))
        centres = tree.centres()
        crossing = tidy._crossings(centres, tree.children, tree.box, boards, tree.children)
        if not crossing:
            break
        for kid in crossing:
            extra[kid] = extra.get(kid, 0.0) * 1.5 + GAP
    return centres


@pytest.mark.parametrize("name", ROUNDS)
def test_the_rounds_end_where_laying_out_the_whole_tree_each_round_ends(name):
    made = ROUNDS[name]()
    assert tidy.tidy_centres(made) == every_round_whole(made)


def test_every_node_is_measured_once_per_layout_however_many_rounds(monkeypatch):
    made = ROUNDS["b=3 d=7, 8 rounds"]()
    measured, rounds = [], []
    real_size, real_crossings = layout.shape_size, tidy._crossings
    monkeypatch.setattr(layout, "shape_size", lambda node, *args: measured.append(node.id) or real_size(node, *args))
    monkeypatch.setattr(tidy, "_crossings", lambda *args: rounds.append(1) or real_crossings(*args))
    drawing.lay_out(made)
    assert len(rounds) >= 3  # the gaps were widened in rounds (as the b=3 d=9 tree's took 11)
    assert sorted(measured) == sorted(node.id for node in made.nodes)  # each node once, for all rounds and boxes
