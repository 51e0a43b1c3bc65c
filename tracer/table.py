"""Trace → a readable step table for the terminal: step, node, event, α, β, value, note."""

from __future__ import annotations

from .trace import AlphaUpdated, BetaUpdated, Cutoff, LeafEvaluated, NodeEntered, NodeExited, Trace, ValueUpdated
from .view import TraceView, format_number

HEADERS = ("step", "node", "event", "α", "β", "value", "note")


def step_rows(trace: Trace, view: TraceView | None = None) -> list[tuple[str, ...]]:
    """One row per event; α and β are the node's window after the step."""
    view = view or TraceView(trace)
    label = view.labels
    windows: dict[int, list] = {}
    rows = []
    for step, event in enumerate(trace.events, 1):
        node = view.nodes[event.node]
        window = windows.setdefault(event.node, [None, None])
        value, note = "", ""
        if isinstance(event, NodeEntered):
            kind = "enter"
            window[:] = [event.alpha, event.beta]
            note = f"{event.player.name} to move, ply {event.ply}"
            if node.node.move is not None and node.node.board is not None:
                note += f", after move {node.node.move}"
        elif isinstance(event, LeafEvaluated):
            kind, value, note = "leaf", format_number(event.value), "evaluated"
        elif isinstance(event, ValueUpdated):
            kind, value = "value", format_number(event.new)
            note = f"v: {format_number(event.old)} → {format_number(event.new)} from {label[event.child]}"
        elif isinstance(event, AlphaUpdated):
            kind = "α"
            window[0] = event.new
            note = f"α: {format_number(event.old)} → {format_number(event.new)} from {label[event.child]}"
        elif isinstance(event, BetaUpdated):
            kind = "β"
            window[1] = event.new
            note = f"β: {format_number(event.old)} → {format_number(event.new)} from {label[event.child]}"
        elif isinstance(event, Cutoff):
            kind = "cutoff"
            skipped = ", ".join(label[child] for child in event.skipped)
            note = f"{'β' if event.cut == 'beta' else 'α'}-cut: skips {skipped}"
        elif isinstance(event, NodeExited):
            kind, value = "exit", view.shows(event.value, node.bound)
            note = f"best {label[event.best_child]}" if event.best_child is not None else ""
        else:
            raise AssertionError(f"unknown event {event!r}")
        alpha, beta = window
        rows.append((str(step), label[event.node], kind, format_number(alpha), format_number(beta), value, note))
    return rows


def step_table(trace: Trace) -> str:
    """The step table as aligned text, with a header line and a closing summary line."""
    view = TraceView(trace)
    rows = [HEADERS] + step_rows(trace, view)
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS) - 1)]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in (0, 3, 4, 5) else cell.ljust(widths[i])
                 for i, cell in enumerate(row[:-1])]
        lines.append("  ".join(cells + [row[-1]]).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths) + "  " + "-" * 4)
    best = f", best move {trace.best_move}" if trace.best_move is not None else ""
    lines.append(f"{trace.algorithm}: value {format_number(trace.value)}{best}")
    return "\n".join(lines)
