"""tracer match as an experiment: a row per game whose totals are the summary's, depths per side, CSV, a chart."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import random
import re
import signal
from pathlib import Path

import pytest

from helpers import assert_one_line_error, run_tracer, stopped_by_signal


def match_json(*args) -> dict:
    result = run_tracer("match", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_rows_add_up_to_the_summary():
    data = match_json("tictactoe", "--p1", "alphabeta", "--p2", "random", "--games", "6", "--seed", "2")
    rows, (p1, p2) = data["rows"], data["players"]
    assert [row["game"] for row in rows] == [1, 2, 3, 4, 5, 6]
    assert [row["first"] for row in rows] == ["p1", "p2"] * 3
    assert sum(row["winner"] == "p1" for row in rows) == p1["wins"] == p2["losses"]
    assert sum(row["winner"] == "draw" for row in rows) == p1["draws"]
    p1_moves = [row["moves"] // 2 + (row["moves"] % 2 if row["first"] == "p1" else 0) for row in rows]
    assert sum(p1_moves) == p1["moves"]
    total = sum(row["p1_seconds_per_move"] * moves for row, moves in zip(rows, p1_moves))
    assert abs(total - p1["total_seconds"]) < 1e-9
    assert data["speed_ratio"] is None  # random does not search


def test_different_depths_per_side():
    data = match_json("connect4", "--p1", "alphabeta", "--p2", "alphabeta", "--depth1", "1", "--depth2", "3",
                      "--games", "2")
    assert data["depths"] == [1, 3]
    p1, p2 = data["players"]
    assert p2["wins"] == 2  # three plies beat one, moving first or second
    assert p2["mean_nodes_per_move"] > p1["mean_nodes_per_move"]
    assert data["speed_ratio"] > 0  # both search; which is faster is the clock's (a loaded machine may invert it)


def test_the_table_and_csv_show_every_game(tmp_path):
    args = ("tictactoe", "--p1", "minimax", "--p2", "alphabeta", "--games", "2", "--depth", "2")
    table = run_tracer("match", *args, "--table", "--chart", tmp_path / "m.svg")
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[1].split()[:4] == ["game", "first", "winner", "moves"] and lines[2].split()[0] == "1"
    assert re.search(r"^p[12] takes \d+\.\d\d× p[12]'s time per move$", table.stdout, re.M)  # which: timing
    svg = (tmp_path / "m.svg").read_text()
    assert "<svg" in svg and "minimax" in svg and "alphabeta" in svg
    rows = list(csv.DictReader(io.StringIO(run_tracer("match", *args, "--csv").stdout)))
    assert [row["game"] for row in rows] == ["1", "2"] and all(row["winner"] == "draw" for row in rows)


def test_bad_match_options_are_one_line(tmp_path):
    assert_one_line_error(run_tracer("match", "tictactoe", "--chart", "m.txt", cwd=tmp_path), "--chart m.txt")
    assert_one_line_error(run_tracer("match", "tictactoe", "--json", "--csv"), "not allowed with")
    assert list(tmp_path.iterdir()) == []


def test_progress_lines_results_by_colour_and_random_openings():
    args = ("tictactoe", "--p1", "alphabeta", "--p2", "minimax", "--games", "6", "--depth", "2", "--seed", "4")
    plain = run_tracer("match", *args)
    assert plain.returncode == 0, plain.stderr
    progress = plain.stderr.splitlines()
    assert [line.split(":")[0] for line in progress] == [f"game {n}/6" for n in range(1, 7)]
    assert "p1 (alphabeta) as X (moving first):" in plain.stdout
    assert run_tracer("match", *args, "--quiet").stderr == ""
    data = json.loads(run_tracer("match", *args, "--json").stdout)
    for player in data["players"]:  # the colours add up to the totals
        for outcome in ("wins", "draws", "losses"):
            assert player["as_first"][outcome] + player["as_second"][outcome] == player[outcome]
    # deterministic players repeat one pair of games; random openings make the pairs differ, reproducibly
    def moves_played(*extra):
        rows = json.loads(run_tracer("match", *args, "--json", *extra).stdout)["rows"]
        return [(row["winner"], row["moves"], row["p1_nodes_per_move"]) for row in rows]

    assert len(set(moves_played()[0::2])) == 1
    opened = moves_played("--random-openings", "3")
    assert len(set(opened[0::2])) > 1
    assert opened == moves_played("--random-openings", "3")


# ---- Monte Carlo tree search players ---------------------------------------------------------------------------

def test_an_mcts_match_is_reproducible_and_its_counts_add_up():
    args = ("tictactoe", "--p1", "mcts", "--p2", "mcts", "--p1-iterations", "40", "--p2-iterations", "15",
            "--games", "6", "--seed", "5")
    data = match_json(*args)
    again = match_json(*args)
    def without_times(data):
        return [{k: v for k, v in row.items() if "seconds" not in k} for row in data["rows"]]

    assert without_times(data) == without_times(again)
    rows, (p1, p2) = data["rows"], data["players"]
    for player, other, name in ((p1, p2, "p1"), (p2, p1, "p2")):
        assert player["wins"] + player["draws"] + player["losses"] == 6
        assert player["wins"] == other["losses"] == sum(row["winner"] == name for row in rows)
    assert [settings.get("iterations") for settings in data["player_settings"]] == [40, 15]
    # each game has its own seeds: the same colours do not replay one game
    assert len({(row["winner"], row["moves"], row["p1_nodes_per_move"]) for row in rows[0::2]}) > 1
    other_seed = match_json(*args[:-1], "6")
    assert without_times(other_seed) != without_times(data)


def test_the_heading_names_each_player_with_its_settings():
    result = run_tracer("match", "tictactoe", "--p1", "mcts", "--iterations", "20", "--exploration", "0.5",
                        "--rollout", "first", "--p2", "alphabeta", "--depth", "2", "--games", "2", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == ("tictactoe: 2 games, p1 mcts (20 iterations, C = 0.5, first-move "
                                             "playouts) vs p2 alphabeta (depth 2), seed 0, colours swapped every "
                                             "other game")


def test_a_time_per_move_stops_the_search():
    data = match_json("tictactoe", "--p1", "mcts", "--p1-time", "0.01", "--p2", "random", "--games", "2")
    from tracer.search.mcts import MAX_ITERATIONS

    p1 = data["players"][0]
    assert 1 <= p1["mean_nodes_per_move"] < MAX_ITERATIONS / 100
    assert data["player_settings"][0] == {"kind": "mcts", "exploration": pytest.approx(2 ** 0.5),
                                          "rollout": "random", "final": "robust", "seconds_per_move": 0.01}


@pytest.mark.parametrize("args, fragment", [
    (("--p1", "mcts", "--iterations", "0"), "--iterations: expected a whole number from 1 to 10,000,000, got 0"),
    (("--p1", "mcts", "--p1-iterations", "10000001"), "--p1-iterations: expected a whole number from 1 to"),
    (("--p1", "mcts", "--p1-time", "0"), "--p1-time: expected seconds more than 0 and at most 600, got 0"),
    (("--p1", "mcts", "--p1-time", "601"), "--p1-time: expected seconds more than 0 and at most 600, got 601"),
    (("--p2", "mcts", "--p2-time", "inf"), "--p2-time: expected a finite number"),
    (("--p1", "mcts", "--exploration", "-1"), "--exploration: expected a number from 0 to 100"),
    (("--p1", "alphabeta", "--p1-time", "1"), "--p1-time is for a search that can stop at any time (--p1 mcts), "
                                              "not --p1 alphabeta"),
    (("--p1", "mcts", "--p2-iterations", "5"), "--p2-iterations is for --p2 mcts, not --p2 greedy"),
    (("--p1", "alphabeta", "--iterations", "5"), "--iterations is for a player that takes it (--p1 mcts or --p2 "
                                                 "mcts), not --p1 alphabeta --p2 greedy"),
    (("--p1", "random", "--final", "max"), "--final is for a player that takes it"),
])
def test_bad_mcts_player_options_are_one_line(args, fragment, tmp_path):
    assert_one_line_error(run_tracer("match", "tictactoe", *args, "--chart", "m.svg", cwd=tmp_path), fragment)
    assert list(tmp_path.iterdir()) == []


# ---- games in parallel -------------------------------------------------------------------------------------------

def without_times(data: dict) -> dict:
    """A match's JSON but for what the clock decides."""
    rows = [{k: v for k, v in row.items() if "seconds" not in k} for row in data["rows"]]
    players = [{k: v for k, v in player.items() if "seconds" not in k} for player in data["players"]]
    return {**data, "rows": rows, "players": players, "speed_ratio": None}


