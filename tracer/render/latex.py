"""Text for LaTeX (the TikZ figure, the Beamer frame): user text and tracer's symbols as pdfLaTeX typesets them.

A small table of escapes: the ten special characters, and the symbols tracer writes (α, β, ≤, ✂, ▲, ...) as the
commands of packages every TeX distribution has (amssymb, pifont). Latin letters pass through (the document reads
UTF-8); a character pdfLaTeX has no glyph for is written as ``?`` rather than stopping the run.
"""

from __future__ import annotations

from ..text import marked_parts

PACKAGES = ("amssymb", "pifont")  # what the escapes below need

_ESCAPES = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "%": r"\%", "_": r"\_",
    "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
    "|": r"\textbar{}", "\n": " ",
    "α": r"\ensuremath{\alpha}", "β": r"\ensuremath{\beta}", "≤": r"\ensuremath{\le}", "≥": r"\ensuremath{\ge}",
    "−": r"\ensuremath{-}", "∞": r"\ensuremath{\infty}", "×": r"\ensuremath{\times}", "→": r"\ensuremath{\to}",
    "←": r"\ensuremath{\leftarrow}", "·": r"\ensuremath{\cdot}", "⋯": r"\ensuremath{\cdots}", "…": r"\ldots{}",
    "—": "---", "–": "--", "’": "'", "‘": "`", "“": "``", "”": "''",
    "▲": r"\ensuremath{\blacktriangle}", "▽": r"\ensuremath{\triangledown}", "△": r"\ensuremath{\triangle}",
    "▼": r"\ensuremath{\blacktriangledown}", "○": r"\ensuremath{\circ}", "●": r"\ensuremath{\bullet}",
    "□": r"\ensuremath{\square}", "■": r"\ensuremath{\blacksquare}", "✂": r"\ding{34}", "✗": r"\ding{55}",
    "✓": r"\ding{51}", "◎": r"\ensuremath{\circledcirc}", "━": r"\ensuremath{-}", "┄": r"\ensuremath{\cdots}",
    "┃": r"\ensuremath{|}", "░": r"\ensuremath{\square}", "▣": r"\ensuremath{\boxdot}",
    # chess pieces (pdfLaTeX has no chess font without extra packages): White's as capitals, Black's as bold small
    # letters, the convention of text diagrams
    "♔": "K", "♕": "Q", "♖": "R", "♗": "B", "♘": "N", "♙": "P",
    "♚": r"\textbf{k}", "♛": r"\textbf{q}", "♜": r"\textbf{r}", "♝": r"\textbf{b}", "♞": r"\textbf{n}",
    "♟": r"\textbf{p}",
}


def latex_text(text) -> str:
    """``text`` as LaTeX that prints it (never markup; a name of :data:`tracer.text.MARKED_NAMES`, maxⁿ, as its
    LaTeX)."""
    return "".join(piece if marked else _escaped(piece) for piece, marked in marked_parts(str(text), "latex"))


def _escaped(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char.isprintable() and (ord(char) < 0x250 or char == " "):
            out.append(char)
        elif char == "\t":
            out.append(" ")
        else:
            out.append("?")
    return "".join(out)
