"""The command line: ``tracer render | trace | stats | export | compare | check | grade | worksheet | exercise | play | match``. User mistakes get one line on
stderr and exit status 2; a traceback would mean a bug in tracer."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import re
import signal
import sys
import threading

from ..errors import TracerError, raised_by_interrupt
from ..io import WRITTEN, take_back_written
from ..text import PLAIN_NAMES, one_line, shows_signs

DRAWING_COMMANDS = ("render", "slides", "worksheet", "grade")

# Every command, in the order `tracer --help` lists them: the module of tracer.cli that builds its options and runs
# it, and its line in that list (also the first line of its own help). A command's module is imported only when
# that command is run or its own help is asked for (in build_parser): `tracer --help` imports none of them.
COMMANDS = {
    "render": ("commands", "draw a search as a Graphviz diagram"),
    "slides": ("commands", "make slides of a search step by step: a PDF deck, an HTML player, frames, a GIF, "
                           "a Beamer frame"),
    "trace": ("commands", "print a search step by step, or save its trace as JSON"),
    "stats": ("commands", "count what searches do: nodes, leaves, cutoffs, time"),
    "export": ("commands", "write the searched tree as GraphML or node-link JSON (the files networkx reads)"),
    "explore": ("explore", "write a search as a page to explore: an outline of its nodes, opened at the "
                           "principal variation"),
    "compare": ("compare", "compare searches: algorithms × depths × move orders, as a table or a chart"),
    "check": ("exercises", "check the answer keys (expect:) of tree and position files"),
    "grade": ("exercises", "grade students' answers: item by item, with the first place each departs from the "
                           "search"),
    "worksheet": ("exercises", "print an exercise as a handout that asks for everything tracer grade scores, "
                               "or its answer key"),
    "exercise": ("exercises", "generate exercises (tree files with their answer keys) that meet constraints"),
    "practice": ("exercises", "write a self-contained HTML practice page: exercises to answer in the browser, "
                              "checked by tracer grade's rules"),
    "play": ("play", "play a game against the search"),
    "match": ("play", "play many games between two players and count wins, draws and losses"),
    "games": ("games", "list the games --game takes: tracer's own and OpenSpiel's, with why tracer cannot search some"),
    "test-search": ("test_search", "run a student's search function on tree and position files and compare what "
                               "it does with the traced search"),
}

# What starts with a minus and is still an option's value, never an option: a negative number as float() reads it
# (-3, -2.5, -1e308, -.5, -inf) or a range from one (--values -9..9). argparse alone reads only -3 and -2.5 so, and
# took -1e308 or -inf for an unknown option (`--bounds -1e308 1e308`: "expected 2 arguments"). No option of tracer's
# looks like a negative number, so this is the whole rule, for every option that takes numbers.
NEGATIVE_VALUE = re.compile(r"-(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(\.\..*)?$|-(inf|infinity|nan)$", re.IGNORECASE)


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (plus a pointer to --help), not a usage block; and an argument that is a
    negative number is a value (:data:`NEGATIVE_VALUE`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_VALUE  # (argparse's own test, widened: it has no public hook)

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser(only: str | None = None, alone: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, the other commands are listed but their options not built, nor
    their modules imported (most of a render's start-up; all of `tracer --help`'s). With ``alone`` too, and
    ``only`` a command: that command's parser by itself, which is all that running it reads (the others, made only
    to be listed, cost a drawing 2 ms), named and built as in the whole parser."""
    built = {}  # the parsers of the commands whose options are built, by name
    if alone and only in COMMANDS:
        parser = built[only] = Parser(prog=f"tracer {only}", **_command_options(only))
    else:
        parser = Parser(prog="tracer", description="Make game-tree search visible: trace minimax and alpha-beta, "
                                                     "draw the trace with Graphviz.")
        parser.add_argument("--version", action=_Version, nargs=0, help="print tracer's version and exit")
        subcommands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
        subcommands.required = True
        for name, (_, help_text) in COMMANDS.items():
            if only is None or name == only:
                built[name] = subcommands.add_parser(name, help=help_text, **_command_options(name))
            else:
                subcommands.add_parser(name, help=help_text)

    def command(name: str, examples: str | None = None):
        """A command's parser, its ``examples`` under its help; a falsy stand-in if it is not being built."""
        assert name in COMMANDS, f"the command {name!r} is missing from COMMANDS"
        if name not in built:
            return _Unbuilt()
        built[name].epilog = examples
        return built[name]

    for module in dict.fromkeys(COMMANDS[name][0] for name in built):
        importlib.import_module(f".{module}", __package__).add_commands(command)
    parser.commands = built if parser is built.get(only) else subcommands.choices  # by name (parse_command_line)
    return parser


