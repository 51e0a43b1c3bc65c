"""Pig, the dice game: its rules, its notation, expectiminimax on it against an independent brute force, every
other search refused, and play and match rolling the die."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from helpers import assert_one_line_error, run_tracer
from games.pig import HOLD, ROLL, Pig
from tracer import ALGORITHMS, GameError, IllegalMoveError, Player
from tracer.errors import SearchOptionError
from tracer.run import search_stats, trace_search

GAME = Pig()


def test_the_rules():
    state = GAME.start()
    assert state.moves() == (ROLL,) and state.player is Player.MAX  # nothing to hold yet
    rolling = state.child(ROLL)
    assert rolling.player is Player.CHANCE and rolling.moves() == (1, 2, 3, 4, 5, 6)
    assert all(rolling.probability(face) == pytest.approx(1 / 6) for face in rolling.moves())
    five = rolling.child(5)
    assert (five.scores, five.total, five.side) == ((0, 0), 5, 0) and five.moves() == (ROLL, HOLD)
    busted = five.child(ROLL).child(1)
    assert (busted.scores, busted.total, busted.side, busted.player) == ((0, 0), 0, 1, Player.MIN)
    held = five.child(HOLD)
    assert (held.scores, held.total, held.side) == ((5, 0), 0, 1)
    won = GAME.position("18-3+4").child(HOLD)
    assert won.is_terminal() and GAME.winner(won) == 0 and won.utility() == 100


def test_notation_round_trip_and_errors():
    for text in ("0-0", "12-7+5", "12-7+5?", "19-19"):
        assert GAME.notation(GAME.position(text)) == text
    for bad, fragment in (("12-7-5", "write the mover's score"), ("20-3+4", "the game is over"), ("x", "e.g.")):
        with pytest.raises(GameError, match=fragment):
            GAME.position(bad)
    with pytest.raises(IllegalMoveError, match="legal now: roll"):
        GAME.parse_move(GAME.start(), "hold")
    assert GAME.parse_move(GAME.position("3-4+2"), "h") == HOLD


def brute(scores, side, total, rolling, depth, max_side, target=20) -> Fraction:
    """Expectiminimax of Pig from its rules, in exact fractions, written without the game's classes."""
    if max(scores) >= target:
        return Fraction(100 if scores[max_side] >= target else -100)
    if depth == 0:
        return Fraction(scores[max_side] - scores[1 - max_side] + (total if side == max_side else -total))
    if rolling:
        outcomes = []
        for face in range(1, 7):
            if face == 1:
                outcomes.append(brute(scores, 1 - side, 0, False, depth - 1, max_side))
            else:
                outcomes.append(brute(scores, side, total + face, False, depth - 1, max_side))
        return sum(outcomes) / 6
    options = [brute(scores, side, total, True, depth - 1, max_side)]
    if total:
        banked = list(scores)
        banked[side] += total
        options.append(brute(tuple(banked), 1 - side, 0, False, depth - 1, max_side))
    return max(options) if side == max_side else min(options)


@pytest.mark.parametrize("position", ["0-0", "12-7+5", "15-17+3", "18-19", "5-16+9?"])
@pytest.mark.parametrize("depth", [1, 2, 4, 6])
def test_expectiminimax_matches_the_rules_brute_force(position, depth):
    root = GAME.position(position)
    stats = search_stats(root, "expectiminimax", depth=depth)
    expected = brute(root.scores, root.side, root.total, root.rolling, depth, root.max_side)
    assert stats.value == pytest.approx(float(expected), abs=1e-9)


def test_other_searches_refuse_the_dice():
    for name, search in ALGORITHMS.items():
        if not search.chance:
            with pytest.raises(SearchOptionError, match="chance moves.*use -a expectiminimax"):
                trace_search(GAME.position("12-7+5"), name, depth=2)
    assert_one_line_error(run_tracer("render", "--game", "pig", "-a", "alphabeta"), "use -a expectiminimax")
    assert_one_line_error(run_tracer("match", "pig", "--p2", "minimax"), "--p2 minimax: pig has chance moves")


def test_a_match_rolls_the_same_dice_for_the_same_seed():
    runs = [run_tracer("match", "pig", "--games", "6", "--seed", "3", "--json", "--quiet") for _ in range(2)]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr
    first, again = (json.loads(run.stdout) for run in runs)
    results = [[(p["wins"], p["losses"], p["as_first"], p["moves"]) for p in run["players"]] for run in (first, again)]
    assert results[0] == results[1]
    assert [p["kind"] for p in first["players"]][0].startswith("expectiminimax")  # the default search for dice
    assert sum(p["wins"] for p in first["players"]) == 6  # Pig has no draws


def test_play_against_expectiminimax(tmp_path):
    # seed 1: a game in which the random player does not win before expectiminimax moves (seed 0's does)
    result = run_tracer("play", "pig", "--p1", "random", "--depth", "2", "--seed", "1", "--save-traces", tmp_path / "t")
    assert result.returncode == 0, result.stderr
    assert "chance: " in result.stdout and any(line.endswith(" wins.") for line in result.stdout.splitlines())
    saved = sorted((tmp_path / "t").glob("move-*.json"))
    assert saved and json.loads(saved[0].read_text())["algorithm"] == "expectiminimax"
