"""tracer: make game-tree search visible.

A search is instrumented so that it records every node visit, every α/β update, every cutoff and every returned
value into a trace; renderers turn the trace into Graphviz diagrams, step tables and statistics::

    import tracer
    tree = tracer.load_tree("trees/rn_example.yaml")
    trace = tracer.trace_search(tree.root, "alphabeta", meta=tree.meta())
    trace.spec                              # the search, as one typed value (SearchSpec)
    trace                                   # in Jupyter: the step-through player (the diagram without HTML)
    tracer.player(trace, step="cutoff")     # the player, a frame after each cutoff
    tracer.render_to_file(trace, "output/rn.svg")
    print(tracer.step_table(trace))

This module is the package's face: each name is imported from its stage the first time it is used, so
``import tracer`` (and the command line) starts quickly.
"""

from __future__ import annotations

import importlib
import sys

_EXPORTS = {
    "errors": ("GameError", "IllegalMoveError", "OutputError", "RenderError", "SearchOptionError",
               "TraceFileError", "TracerError", "TreeFileError", "UsageError"),
    "model.game": ("GameState",),
    "model.state": ("UNLIMITED", "Board", "Player"),
    "model.trees": ("Tree", "TreeNode"),
    "search.algorithms": ("Rules", "alphabeta", "minimax", "negamax", "negamax_ab"),
    "search.bounds": ("Bound",),
    "search.registry": ("ALGORITHMS", "Algorithm"),
    "search.spec": ("SearchSpec",),
    "search.tracers": ("NO_TRACER", "CountingTracer", "NullTracer"),
    "trace.recorder": ("RecordingTracer",),
    "trace.trace": ("Trace", "TraceNode"),
    "view": ("TraceView", "frame_steps"),
    "render.scene": ("DrawOptions", "scene_of"),
    "render.drawing": ("DrawRequest", "render_bytes", "render_to_file", "to_dot"),
    "render.deck": ("make_deck",),
    "render.slides": ("write_slides",),
    "render.text_table": ("step_table",),
    "render.notebook": ("player",),
    "run": ("Stats", "search_stats", "trace_search"),
    "inputs": ("Problem", "load_problem", "load_trace", "load_tree", "parse_tree"),
    "exercises.facts": ("SearchFacts",),
    "exercises.check_keys": ("check_file",),
    "exercises.grade": ("grade",),
    "exercises.generate": ("generate",),
    "cli.notebook": ("practice",),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tracer' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))


def _svg(trace) -> str | None:
    """A trace's diagram as SVG text (what Jupyter shows where it shows no HTML), within the drawing limits."""
    from .render.notebook import diagram_svg

    return diagram_svg(trace)


def _html(trace) -> str:
    """A trace's step-through player, inline (what Jupyter shows): see :mod:`tracer.render.notebook`."""
    from .render.notebook import player_output

    return player_output(trace)


def _show_traces_in_jupyter() -> None:
    """In IPython or Jupyter, show a Trace as its step-through player, and as its diagram where HTML is not shown.
    Registered by the class's name, so nothing is imported until a trace is shown; the trace itself knows nothing
    of rendering."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        formatters = shell.display_formatter.formatters
        formatters["text/html"].for_type_by_name("tracer.trace.trace", "Trace", _html)
        formatters["image/svg+xml"].for_type_by_name("tracer.trace.trace", "Trace", _svg)


_show_traces_in_jupyter()
