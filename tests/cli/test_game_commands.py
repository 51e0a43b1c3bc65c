"""Game positions on the command line: render with boards, stats, position files, play and match."""

from __future__ import annotations

import json
import warnings

import pydot

from tracer.render.scene import DEFAULT_MAX_DRAWN
from helpers import ROOT, STATS_KEYS, assert_one_line_error, run_tracer, usable_positions



def test_render_a_game_position_draws_boards_and_moves(tmp_path):
    out = tmp_path / "ttt.dot"
    result = run_tracer("render", "--game", "tictactoe", "--position", "XO./X../O..", "--depth", "2", "-o", out)
    assert result.returncode == 0, result.stderr
    source = out.read_text()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        graph = pydot.graph_from_dot_data(source)[0]
    root = graph.get_node("n0")[0].get_attributes()["label"]
    assert root.count('<TD WIDTH="20" HEIGHT="20" FIXEDSIZE="TRUE">') == 9  # a 3 × 3 board of fixed cells, 60 pt
    assert ">X<" in root and ">O<" in root and "▲ MAX" in root
    move = graph.get_node("n0_n5_label") or graph.get_node("n0_n1_label")
    assert move and "<TD>" in move[0].get_attributes()["label"]  # the move on the edge, on its own ground
    assert "<TD>5</TD>" in source


def test_default_output_name_for_a_game(tmp_path):
    result = run_tracer("render", "--game", "connect4", "--position", "4453", "--depth", "1", cwd=tmp_path)
    assert result.stdout.strip() == "output/connect4-4453.alphabeta.svg"
    assert (tmp_path / "output" / "connect4-4453.alphabeta.svg").stat().st_size > 1000


def test_position_files_work_with_every_command(tmp_path):
    for path in usable_positions():  # (one whose game needs an extra not installed: tests/conftest.py)
        assert run_tracer("render", path, "-o", tmp_path / f"{path.stem}.svg").returncode == 0
        stats = json.loads(run_tracer("stats", path, "--json").stdout)
        assert set(stats) == STATS_KEYS - {"evaluated_leaves"}  # game leaves are not listed
        table = run_tracer("trace", path).stdout
        assert table.splitlines()[-1].startswith(f"alphabeta: value {stats['value']}".replace("-", "−"))


def test_game_errors_are_one_line():
    assert_one_line_error(run_tracer("render", "--game", "tictactoe", "--position", "XXX"), "expected 9 cells")
    assert_one_line_error(run_tracer("stats", "--game", "go"), "unknown game 'go'")
    assert_one_line_error(run_tracer("render", "--game", "connect4", "--cols", "12"), "--cols must be 4 to 9")
    assert_one_line_error(run_tracer("render", "--position", "4453"), "nothing to search")


def test_game_diagrams_refuse_to_hang_and_can_show_the_first_children(tmp_path):
    result = run_tracer("render", "--game", "clobber", "--depth", "3", "-a", "minimax", cwd=tmp_path)
    assert_one_line_error(result, f"more than the limit of {DEFAULT_MAX_DRAWN:,}", "--first-children")
    out = tmp_path / "first.dot"
    assert run_tracer("render", "--game", "clobber", "--depth", "2", "--first-children", "2", "-o", out).returncode == 0
    assert "more" in out.read_text()


def test_play_against_the_search_with_bad_moves_in_between(tmp_path):
    moves = "\n".join(["5", "banana", "5", "1", "3", "7", "8", "4", "6", "2", "9"]) + "\n"
    result = run_tracer("play", "tictactoe", "--p1", "human", "--p2", "alphabeta", "--save-traces", tmp_path / "t",
                        input_text=moves)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "not a cell" in out and "is taken" in out  # asked again with a hint
    assert "O (alphabeta) plays" in out and "nodes" in out
    assert out.strip().splitlines()[-2] in ("Draw.", "O (alphabeta) wins.")
    saved = sorted((tmp_path / "t").glob("move-*.json"))
    assert saved and run_tracer("render", saved[0], "-o", tmp_path / "m.svg").returncode == 0


def test_play_stops_quietly_when_input_ends_or_on_quit():
    for text in ("5\n", "5\nquit\n"):
        result = run_tracer("play", "tictactoe", input_text=text)
        assert result.returncode == 0 and "X (human) plays 5" in result.stdout, result.stderr
        assert result.stdout.rstrip().endswith("Game left unfinished.") and result.stderr == ""


