"""The exercise commands: ``tracer check`` (answer keys), ``tracer grade`` (students' answers), ``tracer worksheet``
(the question and its key as diagrams) and ``tracer exercise`` (generated exercises with their keys)."""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial

from ..errors import TracerError, UsageError
from ..inputs.trees import DEFAULT_MAX_NODES, LEVEL_PLAYERS
from ..render.paper_size import PAPERS as PAPER_NAMES
from ..text import one_line
from .options import (add_jobs_option, add_search_options, depth, positive, progress_bar, say_notes, search_spec,
                      whole_number)

MAX_EXERCISES = 1_000  # per run: all are made (and held) before any is written

CHECK_EXAMPLES = """examples:
  tracer check trees/rn_example.yaml                  # every expectation, passed or failed, with its step
  tracer check trees games/positions                  # every .yaml file in these folders
  tracer check trees/rn_example.yaml -a minimax       # the command line overrides the file's rules:
  tracer check trees --json

exit status: 0 every expectation holds, 1 some fail, 2 a file could not be checked"""


GRADE_EXAMPLES = """examples:
  tracer grade trees/rn_example.yaml trees/answers/rn_example.student.yaml
  tracer grade trees/rn_example.yaml trees/answers/rn_example.student.yaml --render output/feedback.svg
  tracer grade trees/rn_example.yaml class/ --csv > grades.csv        # a folder: one answer file per student
  tracer grade trees/rn_example.yaml class/ --format gradescope -o results/
  tracer grade trees/rn_example.yaml answer.yaml --json

scoring: one point per item the key (the file's expect:) asks for, the same maximum for every answer: each
inner node's value, each leaf pruned or not (for a search that can prune; graded only when the answer gives
pruned:), the best move, and the windows and visit order the key gives. An item not given scores 0 (a blank
sheet scores 0). A plain number matches a bound with that number; a bound you write must be the search's kind.
A decimal matches when the search's value rounded to the digits written gives it (3.33 for 10/3; not 3.34); a
whole number or a fraction must be exact (3 is not 10/3). What the key does not ask for (another window, a
leaf's value, a node name the tree does not have) is pointed out, not scored. What cannot be read (a value in
no notation, such as 3,33 for 3.33; an unknown key) is one wrong item with its line and what to write; the rest
of that sheet is graded. Notations: see the README, "Notations".
exit status: 0 every answer file graded; 2 some answer file was refused whole (not YAML, or unsafe): every
output still has it, scored 0 with the reason (and its results.json with --format gradescope), and stderr
names it; or nothing could be graded (the exercise cannot be read, a wrong option)"""


RENDER_FORMATS = ("svg", "png", "pdf", "dot")

EXERCISE_EXAMPLES = """examples:
  tracer exercise --seed 7                             # one exercise on stdout: tree, rules and answer key
  tracer exercise --branching 2-3 --depth 3 --values -9..9 --count 10 --seed 1 -o output/set1
  tracer exercise --depth 4 --branching 2 --deep-cutoff --min-cutoffs 3 --no-ties --seed 3
  tracer exercise --depth 3 --branching 3 --pruned-leaves 8 --rules '{algorithm: alphabeta, fail: hard}'
  tracer exercise --players max,min,min --depth 3 --branching 2
  tracer exercise --players max,chance,min --depth 3 --branching 2      # expectiminimax, with fair chance nodes
  tracer exercise --chance --bounds -2..2 --min-pruned 2 --depth 3 --branching 2   # Star1 prunes 2+ leaves
  tracer exercise --count 20 --seed 3 -o output/set3 --jobs 2          # two exercises made at a time

The same --seed gives the same files on every machine and Python version."""