@pytest.mark.parametrize("args", [
    ("tictactoe", "--p1", "mcts", "--p1-iterations", "30", "--p2", "random", "--games", "5", "--seed", "3"),
    ("clobber", "--rows", "3", "--cols", "4", "--p1", "alphabeta", "--depth", "3", "--p2", "greedy", "--games", "4",
     "--random-openings", "2", "--seed", "1"),
    ("tictactoe", "--p1", "random", "--p2", "random", "--games", "1"),  # more jobs than games: one process
], ids=["mcts-random", "clobber-openings", "one-game"])
def test_parallel_games_are_the_serial_games(args):
    serial = match_json(*args, "--jobs", "1")
    parallel = match_json(*args, "--jobs", "2")
    assert without_times(parallel) == without_times(serial)
    table = run_tracer("match", *args, "--jobs", "2", "--table")
    assert table.returncode == 0, table.stderr
    assert [line.split(":")[0] for line in table.stderr.splitlines()] == [
        f"game {n}/{serial['games']}" for n in range(1, serial["games"] + 1)]  # progress, in order


def test_a_game_of_a_match_is_the_same_game_played_alone():
    """Game k depends on the seed and k only: played alone by fresh players, it is game k of players that played
    the games before it."""
    from games import load_game
    from tracer.play.match import play_one
    from tracer.play.players import make_player

    game = load_game("tictactoe")
    def players():
        return [make_player("mcts", None, random.Random(0), settings={"iterations": 20}, seed=2),
                make_player("random", None, random.Random(0))]

    def moves(number, by):
        return [turn.move for turn in play_one(game, by, number, openings=1, seed=2)[0].turns]

    same = players()
    in_order = [moves(number, same) for number in range(6)]
    assert len(set(map(tuple, in_order))) > 1
    for number in (5, 2):
        assert moves(number, players()) == in_order[number]


