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


# ---- Monte Carlo tree search players ---------------------------------------------------------------------------

def test_mcts_stopped_early_is_mcts_of_that_many_iterations():
    from tracer.search.mcts import MAX_ITERATIONS, mcts
    from tracer.search.tracers import CountingTracer

    root = Nim().rooted(NimState(9))
    asked = []

    def stop():  # says stop the 12th time it is asked: after iteration 12 (it is first asked before iteration 2)
        asked.append(1)
        return len(asked) == 12

    counter = CountingTracer()
    stopped = mcts(root, tracer=counter, iterations=MAX_ITERATIONS, seed=7, stop=stop)
    assert counter.iterations == 12
    assert stopped == mcts(root, iterations=12, seed=7)
    assert mcts(root, iterations=1, seed=7, stop=lambda: True) == mcts(root, iterations=1, seed=7)  # one at least


def test_an_mcts_player_with_a_time_budget_stops_and_seeds_each_move():
    from tracer.search.mcts import MAX_ITERATIONS

    timed = make_player("mcts", None, random.Random(0), seconds=0.01)
    choice = timed.choose(Nim(), NimState(30))
    assert 1 <= choice.iterations < MAX_ITERATIONS and choice.nodes <= choice.iterations
    counted = make_player("mcts", None, random.Random(0), settings={"iterations": 300}, seed=4)
    first = [counted.choose(Nim(), NimState(30)).value for _ in range(3)]
    assert len(set(first)) > 1  # a new seed each move
    counted.new_game("4/game 1/p1")
    again = [counted.choose(Nim(), NimState(30)).value for _ in range(3)]
    counted.new_game("4/game 1/p1")
    assert again == [counted.choose(Nim(), NimState(30)).value for _ in range(3)]  # a game's seeds replay


def test_mcts_wins_nim_from_a_won_position():
    players = [make_player("mcts", None, random.Random(0), settings={"iterations": 400}),
               make_player("random", None, random.Random(3))]
    record = play_game(Nim(), players)
    assert record.winner == 0 and record.turns[0].move == "1"


def test_a_timed_move_s_saved_trace_names_the_iterations_it_made(tmp_path):
    import json

    from helpers import run_tracer
    from tracer.inputs import load_game
    from tracer.run import trace_search

    result = run_tracer("play", "tictactoe", "--p1", "mcts", "--p1-time", "0.005", "--p2", "mcts",
                        "--p2-iterations", "20", "--save-traces", tmp_path)
    assert result.returncode == 0, result.stderr
    assert " iterations, " in result.stdout
    saved = json.loads((tmp_path / "move-01.json").read_text())
    made = sum(event["type"] == "mcts_iteration" for event in saved["events"])
    assert saved["options"]["iterations"] == made
    game = load_game("tictactoe")
    again = trace_search(game.rooted(game.start()), "mcts", seed=saved["options"]["seed"],
                         settings={"iterations": made})
    assert json.loads(again.to_json())["events"] == saved["events"]  # the seed and the count make it again
