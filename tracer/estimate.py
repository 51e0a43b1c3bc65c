"""Before a search starts: what it will cost, estimated from what is known before it runs, and the refusal, in one
line, of a search that cannot fit its budget: a traced search against ``--max-nodes`` (its trace holds every node:
:func:`refuse_past_nodes`), an untraced one against ``--max-seconds`` at the speed it shows on this machine in its
first tenth of a second, and a row of ``tracer compare`` against ``--max-nodes`` too (:func:`refuse_past_budget`).

How many nodes a search visits, estimated (:func:`estimate`):

- on a tree file, its nodes down to the depth searched: it cannot visit more (the file's size was checked against
  ``--max-nodes`` as it was read);
- on a game, from what the search itself does in its first moments (:func:`probe`: depth 1, 2, ... each searched
  whole, untraced, within :data:`PROBE_NODES` nodes and :data:`PROBE_SECONDS` of CPU time), grown from the deepest
  depth it searched to the depth asked as the game tree grows: by Knuth's estimator (D. E. Knuth, "Estimating the
  efficiency of backtrack programs", 1975), along a random game the product of the branching factors met on the
  way down to ply k is an unbiased estimate of the nodes at ply k, and :data:`PLAYOUTS` games are averaged. A search
  that prunes grows as that size to the power 3/4: alpha-beta's branching factor under a move order that knows
  nothing is about b^(3/4) (Pearl 1982; Knuth & Moore 1975 for its best case, b^(1/2)). A search done within the
  probe is counted, not estimated;
- Monte Carlo tree search's, its iterations (for its time); its trace records at least
  :data:`~tracer.trace.recorder.MCTS_LEAST_STEPS` steps an iteration.

A search is refused when its estimate is past its budget. The estimate is within 10 times the count on every
shipped game at every depth searched in a second, and grown from depth 1 or 2 alone too
(``tests/test_estimate.py``): the searches with a transposition table (MTD(f), SSS*, iterative deepening) are
overestimated most as they go deeper, the transpositions they find growing with the depth. So the refusal names the
estimate and the options that change it, and a search that fits its budget but not the estimate runs once the
budget is raised; one past its budget that the estimate let through is stopped by the budget in force as it runs.
"""

from __future__ import annotations

import math
import random
import time

from .errors import BudgetError, CostError, TraceTooLargeError
from .model.state import UNLIMITED, is_explicit
from .records import Record
from .search.mcts import DEFAULT_ITERATIONS
from .search.ordering import ordered
from .search.spec import SearchSpec
from .search.tracers import BudgetTracer
from .trace.recorder import MCTS_LEAST_STEPS, MCTS_STEPS

PLAYOUTS = 32  # random games Knuth's estimator averages
PLAYOUT_SECONDS = 0.3  # ... or fewer, if they take longer (a game of slow moves, very deep)
MOST_PLIES = 1_000  # a random game is followed this far at the most (a game need not end: Pig)
PRUNED_EXPONENT = 0.75  # a pruning search grows as (the game tree's size) ** this
PROBE_NODES = 50_000  # the search's first moments: at most this many nodes ...
PROBE_SECONDS = 0.1  # ... and this much CPU time (its speed on this machine is measured over them)


class Estimate(Record, frozen=True):
    """How much a search will do: about ``10 ** log10`` ``unit`` (a deep game's tree is past any float), and how
    the figure was made, in words."""

    log10: float
    unit: str  # "nodes" (visited), or "iterations" (Monte Carlo tree search)
    made: str  # "the tree file's nodes searched", "grown from its 1,234 nodes 4 plies deep as ..."

    def words(self) -> str:
        return f"about {about(self.log10)} {self.unit} ({self.made})"


class Probe(Record, frozen=True):
    """What a search did in its first moments (:func:`probe`): the deepest depth it searched whole (0: none) and
    the nodes that search visited, whether that was the search asked for (then nothing is estimated), and its speed
    on this machine (``unit`` per CPU second)."""

    depth: float
    nodes: int
    whole: bool
    speed: float


def probe(root, spec: SearchSpec, most: int = PROBE_NODES, seconds: float = PROBE_SECONDS,
          traced: bool = False) -> Probe:
    """Run the search untraced, 1 ply deep, 2, ... up to the depth ``spec`` asks, each searched whole, until
    ``most`` nodes or ``seconds`` of CPU time are spent (Monte Carlo tree search: its iterations, within the same).
    Its nodes are those it visits, or (``traced``) those its trace would hold: the children its cutoffs skip too.
    Run it inside :func:`tracer.run.deep_recursion`."""
    search, target = spec.search, spec.search_depth
    started = time.process_time()
    deadline = started + seconds
    done, done_nodes, spent = 0, 0, 0
    stepped = search.depth_limited and not is_explicit(root)  # (a tree file cut short would need eval: there)
    iterations = search.budget == "iterations"  # its work is counted in iterations (each a pass), not nodes
    for depth in (range(1, int(min(target, MOST_PLIES)) + 1) if stepped else [target]):
        tracer = _Probe(search.negamax, deadline, most - spent)
        try:
            search.run(ordered(root, spec.order, depth, spec.seed), depth, tracer, spec.rules, spec.settings)
        except BudgetError:
            spent += tracer.passes if iterations else tracer.nodes_visited
            break
        spent += tracer.passes if iterations else tracer.nodes_visited
        nodes = tracer.passes if iterations else tracer.nodes_visited + (tracer.skipped if traced else 0)
        # the search asked for, done: its own depth, or (to the game's end) a depth whose search is the last's
        if depth == target or not stepped or target == UNLIMITED and nodes == done_nodes:
            return Probe(target, nodes, True, _speed(spent, started))
        done, done_nodes = depth, nodes
    return Probe(done, done_nodes, False, _speed(spent, started))


