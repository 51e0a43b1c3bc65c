"""Tree files (tracer/inputs/trees.py): both forms, default names, numbers, and one precise TreeFileError for every kind of
bad input, naming the file, the line and the path inside the tree."""

from __future__ import annotations

import sys

import pytest
import yaml

from nested_lists import (MAX, MIN, SHIPPED_VALUES, TREES, brute_force, chain_text, to_nested)
from tracer import ALGORITHMS, TreeFileError, TreeNode, load_tree, parse_tree, search_stats, trace_search
from tracer.inputs.yaml_text import MAX_DEPTH
from tracer.model.state import Player
from tracer.model.trees import first_chance

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)


def level_order_names(root: TreeNode) -> list[str]:
    names, level = [], [root]
    while level:
        names += [node.name for node in level]
        level = [child for node in level for child in node.children]
    return names


def write(tmp_path, text: str, name: str = "tree.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---- the format -----------------------------------------------------------------------------------------------

def test_the_plain_list_form():
    tree = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    root = tree.root
    assert (tree.title, tree.source, tree.file, tree.name, tree.node_count) == ("", "", "<tree>", "tree", 13)
    assert root.player is MAX and [child.player for child in root.children] == [MIN, MIN, MIN]
    assert {leaf.player for child in root.children for leaf in child.children} == {MAX}
    assert to_nested(root) == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert level_order_names(root) == ["A", "B", "C", "D"] + [""] * 9


def test_the_mapping_form(tmp_path):
    path = write(tmp_path, "title: A small exercise\nsource: 'Textbook, p. 1'\nroot: min\nnames: [Top, L, R]\n"
                           "tree: [[1, 2], [3, 4]]\n", name="exercise.yaml")
    tree = load_tree(path)
    assert (tree.title, tree.source, tree.name, tree.file, tree.node_count) == \
        ("A small exercise", "Textbook, p. 1", "exercise", str(path), 7)
    assert tree.root.player is MIN and tree.root.children[0].player is MAX
    assert tree.root.children[0].children[0].player is MIN
    assert level_order_names(tree.root)[:3] == ["Top", "L", "R"]
    assert tree.meta() == {"kind": "tree", "name": "exercise", "title": "A small exercise",
                           "source": "Textbook, p. 1", "file": str(path)}


@pytest.mark.parametrize("text, player", [("max", MAX), ("MIN", MIN), ("Max", MAX)])
def test_root_player_is_read_in_any_case(text, player):
    assert parse_tree(f"root: {text}\ntree: [1, 2]").root.player is player


def test_default_names_go_level_by_level_and_leaves_stay_unnamed():
    tree = parse_tree("[[[1, 2], 3], [4, [5, 6]]]")
    # level by level: B, C on the first level, then D (under B) and E (under C); depth-first would give B, D, C, E
    assert level_order_names(tree.root) == ["A", "B", "C", "D", "", "", "E", "", "", "", ""]
    b, c = tree.root.children
    assert [b.move_name(0), b.move_name(1), c.move_name(0), c.move_name(1)] == ["D", "B2", "C1", "E"]
    assert [tree.root.move_name(0), tree.root.move_name(1)] == ["B", "C"]
    assert b.children[0].move_name(1) == "D2"


def test_default_names_go_on_after_z():
    tree = parse_tree("[" + ", ".join(["[1]"] * 28) + "]")
    names = [child.name for child in tree.root.children]
    assert names[:2] == ["B", "C"] and names[24:] == ["Z", "AA", "AB", "AC"]


def test_names_given_in_place():
    tree = parse_tree("[B: [3, 12, 8], C: [2, 4, 6]]")
    assert level_order_names(tree.root) == ["A", "B", "C"] + [""] * 6
    leaves = parse_tree("[Left: [x: 3, 12], 7, y: 4]")
    left = leaves.root.children[0]
    assert level_order_names(leaves.root) == ["A", "Left", "", "y", "x", ""]
    assert [left.move_name(0), left.move_name(1), leaves.root.move_name(1), leaves.root.move_name(2)] == \
        ["x", "Left2", "A2", "y"]
    assert left.children[0].value == 3 and leaves.root.children[2].value == 4


def test_default_names_skip_the_names_already_given():
    taken = parse_tree("[[1, 2], B: [3, 4]]")
    assert level_order_names(taken.root)[:3] == ["A", "C", "B"]
    root_taken = parse_tree("[A: [1, 2], [3, 4]]")
    assert level_order_names(root_taken.root)[:3] == ["B", "A", "C"]


def test_names_in_a_names_list():
    tree = parse_tree("names: [Root, P, Q, S]\ntree: [[1, [2, 3]], [4, 5]]")
    assert level_order_names(tree.root) == ["Root", "P", "Q", "", "S", "", "", "", ""]
    partial = parse_tree("names: [R]\ntree: [[1, 2], [3, 4]]")
    assert level_order_names(partial.root)[:3] == ["R", "A", "B"]
    agreeing = parse_tree("names: [A, B]\ntree: [B: [1, 2], [3, 4]]")
    assert level_order_names(agreeing.root)[:3] == ["A", "B", "C"]


def test_integers_negatives_and_decimals_are_numbers():
    tree = parse_tree("[[-1, 2.5, 0], [-3.25e2, 1e3, -0.125, 7]]")  # unquoted 1e3 is text in YAML 1.1: a number here
    values = [leaf.value for child in tree.root.children for leaf in child.children]
    assert values == [-1, 2.5, 0, -325.0, 1000.0, -0.125, 7]
    assert [type(v) for v in values] == [int, float, int, float, float, float, int]


def test_nodes_know_their_line_and_path():
    tree = parse_tree("title: t\ntree:\n  - [1, 2]\n  - B:\n      - 3\n      - [4, 5]\n")
    first, second = tree.root.children
    assert (tree.root.path, tree.root.line) == ("tree", 3)
    assert (first.path, first.line, second.path, second.line) == ("tree[0]", 3, "tree[1]", 5)
    assert (second.children[1].path, second.children[1].line) == ("tree[1][1]", 6)
    assert second.children[1].children[1].path == "tree[1][1][1]"


# ---- bad input: one line naming the file, the line and the tree path ------------------------------------------

BAD_INPUT = [
    # (id, file text, line, tree path, message)
    ("word leaf", "[1, [2, abc]]", 1, "tree[1][1]", "expected a number or a list, got 'abc'"),
    ("word leaf, block style", "title: t\ntree:\n  - [1, 2]\n  - [3, abc]\n", 4, "tree[1][1]",
     "expected a number or a list, got 'abc'"),
    ("quoted number", "[1, '2']", 1, "tree[1]", "expected a number or a list, got '2'"),
    ("date", "[1, 2017-01-01]", 1, "tree[1]", "expected a number or a list, got '2017-01-01'"),
    ("empty root", "[]", 1, "tree", "an empty list is not a node: give a leaf value or at least one child"),
    ("empty list", "[[1], [[], 1]]", 1, "tree[1][0]",
     "an empty list is not a node: give a leaf value or at least one child"),
    ("nan", "[.nan, 1]", 1, "tree[0]", "leaf values must be finite numbers, got .nan"),
    ("NaN", "[1, [2, .NaN]]", 1, "tree[1][1]", "leaf values must be finite numbers, got .NaN"),
    ("bare nan", "[1, nan]", 1, "tree[1]", "leaf values must be finite numbers, got nan"),
    ("inf", "[1, .inf]", 1, "tree[1]", "leaf values must be finite numbers, got .inf"),
    ("-inf", "[1, -.inf]", 1, "tree[1]", "leaf values must be finite numbers, got -.inf"),
    ("float overflow", "[1, 1e400]", 1, "tree[1]", "leaf values must be finite numbers, got 1e400"),
    ("true", "[1, true]", 1, "tree[1]", "expected a number or a list, got 'true' (a yes/no value)"),
    ("yes", "[1, [yes]]", 1, "tree[1][0]", "expected a number or a list, got 'yes' (a yes/no value)"),
    ("off", "[1, off]", 1, "tree[1]", "expected a number or a list, got 'off' (a yes/no value)"),
    ("~", "[1, ~]", 1, "tree[1]", "expected a number or a list, got nothing (null)"),
    ("null", "[null, 1]", 1, "tree[0]", "expected a number or a list, got nothing (null)"),
    ("empty block item", "- 1\n-\n", 2, "tree[1]", "expected a number or a list, got nothing (null)"),
    ("unknown key", "tree: [1, 2]\ncolour: red", 2, "colour",
     "unknown key 'colour' (expected one of: tree, title, source, root, players, names, stats, rules, expect)"),
    ("duplicate key", "tree: [1, 2]\ntitle: t\ntree: [3, 4]", 3, "tree", "key 'tree' appears twice"),
    ("no tree key", "title: only", 1, "", "no 'tree' key: a tree file is a nested list, or a mapping with 'tree:'"),
    ("bad root", "root: middle\ntree: [1, 2]", 1, "root", "expected 'max' or 'min', got 'middle'"),
    ("yes/no root", "tree: [1, 2]\nroot: yes", 2, "root", "expected 'max' or 'min', got 'yes' (a yes/no value)"),
    ("list title", "title: [a]\ntree: [1]", 1, "title", "expected text, got a list"),
    ("names not a list", "names: A\ntree: [1, 2]", 1, "names",
     "expected a list of names, inner nodes level by level, e.g. [A, B, C, D]"),
    ("yes/no name", "names: [A, true]\ntree: [[1], [2]]", 1, "names[1]",
     "a node name must be non-empty text, got 'true' (a yes/no value)"),
    ("empty name", "[1, {'': 2}]", 1, "tree[1]", "a node name must be non-empty text, got ''"),
    ("list as name", "[1, {[a]: 2}]", 1, "tree[1]", "a node name must be non-empty text, got a list"),
    ("same name in place twice", "[B: [1, 2], B: [3, 4]]", 1, "tree[1]",
     "the name 'B' is used twice (also at tree[0])"),
    ("same leaf name twice", "[[x: 1, 2], [3, x: 4]]", 1, "tree[1][1]",
     "the name 'x' is used twice (also at tree[0][0])"),
    ("in place and in names", "names: [A, B]\ntree:\n  - [1, 2]\n  - C: [3, 4]\n  - B: [5, 6]\n", 5, "tree[2]",
     "the name 'B' is used twice (also at tree[0])"),
    ("twice in names", "names: [A, B, B]\ntree: [[1, 2], [3, 4]]", 2, "tree[1]",
     "the name 'B' is used twice (also at tree[0])"),
    ("names disagree", "names: [A, B]\ntree: [Q: [1, 2], [3, 4]]", 2, "tree[0]",
     "named 'Q' in place but 'B' in 'names'"),
    ("two-key mapping", "[1, {a: 1, b: 2}]", 1, "tree[1]",
     "a node is a one-key mapping such as {B: [3, 12, 8]}, or written in full with the keys name, value, children, "
     "eval, player, p; this one has 2 keys and none of those"),
    ("two-key mapping, block style", "- [1, 2]\n- x: 3\n  y: 4\n", 2, "tree[1]",
     "a node is a one-key mapping such as {B: [3, 12, 8]}, or written in full with the keys name, value, children, "
     "eval, player, p; this one has 2 keys and none of those"),
    ("mapping as a named node's value", "[B: {C: 3}]", 1, "tree[0]",
     "a node named in place holds a number or a list, not a mapping"),
    ("named leaf as the tree", "tree: {B: 1}", 1, "tree",
     "the tree must be a list (a single leaf is not a search problem)"),
    # nodes written in full, and players by level
    ("full node, value and children", "[1, {value: 2, children: [3]}]", 1, "tree[1]",
     "a node written in full has value: (a leaf) or children: (an inner node), not both"),
    ("full node, neither", "[1, {name: x}]", 1, "tree[1]",
     "a node written in full has value: (a leaf) or children: (an inner node)"),
    ("full node, unknown key", "[1, {name: x, valu: 2}]", 1, "tree[1].valu",
     "unknown key 'valu' (expected one of: name, value, children, eval, player, p)"),
    ("full node, eval on a leaf", "[1, {value: 2, eval: 3}]", 1, "tree[1].eval",
     "eval: is an inner node's static value; a leaf has value: only"),
    ("full node, text eval", "[1, {eval: high, children: [2]}]", 1, "tree[1].eval",
     "expected a number or a list, got 'high'"),
    ("full node, bad player", "- 1\n- player: chance-ish\n  children: [2]\n", 2, "tree[1].player",
     "expected 'max', 'min' or 'chance', got 'chance-ish'"),
    ("full node, children not a list", "[1, {children: 2}]", 1, "tree[1].children",
     "expected a list of children, got '2'"),
    ("full node, empty children", "[1, {children: []}]", 1, "tree[1]",
     "an empty list is not a node: give a leaf value or at least one child"),
    ("players not a list", "players: max\ntree: [1, 2]", 1, "players",
     "expected a list of players by level, e.g. [max, min, min], or the players' names, e.g. [A, B, C]"),
    ("players entry", "players: [max, mini]\ntree: [1, 2]", 1, "players[1]", "expected 'max', 'min' or 'chance', got 'mini'"),
    ("players and root disagree", "root: min\nplayers: [max, min]\ntree: [1, 2]", 2, "players",
     "the root is min (root:) but players: starts with max; give one of them"),
    ("scalar root", "5", 1, "tree", "the tree must be a list (a single leaf is not a search problem)"),
    ("scalar tree", "title: t\ntree: 5", 2, "tree", "the tree must be a list (a single leaf is not a search problem)"),
    ("text root", "just text", 1, "", "expected a nested list, or a mapping with 'tree:'"),
    ("unclosed bracket", "tree:\n  - [1, 2]\n  - [3, 4]]\n", 3, None,
     "not valid YAML: did not find expected '-' indicator"),
    ("bad indentation", "title: t\ntree: [1, 2]\n  bad: indentation\n", 3, None,
     "not valid YAML: did not find expected key"),
    ("alias", "tree: [&x [1, 2], *x]", 1, None,
     "YAML aliases (*name) are not allowed in tree files; write the subtree out"),
    ("alias, block style", "title: t\ntree:\n  - &x [1, 2]\n  - [3, 4]\n  - *x\n", 5, None,
     "YAML aliases (*name) are not allowed in tree files; write the subtree out"),
]


@pytest.mark.parametrize("text, line, path, message", [case[1:] for case in BAD_INPUT],
                         ids=[case[0] for case in BAD_INPUT])
def test_bad_input_gets_one_precise_line(tmp_path, text, line, path, message):
    file = write(tmp_path, text)
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    where = f"{file}:{line}: {path}: " if path else f"{file}:{line}: "
    assert str(error.value) == where + message
    assert (error.value.file, error.value.line, error.value.path) == (str(file), line, path)


def test_text_without_a_file_is_called_tree():
    with pytest.raises(TreeFileError) as error:
        parse_tree("[1, [2, abc]]")
    assert str(error.value) == "<tree>:1: tree[1][1]: expected a number or a list, got 'abc'"


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_an_empty_file(tmp_path, text):
    file = write(tmp_path, text)
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    assert str(error.value) == f"{file}: the file is empty: expected a nested list such as [[3, 12, 8], [2, 4, 6]]"


def test_a_names_list_longer_than_the_inner_nodes_names_its_line(tmp_path):
    file = write(tmp_path, "title: t\nnames: [A, B, C, D]\ntree: [[1, 2], [3, 4]]\n")
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    assert "'names' lists 4 names but the tree has 3 inner nodes" in str(error.value)
    # like every other mistake in a file, this one is reported at its line and its key
    assert str(error.value) == f"{file}:2: names: 'names' lists 4 names but the tree has 3 inner nodes"


def test_a_billion_laughs_document_is_refused_at_its_first_alias(tmp_path):
    lines = ["a0: &a0 [1, 2]"] + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, 60)] + ["tree: *a59"]
    file = write(tmp_path, "\n".join(lines))
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    # line 2 holds the first alias: the document was refused there, before anything was expanded
    assert str(error.value) == \
        f"{file}:2: YAML aliases (*name) are not allowed in tree files; write the subtree out"


