"""Exact arithmetic at chance nodes (issue 32): expectiminimax, Star1 and Star2 give plain expectiminimax's value and
move on 10,000 random trees under every prune rule and fail mode, against an expectiminimax in exact fractions
written here; Star1 looks at the leaves an exact Star1 written here from Hauk, Buro & Schaeffer's pseudo-code looks
at, ties included; no caption states a comparison its own numbers contradict; and the issue's tree is 16/9, B."""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction

import pytest

from helpers import run_tracer
from tracer import ALGORITHMS, Player, Rules, TreeNode, trace_search
from tracer.inputs.traces import load_trace
from tracer.search.tracers import NullTracer
from tracer.view import TraceView

MAX, MIN, CHANCE = Player.MAX, Player.MIN, Player.CHANCE
RULES = [Rules(prune, fail) for prune in ("ge", "gt") for fail in ("soft", "hard")]
ISSUE_TREE = """players: [min, chance, max]
rules: {algorithm: expectiminimax, bounds: [0, 4]}
tree:
  - [{p: 4/9, children: [0]}, {p: 4/9, children: [3]}, {p: 1/9, children: [4]}]
  - [{p: 2/7, children: [2]}, {p: 2/7, children: [1]}, {p: 3/7, children: [4]}]
"""


# ---- random chance trees, as plain data and as tracer's nodes ----------------------------------------------------

def random_tree(rng: random.Random, level: int = 0, budget: list | None = None):
    """A random tree as data: a leaf is an exact number; an inner node is (player, [(probability, child), ...]).
    Levels go MAX or MIN, then chance, then the other, then chance. Few distinct leaf values (ties are common),
    some of them decimals; probabilities from weights 1 to 9 (sevenths, ninths, thirteenths: not exact in binary)."""
    budget = [rng.randint(2, 12)] if budget is None else budget
    if level and (budget[0] <= 0 or rng.random() < 0.25 * level):
        return rng.choice([0, 1, 2, 3, 4, Fraction(1, 2), Fraction(5, 4), Fraction(1, 10)])
    player = (MAX, CHANCE, MIN, CHANCE)[level % 4] if level else rng.choice([MAX, MIN])
    count = rng.randint(1, 3)
    budget[0] -= count
    weights = [rng.randint(1, 9) for _ in range(count)]
    children = [(Fraction(w, sum(weights)) if player is CHANCE else None, random_tree(rng, level + 1, budget))
                for w in weights]
    return player, children


def tree_node(data, path: str = "tree", floats=None) -> TreeNode:
    """The tree as tracer's model holds a tree file's: values and probabilities as the floats the loader reads
    (``p: 4/9`` is 4 / 9), or, with ``floats``, probabilities as a game's code might give them (each perturbed
    within a few ulps, so no short fraction is any of them)."""
    if not isinstance(data, tuple):
        return TreeNode(MAX, value=int(data) if data.denominator == 1 else float(data), name=path, path=path)
    player, children = data
    nodes = []
    for i, (p, child) in enumerate(children):
        node = tree_node(child, f"{path}[{i}]", floats)
        node.p = None if p is None else floats(p) if floats else float(p)
        nodes.append(node)
    return TreeNode(player, nodes, name=path, path=path)


def reference(data, probability=lambda p: p):
    """Expectiminimax from its definition, in exact fractions: (value, the first child of the best value)."""
    if not isinstance(data, tuple):
        return Fraction(data), None
    player, children = data
    values = [reference(child, probability)[0] for _, child in children]
    if player is CHANCE:
        return sum(probability(p) * v for (p, _), v in zip(children, values)), None
    best = max(values) if player is MAX else min(values)
    return best, values.index(best)


def bounds_of(data, rng: random.Random) -> tuple:
    leaves = []
    pending = [data]
    while pending:
        node = pending.pop()
        if isinstance(node, tuple):
            pending.extend(child for _, child in node[1])
        else:
            leaves.append(node)
    low, high = min(leaves) - rng.choice([0, 0, 1]), max(leaves) + rng.choice([0, 0, 2])
    return low, high if high > low else low + 1  # exact: the file writes them, tracer reads them as floats


def cases(count: int, seed: int):
    """(tree, exact bounds on its leaves)"""
    rng = random.Random(seed)
    for _ in range(count):
        data = random_tree(rng)
        yield data, bounds_of(data, rng)


def as_read(bounds) -> tuple[float, float]:
    """Bounds as a tree file's loader gives them."""
    return tuple(float(end) for end in bounds)


