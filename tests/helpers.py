"""Shared test helpers (tests/ is on sys.path): paths, and running the real command line in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREES = ROOT / "trees"


def run_tracer(*args, cwd=None, env=None, input_text=None) -> subprocess.CompletedProcess:
    """Run ``python -m tracer ARGS`` as a user would, and capture what it prints."""
    full_env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]), **(env or {}))
    return subprocess.run([sys.executable, "-m", "tracer", *map(str, args)], cwd=cwd or ROOT, env=full_env,
                          capture_output=True, text=True, input=input_text, timeout=300)


STATS_KEYS = {"algorithm", "value", "best_move", "nodes_visited", "leaves_evaluated", "cutoffs",
              "evaluated_leaves", "seconds", "order"}


def assert_one_line_error(result, *fragments):
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def brute_force(node) -> float:
    """The minimax value of a tree node, straight from the definition, independently of tracer's searches."""
    if not node.children:
        return node.value
    values = [brute_force(child) for child in node.children]
    return max(values) if node.player.name == "MAX" else min(values)


def make_tree(nested, player=None):
    """A TreeNode from nested lists, without going through YAML (fast, for thousands of random trees)."""
    from tracer import Player, TreeNode

    player = player or Player.MAX
    if isinstance(nested, list):
        return TreeNode(player, [make_tree(child, player.other) for child in nested], name="n")
    return TreeNode(player, value=nested)


def assert_searches_agree(state, depths) -> None:
    """Every search finds the same value at every depth, and the same move, or (MTD(f), SSS*) a move of that value."""
    from tracer import ALGORITHMS

    for depth in depths:
        results = {name: search.run(state, depth) for name, search in ALGORITHMS.items()}
        first = {results[name] for name, search in ALGORITHMS.items() if search.keeps_first_move}
        assert len(first) == 1, (state, depth, results)
        value = results["minimax"][0]
        for name, (found, move) in results.items():  # MTD(f) and SSS* may choose another move of the same value
            assert found == value and (move is None or ALGORITHMS["minimax"].run(state.child(move), depth - 1)[0]
                                       == value), (state, depth, name, results)
