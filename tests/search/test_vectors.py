"""Games of named players, each leaf a vector of utilities: max^n (with Korf's shallow pruning where a constant sum
is declared) and paranoid, checked against independent implementations written here from their papers, on
thousands of random trees; the textbook's three-player tree; and the one-line errors of bad tree files."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, strategies as st

from helpers import TREES, assert_one_line_error, examples, run_tracer
from tracer.inputs.trees import parse_tree
from tracer.run import search_stats, trace_search
from tracer.search.registry import algorithm
from tracer.search.tracers import NullTracer
from tracer.view import TraceView

NAMES = "ABCD"


# ---- random vector trees, written as a tree file --------------------------------------------------------------

@st.composite
def vector_trees(draw, total=None):
    """A tree file's text: 2 to 4 players, 1 to 4 levels, 1 to 3 children a node; with ``total`` every leaf's
    components are whole numbers from 0 adding up to it (and ``rules: {sum: total}`` says so)."""
    players = draw(st.integers(2, 4))

    def leaf():
        if total is None:
            parts = draw(st.lists(st.integers(-5, 9), min_size=players, max_size=players))
        else:
            cuts = sorted(draw(st.lists(st.integers(0, total), min_size=players - 1, max_size=players - 1)))
            parts = [b - a for a, b in zip([0] + cuts, cuts + [total])]
        return '"(' + ", ".join(map(str, parts)) + ')"'

    def node(depth):
        if depth == 0 or (depth < 3 and draw(st.booleans()) and draw(st.booleans())):
            return leaf()
        return "[" + ", ".join(node(depth - 1) for _ in range(draw(st.integers(1, 3)))) + "]"

    tree = "[" + ", ".join(node(draw(st.integers(0, 3))) for _ in range(draw(st.integers(1, 3)))) + "]"
    rules = "" if total is None else f"rules: {{sum: {total}}}\n"
    return f"players: [{', '.join(NAMES[:players])}]\n{rules}tree: {tree}\n"


def brute_maxn(node):
    """Max^n from its definition: the mover takes the first child whose vector is largest in its component."""
    if not node.children:
        return node.value
    best = None
    for child in node.children:
        vector = brute_maxn(child)
        if best is None or vector[node.mover] > best[node.mover]:
            best = vector
    return best


def korf_shallow(node, bound, total, players, leaves):
    """Korf (1991), Figure 3, "Shallow(Node, Player, Bound)" as the paper writes it (lowest value 0): the vector,
    and ``leaves`` gets the path of every leaf evaluated."""
    if not node.children:
        leaves.append(node.path)
        return node.value
    i = node.mover
    best = korf_shallow(node.children[0], total, total, players, leaves)
    for child in node.children[1:]:
        if best[i] >= bound:
            return best
        current = korf_shallow(child, total - best[i], total, players, leaves)
        if current[i] > best[i]:
            best = current
    return best


def brute_paranoid(node, me):
    """The root player's component, maximised where it moves and minimised everywhere else."""
    if not node.children:
        return node.value[me]
    values = [brute_paranoid(child, me) for child in node.children]
    return max(values) if node.mover == me else min(values)


class LeafPaths(NullTracer):
    """Keeps the path of each leaf a search evaluates."""

    def __init__(self):
        self.paths, self.state = [], None

    def enter(self, state, move, alpha=None, beta=None):
        self.state = state

    def leaf(self, value):
        self.paths.append(self.state.path)


@examples(1500)
@given(vector_trees())
def test_maxn_is_maxn_from_its_definition(text):
    root = parse_tree(text).root
    value, move = algorithm("maxn").run(root)
    assert value == brute_maxn(root)
    assert brute_maxn(root.children[move]) == value  # the move reaches the value
    assert all(brute_maxn(child)[root.mover] < value[root.mover] for child in root.children[:move])  # the first


@examples(1500)
@given(st.integers(1, 12).flatmap(lambda total: vector_trees(total=total)))
def test_shallow_pruning_prunes_what_korf_prunes_and_keeps_the_value(text):
    root = parse_tree(text).root
    total, players = root.named.total, len(root.named.names)
    tracer = LeafPaths()
    value, _ = algorithm("maxn").run(root, tracer=tracer)
    korf_leaves = []
    assert value == korf_shallow(root, total, total, players, korf_leaves)
    assert tracer.paths == korf_leaves
    unpruned = parse_tree(text.replace(f"rules: {{sum: {total}}}\n", "")).root
    assert value == brute_maxn(unpruned)