# ---- the value and the move are plain expectiminimax's -------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_every_chance_search_gives_expectiminimaxs_value_and_move_on_random_trees(seed):
    """2,500 trees a seed, 10,000 in all, each searched under the four rules: plain expectiminimax, Star1 and Star2
    all give the exact value (as its float) and the first move of that value."""
    plain, star2 = ALGORITHMS["expectiminimax"], ALGORITHMS["star2"]
    for data, bounds in cases(2500, seed):
        root = tree_node(data)
        value, move = reference(data)
        assert plain.run(root) == (float(value), move), data
        for rules in RULES:
            settings = {"bounds": as_read(bounds)}
            assert plain.run(root, rules=rules, settings=settings) == (float(value), move), (data, rules)
            assert star2.run(root, rules=rules, settings=settings) == (float(value), move), (data, rules)


def test_a_games_float_probabilities_give_the_same_value_and_move_pruned_or_not():
    """Probabilities no short fraction is (as a game's arithmetic might make them): each is taken at the exact
    number it stands for, so Star1 and Star2 still decide every cut exactly as expectiminimax's value is made."""
    rng = random.Random(7)
    perturb = lambda p: float(p) * (1 + rng.choice([-3, -1, 1, 2]) * 2 ** -52)  # noqa: E731
    plain, star2 = ALGORITHMS["expectiminimax"], ALGORITHMS["star2"]
    for data, bounds in cases(1500, 11):
        root = tree_node(data, floats=perturb)
        value, move = plain.run(root)
        assert value == pytest.approx(float(reference(data)[0]), abs=1e-9)
        for rules in RULES:
            assert plain.run(root, rules=rules, settings={"bounds": as_read(bounds)}) == (value, move), data
            assert star2.run(root, rules=rules, settings={"bounds": as_read(bounds)}) == (value, move), data


def test_the_issues_tree_is_16_ninths_and_b_under_every_rule(tmp_path):
    tree = tmp_path / "issue.yaml"
    tree.write_text(ISSUE_TREE)
    for prune in ("ge", "gt"):
        for fail in ("soft", "hard"):
            for algorithm in ("expectiminimax", "star2"):
                result = run_tracer("stats", tree, "-a", algorithm, "--prune", prune, "--fail", fail, "--json")
                data = json.loads(result.stdout)
                assert (data["value"], data["best_move"]) == (16 / 9, "B"), (prune, fail, algorithm)
    table = run_tracer("trace", tree, "--fail", "hard").stdout
    assert "β = 58/27" in table and "16/9" in table  # C's last outcome's window, exactly


# ---- Star1's leaves are an exact Star1's ---------------------------------------------------------------------------

def star1_reference(data, alpha, beta, low, high, rules: Rules, leaves: list, path: str = "tree"):
    """Star1 as Hauk, Buro & Schaeffer (2004, Figure 3) write it, in Ballard's weighted form and exact fractions:
    at a chance node, with vsum the weighted values seen and the probability left after outcome i at U (or L),
    A = (α − vsum − left·U)/p and B = (β − vsum − left·L)/p; outcome i is searched with (max(A, L), min(B, U)), and
    v ≤ A fails low (the sum with the rest at U), v ≥ B fails high (the rest at L). Alpha-beta at MAX and MIN.
    ``rules``: cut at ≥ (the paper's) or only at >; fail-hard clamps what a node returns into its window."""
    cuts = (lambda a, b: a >= b) if rules.prune == "ge" else (lambda a, b: a > b)
    clamp = (lambda v: min(max(v, alpha), beta)) if rules.fail == "hard" else (lambda v: v)
    if not isinstance(data, tuple):
        leaves.append(path)
        return Fraction(data)
    player, children = data
    if player is CHANCE:
        vsum = Fraction(0)
        for i, (p, child) in enumerate(children):
            left = sum((q for q, _ in children[i + 1:]), Fraction(0))
            a = alpha if math.isinf(alpha) else (alpha - vsum - left * high) / p
            b = beta if math.isinf(beta) else (beta - vsum - left * low) / p
            v = star1_reference(child, max(a, low), min(b, high), low, high, rules, leaves, f"{path}[{i}]")
            if cuts(a, v):
                return clamp(vsum + p * v + left * high)
            if cuts(v, b):
                return clamp(vsum + p * v + left * low)
            vsum += p * v
        return clamp(vsum)
    best = -math.inf if player is MAX else math.inf
    window = [alpha, beta]
    for i, (_, child) in enumerate(children):
        v = star1_reference(child, window[0], window[1], low, high, rules, leaves, f"{path}[{i}]")
        if player is MAX:
            best = max(best, v)
            window[0] = max(window[0], best)
            if cuts(best, window[1]):
                break
        else:
            best = min(best, v)
            window[1] = min(window[1], best)
            if cuts(window[0], best):
                break
    return clamp(best)


