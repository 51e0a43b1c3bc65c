"""Exercises: how long checking the shipped keys, grading a class and generating exercise sets take (medians), and
the practice set ``tracer practice --count 20 --seed 1`` as a process against the same set without its players
(``--no-player``, its anchor), run by turns (CPU seconds, medians, and the median of the pairs' ratios), and the
same page made in this process (the command's own work, without Python's start and imports).

    .venv/bin/python benchmarks/bench_exercises.py [--repeat 5] [--before OTHER/.venv/bin/tracer]

``--before`` also times another checkout's tracer in the same run (the code before a change), by turns with this
one's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import against_yardstick, median_seconds  # noqa: E402

from tracer.exercises.check_keys import check_file, search  # noqa: E402
from tracer.search.spec import SearchSpec  # noqa: E402
from tracer.exercises.facts import SearchFacts  # noqa: E402
from tracer.exercises.generate import Spec, generate  # noqa: E402
from tracer.exercises.grade import grade  # noqa: E402
from tracer.inputs import load_problem  # noqa: E402
from tracer.inputs.answers import parse_bounded, read_claims  # noqa: E402


def check_shipped() -> int:
    files = sorted((ROOT / "trees").glob("*.yaml")) + sorted((ROOT / "games" / "positions").glob("*.yaml"))
    for path in files:
        problem = load_problem(str(path))
        assert check_file(problem, SearchSpec(**{k: v for k, v in problem.rules.items() if k != "depth"})).passed
    return len(files)


def grade_class(size: int) -> None:
    problem = load_problem(str(ROOT / "trees" / "binary_depth4.yaml"))
    facts = SearchFacts(search(problem, SearchSpec()))
    key = read_claims(problem.expect, "binary_depth4.yaml", facts)
    for student in range(size):
        answer = read_claims(problem.expect, "key", facts)  # the key as an answer, one value changed per student
        node = list(answer.values)[student % len(answer.values)]
        answer.values[node] = parse_bounded(student)
        answer.given = ("values", "pruned", "best_move")
        grade(answer, facts, answer_file=f"s{student}", tree_file="binary_depth4.yaml", key=key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", metavar="TRACER", help="another checkout's tracer, timed alongside")
    args = parser.parse_args()
    rows = [
        ("check every shipped key (10 files)", lambda: check_shipped()),
        ("grade a class of 100 (binary_depth4)", lambda: grade_class(100)),
        ("generate 10 exercises (default shape)", lambda: [generate(Spec(seed=1), i) for i in range(1, 11)]),
        ("generate 10 (depth 4, deep cutoff, no ties)",
         lambda: [generate(Spec(branching=(2, 3), depth=4, deep_cutoff=True, no_ties=True, values=(-99, 99), seed=1),
                           i) for i in range(1, 11)]),
        ("give up on an impossible request", lambda: _fails(Spec(branching=(2, 2), depth=3, min_cutoffs=7))),
    ]
    print(f"median of {args.repeat} runs")
    for name, function in rows:
        print(f"{name:48s} {median_seconds(function, args.repeat) * 1000:9.1f} ms")
    bench_practice(args.repeat, args.before)


PRACTICE = ["practice", "--count", "20", "--seed", "1"]
PRACTICE_TARGET = 2.0  # CPU seconds (issue 37): the set with its players


def bench_practice(repeat: int, before: str | None) -> None:
    """The practice page of twenty generated exercises, with their step-through players, against the same page
    without them (its anchor), each a process, by turns: CPU seconds (user + system, Graphviz's included), wall
    seconds, the ratio, and the page's size."""
    tracers = [("this checkout", str(ROOT / ".venv" / "bin" / "tracer"))] + ([("before", before)] if before else [])
    print(f"\n`tracer {' '.join(PRACTICE)}` against `--no-player`, by turns, median of {repeat}:")
    print(f"{'':<16} {'cpu s':>7} {'wall s':>7} {'--no-player cpu s':>18} {'ratio (cpu)':>12} {'page MB':>8} "
          f"{'target':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for name, tracer in tracers:
            page, bare = os.path.join(folder, "practice.html"), os.path.join(folder, "bare.html")
            times = against_yardstick([tracer, *PRACTICE, "-o", page], [tracer, *PRACTICE, "--no-player", "-o", bare],
                                      repeat)
            print(f"{name:<16} {times['cpu']:>7.2f} {times['wall']:>7.2f} {times['yardstick cpu']:>18.2f} "
                  f"{times['ratio']:>12.2f} {os.path.getsize(page) / 1e6:>8.2f} {PRACTICE_TARGET:>7.1f}")
    print(f"in this process (no start, no imports), CPU s with Graphviz's, median of {repeat}: "
          f"{in_process_seconds(repeat):.2f}")


def in_process_seconds(repeat: int) -> float:
    """The practice page made ``repeat`` times in this process (the command's own work, without Python's start and
    the imports): the median CPU seconds, this process's and its Graphviz processes'."""
    import resource
    import statistics

    from tracer.cli.exercises import practice_page
    from tracer.cli.main import build_parser

    def cpu() -> float:
        return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
                   for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    args = build_parser().parse_args(PRACTICE)
    practice_page(args)  # (the first run imports what the page needs)
    times = []
    for _ in range(repeat):
        start = cpu()
        practice_page(args)
        times.append(cpu() - start)
    return statistics.median(times)


def _fails(spec) -> None:
    try:
        generate(spec, 1)
    except Exception:  # noqa: BLE001 - the refusal is what is timed
        return
    raise AssertionError("expected a refusal")


if __name__ == "__main__":
    main()
