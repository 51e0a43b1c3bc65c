"""Reading answer files and answer keys: claims about a search, as an answer key (a file's ``expect:`` block) or a
student's answer file states them, read from YAML with the line of every item, and checked against the searched
tree's node names (what they mean is :mod:`tracer.exercises`'s).

The format (every key optional)::

    value: 3                          # the root's value
    best_move: B
    values: {A: 3, B: 3, C: "<=2"}    # what nodes return; a bound as "<=2", "≤ 2", ">=3" or "≥ 3"; a fraction
                                      # as 8/3 (a chance node's average), or a decimal rounded: 2.67
    pruned: [C2, C3]                  # the leaves never examined; a node stands for its whole subtree
    windows: {C: [3, 2]}              # (α, β) when the node is left; infinities as inf, -inf, ∞, −∞
    node_types: {A: PV, B: PV, C: CUT}  # Knuth and Moore's types (PV, CUT, ALL), for alpha-beta searches
    order: [A, B, B1, B2, B3, C, C1, D, D1, D2, D3]
    leaves_evaluated: 7               # counts, as tracer stats counts them (expect: only)
    nodes_visited: 11
    cutoffs: 1

Monte Carlo tree search has items of its own instead of ``values``, ``pruned``, ``windows``, ``order`` and
``cutoffs`` (:data:`VISIT_ITEMS`; given to the other searches, or theirs to it, each is one error)::

    visits: {A: 10, B: 3}             # N of each node after the last iteration
    wins: {B: 1, D: 9/4}              # W (for the player who chose the move into the node), 2.25 or 9/4
    selected: {7: [A, C, C1]}         # iteration 7's path: the root ... the node expanded (or the end reached)
"""

from __future__ import annotations

import difflib
import math
import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, Protocol

import yaml

from ..errors import TreeFileError
from ..io import MAX_ANSWER_BYTES
from ..search.bounds import Bound
from ..view.node_types import NODE_TYPES
from .yaml_text import YamlReader, compose, describe_node, read_text

ANSWER_KEYS = ("values", "pruned", "best_move", "windows", "node_types", "order", "visits", "wins", "selected")
COUNT_KEYS = ("leaves_evaluated", "nodes_visited", "cutoffs")
EXPECT_KEYS = ("value", "best_move", "values", "pruned", "windows", "node_types", "order", "visits", "wins",
               "selected") + COUNT_KEYS
VALUE_ITEMS = ("values", "pruned", "windows", "node_types", "order", "cutoffs")  # the searches that back up values'
VISIT_ITEMS = ("visits", "wins", "selected")  # Monte Carlo tree search's: N, W and each iteration's path

_INFINITIES = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "∞": math.inf, "+∞": math.inf,
               "-∞": -math.inf, "−∞": -math.inf}
FRACTION = re.compile(r"^[-−+]?[0-9]+/[0-9]*[1-9][0-9]*$")  # 8/3; never a zero denominator
_BOUND = re.compile(r"^\s*(<=|≤|>=|≥)\s*([-−+]?[0-9.]+(?:[eE][-+]?[0-9]+)?|[-−+]?[0-9]+/[0-9]+|[-−+]?∞|[-+]?inf)"
                    r"\s*$")
_DECIMAL = re.compile(r"^\s*[-−+]?[0-9]*\.([0-9]+)\s*$")  # 3.33: a decimal, with the digits after its point


class Claimed(NamedTuple):
    """A value as an answer writes it: the number, its bound (None: a plain number), and for a decimal the digits
    written after its point (``3.33`` → 2; None for a whole number, a fraction or an infinity) and its text."""

    number: float
    bound: str | None = None
    decimals: int | None = None
    written: str | None = None


@dataclass(frozen=True)
class Unknown:
    """A node name an answer gives that the searched tree does not have (a typo): where, the name, its line, and
    the message saying so."""

    where: str  # "values.Q", "pruned[2]"
    name: str
    line: int
    message: str


class AnswerFileError(TreeFileError):
    """An answer file (or an expect: block) cannot be read: the message names the file, the line and the item."""


