"""The recording tracer: what a search calls to build a :class:`~tracer.trace.trace.Trace`.

The search path stays cheap: each step appends its event type and a few plain values to a flat list, and states
are kept as they are (positions are immutable). Node ids, event objects, names, move names and boards are made only
when the trace is read, and the positions of a game's pruned children only when their fields are.

The values a search logs may be exact (``Fraction``: expectiminimax's averages, Star1's windows, MTD(f)'s on
decimals); an event holds each as the float :func:`tracer.numbers.stored` gives, made when the event is (so the search
path pays nothing), and the trace's JSON writes that float.
"""

from __future__ import annotations

import sys
from functools import partial
from itertools import count

from ..errors import TraceTooLargeError
from ..model.state import Player, has_board, is_explicit, node_board, node_name
from ..search.bounds import Bound
from ..search.tracers import NullTracer, deep_enough, skips_any
from ..numbers import stored
from .events import (
    AlphaUpdated, BackedUp, BetaUpdated, ChanceCutoff, Cutoff, Expanded, FinalChoice, ImmediateCutoff,
    IterationStarted, LeafEvaluated, NodeEntered, NodeExited, PassStarted, PlayedOut, Probed, Researched, Sampled,
    Selected, ShallowCutoff, StandPat, StatsGiven, TableCutoff, TableProbe, TableStore, ValueUpdated, ALPHA_CUT, BETA_CUT,
    cut_kind,
)
from .trace import TraceNode

# How a traced Monte Carlo tree search counts against --max-nodes (its iterations go over the same few nodes again,
# and its trace grows with its steps): said in its error, and in the README.
MCTS_STEPS = ("a traced MCTS counts its steps, a selection one more for each child it scores and a back-up one more "
              "for each node it updates")
MCTS_LEAST_STEPS = 4  # what every iteration records at the least: its start, a playout, a back-up of 1 node or more

CHANCE = Player.CHANCE  # read once: an enum member costs a look-up through its class at every node