PRACTICE_EXAMPLES = """examples:
  tracer practice trees/rn_example.yaml                     # output/practice.html: one exercise
  tracer practice trees -o output/all.html                  # every tree file in trees/
  tracer practice --count 20 --seed 7 --depth 3 --branching 2-3 -o output/set7.html
  tracer practice trees/rn_example.yaml --prune gt --fail hard    # the search's options, as tracer grade takes them

Without FILEs the exercises are generated (tracer exercise's options). With FILEs, --depth D searches D plies,
--seed is the search's seed and --bounds L..U its leaf bounds, as tracer grade's options; the generator's other
options do not apply. Each exercise's "Download answers" writes an answer file whose first lines give the tracer
grade command that scores it the same."""

WORKSHEET_EXAMPLES = """examples:
  tracer worksheet trees/rn_example.yaml               # output/rn_example.worksheet.pdf, on the locale's paper
  tracer worksheet trees/rn_example.yaml --key         # output/rn_example.key.pdf: the same page, filled in
  tracer worksheet trees/binary_depth4.yaml --paper letter -f png -o sheet.png

The page lists every kind of item tracer grade scores with its points, and has a blank for each: a box under
each node for its value (W over N for Monte Carlo tree search), a rounded box under each node whose type (PV, CUT,
ALL) is asked, and lines for the best move, the windows, the visit order and the paths. The tree's text is at least 10 pt
on paper; the page turns to landscape, or puts the list and the lines on a second page, when the tree needs it.
pdf: the pages at the paper's exact size; svg, png: the same pages one under the other; dot: each page's source."""

WORKSHEET_FORMATS = ("pdf", "svg", "png", "dot")


def add_commands(command) -> None:
    check = command("check", CHECK_EXAMPLES)
    check.add_argument("files", nargs="+", metavar="FILE", help="tree or position files, or folders of them")
    _search_options(check)
    check.add_argument("--json", action="store_true",
                       help='print a JSON list, one object per file: {"file", "passed", "checks": [{"item", '
                            '"expected", "actual", "passed", "decided"}]}')
    check.set_defaults(run=cmd_check)

    grade = command("grade", GRADE_EXAMPLES)
    grade.add_argument("file", metavar="FILE", help="the exercise: a tree or position file")
    grade.add_argument("answers", nargs="+", metavar="ANSWER", help="answer files (YAML), or folders of them")
    _search_options(grade)
    out = grade.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON: an object per answer (a list for several) with "
                                                         "answer, score, max_score and items")
    out.add_argument("--csv", action="store_true", help="print CSV: a row per answer (file, score, max, each item)")
    out.add_argument("--format", choices=("report", "gradescope"), default="report", dest="grade_format",
                     help="report (default), or gradescope: write Gradescope autograder results.json")
    grade.add_argument("-o", "--output", metavar="PATH",
                       help="gradescope: where to write (default results.json; a folder for several answers)")
    grade.add_argument("--render", metavar="PATH", help="draw the tree with the answer's wrong items marked (one "
                                                        "answer; svg, png or pdf by the extension)")
    add_jobs_option(grade, "grade the answer files", "file", "the same output")
    grade.set_defaults(run=cmd_grade)

    sheet = command("worksheet", WORKSHEET_EXAMPLES)
    sheet.add_argument("file", metavar="FILE", help="a tree or position file")
    _search_options(sheet)
    sheet.add_argument("--key", action="store_true", help="the answer key: the same page with every blank filled "
                                                          "as the search answers it")
    sheet.add_argument("--paper", type=str.lower, choices=tuple(PAPER_NAMES),
                       help="letter or a4 (default: the paper of the locale's territory, from LC_ALL, LC_PAPER or "
                            "LANG: en_US is Letter; else A4)")
    sheet.add_argument("-o", "--output", metavar="PATH",
                       help="where to write (default output/<name>.worksheet.<format>, or .key.)")
    sheet.add_argument("-f", "--format", choices=WORKSHEET_FORMATS, help="pdf (default), svg, png or dot; else "
                                                                         "taken from -o's extension")
    sheet.set_defaults(run=cmd_worksheet)

    exercise = command("exercise", EXERCISE_EXAMPLES)
    add_generator_options(exercise)
    exercise.add_argument("-o", "--output", metavar="DIR", help="write exercise-01.yaml, ... into DIR (default: one "
                                                                "exercise on stdout; several into output/exercises)")
    add_jobs_option(exercise, "make the exercises", "exercise", "the same files")
    exercise.set_defaults(run=cmd_exercise)

    practice = command("practice", PRACTICE_EXAMPLES)
    practice.add_argument("files", nargs="*", metavar="FILE",
                          help="tree or position files, or folders of them (none: generate exercises with the "
                               "generator's options)")
    defaults = add_generator_options(practice)  # --depth, --seed and --bounds: the search's too, for FILEs
    add_search_options(practice, without=("seed", "bounds"))
    practice.add_argument("--max-nodes", type=positive, default=DEFAULT_MAX_NODES, metavar="N",
                          help=f"refuse tree files of more than N nodes (default {DEFAULT_MAX_NODES:,})")
    practice.add_argument("--no-player", action="store_true",
                          help="leave out the step-through players (\"Why?\" then explains in words only): a "
                               "smaller page, made faster")
    practice.add_argument("-o", "--output", metavar="PATH", help="where to write (default output/practice.html)")
    practice.set_defaults(run=cmd_practice, generator_defaults=defaults)


