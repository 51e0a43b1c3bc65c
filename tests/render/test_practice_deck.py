"""The practice page's players' decks (``make_deck(player=True)``): fitted to the slide over their distinct
caption-less pages only, which must give exactly what fitting over every frame's page gives (the brute force), and
the frames, steps and captions of the slide's deck."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tracer import Rules, load_problem, trace_search
from tracer.records import replace
from tracer.render.deck import fitting_layout, make_deck, room_scene
from tracer.render.drawing import PLAIN_LAYOUTS, SLIDE_LAYOUTS, on_slide
from tracer.render.page import DEFAULT_SLIDE, page_of
from tracer.view import default_step_mode, frame_steps

TREES = Path(__file__).resolve().parents[2] / "trees"


@pytest.mark.parametrize("tree, algorithm", [("rn_example.yaml", "alphabeta"), ("dice.yaml", "expectiminimax"),
                                             ("id_example.yaml", "id"), ("binary_depth4.yaml", "alphabeta"),
                                             ("uneven.yaml", "alphabeta")])  # (the last two: no layout holds 18 pt)
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


def _rule(layouts, scale, aim):
    """The layout the slide's rule takes, by trying every one: the first reaching ``aim``; None if none does
    (then the player asks on_slide, which tries them all)."""
    return next((loose for loose in layouts if scale[loose] >= aim), None)


STAGGERED = SLIDE_LAYOUTS + tuple((spacing, form, terse, True) for spacing, form, terse, _ in SLIDE_LAYOUTS)


@pytest.mark.parametrize("layouts", [PLAIN_LAYOUTS, SLIDE_LAYOUTS, STAGGERED],
                         ids=["plain", "with terse", "with staggered"])
def test_the_player_s_layout_is_the_rule_s_found_from_few_tries(layouts):
    draw = random.Random(37)
    for case in range(400):
        scale = {}
        for form in dict.fromkeys(loose[1:] for loose in layouts):  # each form's scale grows as it tightens
            value = draw.uniform(0.3, 1.5)
            for loose in (loose for loose in layouts if loose[1:] == form):
                scale[loose] = value
                value += draw.choice([0.0, 0.0, draw.uniform(0, 0.004), draw.uniform(0, 0.3)])  # (plateaus, near)
        aim = draw.choice([draw.uniform(0.5, 2.5), 1.854])
        tried = []
        chosen = fitting_layout(layouts, lambda loose: tried.append(loose) or scale[loose], aim)
        assert chosen == _rule(layouts, scale, aim), case
        assert len(set(tried)) <= len(layouts) // 2 + 2  # (every layout's scale was computed: 24 or 48)