def test_the_node_cap_names_the_option(tmp_path):
    text = str([[1, 2, 3]] * 10)  # 1 + 10 + 30 = 41 nodes
    file = write(tmp_path, text)
    assert load_tree(file, max_nodes=41).node_count == 41
    with pytest.raises(TreeFileError) as error:
        load_tree(file, max_nodes=40)
    assert str(error.value) == \
        f"{file}:1: tree[9][2]: more than 40 nodes; raise the limit with --max-nodes N (Python: max_nodes=N)"
    wide = write(tmp_path, "[" + ", ".join(["1"] * 1000) + "]", name="wide.yaml")  # 1,001 nodes
    with pytest.raises(TreeFileError) as error:
        load_tree(wide, max_nodes=1000)
    assert str(error.value) == (f"{wide}:1: tree[999]: more than 1,000 nodes; raise the limit with --max-nodes N "
                                "(Python: max_nodes=N)")
    assert load_tree(wide).node_count == 1001  # the default cap is far larger


def test_a_tree_deeper_than_max_depth_gets_a_clear_error(tmp_path):
    file = write(tmp_path, chain_text(MAX_DEPTH))  # its deepest nodes are MAX_DEPTH plies down
    limit = sys.getrecursionlimit()
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    path = "tree" + "[0]" * MAX_DEPTH
    assert str(error.value) == f"{file}:1: {path}: the tree is deeper than {MAX_DEPTH} levels"
    assert sys.getrecursionlimit() == limit
    assert load_tree(write(tmp_path, chain_text(MAX_DEPTH - 1), "deepest.yaml")).node_count == 2 * MAX_DEPTH - 1