def add_generator_options(parser) -> dict:
    """The generator's options (``tracer exercise``'s, shared with ``tracer practice``); returns each option's
    default, by its name in ``args``."""
    shape = parser.add_argument_group("the tree")
    shape.add_argument("--branching", type=_range("branching", "-", 1), default=(2, 3), metavar="B",
                       help="children per inner node: 2, or a range 2-3 (default 2-3)")
    shape.add_argument("--depth", type=positive, metavar="D", help=f"levels below the root (default {DEFAULT_DEPTH})")
    shape.add_argument("--values", type=_range("values", "..", None), metavar="LOW..HIGH",
                       help="leaf values, whole numbers (default -9..9, or --bounds)")
    shape.add_argument("--chance", action="store_true",
                       help="chance levels between the moves (max,chance,min,chance), searched by expectiminimax")
    shape.add_argument("--bounds", type=_range("bounds", "..", None), metavar="L..U",
                       help="expectiminimax: every leaf value lies in L..U (the key's rules say bounds: [L, U]), so "
                            "Star1 prunes at chance nodes; the leaves are drawn from L..U unless --values says")
    players = shape.add_mutually_exclusive_group()
    players.add_argument("--root", choices=("max", "min"), help="who moves at the root; levels alternate "
                                                                 "(default max)")
    players.add_argument("--players", type=_players, metavar="P,P,...",
                         help="players by level, repeating, e.g. max,min,min; or named players, e.g. A,B,C, with "
                              "--vector")
    shape.add_argument("--vector", action="store_true",
                       help="with --players A,B,C: each leaf a vector, one utility per player from --values, "
                            "searched by max^n (or --rules' algorithm: paranoid)")
    shape.add_argument("--sum", type=int, metavar="S",
                       help="with --vector: every leaf's utilities add up to S (rules: {sum: S, bounds: [LOW, "
                            "HIGH]}), so max^n prunes (Korf's shallow pruning)")
    wanted = parser.add_argument_group("constraints")
    wanted.add_argument("--min-cutoffs", type=depth, default=0, metavar="K", help="at least K cutoffs")
    wanted.add_argument("--deep-cutoff", action="store_true",
                        help="at least one cutoff caused by a bound from two or more levels up")
    wanted.add_argument("--pruned-leaves", type=depth, metavar="K", help="exactly K leaves pruned")
    wanted.add_argument("--min-pruned", type=depth, default=0, metavar="K", help="at least K leaves pruned")
    wanted.add_argument("--no-ties", action="store_true", help="every leaf value different")
    wanted.add_argument("--rules", type=_rules_option, default={}, metavar="'{algorithm: A, prune: P, fail: F}'",
                        help="the exercise's rules: block, as YAML (default {algorithm: alphabeta})")
    parser.add_argument("--seed", type=int, metavar="SEED", help="the seed (default 0)")
    parser.add_argument("--count", type=whole_number(1, MAX_EXERCISES), default=1, metavar="N",
                        help=f"how many exercises (default 1, at most {MAX_EXERCISES:,})")
    return {name: parser.get_default(name) for name in GENERATOR_OPTIONS}


