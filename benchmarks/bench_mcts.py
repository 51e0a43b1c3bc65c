"""Benchmarks for Monte Carlo tree search on Connect Four: iterations per second with tracing off and on, against
the PyPI package ``mcts`` on the same game; medians and ratios measured in one run.

    python benchmarks/bench_mcts.py [--repeat N] [--iterations N]

Targets (2-core machine), from the empty 7 × 6 board with random playouts: with tracing off at least 10,000
iterations a second; tracing on (recorded, and the trace built as drawing or saving does) at most 3× the time of
tracing off; the whole process ``tracer render --game connect4 -a mcts --iterations 1000 --min-visits 100`` within
5 s; at least 2× the iterations a second of ``mcts`` 1.0.x (Paul Sinclair's pure-Python UCT, ``pip install mcts``;
not a dependency of tracer, so its rows are skipped, with a note, when it is not installed) and 1.5× those of a
textbook UCT over a list board (:func:`textbook.uct_search`, Browne et al. 2012's pseudo-code as written); the
generic playout loop (a game without its own ``random_playout``: a user's game) at least as fast as the package
with its own playout.

Like for like: every run makes the same number of iterations, each one expansion and one random playout to the end
of the game from a fresh root, on tracer's own positions (the package reaches them through a four-method adapter);
the package's exploration constant is 1, since its term C·√(2 ln N / n) is then tracer's √2·√(ln N / n). Its rows
use its own playout (``random.choice`` over the moves, a position made per move) and then tracer's
``random_playout``, which tells the search apart from the playouts. tracer's generic loop reaches the same
positions through an adapter as thin (:class:`WithoutPlayout`). The textbook UCT plays the same game on its own
list board.

Every case runs once per round, each after a garbage collection (an MCTS tree is cyclic: otherwise the next case
pays for collecting it), the rounds repeated ``--repeat`` times (a shared machine's load drifts; a round sees the
same): each case's median CPU time, and each ratio the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from games import load_game  # noqa: E402
from textbook import ListConnectFour, uct_search  # noqa: E402
from timing import cpu_rounds, median_seconds, round_ratio  # noqa: E402
from tracer.run import trace_search  # noqa: E402
from tracer.search.registry import ALGORITHMS  # noqa: E402
from tracer.search.tracers import NO_TRACER  # noqa: E402

TARGET_RATE = 10_000  # iterations a second, tracing off
TRACED_RATIO = 3.0  # tracing on may cost at most this many times tracing off
PACKAGE_RATIO = 2.0  # tracer (off) at least this many times the mcts package's iterations a second
TEXTBOOK_RATIO = 1.5  # and this many times the textbook list UCT's
GENERIC_RATIO = 1.0  # the generic playout loop at least as fast as the package with its own playout
RENDER_SECONDS = 5.0
RENDER = ["render", "--game", "connect4", "-a", "mcts", "--iterations", "1000", "--min-visits", "100"]
GAME = load_game("connect4")


def fresh_root():
    """The empty board, rooted: a new search's table of positions (Connect Four keeps nothing between searches)."""
    return GAME.rooted(GAME.start())


class WithoutPlayout:
    """A position with no ``random_playout`` of its own, so MCTS plays out with its generic loop: what a user's own
    game class gets. An adapter as thin as the package's (:class:`PackageState`): the methods MCTS calls, one call
    each (no ``__getattr__``, which would slow every attribute look-up; so it runs untraced only)."""

    __slots__ = ("state", "player")

    def __init__(self, state):
        self.state, self.player = state, state.player

    def moves(self):
        return self.state.moves()

    def child(self, move):
        return WithoutPlayout(self.state.child(move))

    def is_terminal(self):
        return self.state.is_terminal()

    def result(self):
        return self.state.result()


