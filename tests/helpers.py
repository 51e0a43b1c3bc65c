"""Shared test helpers (tests/ is on sys.path): paths, running the command line (in this process, or as a real
process where the process is the point), the references tests check tracer against, traces of the shipped files,
and Hypothesis's example counts scaled to the run's profile (see tests/conftest.py)."""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = ROOT / "trees"
POSITIONS = ROOT / "games" / "positions"


def run_tracer(*args, cwd=None, env=None, input_text=None) -> subprocess.CompletedProcess:
    """Run ``tracer ARGS`` and capture what it prints: in this process through ``main(argv)`` (as fast as a
    function call), or as a process when the test sets the environment (which only a new interpreter reads) or
    asks for ``--jobs``: the workers are forked, and a fork of a test worker (its browser's threads, whatever the
    tests before left running) can hang on a lock one of those threads held, where a user's tracer has none."""
    if env is not None or any(str(arg).startswith("--jobs") for arg in args):
        return run_tracer_process(*args, cwd=cwd, env=env, input_text=input_text)
    return run_tracer_here(*args, cwd=cwd, input_text=input_text)


def run_tracer_process(*args, cwd=None, env=None, input_text=None) -> subprocess.CompletedProcess:
    """Run ``python -m tracer ARGS`` as a user would, in a process of its own (exit status, signals, start-up,
    the environment), to its end."""
    return subprocess.run(tracer_command(args), cwd=cwd or ROOT, env=tracer_environment(env),
                          preexec_fn=default_signals, capture_output=True, text=True, input=input_text, timeout=300)


def start_tracer(*args, cwd=None, env=None, **popen) -> subprocess.Popen:
    """Start ``python -m tracer ARGS`` in a process of its own, as a user's shell starts it (the signals at their
    defaults, ``env`` added to the environment), for a test that acts on it while it runs; ``popen``: Popen's
    other arguments (``stdout=subprocess.PIPE``, ``text=True``, ...)."""
    return subprocess.Popen(tracer_command(args), cwd=cwd or ROOT, env=tracer_environment(env),
                            preexec_fn=default_signals, **popen)


def tracer_command(args) -> list[str]:
    return [sys.executable, "-m", "tracer", *map(str, args)]


