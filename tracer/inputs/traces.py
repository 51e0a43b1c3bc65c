"""Reading a saved trace (JSON) back: the file read safely, checked against the format's JSON Schema
(``tracer/trace/trace.schema.json``) and then for what a schema cannot say (node ids in order, parents listed first,
events a search could make, printable text), and built into a :class:`~tracer.trace.trace.Trace`. A damaged file is
one :class:`TraceFileError` naming the file and the first bad place. Writing a trace is the trace's own
(:meth:`Trace.to_json`)."""

from __future__ import annotations

import json
import math
import os
import sys
from dataclasses import MISSING
from functools import partial
from typing import Any

from ..errors import TraceFileError
from ..io import read_input
from ..model.state import Board, Player
from ..numbers import number_from_json
from ..search.bounds import Bound
from ..search.registry import ALGORITHMS, MAX_TERMS, MOVER_TERMS
from ..search.spec import SearchSpec
from ..search.mcts import ucb_scores
from ..trace.events import EVENT_TYPES, Cutoff, NodeEntered, SearchPath, cut_kind
from ..trace.trace import FORMAT, SCHEMA, VERSION, Trace, TraceNode
from ..trace.events import AlphaUpdated, BackedUp, BetaUpdated, FinalChoice, Selected
from ..view import TraceView, family_of
from ..view.mcts import ratio, statistic
from .yaml_text import unprintable

_checks = None  # the schema, compiled to Python by fastjsonschema when the first trace is read (see _SchemaChecks)


class _NotJsonNumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python's json reads them, JSON has no such numbers."""


def _no_constant(name: str):
    raise _NotJsonNumber(name)


def load_trace(path: str | os.PathLike, max_nodes: int | None = None) -> Trace:
    """A saved trace, read and checked (see :func:`trace_from_dict`). ``max_nodes`` (``--max-nodes``): a trace of
    more nodes, or a Monte Carlo tree search's of more steps, is refused, as far as can be told before the file is
    parsed (:func:`refuse_larger`: memory stays small), and otherwise before it is built."""
    if max_nodes is not None:
        refuse_larger(path, max_nodes)
    try:
        data = json.loads(read_input(path).decode("utf-8"), parse_constant=_no_constant)
    except _NotJsonNumber as error:
        raise TraceFileError(f"{path}: {error} is not a JSON number (a trace writes infinities as \"inf\" and "
                             "\"-inf\")") from None
    except OSError as error:
        raise TraceFileError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise TraceFileError(f"{path}: not a text file (expected UTF-8 JSON)") from None
    except json.JSONDecodeError as error:
        raise TraceFileError(f"{path}:{error.lineno}: not valid JSON: {error.msg}") from None
    except ValueError:  # the one other ValueError json raises: a whole number of more digits than Python reads
        raise TraceFileError(f"{path}: a number of more than {sys.get_int_max_str_digits():,} digits") from None
    except RecursionError:
        raise TraceFileError(f"{path}: nested too deeply to be a trace") from None
    return trace_from_dict(data, str(path), max_nodes)


# What a saved trace holds, counted in its bytes without parsing them, as tracer writes them: a node's "pruned" key
# (every node has one, and nothing else does) and a Monte Carlo tree search's event. An unescaped quote cannot
# stand inside a JSON string, so each match is a key of the document. (A file written otherwise, "pruned" : or
# "\u0070runed", is counted once it is parsed instead.)
_NODE_KEY = b'"pruned":'
_MCTS_EVENT = b'"type": "mcts_'
_CHUNK = 1 << 20
LEAST_BYTES = 30  # the fewest bytes a node or an event takes in a trace file ({"type": "mcts_expand", ...})


def refuse_larger(path: str | os.PathLike, max_nodes: int) -> None:
    """Refuse a saved trace whose file holds more than ``max_nodes`` nodes, or Monte Carlo tree search steps, read
    in pieces (a file too small to hold that many is not read at all), so that refusing a large trace takes little
    memory and time. (What a trace of MCTS holds is counted as its events: its trace counted each event at least
    once, so what tracer wrote within a limit is read within it.)"""
    try:
        if os.stat(path).st_size <= LEAST_BYTES * max_nodes:
            return
        nodes = events = 0
        tail = b""
        with open(path, "rb") as stream:
            while chunk := stream.read(_CHUNK):
                joined = tail + chunk  # (a key cut between two pieces is whole in the next one)
                nodes += joined.count(_NODE_KEY) - tail.count(_NODE_KEY)
                events += joined.count(_MCTS_EVENT) - tail.count(_MCTS_EVENT)
                tail = joined[-len(_MCTS_EVENT):]
    except OSError:
        return  # read_input says why, in its words
    _refuse_counts(str(path), nodes, events, max_nodes)


