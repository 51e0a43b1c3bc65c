"""Benchmarks for the core pipeline: tracing overhead, and `tracer render` against bare `dot`.

    python benchmarks/bench_core.py [--repeat N]

Prints medians measured in this one run, and the ratios the targets are stated in:
tracing on / off ≤ 3× on a random b=3, d=9 tree (29,524 nodes); the whole `tracer render trees/rn_example.yaml`
process against drawing its pinned DOT source alone (`neato -n2 -Tsvg`); a game position too large for a slide,
which is fitted (drawn to the depth that fits).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from tracer.render.drawing import render_bytes, to_dot  # noqa: E402
from timing import median_seconds  # noqa: E402
from tracer.run import deep_recursion, trace_search  # noqa: E402
from tracer.search.registry import ALGORITHMS  # noqa: E402
from tracer.model.state import Player  # noqa: E402
from tracer.search.tracers import NO_TRACER, CountingTracer  # noqa: E402
from tracer.inputs.trees import load_tree  # noqa: E402
from tracer.model.trees import TreeNode  # noqa: E402


def uniform_tree(branching: int, depth: int, seed: int = 1) -> TreeNode:
    rng = random.Random(seed)

    def build(level: int, player: Player) -> TreeNode:
        if level == depth:
            return TreeNode(player, value=rng.randint(-100, 100))
        return TreeNode(player, [build(level + 1, player.other) for _ in range(branching)], name="n")

    return build(0, Player.MAX)




def _built(trace):
    return trace.events, trace.nodes


def bench_tracing(repeat: int) -> None:
    root = uniform_tree(3, 9)
    print("Tracing overhead, random uniform tree b=3 d=9 (29,524 nodes), medians of", repeat, "runs")
    print("  off:    the search with the null tracer")
    print("  on:     trace_search: the search recording every event into a Trace")
    print("  +build: on, then the Trace's events and nodes built (names, pruned subtrees), as drawing or saving does")
    print(f"{'algorithm':<11} {'nodes':>7} {'off ms':>7} {'on ms':>7} {'ratio':>6} {'+build ms':>10} {'ratio':>6}")
    for name, search in ALGORITHMS.items():
        counter = CountingTracer()
        search.run(root, tracer=counter)
        with deep_recursion():
            off = median_seconds(lambda: search.run(root, tracer=NO_TRACER), repeat)
        on = median_seconds(lambda: trace_search(root, name), repeat)
        full = median_seconds(lambda: _built(trace_search(root, name)), repeat)
        print(f"{name:<11} {counter.nodes_visited:>7,} {off * 1e3:>7.1f} {on * 1e3:>7.1f} {on / off:>5.2f}× "
              f"{full * 1e3:>10.1f} {full / off:>5.2f}×")


def bench_render(repeat: int) -> None:
    example = os.path.join(ROOT, "trees", "rn_example.yaml")
    tree = load_tree(example)
    source = to_dot(trace_search(tree.root, "alphabeta", meta=tree.meta()))
    with tempfile.TemporaryDirectory() as folder:
        dot_file = os.path.join(folder, "rn.dot")
        with open(dot_file, "w", encoding="utf-8") as handle:
            handle.write(source)
        out = os.path.join(folder, "out.svg")
        bare = median_seconds(lambda: subprocess.run(["neato", "-n2", "-Tsvg", dot_file, "-o", out], check=True),
                              repeat)
        plain_dot = median_seconds(lambda: subprocess.run(["dot", "-Tsvg", dot_file, "-o", out], check=True), repeat)
        python = median_seconds(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), repeat)
        command = [sys.executable, "-m", "tracer", "render", example, "-o", out]
        env = dict(os.environ, PYTHONPATH=ROOT)
        whole = median_seconds(lambda: subprocess.run(command, check=True, env=env, cwd=ROOT,
                                                      stdout=subprocess.DEVNULL), repeat)
        inside = median_seconds(lambda: render_bytes(trace_search(tree.root, "alphabeta", meta=tree.meta())),
                                repeat)
        position = os.path.join(ROOT, "games", "positions", "connect4_threat.yaml")
        fitted = median_seconds(lambda: subprocess.run([sys.executable, "-m", "tracer", "render", position, "-o", out],
                                                       check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                                       stderr=subprocess.DEVNULL), repeat)
    print("\nRendering trees/rn_example.yaml to SVG (target: the whole process ≤ 4× dot -Tsvg)")
    print(f"dot -Tsvg on its pinned DOT:             {plain_dot * 1e3:7.1f} ms")
    print(f"neato -n2 -Tsvg on its pinned DOT:       {bare * 1e3:7.1f} ms")
    print(f"python -c pass (the interpreter alone):  {python * 1e3:7.1f} ms")
    print(f"tracer render (whole process):           {whole * 1e3:7.1f} ms   {whole / plain_dot:.2f}× dot, "
          f"{whole / bare:.2f}× neato")
    print(f"search + measure + layout + draw, inside:{inside * 1e3:7.1f} ms   {inside / bare:.2f}× neato")
    print(f"tracer render connect4_threat.yaml (fitted to depth 1 of 4, whole process): {fitted * 1e3:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs per measurement (median reported)")
    args = parser.parse_args()
    bench_tracing(args.repeat)
    bench_render(args.repeat)


if __name__ == "__main__":
    main()
