"""The tracer interface a search calls at each step, with the null tracer (tracing off) and a counting tracer.

A search calls, for each node, in order: ``enter`` (the node is entered, with its window when the search has
one), then either ``leaf`` (the node is evaluated and left) or any number of ``value_updated`` /
``alpha_updated`` / ``beta_updated`` (each caused by the child that has just returned), perhaps one ``cutoff``
(the remaining moves are skipped; quiescence search, past the depth limit, calls ``stand_pat`` with the node's
static evaluation before its noisy moves; max^n's shallow pruning calls ``shallow_cutoff`` with the Bound its player's value
reached, and its immediate pruning ``immediate_cutoff`` with the most a player can get; at a chance node searched by
Star1 or Star2, ``chance_cutoff``, with the bound the outcomes seen prove on the average, ``value``, beyond α or β,
``limit``, each outcome neither searched nor probed taken at ``assumed``, the bound U or L), and ``exit`` (the value
returned and the move the search chose). Star2 probes an outcome: ``enter``, its first child searched, one
``value_updated``, then ``probe`` (instead of ``exit``: the value is a bound, ``bound`` LOWER or UPPER, and the
other children, ``waiting_moves``, are searched later or never); the outcome is entered again in the search phase.
Values may be exact (``Fraction``): the recording tracer stores them as floats (:func:`tracer.numbers.stored`).
A search that makes several passes from the root (iterative deepening, MTD(f)) calls ``begin_pass`` before each.
Principal variation search calls ``research`` when a child's null-window test fails high, just before it enters
that child again with the wider window. The searches with a transposition table (:mod:`.transposition`) call, at a node
just entered, ``table_probe`` (what the table knows, or ``None``, and whether its best move is searched first),
then perhaps ``table_cutoff`` (the table's bound settles the node: it is left with that value, instead of ``leaf``
or ``exit``); and ``table_store`` just before ``exit``, or just after ``leaf`` (``of_leaf=True``: a leaf is stored
once it is evaluated).

Monte Carlo tree search (:mod:`.mcts`) calls its own steps, each with the search tree's nodes: ``tree_root`` once,
``given`` for each node whose statistics a tree file gives, then per iteration ``begin_iteration``, a ``select``
(UCB1, with every child's terms) or ``sample`` (a chance outcome) per level it goes down, perhaps ``expand``, one
``playout`` (its moves and reward; none for ``eval`` and at a terminal node) and one ``backup``; and ``final``
with the move it returns.

The recording tracer, which turns these calls into a trace, is in :mod:`tracer.trace.recorder`.
"""

from __future__ import annotations

import time

from ..errors import BudgetError
from ..numbers import stored


class NullTracer:
    """Tracing off: every step is a no-op, so an untraced search allocates no events."""

    __slots__ = ()

    def begin_pass(self, label, alpha=None, beta=None):
        pass

    def enter(self, state, move, alpha=None, beta=None):
        pass

    def leaf(self, value):
        pass

    def stand_pat(self, value):
        pass

    def value_updated(self, old, new):
        pass

    def alpha_updated(self, old, new):
        pass

    def beta_updated(self, old, new):
        pass

    def cutoff(self, skipped_moves):
        pass

    def chance_cutoff(self, skipped_moves, bound, value, limit, assumed):
        pass

    def research(self, value, alpha, beta):
        pass

    def shallow_cutoff(self, skipped_moves, bound, total, lowest):
        pass

    def immediate_cutoff(self, skipped_moves, most, total, lowest, highest):
        pass

    def probe(self, waiting_moves, value, bound):
        pass

    def table_probe(self, entry, depth, move_first):
        pass

    def table_cutoff(self, value, entry):
        pass

    def table_store(self, entry, of_leaf=False):
        pass

    def exit(self, value, best_move):
        pass

    # Monte Carlo tree search
    def tree_root(self, node):
        pass

    def given(self, node):
        pass

    def begin_iteration(self, number):
        pass

    def select(self, node, child, scored):
        pass

    def sample(self, node, child):
        pass

    def expand(self, node):
        pass

    def playout(self, node, moves, reward, how):
        pass

    def backup(self, node, reward):
        pass

    def final(self, root, best, rule):
        pass


NO_TRACER = NullTracer()


def traced(tracer: NullTracer) -> bool:
    """Whether a search calls ``tracer``'s steps: tracing off (:data:`NO_TRACER`) skips them, call and all (a call
    that does nothing costs the classic searches a tenth to a fifth of their time)."""
    return tracer is not NO_TRACER

# What a search's work is counted in (``tracer stats``, an answer key's counts), and the one rule for counting it:
# one per tracer call of its kind, the only exceptions being a cutoff, counted when it skips at least one child (one
# at the last child leaves nothing unsearched: the recording tracer records no event for it), and a table hit,
# counted when the entry was searched at least as deep as the search asks. The counting tracer counts the calls;
# the view counts the events these calls record (each event type names the counts it adds to: ``Event.counted``).
NODES_VISITED, LEAVES_EVALUATED, CUTOFFS = "nodes_visited", "leaves_evaluated", "cutoffs"
RESEARCHES, PASSES, TT_PROBES, TT_HITS = "researches", "passes", "tt_probes", "tt_hits"
COUNTS = (NODES_VISITED, LEAVES_EVALUATED, CUTOFFS, RESEARCHES, PASSES, TT_PROBES, TT_HITS)


def skips_any(skipped_moves) -> bool:
    """Whether a cutoff counts (and is recorded): it skips at least one child."""
    return bool(skipped_moves)