def _refuse_counts(path: str, nodes: int, mcts_events: int, max_nodes: int) -> None:
    if nodes > max_nodes:
        raise TraceFileError(f"{path}: a trace of {nodes:,} nodes, more than --max-nodes {max_nodes:,}; raise the "
                             "limit with --max-nodes N to read it")
    if mcts_events > max_nodes:
        raise TraceFileError(f"{path}: a Monte Carlo tree search of {mcts_events:,} steps, more than --max-nodes "
                             f"{max_nodes:,}; raise the limit with --max-nodes N to read it")


def trace_from_dict(data: Any, file: str = "<trace>", max_nodes: int | None = None) -> Trace:
    """A trace from its JSON data (this version's, or version 1's), checked: a damaged file is one
    :class:`TraceFileError` naming the file and the first bad place. ``max_nodes``: a trace of more nodes (or
    MCTS steps) is refused before it is built."""
    if max_nodes is not None and isinstance(data, dict):
        nodes, events = data.get("nodes"), data.get("events")
        mcts = sum(1 for event in events if isinstance(event, dict) and str(event.get("type")).startswith("mcts_")) \
            if isinstance(events, list) else 0
        _refuse_counts(file, len(nodes) if isinstance(nodes, list) else 0, mcts, max_nodes)
    try:
        return _trace_in(data)
    except KeyError as error:
        raise TraceFileError(f"{file}: missing key {error.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError, IndexError) as error:
        raise TraceFileError(f"{file}: {error}") from None


def _number_in(value, what: str):
    """A number as saved (the schema has checked it): ±∞ are the strings "inf" and "-inf". A whole number too
    large for a float (which every value a search makes is) is refused."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > sys.float_info.max:
        raise ValueError(f"{what}: the number {str(value)[:20]}… is too large ({len(str(abs(value)))} digits; "
                         "at most about 308)")
    if isinstance(value, list):  # a vector of utilities (max^n)
        return tuple(_number_in(part, what) for part in value)
    return number_from_json(value)


def check_schema(data: Any) -> None:
    """Check ``data`` against the trace format's JSON Schema (``trace.schema.json``); the first place it breaks is
    a ValueError such as ``nodes[3].parent: expected a whole number or null, got 'x'``."""
    global _checks
    if _checks is None:
        _checks = _SchemaChecks()
    _checks.check(data)


class _SchemaChecks:
    """The schema compiled as checks that take linear time: the document without its events, then each event by the
    schema's branch for its type alone. (The schema says an event is one of its types by an ``if``/``then`` per
    type, which a validator tries one after another, failing all but one: a million events took minutes.) The
    branches are read from the schema, so the checks are exactly its rules; its definitions are written in where
    they are referred to (:func:`_inlined`), so that the compiled checks call no function per item."""

    def __init__(self):
        import fastjsonschema

        with open(SCHEMA, encoding="utf-8") as schema:
            whole = json.load(schema)
        definitions = {name: _inlined(rule, whole["definitions"]) for name, rule in whole["definitions"].items()}
        whole = _inlined(whole, whole["definitions"])
        event = definitions["event"]
        base = {key: value for key, value in event.items() if key != "allOf"}  # an object with a known type
        self.document = fastjsonschema.compile({**whole, "properties": {**whole["properties"], "events": {
            "type": "array"}}})
        self.any_event = fastjsonschema.compile({**base, "definitions": definitions})
        self.by_type = {}
        for branch in event["allOf"]:
            kinds = branch["if"]["properties"]["type"]
            check = fastjsonschema.compile({"allOf": [base, branch["then"]], "definitions": definitions})
            self.by_type.update(dict.fromkeys(kinds.get("enum", [kinds.get("const")]), check))
        self.error = fastjsonschema.JsonSchemaValueException

    def check(self, data: Any) -> None:
        try:
            self.document(data)
        except self.error as error:
            raise self._mistake(error, ()) from None
        by_type, any_event = self.by_type, self.any_event
        for index, event in enumerate(data["events"]):
            try:
                by_type.get(event.get("type") if isinstance(event, dict) else None, any_event)(event)
            except self.error as error:
                raise self._mistake(error, ("events", str(index))) from None

    @staticmethod
    def _mistake(error, place: tuple[str, ...]) -> ValueError:
        """fastjsonschema's ``error`` at ``place`` (the event's, for an event's check) as one ValueError."""
        parts = (*place, *error.path[1:])
        where = "".join(f"[{part}]" if part.isdigit() else f".{part}" for part in parts).lstrip(".")
        return ValueError(f"{where}: {_expected(error)}" if where else _expected(error))


