"""The fast reading of a big tree file (tracer/inputs/yaml_text.py ``compose_number_list``, tracer/inputs/trees.py
``TreeReader.number_tree``): a one-line list of plain numbers read by the JSON parser gives the very tree the careful
YAML reading gives, node for node, and every file it cannot take, or that has a mistake, gets the careful reading's
own result or one-line error."""

from __future__ import annotations

import glob
import os
import random

import pytest

from tracer import TreeFileError, parse_tree
from tracer.inputs.trees import tree_from_document
from tracer.inputs.yaml_text import FAST_BYTES, MAX_DEPTH, NumberList, _compose, compose, compose_number_list

TREES = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "..", "trees", "*.yaml")))
FILE = "big.yaml"


def careful(text: str, max_nodes: int = 100_000):
    """The tree (or the error) the careful YAML reading makes of ``text``."""
    return outcome(lambda: tree_from_document(_compose(text, FILE), file=FILE, max_nodes=max_nodes))


def fast(text: str, max_nodes: int = 100_000):
    """The tree (or the error) the fast reading makes of ``text``, whatever its length; None where it declines."""
    try:
        document = compose_number_list(text, FILE)
    except TreeFileError as error:  # the rest of the file is not YAML
        return ("error", str(error))
    if document is None:
        return None
    return outcome(lambda: tree_from_document(document, file=FILE, max_nodes=max_nodes))


def outcome(read):
    try:
        return ("tree", described(read()))
    except TreeFileError as error:
        return ("error", str(error))


def described(tree) -> tuple:
    """Everything a Tree holds, nodes in level order with every field, as plain data to compare."""
    nodes, pending = [], [tree.root]
    for node in pending:
        pending.extend(node.children)
        fields = {slot: getattr(node, slot) for slot in node.__slots__ if slot != "children"}
        nodes.append((fields, len(node.children), type(node.value).__name__))
    return (tree.name, tree.title, tree.source, tree.file, tree.node_count, tree.notation, nodes)


def random_list(rng: random.Random, depth: int, branching: int = 3, leaf=None) -> str:
    if depth == 0:
        return leaf() if leaf else str(rng.randint(-100, 100))
    children = rng.randint(2, branching)
    return "[" + ", ".join(random_list(rng, depth - 1, branching, leaf) for _ in range(children)) + "]"


@pytest.mark.parametrize("path", TREES, ids=os.path.basename)
def test_shipped_trees_read_the_same(path):
    text = read_file(path)
    read = fast(text)
    assert read is None or read == careful(text)


def test_the_shipped_one_line_trees_take_the_fast_reading():
    taken = [os.path.basename(path) for path in TREES
             if isinstance(_tree_node(compose_number_list(read_file(path), FILE)), NumberList)]
    assert {"rn_example.yaml", "binary_depth4.yaml", "min_root.yaml"} <= set(taken)