def test_a_nesting_of_5000_levels_gets_a_clear_error(tmp_path):
    file = write(tmp_path, "[" * 5000 + "1" + "]" * 5000)
    limit = sys.getrecursionlimit()
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    assert str(error.value) == f"{file}:1: nested too deeply (at most {MAX_DEPTH} levels)"
    assert sys.getrecursionlimit() == limit


def test_a_file_that_does_not_exist(tmp_path):
    file = tmp_path / "missing.yaml"
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    assert str(error.value) == f"{file}: cannot read: No such file or directory"
    with pytest.raises(TreeFileError) as error:
        load_tree(tmp_path)
    assert str(error.value) == f"{tmp_path}: cannot read: a folder (give a tree, position or trace file)"


def test_a_file_that_is_not_utf8(tmp_path):
    file = tmp_path / "latin1.yaml"
    file.write_bytes("title: café\ntree: [1, 2]\n".encode("latin-1"))
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    assert str(error.value) == f"{file}: not a text file (expected UTF-8 YAML)"


# ---- bad input that must not escape as a traceback ------------------------------------------------------------

@pytest.mark.parametrize("text", ["[1, !foo 3]", "[1, !!python/object:os.system ls]", "[1, !!float abc]",
                                  "[1, !!int 0xZZ]"])