def test_jobs_are_bounded_by_the_cpus():
    cpus = os.cpu_count() or 1
    assert_one_line_error(run_tracer("match", "tictactoe", "--jobs", str(cpus + 1)),
                          f"--jobs: expected a whole number up to {cpus}", f"this machine has {cpus} CPU")
    assert_one_line_error(run_tracer("match", "tictactoe", "--jobs", "0"), "--jobs: expected a whole number ≥ 1")


@pytest.mark.skipif(not Path("/proc/self/task").exists() or (os.cpu_count() or 1) < 2,
                    reason="needs Linux's /proc and 2 CPUs")
@pytest.mark.parametrize("signum, status, said", [
    (signal.SIGINT, 130, "tracer match: interrupted"),
    (signal.SIGTERM, 128 + signal.SIGTERM, "tracer match: stopped by SIGTERM"),
    (signal.SIGHUP, 128 + signal.SIGHUP, "tracer match: stopped by SIGHUP"),
])
def test_a_parallel_match_stops_on_a_signal_with_its_workers(tmp_path, signum, status, said):
    """--jobs 2 on games whose first move takes minutes: a signal stops tracer at once, with one line and no
    worker left playing."""
    args = ["match", "connect4", "--p1", "minimax", "--p2", "minimax", "--depth", "10", "--games", "4", "--jobs", "2",
            "--quiet"]
    assert stopped_by_signal(args, signum, tmp_path) == (status, [said], [])


@pytest.mark.parametrize("command", [("match", "--games", "2"), ("match", "--games", "2", "--jobs", "2"),
                                     ("play",)])
def test_a_move_past_its_time_budget_stops_the_game_in_one_line(command):
    """Tic-tac-toe's whole minimax from the start visits 549,946 nodes: far more than a hundredth of a second."""
    result = run_tracer(*command[:1], "tictactoe", "--p1", "minimax", "--p2", "minimax", *command[1:],
                        "--max-seconds", "0.01")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [f"tracer {command[0]}: error: minimax (to the end): the search took more "
                                          "than 0.01 s (--max-seconds) on a move and was stopped; allow more with "
                                          "--max-seconds S, or search less deep (--depth D)"]
    assert "game 1/" not in result.stdout  # no game was finished (play shows the board it was to move on)


def test_the_time_budget_is_bounded():
    result = run_tracer("match", "tictactoe", "--max-seconds", "100000")
    assert_one_line_error(result, "--max-seconds", "86,400")


# ---- ratings and the SPRT (values checked against direct computations in test_ratings.py) ---------------------------