class RecordingTracer(NullTracer):
    """Records every step, and every node entered or pruned.

    Each ``enter`` makes an *entry*. When a search makes several passes from the root (``begin_pass`` more than
    once), entries with the same parent node and move are the same node of the trace, so it draws one tree; in one
    pass every entry is a node of its own.

    The record is kept in flat lists of plain values, not an object per step: the log holds each step's event type
    followed by the values its call logged, and the entries are three columns (position, parent entry, move). A
    search records millions of steps, and a tuple per step costs its making, its freeing and the garbage
    collector's pass over it.
    """

    __slots__ = ("_log", "_states", "_parents", "_moves", "_stack", "_last_child", "mover_terms",
                 "_numbered", "_passes", "_limit", "_researched", "_mcts", "_steps")

    def __init__(self, mover_terms: bool = False, max_nodes: int | None = None):
        """``mover_terms``: the search's values are the mover's (negamax), which names its cutoffs. ``max_nodes``:
        stop the search (:class:`TraceTooLargeError`) once more nodes than this are recorded, so memory stays
        bounded; Monte Carlo tree search, whose iterations go over the same nodes again, is stopped once more
        steps than this are recorded (:data:`MCTS_STEPS`)."""
        self.mover_terms = mover_terms
        self._limit = max_nodes if max_nodes is not None else sys.maxsize
        self._log: list = []  # per step, one after another: its event type, then the values its call logged
        self._states: list = []  # per entry: its position, or None for a pruned child (made when its node is read)
        self._parents: list = []  # per entry: the entry it hangs under (None for the root)
        self._moves: list = []  # per entry: the move that reaches it
        self._stack: list = [None]  # the entries on the search path, under a None for the root's parent
        self._last_child = None  # the entry that returned last: it caused the next update
        self._numbered = None  # (the nodes' columns, node of each entry), made once when the trace is read
        self._passes = 0
        self._researched = False  # a child was searched again (principal variation search): entries merge
        self._mcts = False  # Monte Carlo tree search: an entry is a node of its search tree, made once
        self._steps = 0  # Monte Carlo tree search: its steps recorded so far, as MCTS_STEPS counts them

    # ---- the tracer interface (the hot path) ----------------------------------------------------------------
    def begin_pass(self, label, alpha=None, beta=None):
        self._passes += 1
        self._log.extend((PassStarted, label, alpha, beta))

    # The steps at every node append their values one by one: extending the log by a tuple made and freed for it
    # costs the traced search more.
    def enter(self, state, move, alpha=None, beta=None):
        stack, states, log = self._stack, self._states, self._log
        entry = len(states)
        if entry >= self._limit:
            self._too_large()
        states.append(state)  # (as _record does, without a call at every node)
        self._parents.append(stack[-1])
        self._moves.append(move)
        log.append(NodeEntered)  # (entries are numbered as recorded: the decoder counts them)
        log.append(alpha)
        log.append(beta)
        stack.append(entry)

    def _record(self, state, parent, move) -> None:
        self._states.append(state)
        self._parents.append(parent)
        self._moves.append(move)

    # A step at the node being searched, or leaving it, logs no entry: the decoder follows the search path too.
    def leaf(self, value):
        self._last_child = self._stack.pop()
        log = self._log
        log.append(LeafEvaluated)
        log.append(value)

    def stand_pat(self, value):
        self._log.extend((StandPat, value))

    def value_updated(self, old, new):
        log = self._log
        log.append(ValueUpdated)
        log.append(old)
        log.append(new)

    def alpha_updated(self, old, new):
        log = self._log
        log.append(AlphaUpdated)
        log.append(old)
        log.append(new)

    def beta_updated(self, old, new):
        log = self._log
        log.append(BetaUpdated)
        log.append(old)
        log.append(new)

    def cutoff(self, skipped_moves):
        if not skips_any(skipped_moves):  # a cutoff at the last child skips nothing: the node was searched in full
            return
        entry = self._stack[-1]
        first, end = self._prune(entry, skipped_moves)
        self._log.extend((Cutoff, entry, first, end))

    def shallow_cutoff(self, skipped_moves, bound, total, lowest):
        if skips_any(skipped_moves):
            entry = self._stack[-1]
            self._log.extend((ShallowCutoff, entry, *self._prune(entry, skipped_moves), bound, total, lowest))

    def immediate_cutoff(self, skipped_moves, most, total, lowest, highest):
        if skips_any(skipped_moves):
            entry = self._stack[-1]
            self._log.extend((ImmediateCutoff, entry, *self._prune(entry, skipped_moves), most, total, lowest,
                              highest))

    def chance_cutoff(self, skipped_moves, bound, value, limit, assumed):
        if skips_any(skipped_moves):
            entry = self._stack[-1]
            self._log.extend((ChanceCutoff, entry, *self._prune(entry, skipped_moves), bound, value, limit, assumed))

    def probe(self, waiting_moves, value, bound):
        self._researched = True  # the outcome is entered again in the search phase: entries with its path merge
        entry = self._last_child = self._stack.pop()
        self._log.extend((Probed, entry, *self._prune(entry, waiting_moves), value, bound))

    def _prune(self, entry, skipped_moves) -> tuple[int, int]:
        """The children a cutoff skipped join the trace, pruned (each position is made when its node is read):
        their entries, from ``first`` to ``end``."""
        first = len(self._states)
        self._states.extend([None] * len(skipped_moves))
        self._parents.extend([entry] * len(skipped_moves))
        self._moves.extend(skipped_moves)
        end = len(self._states)
        if end > self._limit:
            self._too_large()
        return first, end

    def research(self, value, alpha, beta):
        self._researched = True
        self._log.extend((Researched, self._stack[-1], value, alpha, beta, self._last_child))

    def table_probe(self, entry, depth, move_first):
        if entry is None:
            self._log.extend((TableProbe, self._stack[-1], "none", None, None, None, None))
        else:
            found = entry.kind if deep_enough(entry, depth) else "shallow"
            self._log.extend((TableProbe, self._stack[-1], found, entry.lower, entry.upper, entry.depth,
                        entry.move if move_first else None))

    def table_cutoff(self, value, entry):
        self._last_child = self._stack.pop()  # answered: the node is left
        bound = Bound.EXACT if entry.lower == entry.upper else Bound.LOWER if value == entry.lower else Bound.UPPER
        self._log.extend((TableCutoff, value, bound, entry.move))

    def table_store(self, entry, of_leaf=False):
        node = self._last_child if of_leaf else self._stack[-1]  # a leaf is stored once evaluated (and left)
        self._log.extend((TableStore, node, entry.lower, entry.upper, entry.depth, entry.move))

    def exit(self, value, best_move):
        self._last_child = self._stack.pop()
        log = self._log
        log.append(NodeExited)
        log.append(value)
        log.append(best_move)

    # ---- Monte Carlo tree search: its nodes' ``index`` is their entry; statistics are copied as they stand ------
    # Each step counts against the limit as MCTS_STEPS says (a selection and a back-up hold a record per node they
    # list, so a wide game's selections weigh what they hold).
    def tree_root(self, node):
        self._mcts = True
        self._record(node.state, None, None)

    def given(self, node):
        self._count(1)
        if node.parent is None:
            self._log.extend((StatsGiven, 0, None, node.visits, node.wins))
            return
        self._add(node)
        self._log.extend((StatsGiven, node.index, node.parent.index, node.visits, node.wins))

    def begin_iteration(self, number):
        self._count(1)
        self._log.extend((IterationStarted, 0, number))

    def select(self, node, child, scored):
        self._count(1 + len(scored))
        self._log.extend((Selected, node.index, child.index, node.visits,
                          tuple((c.index, c.visits, c.wins, q, e, t) for c, q, e, t in scored)))

    def sample(self, node, child):
        self._count(1)
        self._log.extend((Sampled, node.index, child.index))

    def expand(self, node):
        self._count(1)
        self._add(node)
        self._log.extend((Expanded, node.index, node.parent.index))

    def playout(self, node, moves, reward, how):
        self._count(1)
        self._log.extend((PlayedOut, node.index, how, tuple(moves), reward))

    def backup(self, node, reward):
        path = []
        while node is not None:
            path.append((node.index, node.visits, node.wins))
            node = node.parent
        self._count(1 + len(path))
        self._log.extend((BackedUp, path[0][0], reward, tuple(path)))

    def final(self, root, best, rule):
        self._log.extend((FinalChoice, 0, None if best is None else best.index, rule, root.visits,
                          tuple((c.index, c.visits, c.wins) for c in root.children)))

    def _count(self, steps: int) -> None:
        self._steps += steps
        if self._steps > self._limit:
            raise TraceTooLargeError(
                f"the traced Monte Carlo tree search passed {self._limit:,} steps (--max-nodes; {MCTS_STEPS}) "
                "and was stopped; ask fewer with --iterations N, or raise the limit with --max-nodes N")

    def _add(self, node):
        if node.index >= self._limit:
            self._too_large()
        self._record(node.state, node.parent.index, node.move)

    def _too_large(self):
        raise TraceTooLargeError(
            f"the traced search passed {self._limit:,} nodes (--max-nodes) and was stopped; search less deeply "
            "with --depth D, or raise the limit with --max-nodes N (a node takes about 300 bytes)")

    def discard(self) -> None:
        """Drop the record (a search that failed: out of memory, stopped, past its limit): its memory is freed at once,
        before the garbage collector resumes (its pass over millions of entries, with memory exhausted, took minutes)."""
        for column in (self._log, self._states, self._parents, self._moves, self._stack):
            column.clear()

    # ---- reading the record ---------------------------------------------------------------------------------
    def node_count(self) -> int:
        """How many nodes :meth:`nodes` will make, counted without making them (for size checks before drawing):
        every entry, and the explicit subtrees under pruned children. Where the search went over nodes again (passes,
        re-searches), the numbered nodes are counted instead."""
        if self._passes >= 2 or self._researched or self._mcts:
            return len(self.nodes())
        states, parents = self._states, self._parents
        total = len(states)
        if not states or not is_explicit(states[0]):  # a game position's pruned child brings no subtree
            return total
        for state, parent, move in zip(states, parents, self._moves):
            if state is None:
                pending = [states[parent].child(move)]
                while pending and is_explicit(pending[-1]):
                    state = pending.pop()
                    children = [state.child(m) for m in state.moves()]
                    total += len(children)
                    pending.extend(children)
        return total

    def _nodes_numbered(self):
        """Number the nodes (entries with the same parent and move are one node): the nodes' columns (positions,
        with None for a pruned child not made yet; parent ids; moves), and the node of each entry."""
        if self._numbered is not None:
            return self._numbered
        if self._passes < 2 and not self._researched:  # every entry is a node of its own (the common case, fast)
            node_of = range(len(self._states))
            columns = (list(self._states), list(self._parents), list(self._moves)) if self._mcts \
                else (self._states, self._parents, self._moves)  # (MCTS adds the children it never expanded)
        else:
            node_of: list[int] = []  # entry -> node id
            ids: dict[tuple, int] = {}  # (parent node id, move) -> node id
            columns = states, parents, moves = [], [], []
            for state, parent, move in zip(self._states, self._parents, self._moves):
                key = (None if parent is None else node_of[parent], move)
                node = ids.setdefault(key, len(states))
                if node == len(states):
                    states.append(state)
                    parents.append(key[0])
                    moves.append(move)
                elif state is not None:  # entered now: the node was pruned in an earlier pass, or entered already
                    states[node] = state
                node_of.append(node)
        if self._mcts:
            _add_unexpanded(*columns)
        self._numbered = (columns, node_of)
        return self._numbered

    def events(self) -> list:
        """The events, made from the log: each step's entries turned into node ids, its moves into names."""
        columns, node_of = self._nodes_numbered()
        decoders = _Decoder(columns, node_of, self.mover_terms).table()
        log, events, at = self._log, [], 0
        while at < len(log):
            decode, width = decoders[log[at]]
            events.append(decode(*log[at + 1:at + 1 + width]))
            at += 1 + width
        return events

    def nodes(self) -> list[TraceNode]:
        """The nodes, in id order. Each keeps its position, its parent's and the move: its move name, name, player,
        board and leaf value are read from them the first time one is asked (:class:`RecordedNode`), as most nodes
        of a large trace are never drawn.

        A pruned child of an explicit tree (a tree file) that was never searched brings its whole subtree, so it
        can be drawn faded; those nodes are numbered after the ones the search recorded. A pruned child of a game
        position is not made here: its node makes it the first time its name, player or board is read.
        """
        states, parents, moves = self._nodes_numbered()[0]
        pruned = None  # (a game position's pruned child has no position yet: it is a PrunedChild)
        if states and is_explicit(states[0]):
            states, parents, moves, pruned = _with_pruned_subtrees(states, parents, moves)
        # A node is made field by field (calling its class would cost a third more), and with only the fields every
        # drawing reads at once (id, parent, ply): the rest its class reads from the columns when first asked.
        columns = (states, moves, pruned)
        nodes, make = [], object.__new__
        plies = [0] * len(states)  # each node's ply, kept here too: a node's own fields are read slowly
        for number, state, parent, move in zip(count(), states, parents, moves):
            if state is None:
                node = make(PrunedChild)
                node.id, node._above_node, node._played = number, nodes[parent], move
            else:
                node = make(RecordedNode)
                node.id, node.parent, node._columns = number, parent, columns
                if parent is not None:
                    node.ply = plies[number] = plies[parent] + 1
                else:
                    node.ply = 0
            nodes.append(node)
        return nodes