def _speed(done: int, started: float) -> float:
    return max(done, 1) / max(time.process_time() - started, 1e-6)


class _Probe(BudgetTracer):
    """A budget tracer of CPU time rather than the wall's (the speed is then the machine's, not its load's), read
    every few nodes (a slow game's node can take a millisecond); it counts the children cutoffs skip too (a trace
    holds them)."""

    __slots__ = ("skipped",)
    CLOCK_EVERY = 4

    def __init__(self, mover_terms: bool, deadline: float, max_nodes: int):
        super().__init__(mover_terms, max_nodes=max(max_nodes, 0), max_seconds=0.0)  # (its own clock, below)
        self.deadline = deadline
        self.skipped = 0

    def cutoff(self, skipped_moves):  # (Star1's and max^n's cutoffs come here too)
        super().cutoff(skipped_moves)
        self.skipped += len(skipped_moves)

    def out_of_time(self) -> bool:
        return time.process_time() > self.deadline


def estimate(root, spec: SearchSpec, measured: Probe | None = None) -> Estimate:
    """The work the search ``spec`` will do from ``root``: see the module's docstring. ``measured``: the search's
    :func:`probe`, when made already (a game's estimate makes it otherwise)."""
    if spec.search.budget == "iterations":
        return Estimate(math.log10(spec.iterations or DEFAULT_ITERATIONS), "iterations", "as asked")
    depth = spec.search_depth
    if is_explicit(root):
        return Estimate(math.log10(tree_nodes(root, depth)), "nodes", "the tree file's nodes searched")
    measured = measured or probe(root, spec)
    if measured.whole:
        return Estimate(math.log10(max(measured.nodes, 1)), "nodes", "counted: the search was done in its first "
                                                                    "moments")
    sizes, games = game_tree_sizes(root, depth)
    grown = _size_at(sizes, depth) - _size_at(sizes, measured.depth)
    pruning = spec.search.pruning
    log10 = math.log10(max(measured.nodes, 1)) + (PRUNED_EXPONENT if pruning else 1) * grown
    plies = f"{measured.depth} pl{'y' if measured.depth == 1 else 'ies'}"
    start = f"its {measured.nodes:,} nodes {plies} deep" if measured.depth else "the root"
    return Estimate(log10, "nodes", f"from {start}, grown to the depth asked as the game tree grows over {games} "
                                    f"random games{', to the power 3/4 as the search prunes' if pruning else ''}")


def tree_nodes(root, depth: float = UNLIMITED) -> int:
    """The nodes of an explicit tree (a tree file's) down to ``depth`` plies."""
    count, pending = 0, [(root, 0)]
    while pending:
        state, ply = pending.pop()
        count += 1
        if ply < depth and not state.is_terminal():
            pending.extend((state.child(move), ply + 1) for move in state.moves())
    return count


def game_tree_sizes(root, depth: float = UNLIMITED, playouts: int = PLAYOUTS, seed: int = 0) -> tuple[list[float], int]:
    """Knuth's estimate of the nodes of the game tree below ``root`` down to each ply (0, 1, ..., to ``depth`` or
    the deepest ply a game reached), as log10s, and the random games it was made from. Each game goes down by moves
    drawn uniformly (a chance node's outcomes too: each is a node), and the product of the branching factors met
    down to ply k estimates the nodes at ply k. Whole numbers throughout: a deep game's products are past any
    float."""
    rng = random.Random(seed)
    deadline = time.monotonic() + PLAYOUT_SECONDS
    at_ply: list[int] = []  # per ply below the root: the products, added over the games
    games = 0
    while games < playouts and (games == 0 or time.monotonic() < deadline):
        state, product, ply = root, 1, 0
        while ply < min(depth, MOST_PLIES) and not state.is_terminal():
            moves = state.moves()
            if not moves:
                break
            product *= len(moves)
            if ply == len(at_ply):
                at_ply.append(0)
            at_ply[ply] += product
            state = state.child(moves[rng.randrange(len(moves))])
            ply += 1
        games += 1
    sizes, total = [0.0], games  # the root: one node in every game
    for products in at_ply:
        total += products
        sizes.append(math.log10(total) - math.log10(games))
    return sizes, games


def _size_at(sizes: list[float], depth: float) -> float:
    return sizes[int(min(depth, len(sizes) - 1))]


