"""The trace: what a search did, step by step, as plain data that is saved as JSON and read by the renderers."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar

from .errors import TraceFileError
from .state import Board, Player

FORMAT = "tracer-trace"
VERSION = 1


# ---- events -------------------------------------------------------------------------------------------------
# ``node`` is always a node id (an index into Trace.nodes); ``child`` is the child whose returned value caused
# an update. Values, α and β are numbers; ±infinity is written "inf" / "-inf" in JSON.

@dataclass(slots=True)
class NodeEntered:
    kind: ClassVar[str] = "node_entered"
    node: int
    ply: int
    player: Player
    alpha: float | None = None
    beta: float | None = None


@dataclass(slots=True)
class LeafEvaluated:
    kind: ClassVar[str] = "leaf_evaluated"
    node: int
    value: float


@dataclass(slots=True)
class _Update:
    """``node``'s value, α or β went from ``old`` to ``new`` because of what ``child`` returned."""

    node: int
    old: float
    new: float
    child: int


@dataclass(slots=True)
class ValueUpdated(_Update):
    kind: ClassVar[str] = "value_updated"


@dataclass(slots=True)
class AlphaUpdated(_Update):
    kind: ClassVar[str] = "alpha_updated"


@dataclass(slots=True)
class BetaUpdated(_Update):
    kind: ClassVar[str] = "beta_updated"


@dataclass(slots=True)
class Cutoff:
    """The node was left early: ``cut`` is ``"beta"`` at a MAX node (value ≥ β), ``"alpha"`` at a MIN node."""

    kind: ClassVar[str] = "cutoff"
    node: int
    cut: str
    skipped: tuple[int, ...]


@dataclass(slots=True)
class NodeExited:
    kind: ClassVar[str] = "node_exited"
    node: int
    value: float
    best_child: int | None


Event = NodeEntered | LeafEvaluated | ValueUpdated | AlphaUpdated | BetaUpdated | Cutoff | NodeExited
EVENT_TYPES: dict[str, type] = {cls.kind: cls for cls in Event.__args__}


class TraceNode:
    """A node the search entered, or a pruned node it skipped.

    ``value`` is the static value of a leaf of an explicit tree (drawn even when pruned); ``None`` otherwise.
    ``board`` is the position to draw, for games; it may be given as a function that makes it, called the first
    time the board is read (most nodes of a large trace are never drawn).
    """

    __slots__ = ("id", "parent", "move", "name", "player", "ply", "pruned", "value", "_board")
    FIELDS = ("id", "parent", "move", "name", "player", "ply", "pruned", "value", "board")

    def __init__(self, id: int, parent: int | None, move: str | None, name: str, player: Player, ply: int,
                 pruned: bool = False, value: float | None = None,
                 board: Board | Callable[[], Board] | None = None):
        self.id, self.parent, self.move, self.name = id, parent, move, name
        self.player, self.ply, self.pruned, self.value = player, ply, pruned, value
        self._board = board

    @property
    def board(self) -> Board | None:
        if callable(self._board):
            self._board = self._board()
        return self._board

    def __eq__(self, other):
        return isinstance(other, TraceNode) and all(getattr(self, f) == getattr(other, f) for f in self.FIELDS)

    def __repr__(self):
        return "TraceNode(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS) + ")"


class Trace:
    """Everything one search did. ``value`` is the root's value in MAX's terms; ``best_move`` is a move name.

    ``nodes`` and ``events`` may be given as functions that make the lists: each is called the first time it is
    read, so a search pays for event objects, names, move names and boards only when the trace is used.
    """

    def __init__(self, algorithm: str, options: dict[str, Any], nodes: list[TraceNode] | Callable[[], list],
                 events: list | Callable[[], list], value: float, best_move: str | None, meta: dict[str, Any] | None = None,
                 node_count: Callable[[], int] | None = None):
        self.algorithm = algorithm
        self._node_count = node_count
        self.options = options
        self._nodes = nodes
        self._events = events
        self.value = value
        self.best_move = best_move
        self.meta = dict(meta or {})

    @property
    def nodes(self) -> list[TraceNode]:
        if callable(self._nodes):
            self._nodes = self._nodes()
        return self._nodes

    @property
    def node_count(self) -> int:
        """The number of nodes, counted without building them when they are not built yet."""
        if callable(self._nodes) and self._node_count is not None:
            return self._node_count()
        return len(self.nodes)

    @property
    def events(self) -> list:
        if callable(self._events):
            self._events = self._events()
        return self._events

    def __eq__(self, other):
        return isinstance(other, Trace) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return (f"Trace(algorithm={self.algorithm!r}, value={self.value!r}, best_move={self.best_move!r}, "
                f"{len(self.events)} events)")

    @property
    def root(self) -> TraceNode:
        return self.nodes[0]

    @property
    def name(self) -> str:
        """A short name for output files: the tree file's or the game's."""
        return self.meta.get("name") or "trace"

    # ---- JSON ---------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "algorithm": self.algorithm,
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
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError(f"not a tracer trace (no \"format\": \"{FORMAT}\")")
            if data.get("version") != VERSION:
                raise ValueError(f"trace version {data.get('version')!r} is not supported (this tracer reads {VERSION})")
            result = data["result"]
            return cls(
                algorithm=data["algorithm"],
                options={k: _number_in(v) for k, v in data["options"].items()},
                nodes=[_node_in(n) for n in data["nodes"]],
                events=[_event_in(e) for e in data["events"]],
                value=_number_in(result["value"]),
                best_move=result["best_move"],
                meta=dict(data.get("meta") or {}),
            )
        except KeyError as error:
            raise TraceFileError(f"{file}: missing key {error.args[0]!r}") from None
        except (TypeError, ValueError, AttributeError) as error:
            raise TraceFileError(f"{file}: {error}") from None

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Trace":
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except OSError as error:
            raise TraceFileError(f"{path}: cannot read: {error.strerror or error}") from None
        except json.JSONDecodeError as error:
            raise TraceFileError(f"{path}:{error.lineno}: not valid JSON: {error.msg}") from None
        return cls.from_dict(data, str(path))

    def _repr_svg_(self) -> str:
        """Jupyter shows a trace as its diagram."""
        from .render import render_bytes

        return render_bytes(self, "svg").decode("utf-8")


def _number_out(value):
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def _number_in(value):
    if value == "inf":
        return math.inf
    if value == "-inf":
        return -math.inf
    if value is None or isinstance(value, (int, float, str)) and not isinstance(value, bool):
        return value
    raise ValueError(f"expected a number, got {value!r}")


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
    }


def _node_in(data: dict[str, Any]) -> TraceNode:
    board = data.get("board")
    return TraceNode(
        id=int(data["id"]),
        parent=data["parent"],
        move=data["move"],
        name=data["name"],
        player=Player(data["player"]),
        ply=int(data["ply"]),
        pruned=bool(data["pruned"]),
        value=_number_in(data.get("value")),
        board=Board.from_dict(board) if board is not None else None,
    )


def _event_out(event) -> dict[str, Any]:
    out = {"type": event.kind}
    for f in fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Player):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = _number_out(value)
    return out


def _event_in(data: dict[str, Any]):
    try:
        cls = EVENT_TYPES[data["type"]]
    except KeyError:
        raise ValueError(f"unknown event type {data.get('type')!r}") from None
    values = {}
    for f in fields(cls):
        value = data[f.name] if f.name in data else None
        if f.name == "player":
            value = Player(value)
        elif f.name == "skipped":
            value = tuple(value)
        else:
            value = _number_in(value)
        values[f.name] = value
    return cls(**values)
