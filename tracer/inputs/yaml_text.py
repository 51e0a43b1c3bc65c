"""Reading a YAML input (a tree, position or answer file): its text read safely, composed with libyaml into nodes
that know their line, checked before anything recurses over it (no aliases, no nesting deeper than a tree may be,
no unprintable text), and read item by item with one-line errors naming the file, the line and the place.

A big tree written as one line of nested lists of plain numbers (what a program writes) has that list read by the
standard library's JSON parser instead, the rest of the file as above (:func:`compose`'s ``tree=True``)."""

from __future__ import annotations

import json
import os
import re
import sys

import yaml

from ..errors import TreeFileError
from ..io import MAX_INPUT_BYTES, read_input
from ..text import unsafe

MAX_DEPTH = 1_000  # levels; deeper trees get a clear error (the searches recurse once per level)

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where PyYAML has it: 20× faster
_NESTING = 2 * MAX_DEPTH + 2  # YAML levels: a tree level is at most two (a node named in place)
FAST_BYTES = 1 << 16  # a tree file this long or longer has its list of numbers read by the JSON parser
# a one-line flow list of JSON numbers: brackets, commas, spaces and the characters of numbers, nothing else
_NUMBER_LIST = re.compile(r"\[[\[\] ,0-9.eE+\-]*\]")


def file_name(path: str) -> str:
    """What a problem read from ``path`` is called in titles and output file names: the file's name without its
    folder and extension (``trees/rn_example.yaml`` → ``rn_example``)."""
    return os.path.splitext(os.path.basename(path))[0]


def read_text(path: str, limit: int = MAX_INPUT_BYTES, what: str = "a tree, position or trace file") -> str:
    """A YAML file's text (at most ``limit`` bytes), or a one-line error naming it."""
    try:
        return read_input(path, limit, what).decode("utf-8")
    except OSError as error:
        raise TreeFileError(f"cannot read: {error.strerror or error}", file=path) from None
    except UnicodeDecodeError:
        raise TreeFileError("not a text file (expected UTF-8 YAML)", file=path) from None


def compose(text: str, file: str, *, tree: bool = False):
    """The YAML document as nodes that know their lines; plain data only (safe loading), aliases refused.
    ``tree``: the text is a tree or position file; if it is long, its tree may come as a :class:`NumberList`
    (:func:`compose_number_list`)."""
    if tree and len(text) >= FAST_BYTES:
        document = compose_number_list(text, file)
        if document is not None:
            return document
    return _compose(text, file)


def _compose(text: str, file: str):
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 8 * MAX_DEPTH + 1_000))  # the pure-Python composer recurses a few frames a level
    try:
        _check_events(text, file)
        document = yaml.compose(text, Loader=_LOADER)
    except yaml.reader.ReaderError as error:  # a character YAML forbids (NUL, ...); libyaml counts bytes
        line = text.encode("utf-8", "surrogatepass")[:error.position].count(b"\n") + 1
        raise TreeFileError(f"not valid YAML: the character {ascii(chr(error.character))} is not allowed",
                            file=file, line=line) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        raise TreeFileError(f"not valid YAML: {error.problem or error.context}", file=file, line=line) from None
    except yaml.YAMLError as error:
        raise TreeFileError(f"not valid YAML: {error}", file=file) from None
    finally:
        sys.setrecursionlimit(limit)
    _check_text(document, file)
    return document


class NumberList(yaml.SequenceNode):
    """A tree written as one line of nested lists of plain numbers, as the JSON parser reads it: ``numbers``, the
    nested Python lists (checked by the tree reader, which alone reads this node); its own ``value`` is empty.
    :meth:`careful` is the same list composed as YAML, for the tree reader to fall back on."""

    def __init__(self, holder: yaml.SequenceNode, numbers: list, text: str, file: str):
        super().__init__(holder.tag, [], holder.start_mark, holder.end_mark, holder.flow_style)
        self.numbers, self.text, self.file = numbers, text, file

    def careful(self) -> yaml.SequenceNode:
        """The list composed from the file's text as YAML, node by node (slow for a big tree, but every mistake in
        it gets its line and place)."""
        return _tree_value(_compose(self.text, self.file))


def compose_number_list(text: str, file: str):
    """The document as :func:`compose` makes it, but with its tree (the whole document, or the top-level
    mapping's ``tree:``) read by the JSON parser, where it is the text's longest run of nested lists of numbers
    on one line; None where it is not (the caller composes the text as YAML). The rest of the file is composed
    as YAML from the text with the list's inside blanked out, so every other place keeps its line and column."""
    found = max(_NUMBER_LIST.finditer(text), key=lambda match: match.end() - match.start(), default=None)
    if found is None:
        return None
    try:
        numbers = json.loads(found.group(), parse_constant=_no_constant)  # NaN, Infinity: read carefully
    except (ValueError, RecursionError):  # not JSON (a YAML-only number such as .5), or nested too deeply
        return None
    start, end = found.span()
    document = _compose(text[:start + 1] + " " * (end - start - 2) + text[end - 1:], file)
    holder = _tree_value(document)
    if holder is None or holder.start_mark.index != start or holder.value:
        return None  # the list is not the tree (a title's text, a names: list): no shortcut
    number_list = NumberList(holder, numbers, text, file)
    if holder is document:
        return number_list
    document.value = [(key, number_list if value is holder else value) for key, value in document.value]
    return document


