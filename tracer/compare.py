"""Comparisons: every combination of algorithm, move order and depth searched on one problem, one row each, with
the figures ``tracer stats`` gives and a few that only make sense side by side (effective branching factor,
Knuth & Moore's minimal tree), and the checks that rows which must agree do."""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterable

from .inputs import Problem, load_problem
from .model.state import UNLIMITED, is_explicit
from .run import Stats, deep_recursion, search_stats
from .search.algorithms import alphabeta
from .search.spec import SearchSpec


@dataclass(frozen=True)
class Case:
    """One row to compute, and how to load its problem again (in another process)."""

    source: dict  # the keyword arguments of load_problem
    spec: SearchSpec  # the search (its depth is the problem's, set when the problem is loaded)
    depth: int | None  # None: the problem's own depth (a tree file's leaves)
    repeat: int = 1


@dataclass
class Row(Stats):
    """The keys ``tracer compare --json`` prints: those of ``tracer stats --json``, and ``depth``, ``ebf`` (nodes
    visited to the power 1/depth), ``minimal_leaves`` (Knuth & Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 on uniform trees,
    else null) and ``minimal_ratio`` (leaves evaluated / minimal_leaves)."""

    depth: int = 0
    ebf: float | None = None
    minimal_leaves: int | None = None
    minimal_ratio: float | None = None


def run_case(case: Case) -> Row:
    """Search one combination (in this process or a worker) and measure it."""
    problem = load_problem(**case.source, depth=case.depth)
    depth = problem.depth
    stats = search_stats(problem.fresh_root(), case.spec, depth=depth, repeat=case.repeat,
                         fresh_root=problem.fresh_root)
    searched = _height(problem.root) if depth == UNLIMITED else depth
    shape = uniform_shape(problem.root, searched)
    minimal = None if shape is None else shape[0] ** math.ceil(shape[1] / 2) + shape[0] ** (shape[1] // 2) - 1
    return Row(**vars(stats), depth=searched, ebf=stats.nodes_visited ** (1 / searched) if searched else None,
               minimal_leaves=minimal, minimal_ratio=stats.leaves_evaluated / minimal if minimal else None)


def compare(cases: list[Case], jobs: int = 1, progress: Callable[[Iterable], Iterable] = iter) -> list[Row]:
    """Every case's row, in the order given; ``jobs`` > 1 runs them in that many processes (same rows, but for
    the times)."""
    jobs = min(jobs, len(cases))  # a process per row at most: no worker starts with nothing to do
    if jobs <= 1:
        return [run_case(case) for case in progress(cases)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(progress(pool.map(run_case, cases)))


def disagreements(rows: list[Row], source: dict) -> list[str]:
    """What is wrong between rows that must agree: at one depth, every row's value must be the same, and its best
    move one of the moves that reach that value (so rows may differ in a move only where two moves tie)."""
    problems = []
    for depth in sorted({row.depth for row in rows}):
        same = [row for row in rows if row.depth == depth]
        values = {row.value for row in same}
        if len(values) > 1:
            problems.append(f"depth {depth}: the values differ: " +
                            ", ".join(f"{row.algorithm} ({row.order}) {row.value}" for row in same))
            continue
        best = optimal_moves(load_problem(**source, depth=depth), depth)
        for row in same:
            if row.best_move not in best:
                problems.append(f"depth {depth}: {row.algorithm} ({row.order}) chose {row.best_move}, which does "
                                f"not reach the value {row.value} (moves that do: {', '.join(sorted(best))})")
    return problems


def optimal_moves(problem: Problem, depth: int) -> set[str]:
    """The root's moves whose child has the root's minimax value at ``depth`` plies."""
    root = problem.fresh_root()
    if root.is_terminal():
        return {None}
    with deep_recursion():
        values = {root.move_name(move): alphabeta(root.child(move), depth - 1)[0] for move in root.moves()}
    best = max(values.values()) if root.player.value == "max" else min(values.values())
    return {name for name, value in values.items() if value == best}


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