@examples(1500)
@given(vector_trees())
def test_paranoid_is_alpha_beta_for_the_root_player(text):
    root = parse_tree(text).root
    value, move = algorithm("paranoid").run(root)
    assert value == brute_paranoid(root, root.mover)
    assert brute_paranoid(root.children[move], root.mover) == value


# ---- the textbook's tree --------------------------------------------------------------------------------------

THREE = TREES / "three_players.yaml"
BACKED_UP = {"A": (1, 2, 6), "B1": (1, 2, 6), "B2": (1, 5, 2), "C1": (1, 2, 6), "C2": (6, 1, 2), "C3": (1, 5, 2),
             "C4": (5, 4, 5)}  # Russell & Norvig, Figure 5.4


def test_the_three_player_tree_backs_up_the_books_vectors():
    from tracer.inputs.trees import load_tree

    trace = trace_search(load_tree(THREE).root, "maxn")
    view = TraceView(trace)
    shown = {view.label(node.id): node.value for node in view.nodes if node.children}
    assert shown == BACKED_UP
    assert trace.best_move == "B1"  # A's tie, 1 and 1, keeps the first move


def test_the_three_player_trees_key_holds():
    result = run_tracer("check", THREE)
    assert result.returncode == 0, result.stderr
    assert "8 of 8" in result.stdout


def test_a_vector_is_a_list_in_stats_and_the_saved_trace(tmp_path):
    stats = json.loads(run_tracer("stats", THREE, "-a", "maxn", "--json").stdout)
    assert stats["value"] == [1, 2, 6] and stats["evaluated_leaves"][0] == [1, 2, 6]
    saved = tmp_path / "t.json"
    assert run_tracer("trace", THREE, "-a", "maxn", "-o", saved).returncode == 0
    data = json.loads(saved.read_text())
    assert data["result"]["value"] == [1, 2, 6]
    assert run_tracer("trace", saved).returncode == 0  # read back, checked against the schema


def test_shallow_cutoff_caption_shows_the_arithmetic(tmp_path):
    tree = tmp_path / "sum.yaml"
    tree.write_text('players: [A, B, C]\nrules: {sum: 10}\nnames: [R, P, Q, S, T, U, V]\n'
                    'tree: [[["(3, 3, 4)", "(1, 5, 4)"], ["(2, 1, 7)", "(4, 4, 2)"]],'
                    ' [["(1, 8, 1)", "(5, 0, 5)"], ["(2, 6, 2)", "(0, 10, 0)"]]]\n')
    trace = trace_search(parse_tree(tree.read_text()).root, "maxn")
    view = TraceView(trace, 0)
    notes = [step.note for event, step in view.replay() if event.kind == "shallow_cutoff"]
    # at T, C has 7 ≥ 10 − 3 (B's 3 at P): B can get at most 3 there, no better than it has
    assert notes and notes[0].startswith("C has 7 ≥ 10 − 3 = 7, so B gets at most 10 − 7 = 3 ≤ 3")
    assert search_stats(parse_tree(tree.read_text()).root, "maxn").cutoffs == len(notes)


# ---- mistakes: one line, exit 2, nothing written ------------------------------------------------------------------

