"""SSS* and MTD(f) on any numbers (issue 32): the null window is (β − g, β) with g the tree's grain, so MT-SSS*
evaluates exactly the leaves Stockman's SSS* evaluates, in its order, on trees of whole numbers and of decimals
(an OPEN-list SSS* written here, 1,000 random trees of each kind), and neither it nor MTD(f) evaluates a leaf
twice; a game's grain is what it declares, and a game that declares none is told to."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from games import load_game
from helpers import ROOT, assert_one_line_error, run_tracer
from tracer import ALGORITHMS, Player, TreeNode, parse_tree, trace_search
from tracer.search.grain import value_grain
from tracer.search.tracers import NullTracer

MAX, MIN = Player.MAX, Player.MIN
WHOLE = [-3, -1, 0, 1, 2, 4, 5, 7]
DECIMALS = ["0.5", "7.75", "4.25", "1", "0.1", "0.2", "0.3", "2.05", "-1.5", "0.15"]  # few of them binary-exact


def random_tree(rng: random.Random, values, depth: int = 0):
    """A nested list: up to four children a node, up to four levels; leaves drawn from ``values`` (ties common)."""
    if depth and (depth >= 4 or rng.random() < 0.3):
        return rng.choice(values)
    return [random_tree(rng, values, depth + 1) for _ in range(rng.randint(1, 4))]


def tree_node(nested, player: Player = MAX, path: str = "r") -> TreeNode:
    """As a tree file's loader makes it: a decimal leaf is the float its text reads as."""
    if not isinstance(nested, list):
        return TreeNode(player, value=float(nested) if isinstance(nested, str) else nested, name=path, path=path)
    return TreeNode(player, [tree_node(child, player.other, f"{path}.{i}") for i, child in enumerate(nested)],
                    name=path, path=path)


def stockman_sss(nested, root_player: Player = MAX) -> tuple[Fraction, list[str]]:
    """SSS* as Stockman (1979) gives it, with its OPEN list of states (node, LIVE or SOLVED, merit h): take the
    state of highest merit (of equal merits, the leftmost node), and apply the Γ operator:
    a LIVE leaf becomes SOLVED with min(h, its value); a LIVE MAX node puts all its children on OPEN, LIVE, with h;
    a LIVE MIN node its first child; a SOLVED MAX node (its parent is MIN) hands over to its next sibling, LIVE,
    or, the last, SOLVES its parent; a SOLVED MIN node (its parent is MAX) SOLVES its parent and removes every
    state below it. Ends when the root is SOLVED. Exact arithmetic on the leaves as written (decimals as decimals).
    Returns the value and the leaves evaluated, in order, by path."""
    def node(path):
        at = nested
        for i in path:
            at = at[i]
        return at

    def player(path):
        return root_player if len(path) % 2 == 0 else root_player.other

    open_list = {(): ("LIVE", Fraction(10**9))}  # path -> (status, merit h); +∞ as a number above every leaf
    evaluated = []
    while True:
        path, (status, h) = max(open_list.items(), key=lambda item: (item[1][1], [-i for i in item[0]]))
        del open_list[path]
        here = node(path)
        if status == "SOLVED" and path == ():
            return h, evaluated
        if status == "LIVE":
            if not isinstance(here, list):
                evaluated.append("r" + "".join(f".{i}" for i in path))
                open_list[path] = ("SOLVED", min(h, Fraction(here)))
            elif player(path) is MAX:
                for i in range(len(here)):
                    open_list[path + (i,)] = ("LIVE", h)
            else:
                open_list[path + (0,)] = ("LIVE", h)
        elif player(path) is MAX:  # a SOLVED MAX node: its parent is MIN
            parent, i = path[:-1], path[-1]
            if i + 1 < len(node(parent)):
                open_list[parent + (i + 1,)] = ("LIVE", h)
            else:
                open_list[parent] = ("SOLVED", h)
        else:  # a SOLVED MIN node: its parent is MAX, solved now
            parent = path[:-1]
            for other in [p for p in open_list if p[:len(parent)] == parent]:
                del open_list[other]
            open_list[parent] = ("SOLVED", h)


class LeafPaths(NullTracer):
    """The path of every leaf a search evaluates, in order."""

    def __init__(self):
        self.paths, self.at = [], None

    def enter(self, state, move, alpha=None, beta=None):
        self.at = state

    def leaf(self, value):
        self.paths.append(self.at.path)


def minimax(nested, player: Player = MAX) -> Fraction:
    if not isinstance(nested, list):
        return Fraction(nested)
    values = [minimax(child, player.other) for child in nested]
    return max(values) if player is MAX else min(values)


@pytest.mark.parametrize("kind", ["whole", "decimal"])
def test_sss_evaluates_stockmans_leaves_in_stockmans_order_never_one_twice(kind):
    rng = random.Random(kind)
    for _ in range(1000):
        nested, root_player = random_tree(rng, WHOLE if kind == "whole" else DECIMALS), rng.choice([MAX, MIN])
        value, leaves = stockman_sss(nested, root_player)
        tracer = LeafPaths()
        found, _ = ALGORITHMS["sss"].run(tree_node(nested, root_player), tracer=tracer)
        assert tracer.paths == leaves, nested
        assert len(set(tracer.paths)) == len(tracer.paths)
        assert Fraction(str(found)) == value == minimax(nested, root_player)


