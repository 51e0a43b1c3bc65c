"""The exercise commands: ``tracer check`` (answer keys), ``tracer grade`` (students' answers), ``tracer worksheet``
(the question and its key as diagrams) and ``tracer exercise`` (generated exercises with their keys)."""

from __future__ import annotations

import json
import os
import sys

from ..errors import TracerError, UsageError
from ..model.trees import DEFAULT_MAX_NODES
from .options import add_search_options, depth, positive, search_choices

CHECK_EXAMPLES = """examples:
  tracer check trees/rn_example.yaml                  # every expectation, passed or failed, with its step
  tracer check trees games/positions                  # every .yaml file in these folders
  tracer check trees/rn_example.yaml -a minimax       # the command line overrides the file's rules:
  tracer check trees --json

exit status: 0 every expectation holds, 1 some fail, 2 a file could not be checked"""


def add_commands(command) -> None:
    check = command("check", "check the answer keys (expect:) of tree and position files", CHECK_EXAMPLES)
    check.add_argument("files", nargs="+", metavar="FILE", help="tree or position files, or folders of them")
    _search_options(check)
    check.add_argument("--json", action="store_true",
                       help='print a JSON list, one object per file: {"file", "passed", "checks": [{"item", '
                            '"expected", "actual", "passed", "decided"}]}')
    check.set_defaults(run=cmd_check)


def _search_options(parser) -> None:
    add_search_options(parser)
    parser.add_argument("--depth", type=depth, metavar="D", help="plies to search (default: the file's rules:)")
    parser.add_argument("--max-nodes", type=positive, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"refuse tree files of more than N nodes (default {DEFAULT_MAX_NODES:,})")


def yaml_files(paths: list[str]) -> list[str]:
    """The files named, with each folder replaced by the .yaml/.yml files directly in it (sorted)."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            found = sorted(os.path.join(path, name) for name in os.listdir(path)
                           if name.lower().endswith((".yaml", ".yml")) and os.path.isfile(os.path.join(path, name)))
            if not found:
                raise UsageError(f"{path}: a folder with no .yaml files")
            files.extend(found)
        else:
            files.append(path)
    return files


def exercise_settings(args, problem):
    """The search an exercise is about: the file's rules:, overridden by the command line (with notes)."""
    from ..exercises.check import Settings

    given = {name: getattr(args, name) for name in ("algorithm", "prune", "fail", "order", "seed")}
    notes = search_choices(args, rules=problem.rules)
    settings = Settings(args.algorithm, args.prune, args.fail, args.order, args.seed)
    for name, value in given.items():  # the next file starts again from what the command line gave
        setattr(args, name, value)
    return settings, problem.notes + notes


def load_exercise(path: str, args):
    from ..inputs import load_problem

    if path.lower().endswith(".json"):
        raise UsageError(f"{path}: a saved trace holds no answer key; check the tree or position file")
    return load_problem(path, depth=args.depth, max_nodes=args.max_nodes)


def cmd_check(args) -> int:
    from ..exercises.check import FileResult, check_file, shown

    results = []
    for path in yaml_files(args.files):
        try:
            problem = load_exercise(path, args)
            if problem.expect is None:
                raise UsageError(f"{path}: no expect: block, so nothing to check (see README, 'Answer keys')")
            settings, notes = exercise_settings(args, problem)
            problem.notes = notes
            results.append(check_file(problem, settings))
        except TracerError as error:
            results.append(FileResult(path, error=str(error)))
    if args.json:
        print(json.dumps([result.as_dict() for result in results], ensure_ascii=False, indent=1))
    else:
        for result in results:
            if result.error is not None:
                print(f"✗ {result.error}")
                continue
            passed = sum(check.passed for check in result.checks)
            mark = "✓" if result.passed else "✗"
            print(f"{mark} {result.file} — {result.search}: {passed} of {len(result.checks)} expectations hold")
            for note in result.notes:
                print(f"    note: {note}")
            for check in result.checks:
                if check.passed:
                    print(f"    ✓ {check.item}: {shown(check.actual)}  ({check.decided})")
                else:
                    print(f"    ✗ {check.item}: expected {shown(check.expected)}, got {shown(check.actual)}")
                    if check.decided:
                        print(f"        {check.decided}")
    if any(result.error is not None for result in results):
        if not args.json:
            bad = sum(result.error is not None for result in results)
            print(f"tracer check: {bad} file{'s' if bad > 1 else ''} could not be checked", file=sys.stderr)
        return 2
    return 0 if all(result.passed for result in results) else 1

