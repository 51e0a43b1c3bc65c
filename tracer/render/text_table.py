"""Text tables for the terminal: the one aligned-table printer, and the step table of a trace (step, node, event,
α, β, value, note), read from the view as it is folded step by step."""

from __future__ import annotations

from typing import Sequence

from ..text import format_number, plain
from ..trace.trace import Trace
from ..view import TraceView
from ..view.mcts import statistic

HEADERS = ("step", "node", "visit", "event", "α", "β", "value", "note")
MCTS_HEADERS = ("step", "node", "iteration", "event", "W/N", "value", "note")  # Monte Carlo tree search's columns


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
    """The step table's columns for the trace's family of searches."""
    return MCTS_HEADERS if trace.spec.samples else HEADERS


def step_rows(trace: Trace) -> list[tuple[str, ...]]:
    """One row per event; ``visit`` is the node's visit number (``#7`` in diagrams drawn with ``--visits``: nodes
    are numbered as they are entered, steps as events happen), α and β are the node's window just after the step,
    the note is the step's caption."""
    view = TraceView(trace, 0)
    if view.family.name == "mcts":
        return _mcts_rows(view)
    rows = []
    for event, step in view.replay():
        node = view.nodes[event.node]
        alpha, beta = node.window if node.window is not None else (None, None)
        visit = "" if node.visit is None else f"#{node.visit}"
        rows.append((str(view.step), view.label(event.node), visit, step.kind, format_number(alpha),
                     format_number(beta), step.value, step.note))
    return rows


def _mcts_rows(view: TraceView) -> list[tuple[str, ...]]:
    """Monte Carlo tree search's rows: the iteration, and the event's node's W/N just after the step."""
    rows = []
    for event, step in view.replay():
        node = view.nodes[event.node]
        counts = f"{statistic(node.wins)}/{node.visits}" if node.visits else ""
        rows.append((str(view.step), view.label(event.node), str(view.iteration or ""), step.kind, counts,
                     step.value, step.note))
    return rows


def step_table(trace: Trace, plain_signs: bool = False) -> str:
    """The step table as aligned text, with a header line and a closing summary line; with ``plain_signs``, α, β,
    ∞ and the other signs are written as their plain names (for a terminal that cannot show them), before the
    columns are measured, so they stay aligned."""
    best = f", best move {trace.best_move}" if trace.best_move is not None else ""
    shown = plain if plain_signs else str
    headers, rows = step_headers(trace), step_rows(trace)
    if plain_signs:
        headers, rows = [shown(header) for header in headers], [[shown(cell) for cell in row] for row in rows]
    if trace.spec.samples:
        return (format_table(headers, rows, right=(0, 2, 4, 5), rule=True)
                + shown(f"\n{trace.algorithm}: best move {trace.best_move}, mean reward for MAX "
                        f"{format_number(round(trace.value, 4))}"))
    return (format_table(headers, rows, right=(0, 2, 4, 5, 6), rule=True)
            + shown(f"\n{trace.algorithm}: value {format_number(trace.value)}{best}"))