BAD = {
    "a vector of the wrong length": ('players: [A, B, C]\ntree: [["(1, 2)", "(1, 2, 3)"], ["(1, 2, 3)"]]\n',
                                     "has 2 numbers, but the tree has 3 players"),
    "a number in a vector tree": ('players: [A, B, C]\ntree: [[7, "(1, 2, 3)"], ["(1, 2, 3)"]]\n', "is a vector"),
    "a vector in a two-player file": ('tree: [["(1, 2)", 3], [4]]\n', "names no players"),
    "a sum a leaf breaks": ('players: [A, B]\nrules: {sum: 5}\ntree: [["(1, 2)", "(3, 2)"], ["(4, 1)"]]\n',
                            "adds up to 3"),
    "bounds a leaf breaks": ('players: [A, B]\nrules: {bounds: [0, 3]}\ntree: [["(1, 2)", "(3, 0)"], ["(4, 1)"]]\n',
                             "outside the bounds [0, 3]"),
    "one named player": ("players: [A]\ntree: [[\"(1, 2)\"]]\n", "two or more"),
    "max among named players": ("players: [A, max]\ntree: [[\"(1, 2)\"]]\n", "expected 'max', 'min' or 'chance'"),
    "an unknown player at a node": ('players: [A, B]\ntree: [{player: Z, children: ["(1, 2)"]}]\n',
                                    "expected one of the players A, B"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_bad_vector_tree_is_one_line(tmp_path, name):
    text, fragment = BAD[name]
    tree = tmp_path / "bad.yaml"
    tree.write_text(text)
    result = run_tracer("render", tree, "-a", "maxn", "-o", tmp_path / "out.svg")
    assert_one_line_error(result, fragment)
    assert not (tmp_path / "out.svg").exists()


@pytest.mark.parametrize("args, fragment", [
    (["--game", "tictactoe", "-a", "maxn"], "the game has one utility"),
    (["--game", "tictactoe", "-a", "paranoid"], "the game has one utility"),
])
def test_a_search_that_does_not_fit_is_one_line(args, fragment):
    assert_one_line_error(run_tracer("stats", *args), fragment)


def test_a_two_player_tree_is_not_for_max_n(tmp_path):
    tree = tmp_path / "two.yaml"
    tree.write_text("tree: [[3, 12], [2, 4]]\n")
    assert_one_line_error(run_tracer("stats", tree, "-a", "maxn"), "leaves are single numbers")
    tree.write_text('players: [A, B]\ntree: [["(1, 2)", "(2, 1)"]]\n')
    assert_one_line_error(run_tracer("stats", tree, "-a", "alphabeta"), "use -a maxn or -a paranoid")


# ---- generated exercises: tracer exercise --players A,B,C --vector -------------------------------------------------

def _leaves(node):
    return [node] if not node.children else [leaf for child in node.children for leaf in _leaves(child)]


@pytest.mark.parametrize("options", [
    ("--values", "0..9"),
    ("--values", "0..10", "--sum", "10", "--min-pruned", "1"),
    ("--values", "0..6", "--sum", "6", "--rules", "{algorithm: paranoid}", "--min-pruned", "2"),
])
def test_generated_vector_exercises_are_right_by_brute_force_and_pass_check(tmp_path, options):
    """Twenty seeds each: every leaf a vector in range (adding up to --sum), the key's value is max^n's (or the
    paranoid value) from its definition, the pruned leaves are those Korf's Shallow never evaluates, and the file
    passes its own tracer check."""
    given = dict(zip(options[::2], options[1::2]))
    low, high = map(int, given["--values"].split(".."))
    for seed in range(20):
        result = run_tracer("exercise", "--players", "A,B,C", "--vector", "--depth", "3", "--seed", seed, *options)
        assert result.returncode == 0, result.stderr
        path = tmp_path / f"e{seed}.yaml"
        path.write_text(result.stdout)
        tree = parse_tree(result.stdout)
        root, expect = tree.root, yaml.safe_load(result.stdout)["expect"]
        for leaf in _leaves(root):
            assert len(leaf.value) == 3 and all(low <= part <= high for part in leaf.value)
            assert "--sum" not in given or sum(leaf.value) == int(given["--sum"])
        if "--rules" in given:
            assert expect["value"] == brute_paranoid(root, root.mover)
        else:
            assert expect["value"] == "(" + ", ".join(map(str, brute_maxn(root))) + ")"
        if "--sum" in given and "--rules" not in given:
            evaluated = []
            korf_shallow(root, int(given["--sum"]), int(given["--sum"]), 3, evaluated)
            pruned_paths = {leaf.path for leaf in _leaves(root)} - set(evaluated)
            named = dict(_descendants(root))
            assert {leaf.path for top in expect["pruned"] for leaf in _leaves(named[top])} == pruned_paths
            assert pruned_paths  # --min-pruned 1
        assert run_tracer("check", path).returncode == 0


def _descendants(node):
    """Every node, with its name as a key calls it: its own, or a leaf's parent's name and its place (B1, B2)."""
    yield node.name, node
    for place, child in enumerate(node.children, 1):
        if child.name:
            yield from _descendants(child)
        else:
            yield f"{node.name}{place}", child


@pytest.mark.parametrize("args, fragment", [
    (("--vector",), "--players A,B,C"),
    (("--players", "A,B,C"), "--vector"),
    (("--players", "max,min", "--vector"), "--players A,B,C"),
    (("--sum", "3"), "--sum"),
    (("--players", "A,B", "--vector", "--sum", "30"), "--sum 30"),
    (("--players", "A,max", "--vector"), "--players"),
    (("--players", "A,A", "--vector"), "--players"),
    (("--players", "A,B,C", "--vector", "--rules", "{algorithm: alphabeta}"), "alphabeta searches numbers"),
    (("--rules", "{algorithm: maxn}"), "--vector"),
    (("--players", "A,B,C", "--vector", "--min-pruned", "1"), "never prunes"),
    (("--players", "A,B,C", "--vector", "--no-ties"), "--no-ties"),
])
def test_a_bad_vector_exercise_is_one_line(args, fragment):
    assert_one_line_error(run_tracer("exercise", *args), fragment)


# ---- tracer grade on vectors --------------------------------------------------------------------------------------

def _grade(tmp_path, answer: dict) -> dict:
    path = tmp_path / "answer.yaml"
    path.write_text(yaml.safe_dump(answer))
    result = run_tracer("grade", TREES / "three_players.yaml", path, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_vector_answers_are_graded_item_by_item(tmp_path):
    """An answer made from the three-player tree's key (its vectors, the root's value, its best move) scores every
    point; one wrong vector loses exactly that item; a blank answer scores nothing. The items are the tree's inner
    nodes and the best move, counted from the file."""
    text = (TREES / "three_players.yaml").read_text()
    expect, root = yaml.safe_load(text)["expect"], parse_tree(text).root
    inner = [name for name, node in _descendants(root) if node.children]
    right = {"values": {**expect["values"], root.name: expect["value"]}, "best_move": expect["best_move"]}
    assert sorted(right["values"]) == sorted(inner)
    full = _grade(tmp_path, right)
    assert full["score"] == full["max_score"] == len(inner) + 1
    wrong_node = inner[-1]
    wrong = {**right, "values": {**right["values"], wrong_node: "(0, 0, 0)"}}
    graded = _grade(tmp_path, wrong)
    assert graded["score"] == full["max_score"] - 1
    assert [item["item"] for item in graded["items"] if item["points"] < item["max_points"]] == \
        [f"value of {wrong_node}"]
    blank = _grade(tmp_path, {})
    assert blank["score"] == 0 and blank["max_score"] == full["max_score"]


def test_grade_marks_the_leaves_max_n_prunes_when_the_tree_declares_a_sum(tmp_path):
    """With rules: {sum: S}, max^n can prune, so each leaf is an item of the grade as for alpha-beta: the key's
    pruned leaves score full marks, and leaving one out loses exactly that leaf's point."""
    tree = tmp_path / "x.yaml"
    made = run_tracer("exercise", "--players", "A,B,C", "--vector", "--values", "0..10", "--sum", "10",
                      "--min-pruned", "1", "--seed", "2")
    assert made.returncode == 0, made.stderr
    tree.write_text(made.stdout)
    key = yaml.safe_load(made.stdout)["expect"]
    answer = {"best_move": key["best_move"], "values": key["values"], "pruned": key["pruned"]}
    graded = []
    for pruned in (key["pruned"], key["pruned"][1:]):
        (tmp_path / "a.yaml").write_text(yaml.safe_dump(dict(answer, pruned=pruned)))
        result = run_tracer("grade", tree, tmp_path / "a.yaml", "--json")
        assert result.returncode == 0, result.stderr
        graded.append(json.loads(result.stdout))
    leaves = [item for item in graded[0]["items"] if item["item"].endswith(" pruned?")]
    assert leaves and graded[0]["score"] == graded[0]["max_score"]
    assert graded[1]["score"] == graded[0]["score"] - 1