def read_file(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


def _tree_node(document):
    if document is None or isinstance(document, NumberList):
        return document
    return dict((key.value, value) for key, value in document.value)["tree"]


@pytest.mark.parametrize("head", ["", "title: random\n", "# a comment\ntitle: 'a [1, 2] title'\nroot: min\n",
                                  "root: max\ntree:\n  ", "players: [min, max, max]\ntree:\n    "])
def test_random_trees_read_the_same(head):
    rng = random.Random(len(head))
    numbers = random_list(rng, 5)
    text = head + ("" if head.endswith(" ") or not head else "tree: ") + numbers + "\n"
    read = fast(text)
    assert read is not None and read[0] == "tree" and read == careful(text)


@pytest.mark.parametrize("leaf", ["2.5", "-0.0", "1e3", "1.5E+2", "-0", "7"])
def test_numbers_as_yaml_reads_them(leaf):
    """Numbers JSON and YAML both read come out the same value, type and notation (1e3 is text to YAML 1.1, made
    a float by the tree reader; 2.5 makes the tree show decimals)."""
    text = f"tree: [[{leaf}, 1], [2, {leaf}]]\n"
    assert fast(text) == careful(text)


@pytest.mark.parametrize("bad", ["1e400", "[]", "1" * 400, "9" * 5000, "NaN", "Infinity", ".5", "0x1F", "01",
                                 "[1, 2,]", "true", "1_000", "+3", "'3'", "x", "[1, [2]]]", "{a: 1}", "2/3"])
def test_anything_else_reads_as_carefully(bad):
    """A leaf or list the fast reading cannot take (not finite, empty, not JSON, not a number) gets the careful
    reading's tree or its one-line error, named at its line and place."""
    rng = random.Random(1)
    numbers = random_list(rng, 4)
    text = f"title: hostile\ntree: [{numbers}, [3, {bad}, 4], {numbers}]\nroot: min\n"
    expected = careful(text)
    assert (fast(text) or expected) == expected
    if expected[0] == "error":
        assert expected[1].startswith(f"{FILE}:2: tree[1][1]") or expected[1].startswith(f"{FILE}:2:"), expected


def test_limits_give_the_careful_errors():
    rng = random.Random(2)
    text = "tree: " + random_list(rng, 6, 4) + "\n"
    nodes = parse_tree(text).node_count
    assert nodes > 50
    for max_nodes in (1, 50, nodes - 1):
        read = fast(text, max_nodes)
        assert read[0] == "error" and "more than" in read[1] and read == careful(text, max_nodes)
    deep = "tree: " + "[" * (MAX_DEPTH + 5) + "1" + "]" * (MAX_DEPTH + 5) + "\n"
    expected = careful(deep)
    assert expected[0] == "error" and f"nested too deeply (at most {MAX_DEPTH} levels)" in expected[1]
    assert (fast(deep) or expected) == expected
    just_too_deep = "tree: " + "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH + "\n"
    expected = careful(just_too_deep)
    assert expected[0] == "error" and (fast(just_too_deep) or expected) == expected


def test_the_rest_of_the_file_keeps_its_places():
    """A mistake outside the list is reported at the same line and column as the careful reading reports it."""
    rng = random.Random(3)
    numbers = random_list(rng, 4)
    for text in (f"tree: {numbers}\ntitle: [unclosed\n", f"tree: {numbers}\nnames: [A, A]\n",
                 f"tree: {numbers}\ncolour: red\n", f"tree: {numbers}\ntree: [1, 2]\n",
                 f"tree: {numbers}\nstats: {{A: 1/2}}\n", f"game: tictactoe\ntree: {numbers}\n",
                 f"players: [A, B, C]\ntree: {numbers}\n", f"names: [X, Y, Z]\ntree: {numbers}\n",
                 f"players: [max, chance, min]\ntree: {numbers}\n", f"names: [X, X]\ntree: {numbers}\n"):
        assert (fast(text) or careful(text)) == careful(text), text


def test_a_big_file_is_read_fast_and_the_same(tmp_path):
    rng = random.Random(4)
    text = "title: big\ntree: " + random_list(rng, 10, leaf=lambda: f"{rng.uniform(-100, 100):.6f}") + "\n"
    assert len(text) >= FAST_BYTES
    assert isinstance(_tree_node(compose(text, FILE, tree=True)), NumberList)
    assert outcome(lambda: parse_tree(text, file=FILE)) == careful(text)


def test_a_big_file_with_a_mistake_is_refused_in_one_line(tmp_path, capsys):
    """``tracer export`` of a big file whose last leaf is not finite: exit 2, one line naming the file, the line and
    the leaf, as the careful reading says it, and no file written."""
    from tracer.cli.main import main

    rng = random.Random(5)
    numbers = random_list(rng, 8, 4, leaf=lambda: f"{rng.uniform(-100, 100):.6f}")
    path = tmp_path / "big.yaml"
    path.write_text(f"title: big\nroot: max\ntree: [{numbers}, [1, 2, 1e999]]\n", encoding="utf-8")
    assert path.stat().st_size >= FAST_BYTES
    out = tmp_path / "big.json"
    assert main(["export", str(path), "--max-nodes", "1000000", "--format", "json", "-o", str(out)]) == 2
    error = capsys.readouterr().err.strip()
    assert error == f"tracer export: error: {path}:3: tree[1][2]: leaf values must be finite numbers, got 1e999"
    assert not out.exists()
