"""Exercises: how long checking the shipped keys, grading a class and generating exercise sets take (medians).

    .venv/bin/python benchmarks/bench_exercises.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds  # noqa: E402

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


def _fails(spec) -> None:
    try:
        generate(spec, 1)
    except Exception:  # noqa: BLE001 - the refusal is what is timed
        return
    raise AssertionError("expected a refusal")


if __name__ == "__main__":
    main()
