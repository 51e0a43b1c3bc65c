"""The family of max^n, as the view sees it (part of the view stage): each node keeps a vector of utilities, one
per player, the best so far for the player to move (its own component largest, the first of equals), the child
that gave it, and the cutoff that left it early (:data:`FOLD`); and how each step reads (:data:`CAPTIONS`), with the
arithmetic of Korf's immediate and shallow pruning."""

from __future__ import annotations

from ..search.bounds import Bound
from ..numbers import format_number as num
from ..records import Record
from ..text import join_names
from ..trace.events import ImmediateCutoff, LeafEvaluated, NodeEntered, NodeExited, ShallowCutoff, ValueUpdated
from .captions import Step
from .nodes import NodeView
from .values import Settled


class ShallowCut(Record, frozen=True):
    """Why a node was left early: its player's component ``got`` reached the ``bound`` (the shallow Bound, or, for
    an ``immediate`` cutoff, the most any player can get)."""

    got: float
    bound: float
    immediate: bool = False

    def reason(self) -> str:
        return f"{num(self.got)}, the most" if self.immediate else f"{num(self.got)} ≥ {num(self.bound)}"


class VectorNode(NodeView, slots=False):
    """A node of max^n: its vector so far (the returned vector once done), the child that gave it, whether it is a
    leaf, and its shallow cutoff. What the value family's readers ask besides (a window, a table's answer) is
    nothing here; a vector is exact once the node is done."""

    value: tuple | None = None
    best_child: int | None = None
    leaf: bool = False
    cut: ShallowCut | None = None
    window = window_in = node_type = None  # no window, no Knuth and Moore type
    from_table = False
    bound = Bound.EXACT

    def reset(self) -> None:
        NodeView.reset(self)
        self.value, self.best_child, self.leaf, self.cut = None, None, False, None

    def settled(self) -> Settled:
        return Settled(self.value, Bound.EXACT, None, None)

    def state(self) -> tuple:
        return NodeView.state(self) + (self.value, self.best_child, self.leaf, self.cut)


def bound_now(view, node: VectorNode) -> Bound:
    """A vector is the node's value once the node is done; before, it is only the best so far."""
    return Bound.EXACT if node.done or node.leaf else Bound.UNKNOWN


def _leaf(view, node: VectorNode, event: LeafEvaluated) -> None:
    node.value, node.leaf = tuple(event.value), True


def _value(view, node: VectorNode, event: ValueUpdated) -> None:
    node.value, node.best_child = tuple(event.new), event.child


def _cutoff(view, node: VectorNode, event: ShallowCutoff) -> None:
    node.cut = ShallowCut(node.value[mover(view, node.id)], event.bound)


def _immediate(view, node: VectorNode, event: ImmediateCutoff) -> None:
    node.cut = ShallowCut(node.value[mover(view, node.id)], event.most, immediate=True)


def _exited(view, node: VectorNode, event: NodeExited) -> None:
    node.value, node.best_child = tuple(event.value), event.best_child


FOLD = {NodeEntered: lambda view, node, event: None, LeafEvaluated: _leaf, ValueUpdated: _value,
        ShallowCutoff: _cutoff, ImmediateCutoff: _immediate, NodeExited: _exited}


# ---- how each step reads --------------------------------------------------------------------------------------

def mover(view, node_id: int) -> int:
    """The index of the player to move at a node (its place in the vector)."""
    return view.players.index(view.nodes[node_id].node.mover)


def named_players(trace) -> list[str]:
    """A game's named players in the order of each vector's components (the root's first, then in turn as
    named); empty for a game of MAX and MIN."""
    movers = list(dict.fromkeys(node.mover for node in trace.nodes if node.mover is not None))
    return trace.meta.get("players") or movers


def begin(view) -> None:
    """The players, in the order of each vector's components (the root's player first, then in turn as named)."""
    view.players = named_players(view.trace)


def _entered(view, event: NodeEntered) -> Step:
    node = view.nodes[event.node].node
    note = f"{node.mover} to move at ply {event.ply}" if node.mover else f"a leaf at ply {event.ply}"
    if event.parent is not None:
        note = f"{view.label(event.parent)}'s child {view.position(event.node)}: {note}"
    return Step("enter", "", note)


def _leaf_step(view, event: LeafEvaluated) -> Step:
    return Step("leaf", num(tuple(event.value)), f"a leaf: its utilities are {num(tuple(event.value))}")


def _value_step(view, event: ValueUpdated) -> Step:
    i = mover(view, event.node)
    player = view.players[i]
    new, child = tuple(event.new), view.label(event.child)
    if event.old is None:
        return Step("value", num(new), f"{child} returns {num(new)}: the first for {player}")
    return Step("value", num(new), f"{child} returns {num(new)}, better for {player} than {num(tuple(event.old))} "
                                   f"({num(new[i])} > {num(event.old[i])})")


def _cutoff_step(view, event: ShallowCutoff) -> Step:
    node = view.nodes[event.node]
    i, parent = mover(view, event.node), node.node.parent
    players = len(view.players)
    j = mover(view, parent) if parent is not None else None
    got = node.value[i]
    others = f" − {players - 2}·{num(event.lowest)}" if event.lowest and players > 2 else ""
    skipped = join_names([view.label(child) for child in event.skipped])
    if j is None:
        why = (f"{view.players[i]} has {num(got)}, the most anyone can get ({num(event.total)}{others.replace('2', '1')} "
               f"= {num(event.bound)})")
    else:
        best = view.nodes[parent].value
        x = event.lowest if best is None else best[j]
        why = (f"{view.players[i]} has {num(got)} ≥ {num(event.total)}{others} − {num(x)} = {num(event.bound)}, so "
               f"{view.players[j]} gets at most {num(event.total)}{others} − {num(got)} = "
               f"{num(event.total - (players - 2) * event.lowest - got)} ≤ {num(x)} here, "
               f"what {view.players[j]} has at {view.label(parent)}")
    return Step("shallow cut", "", f"{why}: shallow cutoff — prune {skipped}")


def _immediate_step(view, event: ImmediateCutoff) -> Step:
    node = view.nodes[event.node]
    i = mover(view, event.node)
    player, players = view.players[i], len(view.players)
    from_sum = event.total - (players - 1) * event.lowest
    if event.highest is not None and event.highest <= from_sum:
        most = f"U = {num(event.highest)}, the highest value the bounds allow"
    elif event.lowest:
        most = f"{num(event.total)} − {players - 1}·{num(event.lowest)} = {num(from_sum)}: the sum, the others at least"
    else:
        most = f"{num(event.total)}: the sum, the others at 0"
    skipped = join_names([view.label(child) for child in event.skipped])
    return Step("immediate cut", "", f"{player} has {num(node.value[i])}, the most a player can get ({most}): "
                                     f"nothing better for {player} can follow — immediate cutoff, prune {skipped}")


def _exited_step(view, event: NodeExited) -> Step:
    node = view.nodes[event.node]
    shown = num(tuple(event.value))
    if node.node.parent is None:
        note = f"the root returns {shown}"
        if event.best_child is not None:
            note += f": best move {view.nodes[event.best_child].node.move}"
    else:
        note = f"returns {shown} to {view.label(node.node.parent)}"
        if event.best_child is not None:
            note += f" (best child {view.label(event.best_child)})"
    return Step("exit", shown, note)


CAPTIONS = {NodeEntered: _entered, LeafEvaluated: _leaf_step, ValueUpdated: _value_step,
            ShallowCutoff: _cutoff_step, ImmediateCutoff: _immediate_step, NodeExited: _exited_step}