class LeafPaths(NullTracer):
    """The path of every leaf a search evaluates, in order."""

    def __init__(self):
        self.paths, self.at = [], None

    def enter(self, state, move, alpha=None, beta=None):
        self.at = state

    def leaf(self, value):
        self.paths.append(self.at.path)


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: f"{rules.prune}-{rules.fail}")
def test_star1_evaluates_the_leaves_an_exact_star1_evaluates(rules):
    """Non-dyadic probabilities and few leaf values: windows and averages meet exactly, often (ties)."""
    ties = 0
    for data, bounds in cases(1500, 3):
        leaves = []
        value = star1_reference(data, -math.inf, math.inf, *bounds, rules, leaves)
        tracer = LeafPaths()
        found, _ = ALGORITHMS["expectiminimax"].run(tree_node(data), tracer=tracer, rules=rules,
                                                  settings={"bounds": as_read(bounds)})
        assert tracer.paths == leaves, data
        assert found == float(value)
        ties += value in {Fraction(v) for v in (0, 1, 2, 3, 4)}
    assert ties > 100  # the trees do meet the windows exactly


# ---- what the captions say holds, in the numbers they show ---------------------------------------------------------

NUMBER = r"(−?[\d./]+|[+−]∞)"
CLAIM = re.compile(NUMBER + r" ([<>≤≥]) ([αβ]) ?= ?" + NUMBER)


def shown(text: str) -> Fraction | float:
    if text.endswith("∞"):
        return math.inf if text.startswith("+") else -math.inf
    return Fraction(text.replace("−", "-"))


def test_no_caption_states_a_comparison_its_numbers_contradict():
    """Every "x > β = y" (and ≥, <, ≤; with α) a caption or a cut's reason writes holds of x and y as written:
    "1/5 > β = 1/5" (or "= 0.2") never appears. Star1 and Star2, every rule, on trees whose averages meet their
    windows."""
    claims = 0
    for data, bounds in cases(120, 5):
        for rules in RULES:
            for algorithm in ("expectiminimax", "star2"):
                trace = trace_search(tree_node(data), algorithm, rules=rules, settings={"bounds": as_read(bounds)})
                view = TraceView(trace, 0)
                texts = [step.note for _, step in view.replay()]
                texts += [node.cut.reason() for node in view.nodes if getattr(node, "cut", None) is not None]
                for text in texts:
                    for x, sign, _, y in CLAIM.findall(text.replace("α=", "α = ").replace("β=", "β = ")):
                        claims += 1
                        a, b = shown(x), shown(y)
                        assert {"<": a < b, ">": a > b, "≤": a <= b, "≥": a >= b}[sign], text
    assert claims > 200


def test_a_saved_trace_reads_its_exact_values_as_the_search_did(tmp_path):
    """The JSON holds floats (and old traces still load); what it shows is the fraction each stands for."""
    tree = tmp_path / "issue.yaml"
    tree.write_text(ISSUE_TREE)
    saved = tmp_path / "run.json"
    assert run_tracer("trace", tree, "--fail", "hard", "-o", saved).returncode == 0
    data = json.loads(saved.read_text())
    assert data["result"]["value"] == 16 / 9
    windows = [event["beta"] for event in data["events"] if event["type"] == "node_entered"]
    assert 58 / 27 in windows  # a number, not text
    fresh = run_tracer("trace", tree, "--fail", "hard").stdout
    again = run_tracer("trace", saved).stdout
    assert fresh.splitlines()[:-1] == again.splitlines()[:-1] and "58/27" in again
    assert load_trace(saved).value == 16 / 9


@pytest.mark.parametrize("value, shown", [(123456.789, "123456.789"), (0.1, "0.1"), (19 / 54, "19/54"),
                                          (16 / 9, "16/9"), (1.0000001, "1.0000001")])
def test_a_decimal_is_shown_as_a_decimal_and_an_average_as_its_fraction(value, shown):
    from tracer.numbers import format_number

    assert format_number(value) == shown
