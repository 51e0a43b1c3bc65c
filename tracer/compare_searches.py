"""Comparisons: every combination of algorithm, move order and depth searched on one problem, one row each, with
the figures ``tracer stats`` gives and a few that only make sense side by side (effective branching factor,
Knuth & Moore's minimal tree), and the checks that rows which must agree do."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable

from .errors import BudgetError, CostError, TracerError
from .inputs import load_problem
from .model.state import UNLIMITED, Player, is_explicit
from .parallel import mapped
from .run import Stats, deep_recursion, has_chance, search_stats
from .search.registry import ALGORITHMS, algorithm, chance_search
from .search.spec import SearchSpec
from .view import family_for

REFERENCE = "alphabeta"  # the search whose move an MCTS row is checked against (expectiminimax where chance moves)


@dataclass(frozen=True)
class Case:
    """One row to compute, and how to load its problem again (in another process)."""

    source: dict  # the keyword arguments of load_problem
    spec: SearchSpec  # the search (its depth is the problem's, set when the problem is loaded)
    depth: int | None  # None: the problem's own depth (a tree file's leaves)
    repeat: int = 1
    max_nodes: int | None = None  # the row's budget: nodes its search may visit, ...
    max_seconds: float | None = None  # ... and seconds it may take (None: no limit)

    def describe(self) -> str:
        """The row in words: ``alphabeta (natural order), depth 8``."""
        depth = "to the leaves" if self.depth is None else f"depth {self.depth}"
        return f"{self.spec.search.name} ({self.spec.order} order), {depth}"


class RowStopped(TracerError):
    """A row passed its budget: ``rows`` holds those done before it (in order), the message says which and why."""

    def __init__(self, message: str, rows: list):
        super().__init__(message)
        self.rows = rows


@dataclass
class Row(Stats):
    """The keys ``tracer compare --json`` prints: those of ``tracer stats --json``, and ``depth``, ``ebf`` (nodes
    visited to the power 1/depth), ``minimal_leaves`` (Knuth & Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 on uniform trees,
    else null) and ``minimal_ratio`` (leaves evaluated / minimal_leaves). MCTS rows add ``q`` (the chosen move's
    mean reward for the player to move at the root), ``agrees`` (whether that move reaches the value the reference
    search finds at ``depth``), ``reference_move`` (the reference's own move) and ``reference_algorithm``."""

    depth: int = 0
    ebf: float | None = None
    minimal_leaves: int | None = None
    minimal_ratio: float | None = None
    q: float | None = None
    agrees: bool | None = None
    reference_move: str | None = None
    reference_algorithm: str | None = None

    def as_dict(self) -> dict:
        data = super().as_dict()
        if self.q is None:  # a search that backs up values: no sampling to check
            for key in ("q", "agrees", "reference_move", "reference_algorithm"):
                del data[key]
        return data


@dataclass(frozen=True)
class Reference:
    """What a full-width search makes of the root at one depth: the search (alpha-beta, or expectiminimax where
    chance moves), its move, and every move that reaches its value (its move among them)."""

    algorithm: str
    move: str | None
    best: frozenset


def run_case(case: Case) -> Row:
    """Search one combination (in this process or a worker) and measure it."""
    problem = load_problem(**case.source, depth=case.depth)
    depth = problem.depth
    stats = search_stats(problem.fresh_root(), case.spec, depth=depth, repeat=case.repeat,
                         fresh_root=problem.fresh_root, max_nodes=case.max_nodes, max_seconds=case.max_seconds)
    searched = _height(problem.root) if depth == UNLIMITED else depth
    shape = uniform_shape(problem.root, searched)
    minimal = None if shape is None else shape[0] ** math.ceil(shape[1] / 2) + shape[0] ** (shape[1] // 2) - 1
    q = None
    if family_for(case.spec.search).statistics:  # the value is the chosen move's mean reward for MAX; Q: the mover's
        q = 1 - stats.value if problem.root.player is Player.MIN else stats.value
    return Row(**vars(stats), depth=searched, ebf=stats.nodes_visited ** (1 / searched) if searched else None,
               minimal_leaves=minimal, minimal_ratio=stats.leaves_evaluated / minimal if minimal else None, q=q)


def compare(cases: list[Case], jobs: int = 1, progress: Callable[[Iterable], Iterable] = iter) -> list[Row]:
    """Every case's row, in the order given; ``jobs`` > 1 runs them in that many processes (same rows, but for
    the times). The first row past its budget stops the comparison: :class:`RowStopped`, with the rows done."""
    rows: list[Row] = []
    try:
        for row in progress(mapped(run_case, cases, jobs)):
            rows.append(row)
    except CostError as error:  # refused before it started: the error names the estimate and the options
        raise RowStopped(f"row {len(rows) + 1} of {len(cases)} ({cases[len(rows)].describe()}), and the rows after "
                         f"it, not searched: {error}", rows) from None
    except BudgetError as error:
        raise RowStopped(f"row {len(rows) + 1} of {len(cases)} ({cases[len(rows)].describe()}): {error} and was "
                         "stopped, with the rows after it; raise the budget with --max-nodes N or --max-seconds S, "
                         "or compare fewer --depths", rows) from None
    return rows


def references(rows: list[Row], source: dict) -> dict[int, Reference]:
    """The reference search at each depth the rows were searched to."""
    return {depth: reference(source, depth) for depth in sorted({row.depth for row in rows})}


def add_agreement(rows: list[Row], known: dict[int, Reference]) -> None:
    """Fill in each MCTS row's ``agrees``, ``reference_move`` and ``reference_algorithm`` (its depth's reference:
    ``known``, from :func:`references`)."""
    for row in rows:
        if row.q is not None:
            found = known[row.depth]
            row.reference_algorithm, row.reference_move = found.algorithm, found.move
            row.agrees = None if found.move is None else row.best_move in found.best


def disagreements(rows: list[Row], source: dict, known: dict[int, Reference] | None = None) -> list[str]:
    """What is wrong between rows that must agree: at one depth, every row's value must be the same, and its best
    move one of the moves that reach that value (so rows may differ in a move only where two moves tie). MCTS rows
    estimate, so they are not held to this (their ``agrees`` says how they fare). ``known``: the references
    already worked out (:func:`references`)."""
    problems = []
    known = known or {}
    for depth in sorted({row.depth for row in rows}):
        same = [row for row in rows if row.depth == depth and ALGORITHMS[row.algorithm].finds_minimax_value]
        values = {row.value for row in same}
        if len(values) > 1:
            problems.append(f"depth {depth}: the values differ: " +
                            ", ".join(f"{row.algorithm} ({row.order}) {row.value}" for row in same))
            continue
        best = (known.get(depth) or reference(source, depth)).best if same else ()
        for row in same:
            if row.best_move not in best:
                problems.append(f"depth {depth}: {row.algorithm} ({row.order}) chose {row.best_move}, which does "
                                f"not reach the value {row.value} (moves that do: {', '.join(sorted(best))})")
    return problems


def reference(source: dict, depth: int) -> Reference:
    """The root's moves at ``depth`` plies as alpha-beta (expectiminimax where chance moves) values each: its move
    is the first in move order that reaches the root's value (as alpha-beta returns it), and every move that does.
    A terminal root, or one searched to depth 0 (a leaf), has no move (``None``); a chance node at the root chooses
    none. A game of named players (vector utilities) has no one reference: max^n and paranoid ask different
    questions (``None``, no moves)."""
    root = load_problem(**source, depth=depth).fresh_root()
    if getattr(root, "named", None) is not None:
        return Reference("maxn", None, frozenset())
    search = chance_search() if has_chance(root) else algorithm(REFERENCE)
    if root.is_terminal() or depth == 0:
        return Reference(search.name, None, frozenset({None}))
    if root.player is Player.CHANCE:
        return Reference(search.name, None, frozenset())
    with deep_recursion():
        values = {root.move_name(move): search.run(root.child(move), depth - 1)[0] for move in root.moves()}
    best = max(values.values()) if root.player is Player.MAX else min(values.values())
    moves = [name for name, value in values.items() if value == best]
    return Reference(search.name, moves[0], frozenset(moves))


def _height(state) -> int:
    """The depth of an explicit tree (a tree file), counted without recursion."""
    height, level = 0, [state]
    while True:
        level = [child for node in level for child in (node.child(m) for m in node.moves())]
        if not level:
            return height
        height += 1


def uniform_shape(state, depth: int) -> tuple[int, int] | None:
    """(branching, depth) when ``state`` heads an explicit tree in which every inner node has the same number of
    children and every leaf is at ``depth``; else ``None`` (games: their trees are not uniform)."""
    if not is_explicit(state) or depth < 1:
        return None
    branching, level = len(list(state.moves())), [state]
    for _ in range(depth):
        following = []
        for node in level:
            moves = list(node.moves())
            if len(moves) != branching:
                return None
            following.extend(node.child(m) for m in moves)
        level = following
    return (branching, depth) if all(node.is_terminal() for node in level) else None