def test_leaves_with_yaml_tags_get_a_tree_file_error(tmp_path, text):
    file = write(tmp_path, text)
    with pytest.raises(TreeFileError) as error:
        load_tree(file)
    assert (error.value.file, error.value.line, error.value.path) == (str(file), 1, "tree[1]")


def test_a_huge_whole_number_is_a_number_or_a_clear_error(tmp_path):
    huge = 10 ** 400  # a YAML integer: too large for a float, but a whole number all the same
    file = write(tmp_path, f"[1, {huge}]")
    try:
        tree = load_tree(file)
    except TreeFileError as error:
        assert error.line == 1 and error.path == "tree[1]"
    else:
        assert tree.root.children[1].value == huge


# ---- deep trees load and are searched -------------------------------------------------------------------------

def test_a_chain_900_levels_deep_loads_and_every_search_handles_it(tmp_path):
    tree = load_tree(write(tmp_path, chain_text(900)))
    assert tree.node_count == 1801
    # The deepest list [1, 2] is at ply 899, a MIN node: 1. Every node above takes a 2 next to it, so every inner
    # node is worth 2, and the first move (the chain) is kept on ties.
    for algorithm in ALGORITHMS:
        stats = search_stats(tree.root, algorithm)
        assert (stats.value, stats.best_move) == (2, "B"), algorithm
        trace = trace_search(tree.root, algorithm)
        assert (trace.value, trace.best_move, len(trace.nodes)) == (2, "B", 1801), algorithm
    minimax = search_stats(tree.root, "minimax")
    assert (minimax.nodes_visited, minimax.leaves_evaluated) == (1801, 901)