def refuse_past_nodes(root, spec: SearchSpec, max_nodes: int) -> None:
    """Refuse a traced search whose trace cannot fit ``max_nodes`` (``--max-nodes``): a game's search estimated
    past it, or a Monte Carlo tree search whose iterations record more steps than it at the least. (A tree file's
    nodes were counted against it as the file was read.) Run it inside :func:`tracer.run.deep_recursion`."""
    if spec.search.budget == "iterations":
        _refuse_iterations(spec, max_nodes, TraceTooLargeError)
        return
    if is_explicit(root):
        return
    cost = estimate(root, spec, probe(root, spec, min(PROBE_NODES, max_nodes), traced=True))
    if _past(cost.log10, max_nodes):
        raise TraceTooLargeError(f"{_search_words(spec)}: {cost.words()}, past --max-nodes {max_nodes:,} (a trace "
                                 "holds every node); search less deep with --depth D, or raise the limit with "
                                 "--max-nodes N")


def refuse_past_budget(root, spec: SearchSpec, max_nodes: int | None = None,
                       max_seconds: float | None = None) -> None:
    """Refuse an untraced search (``tracer stats``, a row of ``tracer compare``) that cannot fit its budget: its
    estimated nodes past ``max_nodes`` (Monte Carlo tree search's steps, counted as a trace counts them), or its
    estimated time, at the speed the search shows in its first moments on this machine (:func:`probe`), past
    ``max_seconds``. A search done within the probe is never refused for its time. Run it inside
    :func:`tracer.run.deep_recursion`."""
    if max_nodes is not None and spec.search.budget == "iterations":
        _refuse_iterations(spec, max_nodes, CostError)
    if is_explicit(root) and max_seconds is None:
        return
    measured = probe(root, spec)
    cost = estimate(root, spec, measured)
    if max_nodes is not None and cost.unit == "nodes" and _past(cost.log10, max_nodes):
        raise CostError(f"{_search_words(spec)}: {cost.words()}, past --max-nodes {max_nodes:,}; "
                        f"{_less(spec)}, or allow more with --max-nodes N")
    if max_seconds is None or measured.whole:  # (a search done within the probe costs no more time than that)
        return
    log10_seconds = cost.log10 - math.log10(measured.speed)
    if _past(log10_seconds, max_seconds):
        raise CostError(f"{_search_words(spec)}: {cost.words()}, {duration(log10_seconds)} at the "
                        f"{about(math.log10(measured.speed))} {cost.unit} a second this machine searched as the search "
                        f"began, past --max-seconds {max_seconds:g}; {_less(spec)}, or allow more "
                        "time with --max-seconds S")


def _past(log10: float, budget: float) -> bool:
    """Whether 10 ** ``log10`` is past ``budget`` (a count the estimate gives exactly, such as a tree's 82 nodes, is
    not past a budget of 82 by a rounding of its logarithm)."""
    return log10 > math.log10(budget) + 1e-9


def _refuse_iterations(spec: SearchSpec, max_nodes: int, error) -> None:
    """Refuse Monte Carlo tree search's iterations that make more steps than ``max_nodes`` at the least (counted
    as its trace counts them), with ``error``."""
    iterations = spec.iterations or DEFAULT_ITERATIONS
    if iterations * MCTS_LEAST_STEPS > max_nodes:
        raise error(f"-a {spec.search.name}: --iterations {iterations:,} make at least "
                    f"{iterations * MCTS_LEAST_STEPS:,} steps ({MCTS_LEAST_STEPS} an iteration), past --max-nodes "
                    f"{max_nodes:,} ({MCTS_STEPS}); ask fewer with --iterations N, or raise the limit with "
                    "--max-nodes N")


def _search_words(spec: SearchSpec) -> str:
    """``-a alphabeta, 42 plies deep``."""
    if not spec.search.depth_limited:  # (it plays out to the end of the game)
        return f"-a {spec.search.name}"
    depth = "to the end of the game" if spec.depth is None else f"{spec.depth:,} plies deep"
    return f"-a {spec.search.name}, {depth}"


def _less(spec: SearchSpec) -> str:
    return "ask fewer with --iterations N" if spec.search.budget == "iterations" else "search less deep with --depth D"


def about(log10: float) -> str:
    """A count known by its log10, as people read an estimate: ``45,000``, ``3,200,000``, ``4.5·10^21``."""
    if log10 < 9:
        count = 10 ** log10
        digits = max(0, int(math.floor(log10)) - 1)  # two significant digits
        return f"{round(count, -digits):,.0f}"
    exponent = math.floor(log10)
    mantissa = 10 ** (log10 - exponent)
    if round(mantissa, 1) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.1f}·10^{exponent}"


UNITS = (("years", 365.25 * 86_400), ("days", 86_400), ("hours", 3_600), ("minutes", 60))


def duration(log10_seconds: float) -> str:
    """A time known by its log10 in seconds, in the largest unit it fills twice: ``about 40 minutes``,
    ``about 3.2·10^9 years``."""
    for unit, seconds in UNITS:
        if log10_seconds >= math.log10(2 * seconds):
            return f"about {about(log10_seconds - math.log10(seconds))} {unit}"
    return f"about {about(log10_seconds)} s" if log10_seconds >= 0 else f"about {10 ** log10_seconds:.2g} s"
