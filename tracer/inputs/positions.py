"""Games and position files: a game named on the command line (``--game tictactoe --position ...``, one of
OpenSpiel's, ``--game openspiel:NAME``, or a game of one's own, ``--game module:Class``), or a position file (YAML
with ``game:``) naming a built-in game or an OpenSpiel game.

This is the one module through which tracer reaches the ``games`` package (games import tracer's interfaces, never
the other way round at import time)."""

from __future__ import annotations

import re

import yaml

from ..errors import GameError
from ..model.state import UNLIMITED
from ..search.spec import mistake
from .problem import Problem
from .yaml_text import YamlReader, file_name

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any

BUILT_IN_GAMES = ("tictactoe", "connect4", "clobber", "pig", "chess")  # the games a position file may name (games.GAMES)
GAME_CHOICE = (f"expected one of {', '.join(BUILT_IN_GAMES)} or openspiel:NAME (a game of your own is given on the "
               "command line: --game module:Class --position ...)")
POSITION_KEYS = ("game", "position", "depth", "title", "source", "rows", "cols", "quick_wins", "rules", "expect")


def is_position_file(document) -> bool:
    """Whether a composed YAML file is a position file (a mapping with ``game:``); else it is a tree file."""
    return isinstance(document, yaml.MappingNode) and any(key.value == "game" for key, _ in document.value)


def load_game(spec: str, **options):
    """A game by name (``tictactoe``, ``connect4``, ``clobber``, ``pig``), ``openspiel:NAME`` or ``module:Class``,
    made with ``options``."""
    from games import load_game as load  # imported when a game is asked for: tree files never pay for it

    return load(spec, **options)


def game_problem(spec: str, position: str | None, depth: int | None, options: dict, meta: dict) -> Problem:
    """A game's position (its start, or ``position`` in the game's notation) to search ``depth`` plies deep (the
    game's default depth when ``None``)."""
    game = load_game(spec, **options)
    state = game.start() if position is None else game.position(position)
    if depth is None:
        depth = game.default_depth
    _check_depth(depth, "", depth)
    depth, note = searchable_depth(game, state, depth)
    if not meta.get("name"):
        slug = re.sub(r"[^A-Za-z0-9]+", "_", position).strip("_") if position else ""
        meta["name"] = f"{game.name}-{slug}" if slug else game.name
    root = game.rooted(state)
    meta.update({"kind": "game", "game": game.name, "position": game.notation(state),
                 "to_move": f"{game.sides[game.to_move(state)]} (MAX) to move",
                 "move_word": str(getattr(game, "move_word", "move"))})
    meta.update(_named_players(root))
    if not meta.get("title"):
        meta["title"] = f"{game.name}: " + ("start position" if position is None else game.notation(state))
    return Problem(root, UNLIMITED if depth is None else depth, meta, game, notes=[note] if note else [])


def _named_players(root) -> dict:
    """A game of several players' meta, as a tree file of named players gives it (``Tree.meta``): the order of
    every vector's components, and the sum they add up to if the game declares one; else nothing."""
    named = getattr(root, "named", None)
    if named is None:
        return {}
    mover = getattr(root, "mover_name", None)
    meta = {"players": list(named.names), **({"to_move": f"{mover} to move"} if mover else {})}
    return meta if named.total is None else {**meta, "sum": named.total}


def searchable_depth(game, state, depth: int | None, flag: str = "depth") -> tuple[int | None, str | None]:
    """``depth`` plies from ``state``, or, past the longest the game can still last (the game's own
    ``longest_game``), that many: the same search, since no position lies deeper (a search to the end, ``None``,
    stays one). With a note saying so, or ``None`` when the depth stands."""
    longest = getattr(game, "longest_game", None)
    most = None if depth is None or longest is None else longest(state)
    if most is None or depth <= most:
        return depth, None
    return most, (f"{flag} {depth} is past the longest {game.name} game from this position ({most} plies): "
                  f"searched {most} plies deep, the same search")


