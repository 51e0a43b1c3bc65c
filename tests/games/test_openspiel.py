"""OpenSpiel's games through --game openspiel:NAME (games/openspiel.py): the counts and values of tracer's own
Connect Four (its tic-tac-toe's: in the docs collector), expectiminimax on pig and max^n on three-player Chinese
checkers against searches written here over pyspiel alone, the refusals, the game list from OpenSpiel's registry,
and position files."""

from __future__ import annotations

import json
import math
import random
import zlib
from fractions import Fraction
from importlib.metadata import version

import pytest

from helpers import ROOT, assert_one_line_error, run_tracer

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is an optional extra: pip install 'tracer[openspiel]' "
                                                "(setup.sh --test installs it)")

from games import GAMES, load_game  # noqa: E402
from games.openspiel import ALTERNATING, text_board  # noqa: E402
from tracer import Player  # noqa: E402
from tracer.errors import GameError, IllegalMoveError  # noqa: E402
from tracer.inputs import load_problem  # noqa: E402
from tracer.run import search_stats  # noqa: E402


def stats(game: str, algorithm: str, depth=None, position=None, **options):
    problem = load_problem(game=game, position=position, depth=depth, game_options=options)
    return search_stats(problem.root, algorithm, depth=problem.depth)


# ---- the same counts and values as tracer's own games ------------------------------------------------------------

# The counts of tic-tac-toe equal the built-in game's (the published 549,946 minimax nodes, 18,297
# alpha-beta): checked on the docs' own `tracer stats --game openspiel:tic_tac_toe -a minimax -a alphabeta`, run
# once by the docs collector (tests/test_docs_examples.py, _counts_as_the_built_in_game), not searched again here.


def connect4_windows(state) -> list[float]:
    """The built-in Connect Four's evaluation of an OpenSpiel connect_four state, for --eval: its columns are
    OpenSpiel's actions + 1."""
    own = load_game("connect4")
    position = own.position("".join(str(action + 1) for action in state.history()))
    first = position.evaluate() if position.max_side == 0 else -position.evaluate()
    return [first, -first]


