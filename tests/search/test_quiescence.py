"""Quiescence search (``--quiescence``): the horizon effect it cures, checked by deeper plain searches; its values
against a brute force written here (minimax over the noisy moves, standing pat allowed, no pruning); its own step
in the trace (``stand_pat``), counted, saved and read back; its nodes drawn distinctly; and its refusals."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("chess")  # the horizon example is a chess position (the optional extra tracer[chess])

from games import load_game  # noqa: E402
from helpers import ROOT, run_tracer  # noqa: E402
from tracer import ALGORITHMS, CountingTracer  # noqa: E402
from tracer.inputs import load_problem, load_trace  # noqa: E402
from tracer.model.state import Player  # noqa: E402
from tracer.run import trace_search  # noqa: E402
from tracer.search.settings import takers  # noqa: E402
from tracer.trace.events import LeafEvaluated, NodeEntered, StandPat  # noqa: E402
from tracer.view import TraceView  # noqa: E402
from tracer.view.look import QUIESCENCE_FILL  # noqa: E402

GAME = load_game("chess")
HORIZON = ROOT / "games/positions/chess_horizon.yaml"
QUIESCENT = takers("quiescence")  # the searches that take --quiescence, as the registry says
POSITIONS = [  # a queen that may take a defended pawn; captures on both sides; the two mate puzzles
    "4k3/4p3/3p4/8/8/8/8/3QK3 w - - 0 1",
    "r3k3/8/2n5/3p4/4P3/2N5/8/4K2R w - - 0 1",
    "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
    "5B2/6P1/1p6/8/1N6/kP6/2K5/8 w - - 0 1",
]


def quiescence_value(state) -> float:
    """The quiescence value by brute force, MAX's view: a finished game's utility; else the best (for the player to
    move) of standing pat on the evaluation and each noisy move's quiescence value."""
    if state.is_terminal():
        return state.utility()
    options = [state.evaluate()] + [quiescence_value(state.child(m)) for m in state.noisy_moves()]
    return max(options) if state.player is Player.MAX else min(options)


def brute_force(state, depth: int) -> float:
    """Minimax to ``depth``, each position at the depth limit valued by :func:`quiescence_value`."""
    if state.is_terminal():
        return state.utility()
    if depth == 0:
        return quiescence_value(state)
    values = [brute_force(state.child(m), depth - 1) for m in state.moves()]
    return max(values) if state.player is Player.MAX else min(values)


def test_the_searches_that_take_it_are_the_depth_first_alpha_beta_ones():
    assert set(QUIESCENT) == {"alphabeta", "negamax-ab", "pvs"}
    assert all(ALGORITHMS[name].pruning for name in QUIESCENT)


@pytest.mark.parametrize("name", QUIESCENT)
@pytest.mark.parametrize("fen", POSITIONS)
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_values_equal_a_brute_force_quiescence(name, fen, depth):
    root = GAME.position(fen)
    value, move = ALGORITHMS[name].run(root, depth, CountingTracer(), settings={"quiescence": True})
    assert value == brute_force(root, depth)
    if move is not None and depth > 0:
        assert brute_force(root.child(move), depth - 1) == value  # the move returned is worth that value


@pytest.mark.parametrize("name", QUIESCENT)
def test_the_horizon_effect_and_its_cure(name):
    problem = load_problem(str(HORIZON))
    root, depth = problem.root, problem.depth
    plain = ALGORITHMS[name].run(root, depth)
    quiet = ALGORITHMS[name].run(root, depth, settings={"quiescence": True})
    assert root.move_name(plain[1]) == "Qxd6"  # one ply deep, the pawn looks free
    assert root.move_name(quiet[1]) != "Qxd6"
    # A deeper plain search is the judge: two plies more see the recapture, and the queen is lost
    deeper = {root.move_name(m): ALGORITHMS["alphabeta"].run(root.child(m), depth + 2)[0] for m in root.moves()}
    assert deeper["Qxd6"] <= min(deeper.values()) + 100  # among the worst moves there are
    assert deeper[root.move_name(quiet[1])] >= deeper["Qxd6"] + 800  # the quiescent choice keeps the queen
    assert root.move_name(ALGORITHMS["alphabeta"].run(root, depth + 2)[1]) != "Qxd6"


