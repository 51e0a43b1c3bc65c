"""Without the openspiel extra: --game openspiel:NAME and `tracer games` say in one line how to install it (run
with a stand-in pyspiel that cannot be imported, so the test holds whether or not OpenSpiel is installed)."""

from __future__ import annotations

from games import GAMES
from helpers import assert_one_line_error, run_tracer


def without_openspiel(tmp_path) -> dict[str, str]:
    """The environment of a tracer process run in ``tmp_path``, where ``python -m tracer`` finds a pyspiel that
    cannot be imported before the installed one."""
    (tmp_path / "pyspiel.py").write_text("raise ImportError('No module named pyspiel')\n")
    return {"PYTHONDONTWRITEBYTECODE": "1"}


def test_each_command_says_how_to_install_it(tmp_path):
    env = without_openspiel(tmp_path)
    for command in (("stats", "--game", "openspiel:tic_tac_toe"), ("play", "openspiel:tic_tac_toe"),
                    ("render", "--game", "openspiel:connect_four", "-o", str(tmp_path / "x.svg"))):
        result = run_tracer(*command, env=env, cwd=tmp_path)
        assert_one_line_error(result, "OpenSpiel games need the open-spiel package",
                              "pip install 'tracer[openspiel]'")
    assert not (tmp_path / "x.svg").exists()
    path = tmp_path / "p.yaml"
    path.write_text('game: "openspiel:tic_tac_toe"\n')
    assert_one_line_error(run_tracer("stats", path, env=env, cwd=tmp_path), str(path),
                          "pip install 'tracer[openspiel]'")


def test_the_game_list_gives_tracers_own_games_and_the_way_to_openspiels(tmp_path):
    result = run_tracer("games", env=without_openspiel(tmp_path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == list(GAMES)  # tracer's own games, then the way to OpenSpiel's
    assert "pip install 'tracer[openspiel]'" in lines[-1]
