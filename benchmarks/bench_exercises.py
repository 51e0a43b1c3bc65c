"""Exercises: how long checking the shipped keys, grading a class and generating exercise sets take (medians), and
the practice set ``tracer practice --count 20 --seed 1`` as a process (with its step-through players, against its
target of about 2 CPU seconds, issue 37), run by turns with the same set made without players (``--no-player``: the
anchor, which the players' share is read against) and, with ``--before``, with another checkout's tracer: CPU
seconds (user + system, Graphviz's included) and wall seconds, medians, the median of the rounds' ratios, the
page's size, and the page made in this process (the command's own work, without Python's start and imports).

    .venv/bin/python benchmarks/bench_exercises.py [--repeat 5] [--before OTHER_CHECKOUT]

``--before`` is another checkout (its ``.venv/bin/tracer``; or a tracer's path): the code before a change, run in
the same rounds as this one's, so that a shared machine's load falls on both alike. ``--instructions`` also counts
the practice set's instructions with callgrind (tracer's and Graphviz's processes), which no load changes.
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

from timing import median_seconds, process_seconds  # noqa: E402

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
    parser.add_argument("--repeat", type=int, default=5, help="runs of each case (medians are reported)")
    parser.add_argument("--before", metavar="CHECKOUT",
                        help="another checkout (or its tracer), timed by turns with this one: the code before a change")
    parser.add_argument("--practice-only", action="store_true", help="time only the practice page")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the practice set's instructions once with valgrind's callgrind, Graphviz's "
                             "processes included, for this checkout and --before's (the same every run, whatever "
                             "the machine's load: slow, a few minutes)")
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
    if not args.practice_only:
        print(f"median of {args.repeat} runs")
        for name, function in rows:
            print(f"{name:48s} {median_seconds(function, args.repeat) * 1000:9.1f} ms")
    bench_practice(args.repeat, args.before)
    if args.instructions:
        print_instructions(args.before)


PRACTICE = ["practice", "--count", "20", "--seed", "1"]
PRACTICE_TARGET = 2.0  # CPU seconds (issue 37): the set with its players


def tracer_of(checkout: str) -> str:
    """A checkout's tracer (``CHECKOUT/.venv/bin/tracer``), or ``checkout`` itself if it is a tracer."""
    inside = os.path.join(checkout, ".venv", "bin", "tracer")
    return inside if os.path.isdir(checkout) else checkout


def bench_practice(repeat: int, before: str | None) -> None:
    """The practice page of twenty generated exercises with their step-through players, each checkout's, and the
    same page without players (this checkout's: the anchor), each a process, by turns in every round: CPU seconds
    (user + system, Graphviz's included), wall seconds, the rounds' ratios, and the page's size."""
    import statistics

    tracers = [("this checkout", str(ROOT / ".venv" / "bin" / "tracer"))] + \
        ([("before", tracer_of(before))] if before else [])
    with tempfile.TemporaryDirectory() as folder:
        bare = [tracers[0][1], *PRACTICE, "--no-player", "-o", os.path.join(folder, "bare.html")]
        pages = {name: os.path.join(folder, f"{i}.html") for i, (name, _) in enumerate(tracers)}
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in tracers + [("--no-player", "")]}
        for _ in range(repeat):  # (each round runs every case once, side by side: the machine's load on all alike)
            for name, tracer in tracers:
                runs[name].append(process_seconds([tracer, *PRACTICE, "-o", pages[name]]))
            runs["--no-player"].append(process_seconds(bare))
        print(f"\n`tracer {' '.join(PRACTICE)}`, by turns, median of {repeat} rounds (target {PRACTICE_TARGET:.1f} "
              "CPU s with the players):")
        print(f"{'':<16} {'cpu s':>7} {'wall s':>7} {'cpu / --no-player':>18} {'page MB':>8}")
        for name in runs:
            cpu = [run[1] for run in runs[name]]
            ratio = statistics.median(a / b[1] for a, b in zip(cpu, runs["--no-player"]))
            size = os.path.getsize(pages[name] if name in pages else bare[-1]) / 1e6
            print(f"{name:<16} {statistics.median(cpu):>7.2f} {statistics.median(run[0] for run in runs[name]):>7.2f} "
                  f"{ratio:>18.2f} {size:>8.2f}")
        if before:
            faster = statistics.median(b[1] / a[1] for a, b in zip(runs["this checkout"], runs["before"]))
            print(f"before / this checkout, CPU, median of the rounds' ratios: {faster:.2f}")
    print(f"in this process (no start, no imports), CPU s with Graphviz's, median of {repeat}: "
          f"{in_process_seconds(repeat):.2f}")


def print_instructions(before: str | None) -> None:
    """The instructions of the practice set's process and of the Graphviz processes it starts (callgrind, which
    counts the same whatever else the machine runs), for this checkout and ``before``'s."""
    import shutil

    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind)")
        return
    tracers = [("this checkout", str(ROOT / ".venv" / "bin" / "tracer"))] + \
        ([("before", tracer_of(before))] if before else [])
    counted = {name: practice_instructions(tracer) for name, tracer in tracers}
    print(f"\n`tracer {' '.join(PRACTICE)}`, instructions (callgrind), millions:")
    print(f"{'':<16} {'tracer':>9} {'Graphviz':>9} {'in all':>9}")
    for name, (own, graphviz) in counted.items():
        print(f"{name:<16} {own / 1e6:>9.0f} " + (f"{graphviz / 1e6:>9.0f} {(own + graphviz) / 1e6:>9.0f}"
                                                 if graphviz is not None else f"{'-':>9} {'-':>9}"))
    if before:
        ours, theirs = counted["this checkout"], counted["before"]
        print(f"before / this checkout, instructions of tracer's process: {theirs[0] / ours[0]:.2f}" +
              (f"; in all: {sum(theirs) / sum(ours):.2f}" if None not in (ours[1], theirs[1]) else ""))
    if any(graphviz is None for _, graphviz in counted.values()):
        print("-: Graphviz, slowed down some fifty times under callgrind, ran past its time limit (a loaded machine): "
              "tracer's process counted alone")


def practice_instructions(tracer: str) -> tuple[int, int | None]:
    """(tracer's process, its Graphviz processes): the instructions of the practice set, counted by callgrind
    following the children, after a run of its own (Python's bytecode written, the text's widths cached). If
    Graphviz under callgrind runs past its time limit, tracer's process is counted alone (Graphviz's: None)."""
    import glob
    import subprocess

    with tempfile.TemporaryDirectory() as folder:
        command = [tracer, *PRACTICE, "-o", os.path.join(folder, "page.html")]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        for children in ("yes", "no"):
            for old in glob.glob(os.path.join(folder, "callgrind.*")):
                os.unlink(old)
            run = subprocess.run(["valgrind", "--tool=callgrind", f"--trace-children={children}",
                                  f"--callgrind-out-file={folder}/callgrind.%p", *command],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if run.returncode == 0:
                break
        else:
            raise SystemExit("instructions: the practice set failed under callgrind")
        own, graphviz = 0, 0 if children == "yes" else None
        for counts in glob.glob(os.path.join(folder, "callgrind.*")):
            with open(counts, encoding="utf-8") as out:
                text = out.read()
            count = int(text.split("\nsummary: ", 1)[1].split()[0])
            command_line = text.split("\ncmd: ", 1)[1].split("\n", 1)[0]
            if os.path.basename(command_line.split()[0]) in ("dot", "neato"):
                graphviz += count
            else:
                own += count
    return own, graphviz


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