def position_problem(path: str, document, depth: int | None, game_options: dict, rules: dict) -> Problem:
    """A position file's problem: its game, position and depth (``depth``, from the command line, wins over the
    file's ``depth:`` and its ``rules:``), its game options (``game_options`` win over the file's)."""
    data = _plain_values(document, path)
    options = {k: data[k] for k in ("rows", "cols", "quick_wins") if k in data}
    options.update(game_options)  # command-line options win over the file's
    file_depth = data.get("depth")
    _check_depth(file_depth, f"{path}: ", str(file_depth)[:20])
    if file_depth is not None and rules.get("depth", file_depth) != file_depth:
        raise GameError(f"{path}: depth: {file_depth} and rules: depth: {rules['depth']} disagree; give one")
    if file_depth is None:
        file_depth = rules.get("depth")
    game = data.get("game")
    if not isinstance(game, str) or game.lower() not in BUILT_IN_GAMES and not _is_openspiel(game):
        # Data never chooses code: a game of one's own is named on the command line (--game module:Class).
        raise GameError(f"{path}: game: {GAME_CHOICE}, got {game!r}")
    position = data.get("position")
    if position is not None and not isinstance(position, (str, int)):
        raise GameError(f"{path}: position: expected text, got {position!r}")
    meta = {"title": str(data.get("title", "")), "source": str(data.get("source", "")), "file": path,
            "name": file_name(path)}
    try:
        return game_problem(game, None if position is None else str(position),
                            depth if depth is not None else file_depth, options, meta)
    except GameError as error:
        message = str(error)
        raise GameError(message if message.startswith(path) else f"{path}: {message}") from None


def game_list() -> tuple[list[dict], str | None, str]:
    """Every game ``--game`` takes, as rows (``name``, ``searchable``, ``searched_as``, ``reason``): tracer's own,
    then each of OpenSpiel's registry (:func:`games.openspiel.catalogue`); OpenSpiel's version (None when it is
    not installed: then only tracer's own games); and how to install it."""
    from importlib.metadata import version

    from games import GAMES, OPENSPIEL_INSTALL, OPENSPIEL_PREFIX, import_pyspiel, openspiel_catalogue

    rows = [{"name": name, "searchable": True, "searched_as": _own_kind(game_class()), "reason": None}
            for name, game_class in GAMES.items()]
    try:
        import_pyspiel()
    except GameError:
        return rows, None, OPENSPIEL_INSTALL
    rows += [{"name": OPENSPIEL_PREFIX + name, "searchable": reason is None, "searched_as": how or None,
              "reason": reason} for name, how, reason in openspiel_catalogue()]
    return rows, version("open_spiel"), OPENSPIEL_INSTALL


def _own_kind(game) -> str:
    """How ``tracer games`` says one of tracer's own games is searched."""
    chance = getattr(game.start(), "chance", False) is True
    return "two-player zero-sum" + (" with chance: expectiminimax, Star1, Star2, MCTS" if chance else
                                    ": minimax, alpha-beta and the rest")


def _is_openspiel(game: str) -> bool:
    """Whether a position file's ``game:`` names one of OpenSpiel's games (``openspiel:NAME``)."""
    from games import is_openspiel  # (pyspiel itself is imported only when the game is made)

    return is_openspiel(game)


def _check_depth(depth, where: str, shown) -> None:
    """A position's depth, checked by the search specification's one rule (``None``: the game's default)."""
    wrong = None if depth is None else mistake("depth", depth)
    if wrong is not None:
        raise GameError(f"{where}depth: {wrong}, got {shown!r}")


def _plain_values(document, path: str) -> dict[str, Any]:
    """A position file's top-level keys with their values, each read at its place (a value YAML cannot construct,
    such as ``0x_`` or ``2001-02-30``, is an error naming its line); ``rules:`` and ``expect:`` stay nodes, read by
    :func:`tracer.inputs.rules.read_rules` and :mod:`tracer.inputs.answers`."""
    reader = YamlReader(path)
    values = {}
    for key_node, value_node in document.value:
        key = reader.scalar(key_node, "")
        if not isinstance(key, str) or key not in POSITION_KEYS:
            raise reader.error(key_node, "", f"unknown key {key_node.value!r} (a position file has: "
                                             f"{', '.join(POSITION_KEYS)})")
        if key in ("rules", "expect"):
            values[key] = value_node
        elif not isinstance(value_node, yaml.ScalarNode):
            raise reader.error(value_node, key, GAME_CHOICE if key == "game" else "expected a single value")
        else:
            values[key] = reader.scalar(value_node, key)
    return values