def test_every_quiescence_node_stands_pat_once_and_the_trace_reads_back(tmp_path):
    problem = load_problem(str(HORIZON))
    trace = trace_search(problem.root, "alphabeta", depth=problem.depth, settings={"quiescence": True})
    entered = {e.node: e.ply for e in trace.events if isinstance(e, NodeEntered)}
    stood = [e.node for e in trace.events if isinstance(e, StandPat)]
    leaves = {e.node for e in trace.events if isinstance(e, LeafEvaluated)}
    assert len(stood) == len(set(stood))  # once each
    assert {node for node, ply in entered.items() if ply >= problem.depth} == set(stood) | leaves
    assert all(entered[node] >= problem.depth for node in stood) and max(entered.values()) > problem.depth
    counter = CountingTracer()
    ALGORITHMS["alphabeta"].run(problem.root, problem.depth, counter, settings={"quiescence": True})
    assert counter.nodes_visited == len(entered) and counter.leaves_evaluated == len(stood) + len(leaves)
    saved = tmp_path / "trace.json"
    result = run_tracer("trace", str(HORIZON), "--quiescence", "-o", str(saved))
    assert result.returncode == 0, result.stderr
    data = json.loads(saved.read_text())
    assert data["options"]["quiescence"] is True
    assert sum(1 for event in data["events"] if event["type"] == "stand_pat") == len(stood)
    loaded = load_trace(str(saved))  # checked against the schema and the search's order of steps as it is read
    assert loaded.spec.quiescence is True and "quiescence search" in loaded.spec.phrases()
    assert TraceView(loaded).counts["leaves_evaluated"] == len(stood) + len(leaves)


def test_a_stand_pat_narrows_the_window_and_can_cut():
    """At a MIN node past the horizon, standing pat lowers β; when the evaluation is already at most α, the noisy
    moves are skipped (a cutoff), and the node's value is then a bound, as the view says."""
    problem = load_problem(str(HORIZON))
    trace = trace_search(problem.root, "alphabeta", depth=problem.depth, settings={"quiescence": True})
    view = TraceView(trace)
    stood = [view.nodes[e.node] for e in trace.events if isinstance(e, StandPat)]
    for node in stood:
        assert node.stand_pat is not None
        assert node.window[1] <= node.stand_pat if node.node.player is Player.MIN else node.window[0] >= node.stand_pat


def test_quiescence_nodes_are_drawn_on_their_own_fill(tmp_path):
    quiet, plain = tmp_path / "quiet.svg", tmp_path / "plain.svg"
    for out, extra in ((quiet, ["--quiescence"]), (plain, [])):
        result = run_tracer("render", str(HORIZON), *extra, "--first-children", "2", "--legend", "-o", str(out))
        assert result.returncode == 0, result.stderr
    quiet_svg, plain_svg = quiet.read_text(), plain.read_text()
    assert QUIESCENCE_FILL in quiet_svg and "stand pat" in quiet_svg and "quiescence search" in quiet_svg
    assert QUIESCENCE_FILL not in plain_svg and "stand pat" not in plain_svg


@pytest.mark.parametrize("args, words", [
    (["-a", "minimax"], "--quiescence is for -a alphabeta or -a negamax-ab or -a pvs, not -a minimax"),
    (["-a", "mtdf"], "--quiescence is for -a alphabeta"),
])
def test_a_search_that_does_not_take_it_is_refused_in_one_line(args, words):
    result = run_tracer("render", str(HORIZON), "--quiescence", *args, "-o", "unused.svg")
    assert result.returncode == 2 and words in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("source", [["trees/depth_limited.yaml"], ["--game", "tictactoe"]])
def test_a_game_without_noisy_moves_is_refused_in_one_line(source, tmp_path):
    result = run_tracer("render", *source, "--quiescence", "-o", str(tmp_path / "unused.svg"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "noisy_moves()" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "unused.svg").exists()
