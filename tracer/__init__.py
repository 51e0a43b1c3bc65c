"""tracer: make game-tree search visible.

A search is instrumented so that it records every node visit, every α/β update, every cutoff and every returned
value into a trace; renderers turn the trace into Graphviz diagrams, step tables and statistics::

    import tracer
    tree = tracer.load_tree("trees/rn_example.yaml")
    trace = tracer.trace_search(tree.root, "alphabeta", meta=tree.meta())
    trace                                   # in Jupyter: the diagram, inline SVG
    tracer.render_to_file(trace, "output/rn.svg")
    print(tracer.step_table(trace))
"""

from .dot import DrawOptions, to_dot
from .errors import GameError, IllegalMoveError, RenderError, TraceFileError, TracerError, TreeFileError
from .render import render_bytes, render_to_file
from .run import Stats, search_stats, trace_search
from .search import ALGORITHMS, Rules, alphabeta, minimax, negamax, negamax_ab
from .state import UNLIMITED, Board, GameState, Player
from .table import step_table
from .trace import Trace
from .tracers import NO_TRACER, CountingTracer, NullTracer, RecordingTracer
from .trees import Tree, TreeNode, load_tree, parse_tree

__all__ = [
    "ALGORITHMS", "Board", "CountingTracer", "DrawOptions", "GameError", "GameState", "IllegalMoveError",
    "NO_TRACER", "NullTracer", "Player", "RecordingTracer", "RenderError", "Rules", "Stats", "Trace",
    "TraceFileError", "TracerError", "Tree", "TreeFileError", "TreeNode", "UNLIMITED", "alphabeta", "load_tree",
    "minimax", "negamax", "negamax_ab", "parse_tree", "render_bytes", "render_to_file", "search_stats",
    "step_table", "to_dot", "trace_search",
]
