"""Text tables for the terminal: the one aligned-table printer, and the step table of a trace (step, node, event,
α, β, value, note), read from the view as it is folded step by step."""

from __future__ import annotations

from typing import Sequence

from ..numbers import as_written
from ..text import plain
from ..trace.trace import Trace
from ..view import TraceView, family_of


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = (),
                 rule: bool = False) -> str:
    """Rows of text as aligned columns under ``headers``, two spaces apart: columns whose index is in ``right`` are
    right-aligned. ``rule`` puts a line of dashes under the headers (a short one under the last column, which
    holds free text)."""
    table = [tuple(headers)] + [tuple(row) for row in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(headers))]
    lines = ["  ".join(cell.rjust(width) if i in right else cell.ljust(width)
                       for i, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in table]
    if rule:
        lines.insert(1, "  ".join("-" * width for width in widths[:-1]) + "  " + "-" * 4)
    return "\n".join(lines)


def step_headers(trace: Trace) -> tuple[str, ...]:
    """The step table's columns for the trace's family of searches (:attr:`tracer.view.look.Look.headers`)."""
    return family_of(trace).look.headers


@as_written
def step_rows(trace: Trace) -> list[tuple[str, ...]]:
    """One row per event, as the trace's family writes it (:meth:`tracer.view.look.Look.row`): for the searches
    that back up values, ``visit`` is the node's visit number (``#7`` in diagrams drawn with ``--visits``: nodes
    are numbered as they are entered, steps as events happen), α and β are the node's window just after the step;
    for Monte Carlo tree search, the iteration and the node's W/N; the note is the step's caption."""
    view = TraceView(trace, 0)
    look = view.family.look
    return [look.row(view, event, step) for event, step in view.replay()]


@as_written
def step_table(trace: Trace, plain_signs: bool = False) -> str:
    """The step table as aligned text, with a header line and a closing summary line; with ``plain_signs``, α, β,
    ∞ and the other signs are written as their plain names (for a terminal that cannot show them), before the
    columns are measured, so they stay aligned."""
    look = family_of(trace).look
    shown = plain if plain_signs else str
    headers, rows = step_headers(trace), step_rows(trace)
    if plain_signs:
        headers, rows = [shown(header) for header in headers], [[shown(cell) for cell in row] for row in rows]
    return format_table(headers, rows, right=look.right, rule=True) + shown("\n" + look.summary(trace))
