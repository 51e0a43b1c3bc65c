"""What a command searches, read from what it was given: a game named on the command line, or a file, which is a
position file when it is a mapping with ``game:`` (:func:`.positions.is_position_file`) and a tree file otherwise.
(A ``.json`` path is a saved trace, decided by :func:`tracer.io.is_saved_trace` and read by
:func:`.traces.load_trace`; the commands that take one ask that first.)"""

from __future__ import annotations

import yaml

from ..errors import UsageError
from ..model.state import UNLIMITED
from .positions import game_problem, is_position_file, position_problem
from .problem import Problem
from .rules import read_rules
from .trees import DEFAULT_MAX_NODES, tree_from_document
from .yaml_text import compose, read_text

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any


def load_problem(path: str | None = None, *, game: str | None = None, position: str | None = None,
                 depth: int | None = None, game_options: dict[str, Any] | None = None,
                 max_nodes: int = DEFAULT_MAX_NODES, text: str | None = None) -> Problem:
    """A tree file, a position file (YAML with ``game:``), or ``game``/``position`` given directly. ``text``: the
    file's text, already in hand (a generated exercise), named ``path`` in messages. ``max_nodes``: a tree file of
    more nodes is refused, and a trace of the problem may hold no more (``Problem.max_nodes``)."""
    game_options = {k: v for k, v in (game_options or {}).items() if v is not None}
    if path is not None and game is not None:
        raise UsageError("give either a file or --game, not both")
    if path is None:
        if game is None:
            raise UsageError("nothing to search: give a tree or position file, or --game GAME")
        problem = game_problem(game, position, depth, game_options, {})
        problem.max_nodes = max_nodes
        return problem
    if position is not None:
        raise UsageError("--position goes with --game; a position file holds its own position")
    text = read_text(path) if text is None else text
    document = compose(text, path, tree=True)  # a big tree of plain numbers: read by the JSON parser
    blocks = _blocks(document)
    rules = read_rules(blocks.get("rules"), path)
    notes = []
    if depth is not None and rules.get("depth", depth) != depth:
        notes.append(f"--depth {depth} overrides the file's rules (depth: {rules['depth']})")
    if is_position_file(document):
        problem = position_problem(path, document, depth, game_options, rules)
    else:
        if game_options:
            raise UsageError(f"{path}: game options ({', '.join('--' + k.replace('_', '-') for k in game_options)}) "
                             "do not apply to a tree file")
        tree = tree_from_document(document, file=path, max_nodes=max_nodes)
        if depth is None:
            depth = rules.get("depth")
        searched = tree if depth is None else tree.cut_at(depth)
        problem = Problem(searched.root, UNLIMITED if depth is None else depth, tree.meta(), tree=tree)
    problem.rules, problem.expect, problem.notes = rules, blocks.get("expect"), notes + problem.notes
    problem.max_nodes = max_nodes
    return problem


def _blocks(document) -> dict[str, yaml.Node]:
    """The ``rules:`` and ``expect:`` blocks of a file's top-level mapping, as YAML nodes."""
    if not isinstance(document, yaml.MappingNode):
        return {}
    return {key.value: value for key, value in document.value if key.value in ("rules", "expect")}
