"""Benchmarks for the games: searches with tracing off and on, medians measured in one run.

    python benchmarks/bench_games.py [--repeat N] [--aima DIR] [--anchors-only] [--before REV [--rounds N]]

Targets (2-core machine, tracing off): tic-tac-toe full solve from the empty board, minimax ≤ 1.0 s and alpha-beta
≤ 30 ms; Connect Four from the empty board, windows evaluation, depth 5, minimax ≤ 0.15 s and alpha-beta ≤ 25 ms,
depth 7 alpha-beta (70,104 nodes) ≤ 150 ms;
one 5×6 Clobber self-play game with depth-4 alpha-beta on both sides ≤ 1 s; tracing on ≤ 3× tracing off.

Against anchors (CPU time, interleaved rounds, the median of the rounds' ratios): Connect Four alpha-beta depth 5
from the empty board at least 40× the textbook alpha-beta over a list board (:mod:`textbook`, the stand-in for
the seed study's code: the same value, move and nodes visited, checked), and the tic-tac-toe full solve by
alpha-beta at least 5× aima-python's ``alpha_beta_search`` on its ``TicTacToe``, run from an aima-python checkout
(``--aima DIR`` or ``AIMA_PYTHON``; the row is skipped, with a note, without one). ``--before REV`` measures these
two rows before and after a change in one run: this checkout's anchors-only benchmark over git revision REV's
``tracer`` and ``games`` (exported to a temporary folder) and over this checkout's, each a process of its own, by
turns for ``--rounds`` rounds: the median of each side's ratios.

Every timed run starts cold, and the emptying is timed with it. What persists between searches: tic-tac-toe
interns its positions, each keeping its children once made (a dict of all positions made, emptied by
``clear_caches``); Connect Four shares the positions of one search between the move orders that reach them (a
table of at most 100,000 that lives with the search's root and is freed with it, inside the timed run) and keeps
nothing between searches; Clobber keeps nothing between
searches (their tables of lines, neighbours and moves are rules, fixed per board size, made when the game is made).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import load_game  # noqa: E402
from textbook import ListConnectFour, alpha_beta, load_aima  # noqa: E402
from timing import cpu_rounds, paired_medians, round_ratio  # noqa: E402
from tracer.run import deep_recursion, trace_search  # noqa: E402
from tracer.search.registry import ALGORITHMS  # noqa: E402
from tracer.model.state import UNLIMITED  # noqa: E402
from tracer.search.tracers import NO_TRACER, CountingTracer  # noqa: E402

TRACED_RATIO = 3.0  # tracing on may cost at most this many times tracing off
TEXTBOOK_RATIO = 40.0  # Connect Four alpha-beta depth 5: tracer at least this many times the textbook code
AIMA_RATIO = 5.0  # tic-tac-toe alpha-beta full solve: tracer at least this many times aima-python


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
    parser.add_argument("--aima", metavar="DIR", help="an aima-python checkout (or its git repository) for the "
                        "tic-tac-toe anchor; default: the AIMA_PYTHON environment variable")
    parser.add_argument("--anchors-only", action="store_true", help="only the rows against the anchors")
    parser.add_argument("--before", metavar="REV", help="the rows against the anchors before (git revision REV, "
                        "say main) and after (this checkout), each side's processes by turns")
    parser.add_argument("--rounds", type=int, default=5, help="with --before: processes of each side (default 5)")
    args = parser.parse_args()
    if args.before:
        before_and_after(args.before, args.rounds, args.repeat, args.aima)
        return
    anchors(args.repeat, args.aima)
    if args.anchors_only:
        return
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


def anchors(repeat: int, aima_where: str | None) -> None:
    """tracer's alpha-beta, untraced, against the textbook's Connect Four and aima-python's tic-tac-toe."""
    connect4, tictactoe = load_game("connect4"), load_game("tictactoe")
    search = ALGORITHMS["alphabeta"]
    counter = CountingTracer()
    ours = search.run(cold_root(connect4), 5, counter)
    value, move, visited = alpha_beta(ListConnectFour(), 5)
    assert (value, move, visited) == (*ours, counter.nodes_visited), "the textbook code searches another tree"
    cases = [("Connect Four depth 5, tracer", lambda: search.run(cold_root(connect4), 5, NO_TRACER)),
             ("Connect Four depth 5, textbook", lambda: alpha_beta(ListConnectFour(), 5)),
             ("tic-tac-toe solve, tracer", lambda: search.run(cold_root(tictactoe), UNLIMITED, NO_TRACER))]
    aima, note = load_aima(aima_where)
    if aima is not None:
        game = aima.TicTacToe()
        assert aima.alpha_beta_search(game.initial, game) == (1, 1), "aima-python's first move differs from cell 1"
        cases.append(("tic-tac-toe solve, aima-python", lambda: aima.alpha_beta_search(game.initial, game)))
    print(f"alpha-beta against anchors: CPU medians of {repeat} interleaved rounds; ratio: the median of the "
          "rounds' ratios")
    print(f"  Connect Four depth 5: {visited:,} nodes visited by both, value {value}, move {move}")
    times = cpu_rounds(cases, repeat)
    for title, _ in cases:
        print(f"  {title:<36} {_ms(statistics.median(times[title]))}")
    rows = [("Connect Four depth 5, textbook", "Connect Four depth 5, tracer", TEXTBOOK_RATIO),
            ("tic-tac-toe solve, aima-python", "tic-tac-toe solve, tracer", AIMA_RATIO)]
    for anchor, ours_title, target in rows:
        if anchor in times:
            ratio = round_ratio(times, anchor, ours_title)
            print(f"  {ours_title}: {ratio:.1f}× {anchor.rpartition(', ')[2]} {_verdict(ratio >= target)} "
                  f"(target ≥ {target:g}×)")
    if note:
        print(f"  note: the aima-python row is skipped: {note}")
    print()


