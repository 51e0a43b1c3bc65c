"""Tree files that state any textbook exercise: players by level (``players: [max, min, min]``), nodes written in
full with ``eval`` on inner nodes, and ``--depth`` on tree files. Searched at every depth limit, they must agree
with the one brute force (helpers.brute_force) over the nested data written as nodes, knowing nothing of tracer."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import RefNode, brute_force, examples
from tracer import load_tree, parse_tree, search_stats, trace_search
from tracer.errors import SearchOptionError
from tracer.inputs import load_problem
from tracer.model.state import Player
from tracer.search.algorithms import Rules

PROPERTY = examples(300, derandomize=True)

# A node: a leaf value, or (eval, [children]) for an inner node (eval may be None: no static value).
values = st.integers(-9, 9)
nodes = st.recursive(values, lambda kids: st.tuples(st.one_of(st.none(), values),
                                                    st.lists(kids, min_size=1, max_size=3)), max_leaves=20)
roots = st.tuples(values, st.lists(nodes, min_size=1, max_size=3))  # the root has children and an eval
player_cycles = st.lists(st.sampled_from(["max", "min"]), min_size=1, max_size=4)


def height(node) -> int:
    return 0 if isinstance(node, int) else 1 + max(height(child) for child in node[1])


def as_nodes(node, players, ply=0) -> RefNode:
    """The data as the one reference reads it: the players of the plies are ``players``, repeating."""
    player = players[ply % len(players)]
    if isinstance(node, int):
        return RefNode(player, value=node)
    evaluation, children = node
    return RefNode(player, [as_nodes(child, players, ply + 1) for child in children], evaluation=evaluation)


def long_form(node) -> dict | int:
    """The node written in full (leaves half the time), as YAML-ready data."""
    if isinstance(node, int):
        return node if node % 2 else {"value": node}
    evaluation, children = node
    written = {"children": [long_form(child) for child in children]}
    if evaluation is not None:
        written["eval"] = evaluation
    return written


def tree_text(root, players) -> str:
    return json.dumps({"players": players, "tree": long_form(root)})  # JSON is YAML


@PROPERTY
@given(roots, player_cycles, st.sampled_from(["minimax", "alphabeta"]), st.sampled_from(["ge", "gt"]))
def test_players_by_level_and_evals_match_brute_force_at_every_depth(root, players, algorithm, prune):
    tree = parse_tree(tree_text(root, players))
    for limit in range(height(root) + 1):
        expected = brute_force(as_nodes(root, players), limit)
        if expected is None:
            with pytest.raises(SearchOptionError, match="the search stops here"):
                tree.cut_at(limit)
            continue
        assert trace_search(tree.cut_at(limit).root, algorithm, depth=limit, rules=Rules(prune)).value == expected
        # the same depth given straight to the search, on the whole tree, evaluates by eval too
        assert search_stats(tree.root, algorithm, depth=limit, rules=Rules(prune)).value == expected


def test_players_cycle_by_level_and_a_full_node_overrides_its_level():
    tree = parse_tree("players: [max, min, min]\n"
                      "tree: [[[1, 2]], {player: max, children: [[3], 4]}]")
    root = tree.root
    assert [root.player, root.children[0].player, root.children[0].children[0].player] == [Player.MAX, Player.MIN,
                                                                                          Player.MIN]
    assert root.children[0].children[0].children[0].player is Player.MAX  # level 3 starts the cycle again
    assert root.children[1].player is Player.MAX  # overridden
    assert root.children[1].children[0].player is Player.MIN  # its children keep their level's player
    assert not tree.alternates


def test_names_evals_and_lines_of_full_nodes(tmp_path):
    file = tmp_path / "full.yaml"
    file.write_text("tree:\n"
                    "  name: top\n"
                    "  children:\n"
                    "    - {name: c1, eval: -4, children: [{name: d1, value: -3}, {name: d2, value: -9}]}\n"
                    "    - c2: [5, 6]\n")
    tree = load_tree(file)
    c1, c2 = tree.root.children
    assert (tree.root.name, c1.name, c1.evaluation, c1.line, c2.name) == ("top", "c1", -4, 4, "c2")
    assert [child.name for child in c1.children] == ["d1", "d2"]
    with pytest.raises(SearchOptionError) as error:
        tree.cut_at(1)  # c2 has no eval
    assert str(error.value).startswith(f"{file}:5: tree[1] (c2): the search stops here")
    file.write_text(file.read_text().replace("c2: [5, 6]", "{name: c2, eval: 7, children: [5, 6]}"))
    cut = load_tree(file).cut_at(1)
    assert [(child.name, child.value, child.children) for child in cut.root.children] == [("c1", -4, ()),
                                                                                         ("c2", 7, ())]


def test_negamax_refuses_players_that_do_not_alternate():
    root = parse_tree("players: [max, min, min]\ntree: [[[1, 2]], [3]]").root
    for algorithm in ("negamax", "negamax-ab"):
        with pytest.raises(SearchOptionError, match="assumes the players alternate.*use -a minimax or -a alphabeta"):
            trace_search(root, algorithm)
    assert trace_search(root, "alphabeta").value == 3  # MAX(MIN(MIN(1, 2)), MIN(3))


def test_depth_on_a_tree_file_and_its_rules(tmp_path):
    file = tmp_path / "limited.yaml"
    file.write_text("rules: {algorithm: minimax, depth: 1}\n"
                    "tree: [{eval: 4, children: [1, 9]}, {eval: 2, children: [3, 5]}]\n")
    problem = load_problem(str(file))
    assert (problem.depth, problem.rules) == (1, {"algorithm": "minimax", "depth": 1})
    assert search_stats(problem.root, "minimax", depth=problem.depth).value == 4
    deeper = load_problem(str(file), depth=2)
    assert search_stats(deeper.root, "minimax", depth=deeper.depth).value == 3
    assert deeper.notes == ["--depth 2 overrides the file's rules (depth: 1)"]


@pytest.mark.parametrize("rules, message", [
    ("{algorithm: best}", "rules.algorithm: expected one of minimax, alphabeta, negamax, negamax-ab, pvs, mtdf, sss, id, expectiminimax, star2, maxn, paranoid, mcts, got 'best'"),
    ("{depth: -1}", "rules.depth: expected a whole number from 0 to 1,000,000, got '-1'"),
    ("{prune: sometimes}", "rules.prune: expected one of ge, gt, got 'sometimes'"),
    ("{colour: red}", "rules.colour: unknown key 'colour' (expected one of: algorithm, seed, prune, fail, depth, bounds, quiescence, iterations, exploration, rollout, final, sum)"),
    ("alphabeta", "rules: expected a mapping such as {algorithm: alphabeta, prune: ge}"),
])
def test_bad_rules_name_their_line(tmp_path, rules, message):
    file = tmp_path / "bad.yaml"
    file.write_text(f"tree: [1, 2]\nrules: {rules}\n")
    with pytest.raises(Exception) as error:
        load_problem(str(file))
    assert str(error.value) == f"{file}:2: {message}"