def _command_options(name: str) -> dict:
    """How the parser of the command ``name`` is made, alone or among the others: its description is its line in
    :data:`COMMANDS`, and its examples (its module's) are kept as written."""
    return {"description": COMMANDS[name][1], "formatter_class": argparse.RawDescriptionHelpFormatter}


def parse_command_line(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The command's arguments, its options allowed before, between and after its files
    (``tracer test-search student.py:alphabeta --prune gt trees/ties.yaml``): a command's parser reads them
    intermixed, which argparse's parser of subcommands cannot."""
    command = parser.commands.get(argv[0]) if argv else None
    if command is None:  # no command, --version, -h, or a name that is not a command: the main parser says so
        return parser.parse_args(argv)
    args = command.parse_intermixed_args(argv[1:])
    args.command = argv[0]
    return args


class _Unbuilt:
    """Stands in for the parser of a command that is not being run: what is added to it is dropped. It is falsy, so
    that a module can skip what building the command's options would import."""

    def __bool__(self):
        return False

    def __getattr__(self, name):
        return self._drop

    def _drop(self, *args, **kwargs):
        return self


class _Version(argparse.Action):
    """``--version``, looked up only when asked for (importlib.metadata costs a whole render's start-up time)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("tracer")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "(not installed)"
        print(f"tracer {number}")
        parser.exit(0)


# Signals that stop tracer as Ctrl-C does (Ctrl-\\ sends SIGQUIT: without a handler Python would end without
# unwinding, leaving a student's process or Graphviz running).
STOPPING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGQUIT")


class Stopped(BaseException):
    """SIGTERM, SIGHUP or SIGQUIT: unwound like Ctrl-C, so temporary files are removed, Graphviz is stopped and a
    student's process ended."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _stop(signum, frame):
    raise Stopped(signum)


# What bounds a command's memory, named when it runs out: a trace's nodes (the searching commands), else how deep
# a search goes or how many exercises are made.
MEMORY_OPTIONS = {"stats": "search less deep with --depth D", "play": "search less deep with --depth D",
                  "match": "search less deep with --depth D", "exercise": "make fewer with --count N"}
MEMORY_DEFAULT = "lower --max-nodes N (what a trace may hold), or search less with --depth D or --iterations N"


def _out_of_memory(name: str, command: str | None) -> int:
    """Say that the command ran out of memory, once what it held is freed (the error's frames held it: saying so
    while they were alive raised MemoryError again), and take back what it wrote."""
    gc.collect()
    removed = take_back_written()
    undone = f" (so {', '.join(removed)} {'was' if len(removed) == 1 else 'were'} removed)" if removed else ""
    print(f"{name}: error: out of memory{undone}; {MEMORY_OPTIONS.get(command, MEMORY_DEFAULT)}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    name = f"tracer {argv[0]}" if argv and not argv[0].startswith("-") else "tracer"
    for signal_name in STOPPING_SIGNALS:
        if hasattr(signal, signal_name) and threading.current_thread() is threading.main_thread():
            signal.signal(getattr(signal, signal_name), _stop)
    if sys.stdout is None:  # started with standard output closed (`>&-`): nowhere to say what was done
        print(f"{name}: error: no standard output (it is closed)", file=sys.stderr)
        return 2
    _plain_where_unencodable()
    WRITTEN.clear()  # only this command's files are taken back if it fails (main may run many in one process)
    measuring = argv[:1] != [] and argv[0] in DRAWING_COMMANDS and "-h" not in argv and "--help" not in argv
    out_of_memory = False
    try:
        if measuring:
            from ..render import engine

            engine.start_measuring()  # dot measures text while Python imports
        args = parse_command_line(build_parser(argv[0] if argv else None, alone=True), argv)
        status = args.run(args) or 0
        sys.stdout.flush()  # here, where a full disk can still be reported
    except MemoryError:
        out_of_memory = True  # said below, once the error and its frames are gone
    except TracerError as error:
        print(f"{name}: error: {one_line(str(error))}", file=sys.stderr)  # a file's name may hold anything
        return 2
    except KeyboardInterrupt:  # also while tracer is still importing
        print(f"{name}: interrupted", file=sys.stderr)
        return 130
    except RuntimeError as error:
        if not raised_by_interrupt(error):
            raise
        print(f"{name}: interrupted", file=sys.stderr)  # Ctrl-C as a module was imported, wrapped by Python
        return 130
    except Stopped as stop:
        print(f"{name}: stopped by {signal.Signals(stop.signum).name}", file=sys.stderr)
        return 128 + stop.signum
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing more to say
        return 0
    except OSError as error:
        if error.filename is not None:  # a file tracer opened: its own errors name it; this is a bug
            raise
        _silence_stdout()  # what could not be written is dropped, so that exiting does not try again
        removed = take_back_written()  # the command failed: nothing it wrote stays behind
        undone = f" (so {', '.join(removed)} {'was' if len(removed) == 1 else 'were'} removed)" if removed else ""
        print(f"{name}: error: cannot write to standard output: {error.strerror or error}{undone}", file=sys.stderr)
        return 2
    finally:
        if measuring:
            from ..render import engine

            engine.stop_measuring()  # if the command never drew, its measuring run is not left behind
    if out_of_memory:
        return _out_of_memory(name, argv[0] if argv else None)
    return status


# How a terminal that cannot show them (PYTHONIOENCODING=ascii, an old code page) gets the signs tracer prints.
def _plain_names(error: UnicodeEncodeError) -> tuple[str, int]:
    """A codecs error handler: each character the encoding lacks as its plain name (``α`` as ``alpha``), else ``?``."""
    return "".join(PLAIN_NAMES.get(char, "?") for char in error.object[error.start:error.end]), error.end


def _plain_where_unencodable() -> None:
    """Standard output and error that cannot encode α and β write plain names for them instead of failing."""
    import codecs

    codecs.register_error("tracer-plain", _plain_names)
    for stream in (sys.stdout, sys.stderr):
        if not shows_signs(stream):
            try:
                stream.reconfigure(errors="tracer-plain")
            except AttributeError:  # a stream that cannot be reconfigured
                pass


def _silence_stdout() -> None:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# The young objects the cyclic garbage collector lets pile up before a pass (Python's default: 700). A command
# makes its objects in bursts that live to its end (the command's modules as it imports them, a tree, a trace): at
# 700 a render's passes walked them again and again and freed nothing (8.5 M of its instructions; at 20,000, one
# pass). Garbage in cycles is still collected, a few megabytes later at most.
YOUNG_OBJECTS = 20_000


def run() -> None:
    """The ``tracer`` program (and ``python -m tracer``): :func:`main` on the command line, then exit with its status.
    The garbage collector passes less often (:data:`YOUNG_OBJECTS`), and what is left is frozen before Python exits
    (``gc.freeze``): as it exits, Python runs the collector over every object still alive, passes that cost a render
    22 M of its 390 M instructions to free a few hundred objects in cycles (the parser's, the tree's) that the
    process's end frees as well. (Python does not promise that objects alive at exit are finalized, and tracer's
    writers close their files themselves.) :func:`main` run in a process that goes on (a test, a notebook) changes
    neither."""
    gc.set_threshold(YOUNG_OBJECTS)  # (the older generations' thresholds as they are)
    try:
        status = main()
    finally:  # (also where argparse ends the program itself: --help, --version, a mistake in the options)
        gc.freeze()
    sys.exit(status)


if __name__ == "__main__":
    run()