ANCHOR_RATIO = re.compile(r"^  (.+), tracer: ([0-9.]+)× ")  # a row of anchors()'s output


def before_and_after(revision: str, rounds: int, repeat: int, aima_where: str | None) -> None:
    """anchors() of ``revision`` and of this checkout, each run as a process of its own, by turns: the median of
    each side's ratios for each row."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    before = tempfile.mkdtemp(prefix="bench-games-before-")
    archive = subprocess.run(["git", "-C", here, "archive", revision, "tracer", "games"], capture_output=True,
                             check=True)
    subprocess.run(["tar", "-x", "-C", before], input=archive.stdout, check=True)
    # Both sides are timed by this checkout's benchmark, so a revision from before a row existed is measured too.
    shutil.copytree(os.path.join(here, "benchmarks"), os.path.join(before, "benchmarks"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    aima = ["--aima", aima_where] if aima_where else []
    ratios = {"before": {}, "after": {}}
    for _ in range(rounds):
        for side, root in (("before", before), ("after", here)):
            run = subprocess.run([sys.executable, os.path.join(root, "benchmarks", "bench_games.py"),
                                  "--anchors-only", "--repeat", str(repeat), *aima],
                                 capture_output=True, text=True, check=True, cwd=root)
            for line in run.stdout.splitlines():
                if match := ANCHOR_RATIO.match(line):
                    ratios[side].setdefault(match[1], []).append(float(match[2]))
    print(f"alpha-beta against anchors, before ({revision}) and after (this checkout): the medians of {rounds} "
          f"processes' ratios a side, by turns (each process: CPU medians of {repeat} interleaved rounds)")
    targets = {"Connect Four depth 5": (TEXTBOOK_RATIO, "textbook"), "tic-tac-toe solve": (AIMA_RATIO, "aima-python")}
    for row, (target, anchor) in targets.items():
        if row not in ratios["after"]:
            continue
        was, now = (statistics.median(ratios[side][row]) for side in ("before", "after"))
        print(f"  {row + ', tracer against ' + anchor:<46} before {was:5.1f}×  after {now:5.1f}×  "
              f"{_verdict(now >= target)} (target ≥ {target:g}×; after's rounds {min(ratios['after'][row]):.1f}–"
              f"{max(ratios['after'][row]):.1f}×)")


def _ms(seconds: float, width: int = 7) -> str:
    return f"{seconds * 1e3:>{width}.1f}ms" if seconds < 0.1 else f"{seconds * 1e3:>{width}.0f}ms"


def _verdict(met: bool) -> str:
    return "    ok" if met else "MISSED"


if __name__ == "__main__":
    main()
