"""Chance nodes in tree files and expectiminimax: probabilities read and checked with their place, the search's
value against an independent brute force on random chance trees, the trace keeping each chance move's
probability, and every other search refusing a tree that has chance nodes."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
import yaml
from hypothesis import given, strategies as st

from helpers import RefNode, assert_one_line_error, brute_force, examples, run_tracer
from nested_lists import ROOT, SHIPPED_VALUES, TREES
from tracer import ALGORITHMS, TreeFileError, load_tree, parse_tree, search_stats, trace_search
from tracer.errors import SearchOptionError
from tracer.inputs.traces import load_trace, trace_from_dict
from tracer.view import TraceView

PLAYERS = ["max", "chance", "min", "chance"]
DIE = """title: A die and two choices
players: [max, chance, min]
tree:
  - [[3, 12], [8, 2]]
  - {player: chance, children: [{p: 1/6, value: 6}, {p: 5/6, children: [2, 4]}]}
"""


# ---- an independent brute force over the data as written ------------------------------------------------------

def chance_trees(depth: int = 4):
    """Random trees as plain data: a leaf is a number, an inner node a list of (probability or None, child)."""
    leaf = st.integers(-20, 20)

    def extend(children):
        return st.lists(children, min_size=1, max_size=3).flatmap(
            lambda kids: st.sampled_from(["uniform", "given"]).flatmap(
                lambda how: st.lists(st.integers(1, 6), min_size=len(kids), max_size=len(kids)).map(
                    lambda weights: [(Fraction(w, sum(weights)) if how == "given" else None, kid)
                                     for w, kid in zip(weights, kids)])))

    return st.recursive(leaf, extend, max_leaves=20)


def expected(node, level: int = 0) -> Fraction:
    """Expectiminimax from the definition (the one reference, :func:`helpers.brute_force`), in exact fractions:
    the players of the levels are PLAYERS, repeating."""
    return brute_force(as_nodes(node, level))


def as_nodes(node, level: int = 0, p=None) -> RefNode:
    player = PLAYERS[level % len(PLAYERS)]
    if not isinstance(node, list):
        return RefNode(player, value=Fraction(node), p=p)
    return RefNode(player, [as_nodes(child, level + 1, q) for q, child in node], p=p)


def as_yaml(node, level: int = 0):
    """The tree-file form: ``{p: 1/3, children: [...]}`` for a chance node's children when probabilities are given."""
    if not isinstance(node, list):
        return node
    chance = PLAYERS[level % len(PLAYERS)] == "chance"
    children = []
    for p, child in node:
        written = as_yaml(child, level + 1)
        if chance and p is not None:
            key = "children" if isinstance(written, list) else "value"
            written = {"p": f"{p.numerator}/{p.denominator}", key: written}
        children.append(written)
    return children


@examples(300)
@given(chance_trees())
def test_expectiminimax_matches_the_definition_on_random_chance_trees(tree):
    if not isinstance(tree, list):
        return
    text = yaml.safe_dump({"players": PLAYERS, "tree": as_yaml(tree)})
    root = parse_tree(text).root
    stats = search_stats(root, "expectiminimax")
    assert stats.value == pytest.approx(float(expected(tree)), abs=1e-9)
    assert stats.nodes_visited == count_nodes(tree)  # every node: chance leaves no child out


def count_nodes(node) -> int:
    return 1 if not isinstance(node, list) else 1 + sum(count_nodes(child) for _, child in node)


def test_the_die_tree_by_hand():
    tree = load_tree_text(DIE)
    trace = trace_search(tree.root, "expectiminimax", meta=tree.meta())
    # B = 1/2 min(3, 12) + 1/2 min(8, 2) = 2.5; C = 1/6 × 6 + 5/6 × min(2, 4) = 8/3; A = max(B, C)
    assert trace.value == pytest.approx(8 / 3) and trace.best_move == "C"
    view = TraceView(trace)
    by_name = {node.node.name: node for node in view.nodes}
    assert by_name["B"].value == pytest.approx(2.5) and by_name["B"].best_child is None
    assert [node.p for node in trace.nodes if node.parent == by_name["C"].id] == [pytest.approx(1 / 6),
                                                                                   pytest.approx(5 / 6)]
    captions = [step.note for _, step in TraceView(trace, 0).replay()]
    assert "F returns 2 with probability 5/6, so v = 1 + 5/6 × 2 = 8/3" in captions  # an average shown as the fraction it is
    assert "A's child 2: chance moves at ply 1" in captions


def load_tree_text(text):
    return parse_tree(text)


@pytest.mark.parametrize("name", sorted(SHIPPED_VALUES))
def test_without_chance_nodes_it_is_minimax(name):
    tree = load_tree(TREES / f"{name}.yaml")
    ours, theirs = search_stats(tree.root, "expectiminimax"), search_stats(tree.root, "minimax")
    assert (ours.value, ours.best_move, ours.nodes_visited) == (theirs.value, theirs.best_move, theirs.nodes_visited)


