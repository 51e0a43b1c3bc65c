"""Claims about a search, as an answer key (a file's ``expect:`` block) or a student's answer file states them, read
from YAML with the line of every item, and checked against the searched tree's node names.

The format (every key optional)::

    value: 3                          # the root's value
    best_move: B
    values: {A: 3, B: 3, C: "<=2"}    # what nodes return; a bound as "<=2", "≤ 2", ">=3" or "≥ 3"; a fraction
                                      # as 8/3 (a chance node's average), or a decimal rounded: 2.67
    pruned: [C2, C3]                  # the leaves never examined; a node stands for its whole subtree
    windows: {C: [3, 2]}              # (α, β) when the node is left; infinities as inf, -inf, ∞, −∞
    order: [A, B, B1, B2, B3, C, C1, D, D1, D2, D3]
    leaves_evaluated: 7               # counts, as tracer stats counts them (expect: only)
    nodes_visited: 11
    cutoffs: 1
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

import yaml

from ..errors import TreeFileError
from ..model.trees import DEFAULT_MAX_NODES, TreeReader, describe_node, compose, read_text
from ..text import exact_fraction, format_number
from ..view import Bound
from .facts import SearchFacts

ANSWER_KEYS = ("values", "pruned", "best_move", "windows", "order")
COUNT_KEYS = ("leaves_evaluated", "nodes_visited", "cutoffs")
EXPECT_KEYS = ("value", "best_move", "values", "pruned", "windows", "order") + COUNT_KEYS

_INFINITIES = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "∞": math.inf, "+∞": math.inf,
               "-∞": -math.inf, "−∞": -math.inf}
_FRACTION = re.compile(r"^[-−+]?[0-9]+/[0-9]*[1-9][0-9]*$")  # 8/3; never a zero denominator
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
    order: list[int] | None = None
    counts: dict[str, int] = field(default_factory=dict)
    given: tuple[str, ...] = ()  # the keys given, in the file's order
    lines: dict[str, int] = field(default_factory=dict)
    unknown: list[Unknown] = field(default_factory=list)  # names not in the tree (an answer's typos; keys refuse them)


def read_answer_file(path: str, facts: SearchFacts) -> Claims:
    """A student's answer file, checked against the searched tree's names. An empty file is a blank sheet (it claims
    nothing); a name the tree does not have is kept in ``unknown`` (one wrong item when graded), not refused."""
    document = compose(read_text(path), path)
    if document is None:
        return Claims()
    return read_claims(document, path, facts, ANSWER_KEYS, prefix="", lenient=True)


def read_claims(node, file: str, facts: SearchFacts, allowed=EXPECT_KEYS, prefix: str = "expect",
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
        claims.lines[key] = value.start_mark.line + 1
        if key == "value":
            claims.value = reader.number(value, key)
            claims.value_decimals = _digits(value.value)[0] if isinstance(value, yaml.ScalarNode) else None
        elif key == "best_move":
            claims.best_move = reader.text(value, reader.where(key))
        elif key == "values":
            for name_node, item in reader.pairs(value, key):
                node_id = reader.node(name_node, key)
                written = reader.bounded(item, f"{key}.{name_node.value}")
                if node_id is not None:
                    claims.values[node_id] = written
                    claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
        elif key == "windows":
            for name_node, item in reader.pairs(value, key):
                node_id = reader.node(name_node, key)
                window = reader.window(item, f"{key}.{name_node.value}")
                if node_id is not None:
                    claims.windows[node_id] = window
                    claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
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
    if isinstance(value, str):
        match = _BOUND.match(value)
        if match:
            bound = Bound.from_sign(match.group(1))
            number = parse_number(match.group(2).replace("−", "-"))
            return None if number is None else Claimed(number, bound, *_digits(match.group(2)))
    return None


def _digits(text) -> tuple[int | None, str | None]:
    """(digits after the point, the number as written) for a decimal such as ``3.33``; (None, None) otherwise."""
    match = _DECIMAL.match(text) if isinstance(text, str) else None
    return (len(match.group(1)), text.strip().replace("−", "-")) if match else (None, None)


def parse_number(value) -> float | None:
    """A number (a YAML number, or text such as ``-inf``, ``∞``, ``−2``, ``8/3``), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value if not (isinstance(value, float) and math.isnan(value)) else None
    if isinstance(value, str):
        text = value.strip()
        if text in _INFINITIES:
            return _INFINITIES[text]
        if _FRACTION.match(text):
            fraction = Fraction(text.replace("−", "-"))
            return int(fraction) if fraction.denominator == 1 else float(fraction)
        try:
            number = float(text.replace("−", "-"))
        except ValueError:
            return None
        return None if math.isnan(number) else int(number) if number.is_integer() and "." not in text else number
    return None


