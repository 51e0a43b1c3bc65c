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
``cutoffs`` (its family's ``items``; given to the other searches, or theirs to it, each is one error)::

    visits: {A: 10, B: 3}             # N of each node after the last iteration
    wins: {B: 1, D: 9/4}              # W (for the player who chose the move into the node), 2.25 or 9/4
    selected: {7: [A, C, C1]}         # iteration 7's path: the root ... the node expanded (or the end reached)

A number is read from its text as written, in the notations :func:`read_typed` reads (3, 3.33, 1e3, 10/3,
``10 / 3``, ``3 1/3``, inf, ``−∞``, bounds, vectors; the README's "Notations"), by keys, answers and the practice
page alike. A key's mistake is one error naming its line; an answer's is kept (:class:`Unknown`,
:class:`Unreadable`) and graded as one wrong item, the rest of the answer read (:func:`read_answer_file`).
"""

from __future__ import annotations

import difflib
import math
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
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
SHARED_ITEMS = ("value", "best_move", "leaves_evaluated", "nodes_visited")  # every search's; the others are a
# family's own (tracer.view.nodes.Family.items: a key or an answer gives only its search's)

class Claimed(NamedTuple):
    """A value as an answer writes it: the number, its bound (None: a plain number), and for a decimal the digits
    written after its point (``3.33`` → 2; None for a whole number, a fraction or an infinity) and its text."""

    number: float
    bound: str | None = None
    decimals: int | None = None
    written: str | None = None


@dataclass(frozen=True)
class Unknown:
    """A node name an answer gives that the searched tree does not have (a typo): where, the name, its line, the
    message saying so, and the tree's name it is closest to (None: none is close)."""

    where: str  # "values.Q", "pruned[2]"
    name: str
    line: int
    message: str
    suggestion: str | None = None


@dataclass(frozen=True)
class Unreadable:
    """What an answer file says that cannot be read (a value, a key, a line): where, its line, why and what to
    write (``message``), the text as written, and the item it answers: ``key`` (None: no item, such as an unknown
    key) and ``node`` (the node whose value, window, type, N or W it gives; for ``selected``, the iteration)."""

    where: str  # "values.A", "windows.C", "order", "" for the whole sheet
    line: int
    message: str
    written: str | None = None
    key: str | None = None
    node: int | None = None


class AnswerFileError(TreeFileError):
    """An answer file (or an expect: block) cannot be read: the message names the file, the line and the item;
    ``message`` is what was wrong alone, ``written`` the text at fault (None: not a scalar)."""

    def __init__(self, message, *, file=None, line=None, path=None, written=None):
        super().__init__(message, file=file, line=line, path=path)
        self.message, self.written = message, written


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
    unreadable: list[Unreadable] = field(default_factory=list)  # what an answer's reader could not read (keys refuse)


class NodeNames(Protocol):
    """The searched tree's node names, as claims name nodes (:class:`tracer.exercises.facts.SearchFacts` offers
    them): ``by_name`` (name → node id), ``labels`` (every node's name, for messages) and ``label(node_id)``; and
    which items of its own the search has besides :data:`SHARED_ITEMS` (``items``: its family's), its
    ``iterations`` and its ``title``."""

    by_name: dict[str, int]
    labels: list[str]
    items: tuple[str, ...]
    iterations: int
    title: str

    def label(self, node_id: int) -> str: ...


def read_answer_file(path: str, facts: NodeNames) -> Claims:
    """A student's answer file, read against the searched tree's names. Only a file that is not YAML (or not text),
    or is unsafe (too large, not a regular file, aliases, unprintable characters) is refused, as an
    :class:`~tracer.errors.TreeFileError`; an empty file is a blank sheet, and whatever else cannot be read (a name
    the tree does not have, a value in no notation, an unknown key, a sheet that is not a mapping) is kept in
    ``unknown`` and ``unreadable``, one wrong item each when graded, and the rest is read."""
    document = compose(read_text(path, MAX_ANSWER_BYTES, "an answer file"), path)
    if document is None:
        return Claims()
    return read_claims(document, path, facts, ANSWER_KEYS, prefix="", lenient=True)


def read_claims(node, file: str, facts: NodeNames, allowed=EXPECT_KEYS, prefix: str = "expect",
                lenient: bool = False) -> Claims:
    """Claims from a YAML mapping node (an ``expect:`` block, or a whole answer file with ``prefix=""``). A key's
    mistakes are each one error; ``lenient`` (an answer's): each is kept in ``unknown`` (a node name the tree does
    not have) or ``unreadable`` instead, with the item it answers, and the rest is read."""
    claims = Claims()
    reader = _Reader(file, facts, prefix, claims if lenient else None)
    with reader.item(None):
        if not isinstance(node, yaml.MappingNode):
            raise reader.error(node, "", "expected a mapping such as {values: {A: 3, B: 3}, pruned: [C2], "
                                         "best_move: B}, got " + describe_node(node, reader.scalar(node)))
        fields = reader.mapping(node, prefix, allowed=allowed)
        claims.given = tuple(fields)
        for key, value in fields.items():
            claims.lines[key] = value.start_mark.line + 1
            with reader.item(key):
                reader.applies(value, key, allowed)
                _read_item(reader, claims, key, value)
    return claims


def _read_item(reader: _Reader, claims: Claims, key: str, value) -> None:
    """One key's item into ``claims``."""
    facts = reader.facts
    if key == "value":
        claims.value = reader.number(value, key)
        claims.value_decimals = _digits(value.value)[0] if isinstance(value, yaml.ScalarNode) else None
    elif key == "best_move":
        claims.best_move = None if reader.lenient and reader.blank(value) else reader.text(value, reader.where(key))
    elif key in ("values", "windows", "node_types", "visits", "wins"):  # node name → what is said of it
        read, claimed = {"values": (reader.bounded, claims.values), "windows": (reader.window, claims.windows),
                         "node_types": (reader.node_type, claims.node_types), "visits": (reader.count, claims.visits),
                         "wins": (reader.plain, claims.wins)}[key]
        for name_node, item in reader.pairs(value, key):
            with reader.item(key):
                node_id = reader.node(name_node, key)
                if node_id is None and reader.lenient:
                    continue  # a name the tree does not have: said once, as a name (its value would say nothing)
                with reader.item(key, node_id):
                    written = read(item, f"{key}.{name_node.value}")  # read even for an unknown name: its own errors
                    if node_id is not None and written is not None:
                        claimed[node_id] = written
                        claims.lines[f"{key}.{facts.label(node_id)}"] = item.start_mark.line + 1
    elif key == "selected":  # iteration number → the path from the root
        for number_node, item in reader.pairs(value, key):
            with reader.item(key):
                number = reader.iteration(number_node)
                with reader.item(key, number):
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


def suggest(name: str, names) -> str | None:
    """The one of ``names`` that ``name`` most likely means: the same but for case (``h`` for ``H``), else the
    closest spelling (difflib's); None when none is close."""
    names = [str(each) for each in names]
    same = [each for each in names if each.casefold() == name.casefold()]
    if same:
        return same[0]
    close = difflib.get_close_matches(name, names, n=1)
    return close[0] if close else None


# ---- the notations of a number: the one grammar that grade, check and the practice page read -----------------
# The page's script (tracer/render/practice_page.js) mirrors read_typed and everything it calls, each function naming its
# original here; tests/render/test_number_reader.py holds the two to one corpus of strings in the browser. A number is
# read from the text as written (the scalar's own characters, not what YAML makes of them: 010 is ten, not eight).

SPACE = " \t\u00a0\u2009\u202f"  # what a number may have around it and inside it: a space, a tab, no-break and thin
_S = f"[{SPACE}]"
_SIGN = "[-+\u2212]"  # − (U+2212) is the minus sign typeset text uses
MAX_DIGITS = 15  # a fraction's or a count's digits (leading zeros aside): any such whole number is exact as a float
_INFINITY = re.compile(rf"^{_S}*({_SIGN}?)(?:∞|\.?[iI][nN][fF](?:[iI][nN][iI][tT][yY])?){_S}*\Z")  # inf, ∞, .inf
_DECIMAL = re.compile(rf"^{_S}*({_SIGN}?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?{_S}*\Z")  # 3, 3.33, 1e3
_FRACTION = re.compile(rf"^{_S}*({_SIGN}?)(?:([0-9]+){_S}+)?([0-9]+){_S}*/{_S}*([0-9]+){_S}*\Z")  # 10/3, 3 1/3
_POINT_DIGITS = re.compile(rf"^{_S}*{_SIGN}?[0-9]*\.([0-9]+){_S}*\Z")  # a decimal with digits after its point
_BOUND = re.compile(rf"^{_S}*(<=|≤|>=|≥){_S}*(.*)\Z", re.DOTALL)  # a bound's sign, then its number
_STRICT = re.compile(rf"^({_S}*)([<>])(?!=)")  # < 3: a bound tracer does not read (its bounds include the number)
_COUNT = re.compile(rf"^{_S}*([0-9]+){_S}*\Z")
_DASHES = "\u2013\u2014"  # – and —: dashes a word processor puts where a minus was typed

NOTATIONS = {  # what each kind of box or item reads, as notes say it
    "value": "a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3 or inf, a bound such as <=2 or ≥ 3, or a vector "
             "such as (1, 2, 6)",
    "number": "a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3, inf or -inf",
    "plain": "a number such as 2.25, 9/4 or 2 1/4",
    "count": "a whole number such as 0, 3 or 12",
}


def _negative(sign: str) -> bool:
    return sign in ("-", "\u2212")


def parse_text_number(text: str) -> float | None:
    """A number written as text (the grammar the README's "Notations" lists), or None: a whole number or a decimal
    (``3``, ``-2``, ``−2``, ``3.33``, ``.5``, ``1e3``), a fraction or a mixed number (``10/3``, ``10 / 3``,
    ``3 1/3``), an infinity (``inf``, ``-inf``, ``∞``, ``−∞``, ``.inf``, ``Infinity``), with spaces around it. A
    decimal too large for a float, a fraction with a zero denominator, more than :data:`MAX_DIGITS` digits in a
    fraction's part, or a mixed number whose fraction is not less than 1 is None (:func:`read_typed` says why)."""
    match = _INFINITY.match(text)
    if match:
        return -math.inf if _negative(match.group(1)) else math.inf
    match = _DECIMAL.match(text)
    if match:
        sign, digits, exponent = match.groups()
        number = float(("-" if _negative(sign) else "") + digits + (exponent or ""))
        if math.isinf(number):
            return None
        return int(number) if number.is_integer() and "." not in digits else number
    match = _FRACTION.match(text)
    if match:
        sign, whole, top, bottom = match.groups()
        if max(len(part.lstrip("0")) for part in (whole or "", top, bottom)) > MAX_DIGITS:
            return None
        top_number, bottom_number = int(top), int(bottom)
        if bottom_number == 0 or (whole is not None and top_number >= bottom_number):
            return None
        if top_number % bottom_number == 0:
            number = int(whole or 0) + top_number // bottom_number
        else:  # both parts exact as floats: one correctly rounded division, as the page's script divides
            number = int(whole or 0) + top_number / bottom_number
        return -number if _negative(sign) and number else number
    return None


def parse_number(value) -> float | None:
    """A number: a YAML number as YAML read it (a Python caller's int or float), or text read by
    :func:`parse_text_number`; None if it is neither (a NaN, a bool, a whole number too large for a float)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):  # compared with the search's floats: none could be this large
        return None if abs(value) > sys.float_info.max else value
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, str):
        return parse_text_number(value)
    return None


def parse_vector(value) -> tuple | None:
    """A vector of utilities (max^n) written ``"(1, 2, 6)"``: two or more numbers; None if it is not one."""
    text = value.strip(SPACE) if isinstance(value, str) else ""
    if not (text.startswith("(") and text.endswith(")")):
        return None
    parts = [parse_text_number(part) for part in text[1:-1].split(",")]
    return tuple(parts) if len(parts) >= 2 and None not in parts else None


def parse_bounded(value, text: str | None = None) -> Claimed | None:
    """A number, a bound written ``<=2``, ``≤ 2``, ``>=3``, ``≥ 3`` or a vector, as :class:`Claimed`; None if
    neither. ``text`` is a YAML number's text as written (YAML reads ``3.33333`` as a float and loses its digits),
    from which a decimal keeps its digits."""
    number = parse_number(value)
    if number is not None:
        return Claimed(number, None, *_digits(text if text is not None else value))
    vector = parse_vector(value)
    if vector is not None:
        return Claimed(vector)
    if isinstance(value, str):
        match = _BOUND.match(value)
        if match:
            number = parse_text_number(match.group(2))
            if number is not None:
                return Claimed(number, Bound.from_sign(match.group(1)), *_digits(match.group(2)))
    return None


def _digits(text) -> tuple[int | None, str | None]:
    """(digits after the point, the number as written) for a decimal such as ``3.33``; (None, None) otherwise."""
    match = _POINT_DIGITS.match(text) if isinstance(text, str) else None
    return (len(match.group(1)), text.strip(SPACE).replace("\u2212", "-")) if match else (None, None)


def is_fraction(text: str) -> bool:
    """Whether ``text`` is written as a fraction or a mixed number (``10/3``, ``3 1/3``)."""
    return bool(_FRACTION.match(text))


def read_typed(text: str, kind: str = "value") -> Claimed | int | str:
    """What ``text``, written for an item of ``kind``, says: its reading, or a note saying why it cannot be read
    and what to write (``3,33``: "a decimal comma; write 3.33"). Kinds: ``value`` (a node's value: a number, a
    bound or a vector, as :class:`Claimed`), ``number`` (α or β, the root's value: a number or a vector),
    ``plain`` (Monte Carlo tree search's W: a finite number), ``count`` (N: a whole number ≥ 0, as an int). Blank
    text is not read here: an answer that leaves an item blank does not give it."""
    reading = _reading(text, kind)
    return reading if reading is not None else _why_unreadable(text, kind)


def _reading(text: str, kind: str) -> Claimed | int | None:
    if kind == "count":
        match = _COUNT.match(text)
        return int(match.group(1)) if match and len(match.group(1).lstrip("0")) <= MAX_DIGITS else None
    claimed = parse_bounded(text)
    if claimed is None or (kind != "value" and claimed.bound is not None):
        return None
    if kind == "plain" and (isinstance(claimed.number, tuple) or not math.isfinite(claimed.number)):
        return None
    return claimed


def _why_unreadable(text: str, kind: str) -> str:
    """The note for text :func:`_reading` cannot read: a mistake it can name with its correction, else the
    notations ``kind`` reads."""
    written = text.strip(SPACE)
    accepted = NOTATIONS[kind]
    if not written:
        return f"nothing written; write {accepted}"
    if kind == "count":
        match = _COUNT.match(written)
        if match:
            return f"more than {MAX_DIGITS} digits; write {accepted}"
        number = parse_text_number(written)
        return f"not a whole number ≥ 0; write {accepted}" if number is not None else f"write {accepted}"
    for mistake, fixed in _corrections(written):
        if _reading(fixed, kind) is not None:
            return f"{mistake}; write {fixed}"
    bound = _BOUND.match(written)
    if bound and kind != "value":
        return "W is a number, never a bound" if kind == "plain" else "a number, never a bound"
    number_text = bound.group(2).strip(SPACE) if bound else written
    if _DECIMAL.match(number_text):
        return "too large for a number" + ("" if kind == "plain" else "; write inf for infinity")
    fraction = _FRACTION.match(number_text)
    if fraction:
        _, whole, top, bottom = fraction.groups()
        if max(len(part.lstrip("0")) for part in (whole or "", top, bottom)) > MAX_DIGITS:
            return f"a fraction's parts have at most {MAX_DIGITS} digits"
        if int(bottom) == 0:
            return "a fraction with denominator 0"
        return "the fraction of a mixed number is less than 1, as in 3 1/3"
    if kind == "plain" and parse_bounded(written) is not None:
        return f"W is a finite number; write {accepted}"
    return f"write {accepted}"


def _corrections(written: str):
    """(mistake, the text corrected) for the mistakes a note names: a decimal comma, a dash for a minus, a space
    inside a number (not a fraction's or a mixed number's), a strict bound."""
    if "," in written and not written.startswith("("):
        yield "a decimal comma", written.replace(",", ".")
    if any(char in written for char in _DASHES):
        yield "a dash, not a minus sign", "".join("-" if char in _DASHES else char for char in written)
    bound = _BOUND.match(written)
    if re.search(_S, written) and not _FRACTION.match(bound.group(2) if bound else written):  # 3 4/3 is no 34/3
        yield "a space inside a number", re.sub(_S, "", written)
    strict = _STRICT.match(written)
    if strict:
        yield "a strict bound (tracer's bounds include their number)", \
            _STRICT.sub(lambda match: f"{match.group(1)}{match.group(2)}=", written, count=1)

def _split_decimal(item, following) -> str | None:
    """A decimal comma YAML split in a flow mapping (``{A: 3,33}`` reads as A: 3 and a node named 33 with no
    value): the number as written (``3,33``), or None."""
    if following is None or not isinstance(item, yaml.ScalarNode) or item.style:  # plain: None, or "" (libyaml)
        return None
    name, value = following
    if not (isinstance(name, yaml.ScalarNode) and not name.style and re.fullmatch(r"[0-9]+", name.value)
            and isinstance(value, yaml.ScalarNode) and value.value == "" and re.fullmatch(r"[-+]?[0-9]+", item.value)
            and name.start_mark.index == item.end_mark.index + 1):  # the comma right after the number: no space
        return None
    return f"{item.value},{name.value}"


class _Reader(YamlReader):
    """YamlReader's scalars and one-line errors, plus the items of claims; given ``claims`` (an answer's, read
    leniently), what cannot be read is kept there instead (:meth:`item`)."""

    def __init__(self, file: str, facts: NodeNames, prefix: str, claims: Claims | None = None):
        super().__init__(file)
        self.facts, self.prefix, self.claims = facts, prefix, claims
        self.lenient = claims is not None

    def error(self, node, path, message):
        return AnswerFileError(message, file=self.file, line=node.start_mark.line + 1, path=self.where(path),
                               written=node.value if isinstance(node, yaml.ScalarNode) else None)

    def where(self, path: str) -> str:
        if not self.prefix or path.startswith(self.prefix):
            return path
        return f"{self.prefix}.{path}" if path else self.prefix

    @contextmanager
    def item(self, key: str | None, node: int | None = None):
        """Reading the item ``key`` (at ``node``): in an answer, what cannot be read is kept as :class:`Unreadable`
        and reading goes on after it; in a key, it is the error."""
        try:
            yield
        except AnswerFileError as error:
            if not self.lenient:
                raise
            self.claims.unreadable.append(Unreadable(error.path or "", error.line or 0, error.message, error.written,
                                                     key, node))

    def mapping(self, node, path, allowed):
        fields = {}
        for key_node, value_node in node.value:
            with self.item(None):
                key = self.scalar(key_node, path)
                if key not in allowed:
                    close = suggest(str(key), allowed)
                    hint = f"did you mean {close}? " if close else ""
                    raise self.error(key_node, str(key),
                                     f"unknown key {key!r} ({hint}expected one of: {', '.join(allowed)})")
                if key in fields:
                    raise self.error(key_node, key, f"key {key!r} appears twice; its first (line "
                                                    f"{fields[key].start_mark.line + 1}) is read")
                fields[key] = value_node
        return fields

    def applies(self, node, key, allowed) -> None:
        """Refuse an item the search does not have: Monte Carlo tree search's to the others, theirs to it."""
        has = SHARED_ITEMS + tuple(self.facts.items)
        if key not in has:
            own = ", ".join(item for item in allowed if item in has)
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
        """A mapping's (name, item) pairs; a name given twice is an error (an answer's: kept, its first read)."""
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, key, "expected a mapping from node names, e.g. {B: 3, C: \"<=2\"}")
        seen: dict[str, int] = {}
        pairs = iter(enumerate(node.value))
        for index, (name_node, item) in pairs:
            name = str(name_node.value)
            comma = _split_decimal(item, node.value[index + 1] if index + 1 < len(node.value) else None)
            if comma is not None:
                next(pairs)  # the digits after the comma, which YAML took for the next name
                with self.item(key, self.facts.by_name.get(name)):
                    raise AnswerFileError(f"{comma!r} cannot be read: {read_typed(comma, 'value')}", file=self.file,
                                          line=item.start_mark.line + 1, path=self.where(f"{key}.{name}"),
                                          written=comma)
                continue
            if name in seen:
                with self.item(key):
                    raise self.error(name_node, f"{key}.{name}", f"the node is named twice; its first (line "
                                                                 f"{seen[name]}) is read")
                continue
            seen[name] = name_node.start_mark.line + 1
            yield name_node, item

    def items(self, node, key):
        if isinstance(node, yaml.SequenceNode):
            return node.value
        if isinstance(node, yaml.ScalarNode) and node.value in ("", "~", "null") or \
                isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
            return []
        raise self.error(node, key, "expected a list of node names, e.g. [C2, C3]")

    def node(self, name_node, key, index=None) -> int | None:
        """The node a name names; a name the tree does not have is refused, or (an answer's) kept in ``unknown``
        and None returned."""
        where = key if index is None else f"{key}[{index}]"
        if not isinstance(name_node, yaml.ScalarNode):
            raise self.error(name_node, where, "expected a node name")
        name = str(name_node.value)  # as written: names are text, even 1 or 01
        if name not in self.facts.by_name:
            known = ", ".join(self.facts.labels[:12]) + (", …" if len(self.facts.labels) > 12 else "")
            where = where if index is not None else f"{key}.{name}"
            close = suggest(name, self.facts.labels)
            message = f"no node named {name!r} in the searched tree (" + \
                (f"did you mean {close}? " if close else "") + f"its nodes: {known})"
            if not self.lenient:
                raise self.error(name_node, where, message)
            self.claims.unknown.append(Unknown(self.where(where), name, name_node.start_mark.line + 1, message,
                                               close))
            return None
        return self.facts.by_name[name]

    def typed(self, node, path, kind: str):
        """A scalar read by :func:`read_typed` as ``kind`` from its text as written; left blank (null or empty),
        None in an answer (the item is not given) and an error in a key."""
        value = self.scalar(node, self.where(path))  # a tag that cannot be read is an error of its own
        if not isinstance(node, yaml.ScalarNode):
            raise self.error(node, path, f"expected {NOTATIONS[kind]}, got {describe_node(node, value)}")
        if self.blank(node):
            if self.lenient:
                return None
            raise self.error(node, path, f"expected {NOTATIONS[kind]}, got nothing")
        reading = read_typed(node.value, kind)
        if isinstance(reading, str):
            raise self.error(node, path, f"{node.value!r} cannot be read: {reading}")
        return reading

    def blank(self, node) -> bool:
        """Whether a YAML node was left blank: null (``~``, nothing) or text of spaces only."""
        return isinstance(node, yaml.ScalarNode) and (self.scalar(node) is None or not node.value.strip(SPACE))

    def number(self, node, path) -> float | tuple:
        """A number, or a vector of utilities ``"(1, 2, 6)"`` (max^n)."""
        reading = self.typed(node, path, "number")
        return None if reading is None else reading.number

    def bounded(self, node, path) -> Claimed | None:
        """A node's value: a number, a bound or a vector."""
        return self.typed(node, path, "value")

    def plain(self, node, path) -> Claimed | None:
        """A number (a decimal or a fraction: ``2.25``, ``9/4``), never a bound."""
        return self.typed(node, path, "plain")

    def count(self, node, path) -> int | None:
        """A whole number ≥ 0."""
        return self.typed(node, path, "count")

    def window(self, node, path) -> tuple[float, float] | None:
        """(α, β); both left blank, None in an answer; one of them blank, an error."""
        if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
            raise self.error(node, path, "expected [α, β], e.g. [3, 2] or [-inf, 5]")
        window = tuple(self.number(part, path) for part in node.value)
        if window == (None, None):
            return None
        for name, part, number in zip("αβ", node.value, window):
            if number is None:
                raise self.error(part, path, f"nothing written for {name}; write {NOTATIONS['number']}")
        return window

    def node_type(self, node, path) -> str | None:
        """Knuth and Moore's type of a node: PV, CUT or ALL (in any case)."""
        value = self.scalar(node, self.where(path))
        if value is None and self.lenient:
            return None
        if not isinstance(value, str) or value.upper() not in NODE_TYPES:
            raise self.error(node, path, f"expected a node type, {', '.join(NODE_TYPES[:-1])} or {NODE_TYPES[-1]}, "
                                         f"got {node.value!r}")
        return value.upper()
