"""Benchmark for `tracer export` of a big tree, before and after the exports streamed (issue 37): whole processes
exporting a random uniform tree of branching 3 and depth 11 (177,147 leaves, 265,720 nodes) searched by minimax,
as node-link JSON and as GraphML, each run by turns with the same command of an earlier tracer (``--before REV``,
by default the commit before the exports streamed), under ``/usr/bin/time``: wall and CPU seconds and peak memory
(maximum resident set size), their medians, and the medians of the pairs' ratios after / before. Each pair's two
files are compared byte for byte.

    python benchmarks/bench_export.py [--repeat N] [--before REV] [--networkx]

``--before fd901f5``: the tracer before its tree reader read big one-line trees with the JSON parser (and the
view's nodes took slots), the second step towards the targets.

Targets (issue 37; 2-core machine): each export under 300 MB peak and under 8 s, byte-identical to before. The
process includes reading the tree file and the search and its view, which the export does not own; the export's
own share is what the ratio shows. ``--networkx`` also times networkx's own ``write_graphml`` in this process on
the same graph (about 40 s), which export wrote through before it wrote GraphML itself.
"""

from __future__ import annotations

import argparse
import filecmp
import io
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from bench_big import write_tree  # noqa: E402

BEFORE = "84af335"  # main before the exports streamed
TARGET_SECONDS, TARGET_MB = 8.0, 300
TIME = "/usr/bin/time"


def export_process(package_root: str, tree: str, fmt: str, out: str) -> dict[str, float]:
    """One ``tracer export`` process of the tracer package under ``package_root``: wall and CPU seconds (user +
    system) and peak resident memory in MB, as ``/usr/bin/time`` measures them."""
    command = [TIME, "-f", "%e %U %S %M", sys.executable, "-m", "tracer", "export", tree, "--max-nodes", "300000",
               "--format", fmt, "-o", out]
    # run from the tree's folder: ``python -m`` puts the working folder first on the path, ahead of PYTHONPATH
    done = subprocess.run(command, env=dict(os.environ, PYTHONPATH=package_root), capture_output=True, text=True,
                          cwd=os.path.dirname(tree))
    if done.returncode != 0:
        raise SystemExit(f"tracer export failed ({package_root}): {done.stderr[-500:]}")
    wall, user, system, peak_kb = done.stderr.split()[-4:]
    assert done.stdout.strip() == out, done.stdout  # tracer export prints the path it wrote
    return {"wall": float(wall), "cpu": float(user) + float(system), "peak": int(peak_kb) / 1024}


def imported_from(package_root: str, folder: str) -> str:
    """Where ``python`` run in ``folder`` with ``package_root`` first on its path finds tracer."""
    done = subprocess.run([sys.executable, "-c", "import tracer; print(tracer.__file__)"], cwd=folder, check=True,
                          env=dict(os.environ, PYTHONPATH=package_root), capture_output=True, text=True)
    return done.stdout.strip()


def earlier_tracer(revision: str, folder: str) -> str:
    """The tracer package as it was at ``revision``, unpacked into ``folder`` (which is returned)."""
    os.makedirs(folder, exist_ok=True)
    archive = subprocess.run(["git", "-C", ROOT, "archive", revision, "tracer"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
    return folder


def compare(tree: str, fmt: str, before_root: str, folder: str, repeat: int) -> None:
    """``repeat`` pairs of processes, before and after by turns; prints the medians and the ratios' medians."""
    runs, ratios = {"before": [], "after": []}, []
    for _ in range(repeat):
        paths = {}
        for side, root in (("before", before_root), ("after", ROOT)):
            paths[side] = os.path.join(folder, f"{side}.{fmt}")
            runs[side].append(export_process(root, tree, fmt, paths[side]))
        if not filecmp.cmp(paths["before"], paths["after"], shallow=False):
            raise SystemExit(f"{fmt}: the output differs from before's")
        ratios.append({measure: runs["after"][-1][measure] / runs["before"][-1][measure]
                       for measure in ("wall", "cpu", "peak")})
    size = os.path.getsize(paths["after"]) / 2**20
    for side in ("before", "after"):
        median = {measure: statistics.median(run[measure] for run in runs[side]) for measure in ("wall", "cpu", "peak")}
        met = median["cpu"] <= TARGET_SECONDS and median["peak"] <= TARGET_MB
        slow = "" if side == "before" or met else "  MISSED"
        print(f"{fmt:<8} {side:<7} {median['wall']:8.2f} {median['cpu']:8.2f} {median['peak']:8.0f} {size:8.1f}{slow}")
    ratio = {measure: statistics.median(pair[measure] for pair in ratios) for measure in ("wall", "cpu", "peak")}
    print(f"{fmt:<8} {'ratio':<7} {ratio['wall']:8.2f} {ratio['cpu']:8.2f} {ratio['peak']:8.2f} "
          f"{'identical':>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", default=BEFORE, metavar="REV", help=f"the earlier tracer (default {BEFORE})")
    parser.add_argument("--networkx", action="store_true", help="also time networkx's write_graphml (slow)")
    args = parser.parse_args()
    if not os.path.exists(TIME):
        raise SystemExit(f"{TIME} is needed to measure peak memory (apt-get install time)")
    with tempfile.TemporaryDirectory() as folder:
        tree = os.path.join(folder, "b3d11.yaml")
        write_tree(tree, branching=3, depth=11)
        before_root = earlier_tracer(args.before, os.path.join(folder, "before"))
        for root in (before_root, ROOT):  # each side runs its own tracer, not the one installed
            assert imported_from(root, folder).startswith(root + os.sep), imported_from(root, folder)
        print(f"tracer export of a b=3 d=11 minimax search (265,720 nodes): whole processes, before ({args.before}) "
              f"and after by turns, medians of {args.repeat}; targets {TARGET_SECONDS:g} s CPU, {TARGET_MB} MB")
        print(f"{'format':<8} {'tracer':<7} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'file MB':>8}")
        for fmt in ("json", "graphml"):
            compare(tree, fmt, before_root, folder, args.repeat)
        if args.networkx:
            import networkx as nx

            from tracer.inputs import load_problem
            from tracer.render.export import to_networkx
            from tracer.run import trace_search
            from timing import median_seconds

            problem = load_problem(tree, max_nodes=300_000)
            graph = to_networkx(trace_search(problem.root, "minimax", max_nodes=300_000))
            seconds = median_seconds(lambda: nx.write_graphml(graph, io.BytesIO()), 1)
            print(f"networkx write_graphml, in this process: {seconds:.2f} s")


if __name__ == "__main__":
    main()
