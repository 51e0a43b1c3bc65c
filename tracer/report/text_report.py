"""The readable reports: checked answer keys, graded answers, and the ``stats``, ``compare`` and ``match``
tables."""

from __future__ import annotations

import math
from typing import Sequence

from ..numbers import as_written
from ..exercises.check_keys import FileResult
from ..exercises.claim_text import shown
from ..exercises.grade import EXTRA, MISSING, RIGHT, Grade
from ..inputs import Problem
from ..model.state import UNLIMITED
from ..render.text_table import format_table
from ..run import Stats
from ..search.registry import ALGORITHMS
from ..numbers import COUNT, Style, fixed, format_number
from ..text import one_line, search_label

COMPARE_COLUMNS = ("algorithm", "order", "depth", "value", "best move", "nodes", "leaves", "cutoffs", "seconds",
                   "ebf", "minimal", "×minimal")
MCTS_COLUMNS = ("iterations", "Q", "agrees")  # compare's MCTS rows: Q for the player to move at the root
STATS_COLUMNS = ("algorithm", "order", "value", "best move", "nodes", "leaves", "cutoffs", "seconds")
SECONDS = fixed(6)  # a search's time in the tables: to the microsecond


def check_report(results: Sequence[FileResult]) -> str:
    """Each checked file (those that could not be checked are said on stderr): its expectations, passed or failed,
    with the step that decides each."""
    lines = []
    for result in results:
        if result.error is not None:
            continue
        passed = sum(check.passed for check in result.checks)
        mark = "✓" if result.passed else "✗"
        lines.append(f"{mark} {result.file} — {result.search}: {passed} of {len(result.checks)} expectations hold")
        lines.extend(f"    note: {note}" for note in result.notes)
        for check in result.checks:
            if check.passed:
                lines.append(f"    ✓ {check.item}: {shown(check.actual)}  ({check.decided})")
            else:
                lines.append(f"    ✗ {check.item}: expected {shown(check.expected)}, got {shown(check.actual)}")
                if check.decided:
                    lines.append(f"        {check.decided}")
    return "".join(line + "\n" for line in lines)


def grade_report(results: Sequence[Grade], notes: Sequence[str] = ()) -> str:
    """The notes on the search, then each graded answer item by item with its first departure (a refused file: its
    reason), and the scoring rule once."""
    graded = "".join(_grade(result) + "\n" for result in results)
    scoring = f"scoring: {results[0].scoring}\n" if results else ""
    return "".join(f"note: {note}\n" for note in notes) + graded + scoring


def _grade(result: Grade) -> str:
    # a file's name is the student's text: shown escaped on its line (a name cannot clear the terminal)
    lines = [f"{one_line(result.answer)}: {result.score} / {result.max_score}  ({result.tree}, {result.search})"]
    if result.refused:
        lines.append(f"  refused, scored as a blank sheet: {one_line(result.refused)}")
        return "\n".join(lines)
    leaves = [item for item in result.items if item.kind == "leaf"]
    no_marks = bool(leaves) and all(item.verdict == MISSING for item in leaves)
    unknown = [item for item in result.items if item.kind == "unknown"]
    unread = [item for item in result.items if item.detail.startswith("line ") and item.kind != "unknown"]
    for item in result.items:
        if item.kind == "leaf" and no_marks:
            if item is leaves[0]:
                pruned = [leaf.item.removesuffix(" pruned?") for leaf in leaves if leaf.expected == "pruned"]
                lines.append(f"  – leaves ({len(leaves)} items): missing: you gave no pruned: (the search prunes "
                             f"{', '.join(pruned) if pruned else 'none of them'})")
        elif item.verdict == RIGHT:
            lines.append(f"  ✓ {item.item}: {shown(item.given)}")
        elif item.verdict == MISSING:
            lines.append(f"  – {item.item}: missing (the search: {shown(item.expected)})")
        elif item.detail:
            lines.append(f"  {'·' if item.verdict == EXTRA else '✗'} {item.item}: {item.detail}")
        elif item.verdict == EXTRA:
            lines.append(f"  · {item.item}: you wrote {shown(item.given)} (not graded)")
        else:
            lines.append(f"  ✗ {item.item}: you wrote {shown(item.given)}, the search: {shown(item.expected)}")
    if result.departure:
        lines.append(f"  first departure from the search: {result.departure}")
    elif result.unanswered or unknown or unread:
        said = [f"{result.unanswered} of the key's items not answered"] if result.unanswered else []
        if unknown:
            said.append(f"{len(unknown)} name{'s' if len(unknown) > 1 else ''} not in the tree")
        if unread:
            said.append(f"{len(unread)} item{'s' if len(unread) > 1 else ''} not read")
        lines.append(f"  no departure from the search where the answer names the tree's nodes; {'; '.join(said)}")
    else:
        lines.append("  the answer follows the search throughout")
    return "\n".join(lines)


