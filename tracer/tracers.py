"""Tracers: what a search calls at each step. The null tracer does nothing; the others count or record.

A search calls, in order: ``enter`` (a node is entered), then either ``leaf`` (the node is evaluated and left)
or any number of ``value_updated`` / ``alpha_updated`` / ``beta_updated`` (each caused by the child that has just
returned), perhaps one ``cutoff`` (the remaining moves are skipped), and ``exit``.
"""

from __future__ import annotations

from .state import Player
from .trace import (
    AlphaUpdated, BetaUpdated, Cutoff, LeafEvaluated, NodeEntered, NodeExited, TraceNode, ValueUpdated,
)


class NullTracer:
    """Tracing off: every step is a no-op, so an untraced search allocates no events."""

    __slots__ = ()

    def enter(self, state, move, depth, alpha=None, beta=None):
        pass

    def leaf(self, value):
        pass

    def value_updated(self, old, new):
        pass

    def alpha_updated(self, old, new):
        pass

    def beta_updated(self, old, new):
        pass

    def cutoff(self, skipped_moves):
        pass

    def exit(self, value, best_move):
        pass


NO_TRACER = NullTracer()


class CountingTracer(NullTracer):
    """Counts nodes, leaves and cutoffs, and keeps the leaf values in order (in MAX's terms).

    A cutoff is counted when it skips at least one child: one at the last child leaves nothing unsearched.
    """

    __slots__ = ("nodes_visited", "leaves_evaluated", "cutoffs", "evaluated_leaves", "_player", "_mover_terms")

    def __init__(self, mover_terms: bool = False):
        """``mover_terms``: the search reports leaf values from the mover's view (negamax); convert them back."""
        self.nodes_visited = 0
        self.leaves_evaluated = 0
        self.cutoffs = 0
        self.evaluated_leaves: list[float] = []
        self._player = Player.MAX
        self._mover_terms = mover_terms

    def enter(self, state, move, depth, alpha=None, beta=None):
        self.nodes_visited += 1
        self._player = state.player

    def leaf(self, value):
        self.leaves_evaluated += 1
        self.evaluated_leaves.append(self._player.sign * value if self._mover_terms else value)

    def cutoff(self, skipped_moves):
        if skipped_moves:
            self.cutoffs += 1


class RecordingTracer(NullTracer):
    """Records every step, and every node entered or pruned, for a :class:`~tracer.trace.Trace`.

    The search path stays cheap: each step appends one small tuple, and states are kept as they are (positions
    are immutable). :meth:`events` and :meth:`nodes` turn the log into event objects, names, move names and
    boards when a trace is read.
    """

    __slots__ = ("_log", "_records", "_stack", "_last_child", "_emit", "_record")

    def __init__(self):
        self._log: list[tuple] = []  # (event class, node, ...) per step
        self._records: list[tuple] = []  # per node id: (state, parent id, move, pruned)
        self._stack: list[int] = [None]  # the node ids on the search path, under a None for the root's parent
        self._last_child = None  # the child that returned last: it caused the next update
        self._emit, self._record = self._log.append, self._records.append  # bound once: called at every step

    def enter(self, state, move, depth, alpha=None, beta=None):
        stack = self._stack
        node = len(self._records)
        self._record((state, stack[-1], move, False))
        self._emit((NodeEntered, node, alpha, beta))
        stack.append(node)

    def leaf(self, value):
        node = self._last_child = self._stack.pop()
        self._emit((LeafEvaluated, node, value))

    def value_updated(self, old, new):
        self._emit((ValueUpdated, self._stack[-1], old, new, self._last_child))

    def alpha_updated(self, old, new):
        self._emit((AlphaUpdated, self._stack[-1], old, new, self._last_child))

    def beta_updated(self, old, new):
        self._emit((BetaUpdated, self._stack[-1], old, new, self._last_child))

    def cutoff(self, skipped_moves):
        if not skipped_moves:  # a cutoff at the last child skips nothing: the node was searched in full
            return
        node = self._stack[-1]
        first = len(self._records)
        self._records.extend((None, node, move, True) for move in skipped_moves)  # the child is made when read
        cut = "beta" if self._records[node][0].player is Player.MAX else "alpha"
        self._log.append((Cutoff, node, cut, tuple(range(first, len(self._records)))))

    def exit(self, value, best_move):
        node = self._last_child = self._stack.pop()
        self._emit((NodeExited, node, value))

    def events(self) -> list:
        """The steps as event objects. A node's best child is the one that caused its last value update."""
        records = self._records
        plies: dict[int, int] = {}
        best_child: dict[int, int] = {}
        events = []
        for entry in self._log:
            kind, node = entry[0], entry[1]
            if kind is NodeEntered:
                parent = records[node][1]
                plies[node] = 0 if parent is None else plies[parent] + 1
                events.append(NodeEntered(node, plies[node], records[node][0].player, entry[2], entry[3]))
            elif kind is ValueUpdated:
                best_child[node] = entry[4]
                events.append(ValueUpdated(*entry[1:]))
            elif kind is NodeExited:
                events.append(NodeExited(node, entry[2], best_child.get(node)))
            else:
                events.append(kind(*entry[1:]))
        return events

    def node_count(self) -> int:
        """How many nodes :meth:`nodes` will make, without making them (for size checks before drawing)."""
        count = len(self._records)
        for state, parent, move, pruned in self._records:
            if pruned:
                pending = [self._records[parent][0].child(move)]
                while pending and getattr(pending[-1], "explicit", False):
                    state = pending.pop()
                    children = [state.child(m) for m in state.moves()]
                    count += len(children)
                    pending.extend(children)
        return count

    def nodes(self) -> list[TraceNode]:
        """The nodes, in id order, with names, move names and boards filled in.

        A pruned child of an explicit tree (a tree file) brings its whole subtree, so it can be drawn faded; those
        nodes are numbered after the ones the search recorded.
        """
        records = list(self._records)
        for node in range(len(self._records)):
            state, parent, move, pruned = records[node]
            if not pruned:
                continue
            state = records[parent][0].child(move)
            records[node] = (state, parent, move, pruned)
            if getattr(state, "explicit", False):
                pending = [(state, node)]
                while pending:
                    state, parent = pending.pop()
                    for move in state.moves():
                        child = state.child(move)
                        pending.append((child, len(records)))
                        records.append((child, parent, move, True))
        nodes, plies = [], []
        for node, (state, parent, move, pruned) in enumerate(records):
            if parent is None:
                ply, move_name = 0, None
            else:
                ply, move_name = plies[parent] + 1, records[parent][0].move_name(move)
            plies.append(ply)
            kind = type(state)
            explicit_leaf = getattr(kind, "explicit", False) and state.is_terminal()
            nodes.append(TraceNode(node, parent, move_name, getattr(state, "name", ""), state.player, ply, pruned,
                                   state.utility() if explicit_leaf else None,
                                   state.board if hasattr(kind, "board") else None))  # made when read
        return nodes