def test_the_deepest_tree_the_loader_accepts_can_be_searched(tmp_path):
    tree = load_tree(write(tmp_path, chain_text(MAX_DEPTH - 1)))
    for algorithm in ALGORITHMS:  # the deepest list [1, 2] is a MAX node (ply 998): every inner node is worth 2
        assert search_stats(tree.root, algorithm).value == 2, algorithm
        assert trace_search(tree.root, algorithm).value == 2, algorithm


def test_a_deep_tree_with_names_in_place_loads(tmp_path):
    text = "1"
    for level in reversed(range(900)):
        text = f"[N{level}: {text}, 2]" if level else f"[{text}, 2]"
    tree = load_tree(write(tmp_path, text))  # 900 levels, well inside MAX_DEPTH
    assert tree.node_count == 1801 and tree.root.children[0].children[0].name == "N1"
    assert search_stats(tree.root, "alphabeta").value == 2


# ---- the shipped examples -------------------------------------------------------------------------------------

SHIPPED = sorted(TREES.glob("*.yaml"))


def test_the_hand_worked_examples_are_shipped():
    assert set(SHIPPED_VALUES) <= {path.stem for path in SHIPPED}


@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_each_shipped_tree_loads_and_matches_the_brute_force(path):
    tree = load_tree(path)
    assert tree.title.strip() and tree.source.strip()
    if tree.root.named is not None:  # vectors of utilities: tests/search/test_vectors.py checks max^n and paranoid
        return
    expected = brute_force(to_nested(tree.root), tree.root.player) if tree.alternates else by_players(tree.root)
    if path.stem in SHIPPED_VALUES:
        assert (expected, search_stats(tree.root, "minimax").best_move) == SHIPPED_VALUES[path.stem]
    for algorithm, search in ALGORITHMS.items():
        if first_chance(tree.root) is not None and not search.chance:
            continue  # only expectiminimax averages at chance nodes
        if tree.alternates or not search.negamax:  # negamax refuses players that repeat
            assert search_stats(tree.root, algorithm).value == pytest.approx(expected), algorithm