def deep_enough(entry, depth) -> bool:
    """Whether a table entry is a hit: searched at least ``depth`` plies deep, so its bounds can be used."""
    return entry.depth >= depth


class CountingTracer(NullTracer):
    """Counts what a search does (see ``COUNTS`` and the rule above), and, when asked, keeps the leaf values in
    order (in MAX's terms). Each count is one attribute added to in place, so counting stays as cheap as a call,
    and its memory stays the same however long the search: a game's leaves are millions (39 million for Connect
    Four's minimax 9 plies deep), so they are kept only for tree files."""

    __slots__ = ("nodes_visited", "leaves_evaluated", "cutoffs", "researches", "passes", "tt_probes", "tt_hits",
                 "evaluated_leaves", "_player", "_mover_terms", "root_children")

    def __init__(self, mover_terms: bool = False, keep_leaves: bool = False):
        """``mover_terms``: the search reports leaf values from the mover's view (negamax); convert them back.
        ``keep_leaves``: list the leaf values in ``evaluated_leaves`` (else it is ``None``)."""
        self.nodes_visited = 0
        self.leaves_evaluated = 0
        self.cutoffs = 0
        self.researches = 0
        self.passes = self.tt_probes = self.tt_hits = 0
        self.evaluated_leaves: list[float] | None = [] if keep_leaves else None
        self._player = None
        self._mover_terms = mover_terms
        self.root_children: list[tuple] | None = None  # MCTS: (move name, visits, wins) of the root's children

    def enter(self, state, move, alpha=None, beta=None):
        self.nodes_visited += 1
        self._player = state.player

    def leaf(self, value):
        self.leaves_evaluated += 1
        if self.evaluated_leaves is not None:
            self.evaluated_leaves.append(stored(self._player.sign * value if self._mover_terms else value))

    def stand_pat(self, value):  # a static evaluation, counted as a leaf's (only tree files keep leaf values)
        self.leaves_evaluated += 1

    def cutoff(self, skipped_moves):
        if skips_any(skipped_moves):
            self.cutoffs += 1

    def chance_cutoff(self, skipped_moves, bound, value, limit, assumed):
        self.cutoff(skipped_moves)

    def research(self, value, alpha, beta):
        self.researches += 1

    def shallow_cutoff(self, skipped_moves, bound, total, lowest):
        self.cutoff(skipped_moves)

    def immediate_cutoff(self, skipped_moves, most, total, lowest, highest):
        self.cutoff(skipped_moves)

    def begin_pass(self, label, alpha=None, beta=None):
        self.passes += 1

    @property
    def iterations(self) -> int:
        """Iterative deepening's passes: its searches from the root, 1 ply deep, 2, ..."""
        return self.passes

    # Monte Carlo tree search: an iteration is a pass from the root, a node expanded is a node visited, and a
    # playout (or a terminal node's result, or an evaluation) is a leaf evaluated
    def begin_iteration(self, number):
        self.passes += 1

    def expand(self, node):
        self.nodes_visited += 1

    def playout(self, node, moves, reward, how):
        self.leaves_evaluated += 1

    def final(self, root, best, rule):
        self.root_children = [(root.state.move_name(child.move), child.visits, child.wins) for child in root.children]

    def table_probe(self, entry, depth, move_first):
        self.tt_probes += 1
        if entry is not None and deep_enough(entry, depth):
            self.tt_hits += 1


class BudgetTracer(CountingTracer):
    """A counting tracer that stops the search (a :class:`~tracer.errors.BudgetError`) once it has visited more
    than ``max_nodes`` nodes, or once ``max_seconds`` have passed since it was made (the clock is read every
    :data:`CLOCK_EVERY` nodes and iterations, so it costs next to nothing). ``None``: no such budget."""

    __slots__ = ("max_nodes", "deadline", "max_seconds", "_ticks")
    CLOCK_EVERY = 1024

    def __init__(self, mover_terms: bool = False, max_nodes: int | None = None, max_seconds: float | None = None,
                 keep_leaves: bool = False):
        super().__init__(mover_terms, keep_leaves)
        self.max_nodes = max_nodes if max_nodes is not None else float("inf")
        self.max_seconds = max_seconds
        self.deadline = float("inf") if max_seconds is None else time.monotonic() + max_seconds
        self._ticks = 0

    def enter(self, state, move, alpha=None, beta=None):  # the counter's own two lines, then the budget: every node
        # of a search passes here, and a call to the counter's enter and another to _spent cost a search 1.7× its time
        self.nodes_visited += 1
        self._player = state.player
        if self.nodes_visited > self.max_nodes or not self.nodes_visited % self.CLOCK_EVERY and self.out_of_time():
            self._stop()

    def expand(self, node):
        super().expand(node)
        self._spent()

    def begin_iteration(self, number):
        super().begin_iteration(number)
        self._spent()

    def out_of_time(self) -> bool:
        """Whether the time budget is spent."""
        return time.monotonic() > self.deadline

    def _spent(self):
        self._ticks += 1
        if self.nodes_visited > self.max_nodes or not self._ticks % self.CLOCK_EVERY and self.out_of_time():
            self._stop()

    def _stop(self):
        """Stop the search: it has passed its nodes, or its time."""
        if self.nodes_visited > self.max_nodes:
            raise BudgetError(f"the search passed {self.max_nodes:,} nodes (--max-nodes)")
        raise BudgetError(f"the search took more than {self.max_seconds:g} s (--max-seconds)")
