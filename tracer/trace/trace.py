"""The trace: what a search did, step by step, as plain data that is saved as JSON (:meth:`Trace.to_json`; read
back, checked, by :mod:`tracer.inputs.traces`) and read by the view. A trace describes itself: it carries its
algorithm's title and the terms its values are in."""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from ..model.state import Board, Player
from ..numbers import json_number
from ..search.bounds import Bound
from ..search.registry import MAX_TERMS, MOVER_TERMS
from ..search.spec import SearchSpec

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any

FORMAT = "tracer-trace"
VERSION = 2  # version 1 (no titles, terms or parents in events) is still read
SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trace.schema.json")  # the format's JSON Schema


class TraceNode:
    """A node the search entered, or a pruned node it skipped.

    ``pruned`` is true for a node that was never entered. ``value`` is the static value of a leaf of an explicit
    tree (drawn even when pruned); ``None`` otherwise. ``board`` is the position to draw, for games; it may be
    given as a function that makes it, called the first time the board is read (most nodes of a large trace are
    never drawn). ``p`` is the probability of the move from the parent, where the parent is a chance node.
    """

    __slots__ = ("id", "parent", "move", "name", "player", "ply", "pruned", "value", "_board", "p", "mover")
    FIELDS = ("id", "parent", "move", "name", "player", "ply", "pruned", "value", "board", "p", "mover")

    def __init__(self, id: int, parent: int | None, move: str | None, name: str, player: Player, ply: int,
                 pruned: bool = False, value: float | None = None,
                 board: Board | Callable[[], Board] | None = None, p: float | None = None, mover: str | None = None):
        self.id, self.parent, self.move, self.name = id, parent, move, name
        self.player, self.ply, self.pruned, self.value = player, ply, pruned, value
        self._board, self.p = board, p
        self.mover = mover  # in a game of named players, the name of the player to move here (its value: a vector)

    @property
    def board(self) -> Board | None:
        if callable(self._board):
            self._board = self._board()
        return self._board

    @property
    def has_board(self) -> bool:
        """Whether the node draws a board (without making it)."""
        return self._board is not None

    def __eq__(self, other):
        return isinstance(other, TraceNode) and all(getattr(self, f) == getattr(other, f) for f in self.FIELDS)

    def __repr__(self):
        return "TraceNode(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS) + ")"


