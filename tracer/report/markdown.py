"""Markdown: ``compare``'s table, with the cells the text table shows."""

from __future__ import annotations

from typing import Sequence

from .text_report import compare_cells, compare_columns, compare_notes, sampled


def compare_markdown(rows: Sequence) -> str:
    columns = compare_columns(rows)
    lines = ["| " + " | ".join(columns) + " |",
             "|" + "|".join(" --- " if i < 2 else " ---: " for i in range(len(columns))) + "|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in compare_cells(row, sampled(rows))) + " |"
              for row in rows]
    notes = compare_notes(rows)
    return "\n".join(lines + ([""] + notes if notes else [])) + "\n"
