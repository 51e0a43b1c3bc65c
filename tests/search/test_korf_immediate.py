"""Korf's immediate pruning for max^n (issue 32): a player whose best reaches the most any player can get stops
searching, traced as its own cutoff with its caption. Checked against Korf's (1991) immediate and shallow pruning
written here, on random trees with a declared sum and bounds, and on the README's example, which shows both."""

from __future__ import annotations

import random

import pytest
import yaml

from helpers import run_tracer
from tracer import parse_tree, search_stats, trace_search
from tracer.search.registry import algorithm
from tracer.search.tracers import NullTracer
from tracer.view import TraceView

# The README's example: a sum of 10 among three players, each component in [0, 6], so no player gets more than 6.
# At T, C's 5 reaches 10 − 5 (B has 5 at P): shallow. At Q, B's 6 from U is the most anyone can get: immediate.
EXAMPLE = """players: [A, B, C]
rules: {sum: 10, bounds: [0, 6], algorithm: maxn}
names: [R, P, Q, S, T, U, V]
tree:
  - [["(3, 4, 3)", "(1, 5, 4)"], ["(2, 3, 5)", "(4, 1, 5)"]]
  - [["(6, 3, 1)", "(0, 6, 4)"], ["(3, 1, 6)", "(5, 2, 3)"]]
"""


def bounds(text: str) -> dict:
    """The file's ``rules: {bounds: [L, U]}`` as the search's setting (a tree's rules are the command line's
    defaults; the Python API is given its settings)."""
    given = yaml.safe_load(text).get("rules", {}).get("bounds")
    return {"bounds": None if given is None else tuple(given)}


def korf(node, bound, most, total, lowest, players, leaves):
    """Max^n with Korf's immediate pruning (stop when the mover's best reaches ``most``, the most a player can get)
    and shallow pruning (stop when it reaches ``bound``, S − (n − 2)·L − the parent's best for its mover; the root
    has none): the vector, and ``leaves`` gets the path of every leaf evaluated."""
    if not node.children:
        leaves.append(node.path)
        return node.value
    i = node.mover
    best = None
    for child in node.children:
        current = korf(child, total - (players - 2) * lowest - (lowest if best is None else best[i]), most, total,
                       lowest, players, leaves)
        if best is None or current[i] > best[i]:
            best = current
        if best[i] >= most or (bound is not None and best[i] >= bound):
            break
    return best


class LeafPaths(NullTracer):
    def __init__(self):
        self.paths, self.at, self.cuts = [], None, []

    def enter(self, state, move, alpha=None, beta=None):
        self.at = state

    def leaf(self, value):
        self.paths.append(self.at.path)

    def immediate_cutoff(self, skipped_moves, most, total, lowest, highest):
        self.cuts.append(("immediate", most))

    def shallow_cutoff(self, skipped_moves, bound, total, lowest):
        self.cuts.append(("shallow", bound))


