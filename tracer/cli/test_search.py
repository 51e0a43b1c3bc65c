"""``tracer test-search``: run a student's own search function on tree and position files, each in a child process
with time and memory limits, and compare what it did with the traced search."""

from __future__ import annotations

import argparse
import math
import os
import sys

from ..errors import UsageError
from ..test_search.runner import FORMS, Limits
from ..test_search.sandbox import LEVELS
from .exercises import _search_options, exercise_spec, load_exercise, yaml_files
from .options import number, say_notes, whole_number

DEFAULT_SECONDS = Limits.seconds
MAX_SECONDS = 3600.0
DEFAULT_MEGABYTES = Limits.memory // 2**20
LEAST_MEGABYTES = 64  # what Python itself needs to start

TEST_SEARCH_EXAMPLES = """examples:
  tracer test-search student:alphabeta                    # the shipped cases, alpha-beta (α ≥ β, fail-soft)
  tracer test-search student.py:alphabeta --prune gt --fail hard   # this course's conventions
  tracer test-search student:minimax -a minimax trees/rn_example.yaml trees/three_agents.yaml
  tracer test-search student:expectimax -a expectiminimax
  tracer test-search student:alphabeta --render output/feedback   # a diagram per case, departures marked
  tracer test-search student:alphabeta --format gradescope -o results.json

the function: minimax(state, depth), alphabeta(state, depth, alpha, beta) or expectiminimax(state, depth),
returning (value, move); see the README, 'Checking a student's search code'.
exit status: 0 every case scores full marks, 1 some case does not, 2 the function or a file cannot be used"""


def add_commands(command) -> None:
    tester = command("test-search", TEST_SEARCH_EXAMPLES)
    tester.add_argument("target", metavar="MODULE:FUNCTION",
                        help="the student's function: a module importable from here (student:alphabeta) or a file "
                             "(path/student.py:alphabeta)")
    tester.add_argument("files", nargs="*", metavar="FILE",
                        help="tree or position files, or folders of them (default: the shipped cases)")
    _search_options(tester, listed=tuple(FORMS), without=("guess", "tt_size", "bounds", "iterations"))  # its forms
    tester.add_argument("--time-limit", type=_seconds, default=DEFAULT_SECONDS, metavar="S",
                        help=f"seconds each call of the function may take (default {DEFAULT_SECONDS:g})")
    tester.add_argument("--isolation", choices=LEVELS, default="auto",
                        help="require: run the function's code under bubblewrap (its own namespaces, as nobody, "
                             "seeing only Python and a copy of its files) or refuse to run; auto (default): "
                             "bubblewrap where it works, else hardened only, with a note; off: hardened only")
    tester.add_argument("--memory-limit", type=_megabytes, metavar="MB",
                        help=f"megabytes the function's process may use (default {DEFAULT_MEGABYTES}, or half "
                             "this machine's memory if less)")
    out = tester.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON: the function, its score, and each case")
    out.add_argument("--format", choices=("report", "gradescope"), default="report", dest="test_format",
                     help="report (default), or gradescope: write Gradescope autograder results.json")
    tester.add_argument("-o", "--output", metavar="PATH", help="gradescope: where to write (default results.json)")
    tester.add_argument("--partial", action="store_true",
                        help="a point for each of a case's five items (default: strict, the case's five points only "
                             "when all five are right)")
    tester.add_argument("--render", metavar="DIR",
                        help="draw each case's search with the function's departures marked: DIR/<case>.svg")
    tester.set_defaults(run=cmd_test_search)


def machine_megabytes() -> int:
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20


def _seconds(text: str) -> float:
    value = number(text)
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"expected seconds above 0, at most {MAX_SECONDS:g}, got {text[:30]}")
    return value


def _megabytes(text: str) -> int:
    return whole_number(LEAST_MEGABYTES, machine_megabytes())(text)


def _target(text: str) -> str:
    """MODULE:FUNCTION, checked for its shape (whether it can be imported is the child process's to find)."""
    module, colon, function = text.rpartition(":")
    if not colon or not module or not function.isidentifier():
        raise UsageError(f"{text!r}: expected MODULE:FUNCTION, e.g. student:alphabeta or student.py:alphabeta")
    if not module.endswith(".py") and not all(part.isidentifier() for part in module.split(".")):
        raise UsageError(f"{text!r}: {module!r} is not a module name (a file ends in .py)")
    return text


