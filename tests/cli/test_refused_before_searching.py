"""Searches nobody can wait for, or whose trace cannot fit, are refused before they start: one line giving the
estimate and naming the options that change it, exit status 2, the peak memory of the refused process under
200 MB (its own ru_maxrss, read as it is reaped). A traced Monte Carlo tree search counts its steps against
--max-nodes. A saved trace past --max-nodes is refused before it is read whole. Running out of memory is one line
naming the command and the option to lower, under a real cap on the process's memory (RLIMIT_AS)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from helpers import ROOT, TREES, assert_one_line_error, run_tracer

MAX_RSS_MB = 200


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str
    max_rss_mb: float  # the process's peak resident memory


# Runs tracer and reports its peak memory. A process's ru_maxrss counts the memory of the process it was forked from
# (Linux keeps the high-water mark across fork and exec): tracer is started from this small launcher, not from the
# test's own large process, so that its peak is its own.
LAUNCHER = """
import json, resource, subprocess, sys
cap = int(sys.argv[1])
def limit():
    if cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
done = subprocess.run(sys.argv[2:], capture_output=True, text=True, preexec_fn=limit, timeout=600)
print(json.dumps({"returncode": done.returncode, "stdout": done.stdout, "stderr": done.stderr,
                  "max_rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def run_measured(*args, cwd=None, memory_cap_mb: int | None = None) -> Ran:
    """``python -m tracer ARGS`` as a process of its own, with its peak memory (and, given, an address-space cap,
    RLIMIT_AS, set in the process before it starts)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    cap = str((memory_cap_mb or 0) * 2**20)
    done = subprocess.run([sys.executable, "-c", LAUNCHER, cap, sys.executable, "-m", "tracer", *map(str, args)],
                          cwd=cwd or ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return Ran(**json.loads(done.stdout))


def assert_refused(ran: Ran, *fragments):
    assert_one_line_error(ran, *fragments)
    assert ran.max_rss_mb < MAX_RSS_MB, f"peak memory {ran.max_rss_mb:.0f} MB"


# ---- an estimate past the budget ---------------------------------------------------------------------------------

def test_a_full_solve_of_connect_four_is_refused_with_its_estimate():
    ran = run_measured("stats", "--game", "connect4", "--depth", "1000000")
    assert_refused(ran, "-a alphabeta, 42 plies deep: about", "nodes", "years at the", "nodes a second",
                   "past --max-seconds 1800", "--depth D", "--max-seconds S")
    assert "note: depth 1000000 is past the longest connect4 game" not in ran.stdout


def test_clobber_on_a_26_by_26_board_is_refused_with_its_estimate():
    ran = run_measured("stats", "--game", "clobber", "--rows", "26", "--cols", "26")
    assert_refused(ran, "-a alphabeta, 4 plies deep: about", "past --max-seconds 1800", "--depth D",
                   "--max-seconds S")


def test_a_small_time_budget_refuses_what_it_cannot_hold():
    ran = run_measured("stats", "--game", "connect4", "--depth", "12", "--max-seconds", "0.5")
    assert_refused(ran, "-a alphabeta, 12 plies deep: about", "past --max-seconds 0.5")


def test_a_search_done_within_the_measuring_is_never_refused():
    """Tic-tac-toe's alpha-beta is over before its speed is even measured: the tightest budget lets it run."""
    result = run_tracer("stats", "--game", "tictactoe", "--position", "XO.X.O...", "--max-seconds", "0.001",
                        "--json")
    assert result.returncode == 0, result.stderr


def test_every_algorithm_named_in_the_refusal(tmp_path):
    result = run_tracer("stats", "--game", "connect4", "--depth", "20", "-a", "minimax", "-a", "mtdf",
                        "--max-seconds", "1")
    assert_one_line_error(result, "-a minimax, 20 plies deep: about")


def test_a_trace_estimated_past_max_nodes_is_refused():
    ran = run_measured("trace", "--game", "connect4", "--depth", "9", "--max-nodes", "10000")
    assert_refused(ran, "-a alphabeta, 9 plies deep: about", "past --max-nodes 10,000", "a trace holds every node",
                   "--depth D", "--max-nodes N")


@pytest.mark.parametrize("command", ["render", "slides", "export"])
def test_every_drawing_of_a_game_refuses_the_same(tmp_path, command):
    result = run_tracer(command, "--game", "clobber", "--depth", "6", "--max-nodes", "5000", cwd=tmp_path)
    assert_one_line_error(result, "-a alphabeta, 6 plies deep: about", "past --max-nodes 5,000")
    assert not (tmp_path / "output").exists()


def test_compare_refuses_a_row_and_shows_those_before_it():
    result = run_tracer("compare", "--game", "connect4", "--depths", "2,20", "--max-nodes", "50000")
    assert result.returncode == 2
    assert "alphabeta" in result.stdout  # the row at depth 2
    assert "row 2 of 2 (alphabeta (natural order), depth 20), and the rows after it, not searched: -a alphabeta, " \
           "20 plies deep: about" in result.stderr
    assert "past --max-nodes 50,000" in result.stderr


def test_what_fits_its_budget_runs_as_before():
    result = run_tracer("trace", "--game", "connect4", "--depth", "3")
    assert result.returncode == 0, result.stderr
    assert "alphabeta: value" in result.stdout


# ---- Monte Carlo tree search: its steps against --max-nodes -------------------------------------------------------

def test_ten_million_traced_iterations_are_refused_before_searching():
    ran = run_measured("trace", TREES / "mcts_example.yaml", "-a", "mcts", "--iterations", "10000000")
    assert_refused(ran, "-a mcts: --iterations 10,000,000 make at least 40,000,000 steps (4 an iteration), past "
                        "--max-nodes 100,000", "--iterations N", "--max-nodes N")


@pytest.mark.parametrize("command, more", [
    ("trace", ()), ("render", ()), ("slides", ()), ("export", ()), ("compare", ()),
    ("practice", ("-o", "practice.html")), ("grade", (TREES / "answers" / "rn_example.student.yaml",)),
    ("check", ()), ("worksheet", ()),
])
def test_every_command_that_traces_refuses_iterations_that_cannot_fit(tmp_path, command, more):
    iterations = ("--iterations", "10000000") if command != "check" else ("--iterations", "10000000")
    algorithm = () if command == "check" else ("-a", "mcts")
    result = run_tracer(command, TREES / "mcts_example.yaml", *more, *algorithm, *iterations, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "--iterations 10,000,000 make at least 40,000,000 steps" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "output").exists() and not (tmp_path / "practice.html").exists()


def test_a_traced_search_counts_its_steps_as_it_runs():
    """Iterations that may fit pass the check before searching; the search is stopped as its steps pass the limit."""
    ran = run_measured("trace", "--game", "connect4", "-a", "mcts", "--iterations", "20000")
    assert_refused(ran, "the traced Monte Carlo tree search passed 100,000 steps (--max-nodes;",
                   "--iterations N", "--max-nodes N")


def test_steps_are_counted_as_the_trace_holds_them(tmp_path):
    """Within the limit the search runs; its saved trace is read back under the same limit."""
    from tracer.trace.recorder import MCTS_LEAST_STEPS

    saved = tmp_path / "mcts.json"
    result = run_tracer("trace", "--game", "tictactoe", "-a", "mcts", "--iterations", "300", "--max-nodes", "20000",
                        "-o", saved)
    assert result.returncode == 0, result.stderr
    events = json.loads(saved.read_text())["events"]
    held = sum(1 + len(event.get("children", ()) if event["type"] == "mcts_select" else ())
               + len(event.get("path", ())) for event in events if event["type"] != "mcts_final")
    assert MCTS_LEAST_STEPS * 300 <= held <= 20000
    again = run_tracer("trace", saved, "--max-nodes", "20000")
    assert again.returncode == 0, again.stderr
    tight = run_tracer("trace", "--game", "tictactoe", "-a", "mcts", "--iterations", "300", "--max-nodes",
                       str(held - 1))
    assert_one_line_error(tight, f"passed {held - 1:,} steps")


def test_untraced_mcts_keeps_its_limits():
    """stats does not trace: its iterations are bounded by their time only."""
    result = run_tracer("stats", TREES / "mcts_example.yaml", "-a", "mcts", "--iterations", "30000", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["iterations"] == 30000


# ---- saved traces past --max-nodes --------------------------------------------------------------------------------

def _big_trace(path, nodes: int) -> None:
    """A trace file of ``nodes`` nodes in a chain, each entered and left: written as text (what reading it costs is
    the point, not how it was made)."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"format": "tracer-trace", "version": 2, "algorithm": "minimax", "title": "Minimax", '
                  '"terms": "max", "options": {"depth": null}, "meta": {"name": "chain"}, '
                  '"result": {"value": 0, "best_move": "1"}, "nodes": [')
        out.write(", ".join(f'{{"id": {i}, "parent": {"null" if i == 0 else i - 1}, "move": '
                            f'{"null" if i == 0 else chr(34) + "1" + chr(34)}, "name": "", "player": '
                            f'"{"max" if i % 2 == 0 else "min"}", "ply": {i}, "pruned": false}}'
                            for i in range(nodes)))
        out.write('], "events": []}')


def test_a_saved_trace_past_max_nodes_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    _big_trace(big, 400_000)
    assert big.stat().st_size > 40 * 2**20
    ran = run_measured("render", big, "--compact", cwd=tmp_path)
    assert_refused(ran, f"{big}: a trace of 400,000 nodes, more than --max-nodes 100,000",
                   "--max-nodes N to read it")
    assert_refused(run_measured("trace", big, cwd=tmp_path), "a trace of 400,000 nodes")
    assert_refused(run_measured("export", big, cwd=tmp_path), "a trace of 400,000 nodes")


def test_a_saved_trace_written_otherwise_is_counted_once_parsed(tmp_path):
    """A file whose keys are spaced otherwise than tracer writes them is counted after it is parsed, before the
    trace is built."""
    written = tmp_path / "small.json"
    assert run_tracer("trace", TREES / "rn_example.yaml", "-a", "minimax", "-o", written).returncode == 0
    data = json.loads(written.read_text())
    spaced = tmp_path / "spaced.json"
    spaced.write_text(json.dumps(data, separators=(",", " : ")))
    assert_one_line_error(run_tracer("trace", spaced, "--max-nodes", "5"),
                          f"{spaced}: a trace of {len(data['nodes'])} nodes, more than --max-nodes 5")
    assert run_tracer("trace", spaced, "--max-nodes", str(len(data["nodes"]))).returncode == 0


def test_a_saved_mcts_trace_is_counted_by_its_steps(tmp_path):
    saved = tmp_path / "mcts.json"
    assert run_tracer("trace", TREES / "mcts_example.yaml", "-a", "mcts", "--iterations", "200", "-o",
                      saved).returncode == 0
    events = len(json.loads(saved.read_text())["events"])
    assert_one_line_error(run_tracer("render", saved, "--max-nodes", "100", cwd=tmp_path),
                          f"a Monte Carlo tree search of {events:,} steps, more than --max-nodes 100")


# ---- out of memory ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("trace", "--game", "connect4", "--depth", "8", "-a", "minimax", "--max-nodes", "100000000", "-o", "t.json"),
    ("render", TREES / "mcts_example.yaml", "-a", "mcts", "--iterations", "1000000", "--max-nodes", "100000000"),
    ("grade", TREES / "mcts_example.yaml", TREES / "answers" / "rn_example.student.yaml", "-a", "mcts",
     "--iterations", "1000000", "--max-nodes", "100000000"),
])
def test_out_of_memory_is_one_line_naming_the_command_and_the_option(tmp_path, args):
    ran = run_measured(*args, cwd=tmp_path, memory_cap_mb=300)
    assert_one_line_error(ran, f"tracer {args[0]}: error: out of memory", "lower --max-nodes N")
    assert not (tmp_path / "t.json").exists() and not (tmp_path / "output").exists()