def bound_text(number: float, bound: Bound | None, written: str | None = None) -> str:
    """How a value is written back (in JSON and reports): ``3``, ``<=2``, ``>=3`` (a bound's ASCII sign); a decimal
    as it was written (``written``: ``3.33333``), else a value no short decimal gives as its fraction (``10/3``)."""
    text = written or value_text(number)
    return f"{bound.ascii}{text}" if bound is not None else text


def value_text(value: float) -> str:
    """A number as a key or an answer writes it: ``3``, ``-2``, ``2.5``, and ``10/3`` for a value that is a fraction
    no short decimal gives exactly (an expectiminimax average), rather than its rounded ``3.33333``."""
    text = format_number(value).replace("−", "-")
    if not math.isfinite(value) or "/" in text or float(text) == value:
        return text
    fraction = exact_fraction(value, 10_000)
    return text if fraction is None else f"{fraction.numerator}/{fraction.denominator}"


def json_number(value: float):
    """A number for JSON: infinities as the trace JSON writes them (``"inf"``, ``"-inf"``)."""
    if value == float("inf"):
        return "inf"
    if value == float("-inf"):
        return "-inf"
    return value


def shown(value) -> str:
    """A claimed or found value as people read it: ``"<=-7"`` reads ``≤ −7``, ``"-inf"`` reads ``−∞``, a list
    ``[3, 2]``, ``"10/3"`` reads ``10/3``."""
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value_text(value).replace("-", "−")
    if isinstance(value, str):
        parsed = parse_bounded(value)
        if parsed is not None:
            fraction = value.strip().lstrip("<>=≤≥ ")
            number = parsed.written or (fraction if _FRACTION.match(fraction) else format_number(parsed.number))
            number = number.replace("-", "−")
            return number if parsed.bound is None else f"{parsed.bound} {number}"
    return str(value)


class _Reader(TreeReader):
    """TreeReader's scalars and one-line errors, plus the items of claims."""

    def __init__(self, file: str, facts: SearchFacts, prefix: str, unknown: list[Unknown] | None = None):
        super().__init__(file, DEFAULT_MAX_NODES)
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
                raise self.error(key_node, str(key), f"unknown key {key!r} (expected one of: {', '.join(allowed)})")
            if key in fields:
                raise self.error(key_node, key, f"key {key!r} appears twice")
            fields[key] = value_node
        return fields

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

    def number(self, node, path) -> float:
        value = self.scalar(node, self.where(path))
        number = parse_number(value)
        if number is None:
            raise self.error(node, path, f"expected a number, got {node.value!r}")
        return number

    def bounded(self, node, path) -> Claimed:
        value = self.scalar(node, self.where(path))
        parsed = parse_bounded(value, node.value if isinstance(node, yaml.ScalarNode) else None)
        if parsed is None:
            got = repr(node.value) if isinstance(node, yaml.ScalarNode) else describe_node(node, None)
            raise self.error(node, path, f"expected a number or a bound such as \"<=2\", got {got}")
        return parsed

    def window(self, node, path) -> tuple[float, float]:
        if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
            raise self.error(node, path, "expected [α, β], e.g. [3, 2] or [-inf, 5]")
        return self.number(node.value[0], path), self.number(node.value[1], path)

    def count(self, node, path) -> int:
        value = self.scalar(node, self.where(path))
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(node, path, f"expected a whole number ≥ 0, got {node.value!r}")
        return value
