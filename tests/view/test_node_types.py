"""Knuth and Moore's node types and the depth of cutoffs (tracer/view/node_types.py, the view's fold): against
Knuth and Moore's own formula on each node's move numbers, their minimal tree's published leaf count, and an
alpha-beta written here that hands each bound down with the node that set it."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, strategies as st

from helpers import examples, run_tracer
from nested_lists import INF, MAX, TREES, brute_force, nested_trees, root_players, tree_of
from tracer import ALGORITHMS, Rules, load_tree, trace_search
from tracer.view import TraceView
from tracer.view.captions import cut_depth

TYPED = [name for name, search in ALGORITHMS.items() if search.node_types and not search.vectors]  # two-player trees
ONE_PASS = [name for name in TYPED if not ALGORITHMS[name].several_passes]


def knuth_moore_type(places: tuple[int, ...]) -> str:
    """Knuth & Moore (1975), §6: a position a1 … al is of type 1 when every ai is 1; else, with aj the first that
    is not 1, of type 2 when l − j is even and of type 3 when it is odd."""
    if all(place == 1 for place in places):
        return "PV"
    j = next(i for i, place in enumerate(places, 1) if place != 1)
    return "CUT" if (len(places) - j) % 2 == 0 else "ALL"


def places_in_search_order(trace) -> dict[int, tuple[int, ...]]:
    """Each node entered in the last pass (in the last search of its parent: a re-search forgets the one before),
    with its move numbers from the root: each move's place among its siblings in the order the search first
    entered them (read from the events alone)."""
    events = trace.events
    starts = [i for i, event in enumerate(events) if event.kind == "pass_started"] or [0]
    taken: dict[int, list[int]] = {}
    places: dict[int, tuple[int, ...]] = {}
    for event in events[starts[-1]:]:
        if event.kind != "node_entered":
            continue
        for below in [node for node in places if is_below(trace, node, event.node)]:
            del places[below]
        taken.pop(event.node, None)
        if event.parent is None:
            places[event.node] = ()
            continue
        siblings = taken.setdefault(event.parent, [])
        if event.node not in siblings:
            siblings.append(event.node)
        places[event.node] = places[event.parent] + (siblings.index(event.node) + 1,)
    return places


def is_below(trace, node: int, ancestor: int) -> bool:
    parent = trace.nodes[node].parent
    while parent is not None and parent != ancestor:
        parent = trace.nodes[parent].parent
    return parent == ancestor


@examples(150)
@given(nested=nested_trees, player=root_players, algorithm=st.sampled_from(ONE_PASS))
def test_types_are_knuth_and_moores_on_random_trees(nested, player, algorithm):
    trace = trace_search(tree_of(nested, player), algorithm)
    view = TraceView(trace)
    places = places_in_search_order(trace)
    assert view.root.node_type == "PV"
    for node in view.nodes:
        if node.id in places:
            assert node.node_type == knuth_moore_type(places[node.id]), view.label(node.id)
        else:
            assert node.pruned and node.node_type is None  # never searched: no type


def test_iterative_deepening_types_each_pass_in_the_order_it_took():
    tree = load_tree(TREES / "binary_depth4.yaml")
    trace = trace_search(tree.root, "id", meta=tree.meta())
    view, places = TraceView(trace), places_in_search_order(trace)
    assert places and all(view.nodes[node].node_type == knuth_moore_type(p) for node, p in places.items())


def best_ordered(branching: int, depth: int, rng: random.Random, player=MAX):
    """A uniform tree with distinct leaf values, each node's children sorted best first for the player to move."""
    leaves = iter(rng.sample(range(-10_000, 10_000), branching ** depth))

    def build(level, mover):
        if level == depth:
            return next(leaves)
        children = [build(level + 1, mover.other) for _ in range(branching)]
        return sorted(children, key=lambda child: brute_force(child, mover.other), reverse=mover is MAX)

    return build(0, player)


@pytest.mark.parametrize("branching, depth", [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (4, 3)])
@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-ab"])
def test_perfect_ordering_searches_knuth_and_moores_minimal_tree(branching, depth, algorithm):
    """b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves (Knuth & Moore 1975); every CUT node cut after its first child, every ALL node
    searched in full, one PV node at every level."""
    nested = best_ordered(branching, depth, random.Random(branching * 10 + depth))
    view = TraceView(trace_search(tree_of(nested), algorithm))
    searched = [node for node in view.nodes if node.node_type is not None]
    leaves = [node for node in searched if not node.children]
    assert len(leaves) == branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1
    assert [sum(node.node_type == "PV" and node.node.ply == ply for node in searched)
            for ply in range(depth + 1)] == [1] * (depth + 1)
    for node in searched:
        entered = [child for child in node.children if view.nodes[child].node_type is not None]
        if node.node_type == "CUT" and node.children:
            assert len(entered) == 1 and node.cut is not None
        if node.node_type == "ALL":
            assert len(entered) == len(node.children) and node.cut is None


