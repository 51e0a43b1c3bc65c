"""Markdown: ``compare``'s table, with the cells the text table shows."""

from __future__ import annotations

from typing import Sequence

from .text import COMPARE_COLUMNS, compare_cells


def compare_markdown(rows: Sequence) -> str:
    lines = ["| " + " | ".join(COMPARE_COLUMNS) + " |",
             "|" + "|".join(" --- " if i < 2 else " ---: " for i in range(len(COMPARE_COLUMNS))) + "|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in compare_cells(row)) + " |" for row in rows]
    return "\n".join(lines) + "\n"