def _with_pruned_subtrees(states: list, parents: list, moves: list) -> tuple[list, list, list, list]:
    """The nodes' columns of an explicit tree's search, with each pruned child's position made and, under a pruned
    child never searched, its whole subtree added (numbered after the recorded nodes), pruned; and which are."""
    pruned = [state is None for state in states]
    states, parents, moves = list(states), list(parents), list(moves)  # copies: the record stays as it was
    has_children = set(parents)
    for node in range(len(states)):
        if not pruned[node] or node in has_children:
            continue
        if states[node] is None:
            states[node] = states[parents[node]].child(moves[node])
        if is_explicit(states[node]):
            pending = [(states[node], node)]
            while pending:
                state, parent = pending.pop()
                for move in state.moves():
                    child = state.child(move)
                    pending.append((child, len(states)))
                    states.append(child)
                    parents.append(parent)
                    moves.append(move)
                    pruned.append(True)
    return states, parents, moves, pruned


_FROM_ABOVE = frozenset(("move", "p"))  # read from the parent's position and the move
_FROM_STATE = frozenset(("name", "player", "_board", "value", "mover"))  # read from the node's own position


def _move_fields(node: TraceNode, above, played) -> None:
    """A node's move name and probability, read from its parent's position (``None`` at the root) and the move
    played there."""
    node.move = None if above is None else above.move_name(played)
    node.p = above.probability(played) if above is not None and above.player is CHANCE else None


