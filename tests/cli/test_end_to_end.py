"""Every command as a user runs it: a process of its own (``python -m tracer``), its exit status, what it prints and
the file it writes; and the one-line error with exit 2 for a mistake. The other tests run the command line in-process
(helpers.run_tracer); these keep the real start-up, the real streams and the exit path honest."""

from __future__ import annotations

import json

import pytest

from helpers import TREES, assert_one_line_error, run_tracer_process

RN = TREES / "rn_example.yaml"
STUDENT = TREES / "answers" / "rn_example.student.yaml"

# (arguments, the file it writes in the working folder or None, what its standard output holds)
WORKING = {
    "render": (["render", RN, "-o", "fig.svg"], "fig.svg", ""),
    "slides": (["slides", RN, "-f", "html", "-o", "deck.html"], "deck.html", ""),
    "trace": (["trace", RN], None, "cutoff"),
    "stats": (["stats", RN, "--json"], None, '"nodes_visited"'),
    "export": (["export", RN, "-o", "tree.graphml"], "tree.graphml", ""),
    "compare": (["compare", RN, "-a", "minimax", "-a", "alphabeta"], None, "alphabeta"),
    "check": (["check", RN], None, "rn_example.yaml"),
    "grade": (["grade", RN, STUDENT], None, "/"),
    "worksheet": (["worksheet", RN, "-f", "svg", "-o", "sheet.svg"], "sheet.svg", ""),
    "exercise": (["exercise", "--depth", "2", "--branching", "2", "--seed", "3", "-o", "set"], "set", ""),
    "practice": (["practice", RN, "--no-player", "-o", "page.html"], "page.html", "page.html"),
    "play": (["play", "tictactoe", "--p1", "alphabeta", "--p2", "alphabeta"], None, "Draw."),
    "match": (["match", "tictactoe", "--p1", "alphabeta", "--p2", "random", "--games", "2", "--seed", "1"], None,
              "alphabeta"),
}

# (arguments, a fragment of the one line it prints)
MISTAKES = {
    "render": (["render", "no_such_tree.yaml"], "no_such_tree.yaml"),
    "slides": (["slides", RN, "--step", "sometimes"], "--step"),
    "trace": (["trace", RN, "-a", "nosuch"], "nosuch"),
    "stats": (["stats", RN, "--depth", "-1"], "--depth"),
    "export": (["export", RN, "--format", "xml"], "--format"),
    "compare": (["compare", RN, "--depths", "x"], "--depths"),
    "check": (["check", "no_such_tree.yaml"], "no_such_tree.yaml"),
    "grade": (["grade", "no_such_tree.yaml", STUDENT], "no_such_tree.yaml"),  # a missing answer file is graded 0
    "worksheet": (["worksheet", RN, "-f", "doc"], "-f"),
    "exercise": (["exercise", "--depth", "0"], "--depth"),
    "practice": (["practice", RN, "--branching", "2"], "--branching"),
    "play": (["play", "shogi"], "shogi"),
    "match": (["match", "tictactoe", "--games", "0"], "--games"),
}


@pytest.mark.parametrize("command", WORKING)
def test_each_command_works_as_a_process(tmp_path, command):
    args, written, shown = WORKING[command]
    result = run_tracer_process(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert shown in result.stdout
    if written is not None:
        assert (tmp_path / written).exists()
    else:
        assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", MISTAKES)
def test_each_command_refuses_a_mistake_in_one_line_as_a_process(tmp_path, command):
    args, fragment = MISTAKES[command]
    assert_one_line_error(run_tracer_process(*args, cwd=tmp_path), fragment)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_version_and_help_exit_zero():
    version = run_tracer_process("--version")
    assert version.returncode == 0 and version.stdout.startswith("tracer ")
    helped = run_tracer_process("render", "--help")
    assert helped.returncode == 0 and "usage: tracer render" in helped.stdout


def test_stats_json_from_a_process_is_the_documented_contract():
    data = json.loads(run_tracer_process("stats", RN, "--json").stdout)
    assert data["value"] == 3 and data["best_move"] == "B" and data["algorithm"] == "alphabeta"

