"""``tracer compare``: algorithms × depths × move orders on one problem, as a table, JSON, CSV, Markdown and a
chart."""

from __future__ import annotations

import sys

from ..errors import UsageError
from .options import (
    add_input_options, add_jobs_option, add_search_options, depth_list, game_options, progress_bar, say_notes,
    search_specs, seconds,
)
from .options import whole_number

MAX_REPEAT = 100  # untraced runs per row: the median of a few is steady; more only makes the table wait

EXAMPLES = """examples:
  tracer compare --game connect4 -a minimax -a alphabeta --depths 1-5 --chart output/c4.svg
  tracer compare trees/binary_depth4.yaml -a alphabeta --order natural --order best --order worst
  tracer compare --game tictactoe --position 'X...O....' -a minimax -a alphabeta --depths 1-7 --log --chart c.png
  tracer compare --game clobber --depths 1-4 --order natural --order eval --json --jobs 2
  tracer compare --game tictactoe --position 'X...O....' -a mcts --iterations 10,100,1000 --chart m.svg

Rows at the same depth must agree on the value, and on the best move unless moves tie: a disagreement is
reported on stderr and the exit status is 1. MCTS rows (one per --iterations count) are estimates: each says
whether its move reaches the value alpha-beta finds at the row's depth (agrees)."""


def add_commands(command) -> None:
    compare = command("compare", EXAMPLES)
    add_input_options(compare, depth_option=False)
    add_search_options(compare, several=True)
    compare.add_argument("--depths", type=depth_list, metavar="DEPTHS",
                         help="depths to search, e.g. 1-5 or 1,3,5 (default: the game's depth; tree files: "
                              "their rules: depth, else to their leaves)")
    compare.add_argument("--repeat", type=whole_number(1, MAX_REPEAT), default=3, metavar="N",
                         help=f"time each row as the median of N untraced runs (default 3, at most {MAX_REPEAT})")
    output = compare.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print a JSON list of rows (the keys of stats --json, "
                                                            "and order, depth, ebf, minimal_leaves, minimal_ratio; "
                                                            "MCTS rows: q, agrees, reference_move, "
                                                            "reference_algorithm)")
    output.add_argument("--csv", action="store_true", help="print CSV, one row per combination")
    output.add_argument("--markdown", action="store_true", help="print a Markdown table")
    compare.add_argument("--chart", metavar="PATH", help="draw nodes and time against depth (svg, png or pdf); "
                                                         "with -a mcts, Q and time against iterations")
    compare.add_argument("--log", action="store_true", help="log scale for the chart's values")
    compare.add_argument("--max-seconds", type=seconds, metavar="S",
                         help="stop a row whose search takes more than S seconds (default: no limit; --max-nodes "
                              "bounds every row's search too): the rows done are printed, then one line, exit "
                              "status 2")
    add_jobs_option(compare, "run rows", "row", "the rows are the same, times aside")
    compare.set_defaults(run=cmd_compare)


def cmd_compare(args) -> int:
    from ..compare_searches import Case, RowStopped, add_agreement, compare, disagreements, references
    from ..inputs import load_problem
    from ..io import format_of, is_saved_trace, write_atomically
    from ..report.csv_report import compare_csv
    from ..report.json_report import compare_json
    from ..report.markdown import compare_markdown
    from ..report.text_report import compare_table

    if is_saved_trace(args.file):
        raise UsageError(f"{args.file}: compare runs searches, so it needs a tree or position file, not a saved "
                         "trace")
    source = dict(path=args.file, game=args.game, position=args.position, game_options=game_options(args),
                  max_nodes=args.max_nodes)
    problem = load_problem(**source)
    specs, notes = search_specs(args, problem.rules, root=problem.root)
    say_notes(notes)
    depths = args.depths
    if depths:  # a tree file cut at each depth needs an eval: at that ply, said before searching; a depth past a
        loaded = [load_problem(**source, depth=depth) for depth in depths]  # game's longest is searched as that long
        say_notes(dict.fromkeys(note for each in loaded for note in each.notes))
        depths = list(dict.fromkeys(each.depth for each in loaded))
    chart_format = format_of(args.chart, ("svg", "png", "pdf"), option="--chart") if args.chart else None
    cases = [Case(source, spec, depth, args.repeat, args.max_nodes, args.max_seconds)
             for depth in depths or [None] for spec in specs]
    try:
        rows, stopped = compare(cases, args.jobs, progress_bar(len(cases), "compare", "row")), None
    except RowStopped as error:  # the rows done are shown, then the line saying which row and budget (exit 2)
        rows, stopped = error.rows, error
    if not rows:
        raise stopped
    known = references(rows, source)
    add_agreement(rows, known)
    title = problem.meta.get("title") or problem.name
    if args.json:
        print(compare_json(rows), end="")
    elif args.csv:
        print(compare_csv(rows), end="")
    elif args.markdown:
        print(compare_markdown(rows), end="")
    else:
        print(compare_table(title, rows), end="")
    if chart_format and not stopped:
        from ..render.chart import comparison_chart, convergence_chart

        chart = convergence_chart if any(row.q is not None for row in rows) else comparison_chart
        write_atomically(args.chart, chart(rows, title, chart_format, log=args.log))
        print(args.chart, file=sys.stderr if args.json or args.csv or args.markdown else sys.stdout)
    problems = disagreements(rows, source, known)
    for problem_text in problems:
        print(f"tracer compare: DISAGREEMENT: {problem_text}", file=sys.stderr)
    if stopped:
        raise stopped
    return 1 if problems else 0