def _inlined(rule, definitions: dict, within: tuple[str, ...] = ()):
    """``rule`` with each ``{"$ref": "#/definitions/x"}`` replaced by definition x, itself so written (the same
    rule: draft 7 ignores what stands beside a ``$ref``, and the schema puts only descriptions there). fastjsonschema
    compiles a ``$ref`` as a call that names its place as text, per item: a million rows of boards spent seconds
    naming places no error was found at."""
    if isinstance(rule, list):
        return [_inlined(item, definitions, within) for item in rule]
    if not isinstance(rule, dict):
        return rule
    if "$ref" in rule:
        name = rule["$ref"].rpartition("/")[2]
        if name in within:  # a definition that refers to itself stays a reference
            return rule
        return _inlined(definitions[name], definitions, (*within, name))
    return {key: value if key == "enum" or key == "const" else _inlined(value, definitions, within)
            for key, value in rule.items()}


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
    if rule == "anyOf":  # the one choice the schema offers: a value is a number, or max^n's vector of them
        return f'expected a number ("inf" or "-inf" for ±∞) or a vector of numbers, got {shown}'
    if rule == "minItems":
        return f"expected at least {wanted} item{'s' if wanted != 1 else ''}, got {shown}"
    return f"{error.message.removeprefix(error.name).strip()}, got {shown}"


def _text(value, what) -> str | None:
    """Text as saved (the schema has checked its type), refused if it holds a character no output should carry."""
    if value is None or value.isprintable():  # (what str.isprintable allows, no output minds: the common case, fast)
        return value
    char = unprintable(value)
    if char is not None:
        raise ValueError(f"{what}: text with the unprintable character {ascii(char)}")
    return value


_PLAYERS = {player.value: player for player in Player}


def _node_in(index: int, data: dict[str, Any]) -> TraceNode:
    if data["id"] != index:
        raise ValueError(f"nodes[{index}].id: expected {index} (nodes are listed in id order), got {data['id']!r}")
    parent = data["parent"]
    if index == 0:
        if parent is not None:
            raise ValueError(f"nodes[{index}].parent: the root (node 0) has no parent, got {parent!r}")
    elif parent is None or parent >= index:
        raise ValueError(f"nodes[{index}].parent: expected a node listed before it (0 to {index - 1}), got "
                         f"{parent!r}")
    board, value, move, name, mover = (data.get("board"), data.get("value"), data["move"], data["name"],
                                       data.get("mover"))
    for field, text in (("move", move), ("name", name), ("mover", mover)):
        if text is not None and not text.isprintable():  # (the place is named only when there is a mistake)
            _text(text, f"nodes[{index}].{field}")
    if not (value is None or type(value) is float or type(value) is int and -_LARGEST <= value <= _LARGEST):
        value = _number_in(value, f"nodes[{index}].value")
    return TraceNode(index, parent, move, name, _PLAYERS[data["player"]], data["ply"], data["pruned"], value,
                     None if board is None else partial(Board.from_dict, board),  # made when drawn (most never are)
                     data.get("p"), mover)


def _event_in(index: int, data: dict[str, Any], nodes: list[TraceNode], version: int, mover_terms: bool):
    cls = EVENT_TYPES[data["type"]]
    where = f"events[{index}]"
    values = []
    for name, convert, default in _reading_plan(cls):
        if name in data:
            value = data[name]
        elif name == "parent" and version == 1:  # version 1 events left it to the nodes
            value = nodes[data["node"]].parent if data["node"] < len(nodes) else None
        elif default is not MISSING:  # has a default (α and β of searches without a window)
            value = default
        else:
            raise ValueError(f"{where}: {data['type']} needs {name!r}")
        values.append(value if convert is None or value is None else convert(value, where))
    event = cls(*values)
    count = len(nodes)
    for node in event.node_ids():
        if not 0 <= node < count:
            raise ValueError(f"{where}: refers to node {node}, but the trace has nodes 0 to {count - 1}")
    if cls is Cutoff:  # named by the one rule (version 1 named negamax's cuts by the player)
        event.cut = cut_kind(nodes[event.node].player, mover_terms)
    elif cls is NodeEntered and event.parent != nodes[event.node].parent:
        raise ValueError(f"{where}.parent: node {event.node}'s parent is {nodes[event.node].parent}, "
                         f"not {event.parent}")
    return event


