"""tracer compare: rows equal tracer stats, parallel rows equal serial ones, agreement checks, every output form,
and a real chart."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
from pathlib import Path

import pytest

from helpers import ROOT, TREES, assert_one_line_error, run_tracer, stopped_by_signal
from tracer.cli.options import depth_list
from tracer.compare_searches import Case, Row, compare, disagreements
from tracer.search.spec import SearchSpec

KEYS = {"algorithm", "value", "best_move", "nodes_visited", "leaves_evaluated", "cutoffs", "seconds", "order",
        "depth", "ebf", "minimal_leaves", "minimal_ratio"}


def compare_json(*args) -> list[dict]:
    result = run_tracer("compare", *args, "--json", "--repeat", "1")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def without_time(rows):
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def test_each_row_equals_tracer_stats_with_the_same_options():
    rows = compare_json("--game", "connect4", "--position", "44", "-a", "minimax", "-a", "alphabeta",
                        "--depths", "1-3", "--order", "natural", "--order", "eval")
    assert len(rows) == 3 * 2 * 2 and all(set(row) == KEYS for row in rows)
    for row in rows:
        stats = run_tracer("stats", "--game", "connect4", "--position", "44", "-a", row["algorithm"],
                           "--depth", row["depth"], "--order", row["order"], "--json")
        expected = json.loads(stats.stdout)
        assert {k: row[k] for k in expected if k != "seconds"} == {k: v for k, v in expected.items() if k != "seconds"}
        assert row["ebf"] == pytest.approx(row["nodes_visited"] ** (1 / row["depth"]))


def test_tree_rows_reach_the_minimal_tree_with_best_order():
    rows = compare_json(TREES / "binary_depth4.yaml", "-a", "alphabeta", "--order", "best", "--order", "worst")
    best, worst = rows
    assert (best["depth"], best["minimal_leaves"]) == (4, 2 ** 2 + 2 ** 2 - 1)
    assert best["leaves_evaluated"] == 7 and best["minimal_ratio"] == 1.0
    assert worst["leaves_evaluated"] == 16 and worst["evaluated_leaves"] and len(worst["evaluated_leaves"]) == 16


def test_parallel_rows_are_the_serial_rows():
    args = ("--game", "tictactoe", "--position", "X...O....", "-a", "minimax", "-a", "alphabeta", "--depths", "1-3")
    serial = compare_json(*args, "--jobs", "1")
    parallel = compare_json(*args, "--jobs", "2")
    assert without_time(serial) == without_time(parallel)


def test_csv_and_markdown_hold_the_same_rows():
    args = (TREES / "rn_example.yaml", "-a", "alphabeta", "-a", "minimax", "--repeat", "1")
    rows = list(csv.DictReader(io.StringIO(run_tracer("compare", *args, "--csv").stdout)))
    assert [(r["algorithm"], r["leaves_evaluated"], r["evaluated_leaves"]) for r in rows] == \
        [("alphabeta", "7", "3 12 8 2 14 5 2"), ("minimax", "9", "3 12 8 2 4 6 14 5 2")]
    markdown = run_tracer("compare", *args, "--markdown").stdout.splitlines()
    assert markdown[0].startswith("| algorithm | order | depth |") and len(markdown) == 4
    assert markdown[2].startswith("| alphabeta | natural | 2 | 3 | B | 11 | 7 | 1 |")


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_the_chart_is_a_real_drawing_naming_the_algorithms(tmp_path, fmt):
    chart = tmp_path / f"c4.{fmt}"
    result = run_tracer("compare", "--game", "connect4", "-a", "minimax", "-a", "alphabeta", "--depths", "1-3",
                        "--repeat", "1", "--chart", chart, "--log")
    assert result.returncode == 0, result.stderr
    data = chart.read_bytes()
    if fmt == "svg":
        text = data.decode()
        assert text.lstrip().startswith("<?xml") and "<svg" in text
        assert "minimax" in text and "alphabeta" in text and "depth (plies)" in text
    elif fmt == "png":
        from PIL import Image

        with Image.open(chart) as image:
            assert image.format == "PNG" and image.size[0] > 1000
    else:
        assert data.startswith(b"%PDF") and b"/Font" in data


def test_rows_that_disagree_are_reported():
    def row(algorithm, value, move, nodes, leaves, cutoffs, ebf):
        return Row(algorithm, value, move, nodes, leaves, cutoffs, None, 0.0, "natural", depth=2, ebf=ebf)

    good = row("alphabeta", 3, "B", 11, 7, 1, 3.3)
    bad_value = row("minimax", 4, "B", 13, 9, 0, 3.6)
    bad_move = row("minimax", 3, "C", 13, 9, 0, 3.6)
    source = dict(path=str(ROOT / "trees" / "rn_example.yaml"))
    assert disagreements([good, good], source) == []
    assert "the values differ" in disagreements([good, bad_value], source)[0]
    [problem] = disagreements([good, bad_move], source)
    assert "minimax (natural) chose C, which does not reach the value 3 (moves that do: B)" in problem


def test_tied_best_moves_may_differ():
    # tic-tac-toe's empty board: every move draws with perfect play, so any choice is right at depth 9
    rows = compare([Case(dict(game="tictactoe"), SearchSpec(order=order), 9) for order in ("natural", "reversed")])
    assert rows[0].best_move != rows[1].best_move
    assert disagreements(rows, dict(game="tictactoe")) == []


def test_depth_lists():
    assert depth_list("1-5") == [1, 2, 3, 4, 5]
    assert depth_list("1,3,5") == [1, 3, 5]
    assert depth_list("1-3,6") == [1, 2, 3, 6]


@pytest.mark.parametrize("args, fragment", [
    (("--game", "connect4", "--depths", "5-1"), "from low to high"),
    (("--game", "connect4", "--depths", "x"), "expected depths such as 1-5"),
    ((TREES / "rn_example.yaml", "--depths", "1"), "tree[0] (B): the search stops here (a depth limit) but the node "
                                                  "has no static value"),
    (("--game", "connect4", "--chart", "c.gif"), "--chart c.gif: cannot tell the format"),
    (("--game", "connect4", "--order", "sideways"), "invalid choice"),
])
def test_bad_options_are_one_line(args, fragment, tmp_path):
    assert_one_line_error(run_tracer("compare", *args, cwd=tmp_path), fragment)
    assert list(tmp_path.iterdir()) == []


def test_jobs_are_bounded_by_the_machine_s_cpus(tmp_path):
    import os

    cpus = os.cpu_count() or 1
    result = run_tracer("compare", TREES / "rn_example.yaml", "--jobs", str(cpus + 1), cwd=tmp_path)
    assert_one_line_error(result, f"--jobs: expected a whole number up to {cpus}, got {cpus + 1} (this machine has {cpus}")
    assert list(tmp_path.iterdir()) == []  # refused before any worker started


# ---- Monte Carlo tree search: a row per iteration count ------------------------------------------------------

MCTS_KEYS = KEYS | {"iterations", "children", "q", "agrees", "reference_move", "reference_algorithm"}


def test_mcts_rows_are_what_mcts_returns_called_directly(tmp_path):
    from tracer.inputs import load_problem
    from tracer.search.mcts import mcts

    min_root = tmp_path / "min_root.yaml"  # MIN to move: Q, the mover's, is 1 − MAX's mean reward
    min_root.write_text("players: [min, max]\ntree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n")
    for source, args in ((dict(game="tictactoe", position="X...O...."), ("--game", "tictactoe", "--position",
                                                                          "X...O....")),
                         (dict(path=str(min_root)), (min_root,))):
        rows = compare_json(*args, "-a", "mcts", "--iterations", "5,60,400", "--seed", "3", "--exploration", "0.7")
        assert [row["iterations"] for row in rows] == [5, 60, 400]
        assert all(set(row) - {"evaluated_leaves"} == MCTS_KEYS for row in rows)
        for row in rows:
            root = load_problem(**source).fresh_root()
            value, move = mcts(root, iterations=row["iterations"], exploration=0.7, seed=3)
            assert (row["value"], row["best_move"]) == (value, root.move_name(move))
            assert row["q"] == (1 - value if root.player.value == "min" else value)


def test_agreement_is_a_direct_alpha_beta_call():
    from tracer.inputs import load_problem
    from tracer.search.algorithms import alphabeta, minimax

    rows = compare_json("--game", "connect4", "--position", "4453", "-a", "mcts", "--iterations", "3,30,300",
                        "--depths", "2,3", "--seed", "1")
    assert sorted({(row["depth"], row["iterations"]) for row in rows}) == [(d, n) for d in (2, 3)
                                                                           for n in (3, 30, 300)]
    for depth in (2, 3):
        root = load_problem(game="connect4", position="4453").fresh_root()
        values = {root.move_name(m): minimax(root.child(m), depth - 1)[0] for m in root.moves()}  # MAX to move
        best = {name for name, value in values.items() if value == max(values.values())}
        expected_move = root.move_name(alphabeta(root, depth)[1])
        for row in (row for row in rows if row["depth"] == depth):
            assert row["reference_algorithm"] == "alphabeta" and row["reference_move"] == expected_move
            assert row["agrees"] == (row["best_move"] in best)
    assert {row["agrees"] for row in rows} == {True, False}  # 3 iterations miss what 300 find


def test_one_iteration_count_is_one_row_and_mcts_rows_are_not_held_to_the_values():
    rows = compare_json("--game", "tictactoe", "--position", "XO.X.....", "-a", "mcts", "-a", "alphabeta",
                        "--iterations", "50")
    mcts_row, alphabeta_row = rows
    assert mcts_row["iterations"] == 50 and set(alphabeta_row) == KEYS  # alpha-beta rows keep their keys
    assert mcts_row["value"] != alphabeta_row["value"]  # a reward in [0, 1] against a minimax value: no DISAGREEMENT
    table = run_tracer("compare", "--game", "tictactoe", "--position", "XO.X.....", "-a", "mcts", "-a", "alphabeta",
                       "--iterations", "50", "--repeat", "1")
    assert table.returncode == 0 and "DISAGREEMENT" not in table.stderr, table.stderr
    header = table.stdout.splitlines()[1].split()
    assert header[-3:] == ["iterations", "Q", "agrees"]
    assert table.stdout.splitlines()[-1].startswith(f"agrees: MCTS's move reaches the value alphabeta finds at "
                                                    f"depth {mcts_row['depth']} (alphabeta plays ")
    csv_rows = list(csv.DictReader(io.StringIO(run_tracer(
        "compare", "--game", "tictactoe", "--position", "XO.X.....", "-a", "alphabeta", "-a", "mcts",
        "--iterations", "50", "--repeat", "1", "--csv").stdout)))
    assert csv_rows[0]["q"] == "" and float(csv_rows[1]["q"]) == mcts_row["q"]
    assert json.loads(csv_rows[1]["children"]) == mcts_row["children"]
    markdown = run_tracer("compare", "--game", "tictactoe", "--position", "XO.X.....", "-a", "mcts",
                          "--iterations", "10,20", "--repeat", "1", "--markdown").stdout.splitlines()
    assert markdown[0].endswith("| iterations | Q | agrees |") and markdown[2].count("|") == markdown[0].count("|")


def test_the_convergence_chart(tmp_path):
    chart = tmp_path / "m.svg"
    result = run_tracer("compare", "--game", "tictactoe", "--position", "X...O....", "-a", "mcts", "-a",
                        "alphabeta", "--iterations", "10,100", "--repeat", "1", "--chart", chart)
    assert result.returncode == 0, result.stderr
    text = chart.read_text()
    assert "iterations (log scale)" in text and "Q of the chosen move" in text and "alphabeta, depth 7" in text


def test_iteration_lists():
    from tracer.cli.options import iteration_list

    assert iteration_list("10,100,1000") == [10, 100, 1000]
    assert iteration_list("5, 5,1") == [5, 1]


@pytest.mark.parametrize("args, fragment", [
    (("--iterations", "0"), "--iterations: expected a whole number from 1 to 10,000,000, got 0"),
    (("--iterations", "10,10000001"), "got 10000001"),
    (("--iterations", "10,x"), "--iterations: expected a whole number, got 'x'"),
    (("--iterations", "10,"), "--iterations: expected a whole number"),
])
def test_bad_iteration_lists_are_one_line(args, fragment, tmp_path):
    assert_one_line_error(run_tracer("compare", "--game", "tictactoe", "-a", "mcts", *args, cwd=tmp_path), fragment)
    assert_one_line_error(run_tracer("compare", "--game", "tictactoe", "--iterations", "10", cwd=tmp_path),
                          "--iterations is for -a mcts, not -a alphabeta")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/proc/self/task").exists() or (os.cpu_count() or 1) < 2,
                    reason="needs Linux's /proc and 2 CPUs")
@pytest.mark.parametrize("signum, status, said", [
    (signal.SIGINT, 130, "tracer compare: interrupted"),
    (signal.SIGTERM, 128 + signal.SIGTERM, "tracer compare: stopped by SIGTERM"),
    (signal.SIGHUP, 128 + signal.SIGHUP, "tracer compare: stopped by SIGHUP"),
])
def test_a_parallel_compare_stops_on_a_signal_with_its_workers(tmp_path, signum, status, said):
    """--jobs 2 on rows that take minutes: Ctrl-C (sent to the whole process group, as a terminal does), SIGTERM or
    SIGHUP while the workers compute stops tracer at once with one line, and no worker is left computing."""
    args = ["compare", "--game", "connect4", "--depths", "8-9", "-a", "minimax", "--jobs", "2",
            "--max-nodes", "100000000"]
    assert stopped_by_signal(args, signum, tmp_path) == (status, [said], [])
