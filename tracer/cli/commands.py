"""The searching commands: ``tracer render | trace | stats | export``. Each imports what it needs when it runs."""

from __future__ import annotations

import os

from ..errors import BudgetError, CostError, UsageError
from .options import (
    DEFAULT_STATS_SECONDS, add_input_options, add_search_options, default_output, depth, game_options,
    given_search_options, inches, positive, say_notes, search_spec, search_specs, seconds, slide,
)

EXAMPLES = {
    "render": """examples:
  tracer render trees/rn_example.yaml                  # output/rn_example.alphabeta.svg
  tracer render trees/rn_example.yaml -a minimax --visits --legend -f png
  tracer render trees/rn_example.yaml -o figure.pdf
  tracer render trees/rn_example.yaml -f tikz            # output/rn_example.alphabeta.tex, for LaTeX
  tracer render trees/rn_example.yaml --size 16:9 -f png  # a 1920×1080 slide
  tracer render run.json                               # a saved trace, without searching again
  tracer render --game tictactoe --position 'X.O.X....' --depth 2 --first-children 3
  tracer render games/positions/connect4_threat.yaml --draw-depth 2 --first-children 2""",
    "slides": """examples:
  tracer slides trees/rn_example.yaml                  # output/rn_example.alphabeta.pdf, a page per step
  tracer slides trees/rn_example.yaml -f html          # a step-through player in one file
  tracer slides trees/rn_example.yaml -f png --reveal  # output/rn_example.alphabeta.png-frames/frame-001.png ...
  tracer slides trees/rn_example.yaml -f gif --fps 2
  tracer slides trees/rn_example.yaml -f beamer -o talk/alphabeta.tex
  tracer slides trees/rn_example.yaml --step node -f pptx  # PowerPoint, the captions as speaker notes
  tracer slides trees/rn_example.yaml --notes            # a notes page after each frame
  tracer slides trees/binary_depth4.yaml --step cutoff --size 4:3""",
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



def add_commands(command) -> None:
    """Add the searching commands; ``command(name, examples)`` gives a subcommand's parser (see cli.main), falsy for
    a command that is not being run: its options, and what they import, are not built."""
    for name, add_options in (("render", _render_options), ("slides", _slides_options), ("trace", _trace_options),
                              ("stats", _stats_options), ("export", _export_options)):
        parser = command(name, EXAMPLES[name])
        if parser:
            add_options(parser)


def _render_options(render) -> None:
    from ..render.drawing import FORMATS

    add_input_options(render, traces=True)
    add_search_options(render)
    render.add_argument("-o", "--output", metavar="PATH",
                        help="where to write (default output/<name>.<algorithm>.<format>)")
    render.add_argument("-f", "--format", choices=FORMATS, help="svg (default), png, pdf, dot or tikz (a LaTeX "
                                                                "picture, .tex); else taken from -o's extension")
    render.add_argument("--tikz-body", action="store_true",
                        help="tikz: write the bare tikzpicture to \\input into a document (default: a standalone "
                             "document)")
    render.add_argument("--dpi", type=_dpi, metavar="N", help="PNG resolution in dots per inch (default 96; "
                                                               "192 for a crisp slide)")
    add_drawing_options(render)
    render.add_argument("--size", type=slide, metavar="SHAPE",
                        help="fit the diagram to a slide page: 16:9, 4:3, or WxH inches (the page gets that shape, "
                             "the tree centred; a PNG is 1920 pixels wide for 16:9 unless --dpi says otherwise)")
    render.set_defaults(run=cmd_render)


def _slides_options(slides) -> None:
    from ..render.scene import ANSWERS
    from ..render.slides import SLIDE_FORMATS
    from ..view import STEP_MODES

    add_input_options(slides, traces=True)
    add_search_options(slides)
    slides.add_argument("-o", "--output", metavar="PATH",
                        help="where to write (default output/<name>.<algorithm>.<pdf|html|gif|tex|pptx>; frames go to "
                             "the folder output/<name>.<algorithm>.<svg|png>-frames)")
    slides.add_argument("-f", "--format", choices=SLIDE_FORMATS, default=None,
                        help="pdf (default: a page per frame), html (a step-through player), svg or png (a folder "
                             "of numbered frames), gif (animated), beamer (a .tex frame over the PDF's pages), pptx "
                             "(PowerPoint: a slide per frame, its caption as the speaker notes)")
    slides.add_argument("--notes", action="store_true",
                        help="pdf: a notes page after each frame, its step and caption in large type (as Beamer "
                             "prints a talk with its notes)")
    slides.add_argument("--step", choices=STEP_MODES, default=None,
                        help="a frame after each node decision, a leaf evaluated or a node left (node, a deck's "
                             "default), after every event (event, the html player's default), or after each cutoff "
                             "and the last step (cutoff); "
                             "-a mcts: after each iteration (its default), "
                             "or after each phase: selection, expansion, playout, back-up (phase)")
    slides.add_argument("--from", dest="first", type=positive, metavar="K", help="start at step K (as numbered by "
                                                                                  "tracer trace)")
    slides.add_argument("--to", dest="last", type=positive, metavar="M", help="end at step M")
    slides.add_argument("--reveal", action="store_true",
                        help="hide the nodes not reached yet (they keep their place) rather than drawing them faint")
    slides.add_argument("--answer", choices=ANSWERS, default="last",
                        help="which frames' subtitles give the search's value and best move: the last frame only "
                             "(default: the deck does not give the answer away), always, or never")
    slides.add_argument("--size", type=slide, metavar="SHAPE", default=None,
                        help="the slide: 16:9 (default), 4:3, or WxH inches; every page has this size")
    slides.add_argument("--dpi", type=_dpi, metavar="N",
                        help="png, gif and pptx: dots per slide inch (png default 144: 1920×1080 at 16:9; gif 72; "
                             "pptx: 1920 pixels wide)")
    slides.add_argument("--fps", type=_fps, metavar="N", default=1.0, help="gif: frames a second (default 1)")
    add_drawing_options(slides)
    slides.set_defaults(run=cmd_slides)


def _trace_options(trace) -> None:
    add_input_options(trace, traces=True)
    add_search_options(trace)
    trace.add_argument("-o", "--output", metavar="PATH", help="save the trace as JSON instead of printing steps")
    trace.set_defaults(run=cmd_trace)


def _stats_options(stats) -> None:
    add_input_options(stats)
    add_search_options(stats, several=True)
    stats.add_argument("--json", action="store_true", help="print JSON (an object, or a list for several -a)")
    stats.add_argument("--max-seconds", type=seconds, metavar="S", default=DEFAULT_STATS_SECONDS,
                       help=f"stop a search that takes more than S seconds, one line and exit status 2 (default "
                            f"{DEFAULT_STATS_SECONDS:.0f}: a game's search is bounded by its time, not its nodes)")
    stats.set_defaults(run=cmd_stats)


def _export_options(export) -> None:
    from ..render.export import EXPORT_FORMATS

    add_input_options(export, traces=True)
    add_search_options(export)
    export.add_argument("--format", choices=EXPORT_FORMATS, default=None, dest="export_format",
                        help="graphml (default) or json")
    export.add_argument("-o", "--output", metavar="PATH", help="where to write (default output/<name>.<algorithm>"
                                                               ".<graphml|json>)")
    export.set_defaults(run=cmd_export)


def add_drawing_options(parser) -> None:
    """How to draw a search: shared by render and slides."""
    from ..render.scene import DEFAULT_MAX_DRAWN, DEFAULT_MAX_SIZE

    parser.add_argument("--visits", action="store_true", help="number the nodes in visit order")
    parser.add_argument("--leaf-names", action="store_true",
                        help="name the leaves as the step table and best_move do (B1, C2, ...)")
    parser.add_argument("--legend", action="store_true", help="add a key to the symbols")
    parser.add_argument("--compact", action="store_true", help="draw each pruned subtree as one stub")
    parser.add_argument("--first-children", type=positive, metavar="K",
                        help="draw only the first K children of each node (and the best one)")
    parser.add_argument("--draw-depth", type=depth, metavar="N",
                        help="draw the first N plies; each searched subtree below is one box with its count "
                             "(default: the whole search, or the deepest ply that fits --max-size)")
    parser.add_argument("--max-size", type=inches, metavar="WxH", default=DEFAULT_MAX_SIZE,
                        help="refuse drawings larger than W×H inches (default 26.7x15: a 16:9 slide at half "
                             "scale or better; none: no limit); without --draw-depth, a larger search is drawn "
                             "to the deepest ply that fits, with a note")
    parser.add_argument("--font-scale", type=_font_scale, metavar="F", default=1.0,
                        help="with --size and on slides: the smallest text F x 18 pt, as far as the slide holds "
                             "it, from 0.5 to 3 (default 1); without: text F times as large against the drawing")
    parser.add_argument("--max-drawn", type=positive, metavar="N", default=DEFAULT_MAX_DRAWN,
                        help=f"refuse diagrams of more than N nodes (default {DEFAULT_MAX_DRAWN:,})")
    parser.add_argument("--playouts", action="store_true",
                        help="-a mcts: draw the latest playout as a dashed line to a box with its result (slides "
                             "always do)")
    parser.add_argument("--min-visits", type=positive, metavar="K",
                        help="-a mcts: draw children visited fewer than K times as one box per parent, with "
                             "their counts")
    from ..search.registry import ALGORITHMS

    typed = ", ".join(name for name, search in ALGORITHMS.items() if search.node_types)
    parser.add_argument("--node-types", action="store_true",
                        help=f"{typed}: tag each node searched PV, CUT or ALL, as Knuth and Moore type them")
    several = ", ".join(name for name, search in ALGORITHMS.items() if search.several_passes)
    parser.add_argument("--pass", dest="pass_number", type=positive, metavar="K",
                        help=f"{several}: draw pass K (render: as it ends; slides: its steps) rather than the "
                             "last (render) or all (slides)")


def drawing_options(args, **more):
    from ..render.scene import DrawOptions

    return DrawOptions(visits=args.visits, legend=args.legend, compact=args.compact,
                       first_children=args.first_children, max_drawn=args.max_drawn, leaf_names=args.leaf_names,
                       draw_depth=args.draw_depth, max_size=args.max_size, font_scale=args.font_scale,
                       playouts=args.playouts, min_visits=args.min_visits, node_types=args.node_types, **more)


def refuse_unfit_drawing(args, trace) -> None:
    """Drawing options given for a search they do not fit (Monte Carlo tree search's for another search's trace;
    node types for a search that is not alpha-beta): one line."""
    from ..search.registry import ALGORITHMS
    from ..view import family_for, family_of

    takes = family_of(trace).look.takes  # the drawing options of its family's own
    for flag, name in (("--playouts", "playouts"), ("--min-visits", "min_visits")):
        if getattr(args, name) and name not in takes:
            fits = ", ".join(f"-a {key}" for key, entry in ALGORITHMS.items() if name in family_for(entry).look.takes)
            raise UsageError(f"{flag} is for {fits}, not -a {trace.algorithm}")
    search = trace.spec.search
    if args.node_types and (search is None or not search.node_types):
        typed = ", ".join(name for name, entry in ALGORITHMS.items() if entry.node_types)
        raise UsageError(f"--node-types: Knuth and Moore's node types are for alpha-beta searches ({typed}), "
                         f"not -a {trace.algorithm}")


def pass_range(args, trace) -> tuple[int, int] | None:
    """The steps of the pass ``--pass K`` asks for, or ``None``; a pass the search did not make is one line."""
    if args.pass_number is None:
        return None
    from ..view import pass_steps

    try:
        return pass_steps(trace, args.pass_number)
    except ValueError as error:
        raise UsageError(f"--pass {args.pass_number}: {str(error).partition(': ')[2]}") from None


def _fps(text: str) -> float:
    """An argparse type: frames a second, from 0.1 to 50."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected frames a second, such as 1 or 0.5, got {text!r}") from None
    if not 0.1 <= value <= 50:
        raise argparse.ArgumentTypeError(f"expected from 0.1 to 50 frames a second, got {text!r}")
    return value


def _font_scale(text: str) -> float:
    """An argparse type: a font scale within :data:`tracer.render.layout.FONT_SCALES`."""
    import argparse

    from ..render.layout import FONT_SCALES

    low, high = FONT_SCALES
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected a font scale from {low:g} to {high:g}, such as 1.5, got {text!r}")
    return value


def _dpi(text: str) -> int:
    """An argparse type: a resolution from 24 to 1200 dpi."""
    import argparse

    value = positive(text)
    if not 24 <= value <= 1200:
        raise argparse.ArgumentTypeError(f"expected a resolution from 24 to 1200 dpi, got {value}")
    return value


def _problem(args):
    from ..inputs import load_problem

    return load_problem(args.file, game=args.game, position=args.position, depth=args.depth,
                        game_options=game_options(args), max_nodes=args.max_nodes)


def _trace(args):
    """The trace to draw or print: read from a .json file, or made by searching now."""
    from ..io import is_saved_trace

    if is_saved_trace(args.file):
        from ..inputs.traces import load_trace

        given = [flag for flag, value in (("--game", args.game), ("--position", args.position),
                                          ("--depth", args.depth)) if value is not None] + given_search_options(args)
        if given:
            raise UsageError(f"{args.file}: a saved trace is drawn as it was searched; {given[0]} does not apply "
                             "(search the tree or position again to change it)")
        return load_trace(args.file, args.max_nodes)
    from ..run import trace_search

    problem = _problem(args)
    spec, notes = search_spec(args, problem.rules, problem.depth, problem.root)
    trace = trace_search(problem.root, spec, meta=problem.meta, max_nodes=problem.max_nodes)
    say_notes(problem.notes + notes)  # (a search refused says so in its one line)
    return trace


def cmd_render(args) -> None:
    from ..render.drawing import EXTENSIONS, DrawRequest, output_format, render_to_file

    fmt = output_format(args.output, args.format, default="svg")
    if args.dpi is not None and fmt != "png":
        raise UsageError(f"--dpi sets a PNG's resolution; this output is {fmt}")
    if args.tikz_body and fmt != "tikz":
        raise UsageError(f"--tikz-body is for -f tikz; this output is {fmt}")
    trace = _trace(args)
    refuse_unfit_drawing(args, trace)
    pass_range(args, trace)
    notes: list[str] = []
    path = args.output or default_output(trace, EXTENSIONS.get(fmt, fmt))
    request = DrawRequest(fmt, drawing_options(args, pass_number=args.pass_number), size=args.size, dpi=args.dpi,
                          tikz_body=args.tikz_body)
    path = render_to_file(trace, path, request, notes)
    say_notes(notes)
    print(path)


def cmd_slides(args) -> None:
    from ..io import format_of
    from ..render.deck import make_deck
    from ..render.page import DEFAULT_SLIDE
    from ..render.slides import EXTENSIONS, FOLDER_FORMATS, SLIDE_FORMATS, write_slides
    from ..view import default_step_mode, frame_steps
    from .options import progress_counter

    by_extension = {"pdf": "pdf", "html": "html", "htm": "html", "gif": "gif", "tex": "beamer", "pptx": "pptx"}
    extension = os.path.splitext(args.output or "")[1].lstrip(".").lower()
    if args.format is None and args.output and not os.path.isdir(args.output):
        if extension not in by_extension:
            raise UsageError(f"-o {args.output}: cannot tell the format from the extension; use .pdf, .html, .gif, "
                             ".tex or .pptx, or give -f (svg and png write a folder of frames)")
        fmt = by_extension[extension]
    else:
        fmt = format_of(None, SLIDE_FORMATS, args.format, default="pdf")
        if by_extension.get(extension, fmt) != fmt:  # a PDF named .pptx would mislead whatever opens it
            raise UsageError(f"-o {args.output}: the name says {by_extension[extension]} but -f says {fmt}; "
                             f"name it .{EXTENSIONS[fmt]}, or leave -f out")
    if args.dpi is not None and fmt not in ("png", "gif", "pptx"):
        raise UsageError(f"--dpi sets the resolution of png frames, gif animations and pptx pictures; this output "
                         f"is {fmt}")
    _refuse_unfit_format(args.notes, fmt)
    if args.fps != 1.0 and fmt != "gif":
        raise UsageError(f"--fps sets a gif's speed; this output is {fmt}")
    if args.first is not None and args.last is not None and args.first > args.last:
        raise UsageError(f"--from {args.first} is after --to {args.last}")
    trace = _trace(args)
    total = len(trace.events)
    if args.first is not None and args.first > total:
        raise UsageError(f"--from {args.first}: the search has {total} steps")
    first, last = args.first, args.last
    in_pass = pass_range(args, trace)
    if in_pass is not None:  # the pass's steps, within --from and --to
        first, last = max(first or 1, in_pass[0]), min(last or total, in_pass[1])
    refuse_unfit_drawing(args, trace)
    step = args.step or default_step_mode(trace, player=fmt == "html")
    try:
        steps = frame_steps(trace, step, first, last)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not steps:
        raise UsageError(f"no steps to show: --step {step} gives none from {first or 1} to "
                         f"{last or total}")
    deck = make_deck(trace, steps, drawing_options(args, reveal=args.reveal, answer=args.answer),
                     args.size or DEFAULT_SLIDE, start=first)
    say_notes([deck.note] if deck.note else [])
    path = args.output or default_output(trace, EXTENSIONS[fmt])
    if fmt in FOLDER_FORMATS:
        path = path.rstrip("/")
    with progress_counter(len(deck.frames), "frames") as progress:
        written = write_slides(deck, fmt, path, args.dpi, args.fps, progress, notes=args.notes)
    for line in written:
        print(line)


def _refuse_unfit_format(notes: bool, fmt: str) -> None:
    """``--notes`` is for the PDF deck (pptx and beamer carry the captions as notes already); ``-f pptx`` needs
    python-pptx: each refused in one line before anything is searched."""
    if notes and fmt != "pdf":
        carry = " (it carries the captions as notes already)" if fmt in ("pptx", "beamer") else ""
        raise UsageError(f"--notes adds notes pages to the pdf deck; this output is {fmt}{carry}")
    if fmt == "pptx":
        from ..render.powerpoint import require_pptx

        require_pptx()


def cmd_trace(args) -> None:
    trace = _trace(args)
    if args.output:
        from ..io import write_atomically

        write_atomically(args.output, trace.to_json_lines().encode("utf-8"))
        print(args.output)
    else:
        import sys

        from ..render.text_table import step_table
        from ..text import shows_signs

        print(step_table(trace, plain_signs=not shows_signs(sys.stdout)))


def cmd_stats(args) -> None:
    from ..io import is_saved_trace
    from ..report.json_report import stats_json
    from ..report.text_report import stats_table
    from ..run import search_stats

    if is_saved_trace(args.file):
        raise UsageError(f"{args.file}: stats times a search, so it needs a tree or position file, not a saved "
                         "trace (tracer trace and tracer render read saved traces)")
    problem = _problem(args)
    specs, notes = search_specs(args, problem.rules, problem.depth, problem.root)
    results = []
    for spec in specs:
        try:
            results.append(search_stats(problem.fresh_root(), spec, max_seconds=args.max_seconds))
        except CostError:  # refused before it started: the message names the estimate and the options
            raise
        except BudgetError as error:
            raise UsageError(f"-a {spec.search.name}: {error} and was stopped; allow more with --max-seconds S, or "
                             "search less deep (--depth D)") from None
    say_notes(problem.notes + notes)  # (a search refused or stopped says so in its one line)
    print(stats_json(results) if args.json else stats_table(problem, results), end="")


def cmd_export(args) -> None:
    from ..io import format_of, write_atomically
    from ..render.export import EXPORT_FORMATS, export_chunks

    trace = _trace(args)  # what is searched is checked first, as for every command that reads a trace
    fmt = format_of(args.output, EXPORT_FORMATS, args.export_format, default="graphml", flag="--format")
    path = args.output or default_output(trace, fmt)
    write_atomically(path, export_chunks(trace, fmt))  # written as it is made: never the whole document
    print(path)
