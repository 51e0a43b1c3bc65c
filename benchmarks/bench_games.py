"""Benchmarks for the games: searches with tracing off and on, medians measured in one run.

    python benchmarks/bench_games.py [--repeat N]

Targets (2-core machine, tracing off): tic-tac-toe full solve from the empty board, minimax ≤ 1.0 s and alpha-beta
≤ 30 ms; Connect Four from the empty board, windows evaluation, depth 5, minimax ≤ 0.15 s and alpha-beta ≤ 25 ms,
depth 7 alpha-beta (70,104 nodes) ≤ 150 ms;
one 5×6 Clobber self-play game with depth-4 alpha-beta on both sides ≤ 1 s; tracing on ≤ 3× tracing off.

Every timed run starts cold, and the emptying is timed with it. What persists between searches: tic-tac-toe
interns its positions, each keeping its children once made (a dict of all positions made, emptied by
``clear_caches``); Connect Four shares the positions of one search between the move orders that reach them (a
table of at most 100,000 that lives with the search's root) and keeps nothing between searches; Clobber keeps nothing between
searches (their tables of lines, neighbours and moves are rules, fixed per board size, made when the game is made).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import load_game  # noqa: E402
from timing import paired_medians  # noqa: E402
from tracer.run import deep_recursion, trace_search  # noqa: E402
from tracer.search.registry import ALGORITHMS  # noqa: E402
from tracer.model.state import UNLIMITED  # noqa: E402
from tracer.search.tracers import NO_TRACER, CountingTracer  # noqa: E402

TRACED_RATIO = 3.0  # tracing on may cost at most this many times tracing off


def cold_root(game):
    game.clear_caches()
    return game.rooted(game.start())


def search_case(game, algorithm: str, depth: float):
    """(untraced run, traced run, nodes visited) for one search from the start position."""
    search = ALGORITHMS[algorithm]

    def off():
        with deep_recursion():
            search.run(cold_root(game), depth, NO_TRACER)

    def on():  # recorded, then the trace's nodes made, as drawing or saving it would
        trace_search(cold_root(game), algorithm, depth=depth).nodes

    counter = CountingTracer()
    with deep_recursion():
        search.run(cold_root(game), depth, counter)
    return off, on, counter.nodes_visited


def selfplay_case(game, depth: int):
    """(untraced game, traced game, nodes visited) for one game of depth-``depth`` alpha-beta against itself."""
    search = ALGORITHMS["alphabeta"]

    def play(traced: bool, counter=None) -> None:
        game.clear_caches()
        state = game.start()
        while not state.is_terminal():
            root = game.rooted(state)
            if traced:
                trace = trace_search(root, "alphabeta", depth=depth)
                trace.nodes
                move = next(m for m in root.moves() if root.move_name(m) == trace.best_move)
            else:
                _, move = search.run(root, depth, counter or NO_TRACER)
            state = state.child(move)

    counter = CountingTracer()
    play(False, counter)
    return (lambda: play(False)), (lambda: play(True)), counter.nodes_visited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each side (medians reported; default 7)")
    args = parser.parse_args()
    tictactoe, connect4, clobber = load_game("tictactoe"), load_game("connect4"), load_game("clobber")
    cases = [
        ("tic-tac-toe full solve, minimax", 1.0, search_case(tictactoe, "minimax", UNLIMITED)),
        ("tic-tac-toe full solve, alpha-beta", 0.030, search_case(tictactoe, "alphabeta", UNLIMITED)),
        ("Connect Four depth 5, minimax", 0.15, search_case(connect4, "minimax", 5)),
        ("Connect Four depth 5, alpha-beta", 0.025, search_case(connect4, "alphabeta", 5)),
        ("Connect Four depth 7, alpha-beta", 0.150, search_case(connect4, "alphabeta", 7)),
        ("Clobber 5×6 self-play, alpha-beta d4", 1.0, selfplay_case(clobber, 4)),
    ]
    print(f"medians of {args.repeat} cold runs with tracing off and {args.repeat} with it on, by turns")
    print("  off: the search with the null tracer")
    print("  on:  trace_search (a RecordingTracer), then the trace's nodes made (their names, move names, boards, and")
    print("       the positions of pruned children, stay unmade until read; the events are made when read, not timed)")
    print(f"  on/off: the median of the traced run's time over the untraced run's, each pair run side by side "
          f"(target ≤ {TRACED_RATIO:g}×)")
    print(f"{'case':<38} {'nodes':>9} {'off':>9} {'target':>8}        {'on':>9} {'on/off':>7}")
    for title, target, (off, on, nodes) in cases:
        off_time, on_time, ratio = paired_medians(off, on, args.repeat)
        print(f"{title:<38} {nodes:>9,} {_ms(off_time)} {_ms(target, 6)} {_verdict(off_time <= target)} "
              f"{_ms(on_time)} {ratio:>6.2f}× {_verdict(ratio <= TRACED_RATIO)}")


def _ms(seconds: float, width: int = 7) -> str:
    return f"{seconds * 1e3:>{width}.1f}ms" if seconds < 0.1 else f"{seconds * 1e3:>{width}.0f}ms"


def _verdict(met: bool) -> str:
    return "    ok" if met else "MISSED"


if __name__ == "__main__":
    main()