GENERATOR_OPTIONS = ("branching", "depth", "values", "chance", "bounds", "root", "players", "vector", "sum",
                     "min_cutoffs", "deep_cutoff", "pruned_leaves", "min_pruned", "no_ties", "rules", "seed", "count")
DEFAULT_DEPTH = 3


def _search_options(parser, listed: tuple[str, ...] | None = None, without: tuple[str, ...] = ()) -> None:
    add_search_options(parser, listed=listed, without=without)
    parser.add_argument("--depth", type=depth, metavar="D", help="plies to search (default: the file's rules:)")
    parser.add_argument("--max-nodes", type=positive, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"refuse tree files of more than N nodes (default {DEFAULT_MAX_NODES:,})")


def yaml_files(paths: list[str], every: bool = False) -> list[str]:
    """The files named, with each folder replaced by the .yaml/.yml files directly in it (sorted); ``every``: also
    what has such a name but is not a regular file (a FIFO, a broken link), to be refused by name, never skipped
    (``tracer grade``: every student has a row)."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            kept = (lambda entry: not os.path.isdir(entry)) if every else os.path.isfile
            found = sorted(os.path.join(path, name) for name in os.listdir(path)
                           if name.lower().endswith((".yaml", ".yml")) and kept(os.path.join(path, name)))
            if not found:
                raise UsageError(f"{path}: a folder with no .yaml files")
            files.extend(found)
        else:
            files.append(path)
    return files


def exercise_spec(args, problem):
    """The search an exercise is about: the file's rules:, overridden by the command line (with notes)."""
    spec, notes = search_spec(args, problem.rules, problem.depth)  # (test-search skips the cases this refuses)
    return spec, problem.notes + notes


def load_exercise(path: str, args, text: str | None = None):
    from ..inputs import load_problem
    from ..io import is_saved_trace

    if is_saved_trace(path):
        raise UsageError(f"{path}: a saved trace holds no answer key; check the tree or position file")
    return load_problem(path, depth=args.depth, max_nodes=args.max_nodes, text=text)


def cmd_check(args) -> int:
    from ..exercises.check_keys import FileResult, check_file
    from ..report.json_report import check_json
    from ..report.text_report import check_report

    results = []
    for path in yaml_files(args.files):
        try:
            problem = load_exercise(path, args)
            if problem.expect is None:
                raise UsageError(f"{path}: no expect: block, so nothing to check (see README, 'Answer keys')")
            spec, notes = exercise_spec(args, problem)
            problem.notes = notes
            results.append(check_file(problem, spec))
        except TracerError as error:
            results.append(FileResult(path, error=str(error)))
    print(check_json(results) if args.json else check_report(results), end="")
    failed = [result for result in results if result.error is not None]
    for result in failed:
        print(f"tracer check: error: {result.error}", file=sys.stderr)
    if failed:
        if len(results) > 1:
            print(f"tracer check: {len(failed)} file{'s' if len(failed) > 1 else ''} could not be checked; "
                  f"{len(results) - len(failed)} checked", file=sys.stderr)
        return 2
    return 0 if all(result.passed for result in results) else 1



