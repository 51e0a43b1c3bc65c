"""Options shared by the commands: argument types, inputs (file, game, position, depth, game options), search
options and the output folder."""

from __future__ import annotations

import argparse
import math
import os
import re
import sys

from ..inputs.trees import DEFAULT_MAX_NODES
from ..search.settings import FLAGS, SETTINGS, mistake
from ..search.spec import SearchSpec, resolve

OUTPUT_DIR = "output"


def whole_number(minimum: int, maximum: int = 10**9):
    """An argparse type: a whole number from ``minimum`` to ``maximum``, in ASCII digits."""

    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*[+-]?[0-9]{1,30}\s*", text):  # ASCII digits only: int() would take "²"'s kin
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:30]!r}")
        value = int(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a whole number ≥ {minimum}, got {value}")
        if value > maximum:
            raise argparse.ArgumentTypeError(f"expected a whole number up to {maximum:,}, got {value}")
        return value

    return parse


positive = whole_number(1)


MAX_SECONDS = 86_400.0  # a search's time budget: at most a day
DEFAULT_STATS_SECONDS = 1_800.0  # tracer stats: half an hour a search (Connect Four's minimax 9 plies deep: 3–7 min)
DEFAULT_MOVE_SECONDS = 600.0  # tracer play and match: ten minutes a search player's move


def seconds(text: str) -> float:
    """An argparse type: a time budget in seconds, more than 0 and at most :data:`MAX_SECONDS`."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"expected seconds from more than 0 to {MAX_SECONDS:,.0f}, such as 30 or "
                                         f"0.5, got {text!r}")
    return value


def jobs(text: str) -> int:
    """An argparse type: a number of worker processes, from 1 to this machine's CPUs (more only compete for them,
    and each holds a whole Python)."""
    cpus = os.cpu_count() or 1
    try:
        return whole_number(1, cpus)(text)
    except argparse.ArgumentTypeError as error:
        raise argparse.ArgumentTypeError(f"{error} (this machine has {cpus} CPU{'s' if cpus > 1 else ''})") from None


def add_jobs_option(parser, doing: str, item: str, same: str) -> None:
    """``--jobs N``, the one definition for every command that spreads its work over processes: ``doing`` (such as
    "run rows") in N processes, N from 1 to the CPUs (:func:`jobs`), no more processes than items started
    (:func:`tracer.parallel.mapped`); ``same`` says what does not change."""
    parser.add_argument("--jobs", type=jobs, default=1, metavar="N",
                        help=f"{doing} in N processes, at most one per CPU and per {item} (default 1; {same})")


def inches(text: str) -> tuple[float, float]:
    """An argparse type: the largest drawing as ``WxH`` in inches (``26.7x15``; ``×`` also reads), or ``none``: no
    limit (read by :func:`tracer.render.page.drawing_limit`)."""
    from ..render.page import drawing_limit

    return _read_size(drawing_limit, text)


def slide(text: str) -> tuple[float, float]:
    """An argparse type: a slide as 16:9, 4:3 or WxH inches (read by :func:`tracer.render.page.slide_size`)."""
    from ..render.page import slide_size

    return _read_size(slide_size, text)


def _read_size(read, text: str) -> tuple[float, float]:
    try:
        return read(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_input_options(parser, traces: bool = False, depth_option: bool = True) -> None:
    """FILE, or a game position: what a searching command works on."""
    what = "a tree file (trees/*.yaml), a position file (YAML with game:)"
    parser.add_argument("file", nargs="?", metavar="FILE", help=what + (", or a saved trace (.json)" if traces else ""))
    games = parser.add_argument_group("game positions")
    games.add_argument("--game", metavar="GAME", help="tictactoe, connect4, clobber, pig, chess, openspiel:NAME "
                       "(tracer games lists them), or module:Class")
    games.add_argument("--position", metavar="POS", help="a position in the game's notation (default: the start)")
    if depth_option:
        add_setting(games, SETTINGS["depth"])
    add_game_options(games)
    parser.add_argument("--max-nodes", type=positive, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"refuse tree files of more than N nodes, and stop a traced search (compare: each "
                             f"row's search) past N nodes (default {DEFAULT_MAX_NODES:,})")


def add_game_options(parser) -> None:
    """Options a game is made with (also for play and match)."""
    parser.add_argument("--rows", type=positive, help="board rows (connect4, clobber)")
    parser.add_argument("--cols", type=positive, help="board columns (connect4, clobber)")
    parser.add_argument("--quick-wins", action="store_const", const=True, help="tictactoe: prefer quicker wins")
    parser.add_argument("--eval", metavar="MODULE:FUNCTION", help="openspiel games: the evaluation at a depth limit, "
                                                                 "one number per player (default: returns())")


def game_options(args) -> dict:
    return {"rows": args.rows, "cols": args.cols, "quick_wins": args.quick_wins, "eval": args.eval}


def add_search_options(parser, several: bool = False, without: tuple[str, ...] = (),
                       listed: tuple[str, ...] | None = None) -> None:
    """The search's options, one for each setting of the table (:data:`tracer.search.settings.SETTINGS`) that goes
    with them, but those named in ``without``: a command whose own option has that name (``tracer practice``'s
    ``--seed`` and ``--bounds`` are the generator's), or that takes no search with that setting (``iterations``
    stands for all of Monte Carlo tree search's). ``several``: a command that compares searches (a setting that
    may be repeated or listed). ``listed``: the algorithms ``-a``'s help names, for a command that takes only these
    (it refuses the others in one line). No defaults here: the spec fills them in (:func:`search_specs`), so a
    command can tell which options were given."""
    groups = {"search": parser}
    for name in SEARCH_OPTIONS:
        setting = SETTINGS[name]
        if name in without or setting.where == "mcts" and "iterations" in without:
            continue
        if setting.where not in groups:
            groups[setting.where] = parser.add_argument_group(GROUPS[setting.where])
        add_setting(groups[setting.where], setting, several, listed)


GROUPS = {"mcts": "Monte Carlo tree search (-a mcts)", "input": "game positions"}  # --help's groups of settings


def add_setting(parser, setting, several: bool = False, listed: tuple[str, ...] | None = None) -> None:
    """The command-line option of one setting of the table, as it declares it (see :func:`add_search_options`)."""
    if setting.reads == "switch":  # no value: given, it is on
        parser.add_argument(*setting.flags, action="store_const", const=True, help=setting.said(several, listed))
        return
    how = setting.compared[0] if several and setting.compared else None  # repeat, list, or one value
    metavar = f"{setting.metavar},{setting.metavar},..." if how == "list" else setting.metavar
    options = dict(metavar=metavar, nargs=setting.nargs, action="append" if how == "repeat" else None)
    if setting.choices is not None:
        options["choices"] = setting.choices
    else:
        options["type"] = setting_reader(setting, listing=how == "list")
    parser.add_argument(*setting.flags, help=setting.said(several, listed),
                        **{key: value for key, value in options.items() if value is not None})


def setting_reader(setting, listing: bool = False):
    """An argparse type: one command-line word of ``setting`` read as the table says (``reads``) and checked by its
    one check (a pair, ``nargs``, is checked whole by the spec); ``listing``: several such words as ``10,100,1000``
    (a value given twice counts once)."""
    def read(text: str):
        if setting.reads == "int":
            return int(text)
        if setting.reads == "positive":
            return positive(text)
        if setting.reads == "number":
            value = setting.aliases[text.strip()] if text.strip() in setting.aliases else number(text)
            shown = text[:30]
        else:  # a whole number, as large as the check allows
            value = shown = whole_number(-10**30, 10**30)(text)
        wrong = None if setting.nargs else setting.check(value)
        if wrong is not None:
            raise argparse.ArgumentTypeError(f"{wrong}, got {shown}")
        return value

    def read_list(text: str) -> list:
        return list(dict.fromkeys(read(part) for part in text.split(",")))

    if setting.reads == "int":  # argparse's own messages for int
        return int
    return read_list if listing else read


# the argparse types of settings that other options read too (play's --iterations, compare's --depths)
depth = setting_reader(SETTINGS["depth"])  # a depth in plies (also a count that goes as far)
exploration = setting_reader(SETTINGS["exploration"])  # UCB1's constant (sqrt2 and √2 read too)
iteration_count = setting_reader(SETTINGS["iterations"])  # MCTS's iterations
iteration_list = setting_reader(SETTINGS["iterations"], listing=True)  # MCTS's iterations as 10,100,1000

SEARCH_OPTIONS = tuple(name for name, setting in SETTINGS.items() if setting.where != "input")  # on the command line


def given_search_options(args) -> list[str]:
    """The search options given on the command line (for refusing them where they cannot apply)."""
    return [FLAGS[name] for name in SEARCH_OPTIONS if getattr(args, name, None) is not None]


def search_specs(args, rules: dict | None = None, depth: float | None = None,
                 root=None) -> tuple[list[SearchSpec], list[str]]:
    """The searches the command line asks for, over a file's ``rules:`` (see :func:`tracer.search.spec.resolve`):
    one spec per -a × --order given (one, when neither is repeated), and a note for each option that overrides the
    file's rules. ``root``: the problem's, which chooses the algorithm when neither names one."""
    return resolve(rules, {name: getattr(args, name, None) for name in SEARCH_OPTIONS}, depth, root)


def search_spec(args, rules: dict | None = None, depth: float | None = None,
                root=None) -> tuple[SearchSpec, list[str]]:
    """The one search the command line asks for (see :func:`search_specs`), and the notes."""
    specs, notes = search_specs(args, rules, depth, root)
    return specs[0], notes


def number(text: str) -> float:
    """An argparse type: a finite number (``3``, ``-2.5``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text[:30]!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text[:30]!r}")
    return int(value) if value.is_integer() else value


