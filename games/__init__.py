"""The games tracer ships: tic-tac-toe, Connect Four, Clobber and Pig (a dice game), and chess through python-chess
(the optional extra ``tracer[chess]``), each a fast position type behind tracer's
game-state interface (tracer/model/state.py) and a rules class behind its game interface (tracer/model/game.py).

``load_game(spec, **options)`` takes a built-in name, ``openspiel:NAME[(params)]`` for one of OpenSpiel's games
(:mod:`games.openspiel`; ``openspiel:`` is never read as a module's name), or ``module:Class`` for a game of your own.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import sys
from collections.abc import Mapping

from tracer.errors import GameError, raised_by_interrupt

from .openspiel import INSTALL as OPENSPIEL_INSTALL, PREFIX as OPENSPIEL_PREFIX, catalogue as openspiel_catalogue
from .openspiel import import_pyspiel, is_openspiel  # (the package's face: tracer.inputs.positions reads them)


class BuiltInGames(Mapping):
    """The games tracer ships, by name: each game's module is imported when the game is first asked for (importing
    python-chess takes longer than a small search, which a game of tic-tac-toe need not wait for)."""

    WHERE = {"tictactoe": "tictactoe:TicTacToe", "connect4": "connect4:Connect4", "clobber": "clobber:Clobber",
             "pig": "pig:Pig", "chess": "chess:Chess"}

    def __getitem__(self, name: str):
        module, _, game_class = self.WHERE[name].partition(":")
        return getattr(importlib.import_module(f".{module}", __name__), game_class)

    def __iter__(self):
        return iter(self.WHERE)

    def __len__(self) -> int:
        return len(self.WHERE)


GAMES = BuiltInGames()
GAME_METHODS = ("start", "position", "notation", "parse_move", "to_move", "winner", "rooted", "text")
GAME_MEMBERS = ("name", "sides", "default_depth", *GAME_METHODS)


def load_game(spec: str, **options):
    """A game by name (``tictactoe``, ``connect4``, ``clobber``, ``pig``), OpenSpiel's (``openspiel:NAME``) or by
    ``module:Class``, made with ``options`` (``rows``, ``cols``, ``quick_wins``, ``eval``; those given as None are
    left out)."""
    options = {key: value for key, value in options.items() if value is not None}
    if is_openspiel(spec):
        game_class = _openspiel_class(spec)
    elif ":" in spec:
        game_class = _import_class(spec)
    else:
        try:
            game_class = GAMES[spec.lower()]
        except KeyError:
            raise GameError(f"unknown game {spec!r} (choose from {', '.join(GAMES)}, or give module:Class)") from None
    accepted = inspect.signature(game_class).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
    for key in options:
        if key not in accepted and not takes_any:
            raise GameError(f"{spec} has no option --{key.replace('_', '-')}")
    try:
        game = game_class(**options)
    except GameError:
        raise
    except (TypeError, ValueError) as error:
        raise GameError(f"{spec}: {error}") from None
    missing = [member for member in GAME_MEMBERS if not hasattr(game, member)]
    if missing:
        raise GameError(f"{spec} is not a tracer game: it lacks {', '.join(missing)} (see tracer/model/game.py)")
    return game


def _openspiel_class(spec: str):
    """``OpenSpielGame`` for OpenSpiel's game named after ``openspiel:``, taking the rest of the options."""
    from .openspiel import OpenSpielGame  # imported only here: pyspiel is an optional extra

    return functools.partial(OpenSpielGame, spec.partition(":")[2])


def _import_class(spec: str):
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise GameError(f"game {spec!r}: write module:Class, e.g. mygames:Nim")
    if os.getcwd() not in sys.path:  # `tracer` as a console script does not look in the current folder itself
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except (ImportError, SyntaxError) as error:  # a user's module that does not even load: one line, not a traceback
        if raised_by_interrupt(error):
            raise
        raise GameError(f"game {spec!r}: cannot import module {module_name!r} ({type(error).__name__}: {error})") \
            from None
    except SystemExit as error:  # sys.exit() while importing would end tracer without a word (exit 0, or 3)
        raise GameError(f"game {spec!r}: importing module {module_name!r} called sys.exit({error.code!r}); a game "
                        "module must not exit when imported") from None
    except Exception as error:  # any other failure of the module's own code as it loads
        if raised_by_interrupt(error):  # Ctrl-C as it loaded, which Python may wrap (a RuntimeError): not its fault
            raise
        raise GameError(f"game {spec!r}: importing module {module_name!r} failed ({type(error).__name__}: "
                        f"{error})") from None
    game_class = getattr(module, class_name, None)
    if game_class is None:
        raise GameError(f"game {spec!r}: module {module_name!r} has no {class_name!r}")
    # Checked before anything is called: ``os:system`` is not a class, ``subprocess:Popen`` has none of the methods.
    if not inspect.isclass(game_class):
        raise GameError(f"game {spec!r}: {class_name!r} is not a class (a game is a class with the members of "
                        "tracer/model/game.py)")
    missing = [method for method in GAME_METHODS if not callable(inspect.getattr_static(game_class, method, None))]
    if missing:
        raise GameError(f"game {spec!r} is not a tracer game: the class lacks {', '.join(missing)} "
                        "(see tracer/model/game.py)")
    return game_class