@as_written
def stats_table(problem: Problem, results: Sequence[Stats]) -> str:
    """``tracer stats``: the problem's title (a game's with its depth), a row per search (with the counts only
    some algorithms report, under ``also``), and for tree files the leaves each evaluated (a game's are many and
    say little)."""
    depth = "" if problem.game is None else " (to the end)" if problem.depth == UNLIMITED else \
        f" (depth {problem.depth})"
    title = f"{problem.meta.get('title') or problem.name}{depth}"
    own = [", ".join(f"{key.replace('_', ' ')} {format_number(getattr(r, key), COUNT)}"
                     for key in ALGORITHMS[r.algorithm].counts) for r in results]
    rows = [(r.algorithm, r.order, format_number(r.value), str(r.best_move), *_counts(r),
             format_number(r.seconds, SECONDS)) + ((more,) if any(own) else ()) for r, more in zip(results, own)]
    lines = [title, format_table(STATS_COLUMNS + (("also",) if any(own) else ()), rows, right=(4, 5, 6, 7))]
    for r in results:
        if r.evaluated_leaves is not None:
            leaves = abbreviated([format_number(v) for v in r.evaluated_leaves])
            lines.append(f"{search_label(r.algorithm, r.order)} evaluated: {leaves}")
    return "".join(line + "\n" for line in lines)


def abbreviated(values: list[str], shown_each_end: int = 8) -> str:
    """A long list for a terminal: the first and last values and how many there are (--json has all)."""
    if len(values) <= 3 * shown_each_end:
        return " ".join(values)
    return (f"{' '.join(values[:shown_each_end])} … {' '.join(values[-shown_each_end:])} ({len(values):,} values; "
            "--json lists them all)")


def sampled(rows: Sequence) -> bool:
    """Whether some of ``compare``'s rows are MCTS's (the tables then show its columns)."""
    return any(row.q is not None for row in rows)


def compare_columns(rows: Sequence) -> tuple[str, ...]:
    """``compare``'s columns: the figures of every search, and MCTS's when some row has them."""
    return COMPARE_COLUMNS + (MCTS_COLUMNS if sampled(rows) else ())


def compare_cells(row, mcts_columns: bool = False) -> tuple[str, ...]:
    """A ``compare`` row's cells as the tables (text and Markdown) show them; ``mcts_columns``: with MCTS's
    (blank in the other searches' rows)."""
    cells = (row.algorithm, row.order, str(row.depth), format_number(row.value), str(row.best_move), *_counts(row),
             format_number(row.seconds, SECONDS), format_number(row.ebf, fixed(2)),
             format_number(row.minimal_leaves, COUNT), format_number(row.minimal_ratio, fixed(2)))
    if not mcts_columns:
        return cells
    if row.q is None:
        return cells + ("", "", "")
    agrees = "" if row.agrees is None else "yes" if row.agrees else "no"
    return cells + (format_number(row.iterations, COUNT), format_number(row.q, fixed(3)), agrees)


def _counts(row) -> tuple[str, str, str]:
    """A search's nodes, leaves and cutoffs as ``stats`` and ``compare`` show them: ``12,345``."""
    return tuple(format_number(count, COUNT) for count in (row.nodes_visited, row.leaves_evaluated, row.cutoffs))


def compare_notes(rows: Sequence) -> list[str]:
    """What MCTS rows' ``agrees`` was checked against, a line per depth: ``agrees: the move reaches the value
    alphabeta finds at depth 4 (alphabeta plays 3)``."""
    notes = {}
    for row in rows:
        if row.reference_algorithm is not None and row.depth not in notes:
            plays = "" if row.reference_move is None else f" ({row.reference_algorithm} plays {row.reference_move})"
            notes[row.depth] = (f"agrees: MCTS's move reaches the value {row.reference_algorithm} finds at depth "
                                f"{row.depth}{plays}; Q: the move's mean reward for the player to move")
    return list(notes.values())


def compare_table(title: str, rows: Sequence) -> str:
    """``tracer compare``'s table: the title, then a row per combination, then what MCTS rows were checked
    against."""
    columns = compare_columns(rows)
    table = format_table(columns, [compare_cells(row, sampled(rows)) for row in rows],
                         right=tuple(range(2, len(columns))))
    return "".join(line + "\n" for line in [title, table, *compare_notes(rows)])


