"""How each step of a search reads (part of the view stage): the step table's ``event`` and ``value`` columns and
the caption, one function per event type (:data:`CAPTIONS`), each reading the view just after the event is
folded into it."""

from __future__ import annotations

import math

from ..model.state import Player
from ..search.bounds import Bound
from ..numbers import format_number as num, format_probability
from ..records import Record
from ..text import join_names
from ..trace.events import (
    BETA_CUT, AlphaUpdated, BetaUpdated, ChanceCutoff, Cutoff, LeafEvaluated, NodeEntered, NodeExited, PassStarted,
    Probed, Researched, StandPat, TableCutoff, TableProbe, TableStore, ValueUpdated,
)
from .values import average, interval


class Step(Record, frozen=True, slots=True, compiled=True):
    """How one event reads: the table's ``event`` and ``value`` columns, and the note (the caption's text)."""

    kind: str
    value: str
    note: str


def _pass_started(view, event: PassStarted) -> Step:
    window = "" if event.alpha is None else f" with the window ({num(event.alpha)}, {num(event.beta)})"
    return Step("pass", "", f"pass {event.number} begins{window}" + (f": {event.label}" if event.label else ""))


def _entered(view, event: NodeEntered) -> Step:
    node = view.nodes[event.node].node
    note = (f"chance moves at ply {event.ply}" if event.player is Player.CHANCE
            else f"{event.player.name} to move at ply {event.ply}")
    if event.parent is not None:
        how = (f"{view.move_word} {node.move}" if view.is_game
               else f"{view.label(event.parent)}'s child {view.position(event.node)}")
        note = f"{how}: {note}"
    if event.alpha is not None:
        note += f", window α = {num(event.alpha)}, β = {num(event.beta)}"
    return Step("enter", "", note)


def _leaf(view, event: LeafEvaluated) -> Step:
    player = view.nodes[event.node].node.player
    if view.mover_terms:
        note = f"a leaf: {num(event.value)} for {player.name}, the player to move"
        if player is Player.MIN:
            note += f" ({num(-event.value)} in MAX's terms)"
    else:
        note = f"a leaf: its value is {num(event.value)}"
    return Step("leaf", num(event.value), note)


def _stand_pat(view, event: StandPat) -> Step:
    return Step("stand pat", num(event.value), f"past the depth limit: the static value {num(event.value)}, which "
                                               "the player to move keeps unless a noisy move does better")


def _value(view, event: ValueUpdated) -> Step:
    child = view.nodes[event.child]
    returned = view.shows(child.value, child.bound)
    if view.nodes[event.node].node.player is Player.CHANCE:
        p = format_probability(child.node.p)
        return Step("value", num(event.new), f"{view.label(event.child)} returns {returned} with probability {p}, "
                                             f"so v = {num(event.old)} + {p} × {num(child.value)} = {num(event.new)}")
    if view.mover_terms:
        formula = f"max({num(event.old)}, −({num(child.value)})) = {num(event.new)}"
    else:
        rule = "max" if view.nodes[event.node].node.player is Player.MAX else "min"
        formula = f"{rule}({num(event.old)}, {num(child.value)}) = {num(event.new)}"
    return Step("value", num(event.new), f"{view.label(event.child)} returns {returned}, so v = {formula}")


def _alpha(view, event: AlphaUpdated) -> Step:
    return Step("α", "", f"α = max(α, v): {num(event.old)} → {num(event.new)}")


def _beta(view, event: BetaUpdated) -> Step:
    return Step("β", "", f"β = min(β, v): {num(event.old)} → {num(event.new)}")


def _static(view, node_id: int) -> str:
    value = view.nodes[node_id].node.value
    return "" if value is None else f" ({num(value)})"


def _cutoff(view, event: Cutoff) -> Step:
    node = view.nodes[event.node]
    greek = "β" if event.cut == BETA_CUT else "α"
    skipped = [view.label(child) + _static(view, child) for child in event.skipped]
    what = f"prune {view.label(event.node)}'s remaining " + ("child " if len(skipped) == 1 else "children ")
    return Step("cutoff", "", f"v = {node.cut.reason().replace('=', ' = ')}: {greek}-cutoff, "
                              f"{cut_depth(view, node)} — {what}{join_names(skipped)}")


