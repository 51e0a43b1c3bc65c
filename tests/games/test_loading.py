"""Loading games by name and by module:Class, with one-line errors."""

from __future__ import annotations

import pytest

from games import GAMES, load_game
from tracer import GameError
from tracer.game import Game


@pytest.mark.parametrize("name", ["tictactoe", "connect4", "clobber"])
def test_built_in_games_offer_the_game_interface(name):
    game = load_game(name)
    assert isinstance(game, Game) and game.name == name and type(game) is GAMES[name]
    state = game.start()
    assert game.position(game.notation(state)) == game.rooted(state)


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
    ("chess", "unknown game 'chess' (choose from tictactoe, connect4, clobber, or give module:Class)"),
    ("no_such_module:Game", "cannot import module 'no_such_module'"),
    ("nim_game:Chess", "module 'nim_game' has no 'Chess'"),
    ("nim_game:NimState", "nim_game:NimState: "),
    ("nim_game:", "write module:Class"),
    ("json:JSONDecoder", "is not a tracer game: it lacks name"),
])
def test_loading_errors_are_clear(spec, message):
    with pytest.raises(GameError) as error:
        load_game(spec)
    assert message in str(error.value)