class PackageState:
    """A Connect Four position as the ``mcts`` package asks for it: its four methods over tracer's position. The
    reward is MAX's (the package backs up one reward for every node, whoever moves there)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def getPossibleActions(self):
        return self.state.moves()

    def takeAction(self, action):
        return PackageState(self.state.child(action))

    def isTerminal(self):
        return self.state.is_terminal()

    def getReward(self):
        return self.state.result()


def tracer_cases(iterations: int) -> list[tuple[str, object]]:
    search = ALGORITHMS["mcts"]
    settings = {"iterations": iterations, "seed": 0}

    def off():
        search.run(fresh_root(), tracer=NO_TRACER, settings=settings)

    def generic():
        search.run(WithoutPlayout(fresh_root()), tracer=NO_TRACER, settings=settings)

    def recorded():
        trace_search(fresh_root(), "mcts", settings=settings)

    def built():
        trace = trace_search(fresh_root(), "mcts", settings=settings)
        return trace.events, trace.nodes

    return [("tracer, tracing off", off),
            ("tracer, off, generic playout loop", generic),
            ("tracer, recorded", recorded),
            ("tracer, recorded + trace built", built)]


def package_cases(iterations: int) -> list[tuple[str, object]]:
    """The ``mcts`` package's runs, or none (with a note) when it is not installed."""
    try:
        import mcts as package
        from importlib.metadata import version
    except ImportError:
        print("note: the mcts package is not installed (pip install 'mcts>=1.0,<1.1'): its rows are skipped")
        return []
    name = f"mcts {version('mcts')}"

    def own_playout():
        random.seed(0)  # it draws from the random module's generator
        package.mcts(iterationLimit=iterations, explorationConstant=1).search(initialState=PackageState(fresh_root()))

    def tracers_playout():
        rng = random.Random(0)
        policy = lambda position: position.state.random_playout(rng)[1].result()  # noqa: E731
        random.seed(0)
        package.mcts(iterationLimit=iterations, explorationConstant=1, rolloutPolicy=policy).search(
            initialState=PackageState(fresh_root()))

    return [(f"{name}, its own playout", own_playout), (f"{name}, tracer's random_playout", tracers_playout)]


def textbook_cases(iterations: int) -> list[tuple[str, object]]:
    """The textbook UCT on its list board, with the package's exploration term (c = 1 in Browne's
    c·√(2 ln N / n), tracer's √2·√(ln N / n))."""
    def run():
        uct_search(ListConnectFour(), iterations, 1.0, random.Random(0))

    return [("textbook list UCT (Browne et al.)", run)]


def render_seconds(repeat: int) -> float:
    """The median wall time of the whole ``tracer render`` process (start-up, search, layout, Graphviz)."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "tracer", *RENDER, "-o", os.path.join(folder, "mcts.svg")]
        return median_seconds(lambda: subprocess.run(command, env=env, check=True, capture_output=True), repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="rounds of runs (medians reported; default 7)")
    parser.add_argument("--iterations", type=int, default=5_000, help="iterations per search (default 5,000)")
    args = parser.parse_args()
    cases = tracer_cases(args.iterations) + package_cases(args.iterations) + textbook_cases(args.iterations)
    print(f"Connect Four 7×6 from the empty board, random playouts, {args.iterations:,} iterations a search; medians "
          f"of {args.repeat} rounds, each case once a round")
    print(f"{'case':<40} {'CPU s':>8} {'it/s':>8} {'× off':>6}")
    times = cpu_rounds(cases, args.repeat)
    off, generic = "tracer, tracing off", "tracer, off, generic playout loop"
    for title, _ in cases:
        seconds = statistics.median(times[title])
        rate, to_off = args.iterations / seconds, round_ratio(times, title, off)
        verdict = ""
        if title == off:
            verdict = _verdict(rate >= TARGET_RATE, f"target ≥ {TARGET_RATE:,} it/s")
        elif title.startswith("tracer, recorded"):
            verdict = _verdict(to_off <= TRACED_RATIO, f"target ≤ {TRACED_RATIO:g}×")
        elif title.endswith("its own playout"):
            to_generic = round_ratio(times, title, generic)
            verdict = (_verdict(to_off >= PACKAGE_RATIO, f"target off ≥ {PACKAGE_RATIO:g}× it") + "; generic loop "
                       + _verdict(to_generic >= GENERIC_RATIO, f"{to_generic:.2f}×, target ≥ {GENERIC_RATIO:g}×"))
        elif title.startswith("textbook"):
            verdict = _verdict(to_off >= TEXTBOOK_RATIO, f"target off ≥ {TEXTBOOK_RATIO:g}× it")
        print(f"{title:<40} {seconds:>8.3f} {rate:>8,.0f} {to_off:>5.2f}× {verdict}")
    seconds = render_seconds(max(3, args.repeat // 2))
    print(f"{'tracer ' + ' '.join(RENDER):<40}\n{'  the whole process':<40} {seconds:>8.2f}s  "
          f"{_verdict(seconds <= RENDER_SECONDS, f'target ≤ {RENDER_SECONDS:g} s')}")


def _verdict(met: bool, target: str) -> str:
    return f"{'   ok' if met else 'MISSED'} ({target})"


if __name__ == "__main__":
    main()
