"""Text as people read it, shared by every stage that writes text (tables, captions, diagrams): characters safe to
print, plain names for tracer's signs, lists of names. Numbers are written by :mod:`tracer.numbers`."""

from __future__ import annotations

import re
import unicodedata

#: The signs tracer writes and their plain names, for a terminal that cannot show them (``PYTHONIOENCODING=ascii``).
PLAIN_NAMES = {"α": "alpha", "β": "beta", "≥": ">=", "≤": "<=", "∞": "inf", "−": "-", "…": "...", "×": "x",
               "→": "->", "≠": "!=", "√": "sqrt", "·": "*", "—": "--", "–": "-", "ⁿ": "^n"}

#: max^n (Luckhardt & Irani's search of several players) as plain text writes it: a superscript n.
MAXN = "maxⁿ"
#: Names plain text writes with a superscript character, as markup writes them: HTML (and Graphviz's HTML-like
#: labels, which read the same tags) and LaTeX. The printers of markup (:func:`tracer.render.dot.text`,
#: :func:`tracer.render.latex.latex_text`) write each name found in plain text this way; nothing else names them.
MARKED_NAMES = {MAXN: {"html": "max<sup>n</sup>", "latex": r"\ensuremath{\max^n}"}}


def marked_parts(text: str, markup: str) -> list[tuple[str, bool]]:
    """``text`` cut at the names of :data:`MARKED_NAMES`: (plain text, False) and (a name's ``markup``, True)
    pieces, in order, for a printer that escapes the plain pieces only."""
    parts: list[tuple[str, bool]] = []
    for piece in _MARKED.split(text):
        if piece in MARKED_NAMES:
            parts.append((MARKED_NAMES[piece][markup], True))
        elif piece:
            parts.append((piece, False))
    return parts


_MARKED = re.compile("(" + "|".join(map(re.escape, MARKED_NAMES)) + ")")


def unsafe(char: str) -> bool:
    """Whether no output should carry ``char`` as it is: a control character (escape sequences, BEL, CR, a line
    break), a lone surrogate, a format character (bidirectional controls such as U+202E, which turn the text
    around them on a terminal or a slide; zero-width characters), a line or paragraph separator, or a
    noncharacter (U+FFFE, U+FDD0, …, which XML such as GraphML may not hold)."""
    code = ord(char)
    return (unicodedata.category(char) in ("Cc", "Cs", "Cf", "Zl", "Zp")
            or 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE)


def one_line(text: str, limit: int | None = None) -> str:
    """Text from outside (a student's exception message, a file name in a traceback) safe to print on one line:
    each :func:`unsafe` character written as its escape (``\\x1b``, ``\\n``, ``\\u202e``), cut to ``limit``
    characters with ``…``."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return "".join(ascii(char)[1:-1] if unsafe(char) else char for char in text)


def plain(text: str) -> str:
    """``text`` with each of tracer's signs as its plain name (α as ``alpha``)."""
    return "".join(PLAIN_NAMES.get(char, char) for char in text)


def shows_signs(stream) -> bool:
    """Whether ``stream`` can write tracer's signs (α, β, ∞, …): its encoding has them all."""
    try:
        "".join(PLAIN_NAMES).encode(getattr(stream, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        return False
    except LookupError:  # an encoding Python does not know: it will say so itself when written to
        return True
    return True


def negated(text: str) -> str:
    """``−(v)`` for a number's text: how negamax shows the sign flip on an edge."""
    return f"−({text})"


def search_label(algorithm: str, order: str) -> str:
    """A search as a row, a line of a chart or a list of leaves names it: ``alphabeta``, and ``alphabeta (best
    order)`` when it does not take the moves in their natural order."""
    return algorithm if order == "natural" else f"{algorithm} ({order} order)"


def join_names(names: list[str]) -> str:
    """``C2``, ``C2 and C3``, ``C2, C3 and C4``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
