"""Players and games (tracer/play.py), on the small Nim in tests/nim_game.py."""

from __future__ import annotations

import random

import pytest

from nim_game import Nim, NimState
from tracer import TracerError
from tracer.play.game_loop import play_game
from tracer.play.players import Choice, HumanPlayer, make_player


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


def test_undo_takes_back_the_humans_move_and_the_reply():
    answers = iter(["1", "undo", "2", "2"])
    players = [HumanPlayer(read=lambda prompt: next(answers), say=lambda line: None),
               make_player("alphabeta", None, random.Random(0))]
    record = play_game(Nim(), players, NimState(7))
    assert record.turns[0].move == "2"  # the first move, 1, was taken back with the reply to it


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


def test_a_greedy_players_saved_trace_is_titled_greedy():
    greedy = make_player("greedy", None, random.Random(0), keep_traces=True)
    choice = greedy.choose(Nim(), NimState(4))
    assert choice.trace.title.startswith("Greedy") and "depth 1" not in choice.trace.title
