"""Benchmarks for the searches side by side: nodes visited and time, untraced, medians measured in one run.

    python benchmarks/bench_searches.py [--repeat N] [--max-depth D]

- Connect Four from the empty board, depths 1 to D (default 8; minimax to 5): alpha-beta, negamax with alpha-beta,
  principal variation search, MTD(f), SSS* and iterative deepening, in the natural column order and with
  ``--order eval`` (children by their static evaluation, best first), with each search's own counts (re-searches,
  passes, iterations, table probes and hits); and the target: iterative deepening to depth 8 in under 2 s.
- The same from the shipped position games/positions/connect4_threat.yaml, depths 1 to 6.
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

from tracer.inputs import load_problem  # noqa: E402
from tracer.run import OWN_COUNTS  # noqa: E402

PRUNING = ("alphabeta", "negamax-ab", "pvs", "mtdf", "sss", "id")
ID_TARGET_SECONDS = 2.0  # iterative deepening to depth 8 from the empty Connect Four board


def row(label: str, stats, seconds: float) -> str:
    own = ", ".join(f"{key} {getattr(stats, key):,}" for key in OWN_COUNTS if getattr(stats, key) is not None)
    return f"{label:<28} {stats.nodes_visited:>10,} {seconds * 1e3:>10.1f}  {own}"


def bench_connect4(repeat: int, max_depth: int, position_file: str | None = None) -> dict:
    """Every search at every depth; returns the rows by (depth, algorithm, order)."""
    problem = load_problem(position_file) if position_file else load_problem(game="connect4")
    where = position_file or "the empty board"
    print(f"\nConnect Four from {where}: nodes visited and milliseconds (median, untraced; a search's own time as "
          "stats measures it, ordering worked out before the clock)")
    print(f"{'depth / search / order':<28} {'nodes':>10} {'ms':>10}  own counts")
    rows = {}
    for depth in range(1, max_depth + 1):
        for algorithm in (["minimax"] if depth <= 5 else []) + list(PRUNING):
            for order in ("natural", "eval"):
                if algorithm == "minimax" and order == "eval":
                    continue
                stats = search_stats(problem.fresh_root(), algorithm, depth=depth, order=order, repeat=repeat,
                                     fresh_root=problem.fresh_root)
                rows[depth, algorithm, order] = stats
                print(row(f"{depth}  {algorithm:<11} {order}", stats, stats.seconds))
    return rows


def bench_tree(repeat: int) -> None:
    root = uniform_tree(3, 8)
    print("\nRandom uniform tree, b=3 d=8 (9,841 nodes): every search of single-number leaves on it (max^n and "
          "paranoid take vectors)")
    print(f"{'search':<28} {'nodes':>10} {'ms':>10}  own counts")
    for name, search in ALGORITHMS.items():
        if search.vectors:
            continue
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
    rows = bench_connect4(args.repeat, args.max_depth)
    if (args.max_depth, "id", "natural") in rows:
        deepening, alphabeta = rows[args.max_depth, "id", "natural"], rows[args.max_depth, "alphabeta", "natural"]
        verdict = "met" if args.max_depth >= 8 and deepening.seconds < ID_TARGET_SECONDS else "not met"
        print(f"\niterative deepening, depth {args.max_depth}: {deepening.seconds:.3f} s, {deepening.nodes_visited:,} "
              f"nodes; alpha-beta {alphabeta.seconds:.3f} s, {alphabeta.nodes_visited:,} nodes "
              f"(ratio {alphabeta.seconds / deepening.seconds:.2f}× in time, "
              f"{alphabeta.nodes_visited / deepening.nodes_visited:.2f}× in nodes); "
              f"target < {ID_TARGET_SECONDS:g} s at depth 8: {verdict}")
    bench_connect4(args.repeat, min(args.max_depth, 6), os.path.join("games", "positions", "connect4_threat.yaml"))
    bench_tree(args.repeat)
    bench_pig(args.repeat)


if __name__ == "__main__":
    main()
