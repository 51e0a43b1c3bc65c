"""Benchmarks for the games: searches with tracing off and on, medians measured in one run.

    python benchmarks/bench_games.py [--repeat N]

Targets (2-core machine, tracing off): tic-tac-toe full solve from the empty board, minimax ≤ 1.0 s and alpha-beta
≤ 30 ms; Connect Four from the empty board, windows evaluation, depth 5, minimax ≤ 0.15 s and alpha-beta ≤ 25 ms;
one 5×6 Clobber self-play game with depth-4 alpha-beta on both sides ≤ 1 s; tracing on ≤ 3× tracing off.

Every timed run starts cold: the games' caches (interned tic-tac-toe positions, cached Connect Four and Clobber
evaluations) are emptied and the root made again first, so no run profits from an earlier one.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import load_game  # noqa: E402
from timing import median_seconds  # noqa: E402
from tracer.run import deep_recursion, trace_search  # noqa: E402
from tracer.search import ALGORITHMS  # noqa: E402
from tracer.state import UNLIMITED  # noqa: E402
from tracer.tracers import NO_TRACER, CountingTracer  # noqa: E402




def cold(game):
    game.clear_caches()
    return game.rooted(game.start())


def search_case(game, algorithm: str, depth: float):
    search = ALGORITHMS[algorithm]

    def off():
        with deep_recursion():
            search.run(cold(game), depth, NO_TRACER)

    def record():
        trace_search(cold(game), algorithm, depth=depth)

    def build():
        trace = trace_search(cold(game), algorithm, depth=depth)
        return trace.events, trace.nodes

    counter = CountingTracer()
    search.run(cold(game), depth, counter)
    return off, record, build, counter.nodes_visited


def selfplay_case(game, depth: int):
    search = ALGORITHMS["alphabeta"]

    def play(traced: bool, built: bool = False) -> int:
        game.clear_caches()
        state, nodes = game.start(), 0
        while not state.is_terminal():
            root = game.rooted(state)
            if traced:
                trace = trace_search(root, "alphabeta", depth=depth)
                if built:
                    trace.events, trace.nodes  # as drawing or saving would
                move = root.moves()[[m for m in map(root.move_name, root.moves())].index(trace.best_move)]
            else:
                counter = CountingTracer() if count else NO_TRACER
                _, move = search.run(root, depth, counter)
                nodes += counter.nodes_visited if count else 0
            state = state.child(move)
        return nodes

    count = True
    nodes = play(False)
    count = False
    return (lambda: play(False)), (lambda: play(True)), (lambda: play(True, True)), nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs per measurement (median reported)")
    args = parser.parse_args()
    tictactoe, connect4, clobber = load_game("tictactoe"), load_game("connect4"), load_game("clobber")
    cases = [
        ("tic-tac-toe full solve, minimax", 1.0, search_case(tictactoe, "minimax", UNLIMITED)),
        ("tic-tac-toe full solve, alpha-beta", 0.030, search_case(tictactoe, "alphabeta", UNLIMITED)),
        ("Connect Four depth 5, minimax", 0.15, search_case(connect4, "minimax", 5)),
        ("Connect Four depth 5, alpha-beta", 0.025, search_case(connect4, "alphabeta", 5)),
        ("Clobber 5×6 self-play, alpha-beta d4", 1.0, selfplay_case(clobber, 4)),
    ]
    print(f"medians of {args.repeat} cold runs (tracing on: {max(3, args.repeat // 2)} runs)")
    print("  off:    the search with the null tracer")
    print("  on:     trace_search, recording every step into a Trace")
    print("  +build: on, then the trace's event objects and node table built (boards stay lazy until drawn)")
    print(f"{'case':<38} {'nodes':>9} {'off':>9} {'target':>7}      {'on':>9} {'on/off':>7} {'+build':>9} {'ratio':>7}")
    for title, target, (off, record, build, nodes) in cases:
        off_time = median_seconds(off, args.repeat)
        on_time = median_seconds(record, max(3, args.repeat // 2))
        build_time = median_seconds(build, max(3, args.repeat // 2))
        verdict = "ok" if off_time <= target else "MISSED"
        print(f"{title:<38} {nodes:>9,} {off_time * 1e3:>7.1f}ms {target * 1e3:>5.0f}ms {verdict:>6} "
              f"{on_time * 1e3:>7.1f}ms {on_time / off_time:>6.2f}× {build_time * 1e3:>7.1f}ms "
              f"{build_time / off_time:>6.2f}×")


if __name__ == "__main__":
    main()