def cmd_grade(args) -> int:
    from ..parallel import mapped
    from ..report.csv_report import grades_csv
    from ..report.gradescope import write_results
    from ..report.json_report import grade_json
    from ..report.text_report import grade_report

    answers = yaml_files(args.answers, every=True)
    if args.render and len(answers) > 1:
        raise UsageError("--render draws one answer; give one answer file")
    if args.output and args.grade_format != "gradescope":
        raise UsageError("-o goes with --format gradescope (reports, --json and --csv print on stdout)")
    if args.render:
        from ..io import format_of

        format_of(args.render, RENDER_FORMATS, option="--render")  # a bad name fails before any work
    _SEARCHED.clear()  # searched afresh for each run (the file may have changed since the last in this process)
    trace, _, _, notes = searched_exercise(args)
    graded = mapped(partial(grade_file, args=args), answers, args.jobs)
    results = list(progress_bar(len(answers), "grade", "file")(graded))
    refused = [result for result in results if result.refused]
    for result in refused:
        print(f"tracer grade: error: {one_line(result.refused)}", file=sys.stderr)
    if args.render and not results[0].refused:
        _render_feedback(args.render, trace, results[0])
    if args.json:
        print(grade_json(results, single=len(answers) == 1), end="")
    elif args.csv:
        print(grades_csv(results), end="")
    elif args.grade_format == "gradescope":
        for written in write_results(args.output, results,
                                     several=len(answers) > 1 or os.path.isdir(args.answers[0])):
            print(written)
    else:
        print(grade_report(results, notes), end="")
    if refused:
        if len(answers) > 1:
            print(f"tracer grade: {len(refused)} answer file{'s' if len(refused) > 1 else ''} refused (each scored 0, "
                  f"with the reason, in the output); {len(results) - len(refused)} graded", file=sys.stderr)
        return 2
    return 0


_SEARCHED: list = []  # this process's (options, searched exercise): searched once however many answers it grades


def searched_exercise(args):
    """The exercise ``tracer grade`` grades against, searched with its options: (trace, its
    :class:`~tracer.exercises.facts.SearchFacts`, the key's claims or None, notes). Searched once per process (a
    ``--jobs`` worker searches it itself: the search's facts do not travel between processes)."""
    from ..exercises.check_keys import search
    from ..exercises.facts import SearchFacts
    from ..inputs.answers import read_claims

    if not _SEARCHED or _SEARCHED[0] != args:
        problem = load_exercise(args.file, args)
        spec, notes = exercise_spec(args, problem)
        trace = search(problem, spec)
        facts = SearchFacts(trace)
        key = None if problem.expect is None else read_claims(problem.expect, args.file, facts)  # what is asked
        _SEARCHED[:] = [args, (trace, facts, key, notes)]
    return _SEARCHED[1]


def grade_file(path: str, args):
    """One answer file graded against the exercise (its :class:`~tracer.exercises.grade.Grade`); a file refused
    whole (not YAML, or unsafe) is graded as a blank sheet with the reason; a function of its own so that
    ``--jobs`` workers can run it."""
    from ..exercises.grade import grade, refused
    from ..inputs.answers import read_answer_file

    _, facts, key, _ = searched_exercise(args)
    try:
        answer = read_answer_file(path, facts)
    except TracerError as error:
        return refused(str(error), facts, answer_file=path, tree_file=args.file, key=key)
    return grade(answer, facts, answer_file=path, tree_file=args.file, key=key)


def _render_feedback(path, trace, result) -> None:
    from ..exercises.grade import flags
    from ..io import format_of
    from ..render.drawing import DrawRequest, render_to_file
    from ..render.scene import DrawOptions

    fmt = format_of(path, RENDER_FORMATS, option="--render")
    notes: list[str] = []
    print(render_to_file(trace, path, DrawRequest(fmt, DrawOptions(flags=flags(result), legend=True)), notes),
          file=sys.stderr)
    say_notes(notes)


def cmd_worksheet(args) -> None:
    from ..io import format_of, write_atomically
    from ..report.paper import worksheet_bytes
    from ..render.paper_size import default_paper
    from .options import OUTPUT_DIR

    fmt = format_of(args.output, WORKSHEET_FORMATS, args.format, default="pdf")
    trace, sheet = exercise_sheet(args)
    data = worksheet_bytes(trace, sheet, args.paper or default_paper(), fmt, key=args.key, file=args.file)
    path = args.output or os.path.join(OUTPUT_DIR, f"{trace.name}.{'key' if args.key else 'worksheet'}.{fmt}")
    write_atomically(path, data)
    print(path)


