"""The command line: ``tracer render | trace | stats | export | play | match``. User mistakes get one line on
stderr and exit status 2; a traceback would mean a bug in tracer."""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import play
from .dot import DEFAULT_MAX_DRAWN, DrawOptions
from .errors import TracerError
from .export import EXPORT_FORMATS, export_bytes
from .inputs import Problem, is_trace_file, load_problem, load_trace
from .render import FORMATS, render_to_file, write_atomically
from .run import search_stats, trace_search
from .search import ALGORITHMS, Rules
from .state import UNLIMITED
from .table import step_table
from .trees import DEFAULT_MAX_NODES
from .view import format_number

OUTPUT_DIR = "output"


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (plus a pointer to --help), not a usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _whole_number(minimum: int):
    """An argparse type: a whole number of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a whole number ≥ {minimum}, got {value}")
        return value

    return parse


_positive, _depth = _whole_number(1), _whole_number(0)


EXAMPLES = {
    "render": """examples:
  tracer render trees/rn_example.yaml                  # output/rn_example.alphabeta.svg
  tracer render trees/rn_example.yaml -a minimax --order --legend -f png
  tracer render trees/rn_example.yaml -o figure.pdf
  tracer render run.json                               # a saved trace, without searching again
  tracer render --game tictactoe --position 'X.O.X....' --depth 2
  tracer render games/positions/connect4_threat.yaml --compact""",
    "trace": """examples:
  tracer trace trees/rn_example.yaml                   # the step table
  tracer trace trees/rn_example.yaml -a negamax-ab -o run.json
  tracer trace --game connect4 --position 4453 --depth 2""",
    "stats": """examples:
  tracer stats trees/rn_example.yaml -a minimax -a alphabeta
  tracer stats trees/rn_example.yaml -a alphabeta --json
  tracer stats --game tictactoe -a minimax -a alphabeta""",
    "export": """examples:
  tracer export trees/rn_example.yaml -o output/rn.graphml
  tracer export run.json --format json""",
}


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tracer", description="Make game-tree search visible: trace minimax and alpha-beta, "
                                                  "draw the trace with Graphviz.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    def command(name, help_text):
        return commands.add_parser(name, help=help_text, description=help_text, epilog=EXAMPLES.get(name),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)

    render = command("render", "draw a search as a Graphviz diagram")
    _input_options(render, traces=True)
    _search_options(render)
    render.add_argument("-o", "--output", metavar="PATH",
                        help="where to write (default output/<name>.<algorithm>.<format>)")
    render.add_argument("-f", "--format", choices=FORMATS, help="svg (default), png, pdf or dot; "
                                                                "else taken from -o's extension")
    render.add_argument("--order", action="store_true", help="number the nodes in visit order")
    render.add_argument("--legend", action="store_true", help="add a key to the symbols")
    render.add_argument("--compact", action="store_true", help="draw each pruned subtree as one stub")
    render.add_argument("--first-children", type=_positive, metavar="K",
                        help="draw only the first K children of each node (and the best one)")
    render.add_argument("--max-drawn", type=_positive, metavar="N", default=DEFAULT_MAX_DRAWN,
                        help=f"refuse diagrams of more than N nodes (default {DEFAULT_MAX_DRAWN:,})")

    trace = command("trace", "print a search step by step, or save its trace as JSON")
    _input_options(trace, traces=True)
    _search_options(trace)
    trace.add_argument("-o", "--output", metavar="PATH", help="save the trace as JSON instead of printing steps")

    stats = command("stats", "count what searches do: nodes, leaves, cutoffs, time")
    _input_options(stats)
    _search_options(stats, several=True)
    stats.add_argument("--json", action="store_true", help="print JSON (an object, or a list for several -a)")

    export = command("export", "write the searched tree as GraphML or node-link JSON (via networkx)")
    _input_options(export, traces=True)
    _search_options(export)
    export.add_argument("--format", choices=EXPORT_FORMATS, default="graphml", dest="export_format",
                        help="graphml (default) or json")
    export.add_argument("-o", "--output", metavar="PATH", help="where to write (default output/<name>.<algorithm>"
                                                               ".<graphml|json>)")

    play.add_commands(commands, command)
    return parser


def _input_options(parser, traces: bool = False):
    what = "a tree file (trees/*.yaml), a position file (YAML with game:)"
    parser.add_argument("file", nargs="?", metavar="FILE", help=what + (", or a saved trace (.json)" if traces else ""))
    games = parser.add_argument_group("game positions")
    games.add_argument("--game", metavar="GAME", help="tictactoe, connect4, clobber, or module:Class")
    games.add_argument("--position", metavar="POS", help="a position in the game's notation (default: the start)")
    games.add_argument("--depth", type=_depth, metavar="D", help="plies to search (default: the game's)")
    add_game_options(games)
    parser.add_argument("--max-nodes", type=_positive, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"refuse tree files of more than N nodes (default {DEFAULT_MAX_NODES:,})")


def add_game_options(parser) -> None:
    """Options a game is made with (also for play and match)."""
    parser.add_argument("--rows", type=_positive, help="board rows (connect4, clobber)")
    parser.add_argument("--cols", type=_positive, help="board columns (connect4, clobber)")
    parser.add_argument("--quick-wins", action="store_const", const=True, help="tictactoe: prefer quicker wins")


def game_options(args) -> dict:
    return {"rows": args.rows, "cols": args.cols, "quick_wins": args.quick_wins}


def _search_options(parser, several: bool = False):
    names = list(ALGORITHMS)
    if several:
        parser.add_argument("-a", "--algorithm", choices=names, action="append", metavar="ALG",
                            help=f"one of {', '.join(names)}; repeat to compare (default alphabeta)")
    else:
        parser.add_argument("-a", "--algorithm", choices=names, default="alphabeta", metavar="ALG",
                            help=f"one of {', '.join(names)} (default alphabeta)")
    parser.add_argument("--prune", choices=("ge", "gt"), default="ge",
                        help="cut off when α ≥ β (ge, default) or only when α > β (gt)")
    parser.add_argument("--fail", choices=("soft", "hard"), default="soft",
                        help="fail-soft (return the best value seen, default) or fail-hard (clamp to the window)")


def _problem(args) -> Problem:
    return load_problem(args.file, game=args.game, position=args.position, depth=args.depth,
                        game_options=game_options(args), max_nodes=args.max_nodes)


def _trace(args):
    """The trace to draw or print: read from a .json file, or made by searching now."""
    if args.file is not None and is_trace_file(args.file):
        given = [flag for flag, value in (("--game", args.game), ("--position", args.position),
                                          ("--depth", args.depth)) if value is not None]
        if given:
            raise TracerError(f"{args.file}: a saved trace is drawn as it is; {given[0]} does not apply")
        return load_trace(args.file)
    problem = _problem(args)
    return trace_search(problem.root, args.algorithm, depth=problem.depth,
                        rules=Rules(args.prune, args.fail), meta=problem.meta)


def _default_output(trace, extension: str) -> str:
    return os.path.join(OUTPUT_DIR, f"{trace.name}.{trace.algorithm}.{extension}")


def cmd_render(args) -> None:
    fmt = args.format
    if fmt is None and args.output:
        extension = os.path.splitext(args.output)[1].lstrip(".").lower()
        if extension not in FORMATS:
            raise TracerError(f"-o {args.output}: cannot tell the format from the extension; "
                              f"use .svg, .png, .pdf or .dot, or give -f")
        fmt = extension
    fmt = fmt or "svg"
    trace = _trace(args)
    options = DrawOptions(order=args.order, legend=args.legend, compact=args.compact,
                          first_children=args.first_children, max_drawn=args.max_drawn)
    path = render_to_file(trace, args.output or _default_output(trace, fmt), fmt, options)
    print(path)


def cmd_trace(args) -> None:
    trace = _trace(args)
    if args.output:
        write_atomically(args.output, (trace.to_json(indent=1) + "\n").encode("utf-8"))
        print(args.output)
    else:
        print(step_table(trace))


def cmd_stats(args) -> None:
    if args.file is not None and is_trace_file(args.file):
        raise TracerError(f"{args.file}: stats times a search, so it needs a tree or position file, not a saved "
                          "trace (tracer trace and tracer render read saved traces)")
    problem = _problem(args)
    algorithms = args.algorithm or ["alphabeta"]
    rules = Rules(args.prune, args.fail)
    results = [search_stats(problem.fresh_root(), name, depth=problem.depth, rules=rules) for name in algorithms]
    leaves = problem.game is None  # game leaves are many and say little; trees list them
    if args.json:
        data = [result.as_dict(with_leaves=leaves) for result in results]
        print(json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False))
        return
    header = ("algorithm", "value", "best move", "nodes", "leaves", "cutoffs", "seconds")
    rows = [header] + [(r.algorithm, format_number(r.value), str(r.best_move), f"{r.nodes_visited:,}",
                        f"{r.leaves_evaluated:,}", f"{r.cutoffs:,}", f"{r.seconds:.6f}") for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    depth = "" if problem.game is None else " (to the end)" if problem.depth == UNLIMITED else \
        f" (depth {problem.depth})"
    print(f"{problem.meta.get('title') or problem.name}{depth}")
    for row in rows:
        print("  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))))
    if leaves:
        for r in results:
            print(f"{r.algorithm} evaluated: {' '.join(format_number(v) for v in r.evaluated_leaves)}")


def cmd_export(args) -> None:
    trace = _trace(args)
    path = args.output or _default_output(trace, args.export_format)
    write_atomically(path, export_bytes(trace, args.export_format))
    print(path)


COMMANDS = {"render": cmd_render, "trace": cmd_trace, "stats": cmd_stats, "export": cmd_export}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        (COMMANDS.get(args.command) or play.COMMANDS[args.command])(args)
    except TracerError as error:
        print(f"tracer {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tracer {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing more to say
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
