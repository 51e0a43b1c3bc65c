"""What a command searches: a tree file, a game position (named, or from a position file), or a saved trace.

This is the one module through which tracer reaches the ``games`` package (games import tracer's interfaces, never
the other way round at import time)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import GameError, UsageError
from .model.state import UNLIMITED, GameState
from .model.trees import DEFAULT_MAX_NODES, Tree, TreeReader, compose, read_text, tree_from_document
from .search.spec import mistake
from .trace.trace import Trace

BUILT_IN_GAMES = ("tictactoe", "connect4", "clobber", "pig")  # the games a position file may name (games.GAMES)
GAME_CHOICE = (f"expected one of {', '.join(BUILT_IN_GAMES)} (a game of your own is given on the command line: "
               "--game module:Class --position ...)")
POSITION_KEYS = ("game", "position", "depth", "title", "source", "rows", "cols", "quick_wins", "rules", "expect")
RULE_KEYS = ("algorithm", "prune", "fail", "depth")  # a file's rules: block, each a default the command line overrides


@dataclass
class Problem:
    """A root to search, with the depth to search it to and what to say about it in traces."""

    root: GameState
    depth: float
    meta: dict[str, Any] = field(default_factory=dict)
    game: Any = None
    rules: dict[str, Any] = field(default_factory=dict)  # the file's rules: block, checked
    expect: Any = None  # the file's expect: block as YAML nodes (read by tracer.exercises), or None
    tree: Tree | None = None  # a tree file's tree (whole, before any depth limit)
    notes: list[str] = field(default_factory=list)  # what the command line changed of the file's rules

    @property
    def name(self) -> str:
        return self.meta["name"]

    def fresh_root(self) -> GameState:
        """The root again, with the game's caches emptied, so that each timed search starts cold."""
        if self.game is None:
            return self.root
        clear = getattr(self.game, "clear_caches", None)
        if clear is not None:
            clear()
        return self.game.rooted(self.game.position(self.meta["position"]))


def load_trace(path: str) -> Trace:
    return Trace.load(path)


def load_problem(path: str | None = None, *, game: str | None = None, position: str | None = None,
                 depth: int | None = None, game_options: dict[str, Any] | None = None,
                 max_nodes: int = DEFAULT_MAX_NODES) -> Problem:
    """A tree file, a position file (YAML with ``game:``), or ``game``/``position`` given directly."""
    game_options = {k: v for k, v in (game_options or {}).items() if v is not None}
    if path is not None and game is not None:
        raise UsageError("give either a file or --game, not both")
    if path is None:
        if game is None:
            raise UsageError("nothing to search: give a tree or position file, or --game GAME")
        return _game_problem(game, position, depth, game_options, {})
    if position is not None:
        raise UsageError("--position goes with --game; a position file holds its own position")
    text = read_text(path)
    document = compose(text, path)
    blocks = _blocks(document, path)
    rules = read_rules(blocks.get("rules"), path)
    notes = []
    if depth is not None and rules.get("depth", depth) != depth:
        notes.append(f"--depth {depth} overrides the file's rules (depth: {rules['depth']})")
    if isinstance(document, yaml.MappingNode) and any(key.value == "game" for key, _ in document.value):
        problem = _position_file(path, _plain_values(document, path), depth, game_options, rules)
    else:
        if game_options:
            raise UsageError(f"{path}: game options ({', '.join('--' + k.replace('_', '-') for k in game_options)}) "
                              "do not apply to a tree file")
        tree = tree_from_document(document, file=path, max_nodes=max_nodes)
        if depth is None:
            depth = rules.get("depth")
        searched = tree if depth is None else tree.cut_at(depth)
        problem = Problem(searched.root, UNLIMITED if depth is None else depth, tree.meta(), tree=tree)
    problem.rules, problem.expect, problem.notes = rules, blocks.get("expect"), notes
    return problem


def _blocks(document, path: str) -> dict[str, yaml.Node]:
    """The ``rules:`` and ``expect:`` blocks of a file's top-level mapping, as YAML nodes."""
    if not isinstance(document, yaml.MappingNode):
        return {}
    return {key.value: value for key, value in document.value if key.value in ("rules", "expect")}