class Trace:
    """Everything one search did.

    ``algorithm`` is the search's name and ``title`` how it is written for people; ``terms`` says whose values
    the events hold (``"max"``: MAX's; ``"mover"``: the player to move at each node, as negamax). ``spec`` is the
    search's :class:`SearchSpec` (given as one, or as the JSON ``options`` it is saved as); later stages ask it
    (``trace.spec.strict_pruning``, ``trace.spec.fail_hard``). ``value`` is the root's value in MAX's terms;
    ``best_move`` is the name of the move the search returned.

    In a game of named players (max^n), values are vectors (tuples; lists in JSON), one utility per player.

    ``nodes`` and ``events`` may be given as functions that make the lists: each is called the first time it is
    read, so a search pays for event objects, names, move names and boards only when the trace is used.
    """

    def __init__(self, algorithm: str, options: SearchSpec | dict[str, Any], nodes: list[TraceNode] | Callable[[], list],
                 events: list | Callable[[], list], value: float, best_move: str | None,
                 meta: dict[str, Any] | None = None, *, title: str | None = None, terms: str = MAX_TERMS,
                 node_count: Callable[[], int] | None = None):
        if terms not in (MAX_TERMS, MOVER_TERMS):
            raise ValueError(f"terms must be {MAX_TERMS!r} or {MOVER_TERMS!r}, not {terms!r}")
        self.spec = options if isinstance(options, SearchSpec) else SearchSpec.from_options(algorithm, options)
        if self.spec.algorithm != algorithm:
            raise ValueError(f"the trace of {algorithm!r} was given the specification of {self.spec.algorithm!r}")
        self.title = title or algorithm
        self.terms = terms
        self._nodes = nodes
        self._events = events
        self._node_count = node_count
        self.value = value
        self.best_move = best_move
        self.meta = dict(meta or {})

    @property
    def mover_terms(self) -> bool:
        return self.terms == MOVER_TERMS

    @property
    def nodes(self) -> list[TraceNode]:
        if callable(self._nodes):
            self._nodes = self._nodes()
        return self._nodes

    @property
    def node_count(self) -> int:
        """The number of nodes (at least), counted without building them when they are not built yet."""
        if callable(self._nodes) and self._node_count is not None:
            return self._node_count()
        return len(self.nodes)

    @property
    def events(self) -> list:
        if callable(self._events):
            self._events = self._events()
        return self._events

    @property
    def root(self) -> TraceNode:
        return self.nodes[0]

    @property
    def name(self) -> str:
        """A short name for output files: the tree file's or the game's."""
        return self.meta.get("name") or "trace"

    @property
    def heading(self) -> str:
        """What a title calls the problem searched: the tree file's or position's title, else :attr:`name`."""
        return self.meta.get("title") or self.name

    @property
    def is_game(self) -> bool:
        return self.meta.get("kind") == "game"

    @property
    def algorithm(self) -> str:
        """The search's name (its spec's algorithm)."""
        return self.spec.algorithm

    @property
    def options(self) -> dict[str, Any]:
        """The spec as the JSON ``options`` it is saved as (see :meth:`SearchSpec.as_options`)."""
        return self.spec.as_options()

    def rule_phrases(self) -> list[str]:
        """The search's rules as titles and reports write them: ``cut when α ≥ β``, ``fail-soft``, ``depth 2``,
        ``random move order, seed 3``."""
        return self.spec.phrases()

    # ---- JSON ---------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {**self._head(), "nodes": [_node_out(n) for n in self.nodes],
                "events": [_event_out(e) for e in self.events]}

    def _head(self) -> dict[str, Any]:
        """Everything but the nodes and the events."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "algorithm": self.algorithm,
            "title": self.title,
            "terms": self.terms,
            "options": {k: json_number(v) for k, v in self.options.items()},
            "meta": self.meta,
            "result": {"value": json_number(self.value), "best_move": self.best_move},
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def to_json_lines(self) -> str:
        """The trace as ``tracer trace -o`` saves it: the JSON of :meth:`to_json`, each node and each event on a line
        of its own (a person reads it line by line). Each is written by json's encoder in C, one at a time: with
        ``indent`` json writes in Python, and a million-event trace took half a minute and gigabytes."""
        encode = json.JSONEncoder(ensure_ascii=False).encode
        head = encode(self._head())[:-1]
        nodes = ",\n".join(encode(_node_out(node)) for node in self.nodes)
        events = ",\n".join(encode(_event_out(event)) for event in self.events)
        return f'{head}, "nodes": [\n{nodes}\n], "events": [\n{events}\n]}}\n'

    def __eq__(self, other):
        return isinstance(other, Trace) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return (f"Trace(algorithm={self.algorithm!r}, value={self.value!r}, best_move={self.best_move!r}, "
                f"{len(self.events)} events)")


# ---- JSON out ------------------------------------------------------------------------------------------------

def _node_out(node: TraceNode) -> dict[str, Any]:
    return {
        "id": node.id,
        "parent": node.parent,
        "move": node.move,
        "name": node.name,
        "player": node.player.value,
        "ply": node.ply,
        "pruned": node.pruned,
        "value": json_number(node.value),
        "board": node.board.as_dict() if node.board is not None else None,
        **({"p": node.p} if node.p is not None else {}),
        **({"mover": node.mover} if node.mover is not None else {}),
    }


def _event_out(event) -> dict[str, Any]:
    out = {"type": event.kind}
    for name in event.fields:
        value = getattr(event, name)
        if name in event.records:  # records of statistics, as objects
            out[name] = [dict(zip(event.records[name], map(json_number, record))) for record in value]
            continue
        if isinstance(value, Player):
            value = value.value
        elif isinstance(value, Bound):
            value = value.word
        elif isinstance(value, tuple):
            value = list(value)
        out[name] = json_number(value)
    return out
