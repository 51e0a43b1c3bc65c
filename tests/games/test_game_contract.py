"""The game contract, checked the same way for every game: the built-in ones and a user's own (tests/nim_game.py).

What each game must do for tracer (tracer.model.game.Game and tracer.model.game.GameState): its notation reads
back to the same position, every legal move's name parses back to the move, a move never changes the position it
is made from, equal positions hash alike, a terminal position has no moves and a utility whose sign says who won,
a move that is not legal is refused naming the legal ones, and every search finds the same value (the searches'
brute-force agreement, on positions from random games), and its values lie on the grain its positions declare. The
rules of each game are tested in its own file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games import GAMES, load_game
from helpers import assert_searches_agree, random_positions
from nim_game import Nim
from tracer import ALGORITHMS, IllegalMoveError, Player
from tracer.numbers import exact
from tracer.model.game import Game
from tracer.model.game import GameState

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)


@dataclass(frozen=True)
class Case:
    """A game under test: how to make it, how deep its searches can be compared quickly, and how far into a random
    game its positions are taken (the full Clobber board from its middle game: a few thousand nodes at depth 4)."""

    name: str
    make: object
    depths: tuple[int, ...]
    positions: int = 15
    max_plies: int = 30
    min_plies: int = 0


CASES = [
    Case("tictactoe", lambda: load_game("tictactoe"), depths=tuple(range(1, 10)), positions=40, min_plies=2,
         max_plies=7),
    Case("tictactoe-quick-wins", lambda: load_game("tictactoe", quick_wins=True), depths=(1, 3, 5, 9), min_plies=2),
    Case("connect4", lambda: load_game("connect4"), depths=(1, 2, 3, 4), positions=25),
    Case("connect4-4x4", lambda: load_game("connect4", cols=4, rows=4), depths=(1, 2, 4, 6)),
    Case("clobber-4x4", lambda: load_game("clobber", cols=4, rows=4), depths=(1, 2, 3, 4)),
    Case("clobber", lambda: load_game("clobber"), depths=(1, 2, 3, 4), positions=10, min_plies=8, max_plies=14),
    Case("pig", lambda: load_game("pig"), depths=(1, 2, 4), max_plies=12),
    Case("chess", lambda: load_game("chess"), depths=(1, 2), positions=5, max_plies=60, min_plies=10),
    Case("nim (a user's own game)", Nim, depths=(1, 2, 3, 7)),
]


@pytest.fixture(params=CASES, ids=[case.name for case in CASES])
def case(request):
    return request.param


def test_the_game_offers_the_interface(case):
    game = case.make()
    assert isinstance(game, Game)
    assert len(game.sides) == 2 and all(isinstance(side, str) and side for side in game.sides)
    assert isinstance(game.start(), GameState)
    if game.name in GAMES:
        assert type(game) is GAMES[game.name]


def test_notation_reads_back_to_a_position_of_the_same_value(case):
    """The notation holds all that matters to a search: read back, it writes the same and has the same value (it may
    name the sides otherwise: Pig writes the mover's score first, Nim only the heap). Equal positions hash alike."""
    game = case.make()
    depth = case.depths[min(1, len(case.depths) - 1)]
    search = ALGORITHMS["expectiminimax" if getattr(game.start(), "chance", False) is True else "minimax"]
    for state in random_positions(game, case.positions, seed=1, max_plies=case.max_plies, min_plies=case.min_plies):
        if state.player is Player.CHANCE:
            continue
        again = game.position(game.notation(state))
        assert game.notation(again) == game.notation(state) and again.player is Player.MAX
        assert search.run(again, depth)[0] == search.run(state, depth)[0], game.notation(state)
        if again == state:
            assert hash(again) == hash(state)
            if hasattr(state, "key"):  # the transposition table's key: the same for the same position
                assert again.key() == state.key()


def test_moves_parse_back_and_leave_the_position_unchanged(case):
    game = case.make()
    for state in random_positions(game, case.positions, seed=2, max_plies=case.max_plies, min_plies=case.min_plies):
        before = game.notation(state)
        moves = list(state.moves())
        assert bool(moves) != state.is_terminal()
        assert len(set(moves)) == len(moves)
        for move in moves:
            child = state.child(move)
            assert child != state
            if state.player is not Player.CHANCE:
                assert game.parse_move(state, state.move_name(move)) == move
        if state.player is Player.CHANCE:
            assert sum(state.probability(m) for m in moves) == pytest.approx(1)
        assert game.notation(state) == before


def test_a_move_that_is_not_legal_is_refused_naming_the_legal_ones(case):
    game = case.make()
    for state in random_positions(game, 5, seed=3, max_plies=case.max_plies, min_plies=case.min_plies):
        if state.is_terminal() or state.player is Player.CHANCE:
            continue
        with pytest.raises(IllegalMoveError) as refused:
            game.parse_move(state, "no such move")
        assert state.move_name(state.moves()[0]) in str(refused.value)


def test_a_finished_game_scores_for_its_winner(case):
    game = case.make()
    rng = random.Random(4)
    finished = 0
    for _ in range(30):
        root = game.rooted(game.start())
        state = root
        for _ in range(400):
            if state.is_terminal():
                break
            moves = list(state.moves())
            weights = [state.probability(m) for m in moves] if state.player is Player.CHANCE else None
            state = state.child(rng.choices(moves, weights)[0])
        if not state.is_terminal():
            continue
        finished += 1
        winner, utility = game.winner(state), state.utility()
        assert winner in (0, 1, None) and state.moves() in ((), [])
        if winner is None:
            assert utility == 0
        else:  # positive when the side that was MAX at the root won
            assert (utility > 0) == (winner == game.to_move(root)), (game.notation(state), utility)
    assert finished


def test_every_value_lies_on_the_declared_grain(case):
    """MTD(f) and SSS* test with the null window (β − value_grain, β): a game's positions declare value_grain, and
    the utilities and evaluations of positions from random games differ by whole multiples of it (their values as
    the exact numbers they stand for: tic-tac-toe's evaluation is in tenths)."""
    game = case.make()
    states = random_positions(game, case.positions, seed=6, max_plies=case.max_plies, min_plies=case.min_plies)
    grains = {exact(state.value_grain) for state in states}
    assert len(grains) == 1 and next(iter(grains)) > 0
    grain = grains.pop()
    values = {exact(state.utility() if state.is_terminal() else state.evaluate()) for state in states}
    values |= {exact(child.evaluate()) for state in states[:5] for child in map(state.child, state.moves())
               if not child.is_terminal()}
    first = min(values)
    assert all((value - first) / grain == int((value - first) / grain) for value in values), (grain, sorted(values))


def test_every_search_finds_the_same_value(case):
    game = case.make()
    states = [s for s in random_positions(game, case.positions, seed=5, max_plies=case.max_plies, min_plies=case.min_plies)
              if not s.is_terminal()]
    if getattr(game.start(), "chance", False) is True:
        pytest.skip("only expectiminimax searches a game with dice: test_pig.py checks it against the rules")
    for state in states:
        assert_searches_agree(state, case.depths)