def _plain_values(document, path: str) -> dict[str, Any]:
    """A position file's top-level keys with their values, each read at its place (a value YAML cannot construct,
    such as ``0x_`` or ``2001-02-30``, is an error naming its line); ``rules:`` and ``expect:`` stay nodes, read by
    :func:`read_rules` and the checker."""
    reader = TreeReader(path, DEFAULT_MAX_NODES)
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


def read_rules(node, path: str) -> dict[str, Any]:
    """A ``rules:`` block, checked: ``{algorithm, prune, fail, depth}``, any of them."""
    if node is None:
        return {}
    reader = TreeReader(path, DEFAULT_MAX_NODES)
    if not isinstance(node, yaml.MappingNode):
        raise reader.error(node, "rules", "expected a mapping such as {algorithm: alphabeta, prune: ge}")
    rules = {}
    for key, value in reader.mapping(node, "rules", allowed=RULE_KEYS).items():
        read = reader.scalar(value, f"rules.{key}")
        wrong = mistake(key, read)  # the spec's own check
        if wrong is not None:
            shown = value.value[:20] if key == "depth" else getattr(value, "value", read)
            raise reader.error(value, f"rules.{key}", f"{wrong}, got {shown!r}")
        rules[key] = read
    return rules


def _position_file(path: str, data: dict, depth: int | None, game_options: dict, rules: dict) -> Problem:
    options = {k: data[k] for k in ("rows", "cols", "quick_wins") if k in data}
    options.update(game_options)  # command-line options win over the file's
    file_depth = data.get("depth")
    wrong = None if file_depth is None else mistake("depth", file_depth)
    if wrong is not None:
        raise GameError(f"{path}: depth: {wrong}, got {str(file_depth)[:20]!r}")
    if file_depth is not None and rules.get("depth", file_depth) != file_depth:
        raise GameError(f"{path}: depth: {file_depth} and rules: depth: {rules['depth']} disagree; give one")
    if file_depth is None:
        file_depth = rules.get("depth")
    game = data.get("game")
    if not isinstance(game, str) or game.lower() not in BUILT_IN_GAMES:
        # Data never chooses code: a game of one's own is named on the command line (--game module:Class).
        raise GameError(f"{path}: game: {GAME_CHOICE}, got {game!r}")
    position = data.get("position")
    if position is not None and not isinstance(position, (str, int)):
        raise GameError(f"{path}: position: expected text, got {position!r}")
    meta = {"title": str(data.get("title", "")), "source": str(data.get("source", "")), "file": path,
            "name": os.path.splitext(os.path.basename(path))[0]}
    try:
        return _game_problem(game, None if position is None else str(position),
                             depth if depth is not None else file_depth, options, meta)
    except GameError as error:
        message = str(error)
        raise GameError(message if message.startswith(path) else f"{path}: {message}") from None


def load_game(spec: str, **options):
    """A game by name (``tictactoe``, ``connect4``, ``clobber``) or ``module:Class``, made with ``options``."""
    from games import load_game as load  # imported when a game is asked for: tree files never pay for it

    return load(spec, **options)


def _game_problem(spec: str, position: str | None, depth: int | None, options: dict, meta: dict) -> Problem:
    game = load_game(spec, **options)
    state = game.start() if position is None else game.position(position)
    if depth is None:
        depth = game.default_depth
    wrong = None if depth is None else mistake("depth", depth)
    if wrong is not None:
        raise GameError(f"depth: {wrong}, got {depth!r}")
    if not meta.get("name"):
        slug = re.sub(r"[^A-Za-z0-9]+", "_", position).strip("_") if position else ""
        meta["name"] = f"{game.name}-{slug}" if slug else game.name
    meta.update({"kind": "game", "game": game.name, "position": game.notation(state),
                 "to_move": f"{game.sides[game.to_move(state)]} (MAX) to move",
                 "move_word": str(getattr(game, "move_word", "move"))})
    if not meta.get("title"):
        meta["title"] = f"{game.name}: " + ("start position" if position is None else game.notation(state))
    return Problem(game.rooted(state), UNLIMITED if depth is None else depth, meta, game)