def cut_depth(view, node) -> str:
    """Where the bound that cut ``node`` came from: ``shallow: α from D`` (the parent), ``deep: β from A`` (a node
    two or more plies up), the table's bound, or the window the root was searched with. Short, so that a deck's
    caption stays on one line."""
    cut = node.cut
    greek = "β" if cut.kind == BETA_CUT else "α"
    if cut.source is None:
        return f"{greek} from the root's window"
    source = view.label(cut.source)
    if cut.plies == 0:
        return f"{greek} from the table"
    return f"{'deep' if cut.deep else 'shallow'}: {greek} from {source}"


def _factor(value: float) -> str:
    """A number as a product's factor: a negative one in brackets, ``(−1)``."""
    return f"({num(value)})" if value < 0 else num(value)


def _chance_cutoff(view, event: ChanceCutoff) -> Step:
    """Star1's arithmetic: the outcomes searched at their values, the rest at the bound (or, in Star2, at what their
    probes proved), weighed by probability."""
    children = view.nodes[event.node].children
    low = event.cut != BETA_CUT
    used = {child: _counted_at(view, child, event, low) for child in children}
    terms = [f"{format_probability(view.nodes[child].node.p)}·{_factor(used[child])}" for child in children]
    sign = ("<" if low else ">") if view.strict_pruning else ("≤" if low else "≥")
    searched = len(children) - len(event.skipped)
    probed = [child for child in event.skipped if view.nodes[child].done]
    shown = view.shows(event.value, Bound.UPPER if low else Bound.LOWER)
    if not searched and probed:  # Star2's probing phase: no outcome searched in full
        pruned = view.cutoffs[-1].pruned
        tops = sorted(node for node in pruned if view.nodes[node].node.parent not in pruned)  # left to right
        return Step("chance cut", shown,
                    f"after probing {len(probed)} of {len(children)} outcomes the average is "
                    f"{'at most' if low else 'at least'} {' + '.join(terms)} = {num(event.value)} {sign} "
                    f"{'α' if low else 'β'} = {num(event.limit)} (each outcome not probed at "
                    f"{'most U' if low else 'least L'} = {num(event.assumed)}): {view.label(event.node)} is cut off "
                    f"before any outcome is searched in full"
                    + (f" — prune {join_names([view.label(node) + _static(view, node) for node in tops])}"
                       if tops else ""))
    skipped = [view.label(child) + _static(view, child) for child in event.skipped]
    what = "outcome " if len(skipped) == 1 else "outcomes "
    proved = ", or what its probe proved" if any(used[child] != event.assumed for child in probed) else ""
    return Step("chance cut", shown,
                f"after {searched} of {len(children)} outcomes the average is {'at most' if low else 'at least'} "
                f"{' + '.join(terms)} = {num(event.value)} {sign} {'α' if low else 'β'} = {num(event.limit)} "
                f"(each outcome not searched at {'most U' if low else 'least L'} = {num(event.assumed)}{proved}): "
                f"prune {view.label(event.node)}'s remaining {what}{join_names(skipped)}")


def _counted_at(view, child: int, event: ChanceCutoff, low: bool) -> float:
    """What the cut counts an outcome at: a searched one at its value; one not searched at the bound on the leaf
    values, ``assumed``, unless Star2's probe proved a bound on the side that counts (at most, for an α-cut)."""
    node = view.nodes[child]
    if child not in event.skipped:
        return node.value
    if node.done and node.bound in (Bound.EXACT, Bound.UPPER if low else Bound.LOWER):
        return node.value
    return event.assumed