class RecordedNode(TraceNode):
    """A node of a recorded search, holding its id, parent id, ply and the trace's columns (positions, moves, and
    which nodes are pruned), from which its position, its parent's position and the move played there are read:
    the move's name and probability from the parent's position the first time one of them is asked, the name,
    player, board, leaf value and mover from its own. Drawings ask for few (and a node with fewer fields is made,
    and freed, faster)."""

    __slots__ = ("_columns",)  # made by RecordingTracer.nodes: id, parent, ply and _columns

    @property
    def _state(self):
        return self._columns[0][self.id]

    def __getattr__(self, name):  # only called for a slot still unset
        if name == "pruned":
            pruned = self._columns[2]
            self.pruned = False if pruned is None else pruned[self.id]
        elif name in _FROM_ABOVE:
            states, moves, _ = self._columns
            _move_fields(self, None if self.parent is None else states[self.parent], moves[self.id])
        elif name in _FROM_STATE:
            state = self._state
            self.name, self.player, self.mover = node_name(state), state.player, getattr(state, "mover_name", None)
            self.value = state.utility() if is_explicit(state) and state.is_terminal() else None
            self._board = partial(node_board, state) if has_board(state) else None  # the board is made when read
        else:
            raise AttributeError(name)
        return getattr(self, name)


