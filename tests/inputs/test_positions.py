"""Loading games by name and by module:Class, with one-line errors."""

from __future__ import annotations

import pytest

from games import GAMES, load_game
from helpers import assert_one_line_error, run_tracer
from tracer import GameError


def test_options_reach_the_game_and_unknown_ones_are_refused():
    assert load_game("connect4", cols=5, rows=4).geo.cols == 5
    assert load_game("clobber", cols=3, rows=None).start().rows() == ["BWB"] * 1 + ["WBW", "BWB", "WBW", "BWB",
                                                                                     "WBW"]
    assert load_game("tictactoe", quick_wins=True).quick_wins
    with pytest.raises(GameError, match="tictactoe has no option --rows"):
        load_game("tictactoe", rows=4)


def test_a_users_own_game_by_module_and_class():
    game = load_game("nim_game:Nim")
    assert game.name == "nim" and game.start().heap == 7


@pytest.mark.parametrize("spec, message", [
    ("shogi", "unknown game 'shogi' (choose from tictactoe, connect4, clobber, pig, chess, or give module:Class)"),
    ("no_such_module:Game", "cannot import module 'no_such_module'"),
    ("nim_game:Chess", "module 'nim_game' has no 'Chess'"),
    ("nim_game:NimState", "game 'nim_game:NimState' is not a tracer game: the class lacks start"),
    ("nim_game:", "write module:Class"),
    ("json:JSONDecoder", "is not a tracer game: the class lacks start, position"),
    ("os:system", "'system' is not a class"),
    ("subprocess:Popen", "is not a tracer game: the class lacks start"),
])
def test_loading_errors_are_clear(spec, message):
    with pytest.raises(GameError) as error:
        load_game(spec)
    assert message in str(error.value)


def test_options_left_unset_are_not_passed_and_names_ignore_case():
    assert type(load_game("TicTacToe", rows=None, cols=None, quick_wins=None)) is GAMES["tictactoe"]
    assert load_game("clobber", cols=None, rows=4).start().rows() == ["BWBWB", "WBWBW", "BWBWB", "WBWBW"]


@pytest.mark.parametrize("spec, options, message", [
    ("clobber", {"quick_wins": True}, "clobber has no option --quick-wins"),
    ("connect4", {"quick_wins": False}, "connect4 has no option --quick-wins"),
    ("nim_game:Nim", {"rows": 3}, "nim_game:Nim has no option --rows"),
    ("connect4", {"cols": 12}, "connect4: --cols must be 4 to 9"),
    ("clobber", {"rows": 0}, "clobber: --rows must be 1 to 26, got 0"),
])
def test_option_errors_name_the_game_and_the_option(spec, options, message):
    with pytest.raises(GameError) as error:
        load_game(spec, **options)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_module_that_does_not_load_is_one_clear_line(tmp_path, monkeypatch):
    (tmp_path / "broken_game.py").write_text("class Game(:\n")
    (tmp_path / "needy_game.py").write_text("import no_such_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(GameError, match=r"game 'broken_game:Game': cannot import module 'broken_game' \(SyntaxError"):
        load_game("broken_game:Game")
    with pytest.raises(GameError, match=r"cannot import module 'needy_game' \(ModuleNotFoundError: No module named "
                                        r"'no_such_dependency'\)"):
        load_game("needy_game:Game")


def test_a_module_that_exits_or_fails_as_it_loads_is_one_line_exit_2(tmp_path):
    """sys.exit() in a game module made render exit 0 (or 3) without a word; any other failure of its own code was
    a traceback."""
    (tmp_path / "quitter.py").write_text("import sys\nsys.exit(0)\n")
    (tmp_path / "crasher.py").write_text("raise RuntimeError('boom')\n")
    for spec, fragment in (("quitter:Game", "importing module 'quitter' called sys.exit(0)"),
                           ("crasher:Game", "importing module 'crasher' failed (RuntimeError: boom)")):
        result = run_tracer("render", "--game", spec, "-o", tmp_path / "x.svg", cwd=tmp_path)
        assert_one_line_error(result, fragment)
        assert not (tmp_path / "x.svg").exists()


def test_nothing_that_is_not_a_game_class_is_ever_called(tmp_path, monkeypatch):
    marker = tmp_path / "called"
    (tmp_path / "trap_game.py").write_text(
        "import pathlib\n"
        f"MARK = pathlib.Path({str(marker)!r})\n"
        "def Game(**options):\n    MARK.write_text('function')\n"
        "class Almost:\n    name = 'almost'\n    def __init__(self):\n        MARK.write_text('class')\n"
        "    def start(self):\n        return None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec in ("trap_game:Game", "trap_game:Almost"):
        with pytest.raises(GameError):
            load_game(spec)
    assert not marker.exists()


def test_a_position_file_names_only_a_built_in_game_and_imports_nothing(tmp_path):
    from helpers import assert_one_line_error, run_tracer

    marker = tmp_path / "imported"
    (tmp_path / "evil.py").write_text(f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran')\n"
                                      "class Game:\n    pass\n")
    for game in ("evil:Game", "os:abort", "sys:exit", "nim_game:Nim", "shogi", "[1, 2]"):
        position = tmp_path / "position.yaml"
        position.write_text(f"game: {game!r}\n" if not game.startswith("[") else f"game: {game}\n")
        for command in ("render", "trace", "stats", "check"):
            result = run_tracer(command, position, cwd=tmp_path)
            assert_one_line_error(result, str(position), "game:", "--game module:Class")
    assert not marker.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evil.py", "position.yaml"]  # no output, no bytecode


def test_position_files_name_exactly_the_built_in_games():
    from tracer.inputs import BUILT_IN_GAMES  # kept apart so that tree files never import the games

    assert BUILT_IN_GAMES == tuple(GAMES)