def match_report(heading: str, tally, kinds: Sequence[str], labels: Sequence[str], sides: Sequence[str],
                 table: bool, max_games: int) -> str:
    """``tracer match``: the heading, a row per game (``table``), a row per player (``labels``: each described
    with its settings), each player's results by colour, how their times per move compare, p1's rating against
    p2 and the SPRT's outcome (of at most ``max_games`` games)."""
    lines = [heading]
    if table:
        lines.append(format_table(("game", "first", "winner", "moves", "p1 s/move", "p2 s/move", "p1 nodes/move",
                                   "p2 nodes/move"),
                                  [(str(r.game), r.first, r.winner, str(r.moves),
                                    format_number(r.p1_seconds_per_move, fixed(4)),
                                    format_number(r.p2_seconds_per_move, fixed(4)),
                                    format_number(r.p1_nodes_per_move, fixed(0, grouped=True)),
                                    format_number(r.p2_nodes_per_move, fixed(0, grouped=True))) for r in tally.games],
                                  right=(0, 3, 4, 5, 6, 7)))
        lines.append("")
    summary = tally.summary()
    lines.append(format_table(("player", "kind", "wins", "draws", "losses", "nodes/move", "seconds/move", "total s"),
                              [(s["player"], label, str(s["wins"]), str(s["draws"]), str(s["losses"]),
                                format_number(s["mean_nodes_per_move"], fixed(0, grouped=True)),
                                format_number(s["mean_seconds_per_move"], fixed(4)),
                                format_number(s["total_seconds"], fixed(3))) for s, label in zip(summary, labels)],
                              right=(2, 3, 4, 5, 6, 7)))
    for player, kind in zip(summary, kinds):
        colours = [f"as {side} (moving {order}): {r['wins']} wins, {r['draws']} draws, {r['losses']} losses"
                   for side, order, r in ((sides[0], "first", player["as_first"]),
                                          (sides[1], "second", player["as_second"]))]
        lines.append(f"{player['player']} ({kind}) " + "; ".join(colours))
    ratio = tally.speed_ratio()
    if ratio is not None:
        lines.append(f"p1 takes {format_number(ratio, fixed(2))}× p2's time per move" if ratio >= 1 else
                     f"p2 takes {format_number(1 / ratio, fixed(2))}× p1's time per move")
    lines += rating_lines(tally, max_games)
    return "".join(line + "\n" for line in lines)


def rating_lines(tally, max_games: int) -> list[str]:
    """p1's Elo over p2's with its 95 % interval, the likelihood of superiority, then the SPRT's outcome."""
    rated = tally.rating()
    if rated is None:
        return ["Elo p1 − p2: no games played, no rating"]
    if rated.low is None:
        ended = {1: "p1 won every game: no finite estimate; ", 0: "p1 lost every game: no finite estimate; "}
        estimate = (f"{_signed(rated.elo)} ({ended.get(rated.score, 'every game a draw: ')}results that never vary "
                    "give no interval)")
    else:
        margin = f" ± {_signed(rated.margin)[1:]}" if math.isfinite(rated.margin) else ""
        estimate = f"{_signed(rated.elo)}{margin} (95 % interval {_signed(rated.low)} to {_signed(rated.high)})"
    los = "none, no game was won" if rated.los is None else f"{format_number(100 * rated.los, PRINTED[1])} %"
    lines = [f"Elo p1 − p2: {estimate}, from a score of {format_number(rated.score, PRINTED[3])} over "
             f"{rated.games} games",
             f"likelihood of superiority (that p1 is the stronger): {los}"]
    if tally.sprt is not None:
        test, llr, decided = tally.sprt, format_number(tally.llr(), PRINTED[2]), tally.decision()
        bounds = [format_number(bound, PRINTED[2]) for bound in (test.lower_bound, test.upper_bound)]
        outcome = (f"H1 accepted after {rated.games} games, LLR {llr} > {bounds[1]}" if decided == "H1" else
                   f"H0 accepted after {rated.games} games, LLR {llr} < {bounds[0]}" if decided == "H0" else
                   f"no decision after {rated.games} games (at most {max_games}), LLR {llr} between {bounds[0]} "
                   f"and {bounds[1]}")
        hypotheses = (f"H0: Elo {format_number(test.elo0)} against H1: Elo {format_number(test.elo1)} "
                      f"(α {format_number(test.alpha)}, β {format_number(test.beta)}, {test.model} Elo)")
        lines.append(f"SPRT of {hypotheses}: {outcome}")
    return lines


PRINTED = {places: Style(places=places) for places in (1, 2, 3)}  # a rating's figures, with a true minus sign


def _signed(elo: float) -> str:
    """An Elo difference to one decimal with its sign: +161.5, −30.2, 0.0, +∞."""
    text = format_number(elo, PRINTED[1])
    return text if text[0] in "−+" or text == "0.0" else "+" + text
