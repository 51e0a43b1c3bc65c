"""Reading answer files and answer keys: claims about a search, as an answer key (a file's ``expect:`` block) or a
student's answer file states them, read from YAML with the line of every item, and checked against the searched
tree's node names (what they mean is :mod:`tracer.exercises`'s).

The format (every key optional)::

    value: 3                          # the root's value
    best_move: B
    values: {A: 3, B: 3, C: "<=2"}    # what nodes return; a bound as "<=2", "≤ 2", ">=3" or "≥ 3"; a fraction
                                      # as 8/3 (a chance node's average)
    pruned: [C2, C3]                  # the leaves never examined; a node stands for its whole subtree
    windows: {C: [3, 2]}              # (α, β) when the node is left; infinities as inf, -inf, ∞, −∞
    order: [A, B, B1, B2, B3, C, C1, D, D1, D2, D3]
    leaves_evaluated: 7               # counts, as tracer stats counts them (expect: only)
    nodes_visited: 11
    cutoffs: 1
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

import yaml

from ..errors import TreeFileError
from ..search.bounds import Bound
from .yaml_text import YamlReader, compose, describe_node, read_text

ANSWER_KEYS = ("values", "pruned", "best_move", "windows", "order")
COUNT_KEYS = ("leaves_evaluated", "nodes_visited", "cutoffs")
EXPECT_KEYS = ("value", "best_move", "values", "pruned", "windows", "order") + COUNT_KEYS

_INFINITIES = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "∞": math.inf, "+∞": math.inf,
               "-∞": -math.inf, "−∞": -math.inf}
_FRACTION = re.compile(r"^[-−+]?[0-9]+/[0-9]*[1-9][0-9]*$")  # 8/3; never a zero denominator
_BOUND = re.compile(r"^\s*(<=|≤|>=|≥)\s*([-−+]?[0-9.]+(?:[eE][-+]?[0-9]+)?|[-−+]?∞|[-+]?inf)\s*$")


class AnswerFileError(TreeFileError):
    """An answer file (or an expect: block) cannot be read: the message names the file, the line and the item."""


@dataclass
class Claims:
    """What an answer or an answer key says. Node ids refer to the search's trace; ``lines`` gives each item's
    line in the file (``values.C`` → 4)."""

    value: float | None = None
    best_move: str | None = None
    values: dict[int, tuple[float, str | None]] = field(default_factory=dict)  # bound None: a plain number
    pruned: list[int] | None = None
    windows: dict[int, tuple[float, float]] = field(default_factory=dict)
    order: list[int] | None = None
    counts: dict[str, int] = field(default_factory=dict)
    given: tuple[str, ...] = ()  # the keys given, in the file's order
    lines: dict[str, int] = field(default_factory=dict)


class NodeNames(Protocol):
    """The searched tree's node names, as claims name nodes (:class:`tracer.exercises.facts.SearchFacts` offers
    them): ``by_name`` (name → node id), ``labels`` (every node's name, for messages) and ``label(node_id)``."""

    by_name: dict[str, int]
    labels: list[str]

    def label(self, node_id: int) -> str: ...


def read_answer_file(path: str, facts: NodeNames) -> Claims:
    """A student's answer file, checked against the searched tree's names."""
    document = compose(read_text(path), path)
    if document is None:
        raise AnswerFileError("the answer file is empty: expected values:, pruned:, best_move:, ...", file=path)
    return read_claims(document, path, facts, ANSWER_KEYS, prefix="")


def read_claims(node, file: str, facts: NodeNames, allowed=EXPECT_KEYS, prefix: str = "expect") -> Claims:
    """Claims from a YAML mapping node (an ``expect:`` block, or a whole answer file with ``prefix=""``)."""
    reader = _Reader(file, facts, prefix)
    if not isinstance(node, yaml.MappingNode):
        raise reader.error(node, "", "expected a mapping such as {values: {A: 3, B: 3}, pruned: [C2], best_move: B}")
    claims = Claims()
    fields = reader.mapping(node, prefix, allowed=allowed)
    claims.given = tuple(fields)
    for key, value in fields.items():
        claims.lines[key] = value.start_mark.line + 1
        if key == "value":
            claims.value = reader.number(value, key)
        elif key == "best_move":
            claims.best_move = reader.text(value, reader.where(key))
        elif key == "values":
            for name_node, item in reader.pairs(value, key):
                node_id = reader.node(name_node, key)
                claims.values[node_id] = reader.bounded(item, f"{key}.{name_node.value}")
                claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
        elif key == "windows":
            for name_node, item in reader.pairs(value, key):
                node_id = reader.node(name_node, key)
                claims.windows[node_id] = reader.window(item, f"{key}.{name_node.value}")
                claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
        elif key in ("pruned", "order"):
            items = reader.items(value, key)
            ids = [reader.node(item, key, index) for index, item in enumerate(items)]
            setattr(claims, key, ids)
        else:
            claims.counts[key] = reader.count(value, key)
    return claims


def parse_bounded(value) -> tuple[float, Bound | None] | None:
    """A number, or a bound written ``<=2``, ``≤ 2``, ``>=3``, ``≥ 3``: (number, bound or None); None if neither."""
    number = parse_number(value)
    if number is not None:
        return number, None
    if isinstance(value, str):
        match = _BOUND.match(value)
        if match:
            bound = Bound.from_sign(match.group(1))
            return parse_number(match.group(2).replace("−", "-")), bound
    return None


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


class _Reader(YamlReader):
    """YamlReader's scalars and one-line errors, plus the items of claims."""

    def __init__(self, file: str, facts: NodeNames, prefix: str):
        super().__init__(file)
        self.facts, self.prefix = facts, prefix

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

    def node(self, name_node, key, index=None) -> int:
        where = key if index is None else f"{key}[{index}]"
        if not isinstance(name_node, yaml.ScalarNode):
            raise self.error(name_node, where, "expected a node name")
        name = str(name_node.value)  # as written: names are text, even 1 or 01
        if name not in self.facts.by_name:
            known = ", ".join(self.facts.labels[:12]) + (", …" if len(self.facts.labels) > 12 else "")
            raise self.error(name_node, where if index is not None else f"{key}.{name}",
                             f"no node named {name!r} in the searched tree (its nodes: {known})")
        return self.facts.by_name[name]

    def number(self, node, path) -> float:
        value = self.scalar(node, self.where(path))
        number = parse_number(value)
        if number is None:
            raise self.error(node, path, f"expected a number, got {node.value!r}")
        return number

    def bounded(self, node, path) -> tuple[float, str | None]:
        value = self.scalar(node, self.where(path))
        parsed = parse_bounded(value)
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
