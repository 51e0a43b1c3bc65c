"""Players and games (tracer/play.py), on a tiny Nim written here against tracer's Game interface."""

from __future__ import annotations

import random

import pytest

from tracer import Board, IllegalMoveError, Player, TracerError
from tracer.play import Choice, HumanPlayer, make_player, play_game


class NimState:
    """Take 1 or 2 from a heap; whoever takes the last counter wins. Positions with heap % 3 == 0 are lost."""

    __slots__ = ("heap", "side", "max_side")

    def __init__(self, heap, side=0, max_side=0):
        self.heap, self.side, self.max_side = heap, side, max_side

    @property
    def player(self):
        return Player.MAX if self.side == self.max_side else Player.MIN

    def moves(self):
        return [take for take in (1, 2) if take <= self.heap]

    def child(self, take):
        return NimState(self.heap - take, 1 - self.side, self.max_side)

    def is_terminal(self):
        return self.heap == 0

    def utility(self):
        return -1 if self.player is Player.MAX else 1  # the player to move has no counter left: lost

    def evaluate(self):
        return 0

    def move_name(self, take):
        return str(take)

    def board(self):
        return Board(["●" * self.heap or "."])


class Nim:
    name = "nim"
    sides = ("First", "Second")
    default_depth = None

    def start(self):
        return NimState(7)

    def position(self, text):
        return NimState(int(text))

    def notation(self, state):
        return str(state.heap)

    def parse_move(self, state, text):
        text = text.strip()
        if text not in ("1", "2") or int(text) > state.heap:
            legal = ", ".join(state.move_name(m) for m in state.moves())
            raise IllegalMoveError(f"{text!r} is not a legal move here (legal: {legal})")
        return int(text)

    def to_move(self, state):
        return state.side

    def winner(self, state):
        return 1 - state.side

    def rooted(self, state):
        return NimState(state.heap, state.side, state.side)

    def text(self, state):
        return f"heap {state.heap}"


@pytest.mark.parametrize("kind", ["minimax", "alphabeta", "negamax", "negamax-ab"])
def test_search_players_win_nim_from_a_won_position(kind):
    # 7 counters: the first player wins by leaving a multiple of three, whatever the random opponent does
    players = [make_player(kind, None, random.Random(0)), make_player("random", None, random.Random(5))]
    for seed in range(5):
        players[1] = make_player("random", None, random.Random(seed))
        record = play_game(Nim(), players)
        assert record.winner == 0
        first = record.turns[0]
        assert first.move == "1" and first.choice.value == 1 and first.choice.nodes > 1


def test_a_lost_position_is_lost_against_perfect_play():
    players = [make_player("random", None, random.Random(1)), make_player("alphabeta", None, random.Random(0))]
    record = play_game(Nim(), players, NimState(9))
    assert record.winner == 1


def test_human_moves_are_checked_and_asked_again_with_a_hint():
    answers = iter(["three", "5", " 2 "])
    said = []
    human = HumanPlayer(read=lambda prompt: next(answers), say=said.append)
    choice = human.choose(Nim(), NimState(7))
    assert choice == Choice(2)
    assert len(said) == 2 and all("legal: 1, 2" in line for line in said)


def test_human_leaving_is_a_clear_error():
    def no_more(prompt):
        raise EOFError

    with pytest.raises(TracerError, match="no more input"):
        HumanPlayer(read=no_more, say=print).choose(Nim(), NimState(3))


def test_game_transcript_shows_value_nodes_and_time():
    lines = []
    players = [make_player("alphabeta", None, random.Random(0)), make_player("minimax", None, random.Random(0))]
    record = play_game(Nim(), players, say=lines.append)
    moves = [line for line in lines if " plays " in line]
    assert len(moves) == len(record.turns)
    assert moves[0].startswith("First (alphabeta) plays 1: value 1,") and "nodes" in moves[0] and " s" in moves[0]


def test_greedy_looks_one_move_ahead():
    greedy = make_player("greedy", None, random.Random(0))
    # from 2 counters taking both wins at once: a one-ply search sees the terminal utility
    assert greedy.choose(Nim(), NimState(2)).move == 2
    assert greedy.choose(Nim(), NimState(2)).nodes == 3


def test_unknown_player():
    with pytest.raises(TracerError, match="unknown player 'oracle'"):
        make_player("oracle", 2, random.Random(0))
