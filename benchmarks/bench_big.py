"""Benchmarks for big diagrams: whole `tracer render` processes on a random uniform tree, branching 3 and depth 9
(29,524 nodes), to SVG, every node drawn (`--max-size none`).

    python benchmarks/bench_big.py [--repeat N]

Targets (2-core machine, medians of whole processes): alpha-beta with every node drawn ≤ 15 s, with `--compact`
≤ 5 s, minimax ≤ 20 s; and, whatever the machine's speed or load, the `--compact` process within 6× the CPU time of
its yardstick: Graphviz drawing the same pinned DOT alone (`neato -n2 -Tsvg`, as bench_core.py measures a small
render), run by turns with it. Also printed: how the time splits between tracer's stages for the alpha-beta
drawing, and what Graphviz's `dot` took to lay out the compact drawing before tracer laid trees out itself (`--dot`;
minutes).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from timing import against_yardstick, median_seconds  # noqa: E402
from tracer.inputs import load_problem  # noqa: E402
from tracer.render.dot import scene_to_dot  # noqa: E402
from tracer.render.drawing import lay_out, measure  # noqa: E402
from tracer.render.engine import run_graphviz  # noqa: E402
from tracer.render.page import page_of  # noqa: E402
from tracer.render.scene import DrawOptions, scene_of  # noqa: E402
from tracer.run import trace_search  # noqa: E402

TARGETS = {"alphabeta --compact": 5.0, "alphabeta": 15.0, "minimax": 20.0}
YARDSTICK_TARGET = 6.0  # the --compact process's CPU time at most this many times its yardstick's


def write_tree(path: str, branching: int = 3, depth: int = 9, seed: int = 1) -> None:
    rng = random.Random(seed)

    def build(level: int) -> str:
        if level == depth:
            return str(rng.randint(-100, 100))
        return "[" + ", ".join(build(level + 1) for _ in range(branching)) + "]"

    with open(path, "w", encoding="utf-8") as out:
        out.write(f"title: random uniform tree, b={branching} d={depth}\ntree: {build(0)}\n")


def bench_processes(tree: str, out: str, repeat: int) -> None:
    print(f"Whole `tracer render` processes, {os.path.basename(tree)} (29,524 nodes) to SVG, median of {repeat}")
    print(f"{'options':<22} {'drawn':>7} {'seconds':>8} {'target':>7}")
    env = dict(os.environ, PYTHONPATH=ROOT)
    for options, target in TARGETS.items():
        algorithm, *more = options.split()
        command = [sys.executable, "-m", "tracer", "render", tree, "-a", algorithm, *more, "--max-size", "none",
                   "-o", out]
        seconds = median_seconds(lambda: subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL),
                                 repeat)
        problem = load_problem(tree)
        drawn = len(scene_of(trace_search(problem.root, algorithm), DrawOptions(compact=bool(more))).nodes)
        print(f"{options:<22} {drawn:>7,} {seconds:>8.2f} {target:>6.0f}s  {'ok' if seconds <= target else 'OVER'}")


def bench_compact_yardstick(tree: str, folder: str, repeat: int) -> None:
    """The `--compact` drawing's whole process against its yardstick, Graphviz drawing its pinned DOT alone."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    render = [sys.executable, "-m", "tracer", "render", tree, "-a", "alphabeta", "--compact", "--max-size", "none"]
    pinned = os.path.join(folder, "compact.dot")
    subprocess.run([*render, "-o", pinned], check=True, env=env, stdout=subprocess.DEVNULL)
    yardstick = ["neato", "-n2", "-Tsvg", pinned, "-o", os.path.join(folder, "yardstick.svg")]
    times = against_yardstick([*render, "-o", os.path.join(folder, "compact.svg")], yardstick, repeat, env=env)
    print(f"\n`render --compact` against its yardstick (neato -n2 -Tsvg of its pinned DOT), by turns, median of "
          f"{repeat}")
    print(f"{'':<22} {'cpu s':>7} {'wall s':>7} {'yardstick cpu s':>16} {'ratio (cpu)':>12} {'target':>7}")
    ratio = times["ratio"]
    print(f"{'alphabeta --compact':<22} {times['cpu']:>7.2f} {times['wall']:>7.2f} {times['yardstick cpu']:>16.2f} "
          f"{ratio:>11.2f}× {YARDSTICK_TARGET:>6.0f}×  {'ok' if ratio <= YARDSTICK_TARGET else 'OVER'}")


def bench_stages(tree: str) -> None:
    """One alpha-beta drawing, stage by stage (in this process: imports and start-up not counted)."""
    stages = []
    start = time.perf_counter()

    def lap(name):
        nonlocal start
        now = time.perf_counter()
        stages.append((name, now - start))
        start = now

    problem = load_problem(tree)
    lap("read the tree file")
    trace = trace_search(problem.root, "alphabeta", meta=problem.meta)
    trace.nodes, trace.events
    lap("search, recorded")
    options = DrawOptions(max_size=(float("inf"), float("inf")), max_drawn=10**6)
    scene = scene_of(trace, options)
    lap("scene")
    measure([scene])
    lap("measure text (dot)")
    layout = lay_out(scene)
    lap("tidy layout")
    source = scene_to_dot(scene, layout, page_of(scene, layout))
    lap("pinned DOT")
    run_graphviz(source, "svg", "neato", ("-n2",))
    lap("draw (neato -n2)")
    print("\nStages of the alpha-beta drawing, one run")
    for name, seconds in stages:
        print(f"  {name:<22} {seconds:6.2f} s")


def bench_dot_layout(tree: str) -> None:
    """What Graphviz's dot takes to lay out the compact drawing's rooms (tracer's layout before the tidy one)."""
    import graphviz

    problem = load_problem(tree)
    scene = scene_of(trace_search(problem.root, "alphabeta"), DrawOptions(compact=True))
    graph = graphviz.Digraph()
    graph.attr("graph", ordering="out", nodesep="0.3", ranksep="0.55")
    graph.attr("node", shape="box", fixedsize="true", label="", width="1", height="0.6")
    for node in scene.nodes:
        graph.node(node.id)
    for edge in scene.edges:
        graph.edge(edge.tail, edge.head)
    start = time.perf_counter()
    run_graphviz(graph.source, "json", "dot")
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    lay_out(scene)
    tidy = time.perf_counter() - start
    print(f"\nLaying out the compact drawing ({len(scene.nodes):,} nodes): dot {seconds:.1f} s, "
          f"tidy {tidy:.2f} s ({seconds / tidy:.0f}×)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median reported; default 3)")
    parser.add_argument("--dot", action="store_true", help="also time dot's layout of the compact drawing (minutes)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tree = os.path.join(folder, "big.yaml")
        write_tree(tree)
        bench_processes(tree, os.path.join(folder, "big.svg"), args.repeat)
        bench_compact_yardstick(tree, folder, args.repeat)
        bench_stages(tree)
        if args.dot:
            bench_dot_layout(tree)


if __name__ == "__main__":
    main()
