"""Benchmarks for the searches side by side: nodes visited and time, untraced, medians measured in one run.

    python benchmarks/bench_searches.py [--repeat N] [--max-depth D]

- Connect Four from the empty board, depths 1 to D (default 8; minimax to 5): alpha-beta, negamax with alpha-beta
  and principal variation search, in the natural column order and with ``--order eval`` (children by their static
  evaluation, best first), and how many re-searches PVS made.
- A random uniform tree, branching 3 and depth 8: every search on trees without chance nodes.
- Pig from the start, depths 2 to 10: expectiminimax (the one search for dice).
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from bench_core import uniform_tree  # noqa: E402
from games import load_game  # noqa: E402
from tracer.run import search_stats  # noqa: E402
from tracer.search.registry import ALGORITHMS  # noqa: E402

PRUNING = ("alphabeta", "negamax-ab", "pvs")


def row(label: str, stats, seconds: float) -> str:
    researches = "" if stats.researches is None else f"{stats.researches:>11,}"
    return f"{label:<28} {stats.nodes_visited:>10,} {seconds * 1e3:>10.1f} {researches}"


def bench_connect4(repeat: int, max_depth: int) -> None:
    game = load_game("connect4")
    print("Connect Four from the empty board: nodes visited and milliseconds (median, untraced; a search's own "
          "time as stats measures it, ordering worked out before the clock)")
    print(f"{'depth / search / order':<28} {'nodes':>10} {'ms':>10} {'researches':>11}")
    for depth in range(1, max_depth + 1):
        for algorithm in (["minimax"] if depth <= 5 else []) + list(PRUNING):
            for order in ("natural", "eval"):
                if algorithm == "minimax" and order == "eval":
                    continue
                stats = search_stats(game.rooted(game.start()), algorithm, depth=depth, order=order, repeat=repeat,
                                     fresh_root=lambda: game.rooted(game.start()))
                print(row(f"{depth}  {algorithm:<11} {order}", stats, stats.seconds))


def bench_tree(repeat: int) -> None:
    root = uniform_tree(3, 8)
    print("\nRandom uniform tree, b=3 d=8 (9,841 nodes): every search on it")
    print(f"{'search':<28} {'nodes':>10} {'ms':>10} {'researches':>11}")
    for name, search in ALGORITHMS.items():
        stats = search_stats(root, name, repeat=repeat)
        print(row(name, stats, stats.seconds))


def bench_pig(repeat: int) -> None:
    game = load_game("pig")
    print("\nPig from the start (to 20): expectiminimax")
    print(f"{'depth':<28} {'nodes':>10} {'ms':>10}")
    for depth in range(2, 11, 2):
        stats = search_stats(game.rooted(game.start()), "expectiminimax", depth=depth, repeat=repeat)
        print(row(str(depth), stats, stats.seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median reported; default 3)")
    parser.add_argument("--max-depth", type=int, default=8, help="deepest Connect Four search (default 8)")
    args = parser.parse_args()
    bench_connect4(args.repeat, args.max_depth)
    bench_tree(args.repeat)
    bench_pig(args.repeat)


if __name__ == "__main__":
    main()
