"""The command line: ``tracer render | trace | stats | export | compare | check | grade | worksheet | exercise | play | match``. User mistakes get one line on
stderr and exit status 2; a traceback would mean a bug in tracer."""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from ..errors import TracerError
from . import commands, compare, exercises, play
from .options import Parser


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="tracer", description="Make game-tree search visible: trace minimax and alpha-beta, "
                                                 "draw the trace with Graphviz.")
    parser.add_argument("--version", action=_Version, nargs=0, help="print tracer's version and exit")
    subcommands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    subcommands.required = True

    def command(name, help_text, examples=None):
        return subcommands.add_parser(name, help=help_text, description=help_text, epilog=examples,
                                      formatter_class=argparse.RawDescriptionHelpFormatter)

    commands.add_commands(command)
    compare.add_commands(command)
    exercises.add_commands(command)
    play.add_commands(command)
    return parser


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


# Options whose value may start with a minus (``--values -9..9``), which argparse would take for an option.
NEGATIVE_VALUES = ("--values",)


def _attach_negative_values(argv: list[str]) -> list[str]:
    """``--values -9..9`` as ``--values=-9..9``, so the range is read as the option's value."""
    joined: list[str] = []
    for arg in argv:
        if joined and joined[-1] in NEGATIVE_VALUES and arg[:1] == "-" and arg[1:2].isdigit():
            joined[-1] = f"{joined[-1]}={arg}"
        else:
            joined.append(arg)
    return joined


class Stopped(BaseException):
    """SIGTERM or SIGHUP: unwound like Ctrl-C, so temporary files are removed and Graphviz is stopped."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _stop(signum, frame):
    raise Stopped(signum)


def main(argv: list[str] | None = None) -> int:
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name) and threading.current_thread() is threading.main_thread():
            signal.signal(getattr(signal, name), _stop)
    parser = build_parser()
    args = parser.parse_args(_attach_negative_values(sys.argv[1:] if argv is None else list(argv)))
    try:
        status = args.run(args) or 0
    except TracerError as error:
        print(f"tracer {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tracer {args.command}: interrupted", file=sys.stderr)
        return 130
    except Stopped as stop:
        print(f"tracer {args.command}: stopped by {signal.Signals(stop.signum).name}", file=sys.stderr)
        return 128 + stop.signum
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing more to say
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
