"""Running a search: with a recording tracer into a Trace, or with a counting tracer into statistics."""

from __future__ import annotations

import contextlib
import sys
import time

from .errors import SearchOptionError
from .estimate import refuse_past_budget, refuse_past_nodes
from .model.state import is_explicit
from .model.trees import TreeNode, first_chance, first_outside, first_repeat, has_chance  # noqa: F401 (has_chance:
# imported from here too)
from .search.algorithms import Rules
from .search.ordering import for_timing, ordered
from .search.registry import ALGORITHMS, DEFAULT_ALGORITHM, OWN_COUNTS, no_garbage_collection  # noqa: F401
# (no_garbage_collection: imported from here too)
from .search.spec import SearchSpec, as_spec
from .search.tracers import NO_TRACER, BudgetTracer, CountingTracer
from .numbers import format_number
from .records import Record, as_dict, field
from .trace.recorder import RecordingTracer
from .trace.trace import Trace

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any
    from .model.game import GameState


@contextlib.contextmanager
def deep_recursion(levels: int = 1_000):
    """Let the searches recurse ``levels`` plies deep (each ply takes two Python frames)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 3 * levels + 1_000))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def refuse_unfit(search, root) -> None:
    """Refuse a search that cannot run on ``root`` (:func:`unfit` says why)."""
    reason = unfit(search, root)
    if reason is not None:
        raise SearchOptionError(reason)


def unfit(search, root) -> str | None:
    """Why ``search`` cannot run on ``root``, in one line, or None when it can: only expectiminimax averages at
    chance nodes, max^n and paranoid need a vector of utilities at each leaf and the rest a single one, and negamax
    assumes the players alternate, where a tree file may say otherwise (``players: [max, min, min]``). (What the
    search refuses whatever the root, such as fail-hard for MTD(f) and SSS*, its :class:`SearchSpec` refused.)"""
    inner = getattr(root, "inner", root)
    return _no_chance(search, inner) or _other_players(search, inner)


def _no_chance(search, inner) -> str | None:
    """Why ``search`` cannot search ``inner``'s chance moves (only expectiminimax averages), or None."""
    if not search.chance and isinstance(inner, TreeNode):
        chance = first_chance(inner)
        if chance is not None:
            return f"{chance.place()}: a chance node, which {search.name} cannot search: use -a expectiminimax"
    if not search.chance and getattr(inner, "chance", False) is True:  # a game with dice
        return f"the game has chance moves, which {search.name} cannot search: use -a expectiminimax"
    return None


def _other_players(search, inner) -> str | None:
    """Why ``search`` cannot search ``inner``'s players (vectors or one utility; negamax's alternation), or None."""
    named = getattr(inner, "named", None)
    if search.vectors and named is None:
        what = "the tree's leaves are single numbers" if isinstance(inner, TreeNode) else "the game has one utility"
        return (f"-a {search.name} searches games of several players, each leaf a vector of utilities, but {what} "
                "(MAX's): name the players in a tree file, players: [A, B, C]")
    if not search.vectors and named is not None:
        takers = " or -a ".join(name for name, other in ALGORITHMS.items() if other.vectors)
        return (f"-a {search.name} searches one utility, but the tree's leaves are vectors, one per player "
                f"({', '.join(named.names)}): use -a {takers}")
    if search.negamax and getattr(inner, "alternates", True) is False:  # a game that does not promise it
        return (f"{search.name} assumes the players alternate, which this game does not promise (a player may move "
                "twice in a row): use -a minimax or -a alphabeta")
    if search.negamax and isinstance(inner, TreeNode):
        repeat = first_repeat(inner)
        if repeat is not None:
            parent, child = repeat
            return (f"{child.place()}: {search.name} assumes the players alternate, but this node and its parent "
                    f"{parent.name or parent.path} are both {child.player.name}: use -a minimax or -a alphabeta")
    return None


