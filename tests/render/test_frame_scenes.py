"""A deck's frames (tracer.render.scene.FrameScenes), which give again the node or edge an earlier frame made where
nothing it is made from has changed, are the frames made afresh at every step (each node and edge made from the view
at that step), for every family of searches and the drawing options that change what a node shows; no later frame
changes an earlier one; and most of a frame's nodes are shared with the frame before."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import traced
from tracer.render.scene import DrawOptions, FrameScenes, _SceneBuilder
from tracer.view import TraceView

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path, algorithm, options", [
    ("trees/rn_example.yaml", "pvs", DrawOptions(legend=True)),  # null-window tests (view.tested)
    ("trees/rn_example.yaml", "mtdf", DrawOptions(visits=True)),  # passes: a node searched again
    ("trees/binary_depth4.yaml", "alphabeta", DrawOptions(compact=True, reveal=True)),  # stubs, hidden nodes
    ("trees/uneven.yaml", "alphabeta", DrawOptions(draw_depth=2, node_types=True, flags=((2, "✗ you: 4"),))),
    ("trees/dice.yaml", None, DrawOptions(legend=True)),  # chance nodes: bounds from the children's intervals
    ("trees/three_players.yaml", None, DrawOptions()),  # vectors
    ("trees/mcts_exercise.yaml", None, DrawOptions(playouts=True)),  # visits and wins, the path, playouts
    ("games/positions/tictactoe_fork.yaml", None, DrawOptions(first_children=2)),  # boards
])
def test_frames_given_again_are_the_frames_made_afresh(path, algorithm, options):
    trace = traced(ROOT / path, algorithm)
    final = TraceView(trace)
    frames = FrameScenes(final, options)
    view, made, afresh = TraceView(trace, 0), [], []
    for event in trace.events:
        view.apply(event)
        made.append(frames.scene(view))
        afresh.append(_SceneBuilder(view, options, final, frames.chosen).scene())  # (nothing given again)
        assert made[-1] == afresh[-1], f"step {view.step}"
    assert made == afresh  # (a node given again was not changed by a later frame)
    shared = sum(node is before for scene, previous in zip(made[1:], made) for node, before in
                 zip(scene.nodes, previous.nodes))
    assert shared > sum(len(scene.nodes) for scene in made[1:]) / 2


def test_a_lectures_boards_are_made_for_every_frame():
    """A lecture's board takes its count of children not drawn after it is made: its frames share no node."""
    trace = traced(ROOT / "games/positions/tictactoe_fork.yaml", None)
    frames = FrameScenes(TraceView(trace), DrawOptions(lecture_boards=True, draw_depth=1))
    view, made = TraceView(trace, 0), []
    for event in trace.events[:20]:
        view.apply(event)
        made.append(frames.scene(view))
    assert not any(node is before for scene, previous in zip(made[1:], made)
                   for node, before in zip(scene.nodes, previous.nodes))