def test_play_takes_moves_back_and_gives_hints():
    result = run_tracer("play", "tictactoe", "--p1", "alphabeta", "--p2", "human", "--position", "OX./XOX/...",
                        input_text="undo\nhint\n9\n")
    assert result.returncode == 0, result.stderr
    assert "nothing to take back yet" in result.stdout
    # O (the human) to move wins at 9 at once; every move is scored by an alpha-beta search for the side to move
    hint_line = next(line for line in result.stdout.splitlines() if "hint (alpha-beta, to the end)" in line)
    scores = dict(item.split(": ") for item in hint_line.split("to the end): ")[1].split(", "))
    assert sorted(scores) == ["3", "7", "8", "9"]
    assert hint_line.split("to the end): ")[1].startswith("9: 0.999")  # the win in one ranks first
    assert "O (human) plays 9" in result.stdout and "O (human) wins." in result.stdout


def test_match_counts_results_with_colours_swapped():
    result = run_tracer("match", "tictactoe", "--p1", "alphabeta", "--p2", "random", "--games", "6", "--seed", "3",
                        "--json")
    data = json.loads(result.stdout)
    p1, p2 = data["players"]
    assert data["games"] == 6
    for player in (p1, p2):
        assert player["wins"] + player["draws"] + player["losses"] == 6
    assert p1["wins"] == p2["losses"] and p1["draws"] == p2["draws"]
    assert p1["losses"] == 0  # perfect play never loses at tic-tac-toe
    assert p1["mean_nodes_per_move"] > 1 and p2["mean_nodes_per_move"] == 0
    again = json.loads(run_tracer("match", "tictactoe", "--p1", "alphabeta", "--p2", "random", "--games", "6",
                                  "--seed", "3", "--json").stdout)
    assert [p["wins"] for p in again["players"]] == [p1["wins"], p2["wins"]]  # the seed fixes the games


def test_match_refuses_humans():
    assert_one_line_error(run_tracer("match", "tictactoe", "--p1", "human"), "use tracer play")


def test_stats_refuses_a_saved_trace(tmp_path):
    run = tmp_path / "run.json"
    run_tracer("trace", ROOT / "trees" / "rn_example.yaml", "-o", run)
    assert_one_line_error(run_tracer("stats", run), "needs a tree or position file, not a saved trace")


def test_the_console_script_finds_a_game_module_in_the_current_folder(tmp_path):
    import os
    import shutil
    import subprocess
    import sys

    script = shutil.which("tracer", path=os.path.dirname(sys.executable))
    if script is None:
        import pytest

        pytest.skip("tracer is not installed as a console script beside this Python")
    shutil.copy(ROOT / "tests" / "nim_game.py", tmp_path / "my_own_nim.py")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([script, "stats", "--game", "my_own_nim:Nim", "--json"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["best_move"] == "1"  # 7 counters: take 1, leave a multiple of three


def test_play_takes_a_win_in_one_and_slow_wins_keeps_the_textbook_counting():
    args = ("play", "tictactoe", "--position", "OX./XOX/...", "--p1", "human", "--p2", "alphabeta")
    quick = run_tracer(*args, input_text="")
    assert "O (alphabeta) plays 9: value 0.999" in quick.stdout and "O (alphabeta) wins." in quick.stdout
    textbook = run_tracer(*args, "--slow-wins", input_text="")
    assert "O (alphabeta) plays 3: value 1," in textbook.stdout  # every win counts 1: the first found is played


def test_play_says_which_side_you_are_and_prompts_with_the_legal_moves():
    result = run_tracer("play", "tictactoe", "--p1", "alphabeta", "--p2", "human", "--position", "OX./XOX/...",
                        input_text="quit\n")
    assert result.stdout.splitlines()[0] == "You are O, against alphabeta."
    assert "O to move: 3, 7, 8, 9 (or quit, undo, hint): " in result.stdout


def test_pig_prompts_with_the_turn_total_and_the_legal_moves():
    result = run_tracer("play", "pig", "--position", "3-4+2", "--p1", "human", "--p2", "random", input_text="quit\n")
    lines = result.stdout.splitlines()
    assert lines[0] == "You are first, against random."
    assert lines[1].endswith("first has 2 this turn; first to move")
    assert "first to move: roll, hold (or quit, undo, hint): " in result.stdout
    start = run_tracer("play", "pig", "--p1", "human", input_text="quit\n").stdout.splitlines()
    assert start[1].endswith("first has 0 this turn; first to move")  # the total is shown before any roll too