def refuse_outside_bounds(spec: SearchSpec, root) -> None:
    """Refuse declared leaf bounds (Star1's) that a leaf of the tree breaks, naming the leaf, or that are given for a
    game (whose values tracer cannot check before it searches)."""
    if spec.bounds is None:
        return
    inner = getattr(root, "inner", root)
    if not isinstance(inner, TreeNode):
        declared = getattr(inner, "value_bounds", None)
        if declared is None:
            raise SearchOptionError("--bounds is for tree files, whose every leaf value can be checked before the "
                                    "search, and games that declare the bounds of their values; this game's cannot")
        if not spec.bounds[0] <= declared[0] <= declared[1] <= spec.bounds[1]:  # Star1 prunes on what is given
            low, high = map(format_number, declared)
            raise SearchOptionError(f"--bounds must hold the game's values, which lie in [{low}, {high}]")
        return
    outside = first_outside(inner, *spec.bounds, spec.search_depth)
    if outside is not None:
        node, value = outside
        low, high = map(format_number, spec.bounds)
        raise SearchOptionError(f"{node.place()}: the value {format_number(value)} is outside the bounds [{low}, "
                                f"{high}] the leaf values were declared to lie in (rules: bounds, or --bounds)")


def refuse_unevaluated(spec: SearchSpec, root) -> None:
    """Refuse ``--rollout eval`` on a tree file with a node the search may add to its tree (an inner node below the
    root whose statistics the file does not give) but cannot value, having no ``eval:``; naming the node and the
    option (the node's own error would speak of a depth limit, which MCTS has not)."""
    inner = getattr(root, "inner", root)
    if spec.rollout != "eval" or not isinstance(inner, TreeNode):
        return
    pending = list(inner.children)
    for node in pending:  # breadth-first: the first such node nearest the root
        if node.children and node.evaluation is None and node.stats is None:
            raise SearchOptionError(f"{node.place()}: --rollout eval values each node the search adds by its static "
                                    "value, but this node has no eval:; give it one, e.g. {name: C, eval: 3, "
                                    "children: [...]}, or play out with --rollout random")
        pending.extend(node.children)


def trace_search(root: GameState, algorithm: str | SearchSpec = DEFAULT_ALGORITHM, *, depth: float | None = None,
                 rules: Rules | None = None, meta: dict[str, Any] | None = None, order: str | None = None,
                 seed: int | None = None, max_nodes: int | None = None,
                 settings: dict[str, Any] | None = None, stop=None) -> Trace:
    """Search from ``root`` recording every step; the trace is ready to save or render. ``algorithm`` is a
    :class:`SearchSpec`, or an algorithm's name with the spec's parts as keywords (``depth``, ``rules``, children
    in ``order`` with ``seed`` (see :mod:`tracer.search.ordering`), ``settings``: the algorithm's own, ``guess`` and
    ``tt_size``). Past ``max_nodes`` recorded nodes the search is stopped with a :class:`TraceTooLargeError`
    (memory stays bounded), and a search whose estimate is past them is refused before it starts
    (:func:`tracer.estimate.refuse_past_nodes`). ``stop``: an anytime search's question, between iterations, whether
    to end now."""
    spec = as_spec(algorithm, depth=depth, rules=rules, order=order, seed=seed, settings=settings)
    search = spec.search
    refuse_unfit(search, root)
    refuse_outside_bounds(spec, root)
    refuse_unevaluated(spec, root)
    tracer = RecordingTracer(mover_terms=search.negamax, max_nodes=max_nodes)
    with deep_recursion():
        if max_nodes is not None:
            refuse_past_nodes(root, spec, max_nodes)
    with deep_recursion(), no_garbage_collection():
        root = ordered(root, spec.order, spec.search_depth, spec.seed)
        try:
            value, move = search.run(root, spec.search_depth, tracer, spec.rules, spec.settings, stop=stop)
        except BaseException:
            tracer.discard()  # nothing of a failed search is kept: freed before the collector resumes
            raise
    return Trace(
        algorithm=search.name,
        title=search.title,
        terms=search.terms,
        options=spec,
        nodes=lambda: _unpaused(tracer.nodes),
        events=lambda: _unpaused(tracer.events),
        value=value,
        best_move=None if move is None else root.move_name(move),
        meta=dict(meta or {}),
        node_count=tracer.node_count,
    )


def _unpaused(make):
    with no_garbage_collection():
        return make()


