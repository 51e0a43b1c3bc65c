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
    """Counts nodes, leaves and cutoffs, and keeps the leaf values in order (in MAX's terms)."""

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
        if skipped_moves:  # a cutoff at the last child skips nothing: the node was searched in full
            self.cutoffs += 1


class RecordingTracer(NullTracer):
    """Records every step as an event, and every node entered or pruned, for a :class:`~tracer.trace.Trace`.

    States are kept as they are during the search (positions are immutable) and turned into names, move names
    and boards only when :meth:`nodes` is asked for, so recording stays cheap.
    """

    __slots__ = ("events", "_states", "_parents", "_moves", "_plies", "_pruned", "_frames", "_last_child")

    def __init__(self):
        self.events: list = []
        self._states: list = []
        self._parents: list = []
        self._moves: list = []
        self._plies: list = []
        self._pruned: list = []
        self._frames: list = []  # one [node id, best child] per node on the search path
        self._last_child = None  # the child that returned last: it caused the next update

    def _add_node(self, state, parent, move, ply, pruned):
        node = len(self._states)
        self._states.append(state)
        self._parents.append(parent)
        self._moves.append(move)
        self._plies.append(ply)
        self._pruned.append(pruned)
        return node

    def enter(self, state, move, depth, alpha=None, beta=None):
        frames = self._frames
        parent = frames[-1][0] if frames else None
        node = self._add_node(state, parent, move, len(frames), False)
        self.events.append(NodeEntered(node, len(frames), state.player, alpha, beta))
        frames.append([node, None])

    def leaf(self, value):
        node = self._frames.pop()[0]
        self.events.append(LeafEvaluated(node, value))
        self._last_child = node

    def value_updated(self, old, new):
        frame = self._frames[-1]
        frame[1] = self._last_child
        self.events.append(ValueUpdated(frame[0], old, new, self._last_child))

    def alpha_updated(self, old, new):
        self.events.append(AlphaUpdated(self._frames[-1][0], old, new, self._last_child))

    def beta_updated(self, old, new):
        self.events.append(BetaUpdated(self._frames[-1][0], old, new, self._last_child))

    def cutoff(self, skipped_moves):
        if not skipped_moves:  # a cutoff at the last child skips nothing: the node was searched in full
            return
        node = self._frames[-1][0]
        state = self._states[node]
        skipped = tuple(self._add_pruned(state, node, move, len(self._frames)) for move in skipped_moves)
        cut = "beta" if state.player is Player.MAX else "alpha"
        self.events.append(Cutoff(node, cut, skipped))

    def _add_pruned(self, state, parent, move, ply):
        """Record a skipped child; for an explicit tree, its whole subtree, so it can be drawn faded."""
        child = state.child(move)
        node = self._add_node(child, parent, move, ply, True)
        if getattr(child, "explicit", False):
            pending = [(child, node, ply + 1)]
            while pending:
                state, parent, ply = pending.pop()
                for move in state.moves():
                    grandchild = state.child(move)
                    pending.append((grandchild, self._add_node(grandchild, parent, move, ply, True), ply + 1))
        return node

    def exit(self, value, best_move):
        node, best_child = self._frames.pop()
        self.events.append(NodeExited(node, value, best_child))
        self._last_child = node

    def nodes(self) -> list[TraceNode]:
        """The nodes, in id order, with names, move names and boards filled in."""
        nodes = []
        for node, state in enumerate(self._states):
            parent = self._parents[node]
            move = self._moves[node]
            move_name = None if parent is None else self._states[parent].move_name(move)
            explicit_leaf = getattr(state, "explicit", False) and state.is_terminal()
            board = state.board() if hasattr(state, "board") else None
            nodes.append(TraceNode(node, parent, move_name, getattr(state, "name", ""), state.player,
                                   self._plies[node], self._pruned[node],
                                   state.utility() if explicit_leaf else None, board))
        return nodes