RATING_KEYS = ["games", "score", "elo", "elo_low", "elo_high", "elo_margin", "confidence", "los"]
ROW_RATING_KEYS = ["elo", "elo_low", "elo_high", "los", "llr"]


def strict_json(text: str):
    """JSON as any other tool reads it: ``NaN`` or ``Infinity`` (which JSON has not) refused."""
    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def test_each_row_carries_the_rating_so_far_in_json_and_csv():
    args = ("tictactoe", "--p1", "alphabeta", "--p2", "random", "--games", "6", "--seed", "2")
    data = strict_json(run_tracer("match", *args, "--json").stdout)
    from tracer.play.ratings import rating

    assert list(data["ratings"]) == RATING_KEYS and data["sprt"] is None
    wins = draws = losses = 0
    for row in data["rows"]:
        assert list(row)[-5:] == ROW_RATING_KEYS and row["llr"] is None
        wins, draws, losses = (wins + (row["winner"] == "p1"), draws + (row["winner"] == "draw"),
                               losses + (row["winner"] == "p2"))
        so_far = rating(wins, draws, losses)
        assert (row["elo"], row["los"]) == (so_far.elo if math.isfinite(so_far.elo) else
                                            ("inf" if so_far.elo > 0 else "-inf"), so_far.los)
    p1 = data["players"][0]
    assert (wins, draws, losses) == (p1["wins"], p1["draws"], p1["losses"])
    last = data["rows"][-1]
    assert {key: data["ratings"][key] for key in ("elo", "elo_low", "elo_high", "los")} == {
        key: last[key] for key in ("elo", "elo_low", "elo_high", "los")}
    assert data["ratings"]["games"] == 6 and data["ratings"]["confidence"] == 0.95
    assert data["ratings"]["score"] == (wins + draws / 2) / 6
    rows = list(csv.DictReader(io.StringIO(run_tracer("match", *args, "--csv").stdout)))
    assert list(rows[0]) == list(data["rows"][0])
    for row, json_row in zip(rows, data["rows"]):
        for key in ROW_RATING_KEYS:
            value = json_row[key]
            assert row[key] == ("" if value is None else value if isinstance(value, str) else repr(value))


def test_a_one_sided_match_is_infinite_in_every_output():
    args = ("tictactoe", "--p1", "random", "--p2", "alphabeta", "--games", "4", "--sprt", "-400", "0")
    data = strict_json(run_tracer("match", *args, "--json").stdout)
    assert data["ratings"]["elo"] == "-inf" and data["ratings"]["elo_low"] is None
    assert data["ratings"]["elo_margin"] is None and 0 < data["ratings"]["los"] < 0.05
    assert [row["elo"] for row in data["rows"]] == ["-inf"] * len(data["rows"])
    assert all(row["elo"] == "-inf" for row in csv.DictReader(io.StringIO(run_tracer("match", *args, "--csv").stdout)))
    text = run_tracer("match", *args, "--quiet").stdout
    assert "Elo p1 − p2: −∞ (p1 lost every game: no finite estimate; results that never vary give no interval)" in text
    assert "nan" not in text.lower()


@pytest.mark.parametrize("args, fragment", [
    (("--sprt", "10", "0"), "--sprt ELO0 ELO1: ELO0 must be less than ELO1, got 10 and 0"),
    (("--sprt", "5", "5"), "ELO0 must be less than ELO1"),
    (("--sprt", "0", "1001"), "--sprt: expected an Elo difference from -1000 to 1000, got 1001"),
    (("--sprt", "0", "nan"), "--sprt: expected a finite number"),
    (("--sprt", "0"), "--sprt: expected 2 arguments"),
    (("--sprt", "0", "5", "--alpha", "0.5"), "--alpha: expected a probability more than 0 and less than 0.5, got 0.5"),
    (("--sprt", "0", "5", "--beta", "0"), "--beta: expected a probability more than 0 and less than 0.5, got 0"),
    (("--alpha", "0.1"), "--alpha set the error rates of --sprt ELO0 ELO1, which is not given"),
    (("--alpha", "0.1", "--beta", "0.1"), "--alpha and --beta set the error rates of --sprt ELO0 ELO1"),
])
def test_bad_sprt_options_are_one_line(args, fragment, tmp_path):
    assert_one_line_error(run_tracer("match", "tictactoe", *args, "--chart", "m.svg", cwd=tmp_path), fragment)
    assert list(tmp_path.iterdir()) == []