def exercise_sheet(args):
    """The exercise ``tracer worksheet`` prints, searched as ``tracer grade`` searches it with these options: (its
    trace, its :class:`~tracer.exercises.worksheet.Sheet`)."""
    from ..exercises.worksheet import worksheet

    trace, facts, key, notes = searched_exercise(args)
    say_notes(notes)
    return trace, worksheet(facts, key, _rewards(args) if facts.family.statistics else "")  # leaves become rewards


def _rewards(args) -> str:
    """How the exercise's leaves become Monte Carlo tree search's rewards, in words (the search's own rule)."""
    from ..exercises.worksheet import reward_words
    from ..search.mcts import Rewards

    rewards = Rewards(load_exercise(args.file, args).root)
    return reward_words(rewards.low, rewards.high) if rewards.explicit else reward_words(None, None)


def _range(what: str, separator: str, minimum: int | None):
    """An argparse type: ``N`` or ``LOW<separator>HIGH`` whole numbers, low ≤ high."""
    def parse(text: str) -> tuple[int, int]:
        low, found, high = text.partition(separator) if separator in text[1:] else (text, "", text)
        try:
            pair = (int(low), int(high))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number or a range LOW{separator}HIGH, got "
                                             f"{text!r}") from None
        if pair[0] > pair[1] or (minimum is not None and pair[0] < minimum):
            limit = f", each ≥ {minimum}" if minimum is not None else ""
            raise argparse.ArgumentTypeError(f"expected {what} from low to high{limit}, got {text!r}")
        return pair

    return parse


def _players(text: str) -> tuple[str, ...]:
    """Players by level (max, min, chance: ``max,min,min``), or the names of several players (``A,B,C``)."""
    names = tuple(part.strip() for part in text.split(","))
    players = tuple(name.lower() for name in names)
    if not any(player in LEVEL_PLAYERS for player in players):
        if len(set(names)) == len(names) >= 2 and all(names):
            return names
    elif all(player in LEVEL_PLAYERS for player in players) and players[0] != "chance":
        return players
    raise argparse.ArgumentTypeError(f"expected players such as max,min,min or max,chance,min,chance (max or min at "
                                     f"the root), or two or more different names such as A,B,C, got {text!r}")


def _rules_option(text: str) -> dict:
    import yaml

    from ..inputs.rules import read_rules
    from ..inputs.yaml_text import compose

    try:
        node = compose(f"rules: {text}", "--rules").value[0][1]
        rules = read_rules(node, "--rules")
    except TracerError as error:
        raise argparse.ArgumentTypeError(str(error).replace("--rules:1: rules", "").lstrip(".: ")) from None
    except (AttributeError, IndexError, yaml.YAMLError):
        raise argparse.ArgumentTypeError(f"expected a YAML mapping such as '{{algorithm: alphabeta}}', "
                                         f"got {text!r}") from None
    if "depth" in rules:
        raise argparse.ArgumentTypeError("an exercise is searched to its leaves; give --depth for its size")
    return rules


def generator_spec(args):
    """The generator's :class:`~tracer.exercises.generate.Spec` from its options (refused in one line when the
    numbers cannot be met)."""
    from ..records import replace

    from ..exercises.generate import Spec
    from ..search.spec import SearchSpec
    from ..view import family_for

    players = _given_players(args)
    search = SearchSpec(**_generator_rules(args, players))  # the defaults, then the --rules given
    if players is None:  # a search that averages gets the textbook's chance levels between the moves
        averages = search.search.chance and not family_for(search.search).statistics  # (MCTS samples them)
        players = ("max", "chance", "min", "chance") if averages else ("max", "min")
    values = args.values or (tuple(search.bounds) if search.bounds is not None else (-9, 9))
    if args.vector and args.sum is not None and search.bounds is None and "bounds" in search.search.settings:
        search = replace(search, bounds=tuple(values))  # each component's range, as the file's rules: will say
    spec = Spec(args.branching, args.depth or DEFAULT_DEPTH, values, players, search, args.min_cutoffs,
                args.deep_cutoff, args.pruned_leaves, args.no_ties, args.seed or 0, args.min_pruned, args.vector,
                args.sum)
    spec.check()
    return spec