def cmd_test_search(args) -> int:
    from ..test_search.sandbox import Target

    target = _target(args.target)
    if args.output and args.test_format != "gradescope":
        raise UsageError("-o goes with --format gradescope (the report and --json print on stdout)")
    if args.test_format != "gradescope":
        return _test_search(args, Target.parse(target))
    from ..report.gradescope import write_unfinished

    # Written first, so that a run stopped before the end (killed, or past the platform's time) leaves a file that
    # says so, never a plausible score; replaced by the results, or by the reason the run could not be made.
    write_unfinished(args.output, "tracer test-search did not finish: it was stopped before it wrote the results")
    try:
        return _test_search(args, Target.parse(target))
    except UsageError as error:
        write_unfinished(args.output, f"tracer test-search could not check the function: {error}")
        raise


def _test_search(args, target) -> int:
    from ..test_search.runner import Student
    from ..test_search.sandbox import Workspace, choose, no_peeking
    from ..test_search.verdicts import Case, check_form, default_cases, run_case, settle_mistakes
    from ..test_search.report import search_json, search_report

    given = bool(args.files)
    cases = []
    for path in yaml_files(args.files) if given else default_cases():
        problem = load_exercise(path, args)
        spec, notes = exercise_spec(args, problem)
        check_form(spec)
        if not given and _unfit(spec, problem):
            continue  # a shipped case this search cannot search (chance nodes, for minimax and alpha-beta)
        say_notes(notes)
        name = _unique(os.path.splitext(os.path.basename(path))[0], [case.name for case in cases])
        cases.append(Case(name, path if given else f"(shipped) {os.path.basename(path)}", problem, spec,
                          "partial" if args.partial else "strict"))
    memory = args.memory_limit or min(DEFAULT_MEGABYTES, machine_megabytes() // 2)
    # Marks that count (Gradescope) are never given by a run that is not isolated, unless --isolation off says so
    isolation = choose("require" if args.test_format == "gradescope" and args.isolation == "auto" else args.isolation)
    if isolation.note:
        print(isolation.note, file=sys.stderr)
    with Workspace(target) as workspace, no_peeking():
        student = Student(target, Limits(args.time_limit, memory * 2**20), isolation, workspace)
        results = [run_case(case, student) for case in cases]
    settle_mistakes(results)  # which mistakes each case names: the fewest that explain it, over all cases
    if args.render:
        _render(args.render, results)
    if args.json:
        print(search_json(target.shown, results), end="")
    elif args.test_format == "gradescope":
        from ..test_search.verdicts import as_grade
        from ..report.gradescope import write_results

        for written in write_results(args.output, [as_grade(target.shown, results)], several=False):
            print(written)
    else:
        print(search_report(target.shown, results), end="")
    return 0 if all(result.score == result.max_score for result in results) else 1


def _unique(name: str, taken: list[str]) -> str:
    """``name``, or if a case has it (a file of the same name in another folder), ``name-2``, ``name-3``, …"""
    number = 1
    while (unique := name if number == 1 else f"{name}-{number}") in taken:
        number += 1
    return unique


def _unfit(spec, problem) -> bool:
    from ..run import unfit

    return unfit(spec.search, problem.root) is not None


def _render(folder: str, results) -> None:
    from ..render.drawing import DrawRequest, render_to_file
    from ..render.scene import DrawOptions

    whole = (math.inf, math.inf)  # no size limit: a ply folded into a box could hide the departure marked in it
    for result in results:
        notes: list[str] = []
        path = os.path.join(folder, f"{result.case.name}.svg")
        search, tree = result.trace.title.lower(), result.trace.meta.get("title") or result.case.name
        options = DrawOptions(flags=result.marks, legend=True, leaf_names=True, max_size=whole,
                              heading=f"Your search against {search}: {tree}",
                              flag_key=f"where your search departs from {search}: double outline, what yours did "
                                       "there under it")
        print(render_to_file(result.trace, path, DrawRequest("svg", options), notes), file=sys.stderr)
        say_notes(notes)