def _probed(view, event: Probed) -> Step:
    """Star2's probe: the outcome's first child, a bound on the outcome, and the chance node's average bounded by
    every outcome's bound so far."""
    node = view.nodes[event.node]
    chance = node.node.parent
    low = event.bound is Bound.LOWER
    waiting = [view.label(child) for child in event.waiting]
    waits = f"; {join_names(waiting)} {'waits' if len(waiting) == 1 else 'wait'}" if waiting else ""
    note = (f"probe: {view.label(event.node)}'s first child {view.label(event.child)} returns {num(event.value)}, so "
            f"{view.label(event.node)} is worth {'at least' if low else 'at most'} {num(event.value)} "
            f"({node.node.player.name} takes {'at least' if low else 'at most'} that){waits}")
    if chance is not None:
        ends = [interval(view, view.nodes[child])[0 if low else 1] for child in view.nodes[chance].children]
        terms = [f"{format_probability(view.nodes[child].node.p)}·{_factor(end)}"
                 for child, end in zip(view.nodes[chance].children, ends)]
        note += (f" — {view.label(chance)}'s average is {'at least' if low else 'at most'} {' + '.join(terms)} = "
                 f"{num(average(view, chance, ends))}")
    return Step("probe", view.shows(event.value, event.bound), note)


def _research(view, event: Researched) -> Step:
    child = view.label(event.child)
    low = event.alpha if view.trace.spec.fail_hard else event.value
    return Step("research", num(event.value),
                f"{child}'s null-window test ({num(event.alpha)}, {num(event.alpha + 1)}) fails high with "
                f"{num(event.value)}: search {child} again with ({num(low)}, {num(event.beta)})")


def _known(lower: float, upper: float) -> str:
    """What bounds say of a value: ``exactly 3``, ``at least 3``, ``at most 3``, ``between 2 and 5``."""
    bound = Bound.of(lower, upper)
    if bound is None:
        return f"between {num(lower)} and {num(upper)}"
    return f"{bound.phrase} {num(upper if bound is Bound.UPPER else lower)}"


def _plies(depth: float) -> str:
    return "to the end" if depth == math.inf else f"{num(depth)} {'ply' if depth == 1 else 'plies'} deep"


def _probe(view, event: TableProbe) -> Step:
    name = view.label(event.node)
    if event.found == "none":
        return Step("probe", "", f"the table has nothing on {name} yet")
    first = f"; its best move {event.move} is searched first" if event.move is not None else ""
    if not event.hit:
        return Step("probe", "", f"the table has {name} only from a search {_plies(event.depth)}, too shallow "
                                 f"to use{first}")
    bound = event.bound
    note = f"the table knows {name}'s value, searched {_plies(event.depth)}: {_known(event.lower, event.upper)}"
    node = view.nodes[event.node]
    if node.window is not None and node.window != node.window_in:
        note += f", so the window narrows to α = {num(node.window[0])}, β = {num(node.window[1])}"
    shown = "" if bound is None else view.shows(event.upper if bound is Bound.UPPER else event.lower, bound)
    return Step("probe", shown, note + first)


def _table_cutoff(view, event: TableCutoff) -> Step:
    node = view.nodes[event.node]
    shown = view.shows(event.value, node.bound)
    alpha, beta = node.window_in if node.window_in is not None else (None, None)
    if event.bound is Bound.LOWER and beta is not None:
        why = f"{num(event.value)} {'>' if view.strict_pruning else '≥'} β = {num(beta)}"
    elif event.bound is Bound.UPPER and alpha is not None:
        why = f"{num(event.value)} {'<' if view.strict_pruning else '≤'} α = {num(alpha)}"
    else:
        why = "the value is known exactly"
    parent = node.node.parent
    to = "" if parent is None else f" to {view.label(parent)}"
    return Step("table cut", shown, f"{why}: returns {shown}{to} from the table, without searching below it")


def _store(view, event: TableStore) -> Step:
    best = f"; best move {event.move}" if event.move is not None else ""
    bound = Bound.of(event.lower, event.upper)
    shown = "" if bound is None else view.shows(event.upper if bound is Bound.UPPER else event.lower, bound)
    return Step("store", shown, f"the table keeps {view.label(event.node)}'s value, searched {_plies(event.depth)}: "
                                f"{_known(event.lower, event.upper)}{best}")