def _tree_value(document):
    """The YAML node a tree file's tree is in: the document itself if it is a list, or the value of a top-level
    mapping's ``tree:`` (not a position file's, whose keys another reader checks); None if neither."""
    if isinstance(document, yaml.SequenceNode):
        return document
    if isinstance(document, yaml.MappingNode) and not any(key.value == "game" for key, _ in document.value):
        return next((value for key, value in document.value if key.value == "tree"), None)
    return None


def _no_constant(name: str):
    raise ValueError(name)


def _check_events(text: str, file: str) -> None:
    """Refuse aliases (``*ref`` could blow a small file up into a huge tree) and nesting deeper than a tree may be,
    from the parser's events, before anything recurses over the document (libyaml's composer would crash on
    100,000 levels; PyYAML's own scanner takes time that grows with the square of a flow nest's depth)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            if isinstance(event, yaml.AliasEvent):
                raise TreeFileError("YAML aliases (*name) are not allowed in tree files; write the subtree out",
                                    file=file, line=event.start_mark.line + 1)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > _NESTING:
                    raise TreeFileError(f"nested too deeply (at most {MAX_DEPTH} levels)", file=file,
                                        line=event.start_mark.line + 1)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as error:
        if "nesting depth" not in str(error.problem):
            raise
        # libyaml 0.2.6 and later stop at 1,000 YAML levels of their own: the same mistake, in tracer's words
        raise TreeFileError(f"nested too deeply (at most {MAX_DEPTH} levels)", file=file,
                            line=error.problem_mark.line + 1 if error.problem_mark else None) from None


def unprintable(text: str) -> str | None:
    """The first character of ``text`` that no output should carry: a control character (a line break or a tab
    aside), a lone surrogate, a format character (bidirectional controls such as U+202E, which would turn the
    text around it on a terminal or a slide, zero-width characters) or a noncharacter (U+FFFE, U+FDD0, …, which
    XML such as GraphML may not hold); None if there is none."""
    if text.isprintable():  # (Python's printable excludes every category above, and unassigned code points)
        return None
    for char in text:
        if char in "\n\t":
            continue
        if unsafe(char):
            return char
    return None


def _check_text(document, file: str) -> None:
    """Every text in the document can be printed: escapes such as "\\x1b[2J" or "\\ud800" are refused with
    their line, so no name can clear a terminal or break a drawing."""
    pending = [document] if document is not None else []
    while pending:
        node = pending.pop()
        if isinstance(node, yaml.ScalarNode):
            char = unprintable(node.value)
            if char is not None:
                raise TreeFileError(f"text with the unprintable character {ascii(char)}: names and titles must "
                                    "be printable", file=file, line=node.start_mark.line + 1)
        elif isinstance(node, yaml.SequenceNode):
            pending.extend(reversed(node.value))  # the first bad text in reading order is the one named
        elif isinstance(node, yaml.MappingNode):
            pending.extend(reversed([item for pair in node.value for item in pair]))


class YamlReader:
    """Reads composed YAML nodes item by item: safe scalars, mappings with known keys, text; each mistake one
    :class:`TreeFileError` naming the file, the line and the place (``tree[1].name``)."""

    def __init__(self, file: str):
        self.file = file
        self.constructor = yaml.constructor.SafeConstructor()

    def error(self, node, path, message):
        return TreeFileError(message, file=self.file, line=node.start_mark.line + 1, path=path)

    def mapping(self, node, path, allowed):
        fields = {}
        for key_node, value_node in node.value:
            key = self.scalar(key_node, path)
            where = f"{path}.{key}" if path else str(key)
            if key not in allowed:
                raise self.error(key_node, where, f"unknown key {key!r} (expected one of: {', '.join(allowed)})")
            if key in fields:
                raise self.error(key_node, where, f"key {key!r} appears twice")
            fields[key] = value_node
        return fields

    def scalar(self, node, path=""):
        """A scalar's value as safe YAML reads it; a tag or literal that cannot be read is an error at its place."""
        if not isinstance(node, yaml.ScalarNode):
            return None
        try:
            return self.constructor.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as error:
            problem = getattr(error, "problem", None) or str(error).splitlines()[0]
            raise self.error(node, path, f"cannot read {node.value!r} ({node.tag}): {problem}") from None
        except KeyError:  # a tag whose values are a fixed list (!!bool maybe)
            raise self.error(node, path, f"cannot read {node.value!r} ({node.tag}): not one of its values") from None

    def text(self, node, path):
        value = self.scalar(node, path)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.error(node, path, f"expected text, got {describe_node(node, value)}")
        return str(value)


def describe_node(node, value) -> str:
    """A YAML node as an error message names what was found: ``a list``, ``'yes' (a yes/no value)``."""
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{node.value!r} (a yes/no value)"
    return repr(node.value)