def test_connect_four_depth_5_with_the_built_in_evaluation_agrees(tmp_path, monkeypatch):
    """Alpha-beta depth 5 from the empty board: OpenSpiel's game, evaluated by the built-in game's windows through
    --eval, finds the built-in game's value and column, visiting the same nodes (the same column order)."""
    (tmp_path / "windows.py").write_text("from test_openspiel import connect4_windows as windows\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "games"))
    own = stats("connect4", "alphabeta", depth=5)
    spiel = stats("openspiel:connect_four", "alphabeta", depth=5, eval="windows:windows")
    assert spiel.value == own.value != 0
    assert spiel.best_move == f"x{int(own.best_move) - 1}"
    assert spiel.nodes_visited == own.nodes_visited
    # and without --eval, the documented default: returns(), 0 before the end
    assert stats("openspiel:connect_four", "alphabeta", depth=5).value == 0


# ---- chance: expectiminimax and Star1 against an exact expectiminimax over chance_outcomes() ----------------------

def exact_expectiminimax(state, player: int, depth: int) -> Fraction:
    """Expectiminimax from its definition over pyspiel alone: player ``player`` maximises, the other minimises,
    chance averages its outcomes with probabilities read as the fractions a die's are (denominators up to 36);
    at the depth limit a position is worth its returns() (0 before the end)."""
    if state.is_terminal() or depth == 0:
        return Fraction(state.returns()[player]).limit_denominator(1000)
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        odds = [Fraction(p).limit_denominator(36) for _, p in outcomes]
        assert sum(odds) == 1
        return sum(p * exact_expectiminimax(state.child(a), player, depth - 1) for p, (a, _) in zip(odds, outcomes))
    values = [exact_expectiminimax(state.child(a), player, depth - 1) for a in state.legal_actions()]
    return max(values) if state.current_player() == player else min(values)


@pytest.mark.parametrize("position", ["0 5 0", "0 2 1 0 4", "0 3 1 0 5 1"])
def test_pig_expectiminimax_equals_an_exact_one_over_chance_outcomes(position):
    game, depth = "openspiel:pig(winscore=10)", 6
    spiel = pyspiel.load_game("pig(winscore=10)").new_initial_state()
    for action in position.split():
        spiel.apply_action(int(action))
    expected = exact_expectiminimax(spiel, max(spiel.current_player(), 0), depth)  # (chance to move: player 0)
    assert 0 < abs(expected) < 1  # the search reaches some ends, and chance decides: not a trivial value
    found = stats(game, "expectiminimax", depth=depth, position=position)
    assert Fraction(found.value).limit_denominator(10**6) == expected
    problem = load_problem(game=game, position=position, depth=depth)
    star1 = search_stats(problem.root, "expectiminimax", depth=depth, settings={"bounds": (-1, 1)})
    assert Fraction(star1.value).limit_denominator(10**6) == expected
    assert star1.nodes_visited <= found.nodes_visited


def test_chance_probabilities_are_read_exactly():
    """OpenSpiel gives floats; tracer reads each as the simplest fraction that rounds to it: a die's sixths and
    backgammon's opening thirtieths, adding up to exactly 1."""
    from tracer.search.algorithms import chance_weights

    for name, actions, denominator in (("pig", [0], 6), ("backgammon", [], 30)):
        state = load_game(f"openspiel:{name}").position(" ".join(map(str, actions)))
        assert state.player is Player.CHANCE
        weights, total = chance_weights(tuple(state.probability(m) for m in state.moves()))
        assert total == denominator and sum(weights) == denominator


def test_every_searchable_games_chance_outcomes_are_exact_fractions_adding_up_to_one():
    """In random games of each game with chance that tracer can search, every chance node's probabilities are read
    as fractions of small denominators that add up to exactly 1 (no scaling needed), each within rounding of
    OpenSpiel's float."""
    from games.openspiel import catalogue
    from tracer.numbers import exact

    chancy = [name for name, how, why in catalogue() if why is None and "chance" in how]
    assert {"pig", "backgammon", "2048", "yacht"} <= set(chancy)
    rng = random.Random(35)
    for name in chancy:
        game = load_game(f"openspiel:{name}")
        for _ in range(3):
            state, plies = game.start(), 0
            while not state.is_terminal() and plies < 40:
                moves = state.moves()
                if state.player is Player.CHANCE:
                    odds = {move: exact(state.probability(move)) for move in moves}
                    assert sum(odds.values()) == 1, name
                    given = dict(state.spiel.chance_outcomes())
                    assert all(p.denominator <= 10**6 and abs(p - Fraction(given[m])) < 1e-12 for m, p in odds.items())
                state, plies = state.child(rng.choice(list(moves))), plies + 1


def test_star1_bounds_must_hold_the_games_values():
    result = run_tracer("stats", "--game", "openspiel:pig", "-a", "expectiminimax", "--depth", "3", "--bounds",
                        "0", "1")
    assert_one_line_error(result, "--bounds must hold the game's values", "[−1, 1]")
    assert run_tracer("stats", "--game", "openspiel:pig", "-a", "expectiminimax", "--depth", "3", "--bounds",
                      "-2", "2").returncode == 0


# ---- several players: max^n against a brute force -----------------------------------------------------------------

def scores(state) -> list[float]:
    """A made-up evaluation for three players, a function of the position's text alone (so the brute force and
    tracer see the same numbers), with ties rare."""
    digest = zlib.crc32(str(state).encode())
    return [float(digest >> (10 * i) & 1023) for i in range(3)]


def brute_maxn(state, depth: int):
    """Max^n from its definition: the player to move takes the child whose vector is best for it, the first of
    equals; at the depth limit, the evaluation."""
    if state.is_terminal():
        return tuple(state.returns()), None
    if depth == 0:
        return tuple(scores(state)), None
    mover, best, move = state.current_player(), None, None
    for action in state.legal_actions():
        value, _ = brute_maxn(state.child(action), depth - 1)
        if best is None or value[mover] > best[mover]:
            best, move = value, action
    return best, move


def test_three_player_chinese_checkers_under_maxn(tmp_path, monkeypatch):
    (tmp_path / "three.py").write_text("from test_openspiel import scores\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "games"))
    game = "openspiel:chinese_checkers(players=3)"
    spiel = pyspiel.load_game("chinese_checkers(players=3)").new_initial_state()
    for depth in (1, 2, 3):
        value, move = brute_maxn(spiel, depth)
        found = stats(game, "maxn", depth=depth, eval="three:scores")
        assert tuple(found.value) == value
        assert found.best_move == spiel.action_to_string(0, move)
    problem = load_problem(game=game, depth=2, game_options={"eval": "three:scores"})
    assert problem.meta["players"] == ["P0", "P1", "P2"] and problem.root.mover == 0
    paranoid = search_stats(problem.root, "paranoid", depth=2)  # the root's player against the other two
    assert paranoid.value == paranoid_value(spiel, 2)


def paranoid_value(state, depth: int) -> float:
    """Paranoid from its definition: player 0 maximises its component, the others minimise it."""
    if state.is_terminal() or depth == 0:
        return (state.returns() if state.is_terminal() else scores(state))[0]
    values = [paranoid_value(state.child(a), depth - 1) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


def test_a_vector_game_is_refused_by_the_searches_of_one_utility():
    result = run_tracer("stats", "--game", "openspiel:chinese_checkers(players=3)", "-a", "alphabeta", "--depth", "1")
    assert_one_line_error(result, "-a alphabeta searches one utility", "-a maxn")


# ---- refusals, each one line, exit 2 -------------------------------------------------------------------------------

@pytest.mark.parametrize("game, fragments", [
    ("openspiel:kuhn_poker", ["imperfect information", "would let each player see hidden cards"]),
    ("openspiel:goofspiel", ["simultaneous moves"]),
    ("openspiel:matrix_rps", ["simultaneous moves"]),
    ("openspiel:mfg_garnet", ["mean-field"]),
    ("openspiel:pig(players=3)", ["chance moves with 3-player zero-sum utilities"]),
    ("openspiel:no_such_game", ["openspiel:no_such_game: OpenSpiel cannot make it", "tracer games"]),
    ("openspiel:tic_tac_toe(rows=4)", ["OpenSpiel cannot make it"]),
])
def test_games_tracer_cannot_search_are_refused_in_one_line(game, fragments):
    for command in (("stats", "--game", game), ("render", "--game", game, "-o", "/nonexistent/x.svg"),
                    ("play", game, "--p1", "random", "--p2", "random")):
        assert_one_line_error(run_tracer(*command), *fragments)


def test_the_searches_that_cannot_take_a_game_say_so():
    assert_one_line_error(run_tracer("stats", "--game", "openspiel:pig", "-a", "alphabeta", "--depth", "2"),
                          "chance moves", "expectiminimax")
    assert_one_line_error(run_tracer("stats", "--game", "openspiel:amazons", "-a", "negamax", "--depth", "1"),
                          "negamax assumes the players alternate")
    assert_one_line_error(run_tracer("stats", "--game", "openspiel:tic_tac_toe", "--rows", "4"),
                          "has no option --rows")
    assert_one_line_error(run_tracer("stats", "--game", "tictactoe", "--eval", "x:y"), "has no option --eval")
    for spec, fragment in (("nowhere:f", "cannot import 'nowhere'"), ("os:nothing", "has no function"),
                           ("nocolon", "write MODULE:FUNCTION")):
        assert_one_line_error(run_tracer("stats", "--game", "openspiel:connect_four", "--eval", spec), fragment)


def test_an_evaluation_that_returns_the_wrong_thing_is_named(tmp_path):
    (tmp_path / "bad_evaluations.py").write_text(
        "import sys\n"
        "def one(state): return 1\n"
        "def text(state): return '12'\n"  # two characters, which float() would read as two numbers
        "def infinite(state): return [float('inf'), 0]\n"
        "def three(state): return [1, 2, 3]\n"
        "def boom(state): raise KeyError(7)\n"
        "def leave(state): sys.exit(3)\n")
    for function in ("one", "text", "infinite", "three"):
        assert_one_line_error(run_tracer("stats", "--game", "openspiel:connect_four", "--depth", "1", "--eval",
                                         f"bad_evaluations:{function}", cwd=tmp_path),
                              "must return 2 finite numbers, one per player")
    for function, fragment in (("boom", "KeyError"), ("leave", "SystemExit")):
        assert_one_line_error(run_tracer("stats", "--game", "openspiel:connect_four", "--depth", "1", "--eval",
                                         f"bad_evaluations:{function}", cwd=tmp_path), "the function failed", fragment)


def test_negamax_runs_on_the_games_that_alternate():
    assert stats("openspiel:tic_tac_toe", "negamax-ab").value == stats("tictactoe", "negamax-ab").value == 0
    assert stats("openspiel:tic_tac_toe", "pvs").nodes_visited == stats("tictactoe", "pvs").nodes_visited


@pytest.mark.parametrize("name", sorted(ALTERNATING))
def test_the_games_said_to_alternate_do_in_random_games(name):
    """Evidence (not proof) for :data:`ALTERNATING`, which negamax trusts: in 20 random games the mover always
    changes."""
    rng = random.Random(name)
    game = pyspiel.load_game(name)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            mover = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            assert state.is_terminal() or state.current_player() != mover


# ---- the game's interface: moves, positions, boards ---------------------------------------------------------------

def test_moves_positions_and_boards():
    game = load_game("openspiel:connect_four")
    state = game.position("3 3 x4")  # numbers or names, as OpenSpiel names them
    assert game.notation(state) == "3 3 4" and state.player is Player.MAX and game.to_move(state) == 1
    assert game.notation(game.position(game.notation(state))) == "3 3 4"
    assert game.parse_move(state, "o5") == 5 and game.parse_move(state, "5") == 5
    with pytest.raises(IllegalMoveError, match="legal now: o0, o1"):
        game.parse_move(state, "o9")
    with pytest.raises(GameError, match="action 2"):
        game.position("3 x9")
    board = state.board()
    assert board.rows[-2:] == ("...o...", "...xx..") and len(board.rows) == 6 and board.glyphs["."] == ""
    serialized = pyspiel.load_game("connect_four").new_initial_state()
    for action in (3, 3, 4):
        serialized.apply_action(action)
    assert game.notation(game.position(serialized.serialize())) == "3 3 4"  # the serialised state, on lines


def test_boards_with_coordinates_and_text_that_is_no_board():
    board = text_board("5bbbbb\n4.....\n3.....\n2.....\n1wwwww\n abcde\n")
    assert board.rows[0] == "bbbbb" and board.files == tuple("abcde") and board.ranks == tuple("54321")
    assert text_board("Scores: 0 0, Turn total: 0\nCurrent player: 0\n") is None
    pig = load_game("openspiel:pig").start()
    assert not hasattr(pig, "board") and pig.name == "Scores: 0 0, Turn total: 0"
    assert load_game("openspiel:chinese_checkers").start().name == ""  # a big board as text: no name


def test_a_game_that_never_ends_gets_a_depth_and_a_small_one_is_searched_whole():
    assert load_game("openspiel:tic_tac_toe").default_depth is None
    assert load_game("openspiel:pig").default_depth == 4
    problem = load_problem(game="openspiel:tic_tac_toe", position="0 4 8 1 7", depth=12)
    assert problem.depth == 4 and "past the longest" in problem.notes[0]


# ---- position files, the game list, the commands -------------------------------------------------------------------

def test_the_shipped_position_file_checks_and_is_tracers_own_search():
    path = ROOT / "games" / "positions" / "openspiel_tic_tac_toe.yaml"
    result = run_tracer("check", path)
    assert result.returncode == 0, result.stderr
    problem = load_problem(str(path))
    assert problem.meta["game"] == "openspiel-tic_tac_toe"
    own = load_problem(game="tictactoe", position="O../.X./..X")
    ours, theirs = search_stats(problem.root, "alphabeta"), search_stats(own.root, "alphabeta")
    assert (ours.value, ours.nodes_visited, ours.best_move, theirs.best_move) == (0, theirs.nodes_visited, "o(0,2)", "3")
    for algorithm in ("mtdf", "sss"):  # (their tables key OpenSpiel's positions by the actions: other counts)
        assert search_stats(problem.root, algorithm).value == search_stats(own.root, algorithm).value == 0


def test_mtdf_and_sss_take_only_games_of_whole_values(tmp_path):
    """The null window (β − 1, β) needs whole values: a game scored at the end between whole bounds has them;
    with an evaluation of the user's nothing says so, and MTD(f) refuses in one line."""
    assert stats("openspiel:connect_four", "mtdf", depth=3).value == 0
    (tmp_path / "halves.py").write_text("def half(state):\n    return [0.5, -0.5]\n")
    assert_one_line_error(run_tracer("stats", "--game", "openspiel:connect_four", "-a", "mtdf", "--depth", "2",
                                     "--eval", "halves:half", cwd=tmp_path), "MTD(f) and SSS*")
    assert stats("openspiel:connect_four", "minimax", depth=2, eval="halves:half").value == 0.5


def test_a_position_file_may_name_an_openspiel_game_and_a_serialised_state(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text('game: "openspiel:tic_tac_toe"\nposition: |\n  4\n  0\n  8\n')
    problem = load_problem(str(path))
    assert problem.meta["position"] == "4 0 8" and problem.depth == math.inf  # small: searched to the end
    path.write_text('game: "openspiel:kuhn_poker"\n')
    with pytest.raises(GameError, match=f"{path}: openspiel:kuhn_poker: tracer cannot search it"):
        load_problem(str(path))


def test_the_game_list_is_openspiels_registry():
    result = run_tracer("games", "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert listed["openspiel"] == version("open_spiel")
    names = [row["name"] for row in listed["games"]]
    registry = sorted(t.short_name for t in pyspiel.registered_games())
    assert names[:len(GAMES)] == list(GAMES)  # tracer's own games first
    assert names[len(GAMES):] == [f"openspiel:{name}" for name in registry]
    rows = {row["name"]: row for row in listed["games"]}
    assert rows["openspiel:tic_tac_toe"]["searchable"] and rows["openspiel:pig"]["searchable"]
    assert "hidden cards" in rows["openspiel:kuhn_poker"]["reason"]
    assert "simultaneous" in rows["openspiel:goofspiel"]["reason"]
    assert "wraps another game" in rows["openspiel:misere"]["reason"]
    for row in listed["games"]:  # each game the list says tracer searches, tracer loads; each other it refuses
        assert row["searchable"] == (row["reason"] is None) != (row["searched_as"] is None)
    for name in ("openspiel:kuhn_poker", "openspiel:tic_tac_toe", "openspiel:2048", "openspiel:goofspiel"):
        loaded = True
        try:
            load_game(name)
        except GameError:
            loaded = False
        assert loaded == rows[name]["searchable"]
    text = run_tracer("games").stdout
    assert "openspiel:kuhn_poker" in text and f"{len(registry)} games registered" in text


@pytest.mark.parametrize("command", [
    ["trace", "--game", "openspiel:tic_tac_toe", "--position", "4 0 8 2", "-o", "{tmp}/t.json"],
    ["export", "--game", "openspiel:tic_tac_toe", "--position", "4 0 8 2", "-o", "{tmp}/t.graphml"],
    ["compare", "--game", "openspiel:connect_four", "--depths", "1-2", "-a", "minimax", "-a", "alphabeta"],
    ["render", "--game", "openspiel:breakthrough(rows=4,columns=3)", "--depth", "2", "-o", "{tmp}/b.svg"],
    ["play", "openspiel:tic_tac_toe", "--p1", "alphabeta", "--p2", "random"],
    ["match", "openspiel:connect_four", "--p1", "alphabeta", "--p2", "random", "--depth", "2", "--games", "2"],
])
def test_the_commands_take_openspiel_games(command, tmp_path):
    result = run_tracer(*[part.format(tmp=tmp_path) for part in command])
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