def _exited(view, event: NodeExited) -> Step:
    node = view.nodes[event.node]
    shown = view.shows(event.value, node.bound)
    if node.node.parent is None:
        note = f"the root returns {shown}"
        if event.best_child is not None:
            note += f": best move {view.nodes[event.best_child].node.move}"
        if view.passes > 1 and node.bound.phrase:
            return Step("exit", shown, f"{note}; pass {view.pass_number} proves the value is {node.bound.phrase} "
                                       f"{num(event.value)}")
    else:
        note = f"returns {shown} to {view.label(node.node.parent)}"
        if event.best_child is not None:
            note += f" (best child {view.label(event.best_child)})"
    if node.bound != Bound.EXACT:
        note += ", a bound: " + ("it was left early by a cutoff" if node.cut is not None
                                 else "a search below it stopped early")
    return Step("exit", shown, note)


CAPTIONS = {PassStarted: _pass_started, NodeEntered: _entered, LeafEvaluated: _leaf, StandPat: _stand_pat,
            ValueUpdated: _value,
            AlphaUpdated: _alpha, BetaUpdated: _beta, Cutoff: _cutoff, ChanceCutoff: _chance_cutoff,
            Probed: _probed, Researched: _research, TableProbe: _probe,
            TableCutoff: _table_cutoff, TableStore: _store, NodeExited: _exited}


NAMED_LEFT_OUT = 2  # a slide's caption names this many children left out of a node's drawing; more, it counts


def after_searching(view, unseen: dict[int, tuple[int, ...]], drawn, at: int, brief: bool = False) -> str:
    """What a deck's frame about node ``at`` says of the steps folded into it, at nodes not ``drawn`` (``unseen``:
    the nodes entered there, by the nearest drawn node above them): under a drawn node whose children are not drawn
    (its box of what lies below), ``the 40 positions below it``; a child left out of the drawing, by name with what
    was searched under it, ``3 5 and its 40 positions below``. Empty when nothing was entered. ``brief``: as a
    slide's caption says it, more than :data:`NAMED_LEFT_OUT` children left out of one node counted, not named
    (``15 moves left out (and 4,466 positions below them)``: the drawing's "+15 more" shows where; the speaker's
    notes keep every name)."""
    word = "position" if view.is_game else "node"
    parts = []
    for above, entered in unseen.items():
        where = "it" if above == at else view.label(above)
        children = view.nodes[above].children
        if not any(child in drawn for child in children):
            parts.append(f"the {word} below {where}" if len(entered) == 1
                         else f"the {len(entered):,} {word}s below {where}")
            continue
        tops: dict[int, list[int]] = {}
        for node in entered:
            top = node
            while view.nodes[top].node.parent != above:
                top = view.nodes[top].node.parent
            tops.setdefault(top, []).append(node)
        if brief and len(tops) > NAMED_LEFT_OUT:
            parts.append(_left_out(view, tops, word))
            continue
        for top, found in tops.items():
            parts.append((view.label(top), len(found) - (top in found), top in found))
    several = len(parts) > 1
    return f"after searching {join_names([_searched(part, word, several) for part in parts])}" if parts else ""


def _left_out(view, tops: dict[int, list[int]], word: str) -> str:
    """Children left out of the drawing, counted: ``15 moves left out (and 4,466 positions below them)`` (the
    positions entered under them, themselves not counted; in brackets as :func:`_searched` writes one among
    several, so that no "and" is read as the list's)."""
    below = sum(len(found) - (top in found) for top, found in tops.items())
    kind = "moves" if view.is_game else "children"
    return f"{len(tops)} {kind} left out (and {below:,} {word}{'s' * (below != 1)} below them)"


def _searched(part, word: str, several: bool) -> str:
    """One part of :func:`after_searching`: a phrase as it stands, or (``name``, the nodes entered below it, whether
    it was entered itself) as ``3 5 and its 40 positions below``, in brackets among several (``3 5 (and 40 positions
    below it), 3 6 (and 2 below it)``) so that no "and" is read as the list's."""
    if isinstance(part, str):
        return part
    name, below, entered = part
    if not entered:
        return f"{below:,} more {word}{'s' * (below != 1)} below {name}"
    if not below:
        return name
    if several:
        return f"{name} (and {below:,} {word}{'s' * (below != 1)} below it)"
    return f"{name} and the {word} below it" if below == 1 else f"{name} and its {below:,} {word}s below"