def _given_players(args) -> tuple[str, ...] | None:
    """The levels' players as --players, --root and --chance give them (None: as the search's default)."""
    players = args.players or ((args.root, "min" if args.root == "max" else "max") if args.root else None)
    if args.chance:
        players = players or ("max", "chance", "min", "chance")
        if "chance" not in players:
            raise UsageError("--chance puts chance levels between the moves; --players gives none")
    return players


def _generator_rules(args, players) -> dict:
    """The exercise's rules: --rules, with --bounds, and the search chance levels, bounds or vectors call for
    when --rules names none."""
    from ..search.registry import chance_search, vector_search

    rules = dict(args.rules)
    if args.bounds is not None:
        rules["bounds"] = list(args.bounds)
        rules.setdefault("algorithm", chance_search().name)
    if players and "chance" in players and "algorithm" not in rules:
        rules["algorithm"] = chance_search().name  # chance levels: the search that averages them
    if args.vector:
        rules.setdefault("algorithm", vector_search().name)  # vectors: each player maximises its own utility
    return rules


def cmd_practice(args) -> None:
    from ..io import write_atomically
    from .options import OUTPUT_DIR

    path = args.output or os.path.join(OUTPUT_DIR, "practice.html")
    if not path.lower().endswith((".html", ".htm")):
        raise UsageError(f"-o {path}: the practice page is one HTML file; name it .html or .htm")
    write_atomically(path, practice_page(args).encode("utf-8"))
    print(path)


def practice_page(args) -> str:
    """The practice page ``tracer practice`` writes with these options."""
    from ..report.practice import practice_html

    if args.files:
        exercises = [_file_exercise(file, args) for file in yaml_files(args.files)]
    else:
        exercises = _generated_exercises(args)
    count = f"{len(exercises)} exercise{'s' if len(exercises) > 1 else ''}"
    return practice_html(exercises, title=f"Practice: {count}", player=not args.no_player)


def _file_exercise(path: str, args):
    """A tree or position file as a practice exercise, searched as ``tracer grade`` would with these options."""
    from ..search.spec import mistake
    from ..inputs.yaml_text import read_text
    from ..report.practice import PracticeExercise

    given = [name for name, default in args.generator_defaults.items()
             if name not in ("depth", "seed", "bounds") and getattr(args, name) != default]
    if given:
        raise UsageError(f"--{given[0].replace('_', '-')} makes generated exercises; give no FILE to generate them")
    wrong = None if args.depth is None else mistake("depth", args.depth)  # the plies to search, as grade's
    if wrong is not None:
        raise UsageError(f"--depth: {wrong}, got {args.depth}")
    text = read_text(path)
    problem = load_exercise(path, args, text=text)
    search_args = _search_args(args, seed=args.seed, bounds=args.bounds)
    spec, notes = search_spec(search_args, problem.rules, problem.depth, problem.root)
    say_notes(problem.notes + notes)
    extra = ["--depth", str(args.depth)] if args.depth is not None else []
    return PracticeExercise(problem, spec, path, text, _grade_command(path, search_args, args, extra))


def _generated_exercises(args) -> list:
    """The exercises ``tracer exercise`` makes with these options, each searched as ``tracer grade`` would."""
    from ..exercises.generate import generate
    from ..inputs import load_problem
    from ..report.practice import PracticeExercise

    spec = generator_spec(args)
    search_args = _search_args(args)
    regenerate = _generator_command(args)
    exercises = []
    for index, name in enumerate(exercise_names(args.count), 1):
        text = generate(spec, index)[0]
        problem = load_problem(name, text=text, max_nodes=args.max_nodes)
        search, notes = search_spec(search_args, problem.rules, problem.depth, problem.root)
        if index == 1:
            say_notes(notes)
        exercises.append(PracticeExercise(problem, search, name, text, _grade_command(name, search_args, args),
                                          regenerate))
    return exercises