@dataclass
class Claims:
    """What an answer or an answer key says. Node ids refer to the search's trace; ``lines`` gives each item's
    line in the file (``values.C`` → 4)."""

    value: float | None = None
    value_decimals: int | None = None  # the root's value written as a decimal: its digits after the point
    best_move: str | None = None
    values: dict[int, Claimed] = field(default_factory=dict)
    pruned: list[int] | None = None
    windows: dict[int, tuple[float, float]] = field(default_factory=dict)
    node_types: dict[int, str] = field(default_factory=dict)  # Knuth and Moore's type of each node named
    order: list[int] | None = None
    counts: dict[str, int] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)  # Monte Carlo tree search: N of each node named
    wins: dict[int, Claimed] = field(default_factory=dict)  # ... W of each node named (a number, never a bound)
    selected: dict[int, list[int]] = field(default_factory=dict)  # ... iteration number -> the path it went down
    given: tuple[str, ...] = ()  # the keys given, in the file's order
    lines: dict[str, int] = field(default_factory=dict)
    unknown: list[Unknown] = field(default_factory=list)  # names not in the tree (an answer's typos; keys refuse them)


class NodeNames(Protocol):
    """The searched tree's node names, as claims name nodes (:class:`tracer.exercises.facts.SearchFacts` offers
    them): ``by_name`` (name → node id), ``labels`` (every node's name, for messages) and ``label(node_id)``; and
    which items the search has: ``samples`` (Monte Carlo tree search: :data:`VISIT_ITEMS`, else
    :data:`VALUE_ITEMS`), its ``iterations`` and its ``title``."""

    by_name: dict[str, int]
    labels: list[str]
    samples: bool
    iterations: int
    title: str

    def label(self, node_id: int) -> str: ...


def read_answer_file(path: str, facts: NodeNames) -> Claims:
    """A student's answer file, checked against the searched tree's names. An empty file is a blank sheet (it claims
    nothing); a name the tree does not have is kept in ``unknown`` (one wrong item when graded), not refused."""
    document = compose(read_text(path, MAX_ANSWER_BYTES, "an answer file"), path)
    if document is None:
        return Claims()
    return read_claims(document, path, facts, ANSWER_KEYS, prefix="", lenient=True)


def read_claims(node, file: str, facts: NodeNames, allowed=EXPECT_KEYS, prefix: str = "expect",
                lenient: bool = False) -> Claims:
    """Claims from a YAML mapping node (an ``expect:`` block, or a whole answer file with ``prefix=""``).
    ``lenient``: a node name the tree does not have goes to ``unknown`` instead of being refused."""
    claims = Claims()
    reader = _Reader(file, facts, prefix, claims.unknown if lenient else None)
    if not isinstance(node, yaml.MappingNode):
        raise reader.error(node, "", "expected a mapping such as {values: {A: 3, B: 3}, pruned: [C2], best_move: B}")
    fields = reader.mapping(node, prefix, allowed=allowed)
    claims.given = tuple(fields)
    for key, value in fields.items():
        reader.applies(value, key, allowed)
        claims.lines[key] = value.start_mark.line + 1
        if key == "value":
            claims.value = reader.number(value, key)
            claims.value_decimals = _digits(value.value)[0] if isinstance(value, yaml.ScalarNode) else None
        elif key == "best_move":
            claims.best_move = reader.text(value, reader.where(key))
        elif key in ("values", "windows", "node_types"):  # node name → a value, a window (α, β), or a type
            read, claimed = {"values": (reader.bounded, claims.values), "windows": (reader.window, claims.windows),
                             "node_types": (reader.node_type, claims.node_types)}[key]
            for name_node, item in reader.pairs(value, key):
                node_id = reader.node(name_node, key)
                written = read(item, f"{key}.{name_node.value}")  # read even for an unknown name: its own errors
                if node_id is not None:
                    claimed[node_id] = written
                    claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
        elif key in ("visits", "wins"):  # node name → N, or W
            read, claimed = (reader.count, claims.visits) if key == "visits" else (reader.plain, claims.wins)
            for name_node, item in reader.pairs(value, key):
                node_id = reader.node(name_node, key)
                written = read(item, f"{key}.{name_node.value}")
                if node_id is not None:
                    claimed[node_id] = written
                    claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
        elif key == "selected":  # iteration number → the path from the root
            for number_node, item in reader.pairs(value, key):
                number = reader.iteration(number_node)
                path = reader.items(item, f"{key}.{number}")
                ids = [reader.node(step, f"{key}.{number}", index) for index, step in enumerate(path)]
                claims.selected[number] = [node_id for node_id in ids if node_id is not None]
                claims.lines[f"{key}.{number}"] = item.start_mark.line + 1
        elif key in ("pruned", "order"):
            items = reader.items(value, key)
            ids = [reader.node(item, key, index) for index, item in enumerate(items)]
            setattr(claims, key, [node_id for node_id in ids if node_id is not None])
        else:
            claims.counts[key] = reader.count(value, key)
    return claims


