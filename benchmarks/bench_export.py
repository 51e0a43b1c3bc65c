"""Benchmark for `tracer export`: a random uniform tree, branching 3 and depth 11 (177,147 leaves, 265,720 nodes),
searched by minimax once, then its graph data worked out and written as GraphML and as node-link JSON.

    python benchmarks/bench_export.py [--repeat N] [--networkx]

Targets (2-core machine, medians): each format written in ≤ 5 s, the graph data included. ``--networkx`` also times
networkx's own writers on the same graph (``write_graphml``: about 40 s), which export wrote through before.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from bench_big import write_tree  # noqa: E402
from timing import median_seconds  # noqa: E402
from tracer.inputs import load_problem  # noqa: E402
from tracer.render.export import export_bytes, graph_data, to_networkx  # noqa: E402
from tracer.run import trace_search  # noqa: E402

TARGET = 5.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--networkx", action="store_true", help="also time networkx's writers (slow)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tree = os.path.join(folder, "b3d11.yaml")
        write_tree(tree, branching=3, depth=11)
        problem = load_problem(tree, max_nodes=300_000)
    trace = trace_search(problem.root, "minimax", max_nodes=300_000)
    print(f"export of a b=3 d=11 minimax search ({trace.node_count:,} nodes), median of {args.repeat}")
    print(f"{'stage':<28} {'seconds':>8} {'target':>7}")
    print(f"{'graph data':<28} {median_seconds(lambda: graph_data(trace), args.repeat):8.2f}")
    for fmt in ("graphml", "json"):
        seconds = median_seconds(lambda: export_bytes(trace, fmt), args.repeat)
        print(f"{fmt + ' (with the graph data)':<28} {seconds:8.2f} {TARGET:7.1f}{'' if seconds <= TARGET else '  SLOW'}")
    if args.networkx:
        import networkx as nx

        graph = to_networkx(trace)
        seconds = median_seconds(lambda: nx.write_graphml(graph, io.BytesIO()), 1)
        print(f"{'networkx write_graphml':<28} {seconds:8.2f}")


if __name__ == "__main__":
    main()