def tracer_environment(env=None) -> dict[str, str]:
    """This process's environment, with tracer and the tests' modules importable, and ``env``."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]), **(env or {}))


SENT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")  # what the tests send tracer, or tracer its children


def default_signals() -> None:
    """In a child about to become tracer: every signal the tests send at its default disposition. A test run
    started in the background by a shell without job control inherits SIGINT ignored, and passes that on to the
    processes it starts; a Python that starts with SIGINT ignored keeps ignoring it, so Ctrl-C would never reach
    tracer (and a test waiting for it to stop would wait for it to finish)."""
    for name in SENT_SIGNALS:
        signal.signal(getattr(signal, name), signal.SIG_DFL)


HANG_GUARD = 120  # seconds: what a condition a test waits on is given, so that a regression fails, not hangs


def wait_until(condition, what: str, guard: float = HANG_GUARD):
    """Poll ``condition()`` until it returns something true, and return that; fail saying ``what`` did not
    happen if it has not after ``guard`` seconds (only a regression waits so long, never a loaded machine)."""
    deadline = time.monotonic() + guard
    while not (found := condition()):
        assert time.monotonic() < deadline, f"{what}: not after {guard:.0f} s"
        time.sleep(0.02)
    return found


class _Output(io.TextIOWrapper):
    """Standard output or error as a pipe would be: text over bytes (``.buffer`` for binary output), no tty."""

    def __init__(self):
        super().__init__(io.BytesIO(), encoding="utf-8", newline="\n", write_through=True)

    def close(self) -> None:  # tracer closes stderr when the reader has gone; what it wrote stays readable
        self.flush()

    def text(self) -> str:
        return self.buffer.getvalue().decode("utf-8")


def run_tracer_here(*args, cwd=None, input_text=None) -> subprocess.CompletedProcess:
    """``tracer ARGS`` through :func:`tracer.cli.main.main` in this process, with its own standard streams and
    working folder; what the process would have left changed (signal handlers) is put back."""
    from tracer.cli.main import STOPPING_SIGNALS, main

    argv = [str(arg) for arg in args]
    stdout, stderr = _Output(), _Output()
    handlers = {name: signal.getsignal(getattr(signal, name)) for name in STOPPING_SIGNALS}
    with contextlib.chdir(cwd or ROOT), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        stdin, sys.stdin = sys.stdin, io.StringIO(input_text or "")
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's own exits (--help, --version, usage errors)
            status = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        finally:
            sys.stdin = stdin
            for name, handler in handlers.items():
                signal.signal(getattr(signal, name), handler)
    return subprocess.CompletedProcess(["tracer", *argv], status, stdout.text(), stderr.text())


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


def brute_force(node, depth: float = math.inf):
    """The reference every search is checked against: expectiminimax from its definition, knowing nothing of
    tracer's searches. MAX maximises, MIN minimises, a chance node averages its children weighted by their ``p``
    (equally when none is given); values are in MAX's terms. With a ``depth`` limit an inner node at the limit is
    worth its static ``evaluation`` (None when it has none: the limit cannot be searched there).

    Reads only a node's ``player`` (a Player, or its name), ``children``, ``value``, ``evaluation`` and ``p``: it
    takes tracer's TreeNode and the tests' own :class:`RefNode` alike."""
    if not node.children:
        return node.value
    if depth <= 0:
        return node.evaluation
    values = [brute_force(child, depth - 1) for child in node.children]
    if None in values:
        return None
    player = getattr(node.player, "name", node.player).upper()
    if player == "CHANCE":
        weights = [child.p for child in node.children]
        if None in weights:
            weights = [Fraction(1, len(values))] * len(values)
        return sum(weight * value for weight, value in zip(weights, values))
    return max(values) if player == "MAX" else min(values)


@dataclass
class RefNode:
    """A tree node as the tests write it down from their own data, for :func:`brute_force`."""

    player: str  # "max", "min" or "chance"
    children: list = field(default_factory=list)
    value: object = None
    evaluation: object = None
    p: object = None


def uniform_tree(branching: int, depth: int, seed, distinct: bool = False):
    """A nested-list tree of ``branching`` children at every inner node and ``depth`` levels, its leaves random
    whole numbers from -99 to 99 (or, with ``distinct``, all different, from 0 to 10·b^d), the same for a seed."""
    rng = random.Random(seed)
    count = branching ** depth
    values = iter(rng.sample(range(10 * count), count) if distinct else [rng.randint(-99, 99) for _ in range(count)])

    def build(level):
        return next(values) if level == depth else [build(level + 1) for _ in range(branching)]

    return build(0)


def assert_searches_agree(state, depths) -> None:
    """Every search finds the same value at every depth, and the same move, or (MTD(f), SSS*) a move of that value."""
    from tracer import ALGORITHMS

    ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # (MCTS samples)

    for depth in depths:
        results = {name: search.run(state, depth) for name, search in ALGORITHMS.items()}
        first = {results[name] for name, search in ALGORITHMS.items() if search.keeps_first_move}
        assert len(first) == 1, (state, depth, results)
        value = results["minimax"][0]
        for name, (found, move) in results.items():  # MTD(f) and SSS* may choose another move of the same value
            assert found == value and (move is None or ALGORITHMS["minimax"].run(state.child(move), depth - 1)[0]
                                       == value), (state, depth, name, results)


def random_positions(game, count: int, seed: int, max_plies: int = 30, min_plies: int = 0) -> list:
    """Positions ``min_plies`` to ``max_plies`` - 1 moves into random games (chance moves drawn by their
    probability), each rooted for its side to move."""
    from tracer import Player

    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.start()
        for _ in range(rng.randrange(min_plies, max_plies)):
            if state.is_terminal():
                break
            moves = list(state.moves())
            weights = [state.probability(m) for m in moves] if state.player is Player.CHANCE else None
            state = state.child(rng.choices(moves, weights)[0])
        positions.append(state if state.player is Player.CHANCE else game.rooted(state))
    return positions


def traced(path, algorithm: str | None = "alphabeta", prune: str = "ge", fail: str = "soft", depth=None):
    """A trace of the tree or position file at ``path``, as the tests of what is made from traces need one:
    searched by ``algorithm`` with the rules ``prune`` and ``fail`` (the defaults: the textbook's alpha-beta,
    whatever the file's ``rules:`` say), ``depth`` plies deep as ``--depth`` says it (the file's depth when None;
    ``math.inf``: to the leaves), the file's meta in the trace. ``algorithm=None``: the search the file's
    ``rules:`` ask for, every setting of theirs, as ``tracer render FILE`` runs it."""
    from tracer import Rules, load_problem, trace_search
    from tracer.search.spec import resolve

    problem = load_problem(str(path), depth=depth)
    if algorithm is None:
        spec = resolve(problem.rules, {}, problem.depth)[0][0]
        return trace_search(problem.root, spec, meta=problem.meta)
    return trace_search(problem.root, algorithm, depth=problem.depth, rules=Rules(prune, fail), meta=problem.meta)


def shared_deck(path, algorithm: str | None = "alphabeta", step: str = "event", options=None):
    """The slide deck of :func:`traced` ``(path, algorithm)`` after every ``step``, drawn with ``options`` (the
    defaults when None), made once a test process for every test that reads it: a deck with a key is fitted to
    the slide in seconds (Figure 5.2's 35 frames: 7.7 CPU s), and tests of several modules read the same one.
    The deck (a plain dataclass, its frames a list) is shared: a test reads it and never changes it."""
    from tracer import DrawOptions

    return _deck(Path(path).resolve(), algorithm, step, options or DrawOptions())  # (one key however it is asked)


@functools.lru_cache(maxsize=None)
def _deck(path: Path, algorithm: str | None, step: str, options):
    from tracer.render.deck import make_deck
    from tracer.view import frame_steps

    trace = traced(path, algorithm)
    return make_deck(trace, frame_steps(trace, step), options)


# ---- Hypothesis: a tenth of the examples locally, every one in CI ---------------------------------------------

EXAMPLE_SHARES = {"dev": 0.1, "ci": 1.0}  # each profile's share of a property test's full example count


def scaled(full: int, least: int = 1) -> int:
    """A size (exercises generated, nodes searched) that CI checks in ``full``: the run's profile's share of it
    (as :func:`examples` takes for a property test's examples), at least ``least``, so a local run checks the same
    thing on less."""
    from hypothesis import settings

    return max(least, math.ceil(full * settings.default.max_examples / 100))


def examples(full: int, **options):
    """Hypothesis settings for a property test that checks ``full`` examples in CI: the run's profile's share of
    them (``HYPOTHESIS_PROFILE``, registered by tests/conftest.py from :data:`EXAMPLE_SHARES`: its count for a test
    that says nothing, over Hypothesis's 100), no deadline (a loaded machine is not a failure), and ``options``
    (``derandomize=True``: the same examples every run)."""
    from hypothesis import settings

    share = settings.default.max_examples / 100
    return settings(max_examples=max(1, math.ceil(full * share)), deadline=None, **options)


def documentation() -> str:
    """What a user reads: the README and every page of the docs site (docs/**/*.md), as one text."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def documented(command: str, word: str) -> list[list[str]]:
    """The documentation's example lines of ``tracer COMMAND`` that name ``word``, as arguments (comments dropped)."""
    import shlex

    lines = documentation().splitlines()
    return [shlex.split(line.split("  #")[0])[2:] for line in lines
            if line.startswith(f"tracer {command} ") and word in line]


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def ignores(pid: int, signum: int) -> bool:
    """Whether process ``pid`` ignores ``signum`` (its ``SigIgn`` mask in ``/proc``); False once it has ended."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) >> (signum - 1) & 1)


def stopped_by_signal(args, signum: int, cwd, workers: int = 2) -> tuple[int, list[str], list[int]]:
    """Start ``python -m tracer ARGS`` in ``cwd``, in a session of its own, wait until its pool is running (it has
    ``workers`` worker processes, each has taken the workers' signal dispositions: it ignores Ctrl-C, see
    :mod:`tracer.parallel`; and tracer has done forking them: the pool's three threads have started, for a signal
    that strikes while Python runs its at-fork handlers is lost), then send ``signum`` (Ctrl-C to the whole process
    group, as a terminal does; other signals to tracer alone). Its exit status, its lines on stderr, and the workers
    still alive afterwards (not zombies). Linux only (``/proc``)."""
    process = start_tracer(*args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    started: set[int] = set()
    try:
        def ready() -> bool:
            started.update(_children(process.pid))
            return (len(started) >= workers and all(ignores(pid, signal.SIGINT) for pid in started)
                    and len(list(Path(f"/proc/{process.pid}/task").iterdir())) > 3)

        wait_until(ready, f"{workers} workers ready")
        if signum == signal.SIGINT:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()  # reaped and its pipes closed: nothing left to warn about in a later test
    alive = [pid for pid in started if Path(f"/proc/{pid}").exists()
             and "zombie" not in Path(f"/proc/{pid}/status").read_text()]
    return process.returncode, err.strip().splitlines(), alive


# ---- the optional extras a game needs (a shipped position, a documented command) --------------------------------

EXTRAS = {  # a game's name (before any ':') -> the module its extra installs, and how to install it
    "chess": ("chess", "python-chess (pip install -e '.[chess]'; setup.sh --test installs it)"),
    "openspiel": ("pyspiel", "OpenSpiel (pip install -e '.[openspiel]'; setup.sh --test installs it)"),
}


@functools.lru_cache(maxsize=None)
def missing_extra(game: str | None) -> str | None:
    """Why a test of ``game`` (``chess``, ``openspiel:tic_tac_toe``, ...) cannot run here: the optional extra it
    needs cannot be imported; None when it needs none or has it."""
    module, install = EXTRAS.get(str(game or "").split(":")[0].strip().lower(), (None, None))
    if module is None:
        return None
    try:
        importlib.import_module(module)
    except ImportError:
        return f"needs {install}"
    return None


@functools.lru_cache(maxsize=None)
def position_game(path: Path) -> str | None:
    """The ``game:`` a position file names (None for a tree file)."""
    import yaml

    return (yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}).get("game")


def usable_positions() -> list[Path]:
    """games/positions/*.yaml that can be searched here: those whose game needs an optional extra that is not
    installed left out (for a test that loops over them; a test parametrized by them is skipped with the reason by
    tests/conftest.py)."""
    return [path for path in sorted(POSITIONS.glob("*.yaml")) if missing_extra(position_game(path)) is None]


def needs_missing_extra(value) -> str | None:
    """Why a test given ``value`` (a position file's path, or a ``tracer`` command line as its arguments) cannot run
    here: the game it names (``--game GAME``, or a shipped position file's ``game:``) needs an optional extra that is
    not installed; None otherwise."""
    argv = [str(arg) for arg in value] if isinstance(value, (list, tuple)) else [str(value)]
    games = [argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg == "--game"]
    for arg in argv:
        path = Path(arg) if Path(arg).is_absolute() else ROOT / arg
        if path.suffix == ".yaml" and path.parent == POSITIONS and path.is_file():
            games.append(position_game(path))
    return next((reason for game in games if (reason := missing_extra(game))), None)


# ---- the browser tests (the HTML player, the practice page, the notebook's frames) -------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
IN_A_BROWSER = [  # a browser test module's pytestmark: each skip with its reason (.ci/run installs both)
    pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)"),
    pytest.mark.skipif(CHROMIUM is None, reason="needs a headless Chromium (Debian: apt-get install chromium; "
                                                ".ci/run installs it)"),
]


class WatchedPage:
    """A page open in a browser (playwright), with what its console said, the dialogs it opened (dismissed) and
    every request it made: what the tests of tracer's pages check, a hostile name's page above all."""

    def __init__(self, browser, url: str, **options):
        self.page = browser.new_page(**options)
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(url)

    def close(self):
        self.page.close()


def word_heights(pdf) -> list[tuple[float, str]]:
    """Each word on the PDF's pages with its height on the page, in points (``pdftotext -bbox``)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [(float(y_max) - float(y_min), word) for y_min, y_max, word in
            re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', out)]


def random_tree(rng: random.Random, leaves: int):
    """A tree of exactly ``leaves`` leaves: a random leaf split into 2 or 3 until there are enough (at most 4 plies
    below the root, values of up to two digits, some negative)."""
    while True:
        tree = [rng.randint(-20, 99) for _ in range(2)]
        spots = [(tree, 0, 1), (tree, 1, 1)]
        count = 2
        while count < leaves and any(ply < 4 for _, _, ply in spots):
            parent, index, ply = rng.choice([spot for spot in spots if spot[2] < 4])
            spots.remove((parent, index, ply))
            width = min(rng.choice((2, 3)), leaves - count + 1)
            parent[index] = [rng.randint(-20, 99) for _ in range(width)]
            spots += [(parent[index], i, ply + 1) for i in range(width)]
            count += width - 1
        if count == leaves:
            return tree


def font_sizes(pdf) -> list[tuple[float, str]]:
    """Each piece of text on the PDF's pages with its font size on the page, in points (pypdf)."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]  # the text's up vector on the page
            found.append((size * (c * c + d * d) ** 0.5, text.strip()))

    from pypdf import PdfReader

    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return found