def random_text(rng: random.Random) -> tuple[str, int, int, int]:
    """A random tree file: 2 to 4 players, each leaf's components whole numbers in [L, U] adding up to S (U often
    below S − (n − 1)·L, so the bounds decide the most a player gets); and S, L and that most."""
    players = rng.randint(2, 4)
    lowest = rng.choice([0, 0, 1])
    total = rng.randint(players * lowest + 1, 12)
    highest = rng.randint(-(-total // players), total - (players - 1) * lowest)

    def leaf():
        parts = [lowest] * players
        for _ in range(total - players * lowest):  # one unit at a time, to a component still below U
            parts[rng.choice([k for k in range(players) if parts[k] < highest])] += 1
        return '"(' + ", ".join(map(str, parts)) + ')"'

    def node(depth):
        if depth == 0 or (depth < 3 and rng.random() < 0.3):
            return leaf()
        return "[" + ", ".join(node(depth - 1) for _ in range(rng.randint(1, 3))) + "]"

    tree = "[" + ", ".join(node(rng.randint(0, 3)) for _ in range(rng.randint(1, 3))) + "]"
    text = (f"players: [{', '.join('ABCD'[:players])}]\nrules: {{sum: {total}, bounds: [{lowest}, {highest}]}}\n"
            f"tree: {tree}\n")
    return text, total, lowest, min(highest, total - (players - 1) * lowest)


def test_max_n_prunes_what_korfs_two_prunings_prune_on_random_trees():
    rng = random.Random(32)
    kinds = set()
    for _ in range(1500):
        text, total, lowest, most = random_text(rng)
        root = parse_tree(text).root
        tracer = LeafPaths()
        value, _ = algorithm("maxn").run(root, tracer=tracer, settings=bounds(text))
        leaves = []
        assert value == korf(root, None, most, total, lowest, len(root.named.names), leaves), text
        assert tracer.paths == leaves, text
        kinds.update(kind for kind, _ in tracer.cuts)
        assert all(limit == most for kind, limit in tracer.cuts if kind == "immediate")
    assert kinds == {"immediate", "shallow"}


def test_the_readmes_example_shows_both_prunings_with_their_arithmetic():
    root = parse_tree(EXAMPLE).root
    view = TraceView(trace_search(root, "maxn", settings=bounds(EXAMPLE)), 0)
    steps = [(event.kind, step.note) for event, step in view.replay() if event.kind.endswith("cutoff")]
    assert steps == [
        ("shallow_cutoff", "C has 5 ≥ 10 − 5 = 5, so B gets at most 10 − 5 = 5 ≤ 5 here, what B has at P: shallow "
                           "cutoff — prune T2"),
        ("immediate_cutoff", "B has 6, the most a player can get (U = 6, the highest value the bounds allow): "
                             "nothing better for B can follow — immediate cutoff, prune V"),
    ]
    stats = search_stats(root, "maxn", settings=bounds(EXAMPLE))
    assert (stats.value, stats.best_move) == ((1, 5, 4), "P")
    assert stats.cutoffs == 2 and stats.leaves_evaluated == 5
    assert search_stats(parse_tree(EXAMPLE.replace("sum: 10, bounds: [0, 6], ", "")).root,
                        "maxn").leaves_evaluated == 8  # without them, every leaf


def test_an_immediate_cutoff_reads_back_from_a_saved_trace(tmp_path):
    tree = tmp_path / "example.yaml"
    tree.write_text(EXAMPLE)
    saved = tmp_path / "run.json"
    assert run_tracer("trace", tree, "-o", saved).returncode == 0
    assert "immediate_cutoff" in saved.read_text()
    assert run_tracer("trace", saved).stdout == run_tracer("trace", tree).stdout


@pytest.mark.parametrize("rules, at_most, below", [("{sum: 10}", "(10, 0, 0)", "(9, 1, 0)"),
                                                    ("{sum: 10, bounds: [1, 9]}", "(8, 1, 1)", "(7, 2, 1)"),
                                                    ("{sum: 10, bounds: [0, 4]}", "(4, 4, 2)", "(3, 4, 3)")])
def test_the_most_a_player_gets_is_the_sum_less_the_others_least_or_the_bounds_top(rules, at_most, below):
    """M = S − (n − 1)·L, or U if less: 10; 10 − 2·1 = 8 (below U = 9); U = 4. The root's first leaf gives A
    exactly M (its other children are pruned) or one less (they are searched: the root has no shallow bound)."""
    for first, cut in ((at_most, True), (below, False)):
        text = f'players: [A, B, C]\nrules: {rules}\ntree: ["{first}", "(2, 4, 4)"]\n'
        tracer = LeafPaths()
        algorithm("maxn").run(parse_tree(text).root, tracer=tracer, settings=bounds(text))
        assert (tracer.cuts == [("immediate", int(first[1:first.index(",")]))]) == cut, (rules, first)
        assert len(tracer.paths) == (1 if cut else 2)
