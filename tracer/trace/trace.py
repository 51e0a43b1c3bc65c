"""The trace: what a search did, step by step, as plain data that is saved as JSON (:mod:`.files`) and read by the
view. A trace describes itself: it carries its algorithm's title and the terms its values are in."""

from __future__ import annotations

import json
import math
import os
from dataclasses import MISSING, fields
from typing import Any, Callable

from ..errors import TraceFileError
from ..io import read_input
from ..model.state import Board, Player
from ..model.trees import unprintable
from ..search.bounds import Bound
from ..search.registry import ALGORITHMS, MAX_TERMS, MOVER_TERMS
from ..search.spec import SearchSpec
from .events import EVENT_TYPES, Cutoff, NodeEntered, cut_kind

FORMAT = "tracer-trace"
VERSION = 2  # version 1 (no titles, terms or parents in events) is still read


class TraceNode:
    """A node the search entered, or a pruned node it skipped.

    ``pruned`` is true for a node that was never entered. ``value`` is the static value of a leaf of an explicit
    tree (drawn even when pruned); ``None`` otherwise. ``board`` is the position to draw, for games; it may be
    given as a function that makes it, called the first time the board is read (most nodes of a large trace are
    never drawn). ``p`` is the probability of the move from the parent, where the parent is a chance node.
    """

    __slots__ = ("id", "parent", "move", "name", "player", "ply", "pruned", "value", "_board", "p")
    FIELDS = ("id", "parent", "move", "name", "player", "ply", "pruned", "value", "board", "p")

    def __init__(self, id: int, parent: int | None, move: str | None, name: str, player: Player, ply: int,
                 pruned: bool = False, value: float | None = None,
                 board: Board | Callable[[], Board] | None = None, p: float | None = None):
        self.id, self.parent, self.move, self.name = id, parent, move, name
        self.player, self.ply, self.pruned, self.value = player, ply, pruned, value
        self._board, self.p = board, p

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
        return {
            "format": FORMAT,
            "version": VERSION,
            "algorithm": self.algorithm,
            "title": self.title,
            "terms": self.terms,
            "options": {k: _number_out(v) for k, v in self.options.items()},
            "meta": self.meta,
            "result": {"value": _number_out(self.value), "best_move": self.best_move},
            "nodes": [_node_out(n) for n in self.nodes],
            "events": [_event_out(e) for e in self.events],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, file: str = "<trace>") -> "Trace":
        """A trace from its JSON data (this version's, or version 1's), checked: a damaged file is one
        :class:`TraceFileError` naming the file and the first bad place."""
        try:
            return _trace_in(cls, data)
        except KeyError as error:
            raise TraceFileError(f"{file}: missing key {error.args[0]!r}") from None
        except (TypeError, ValueError, AttributeError, IndexError) as error:
            raise TraceFileError(f"{file}: {error}") from None

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Trace":
        try:
            data = json.loads(read_input(path).decode("utf-8"))
        except OSError as error:
            raise TraceFileError(f"{path}: cannot read: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise TraceFileError(f"{path}: not a text file (expected UTF-8 JSON)") from None
        except json.JSONDecodeError as error:
            raise TraceFileError(f"{path}:{error.lineno}: not valid JSON: {error.msg}") from None
        except RecursionError:
            raise TraceFileError(f"{path}: nested too deeply to be a trace") from None
        return cls.from_dict(data, str(path))

    def __eq__(self, other):
        return isinstance(other, Trace) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return (f"Trace(algorithm={self.algorithm!r}, value={self.value!r}, best_move={self.best_move!r}, "
                f"{len(self.events)} events)")


# ---- JSON in and out --------------------------------------------------------------------------------------------

def _number_out(value):
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def _number_in(value):
    """A number as saved (the schema has checked it): ±∞ are the strings "inf" and "-inf"."""
    return {"inf": math.inf, "-inf": -math.inf}.get(value, value) if isinstance(value, str) else value


def _node_out(node: TraceNode) -> dict[str, Any]:
    return {
        "id": node.id,
        "parent": node.parent,
        "move": node.move,
        "name": node.name,
        "player": node.player.value,
        "ply": node.ply,
        "pruned": node.pruned,
        "value": _number_out(node.value),
        "board": node.board.as_dict() if node.board is not None else None,
        **({"p": node.p} if node.p is not None else {}),
    }


def _event_out(event) -> dict[str, Any]:
    out = {"type": event.kind}
    for f in fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Player):
            value = value.value
        elif isinstance(value, Bound):
            value = value.word
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = _number_out(value)
    return out


SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trace.schema.json")
_validate = None  # the schema, compiled to Python by fastjsonschema when the first trace is read


def check_schema(data: Any) -> None:
    """Check ``data`` against the trace format's JSON Schema (``trace.schema.json``); the first place it breaks is
    a ValueError such as ``nodes[3].parent: expected a whole number or null, got 'x'``."""
    global _validate
    import fastjsonschema

    if _validate is None:
        with open(SCHEMA, encoding="utf-8") as schema:
            _validate = fastjsonschema.compile(json.load(schema))
    try:
        _validate(data)
    except fastjsonschema.JsonSchemaValueException as error:
        where = "".join(f"[{part}]" if part.isdigit() else f".{part}" for part in error.path[1:]).lstrip(".")
        raise ValueError(f"{where}: {_expected(error)}" if where else _expected(error)) from None


TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
              "array": "a list", "object": "a mapping", "null": "null"}