def say_notes(notes) -> None:
    """Print what the command line changed of a file's rules, on stderr (the output itself stays clean)."""
    for note in notes:
        print(f"note: {note}", file=sys.stderr)


def default_output(trace, extension: str) -> str:
    """``output/<name>.<algorithm>.<extension>``. The name and the algorithm may come from a saved trace, so each is
    made a plain file name first: a trace never chooses where its output goes (``"../../x"`` → ``_.._x``)."""
    return os.path.join(OUTPUT_DIR, f"{plain_name(trace.name)}.{plain_name(trace.algorithm)}.{extension}")


def plain_name(text: str) -> str:
    """``text`` as one file name's part: letters, digits, ``_ + - .`` only, no leading dot, at most 80 characters."""
    name = re.sub(r"[^\w+.-]", "_", str(text), flags=re.UNICODE)[:80].lstrip(".")
    return name or "trace"


MAX_DEPTHS = 100  # depths in one --depths list: each is a row per algorithm and order


def depth_list(text: str) -> list[int]:
    """An argparse type: depths as ``1-5``, ``1,3,5`` or a mix (``1-3,6``), each a whole number ≥ 0, at most
    MAX_DEPTHS of them (a depth given twice counts once)."""
    depths: dict[int, None] = {}  # ordered, and a depth given twice is found at once
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        try:
            first, last = whole_number(0, 10**30)(low), whole_number(0, 10**30)(high) if dash else None
        except argparse.ArgumentTypeError:
            raise argparse.ArgumentTypeError(f"expected depths such as 1-5 or 1,3,5, got {text[:60]!r}") from None
        last = first if last is None else last
        if last < first:
            raise argparse.ArgumentTypeError(f"expected depths from low to high, each ≥ 0, got {part.strip()!r}")
        wrong = mistake("depth", last)
        if wrong is not None:
            raise argparse.ArgumentTypeError(f"{wrong}, got {last}")
        if last - first + 1 > MAX_DEPTHS:  # refused before the range is listed
            raise argparse.ArgumentTypeError(f"at most {MAX_DEPTHS} depths, got {part.strip()!r}")
        depths.update(dict.fromkeys(range(first, last + 1)))
        if len(depths) > MAX_DEPTHS:
            raise argparse.ArgumentTypeError(f"at most {MAX_DEPTHS} depths, got {len(depths)} or more in {text[:60]!r}")
    return list(depths)


def progress_bar(total: int, what: str, unit: str):
    """A wrapper for an iterable that shows a progress bar on stderr (items done, elapsed, an estimate) when
    stderr is a terminal and there is more than one item; otherwise the iterable as it is."""
    def wrap(iterable):
        if not sys.stderr.isatty() or total < 2:
            return iterable
        from tqdm import tqdm

        return tqdm(iterable, total=total, desc=what, unit=unit, file=sys.stderr, leave=False)
    return wrap


class progress_counter:
    """A progress bar on stderr for work done in pieces (``progress(n)`` as ``n`` more items are done), shown only
    when stderr is a terminal and there is more than one item; a context manager that closes it."""

    def __init__(self, total: int, unit: str):
        self.total, self.unit, self.bar = total, unit, None

    def __enter__(self):
        if sys.stderr.isatty() and self.total > 1:
            from tqdm import tqdm

            self.bar = tqdm(total=self.total, unit=self.unit, file=sys.stderr, leave=False)
            return self.bar.update
        return None

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.close()
        return False