def _search_args(args, seed=None, bounds=None) -> argparse.Namespace:
    """The search's options from practice's (its --seed and --bounds are the generator's, unless given with
    FILEs)."""
    from .options import SEARCH_OPTIONS

    given = {name: getattr(args, name, None) for name in SEARCH_OPTIONS}
    given.update(seed=seed, bounds=None if bounds is None else list(bounds))
    return argparse.Namespace(**given)


def _grade_command(file: str, search_args, args, extra=()) -> str:
    """``tracer grade FILE ANSWERS`` with the search's options given: what scores the downloaded answers."""
    import shlex

    from ..search.spec import FLAGS
    from .options import SEARCH_OPTIONS

    words = ["tracer", "grade", file, f"{_stem(file)}.answers.yaml"]
    for name in SEARCH_OPTIONS:
        value = getattr(search_args, name)
        if value is not None:
            words += [FLAGS[name], *map(str, value)] if isinstance(value, list) else [f"{FLAGS[name]}={value}"]
    words += list(extra)
    if args.max_nodes != DEFAULT_MAX_NODES:
        words.append(f"--max-nodes={args.max_nodes}")
    return " ".join(shlex.quote(word) for word in words)


def _stem(file: str) -> str:
    from ..report.practice import file_stem

    return file_stem(file)


def _generator_command(args) -> str:
    """``tracer exercise ... --count N -o .``: the command that writes the generated exercises again, each under
    the name the page gives it."""
    import shlex

    words = ["tracer", "exercise"]
    for name in GENERATOR_OPTIONS:
        value, flag = getattr(args, name), "--" + name.replace("_", "-")
        if value == args.generator_defaults[name] or name == "count":
            continue
        if value is True:
            words.append(flag)
        elif name == "branching":
            words.append(f"{flag}={value[0]}" if value[0] == value[1] else f"{flag}={value[0]}-{value[1]}")
        elif name in ("values", "bounds"):
            words.append(f"{flag}={value[0]}..{value[1]}")
        elif name == "players":
            words.append(f"{flag}={','.join(value)}")
        elif name == "rules":
            words.append(f"{flag}={{{', '.join(f'{key}: {setting}' for key, setting in value.items())}}}")
        else:
            words.append(f"{flag}={value}")
    words += [f"--count={args.count}", "-o", "."]
    return " ".join(shlex.quote(word) for word in words)


def exercise_names(count: int) -> list[str]:
    """The files ``tracer exercise --count N -o DIR`` writes into DIR: exercise-01.yaml, ..."""
    width = max(2, len(str(count)))
    return [f"exercise-{index:0{width}d}.yaml" for index in range(1, count + 1)]


def exercise_text(spec, index: int) -> str:
    """Exercise ``index`` (from 1) of a set made with ``spec``: its file's text, the same in any process."""
    from ..exercises.generate import generate

    return generate(spec, index)[0]


def cmd_exercise(args) -> None:
    from ..io import write_atomically
    from ..parallel import mapped
    from .options import OUTPUT_DIR

    spec = generator_spec(args)
    if args.count == 1 and not args.output:
        print(exercise_text(spec, 1), end="")
        return
    folder = args.output or os.path.join(OUTPUT_DIR, "exercises")
    made = mapped(partial(exercise_text, spec), list(range(1, args.count + 1)), args.jobs)
    texts = list(progress_bar(args.count, "exercise", "exercise")(made))  # all made before any is written
    for name, text in zip(exercise_names(args.count), texts):
        path = os.path.join(folder, name)
        write_atomically(path, text.encode("utf-8"))
        print(path)