@pytest.mark.parametrize("algorithm", [name for name, search in ALGORITHMS.items() if not search.chance and not search.vectors])
def test_every_other_search_refuses_chance_nodes_naming_expectiminimax(tmp_path, algorithm):
    path = tmp_path / "die.yaml"
    path.write_text(DIE)
    with pytest.raises(SearchOptionError, match="tree\\[0\\] \\(B\\): a chance node"):
        trace_search(load_tree(path).root, algorithm)
    result = run_tracer("render", path, "-a", algorithm, "-o", tmp_path / "out.svg")
    assert_one_line_error(result, f"{path}:4: tree[0] (B): a chance node", f"which {algorithm} cannot search",
                          "-a expectiminimax")
    assert not (tmp_path / "out.svg").exists()


@pytest.mark.parametrize("text, line, path, message", [
    ("players: [max, chance]\ntree: [[{p: 0.5, value: 1}, {p: 0.4, value: 2}], [3]]", 2, "tree[0] (a chance node)",
     "the probabilities of its children add up to 0.9, not 1"),
    ("players: [max, chance]\ntree: [[{p: 0.5, value: 1}, 2], [3]]", 2, "tree[0] (a chance node)",
     "give p: to every child of a chance node or to none (tree[0][1] has none)"),
    ("players: [max, chance]\ntree: [[{p: -0.5, value: 1}, {p: 1.5, value: 2}], [3]]", 2, "tree[0][0].p",
     "a probability is a number from 0 to 1 (or a fraction such as 1/6), got '-0.5'"),
    ("players: [max, chance]\ntree: [[{p: 1/0, value: 1}], [3]]", 2, "tree[0][0].p",
     "a probability is a number from 0 to 1 (or a fraction such as 1/6), got '1/0'"),
    ("tree: [[{p: 0.5, value: 1}, {p: 0.5, value: 2}], [3]]", 1, "tree[0][0].p",
     "p: is the probability of a chance node's child, but this node's parent is min"),
    ("root: chance\ntree: [[1, 2], [3]]", 1, "root", "expected 'max' or 'min', got 'chance'"),
    ("players: [max, dice]\ntree: [[1, 2], [3]]", 1, "players[1]", "expected 'max', 'min' or 'chance', got 'dice'"),
])
def test_bad_probabilities_are_refused_with_their_place(text, line, path, message):
    with pytest.raises(TreeFileError) as error:
        parse_tree(text, file="t.yaml")
    assert str(error.value) == f"t.yaml:{line}: {path}: {message}"


def test_a_saved_trace_keeps_the_probabilities_and_reads_back(tmp_path):
    path = tmp_path / "die.yaml"
    path.write_text(DIE)
    saved = tmp_path / "run.json"
    assert run_tracer("trace", path, "-a", "expectiminimax", "-o", saved).returncode == 0
    data = json.loads(saved.read_text())
    assert [node.get("p") for node in data["nodes"]][:3] == [None, None, 0.5]
    again = load_trace(saved)
    assert again == trace_from_dict(data) and math.isclose(again.value, 8 / 3)
    drawn = tmp_path / "die.dot"
    assert run_tracer("render", saved, "-f", "dot", "-o", drawn).returncode == 0
    source = drawn.read_text()
    assert source.count("shape=circle") == 2 and ">1/6<" in source and ">5/6<" in source
    data["nodes"][2]["p"] = 1.5
    saved.write_text(json.dumps(data))
    assert_one_line_error(run_tracer("render", saved, "-o", tmp_path / "x.svg"), "nodes[2].p")


def test_stats_and_compare_take_expectiminimax(tmp_path):
    path = tmp_path / "die.yaml"
    path.write_text(DIE)
    result = run_tracer("stats", path, "-a", "expectiminimax", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["value"] == pytest.approx(8 / 3)
    compared = run_tracer("compare", path, "-a", "expectiminimax", "--json")
    assert compared.returncode == 0, compared.stderr
    assert ROOT.exists()


@pytest.mark.parametrize("order", ["reversed", "best", "worst", "random"])
def test_every_move_order_finds_the_same_expectation(order):
    tree = parse_tree(DIE)
    natural = search_stats(tree.root, "expectiminimax")
    ordered = search_stats(tree.root, "expectiminimax", order=order)
    assert ordered.value == pytest.approx(natural.value) and ordered.best_move == natural.best_move


@pytest.mark.parametrize("root, tree, best", [("max", "[[1, 1, 1], [-2, 9, -4]]", "B"),
                                              ("min", "[[-2, 9, -4], [1, 1, 1]]", "B")])
def test_equal_averages_are_equal_so_a_tie_keeps_the_first_move(root, tree, best):
    players = "[max, chance]" if root == "max" else "[min, chance]"
    parsed = parse_tree(f"players: {players}\ntree: {tree}\n")
    trace = trace_search(parsed.root, "expectiminimax")
    assert trace.value == 1 and trace.best_move == best  # both average exactly 1: in floats, 1.0000000000000002