class PrunedChild(RecordedNode):
    """The node of a pruned child of a game position, holding its id, its parent's node and the move: its parent id
    and ply are read from the parent's node, and the child position is made, the first time one of its fields is
    asked. A search that cuts off often prunes many more children than it enters, and drawings show few."""

    __slots__ = ("_above_node", "_played", "_above")  # made by RecordingTracer.nodes: id, _above_node, _played
    pruned, value, mover = True, None, None  # never entered; a game's positions have no static value or named mover

    def __getattr__(self, name):  # only called for a slot still unset
        if name in ("parent", "ply", "_above"):
            above = self._above_node
            self.parent, self.ply, self._above = above.id, above.ply + 1, above._state
        elif name in ("name", "player", "_board"):
            state = self._above.child(self._played)
            self.name, self.player = node_name(state), state.player
            self._board = partial(node_board, state) if has_board(state) else None
        elif name in _FROM_ABOVE:
            _move_fields(self, self._above, self._played)
        else:
            raise AttributeError(name)
        return getattr(self, name)


_WIDTHS: dict = {}  # per event type, how many values its steps log: _Decoder.table's parameter counts, once


def _width(make) -> int:
    """How many values a step logs for ``make`` to decode: an event type's fields, or the parameters of a decoder's
    method (less ``self``, and those a ``partial`` gives). Read from the code, not asked of ``inspect``: a drawing
    does not import it."""
    if isinstance(make, type):
        return len(make.fields)
    given = len(make.args) if isinstance(make, partial) else 0
    function = make.func if isinstance(make, partial) else make
    return function.__code__.co_argcount - 1 - given