_PLANS: dict[type, tuple] = {}
_AS_SAVED = frozenset(("node", "ply", "number", "parent", "child", "best_child", "visits", "iterations"))
_TEXTS = frozenset(("how", "rule", "label", "cut", "found", "move"))


def _reading_plan(cls) -> tuple:
    """How an event type's fields are read, made once per type: (name, how its saved value is turned into the
    event's, or None to keep it as it is, its default or MISSING) for each field, in the order the class takes
    them. A converter takes the value and the event's place (``events[3]``, for a message)."""
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = tuple((name, _converter(cls, name), cls.defaults.get(name, MISSING))
                                   for name in cls.fields)
    return plan


_LARGEST = sys.float_info.max


def _records_in(name: str, keys: tuple[str, ...], value: list, where: str) -> tuple:
    """A field of records (MCTS's statistics per node) as tuples of their ``keys``' values."""
    records = []  # (a row that is not all plain numbers holds ±∞ as text, or a number too large: read as they are)
    for record in value:
        row = tuple(record[key] for key in keys)
        if not all(type(item) is float or type(item) is int and -_LARGEST <= item <= _LARGEST for item in row):
            row = tuple(_number_in(record[key], f"{where}.{name}[{len(records)}].{key}") for key in keys)
        records.append(row)
    return tuple(records)


def _converter(cls, name: str):
    """How a saved value of ``cls``'s field ``name`` becomes the event's (see :func:`_reading_plan`)."""
    if name == "player":
        return lambda value, where: _PLAYERS[value]  # the schema has checked the word
    if name in ("skipped", "waiting"):
        return lambda value, where: tuple(value)
    if name in cls.records:  # the schema has checked each record's keys and types
        return partial(_records_in, name, cls.records[name])
    if name == "moves":
        return lambda value, where: tuple(_text(move, f"{where}.moves") for move in value)
    if name == "bound" and cls.__annotations__.get(name) == "Bound":  # (max^n's is a number)
        return lambda value, where: Bound.from_word(value)  # the schema has checked the word
    if name in _TEXTS:
        return lambda value, where: _text(value, f"{where}.{name}")
    if name in _AS_SAVED:
        return None
    def number(value, where):
        if type(value) is float or type(value) is int and -_LARGEST <= value <= _LARGEST:  # (the common case, fast)
            return value
        return _number_in(value, f"{where}.{name}")
    return number


def _check_order(events: list, nodes: list[TraceNode]) -> None:
    """The events happen in an order a search could make: each event is checked by its own type against the path
    of nodes being searched (see :meth:`Event.follow`), and the search ends back out of the root."""
    path = SearchPath()
    for index, event in enumerate(events):
        left_leaf = path.left_leaf
        try:
            event.follow(path, nodes)
        except ValueError as error:
            raise ValueError(f"events[{index}]: {error}") from None
        if path.left_leaf == left_leaf:  # only the step right after a leaf's evaluation may store it
            path.left_leaf = None
    if path:
        raise ValueError(f"events: the trace ends while node {path[-1]} is still being searched")


def _check_windows(events: list) -> None:
    """α and β are updated only at a node entered with a window (α, β): a minimax trace has none to update."""
    windowless = set()
    for index, event in enumerate(events):
        if isinstance(event, NodeEntered):
            (windowless.add if event.alpha is None or event.beta is None else windowless.discard)(event.node)
        elif isinstance(event, (AlphaUpdated, BetaUpdated)) and event.node in windowless:
            raise ValueError(f"events[{index}]: a {event.kind} at node {event.node}, which was entered without a "
                             "window (α, β)")


