"""Players that prefer quicker wins search the game's own states (``rooted_quicker``): every search finds exactly
what it finds through the wrapper around each state (:class:`QuickerWins`, kept for games without the option),
and a seeded match plays the same moves either way."""

from __future__ import annotations

import random

import pytest

from games import load_game
from helpers import random_positions
from tracer.model.state import Player, quicker
from tracer.play.match import play_one
from tracer.play.players import QuickerWins, make_player, search_root
from tracer.search.ordering import ordered
from tracer.search.registry import ALGORITHMS
from tracer.search.tracers import CountingTracer

# options, search depth (None: to the end), and the plies into random games the positions are taken from
GAMES = {"tictactoe": ({}, None, (3, 7)), "connect4": ({"rows": 4, "cols": 5}, 4, (6, 14)),
         "clobber": ({"rows": 4, "cols": 4}, 4, (3, 10)), "pig": ({"target": 6}, 4, (2, 8))}


class WithoutNativeOption:
    """A game as a user's own would be: everything but ``rooted_quicker``, so players wrap every state."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        if name == "rooted_quicker":
            raise AttributeError(name)
        return getattr(self._game, name)


def searches(game) -> list[str]:
    chance = getattr(game.start(), "chance", False) is True
    return [name for name, search in ALGORITHMS.items()
            if search.family == "values" and not search.vectors and (search.chance or not chance)]


def search(root, name: str, depth, order: str):
    counter = CountingTracer()
    value, move = ALGORITHMS[name].run(ordered(root, order, depth, 3), depth, counter)
    return value, move, counter.nodes_visited, counter.leaves_evaluated, counter.cutoffs


@pytest.mark.parametrize("name", GAMES)
def test_every_search_finds_what_it_finds_through_the_wrapper(name):
    options, depth, (fewest, most) = GAMES[name]
    game = load_game(name, **options)
    assert search_root(game, game.start(), True).__class__ is not QuickerWins  # the game's own states
    depth = float("inf") if depth is None else depth
    positions = random_positions(game, 8, seed=7, max_plies=most, min_plies=fewest)
    rescored = 0  # positions whose value the distance changes: game ends were within reach
    for state in [p for p in positions if p.player is not Player.CHANCE]:
        for algorithm in searches(game):
            for order in ("natural", "eval"):
                native = search(game.rooted_quicker(state), algorithm, depth, order)
                wrapped = search(QuickerWins(game.rooted(state)), algorithm, depth, order)
                assert native == wrapped, (game.notation(state), algorithm, order)
                rescored += native[0] != search(game.rooted(state), algorithm, depth, order)[0]
    assert rescored


def test_game_ends_are_scored_by_their_distance_from_the_root():
    game = load_game("tictactoe")
    root = game.rooted_quicker(game.position("XX./OO./..."))  # X to move wins at 3, or later
    win = root.child(3)
    assert win.is_terminal() and win.utility() == quicker(1, 1) == 0.999
    assert game.rooted(game.position("XX./OO./...")).child(3).utility() == 1  # plain search: any win is 1
    late = root.child(9).child(6)  # X does not take the win, O takes its own: a loss two plies below
    assert late.is_terminal() and late.utility() == quicker(-1, 2)


@pytest.mark.parametrize("name, kinds", [("clobber", ("alphabeta", "greedy")), ("connect4", ("pvs", "negamax")),
                                         ("tictactoe", ("minimax", "random")), ("pig", ("expectiminimax", "random"))])
def test_a_seeded_match_plays_the_same_moves_as_through_the_wrapper(name, kinds):
    options, depth, _ = GAMES[name]
    game = load_game(name, **options)
    def moves(played, number):
        players = [make_player(kind, depth, random.Random(0), seed=1, quick_wins=True) for kind in kinds]
        record = play_one(played, players, number, openings=2, seed=1)[0]
        return [(turn.move, turn.choice.value, turn.choice.nodes) for turn in record.turns]

    for number in range(2):
        assert moves(game, number) == moves(WithoutNativeOption(game), number)