def parse_bounded(value, text: str | None = None) -> Claimed | None:
    """A number, or a bound written ``<=2``, ``≤ 2``, ``>=3``, ``≥ 3``, as :class:`Claimed`; None if neither.
    ``text`` is the value as written in the file (YAML reads ``3.33333`` as a float and loses its digits), from
    which a decimal keeps its digits."""
    number = parse_number(value)
    if number is not None:
        return Claimed(number, None, *_digits(text if text is not None else value))
    vector = parse_vector(value)
    if vector is not None:
        return Claimed(vector)
    if isinstance(value, str):
        match = _BOUND.match(value)
        if match:
            bound = Bound.from_sign(match.group(1))
            number = parse_number(match.group(2).replace("−", "-"))
            return None if number is None else Claimed(number, bound, *_digits(match.group(2)))
    return None


def parse_vector(value) -> tuple | None:
    """A vector of utilities (max^n) written ``"(1, 2, 6)"``: two or more numbers; None if it is not one."""
    text = value.strip() if isinstance(value, str) else ""
    if not (text.startswith("(") and text.endswith(")")):
        return None
    parts = [parse_number(part) for part in text[1:-1].split(",")]
    return tuple(parts) if len(parts) >= 2 and None not in parts else None


def _digits(text) -> tuple[int | None, str | None]:
    """(digits after the point, the number as written) for a decimal such as ``3.33``; (None, None) otherwise."""
    match = _DECIMAL.match(text) if isinstance(text, str) else None
    return (len(match.group(1)), text.strip().replace("−", "-")) if match else (None, None)