def _trace_in(data: Any) -> Trace:
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
    _check_windows(events)
    meta = data.get("meta") or {}
    for key, value in meta.items():
        _text(key, "meta")
        if isinstance(value, str):
            _text(value, f"meta.{key}")
    result = data["result"]
    trace = Trace(
        algorithm=algorithm,
        options=SearchSpec.from_options(algorithm, {k: _number_in(v, f"options.{k}") if k in ("depth", "guess") else v
                                                    for k, v in data["options"].items()}),
        nodes=nodes,
        events=events,
        value=_number_in(result["value"], "result.value"),
        best_move=_text(result["best_move"], "result.best_move"),
        meta=dict(meta),
        title=title,
        terms=terms,
    )
    if family_of(trace).statistics:  # visits and rewards: its numbers must be what its steps make
        check_replay(trace)
    return trace


def check_replay(trace) -> None:
    """What the schema cannot say of a saved MCTS trace, checked by folding it again: every selection scores each
    child with the statistics it had and the trace's C, and picks the highest total (the first of equal ones);
    every back-up adds one visit and the reward (in each node's chooser's terms) to each node on the path; the
    final choice follows its rule; the result names that move. A tampered trace is a ValueError naming the event."""
    view = TraceView(trace, 0)
    c = trace.spec.exploration
    for index, event in enumerate(trace.events):
        where = f"events[{index}]"
        if isinstance(event, Selected):
            scores = []
            wanted = ucb_scores([view.nodes[entry[0]] for entry in event.children], view.nodes[event.node].visits, c)
            for (child, visits, wins, mean, explore, total), (held, *want) in zip(event.children, wanted):
                if (visits, wins) != (held.visits, held.wins):
                    raise ValueError(f"{where}: node {child}'s statistics {statistic(wins)}/{visits} are not what "
                                     f"the search had ({statistic(held.wins)}/{held.visits})")
                if not all(math.isclose(got, right, rel_tol=1e-9, abs_tol=1e-9)
                           for got, right in zip((mean, explore, total), want)):
                    raise ValueError(f"{where}: node {child}'s UCB1 total {total!r} is not Q + C·√(ln N / n) = "
                                     f"{want[2]!r}")
                scores.append((total, child))
            best = max(scores, key=lambda score: score[0])[1]
            if best != event.child:
                raise ValueError(f"{where}: UCB1 picks node {best}, not node {event.child}")
        elif isinstance(event, BackedUp):
            if not 0 <= event.reward <= 1:
                raise ValueError(f"{where}: a reward of {event.reward!r} is outside [0, 1]")
            for node_id, visits, wins in event.path:
                held = view.nodes[node_id]
                gain = wins - held.wins
                chooser_min = _chooser_is_min(trace, node_id)
                want = 1 - event.reward if chooser_min else event.reward
                if visits != held.visits + 1 or not math.isclose(gain, want, abs_tol=1e-9):
                    raise ValueError(f"{where}: node {node_id} goes from {statistic(held.wins)}/{held.visits} to "
                                     f"{statistic(wins)}/{visits}, not by one visit and a reward of "
                                     f"{ratio(want)}")
        elif isinstance(event, FinalChoice):
            for child, visits, wins in event.children:
                held = view.nodes[child]
                if (visits, wins) != (held.visits, held.wins):
                    raise ValueError(f"{where}: node {child}'s statistics are not what the search had")
            visited = [(visits, wins / visits, -position, child) for position, (child, visits, wins)
                       in enumerate(event.children) if visits]
            key = (lambda e: (e[0], e[1], e[2])) if event.rule == "robust" else (lambda e: (e[1], e[0], e[2]))
            best = max(visited, key=key)[3] if visited else None
            if best != event.child:
                raise ValueError(f"{where}: the {event.rule} rule chooses node {best}, not node {event.child}")
            named = None if best is None else trace.nodes[best].move
            if named != trace.best_move:
                raise ValueError(f"result.best_move: the search chose {named!r}, not {trace.best_move!r}")
        view.apply(event)


def _chooser_is_min(trace, node_id: int) -> bool:
    """Whether W of ``node_id`` is MIN's: the player who chose the move into it (through chance nodes), the root's
    its own player."""
    nodes = trace.nodes
    node = nodes[node_id]
    if node.parent is None:
        return node.player is Player.MIN
    parent = nodes[node.parent]
    while parent.player is Player.CHANCE and parent.parent is not None:
        parent = nodes[parent.parent]
    return parent.player is Player.MIN
