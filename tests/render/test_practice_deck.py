"""The practice page's players' decks (``make_deck(player=True)``): fitted to the slide over their distinct
caption-less pages only, by halving the textbook form's spacings, which must give exactly what trying every spacing
over every frame's page gives (the brute force), and the frames, steps and captions of the slide's deck."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tracer import Rules, load_problem, trace_search
from tracer.records import replace
from tracer.render.deck import PLAYER_LAYOUTS, fitting_layout, make_deck, room_scene
from tracer.render.drawing import PLAIN_LAYOUTS, SLIDE_LAYOUTS, slide_aim, slide_filled, slide_try, smallest_font
from tracer.render.player import MIN_TEXT_PX, SHOWN_MARGIN
from tracer.render.page import DEFAULT_SLIDE, page_of
from tracer.view import default_step_mode, frame_steps

TREES = Path(__file__).resolve().parents[2] / "trees"


@pytest.mark.parametrize("tree, algorithm", [("rn_example.yaml", "alphabeta"), ("dice.yaml", "expectiminimax"),
                                             ("id_example.yaml", "id"), ("binary_depth4.yaml", "alphabeta"),
                                             ("uneven.yaml", "alphabeta")])  # (the last three: no spacing holds 18 pt)
def test_a_player_s_deck_is_fitted_over_every_frame_s_page_in_the_textbook_s_form(tree, algorithm):
    """The player's layout is the brute force's: of :data:`PLAYER_LAYOUTS`, each tried on every frame's page (not
    only the distinct ones), the loosest whose page holds projection size on the slide, else the tightest; filled
    as a slide is. Its tree reads at 14 CSS px in a notebook's 1,100 px cell without scrolling."""
    problem = load_problem(str(TREES / tree))
    trace = trace_search(problem.root, algorithm, depth=problem.depth, meta=problem.meta, rules=Rules())
    steps = frame_steps(trace, default_step_mode(trace, player=True))
    deck = make_deck(trace, steps, player=True)
    slide = make_deck(trace, steps)
    assert [(f.step, f.caption) for f in deck.frames] == [(f.step, f.caption) for f in slide.frames]
    scenes = [frame.scene for frame in deck.frames]
    shape = DEFAULT_SLIDE[0] / DEFAULT_SLIDE[1]
    room = room_scene(scenes)

    def pages_of(layout):
        return [page_of(replace(s, caption=""), layout, shape) for s in scenes]
    aim = slide_aim(room, DEFAULT_SLIDE, deck.options)
    tried = {loose: slide_try(room, loose, DEFAULT_SLIDE, pages_of, corner=False, aim=aim) for loose in PLAYER_LAYOUTS}
    loose = next((loose for loose in PLAYER_LAYOUTS if tried[loose][0] >= aim), PLAYER_LAYOUTS[-1])
    layout, page = slide_filled(room, DEFAULT_SLIDE, deck.options, loose, tried[loose], pages_of)
    assert len(scenes) > 5
    assert deck.layout == layout
    assert deck.page == page and deck.page.caption is None
    assert {loose[1:] for loose in PLAYER_LAYOUTS} == {("under", False, False)}  # the textbook's form, as written
    shown = deck.layout.tree.union(page.title)
    shown = shown if page.legend is None else shown.union(page.legend)
    assert (shown.width + 2 * SHOWN_MARGIN) * MIN_TEXT_PX / smallest_font(room) <= 1100


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