class _Decoder:
    """Makes the events from the log: one method per event type, taking what the tracer call logged (by name, in the
    order logged), with entries turned into node ids, moves into child ids or move names. ``columns``: the nodes'
    positions, parent ids and moves. It follows the search path as the recorder did, so the steps that the recorder
    logs without their entries (entering, leaving and updating a node) name theirs here."""

    def __init__(self, columns: tuple[list, list, list], node_of, mover_terms: bool):
        self.states, self.parents, self.moves = columns
        self.node_of, self.mover_terms = node_of, mover_terms
        self.plies = [0] * len(self.states)
        self.passes = 0
        self.recorded = 0  # the entries recorded so far: the next one entered is this one
        self.path: list[int] = []  # the entries on the search path, as the recorder's stack holds them
        self.left = None  # the entry left last (its value caused the next update)
        self.searched: list[dict] = []  # for each node on the search path, its children so far by move

    def table(self) -> dict:
        """Per event type, the function making its events and how many values its steps logged (its parameters)."""
        made_by = {PassStarted: self.pass_started, NodeEntered: self.entered, LeafEvaluated: self.leaf,
                   StandPat: self.stand_pat,
                   ValueUpdated: partial(self.update, ValueUpdated), AlphaUpdated: partial(self.update, AlphaUpdated),
                   BetaUpdated: partial(self.update, BetaUpdated), Cutoff: self.cutoff,
                   ChanceCutoff: self.chance_cutoff, Researched: self.research, TableProbe: self.probe,
                   TableCutoff: self.table_cutoff, TableStore: self.store, NodeExited: self.exited,
                   StatsGiven: StatsGiven, IterationStarted: IterationStarted, Selected: Selected, Sampled: Sampled,
                   Expanded: Expanded, PlayedOut: self.playout, BackedUp: BackedUp, FinalChoice: FinalChoice,
                   ShallowCutoff: self.shallow_cutoff, ImmediateCutoff: self.immediate_cutoff,
                   Probed: self.probed}
        if not _WIDTHS:  # (the same for every decoder)
            _WIDTHS.update({kind: _width(make) for kind, make in made_by.items()})
        return {kind: (make, _WIDTHS[kind]) for kind, make in made_by.items()}

    def _move_name(self, node: int, move) -> str | None:
        return None if move is None else self.states[node].move_name(move)

    def pass_started(self, label, alpha, beta):
        self.passes += 1
        return PassStarted(0, self.passes, label, stored(alpha), stored(beta))

    def entered(self, alpha, beta):
        entry = self.recorded
        self.recorded += 1
        self.path.append(entry)
        node = self.node_of[entry]
        state, parent, move = self.states[node], self.parents[node], self.moves[node]
        self.plies[node] = 0 if parent is None else self.plies[parent] + 1
        if self.searched:
            self.searched[-1][move] = node
        self.searched.append({})
        return NodeEntered(node, parent, self.plies[node], state.player, stored(alpha), stored(beta))

    def _leave(self) -> int:
        self.searched.pop()
        self.left = self.path.pop()
        return self.left

    def leaf(self, value):
        return LeafEvaluated(self.node_of[self._leave()], stored(value))

    def stand_pat(self, value):
        return StandPat(self.node_of[self.path[-1]], stored(value))

    def update(self, kind, old, new):
        return kind(self.node_of[self.path[-1]], stored(old), stored(new), self.node_of[self.left])

    def cutoff(self, entry, first, end):
        node = self.node_of[entry]
        return Cutoff(node, cut_kind(self.states[node].player, self.mover_terms), self._skipped(first, end))

    def _skipped(self, first: int, end: int) -> tuple[int, ...]:
        """The nodes of the entries a cutoff (or a probe) made for the children it skipped."""
        self.recorded = end
        return tuple(dict.fromkeys(self.node_of[e] for e in range(first, end)))

    def shallow_cutoff(self, entry, first, end, bound, total, lowest):
        return ShallowCutoff(self.node_of[entry], self._skipped(first, end), stored(bound), total, lowest)

    def immediate_cutoff(self, entry, first, end, most, total, lowest, highest):
        return ImmediateCutoff(self.node_of[entry], self._skipped(first, end), stored(most), total, lowest, highest)

    def chance_cutoff(self, entry, first, end, bound, value, limit, assumed):
        node = self.node_of[entry]
        return ChanceCutoff(node, ALPHA_CUT if bound is Bound.UPPER else BETA_CUT, stored(value), stored(limit),
                            stored(assumed), self._skipped(first, end))

    def probed(self, entry, first, end, value, bound):
        probed = next(iter(self.searched[-1].values()))  # the one child its probe searched
        node = self.node_of[self._leave()]
        return Probed(node, probed, stored(value), bound, self._skipped(first, end))

    def research(self, entry, value, alpha, beta, child):
        return Researched(self.node_of[entry], self.node_of[child], stored(value), stored(alpha), stored(beta))

    def probe(self, entry, found, lower, upper, depth, move):
        node = self.node_of[entry]
        return TableProbe(node, found, stored(lower), stored(upper), depth, self._move_name(node, move))

    def table_cutoff(self, value, bound, move):
        node = self.node_of[self._leave()]  # answered from the table: the node is left
        return TableCutoff(node, stored(value), bound, self._move_name(node, move))

    def store(self, entry, lower, upper, depth, move):
        node = self.node_of[entry]
        return TableStore(node, stored(lower), stored(upper), depth, self._move_name(node, move))

    def exited(self, value, best_move):
        children = self.searched[-1]
        return NodeExited(self.node_of[self._leave()], stored(value),
                          None if best_move is None else children[best_move])

    def playout(self, node, how, moves, reward):
        """A playout's moves named as the game writes them, each in the position it was played in (all in the first
        when the game declares ``fixed_move_names``: a move's name never depends on the position)."""
        names, state = [], self.states[node]
        if getattr(state, "fixed_move_names", False):
            return PlayedOut(node, how, tuple(map(state.move_name, moves)), reward)
        for move in moves:
            names.append(state.move_name(move))
            state = state.child(move)
        return PlayedOut(node, how, tuple(names), reward)


def _add_unexpanded(states: list, parents: list, moves: list) -> None:
    """Monte Carlo tree search on a tree file: the children it never expanded join the trace as nodes never
    entered (so the rest of the tree can be drawn, faint), with their subtrees made when the nodes are read."""
    expanded: dict[int, set] = {}
    for parent, move in zip(parents, moves):
        if parent is not None:
            expanded.setdefault(parent, set()).add(move)
    for node in range(len(states)):
        state = states[node]
        if is_explicit(state) and not state.is_terminal():
            unexpanded = [move for move in state.moves() if move not in expanded.get(node, ())]
            states.extend([None] * len(unexpanded))
            parents.extend([node] * len(unexpanded))
            moves.extend(unexpanded)