def by_players(node):
    """Minimax from the definition, reading each node's player (for trees whose players do not alternate), and
    at a chance node the children's values weighted by their probabilities."""
    if not node.children:
        return node.value
    values = [by_players(child) for child in node.children]
    if node.player is Player.CHANCE:
        return sum(child.p * value for child, value in zip(node.children, values))
    return max(values) if node.player is MAX else min(values)


def test_rn_example_is_figure_5_2():
    tree = load_tree(TREES / "rn_example.yaml")
    assert to_nested(tree.root) == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert tree.root.player is MAX and tree.title == "Russell & Norvig, Figure 5.2"


@pytest.mark.parametrize("value, shown", [(8 / 3, "8/3"), (-10 / 3, "−10/3"), (7 / 12, "7/12"), (2.5, "2.5"),
                                          (0.1, "0.1"), (19 / 54, "19/54"), (3.0, "3"), (1 / 3 + 1e-6, "0.333334"),
                                          (0.1 + 0.2, "0.3"), (58 / 27, "58/27"), (1.7777777777777775, "1.77778")])
def test_numbers_read_as_textbooks_write_them(value, shown):
    from tracer.numbers import format_number

    assert format_number(value) == shown  # the fraction a float stands for (a denominator up to a million) as
    # itself; a float that is no such fraction (0.1 + 0.2 is not 3/10's float) as a rounded decimal


def test_a_whole_number_reached_through_rounding_reads_as_one():
    from tracer.numbers import format_number

    assert format_number(1 / 3 + 1 / 3 + 1 / 3 + 2e-16) == "1" and format_number(2.0000000000000004) == "2"


def test_without_key_leaves_out_expect_and_keeps_the_rest_as_written():
    from tracer.inputs.trees import without_key

    text = "# a tree\ntree: [[3, 12], [2]]\nexpect:\n  value: 3\n  pruned: []\nrules: {algorithm: minimax}  # kept\n"
    assert without_key(text) == "# a tree\ntree: [[3, 12], [2]]\nrules: {algorithm: minimax}  # kept\n"
    assert without_key("tree: [[1]]\nexpect: {value: 1}") == "tree: [[1]]\n"
    flow = "{tree: [[1, 2]], expect: {value: 1}, title: x}"
    assert yaml.safe_load(without_key(flow)) == {"tree": [[1, 2]], "title": "x"}
    for plain in ("tree: [[1]]\n", "[[1, 2], [3]]\n"):
        assert without_key(plain) == plain
    for path in sorted(TREES.glob("*.yaml")):  # every shipped tree: the same tree, no key
        read = yaml.safe_load(path.read_text(encoding="utf-8"))
        read.pop("expect", None)
        assert yaml.safe_load(without_key(path.read_text(encoding="utf-8"), str(path))) == read


def test_printable_text_is_never_unprintable_text():
    """The reader passes text Python calls printable without looking at each character (most of a file): every
    code point Python calls printable is one :func:`tracer.text.unsafe` lets through, checked one by one; and text
    that is not printable (a line break) is still looked at character by character."""
    from tracer.inputs.yaml_text import unprintable
    from tracer.text import unsafe

    assert [hex(code) for code in range(0x110000) if chr(code).isprintable() and unsafe(chr(code))] == []
    assert unprintable("two\nlines") is None and unprintable("a\u202eb\nc") == "\u202e"
    assert unprintable("α ≥ β, −∞") is None and unprintable("\x1b[2J") == "\x1b"
