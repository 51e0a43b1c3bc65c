"""The practice page's players' decks (``make_deck(player=True)``): fitted to the slide over their distinct
caption-less pages only, which must give exactly what fitting over every frame's page gives (the brute force), and
the frames, steps and captions of the slide's deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer import Rules, load_problem, trace_search
from tracer.render.deck import make_deck, room_scene
from tracer.render.drawing import on_slide
from tracer.records import replace
from tracer.render.page import DEFAULT_SLIDE, page_of
from tracer.view import default_step_mode, frame_steps

TREES = Path(__file__).resolve().parents[2] / "trees"


@pytest.mark.parametrize("tree, algorithm", [("rn_example.yaml", "alphabeta"), ("dice.yaml", "expectiminimax"),
                                             ("id_example.yaml", "id")])
def test_a_player_s_deck_is_fitted_as_over_every_frame_s_page(tree, algorithm):
    problem = load_problem(str(TREES / tree))
    trace = trace_search(problem.root, algorithm, depth=problem.depth, meta=problem.meta, rules=Rules())
    steps = frame_steps(trace, default_step_mode(trace, player=True))
    deck = make_deck(trace, steps, player=True)
    slide = make_deck(trace, steps)
    assert [(f.step, f.caption) for f in deck.frames] == [(f.step, f.caption) for f in slide.frames]
    scenes = [frame.scene for frame in deck.frames]
    shape = DEFAULT_SLIDE[0] / DEFAULT_SLIDE[1]
    layout, page, _ = on_slide(room_scene(scenes), DEFAULT_SLIDE, deck.options,
                               lambda layout: [page_of(replace(s, caption=""), layout, shape) for s in scenes],
                               corner=False)
    assert len(scenes) > 5
    assert deck.layout == layout
    assert deck.page == page and deck.page.caption is None
