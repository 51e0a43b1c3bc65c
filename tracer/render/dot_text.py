"""DOT text, statement by statement: the directed graph the printers (:mod:`.dot`, the worksheets' paper) and the
text measurement (:mod:`.metrics`) write, quoted as Graphviz reads it. Pure text and the standard library only.

It writes exactly what the ``graphviz`` package's ``Digraph`` writes for the statements tracer makes (a test
compares the two on hostile text), without importing that package: its import (its rendering back-end, logging,
pathlib, inspect) cost more than a small drawing's whole layout.
"""

from __future__ import annotations

import functools
import re

HTML_STRING = re.compile(r"<.*>$", re.DOTALL)  # an HTML-like label: written as it is
ID = re.compile(r"([a-zA-Z_][a-zA-Z0-9_]*|-?(\.[0-9]+|[0-9]+(\.[0-9]*)?))$")  # a name or a number: needs no quotes
KEYWORDS = {"node", "edge", "graph", "digraph", "subgraph", "strict"}
# a double quote, with the backslashes before it: an even number of them are literal, and one more escapes it
QUOTE = re.compile(r"(?P<backslashes>(?:\\{2})*)\\?(?P<quote>\")")


# HTML's special characters as ``html.escape(text, quote=True)`` writes them, in one pass (a test compares the two on
# hostile text): the html package's import, its table of 2,000 entities, would cost a drawing more than its layout
HTML_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def html_escaped(text: str) -> str:
    """``text`` as ``html.escape(text, quote=True)`` writes it (:data:`HTML_ESCAPES`): for an HTML-like label."""
    return text.translate(HTML_ESCAPES)


@functools.lru_cache(maxsize=8192)  # (a deck's drawings quote the same names, colours and places again and again)
def quote(text: str) -> str:
    """``text`` as a DOT identifier: an HTML-like label, a name or a number as it is; anything else (a keyword
    too) between double quotes, each quote not yet escaped escaped with a backslash."""
    if HTML_STRING.match(text):
        return text
    if not ID.match(text) or text.lower() in KEYWORDS:
        return '"' + QUOTE.sub(r"\g<backslashes>\\\g<quote>", text) + '"'
    return text


def attribute_list(label: str | None, attributes: dict[str, str]) -> str:
    """`` [label=… a=1 b=2]``: the label first, then the attributes by name (those set to None left out); empty
    without either."""
    pairs = [f"label={quote(label)}"] if label is not None else []
    pairs += [f"{quote(name)}={quote(value)}" for name, value in sorted(attributes.items()) if value is not None]
    return f" [{' '.join(pairs)}]" if pairs else ""


class Digraph:
    """A directed graph's DOT source, one statement a line, in the order they were made."""

    def __init__(self, name: str):
        self.name = name
        self.body: list[str] = []

    def attr(self, kind: str, **attributes: str) -> None:
        """Attributes for the whole ``graph``, or for every ``node`` or ``edge`` after this statement."""
        if kind not in ("graph", "node", "edge"):
            raise ValueError(f"attr statement must target graph, node, or edge: {kind!r}")
        if attributes:
            self.body.append(f"\t{kind}{attribute_list(None, attributes)}\n")

    def node(self, name: str, label: str | None = None, **attributes: str) -> None:
        self.body.append(f"\t{quote(name)}{attribute_list(label, attributes)}\n")

    def edge(self, tail: str, head: str, label: str | None = None, **attributes: str) -> None:
        self.body.append(f"\t{quote(tail)} -> {quote(head)}{attribute_list(label, attributes)}\n")

    @property
    def source(self) -> str:
        return f"digraph {quote(self.name)} {{\n{''.join(self.body)}}}\n"