def test_the_issues_tree_no_longer_evaluates_775():
    """In [[0.5, 7.75], [4.25, 1]] Stockman's SSS* looks at 0.5 under B, then at 4.25 under C (the higher bound),
    then at 1, which solves C at 1 > 0.5: B's 7.75 is never needed. The window (β − 1, β) looked at it."""
    nested = [["0.5", "7.75"], ["4.25", "1"]]
    assert stockman_sss(nested) == (1, ["r.0.0", "r.1.0", "r.1.1"])
    tracer = LeafPaths()
    ALGORITHMS["sss"].run(tree_node(nested), tracer=tracer)
    assert tracer.paths == ["r.0.0", "r.1.0", "r.1.1"]


@pytest.mark.parametrize("kind", ["whole", "decimal"])
def test_mtdf_finds_the_value_and_never_evaluates_a_leaf_twice_from_any_guess(kind):
    rng = random.Random(f"mtdf {kind}")
    for _ in range(300):
        nested = random_tree(rng, WHOLE if kind == "whole" else DECIMALS)
        root = tree_node(nested, rng.choice([MAX, MIN]))
        guess = rng.choice([0, -2, 5, 0.25, 3.1])
        tracer = LeafPaths()
        value, _ = ALGORITHMS["mtdf"].run(root, tracer=tracer, settings={"guess": guess})
        assert Fraction(str(value)) == minimax(nested, root.player)
        assert len(set(tracer.paths)) == len(tracer.paths), (nested, guess)


def test_the_grain_is_the_finest_difference_exactly_and_at_most_one():
    def grain(text, depth=float("inf")):
        return value_grain(parse_tree(text).root, depth)

    assert grain("tree: [[0.3, 0.1], [0.2, 3]]") == Fraction(1, 10)  # not 0.19999999999999998 − 0.1
    assert grain("tree: [[0.5, 7.75], [4.25, 1]]") == Fraction(1, 2)
    assert grain("tree: [[0, 2], [4, 8]]") == 1  # (β − 1, β) on whole numbers, as the textbook writes it
    assert grain("tree: [[3, 3], [3]]") == 1  # one value: nothing finer to keep out
    assert grain("tree: [[2.5, 7.5], [12.5]]") == 1
    # a depth limit: the values the search stops at are the eval: of the nodes on its horizon
    assert grain("tree: [{eval: 0.25, children: [1, 2]}, {eval: 0.5, children: [3, 4]}]", depth=1) == Fraction(1, 4)
    root = parse_tree("tree: [[1, 2], [3, 4]]").root
    assert value_grain(root, float("inf"), guess=0.5) == Fraction(1, 2)  # the first test is at the guess


def test_the_null_windows_of_a_decimal_tree_hold_no_leaf_and_read_as_written():
    trace = trace_search(parse_tree("tree: [[0.3, 0.1], [0.2, 3]]").root, "mtdf")
    passes = [event for event in trace.events if event.kind == "pass_started"]
    assert [(event.alpha, event.beta) for event in passes][0] == (-0.1, 0)
    assert all(event.beta - event.alpha == pytest.approx(0.1) for event in passes)
    labels = [event.label for event in passes]
    assert "is the value ≥ 0.2?" in labels and trace.value == 0.2


def test_a_user_game_without_a_grain_is_told_to_declare_it(tmp_path):
    example = (ROOT / "tests" / "nim_game.py").read_text()
    declared = next(line for line in example.splitlines() if "value_grain" in line)
    (tmp_path / "plain_nim.py").write_text(example.replace(declared + "\n", ""))  # a user's game, no value_grain
    result = run_tracer("stats", "--game", "plain_nim:Nim", "--position", "5", "-a", "mtdf", cwd=tmp_path)
    assert_one_line_error(result, "value_grain", "MTD(f)")
    assert run_tracer("stats", "--game", "plain_nim:Nim", "--position", "5", "-a", "alphabeta",
                      cwd=tmp_path).returncode == 0
    (tmp_path / "grained_nim.py").write_text("from plain_nim import Nim as Plain, NimState\n"
                                             "NimState.value_grain = 1\n"
                                             "class Nim(Plain):\n    pass\n")
    assert run_tracer("stats", "--game", "grained_nim:Nim", "--position", "5", "-a", "mtdf",
                      cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("name, grain", [("tictactoe", Fraction(1, 10)), ("connect4", 1), ("clobber", 1)])
def test_the_shipped_games_test_with_their_grain(name, grain):
    """Tic-tac-toe's evaluation counts open lines in tenths; the others' values are whole numbers. MTD(f) and
    SSS* find alpha-beta's value with windows of that width."""
    game = load_game(name)
    root = game.rooted(game.start())
    assert root.value_grain == grain
    assert game.rooted_quicker(game.start()).value_grain == Fraction(grain) / 1000  # below a quicker-wins root
    value = ALGORITHMS["alphabeta"].run(root, 2)[0]
    for algorithm in ("mtdf", "sss"):
        trace = trace_search(root, algorithm, depth=2)
        assert trace.value == value
        widths = {Fraction(str(e.beta)) - Fraction(str(e.alpha)) for e in trace.events
                  if e.kind == "pass_started" and e.beta != float("inf")}
        assert widths == {grain}