def parse_number(value) -> float | None:
    """A number (a YAML number, or text such as ``-inf``, ``∞``, ``−2``, ``8/3``), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) > sys.float_info.max:  # compared with the search's floats: none could be
        return None
    if isinstance(value, (int, float)):
        return value if not (isinstance(value, float) and math.isnan(value)) else None
    if isinstance(value, str):
        text = value.strip()
        if text in _INFINITIES:
            return _INFINITIES[text]
        if FRACTION.match(text):
            try:
                fraction = Fraction(text.replace("−", "-"))
            except ValueError:  # more digits than Python reads
                return None
            return parse_number(int(fraction)) if fraction.denominator == 1 else _float(fraction)
        try:
            number = float(text.replace("−", "-"))
        except ValueError:
            return None
        return None if math.isnan(number) else int(number) if number.is_integer() and "." not in text else number
    return None


def _float(fraction: Fraction) -> float | None:
    """A fraction as a float, or None when it is too large for one."""
    try:
        return float(fraction)
    except OverflowError:
        return None


class _Reader(YamlReader):
    """YamlReader's scalars and one-line errors, plus the items of claims."""

    def __init__(self, file: str, facts: NodeNames, prefix: str, unknown: list[Unknown] | None = None):
        super().__init__(file)
        self.facts, self.prefix, self.unknown = facts, prefix, unknown

    def error(self, node, path, message):
        return AnswerFileError(message, file=self.file, line=node.start_mark.line + 1, path=self.where(path))

    def where(self, path: str) -> str:
        if not self.prefix or path.startswith(self.prefix):
            return path
        return f"{self.prefix}.{path}" if path else self.prefix

    def mapping(self, node, path, allowed):
        fields = {}
        for key_node, value_node in node.value:
            key = self.scalar(key_node, path)
            if key not in allowed:
                close = difflib.get_close_matches(str(key), allowed, n=1)
                hint = f"did you mean {close[0]}? " if close else ""
                raise self.error(key_node, str(key),
                                 f"unknown key {key!r} ({hint}expected one of: {', '.join(allowed)})")
            if key in fields:
                raise self.error(key_node, key, f"key {key!r} appears twice")
            fields[key] = value_node
        return fields

    def applies(self, node, key, allowed) -> None:
        """Refuse an item the search does not have: Monte Carlo tree search's to the others, theirs to it."""
        foreign = VALUE_ITEMS if self.facts.samples else VISIT_ITEMS
        if key in foreign:
            own = ", ".join(item for item in allowed if item not in foreign)
            raise self.error(node, key, f"{self.facts.title} has no {key} item (its items: {own})")

    def iteration(self, node) -> int:
        """An iteration number, from 1 to the search's last."""
        value = self.scalar(node, self.where("selected"))
        last = self.facts.iterations
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= last:
            raise self.error(node, f"selected.{node.value}",
                             f"expected an iteration number from 1 to {last}, got {node.value!r}")
        return value

    def pairs(self, node, key):
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, key, "expected a mapping from node names, e.g. {B: 3, C: \"<=2\"}")
        seen = set()
        for name_node, item in node.value:
            if str(name_node.value) in seen:
                raise self.error(name_node, f"{key}.{name_node.value}", "the node is named twice")
            seen.add(str(name_node.value))
            yield name_node, item

    def items(self, node, key):
        if isinstance(node, yaml.SequenceNode):
            return node.value
        if isinstance(node, yaml.ScalarNode) and node.value in ("", "~", "null") or \
                isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
            return []
        raise self.error(node, key, "expected a list of node names, e.g. [C2, C3]")

    def node(self, name_node, key, index=None) -> int | None:
        """The node a name names; a name the tree does not have is refused, or (``unknown`` kept) kept there and
        None returned."""
        where = key if index is None else f"{key}[{index}]"
        if not isinstance(name_node, yaml.ScalarNode):
            raise self.error(name_node, where, "expected a node name")
        name = str(name_node.value)  # as written: names are text, even 1 or 01
        if name not in self.facts.by_name:
            known = ", ".join(self.facts.labels[:12]) + (", …" if len(self.facts.labels) > 12 else "")
            where = where if index is not None else f"{key}.{name}"
            close = difflib.get_close_matches(name, self.facts.labels, n=1)
            message = f"no node named {name!r} in the searched tree (" + \
                (f"did you mean {close[0]}? " if close else "") + f"its nodes: {known})"
            if self.unknown is None:
                raise self.error(name_node, where, message)
            self.unknown.append(Unknown(self.where(where), name, name_node.start_mark.line + 1, message))
            return None
        return self.facts.by_name[name]

    def number(self, node, path) -> float | tuple:
        """A number, or a vector of utilities ``"(1, 2, 6)"`` (max^n)."""
        value = self.scalar(node, self.where(path))
        number = parse_number(value)
        if number is None:
            number = parse_vector(value)
        if number is None:
            raise self.error(node, path, f"expected a number (or a vector such as \"(1, 2, 6)\"), got "
                                         f"{node.value!r}")
        return number

    def bounded(self, node, path) -> Claimed:
        value = self.scalar(node, self.where(path))
        parsed = parse_bounded(value, node.value if isinstance(node, yaml.ScalarNode) else None)
        if parsed is None:
            got = repr(node.value) if isinstance(node, yaml.ScalarNode) else describe_node(node, None)
            raise self.error(node, path, f"expected a number, a bound such as \"<=2\" or a vector such as "
                                         f"\"(1, 2, 6)\", got {got}")
        return parsed

    def plain(self, node, path) -> Claimed:
        """A number (a decimal or a fraction: ``2.25``, ``9/4``), never a bound."""
        value = self.scalar(node, self.where(path))
        parsed = parse_bounded(value, node.value if isinstance(node, yaml.ScalarNode) else None)
        if parsed is None or parsed.bound is not None or not math.isfinite(parsed.number):
            got = repr(node.value) if isinstance(node, yaml.ScalarNode) else describe_node(node, None)
            raise self.error(node, path, f"expected a number such as 2.25 or 9/4, got {got}")
        return parsed

    def window(self, node, path) -> tuple[float, float]:
        if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
            raise self.error(node, path, "expected [α, β], e.g. [3, 2] or [-inf, 5]")
        return self.number(node.value[0], path), self.number(node.value[1], path)

    def node_type(self, node, path) -> str:
        """Knuth and Moore's type of a node: PV, CUT or ALL (in any case)."""
        value = self.scalar(node, self.where(path))
        if not isinstance(value, str) or value.upper() not in NODE_TYPES:
            raise self.error(node, path, f"expected a node type, {', '.join(NODE_TYPES[:-1])} or {NODE_TYPES[-1]}, "
                                         f"got {node.value!r}")
        return value.upper()

    def count(self, node, path) -> int:
        value = self.scalar(node, self.where(path))
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(node, path, f"expected a whole number ≥ 0, got {node.value!r}")
        return value
