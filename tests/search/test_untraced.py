"""Tracing off skips the tracer's steps entirely (tracer/search/tracers.py ``traced``): alpha-beta with the null
tracer calls none of them, and finds what the traced search finds, under either prune rule and fail mode."""

from __future__ import annotations

import pytest

from games import load_game
from tracer import NO_TRACER, CountingTracer, NullTracer, Rules
from tracer.search.algorithms import alphabeta
from tracer.search.tracers import traced


def test_only_the_null_tracer_is_skipped():
    assert traced(NO_TRACER) is False
    assert traced(CountingTracer()) is True and traced(NullTracer()) is True  # any other tracer is called


@pytest.mark.parametrize("game, depth", [("tictactoe", 9), ("connect4", 3), ("clobber", 3)])
@pytest.mark.parametrize("rules", [Rules("ge", "soft"), Rules("gt", "hard")])
def test_alphabeta_untraced_calls_no_step_and_finds_the_same(game, depth, rules, monkeypatch):
    game = load_game(game)
    counter = CountingTracer()
    game.clear_caches()
    traced_result = alphabeta(game.rooted(game.start()), depth, counter, rules)
    assert counter.nodes_visited > 50 and counter.cutoffs > 0

    def refuse(*_):
        raise AssertionError("the null tracer was called")

    for step in ("enter", "leaf", "value_updated", "alpha_updated", "beta_updated", "cutoff", "exit"):
        monkeypatch.setattr(NullTracer, step, refuse)
    game.clear_caches()
    assert alphabeta(game.rooted(game.start()), depth, NO_TRACER, rules) == traced_result