def sourced_alphabeta(nested, player, path=(), alpha=(-INF, None), beta=(INF, None), cuts=None):
    """Alpha-beta as the textbook writes it (fail-soft, cut when α ≥ β), each bound handed down with the path of
    the node that set it (None: the root's window); ``cuts`` gets each cut node's path: the source of the bound it
    crossed."""
    if not isinstance(nested, list):
        return nested
    maximising = player is MAX
    v = -INF if maximising else INF
    for i, child in enumerate(nested):
        value = sourced_alphabeta(child, player.other, path + (i,), alpha, beta, cuts)
        if maximising:
            v = max(v, value)
            if v > alpha[0]:
                alpha = (v, path)
            crossed = v >= beta[0]
        else:
            v = min(v, value)
            if v < beta[0]:
                beta = (v, path)
            crossed = alpha[0] >= v
        if crossed:
            if i + 1 < len(nested):  # a cut at the last child skips nothing
                cuts[path] = (beta if maximising else alpha)[1]
            break
    return v


def name(path) -> str:
    return "r" + "".join(f".{i}" for i in path)


@examples(150)
@given(nested=nested_trees, player=root_players)
def test_deep_and_shallow_cutoffs_name_the_node_that_set_the_bound(nested, player):
    cuts: dict = {}
    sourced_alphabeta(nested, player, cuts=cuts)
    view = TraceView(trace_search(tree_of(nested, player), "alphabeta"))
    found = {view.label(node.id): view.label(node.cut.source) for node in view.nodes if node.cut is not None}
    assert found == {name(cut): name(source) for cut, source in cuts.items()}
    deep = {view.label(node) for node in view.deep_cutoffs}
    assert deep == {name(cut) for cut, source in cuts.items() if len(cut) - len(source) >= 2}
    for node in view.nodes:
        if node.cut is not None:
            shallow = node.cut.plies == 1
            assert cut_depth(view, node).startswith("shallow: " if shallow else "deep: ")


def test_the_deep_cutoff_tree_says_deep_naming_the_root():
    result = run_tracer("trace", TREES / "deep_cutoff.yaml")
    (line,) = [line for line in result.stdout.splitlines() if " cutoff " in line]
    assert "v = 4 ≤ α = 5: α-cutoff, deep: α from A — prune E's remaining child E2 (9)" in line
    shallow = run_tracer("trace", TREES / "rn_example.yaml").stdout
    assert "α-cutoff, shallow: α from A — prune C's" in shallow


def test_principal_variation_search_names_the_node_that_opened_a_null_window():
    """PVS tests C with the null window (63, 64) opened by A: F, two plies down, is cut by A's β = 64."""
    trace = trace_search(load_tree(TREES / "binary_depth4.yaml").root, "pvs")
    view = TraceView(trace)
    cut = {view.label(node.id): node.cut for node in view.nodes if node.cut is not None}
    assert (view.label(cut["F"].source), cut["F"].plies, cut["F"].limit) == ("A", 2, 64)


def test_render_tags_node_types_and_refuses_untyped_searches(tmp_path):
    out = tmp_path / "types.svg"
    result = run_tracer("render", TREES / "rn_example.yaml", "--node-types", "--legend", "-o", out)
    assert result.returncode == 0, result.stderr
    svg = out.read_text(encoding="utf-8")
    assert all(f">{tag}<" in svg for tag in ("PV", "CUT", "ALL")) and "Knuth &amp; Moore" in svg
    for algorithm in [name for name, search in ALGORITHMS.items() if name not in TYPED and not search.vectors]:
        refused = tmp_path / f"{algorithm}.svg"
        result = run_tracer("render", TREES / "rn_example.yaml", "-a", algorithm, "--node-types", "-o", refused)
        errors = [line for line in result.stderr.splitlines() if not line.startswith("note:")]
        assert result.returncode == 2 and len(errors) == 1 and "--node-types" in errors[0], result.stderr
        assert not refused.exists()


def test_answer_keys_ask_node_types(tmp_path):
    tree = (TREES / "rn_example.yaml").read_text(encoding="utf-8")
    right = "  node_types: {A: PV, B: PV, C: CUT, D: CUT, B2: CUT, C1: ALL, D3: ALL}\n"
    (tmp_path / "right.yaml").write_text(tree + right, encoding="utf-8")
    assert run_tracer("check", tmp_path / "right.yaml").returncode == 0
    (tmp_path / "wrong.yaml").write_text(tree + "  node_types: {D: ALL}\n", encoding="utf-8")
    result = run_tracer("check", tmp_path / "wrong.yaml")
    assert result.returncode == 1 and "node_types.D: expected ALL, got CUT" in result.stdout
    (tmp_path / "bad.yaml").write_text(tree + "  node_types: {D: KNIGHT}\n", encoding="utf-8")
    result = run_tracer("check", tmp_path / "bad.yaml")
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "expected a node type" in result.stderr
    answer = tmp_path / "answer.yaml"
    answer.write_text("node_types: {A: PV, B: PV, C: ALL}\n", encoding="utf-8")
    graded = run_tracer("grade", tmp_path / "right.yaml", answer).stdout
    assert "✓ type of B: PV" in graded and "✗ type of C" in graded and "type of D" in graded
