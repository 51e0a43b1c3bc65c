"""Tree files: the format, default names, and one precise error for every kind of bad input."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from helpers import TREES, brute_force
from tracer import Player, TreeFileError, load_tree, parse_tree, search_stats, trace_search
from tracer.trees import MAX_DEPTH


def names(node):
    return [node.name] + [name for child in node.children for name in names(child)]


def test_plain_list_and_mapping_forms():
    plain = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    mapping = parse_tree("title: T\nsource: S\nroot: min\ntree: [[3, 12, 8], [2, 4, 6]]")
    assert plain.root.player is Player.MAX and [c.name for c in plain.root.children] == ["B", "C", "D"]
    assert (mapping.title, mapping.source, mapping.root.player) == ("T", "S", Player.MIN)
    assert mapping.root.children[0].player is Player.MAX
    assert plain.node_count == 13


def test_default_names_go_level_by_level_and_leaves_stay_unnamed():
    tree = parse_tree("[[[1, 2], 3], [4, [5, 6]]]")
    assert names(tree.root) == ["A", "B", "D", "", "", "", "C", "", "E", "", ""]
    assert tree.root.children[0].move_name(1) == "B2"  # an unnamed leaf is called by its parent and place
    assert tree.root.move_name(0) == "B"


def test_names_in_place_and_in_a_names_list():
    tree = parse_tree("[Left: [x: 3, 12], Right: [2, 4]]")
    assert names(tree.root) == ["A", "Left", "x", "", "Right", "", ""]
    listed = parse_tree("names: [Root, P, Q]\ntree: [[1, 2], [3, 4]]")
    assert names(listed.root)[:1] + [c.name for c in listed.root.children] == ["Root", "P", "Q"]
    # defaults skip names already taken
    taken = parse_tree("[B: [1, 2], [3, 4]]")
    assert [c.name for c in taken.root.children] == ["B", "C"] and taken.root.name == "A"
    skipped = parse_tree("[A: [1, 2], [3, 4]]")
    assert skipped.root.name == "B" and skipped.root.children[1].name == "C"


def test_numbers_integers_negatives_and_decimals():
    tree = parse_tree("[[-1, 2.5], [0, -3.25e2, 1e3]]")  # YAML 1.1 reads 1e3 as text: taken as the number
    leaves = [leaf.value for child in tree.root.children for leaf in child.children]
    assert leaves == [-1, 2.5, 0, -325.0, 1000.0]


def error_of(text: str, **options) -> str:
    with pytest.raises(TreeFileError) as error:
        parse_tree(text, file="x.yaml", **options)
    message = str(error.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("text, message", [
    ("[1, [2, abc]]", "x.yaml:1: tree[1][1]: expected a number or a list, got 'abc'"),
    ("title: t\ntree:\n  - [1, 2]\n  - [3, abc]\n", "x.yaml:4: tree[1][1]: expected a number or a list, got 'abc'"),
    ("[[], 1]", "x.yaml:1: tree[0]: an empty list is not a node: give a leaf value or at least one child"),
    ("[.nan, 1]", "x.yaml:1: tree[0]: leaf values must be finite numbers, got .nan"),
    ("[1, .inf]", "x.yaml:1: tree[1]: leaf values must be finite numbers, got .inf"),
    ("[1, -.inf]", "x.yaml:1: tree[1]: leaf values must be finite numbers, got -.inf"),
    ("[1, true]", "x.yaml:1: tree[1]: expected a number or a list, got 'true' (a yes/no value)"),
    ("[1, ~]", "x.yaml:1: tree[1]: expected a number or a list, got nothing (null)"),
    ("[1, '2']", "x.yaml:1: tree[1]: expected a number or a list, got '2'"),
    ("tree: [1, 2]\ncolour: red", "x.yaml:2: colour: unknown key 'colour' (expected one of: tree, title, source, "
                                  "root, names)"),
    ("tree: [1, 2]\ntree: [3, 4]", "x.yaml:2: tree: key 'tree' appears twice"),
    ("title: only", "x.yaml:1: no 'tree' key: a tree file is a nested list, or a mapping with 'tree:'"),
    ("root: middle\ntree: [1, 2]", "x.yaml:1: root: expected 'max' or 'min', got 'middle'"),
    ("[B: [1, 2], B: [3, 4]]", "x.yaml:1: tree[1]: the name 'B' is used twice (also at tree[0])"),
    ("names: [A, B]\ntree: [[1, 2], C: [3, 4], B: [5, 6]]", "x.yaml:2: tree[2]: the name 'B' is used twice (also at tree[0])"),
    ("names: [A, B, C, D]\ntree: [[1, 2], [3, 4]]", "x.yaml: 'names' lists 4 names but the tree has 3 inner nodes"),
    ("names: [A, B]\ntree: [Q: [1, 2], [3, 4]]", "x.yaml:2: tree[0]: named 'Q' in place but 'B' in 'names'"),
    ("names: A\ntree: [1, 2]", "x.yaml:1: names: expected a list of names"),
    ("[1, {a: 1, b: 2}]", "x.yaml:1: tree[1]: a named node is a one-key mapping such as {B: [3, 12, 8]} or {x: 3}; "
                          "this one has 2 keys"),
    ("[1, {'': 2}]", "x.yaml:1: tree[1]: a node name must be non-empty text, got ''"),
    ("5", "x.yaml:1: tree: the tree must be a list (a single leaf is not a search problem)"),
    ("tree: 5", "x.yaml:1: tree: the tree must be a list (a single leaf is not a search problem)"),
    ("just text", "x.yaml:1: expected a nested list, or a mapping with 'tree:'"),
    ("", "x.yaml: the file is empty: expected a nested list such as [[3, 12, 8], [2, 4, 6]]"),
    ("[1, 2", "x.yaml:1: not valid YAML: expected ',' or ']'"),
    ("[1, 1e400]", "x.yaml:1: tree[1]: leaf values must be finite numbers, got 1e400"),
    ("tree: [1, 2]\n  bad: indentation", "x.yaml:2: not valid YAML:"),
    ("a: &x [1, 2]\ntree: [*x, *x]", "x.yaml:2: YAML aliases (*name) are not allowed in tree files; write the subtree out"),
])
def test_bad_input_gets_one_precise_line(text, message):
    assert error_of(text).startswith(message)


def test_a_billion_laughs_document_is_refused_at_once():
    lines = ["a0: &a0 [1, 2]"] + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, 40)]
    started = time.perf_counter()
    assert "aliases" in error_of("\n".join(lines))
    assert time.perf_counter() - started < 5  # refused, not expanded (generous: this is no timing test)


def test_the_node_cap_names_the_option():
    text = str([[1, 2, 3]] * 10)  # 41 nodes
    assert parse_tree(text, max_nodes=41).node_count == 41
    assert "more than 40 nodes; raise the limit with --max-nodes N" in error_of(text, max_nodes=40)


def chain(depth: int) -> str:
    text = "1"
    for _ in range(depth):
        text = f"[{text}, 2]"
    return text


def test_deep_trees_work_or_get_a_clear_error():
    assert f"the tree is deeper than {MAX_DEPTH} levels" in error_of(chain(MAX_DEPTH + 5))
    assert "nested too deeply" in error_of("[" * 5000 + "1" + "]" * 5000)
    deep = parse_tree(chain(900))
    for algorithm in ("minimax", "alphabeta", "negamax", "negamax-ab"):
        assert search_stats(deep.root, algorithm).value == 2
    trace = trace_search(deep.root, "alphabeta")
    assert len(trace.nodes) == 2 * 900 + 1


def test_file_errors(tmp_path):
    with pytest.raises(TreeFileError, match=r"missing\.yaml: cannot read: No such file"):
        load_tree(tmp_path / "missing.yaml")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00[1, 2]")
    with pytest.raises(TreeFileError, match="not a text file"):
        load_tree(binary)


def test_the_shipped_trees_load_and_match_the_brute_force():
    files = sorted(TREES.glob("*.yaml"))
    assert len(files) >= 5
    for path in files:
        tree = load_tree(path)
        assert tree.title and tree.source, path
        stats = search_stats(tree.root, "alphabeta")
        assert stats.value == brute_force(tree.root), path


def test_rn_example_is_the_textbook_tree():
    tree = load_tree(TREES / "rn_example.yaml")
    assert [[leaf.value for leaf in child.children] for child in tree.root.children] == \
        [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    stats = search_stats(tree.root, "alphabeta")
    assert (stats.value, stats.best_move, stats.leaves_evaluated) == (3, "B", 7)


def test_binary_and_deep_cutoff_examples():
    binary = load_tree(TREES / "binary_depth4.yaml")
    assert binary.node_count == 31 and binary.root.player is Player.MAX
    deep = trace_search(load_tree(TREES / "deep_cutoff.yaml").root, "alphabeta")
    cut = [e for e in deep.events if e.kind == "cutoff"]
    assert len(cut) == 1
    node = deep.nodes[cut[0].node]
    assert node.name == "E" and node.ply == 3  # the α that cut E was set at the root, three levels up
    entered = next(e for e in deep.events if e.kind == "node_entered" and e.node == node.id)
    assert entered.alpha == 5 and deep.nodes[0].name == "A"
    assert [e.node for e in deep.events if e.kind == "alpha_updated" and e.new == 5] == [0]