class Stats(Record):
    """The figures ``tracer stats --json`` prints; the keys are a contract read by other tools."""

    algorithm: str
    value: float
    best_move: str | None
    nodes_visited: int
    leaves_evaluated: int
    cutoffs: int
    evaluated_leaves: list[float] | None = field(repr=False)  # tree files only (games: None, left out of the JSON)
    seconds: float
    order: str = "natural"
    # The counts of particular searches (None, and left out of the JSON, for the others):
    researches: int | None = None  # principal variation search: children searched again after a null-window test
    passes: int | None = None  # MTD(f), SSS*: null-window searches from the root
    iterations: int | None = None  # iterative deepening: searches from the root, 1 ply deep, 2, ...
    tt_probes: int | None = None  # searches with a transposition table: nodes it was asked about
    tt_hits: int | None = None  # ... and found bounds searched deep enough to use
    children: list[dict] | None = None  # MCTS: the root's children, each {move, visits, wins, mean}

    @property
    def mean(self) -> float | None:
        """MCTS: the chosen move's mean reward for MAX (its ``value``)."""
        return self.value if self.children is not None else None

    def as_dict(self) -> dict[str, Any]:
        data = as_dict(self)
        for key in (*OWN_COUNTS, "children", "evaluated_leaves"):
            if data[key] is None:  # counts only some searches make (registry), MCTS's children, a game's leaves
                del data[key]
        return data


def search_stats(root: GameState, algorithm: str | SearchSpec = DEFAULT_ALGORITHM, *, depth: float | None = None,
                 rules: Rules | None = None, order: str | None = None, seed: int | None = None, repeat: int = 1,
                 fresh_root=None, settings: dict[str, Any] | None = None, max_nodes: int | None = None,
                 max_seconds: float | None = None) -> Stats:
    """Count what a search does, and time it. ``algorithm`` and the search's keywords: as :func:`trace_search`.

    ``seconds`` is the wall time of an untraced run (the median of ``repeat`` runs, each from ``fresh_root()``
    when given, so that no run profits from a cache an earlier one filled), so it is the search's own time; the
    move ordering is worked out before the clock starts. The counts come from one more run with a counting tracer
    (the searches are deterministic, so every run does the same work), which lists the leaves evaluated only for a
    tree file (an explicit tree): a game's are millions, so memory stays bounded whatever the depth.

    A budget (``max_nodes`` nodes visited, ``max_seconds`` seconds: a row of ``tracer compare``) refuses a search
    whose estimate is past it before it starts (:func:`tracer.estimate.refuse_past_budget`, a
    :class:`~tracer.errors.CostError`), and makes the counted run come first, stopped with a
    :class:`~tracer.errors.BudgetError` past either; the timed runs then repeat work known to fit, and stop early
    (the median of those made) once ``max_seconds`` have gone.
    """
    spec = as_spec(algorithm, depth=depth, rules=rules, order=order, seed=seed, settings=settings)
    search, depth, order, seed = spec.search, spec.search_depth, spec.order, spec.seed
    refuse_unfit(search, root)
    refuse_outside_bounds(spec, root)
    refuse_unevaluated(spec, root)
    budgeted = max_nodes is not None or max_seconds is not None
    keep_leaves = is_explicit(root)
    counter = (BudgetTracer(search.negamax, max_nodes, max_seconds, keep_leaves) if budgeted
               else CountingTracer(search.negamax, keep_leaves))
    times = []
    with deep_recursion():
        if budgeted:
            refuse_past_budget(root, spec, max_nodes, max_seconds)
            value, move = _counted(search, spec, root, counter)
        for _ in range(max(1, repeat)):
            if times and budgeted and counter.out_of_time():
                break
            start_root = for_timing(ordered(fresh_root() if fresh_root else root, order, depth, seed))
            if order in ("best", "worst", "eval"):
                search.run(start_root, depth, NO_TRACER, spec.rules, spec.settings)  # orders every node first
            start = time.perf_counter()
            search.run(start_root, depth, NO_TRACER, spec.rules, spec.settings)
            times.append(time.perf_counter() - start)
        if not budgeted:
            value, move = _counted(search, spec, root, counter)
    from statistics import median  # (here: a drawing never times a search)

    seconds = median(times)
    return Stats(
        algorithm=search.name,
        value=value,
        best_move=None if move is None else root.move_name(move),
        nodes_visited=counter.nodes_visited,
        leaves_evaluated=counter.leaves_evaluated,
        cutoffs=counter.cutoffs,
        evaluated_leaves=counter.evaluated_leaves,
        seconds=seconds,
        order=order,
        **{key: getattr(counter, key) for key in search.counts},
        children=None if counter.root_children is None else [
            {"move": move, "visits": visits, "wins": wins, "mean": wins / visits if visits else None}
            for move, visits, wins in counter.root_children],
    )


def _counted(search, spec: SearchSpec, root: GameState, counter: CountingTracer):
    """The search's (value, move), run from ``root`` with ``counter`` counting."""
    return search.run(ordered(root, spec.order, spec.search_depth, spec.seed), spec.search_depth, counter,
                      spec.rules, spec.settings)
