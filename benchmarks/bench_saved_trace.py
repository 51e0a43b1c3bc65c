"""Benchmarks for saved traces of a million events or more: whole `tracer` processes reading one back (the step
table), drawing it compact and exporting it, each with --max-nodes raised to hold it; and the same trace refused
at the default --max-nodes, with that process's peak memory.

    python benchmarks/bench_saved_trace.py [--repeat N] [--keep DIR]

Targets (2-core machine, each process's CPU time, user + system, so that a shared machine's load does not count):
read and drawn compact (its first ply: the whole search folded), read and exported, within 20 s each; refused
within 1 s and 200 MB. Also shown: read and printed as the step table, a line per event. Two traces are made first (not
timed): minimax on a random tree of branching 5 and depth 8 (488,281 nodes, no boards) and principal variation
search on Connect Four from 4, 8 plies deep (its nodes carry boards: the heaviest trace a game makes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TARGET_SECONDS, REFUSED_SECONDS, REFUSED_MB = 20.0, 1.0, 200
BIG = "1000000"  # --max-nodes that holds either trace


# tracer is started from this small launcher, which reports its CPU time and peak memory: a process's ru_maxrss counts
# the memory of the process it was forked from (Linux keeps the high-water mark across fork and exec), and this
# script holds a trace it has read.
LAUNCHER = """
import json, resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([done.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, done.stderr[-500:]]))
"""


def tracer(*args, cwd: str) -> tuple[float, float, float, int]:
    """Run ``python -m tracer ARGS``: its wall seconds, CPU seconds (user + system), peak memory in MB, status."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", LAUNCHER, sys.executable, "-m", "tracer", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    status, cpu, peak, errors = json.loads(done.stdout)
    if status not in (0, 2):
        raise SystemExit(f"tracer {' '.join(args)} failed: {errors}")
    return wall, cpu, peak, status


def random_tree(path: str, branching: int = 5, depth: int = 8, seed: int = 1) -> None:
    rng = random.Random(seed)

    def build(level: int) -> str:
        if level == depth:
            return str(rng.randint(-100, 100))
        return "[" + ", ".join(build(level + 1) for _ in range(branching)) + "]"

    with open(path, "w", encoding="utf-8") as out:
        out.write(f"title: random uniform tree, b={branching} d={depth}\ntree: {build(0)}\n")


def make_traces(folder: str) -> dict[str, str]:
    tree = os.path.join(folder, "random_b5_d8.yaml")
    random_tree(tree)
    made = {"random tree b=5 d=8, minimax": ("trace", tree, "-a", "minimax"),
            "Connect Four from 4, pvs, depth 8": ("trace", "--game", "connect4", "--position", "4", "--depth", "8",
                                                  "-a", "pvs")}
    paths = {}
    for name, args in made.items():
        path = os.path.join(folder, name.split(",")[0].replace(" ", "_") + ".json")
        wall, cpu, peak, status = tracer(*args, "--max-nodes", "2000000", "-o", path, cwd=folder)
        assert status == 0, name
        print(f"made {name}: {os.path.getsize(path) / 2**20:,.0f} MB in {wall:.1f} s ({cpu:.1f} s CPU, "
              f"{peak:,.0f} MB)")
        paths[name] = path
    return paths


def bench(paths: dict[str, str], folder: str, repeat: int) -> None:
    print(f"\n{'trace':<36} {'command':<22} {'events':>9} {'wall s':>7} {'CPU s':>6} {'MB':>6}  target")
    for name, path in paths.items():
        with open(path, encoding="utf-8") as saved:
            events = len(json.load(saved)["events"])
        commands = {"read, the step table": ("trace", path, "--max-nodes", BIG),
                    "drawn compact": ("render", path, "--compact", "--draw-depth", "1", "--max-nodes", BIG, "-o",
                                      os.path.join(folder, "drawn.svg")),
                    "exported (GraphML)": ("export", path, "--max-nodes", BIG, "-o",
                                           os.path.join(folder, "export.graphml")),
                    "refused (default limit)": ("render", path, "--compact")}
        for what, args in commands.items():
            runs = [tracer(*args, cwd=folder) for _ in range(repeat)]
            wall, cpu, peak = (statistics.median(run[i] for run in runs) for i in range(3))
            refused = what.startswith("refused")
            assert all(run[3] == (2 if refused else 0) for run in runs), (name, what)
            fits = cpu <= REFUSED_SECONDS and peak <= REFUSED_MB if refused else cpu <= TARGET_SECONDS
            target = f"{REFUSED_SECONDS:g} s, {REFUSED_MB} MB" if refused else f"{TARGET_SECONDS:g} s"
            print(f"{name:<36} {what:<22} {events:>9,} {wall:>7.1f} {cpu:>6.1f} {peak:>6,.0f}  {target:<12} "
                  f"{'ok' if fits else 'OVER'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="processes per measurement (the median is shown)")
    parser.add_argument("--keep", metavar="DIR", help="make the traces in DIR and keep them (default: a temporary "
                                                      "folder)")
    args = parser.parse_args()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        bench(make_traces(args.keep), args.keep, args.repeat)
    else:
        with tempfile.TemporaryDirectory(prefix="tracer-bench-") as folder:
            bench(make_traces(folder), folder, args.repeat)


if __name__ == "__main__":
    main()
