"""``tracer explore``: write a search as a page to explore, an outline opened at the principal variation
(:mod:`tracer.render.explorer`). Its inputs are render's: a tree or position file, a saved trace, ``--game``."""

from __future__ import annotations

from ..errors import UsageError
from .options import add_input_options, add_search_options, default_output, positive

EXAMPLES = """examples:
  tracer explore trees/rn_example.yaml                 # output/rn_example.alphabeta.explore.html
  tracer explore --game connect4 --depth 5 -o output/connect4.html
  tracer explore run.json                              # a saved trace, without searching again"""


def add_commands(command) -> None:
    """Add ``explore`` (see :func:`tracer.cli.main.build_parser`)."""
    parser = command("explore", EXAMPLES)
    if not parser:
        return
    from ..render.explorer import MAX_EXPLORED
    from ..search.registry import ALGORITHMS

    add_input_options(parser, traces=True)
    add_search_options(parser)
    parser.add_argument("-o", "--output", metavar="PATH",
                        help="where to write the page (default output/<name>.<algorithm>.explore.html)")
    several = ", ".join(name for name, search in ALGORITHMS.items() if search.several_passes)
    parser.add_argument("--pass", dest="pass_number", type=positive, metavar="K",
                        help=f"{several}: show the search as pass K ends (default: as the last ends)")
    parser.epilog += (f"\n\nThe page holds every node the search made, up to --max-nodes (at most "
                      f"{MAX_EXPLORED:,}: what a browser opens in seconds).")
    parser.set_defaults(run=cmd_explore)


def cmd_explore(args) -> None:
    from ..io import write_atomically
    from ..render.explorer import MAX_EXPLORED, explorer_html
    from .commands import _trace, pass_range

    if args.max_nodes > MAX_EXPLORED:  # refused before anything is searched
        raise UsageError(f"--max-nodes {args.max_nodes:,}: a page to explore holds at most {MAX_EXPLORED:,} nodes "
                         "(search less deep with --depth D, or use tracer export for a bigger tree)")
    if args.output is not None and not args.output.lower().endswith((".html", ".htm")):
        raise UsageError(f"-o {args.output}: the explorer is an HTML page; name it .html")
    trace = _trace(args)
    steps = pass_range(args, trace)
    path = args.output or default_output(trace, "explore.html")
    write_atomically(path, explorer_html(trace, None if steps is None else steps[1]).encode("utf-8"))
    print(path)