def _expected(error) -> str:
    """What the schema wanted where ``error`` (fastjsonschema's) broke it, in words."""
    rule, wanted, value = error.rule, error.rule_definition, error.value
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    if rule == "required":
        return f"missing key {next(key for key in wanted if key not in value)!r}"
    if rule == "pattern" or rule == "type" and {"number", "string"} <= set(wanted):  # a number, or ±∞ as text
        return f'expected a number, "inf" or "-inf", got {shown}'
    if rule == "type":
        words = [TYPE_WORDS[name] for name in ([wanted] if isinstance(wanted, str) else wanted)]
        return f"expected {' or '.join(words)}, got {shown}"
    if rule == "enum":
        choices = [str(choice) for choice in wanted]
        return f"expected {', '.join(choices[:-1])} or {choices[-1]}, got {shown}"
    if rule == "minimum":
        return f"expected at least {wanted}, got {shown}"
    if rule == "minItems":
        return f"expected at least {wanted} item{'s' if wanted != 1 else ''}, got {shown}"
    return f"{error.message.removeprefix(error.name).strip()}, got {shown}"


def _text(value, what) -> str | None:
    """Text as saved (the schema has checked its type), refused if it holds a character no output should carry."""
    char = None if value is None else unprintable(value)
    if char is not None:
        raise ValueError(f"{what}: text with the unprintable character {ascii(char)}")
    return value


def _node_in(index: int, data: dict[str, Any]) -> TraceNode:
    where = f"nodes[{index}]"
    if data["id"] != index:
        raise ValueError(f"{where}.id: expected {index} (nodes are listed in id order), got {data['id']!r}")
    parent = data["parent"]
    if index == 0:
        if parent is not None:
            raise ValueError(f"{where}.parent: the root (node 0) has no parent, got {parent!r}")
    elif parent is None or parent >= index:
        raise ValueError(f"{where}.parent: expected a node listed before it (0 to {index - 1}), got {parent!r}")
    board = data.get("board")
    return TraceNode(
        id=index,
        parent=parent,
        move=_text(data["move"], f"{where}.move"),
        name=_text(data["name"], f"{where}.name"),
        player=Player(data["player"]),
        ply=data["ply"],
        pruned=data["pruned"],
        value=_number_in(data.get("value")),
        board=Board.from_dict(board) if board is not None else None,
        p=data.get("p"),
    )


def _event_in(index: int, data: dict[str, Any], nodes: list[TraceNode], version: int, mover_terms: bool):
    where = f"events[{index}]"
    cls = EVENT_TYPES[data["type"]]
    values = {}
    for f in fields(cls):
        if f.name == "parent" and version == 1:  # version 1 events left it to the nodes
            value = nodes[data["node"]].parent if data["node"] < len(nodes) else None
        elif f.name in data:
            value = data[f.name]
        elif f.default is not MISSING:  # has a default (α and β of searches without a window)
            value = f.default
        else:
            raise ValueError(f"{where}: {data['type']} needs {f.name!r}")
        if f.name == "player":
            value = Player(value)
        elif f.name == "skipped":
            value = tuple(value)
        elif f.name == "bound":
            value = Bound.from_word(value)  # the schema has checked the word
        elif f.name in ("label", "cut", "found", "move"):
            value = _text(value, f"{where}.{f.name}")
        elif f.name not in ("node", "ply", "number", "parent", "child", "best_child"):
            value = _number_in(value)
        values[f.name] = value
    event = cls(**values)
    for node in event.node_ids():
        if not 0 <= node < len(nodes):
            raise ValueError(f"{where}: refers to node {node}, but the trace has nodes 0 to {len(nodes) - 1}")
    if isinstance(event, Cutoff):  # named by the one rule (version 1 named negamax's cuts by the player)
        event.cut = cut_kind(nodes[event.node].player, mover_terms)
    if isinstance(event, NodeEntered) and event.parent != nodes[event.node].parent:
        raise ValueError(f"{where}.parent: node {event.node}'s parent is {nodes[event.node].parent}, "
                         f"not {event.parent}")
    return event


def _check_order(events: list, nodes: list[TraceNode]) -> None:
    """The events happen in an order a search could make: each event is checked by its own type against the path
    of nodes being searched (see :meth:`Event.follow`), and the search ends back out of the root."""
    path: list[int] = []
    for index, event in enumerate(events):
        try:
            event.follow(path, nodes)
        except ValueError as error:
            raise ValueError(f"events[{index}]: {error}") from None
    if path:
        raise ValueError(f"events: the trace ends while node {path[-1]} is still being searched")


def _trace_in(cls, data: Any) -> Trace:
    """A trace from JSON data: the schema first (every key and type), then what a schema cannot say."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a tracer trace (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if version not in (1, VERSION):
        raise ValueError(f"trace version {version!r} is not supported (this tracer reads 1 and {VERSION})")
    check_schema(data)
    algorithm = _text(data["algorithm"], "algorithm")
    if version == 1:  # the facts a version-1 file lacks, as version 1 had them
        known = ALGORITHMS.get(algorithm)
        title, terms = (known.title, known.terms) if known else (algorithm, MAX_TERMS)
    else:
        title, terms = _text(data["title"], "title"), data["terms"]
    nodes = [_node_in(i, n) for i, n in enumerate(data["nodes"])]
    events = [_event_in(i, e, nodes, version, terms == MOVER_TERMS) for i, e in enumerate(data["events"])]
    _check_order(events, nodes)
    meta = data.get("meta") or {}
    for key, value in meta.items():
        _text(key, "meta")
        if isinstance(value, str):
            _text(value, f"meta.{key}")
    result = data["result"]
    return cls(
        algorithm=algorithm,
        options=SearchSpec.from_options(algorithm, {k: _number_in(v) if k in ("depth", "guess") else v
                                                    for k, v in data["options"].items()}),
        nodes=nodes,
        events=events,
        value=_number_in(result["value"]),
        best_move=_text(result["best_move"], "result.best_move"),
        meta=dict(meta),
        title=title,
        terms=terms,
    )
