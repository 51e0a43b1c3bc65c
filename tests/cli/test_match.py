"""tracer match as an experiment: a row per game whose totals are the summary's, depths per side, CSV, a chart."""

from __future__ import annotations

import csv
import io
import json
import re

from helpers import assert_one_line_error, run_tracer


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
    assert data["speed_ratio"] < 1


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
