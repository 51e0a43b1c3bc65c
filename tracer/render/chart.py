"""Comparison rows → a chart (svg, png or pdf) with matplotlib, headless: nodes visited and time per search
against depth, one line per algorithm and move order, each with its own colour (Okabe & Ito's colour-blind-safe
palette), marker and line style, so the lines stay apart in grey print too."""

from __future__ import annotations

import io
import itertools

from ..errors import UsageError
from ..text import search_label

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
LINES = ("-", "--", "-.", ":")


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise UsageError("charts need matplotlib: pip install 'tracer[charts]' (setup.sh installs it)") from None
    matplotlib.use("Agg")  # no display needed
    matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text: searchable, editable, smaller
    import matplotlib.pyplot as plt

    return plt


def comparison_chart(rows, title: str, fmt: str, log: bool = False) -> bytes:
    """Two panels side by side: nodes visited and seconds per search against depth."""
    plt = _pyplot()
    series: dict[tuple[str, str], list] = {}
    for row in rows:
        series.setdefault((row.algorithm, row.order), []).append(row)
    figure, (nodes_axis, time_axis) = plt.subplots(1, 2, figsize=(11, 4.5), layout="constrained")
    styles = zip(itertools.cycle(COLOURS), itertools.cycle(MARKERS), itertools.cycle(LINES))
    for ((algorithm, order), points), (colour, marker, line) in zip(series.items(), styles):
        points = sorted(points, key=lambda row: row.depth)
        depths = [row.depth for row in points]
        label = search_label(algorithm, order)
        style = dict(color=colour, marker=marker, linestyle=line, linewidth=1.8, markersize=6, label=label)
        nodes_axis.plot(depths, [row.nodes_visited for row in points], **style)
        time_axis.plot(depths, [row.seconds for row in points], **style)
    for axis, what in ((nodes_axis, "nodes visited"), (time_axis, "time per search (s)")):
        axis.set_xlabel("depth (plies)")
        axis.set_ylabel(what)
        axis.grid(True, alpha=0.3)
        axis.xaxis.get_major_locator().set_params(integer=True)
        if log:
            axis.set_yscale("log")
    nodes_axis.set_title("Nodes visited by depth")
    time_axis.set_title("Time by depth (median of untraced runs)")
    nodes_axis.legend(frameon=False)
    figure.suptitle(", ".join(dict.fromkeys(row.algorithm for row in rows)) + f" compared on {title}")
    return _saved(plt, figure, fmt)


def convergence_chart(rows, title: str, fmt: str, log: bool = False) -> bytes:
    """MCTS converging: two panels against iterations (log scale), one line per move order (and depth, when the
    rows were checked at several): the chosen move's Q, each point filled where the move agrees with the reference
    search and hollow where it does not, and seconds per search (the other searches' rows as level lines, for
    scale). ``log``: a log scale for the time too."""
    plt = _pyplot()
    sampled = [row for row in rows if row.q is not None]
    several_depths = len({row.depth for row in sampled}) > 1
    series: dict[tuple[str, int], list] = {}
    for row in sampled:
        series.setdefault((row.order, row.depth), []).append(row)
    figure, (q_axis, time_axis) = plt.subplots(1, 2, figsize=(11, 4.5), layout="constrained")
    styles = zip(itertools.cycle(COLOURS), itertools.cycle(MARKERS), itertools.cycle(LINES))
    for ((order, depth), points), (colour, marker, line) in zip(series.items(), styles):
        points = sorted(points, key=lambda row: row.iterations)
        counts = [row.iterations for row in points]
        label = search_label("mcts", order)
        label += f", checked at depth {depth}" if several_depths else ""
        style = dict(color=colour, linestyle=line, linewidth=1.8, label=label)
        q_axis.plot(counts, [row.q for row in points], **style)
        for row in points:
            q_axis.plot(row.iterations, row.q, marker=marker, markersize=7, color=colour,
                        markerfacecolor=colour if row.agrees else "white", linestyle="none")
        time_axis.plot(counts, [row.seconds for row in points], marker=marker, markersize=6, **style)
    others = [row for row in rows if row.q is None]
    for row, colour, line in zip(others, COLOURS[len(series):] + COLOURS, itertools.cycle(LINES[1:])):
        label = f"{search_label(row.algorithm, row.order)}, depth {row.depth}"
        time_axis.axhline(row.seconds, color=colour, linestyle=line, linewidth=1.2, label=label)
    reference = next((row for row in sampled if row.reference_algorithm), None)
    at = "" if several_depths or reference is None else f" at depth {reference.depth}"
    checked = "" if reference is None else f" (filled: it reaches {reference.reference_algorithm}'s value{at})"
    q_axis.set_title("Q of the chosen move" + checked, fontsize="medium")
    q_axis.set_ylabel("Q, mean reward for the player to move (0 to 1)")
    q_axis.set_ylim(-0.05, 1.05)
    time_axis.set_title("Time per search (median of untraced runs)", fontsize="medium")
    time_axis.set_ylabel("time per search (s)")
    time_axis.set_yscale("log" if log else "linear")
    for axis in (q_axis, time_axis):
        axis.set_xscale("log")
        axis.set_xlabel("iterations (log scale)")
        axis.grid(True, alpha=0.3)
    q_axis.legend(frameon=False)
    if others:
        time_axis.legend(frameon=False)
    figure.suptitle(f"Monte Carlo tree search converging on {title}")
    return _saved(plt, figure, fmt)


def _saved(plt, figure, fmt: str) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format=fmt, dpi=150, metadata={"Date": None} if fmt in ("svg", "pdf") else None)
    plt.close(figure)
    return buffer.getvalue()


def match_chart(tally, title: str, fmt: str) -> bytes:
    """Two panels: who won each game (p1, draw, p2), and each player's mean time per move in each game."""
    plt = _pyplot()
    figure, (results_axis, time_axis) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    numbers = [row.game for row in tally.games]
    outcome = {"p1": 1, "draw": 0, "p2": -1}
    results_axis.bar(numbers, [outcome[row.winner] for row in tally.games], color=[
        COLOURS[0] if row.winner == "p1" else COLOURS[1] if row.winner == "p2" else "#999999" for row in tally.games])
    results_axis.scatter([row.game for row in tally.games if row.winner == "draw"],
                         [0 for row in tally.games if row.winner == "draw"], marker="D", color="#555555", zorder=3)
    results_axis.set_yticks([-1, 0, 1], [f"p2 wins ({tally.kinds[1]})", "draw", f"p1 wins ({tally.kinds[0]})"])
    results_axis.set_xlabel("game (p1 moves first in odd games)")
    results_axis.set_title("Result of each game")
    for player, colour, marker, line in zip(range(2), COLOURS, MARKERS, LINES):
        time_axis.plot(numbers, [getattr(row, f"p{player + 1}_seconds_per_move") for row in tally.games],
                       color=colour, marker=marker, linestyle=line, label=f"p{player + 1}: {tally.kinds[player]}")
    time_axis.set_xlabel("game")
    time_axis.set_ylabel("mean time per move (s)")
    time_axis.set_title("Time per move")
    time_axis.legend(frameon=False)
    for axis in (results_axis, time_axis):
        axis.xaxis.get_major_locator().set_params(integer=True)
        axis.grid(True, axis="y", alpha=0.3)
    figure.suptitle(title)
    return _saved(plt, figure, fmt)
