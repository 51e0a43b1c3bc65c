"""Grading a student's answer against the search, item by item, with the first place the answer departs from it.
Items are compared by :mod:`.compare_answers` (the rules ``tracer check`` uses too); the search's family says which
kinds of items its answers are graded on (:attr:`tracer.view.nodes.Family.graded`), and this module which items of
each kind, what each is worth, and how a wrong one is explained to the student.

Scoring (stated in the README and in every report): one point per item the key asks for, so every answer to an
exercise has the same maximum:

- the value each inner node the search reaches returns (a plain number matches a bound with that number; a value
  written as a bound must be a bound of the search's kind; a decimal matches when the search's value rounded to
  the digits written gives it, a whole number or a fraction must be exact: see :mod:`.compare_answers`);
- for a search that can prune, each leaf: marked pruned or not, correctly, graded only when the answer gives
  ``pruned:`` (a wrong mark loses the point exactly as a missing one does; a pruned inner node marks every leaf
  below it);
- the best move;
- the windows of the nodes the key's ``windows`` names (for a search with windows: one that can prune), the node
  types of the nodes the key's ``node_types`` names (an alpha-beta search), and the visit order when the key gives
  one.

Monte Carlo tree search instead (its family's ``scoring``): N and W of each node the search makes (W compared as a
value is), the best move, and the path of each iteration the key's ``selected`` names.

An item the answer does not give scores 0 (a blank sheet scores 0). What the answer gives that the key does not ask
for (a window the key does not ask for, a value for a leaf or for a node never reached, a name the tree does not
have) is pointed out and scores nothing either way. What cannot be read for an item the key asks (``B: 3,33``) makes
that item wrong, with its line and what to write; what cannot be read of anything else is pointed out. A file
refused whole (not YAML, or unsafe) is graded as a blank sheet, with the reason (:func:`refused`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..numbers import as_written, format_number
from ..inputs.answers import Claims, Unknown, Unreadable, suggest
from ..text import join_names
from .check_keys import describe_search
from .claim_text import json_number, shown
from .compare_answers import (
    NOT_A_NODE, compare_best_move, compare_leaves, compare_node_type, compare_order, compare_selected, compare_value,
    compare_visits, compare_window, compare_wins, search_prunes,
)
from .facts import SearchFacts

RIGHT, WRONG, MISSING, EXTRA = "right", "wrong", "missing", "extra"

@dataclass
class Item:
    """One graded item (``max_points`` 0: pointed out, not scored)."""

    item: str  # "value of C", "C2 pruned?", "best move", "window at C", "visit order", "N of C", "W of C",
    # "path of iteration 7"
    expected: Any
    given: Any
    points: int
    max_points: int
    verdict: str  # right, wrong, missing, extra (given but not asked: worth nothing either way)
    step: int | None = None  # the step of the trace that decides it (for finding the first departure)
    why: str = ""  # that step, explained, for a wrong item
    node: int | None = None  # the node it is about (to mark it in a drawing)
    detail: str = ""  # what the reports say instead of "you wrote …, the search: …" (a list's first difference)
    kind: str = ""  # "values", "leaf", "best_move", "windows", "node_types", "order", "visits", "wins", "selected",
    # "unknown" (a name the tree does not have), "unreadable" (what answers no item), "extra"
    note: str = ""  # the search's side of ``why``: the deciding step in words, without what the answer said

    def as_dict(self) -> dict[str, Any]:
        return {"item": self.item, "expected": self.expected, "given": self.given, "points": self.points,
                "max_points": self.max_points, "verdict": self.verdict}


@dataclass
class Grade:
    answer: str
    tree: str
    search: str
    items: list[Item] = field(default_factory=list)
    departure: str = ""  # the first place the answer departs from the search, in trace terms
    scoring: str = ""  # the rule, as every report states it (the family's: Family.scoring)
    refused: str = ""  # why the whole answer file was refused (not YAML, or unsafe): graded as a blank sheet

    @property
    def score(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def max_score(self) -> int:
        return sum(item.max_points for item in self.items)

    @property
    def unanswered(self) -> int:
        return sum(item.verdict == MISSING for item in self.items)

    def as_dict(self) -> dict[str, Any]:
        return {"answer": self.answer, "tree": self.tree, "search": self.search, "score": self.score,
                "max_score": self.max_score,
                "items": [{**item.as_dict(), "detail": item.detail} for item in self.items],
                "first_departure": self.departure, "refused": self.refused or None}


@as_written
def grade(answer: Claims, facts: SearchFacts, *, answer_file: str, tree_file: str, key: Claims | None = None) -> Grade:
    """Grade ``answer`` against the search on the items ``key`` (the file's ``expect:``, if any) asks for."""
    result = Grade(answer_file, tree_file, describe_search(facts.trace), scoring=facts.family.scoring)
    unread = _Unread(answer.unreadable)
    for kind in facts.family.graded:  # the search's family says what its exercises ask, in grade's order
        _GRADED[kind](result.items, answer, facts, key, unread)
    pointed_out = [(unknown.line, Item(unknown.where, None, unknown.name, 0, 0, WRONG, kind="unknown",
                                       detail=f"line {unknown.line}: {unknown.message}"))
                   for unknown in answer.unknown]
    pointed_out += [(left.line, Item(left.where or "the answer file", None, left.written, 0, 0, WRONG,
                                     detail=f"line {left.line}: {left.message}", kind="unreadable"))
                    for left in unread.left]
    result.items.extend(item for _, item in sorted(pointed_out, key=lambda pair: pair[0]))
    departures = [item for item in result.items
                  if item.verdict in (WRONG, EXTRA) and item.step is not None and item.why]
    if departures:
        result.departure = min(departures, key=lambda item: item.step).why
    return result


def asked_items(facts: SearchFacts, key: Claims | None) -> list[Item]:
    """The items every answer to the exercise is graded on, each with its points and what the search found
    (``expected``), in grade's order: a blank sheet's items, as :func:`grade` scores them. What a worksheet asks is
    read from here, so that it asks exactly what grade scores."""
    blank = grade(Claims(), facts, answer_file="", tree_file="", key=key)
    return [item for item in blank.items if item.max_points > 0]


def refused(reason: str, facts: SearchFacts, *, answer_file: str, tree_file: str, key: Claims | None = None) -> Grade:
    """An answer file refused whole (not YAML, or unsafe: the one-line ``reason``), graded as a blank sheet: every
    item the key asks for missing, 0 points, and the reason said with it."""
    result = grade(Claims(), facts, answer_file=answer_file, tree_file=tree_file, key=key)
    result.refused = reason
    return result


class _Unread:
    """What an answer could not read (:class:`~tracer.inputs.answers.Unreadable`), each taken by the item it answers
    (which it makes wrong; an iterative deepening search asks a node's value once per iteration); what no item
    takes is ``left``, to be pointed out."""

    def __init__(self, unreadable):
        self.unreadable, self.taken = list(unreadable), set()

    def take(self, key: str, node: int | None = None) -> Unreadable | None:
        found = next((each for each in self.unreadable if each.key == key and each.node == node), None)
        if found is not None:
            self.taken.add(id(found))
        return found

    def take_all(self, key: str, but=()) -> list[Unreadable]:
        """Every one of the item ``key`` at a node (an iteration) not in ``but``."""
        return [self.take(key, each.node) for each in self.unreadable
                if each.key == key and each.node is not None and each.node not in but]

    @property
    def left(self) -> list[Unreadable]:
        return [each for each in self.unreadable if id(each) not in self.taken]


def _unread_item(item: str, expected, unread: Unreadable, node: int | None, kind: str, asked: bool = True) -> Item:
    """An item whose answer cannot be read: wrong (one point lost) where the key asks for it, else pointed out; its
    detail names the line, what was wrong and what to write."""
    detail = f"line {unread.line}: {unread.message}"
    if asked:
        return Item(item, expected, unread.written, 0, 1, WRONG, node=node, detail=detail, kind=kind)
    return Item(item, expected, unread.written, 0, 0, EXTRA, node=node, detail=f"{detail} (not graded)",
                kind="extra")


# ---- each kind of item a family's exercises ask (its Family.graded, in grade's order) --------------------------

def _values(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """Each inner node's value (a value given for a leaf or a node never reached: pointed out, in the answer's
    order)."""
    reached = facts.inner_reached()
    for node in reached:
        cannot = unread.take("values", node)
        items.append(_value_item(facts, node, answer.values.get(node)) if cannot is None else
                     _unread_item(f"value of {facts.label(node)}", compare_value(facts, node, None).found, cannot,
                                  node, "values"))
    extras = [(answer.lines.get(f"values.{facts.label(node)}", 0), _extra_value_item(facts, node, given))
              for node, given in answer.values.items() if node not in reached]
    extras += [(cannot.line, _unread_item(f"value of {facts.label(cannot.node)}", None, cannot, cannot.node, "extra",
                                          asked=False)) for cannot in unread.take_all("values", but=reached)]
    items.extend(item for _, item in sorted(extras, key=lambda pair: pair[0]))  # in the answer's order


def _pruned(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """Each leaf pruned or not, for a search that can prune (else ``pruned:`` is pointed out)."""
    if search_prunes(facts):
        items.extend(_leaf_items(facts, answer.pruned, answer.unknown))
    elif answer.pruned is not None:
        items.append(Item("pruned", [], [facts.label(node) for node in answer.pruned], 0, 0, EXTRA,
                          detail=f"{facts.trace.title.lower()} never prunes, so pruned: is not graded",
                          kind="extra"))


def _best_move(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """The move chosen at the root."""
    items.append(_best_move_item(facts, answer.best_move, unread.take("best_move")))


def _windows(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """The windows the key asks for (a search that can prune: it has α and β); any other is pointed out."""
    asked = list(key.windows) if key is not None and search_prunes(facts) else []
    for node in asked:
        cannot = unread.take("windows", node)
        items.append(_window_item(facts, node, answer.windows.get(node)) if cannot is None else
                     _unread_item(f"window at {facts.label(node)}", compare_window(facts, node, None).found, cannot,
                                  node, "windows"))
    for node, given in answer.windows.items():
        if node not in asked:
            why = f"the key does not ask for {facts.label(node)}'s window" if search_prunes(facts) else \
                f"{facts.trace.title.lower()} has no windows"
            written = [json_number(number) for number in given]
            items.append(Item(f"window at {facts.label(node)}", None, written, 0, 0, EXTRA, node=node,
                              detail=f"you wrote {shown(written)}, but {why} (not graded)", kind="extra"))


def _node_types(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """The node types the key asks for (a search they apply to, as the registry says); any other is pointed out."""
    asked = list(key.node_types) if key is not None and facts.typed else []
    for node in asked:
        cannot = unread.take("node_types", node)
        items.append(_node_type_item(facts, node, answer.node_types.get(node)) if cannot is None else
                     _unread_item(f"type of {facts.label(node)}", compare_node_type(facts, node, None).found, cannot,
                                  node, "node_types"))
    for node, given in answer.node_types.items():
        if node not in asked:
            why = f"the key does not ask for {facts.label(node)}'s type" if facts.typed else \
                f"{facts.trace.title.lower()} has no node types"
            items.append(Item(f"type of {facts.label(node)}", None, given, 0, 0, EXTRA, node=node, kind="extra",
                              detail=f"you wrote {given}, but {why} (not graded)"))


def _order(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """The visit order, when the key asks for it (else pointed out)."""
    if key is not None and key.order is not None:
        cannot = unread.take("order")
        items.append(_order_item(facts, answer.order, answer.unknown) if cannot is None else
                     _unread_item("visit order", [facts.label(node) for node in facts.order], cannot, None, "order"))
    elif answer.order is not None:
        items.append(Item("visit order", None, [facts.label(node) for node in answer.order], 0, 0, EXTRA,
                          detail="the key does not ask for the visit order (not graded)", kind="extra"))


_STATISTICS = (("N", "visits", compare_visits), ("W", "wins", compare_wins))  # what, its item kind, its comparer


def _statistics(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """N and W of each node the search makes (given for a node it never makes: pointed out, in the answer's
    order)."""
    made = facts.made()
    for node in made:
        for what, kind, compare in _STATISTICS:
            compared = compare(facts, node, getattr(answer, kind).get(node))
            cannot = unread.take(kind, node)
            items.append(_statistic_item(compared, what) if cannot is None else
                         _unread_item(f"{what} of {compared.label}", compared.found, cannot, node, kind))
    for what, kind, compare in _STATISTICS:
        given = getattr(answer, kind)
        extras = []
        for node in given:
            if node not in made:
                written = given[node] if kind == "visits" else compare(facts, node, given[node]).claimed
                extras.append((answer.lines.get(f"{kind}.{facts.label(node)}", 0),
                               Item(f"{what} of {facts.label(node)}", None, written, 0, 0, EXTRA, node=node,
                                    kind="extra", detail=f"you wrote {shown(written)}, but {facts.label(node)} never "
                                                         "joins the tree (not graded)")))
        extras += [(cannot.line, _unread_item(f"{what} of {facts.label(cannot.node)}", None, cannot, cannot.node,
                                              "extra", asked=False)) for cannot in unread.take_all(kind, but=made)]
        items.extend(item for _, item in sorted(extras, key=lambda pair: pair[0]))


def _selected(items: list[Item], answer: Claims, facts: SearchFacts, key: Claims | None, unread: _Unread) -> None:
    """The path of each iteration the key's ``selected`` names; any other is pointed out."""
    asked = sorted(key.selected) if key is not None else []
    for number in asked:
        cannot = unread.take("selected", number)
        items.append(_path_item(facts, number, answer.selected.get(number), answer.unknown) if cannot is None else
                     _unread_item(f"path of iteration {number}", [facts.label(node) for node in facts.paths[number][0]],
                                  cannot, None, "selected"))
    for number, path in sorted(answer.selected.items()):
        if number not in asked:
            items.append(Item(f"path of iteration {number}", None, [facts.label(node) for node in path], 0, 0, EXTRA,
                              detail=f"the key does not ask for iteration {number}'s path (not graded)",
                              kind="extra"))


_GRADED = {"values": _values, "pruned": _pruned, "best_move": _best_move, "windows": _windows,
           "node_types": _node_types, "order": _order, "statistics": _statistics, "selected": _selected}


def _statistic_item(compared, what: str) -> Item:
    """N (``visits``) or W (``wins``) of a node, one point."""
    item, name, kind = f"{what} of {compared.label}", compared.label, compared.kind
    if compared.claimed is None:
        return Item(item, compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no {what} for {name}", compared.node, kind=kind, note=compared.note)
    if compared.ok:
        return Item(item, compared.found, compared.claimed, 1, 1, RIGHT, compared.step, node=compared.node,
                    kind=kind)
    return Item(item, compared.found, compared.claimed, 0, 1, WRONG, compared.step,
                f"{compared.note} — you wrote {what} = {shown(compared.claimed)}", compared.node, kind=kind,
                note=compared.note)


def _path_item(facts: SearchFacts, number: int, given: list[int] | None, unknown=()) -> Item:
    """Iteration ``number``'s path, one point; a wrong one says where it first parts from the search's."""
    item = f"path of iteration {number}"
    if given is None:
        compared, _ = compare_selected(facts, number, [])
        return Item(item, compared.found, None, 0, 1, MISSING, kind="selected")
    written, names = as_written(facts, given, unknown, f"selected.{number}")
    compared, difference = compare_selected(facts, number, written, names)
    if difference is None:
        return Item(item, compared.found, compared.claimed, 1, 1, RIGHT, compared.step, kind="selected")
    goes = "stops there" if difference.found is None else f"goes to {facts.label(difference.found)}"
    wrote = "your path stops there" if difference.claimed is None else f"you wrote {_name(names, difference)}"
    agree = f" (places 1–{difference.index} agree)" if difference.index > 1 else \
        " (place 1 agrees)" if difference.index == 1 else ""
    detail = f"place {difference.index + 1}: the search {goes}, {wrote}{agree}"
    return Item(item, compared.found, compared.claimed, 0, 1, WRONG, compared.step,
                f"{compared.note} — you wrote the path {shown(compared.claimed)}", detail=detail, kind="selected",
                note=compared.note)


def as_written(facts: SearchFacts, given: list[int], unknown, where: str) -> tuple[list[int], list[str]]:
    """A list of nodes (the visit order, a path) as the answer wrote it: the nodes with :data:`NOT_A_NODE` where it
    wrote a name the tree does not have (``unknown``'s at ``where[i]``), and the names written."""
    misnamed = {int(each.where[len(where) + 1:-1]): each.name for each in unknown
                if each.where.startswith(f"{where}[")}
    known = iter(given)
    written = [NOT_A_NODE if index in misnamed else next(known) for index in range(len(given) + len(misnamed))]
    return written, [misnamed[index] if node == NOT_A_NODE else facts.label(node)
                     for index, node in enumerate(written)]


def _name(names: list[str], difference) -> str:
    """The name an answer wrote where its list parts from the search's (a name the tree does not have, said so)."""
    name = names[difference.index]
    return f"{name}, which is not a node of the tree" if difference.claimed == NOT_A_NODE else name


def _value_item(facts: SearchFacts, node: int, given) -> Item:
    compared = compare_value(facts, node, given)
    item, name = f"value of {compared.label}", compared.label
    if given is None:
        return Item(item, compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no value for {name}", node, kind="values", note=compared.note)
    if compared.ok:
        return Item(item, compared.found, compared.claimed, 1, 1, RIGHT, compared.step, node=node, kind="values")
    return Item(item, compared.found, compared.claimed, 0, 1, WRONG, compared.step,
                f"{compared.note} — you wrote {shown(compared.claimed)}", node, kind="values", note=compared.note)


def _extra_value_item(facts: SearchFacts, node: int, given) -> Item:
    """A value the key does not ask for: a leaf's (given with the tree), or a node's the search never reaches (a
    real mistake: the search skipped it, said with the cutoff that did)."""
    compared = compare_value(facts, node, given)
    label = compared.label
    if compared.reached:  # a leaf, or a node at the horizon: its value is part of the question
        return Item(f"value of {label}", compared.found, compared.claimed, 0, 0, EXTRA, node=node, kind="extra",
                    detail=f"you wrote {shown(compared.claimed)}, but {label} is a leaf: its value is given "
                           "(not graded)")
    return Item(f"value of {label}", compared.found, compared.claimed, 0, 0, EXTRA, compared.step,
                f"{compared.note} — you gave {label} a value" if compared.note else "", node, kind="extra",
                detail=f"you wrote {shown(compared.claimed)}, but the search never reaches {label} (not graded)",
                note=compared.note)


def _leaf_items(facts: SearchFacts, marked: list[int] | None, unknown: list[Unknown] = ()) -> list[Item]:
    """A point per leaf, pruned or not; with no ``pruned:`` in the answer, each is missing (not a free
    "examined"). A pruned leaf left unmarked because ``pruned:`` misspells it (``e2`` for ``E2``, a name in
    ``unknown``) is said so, never "you examined it"."""
    if marked is None:
        return [Item(f"{leaf.label} pruned?", leaf.found, None, 0, 1, MISSING, leaf.step, node=leaf.node,
                     kind="leaf") for leaf in compare_leaves(facts, [])]
    misspelt = {}  # leaf -> the name in pruned: that meant it (or a node above it)
    for name in unknown:
        if name.where.startswith("pruned[") and name.suggestion in facts.by_name:
            for leaf in facts.leaves_under(facts.by_name[name.suggestion]):
                misspelt.setdefault(leaf, name)
    items = []
    by_cut: dict[int, list[int]] = {}  # missed prunes grouped by the cutoff that makes them
    notes: dict[int, str] = {}
    for leaf in compare_leaves(facts, marked):
        item = Item(f"{leaf.label} pruned?", leaf.found, leaf.claimed, int(leaf.ok), 1,
                    RIGHT if leaf.ok else WRONG, leaf.step, node=leaf.node, kind="leaf")
        if leaf.found == "pruned" and not leaf.ok and leaf.node in misspelt:
            name = misspelt[leaf.node]
            wrote = f"you wrote {name.name} in pruned: (line {name.line}), which is not a node of the tree (did " \
                    f"you mean {name.suggestion}?)"
            item.why, item.note, item.detail = f"{leaf.note} — {wrote}", leaf.note, wrote
        elif leaf.found == "pruned" and not leaf.ok:
            by_cut.setdefault(leaf.step, []).append(leaf.node)
            notes[leaf.step] = leaf.note
        elif not leaf.ok:
            item.why, item.note = f"{leaf.note} — you marked it pruned", leaf.note
        items.append(item)
    for step, leaves in by_cut.items():
        them = "it" if len(leaves) == 1 else "them"
        why = f"{notes[step]} — you examined {them}" if len(leaves) == len(_cut_leaves(facts, leaves[0])) else \
            f"{notes[step]} — you examined {join_names([facts.label(leaf) for leaf in leaves])}"
        for item in items:
            if item.node in leaves:
                item.why, item.note = why, notes[step]
    return items


def _cut_leaves(facts: SearchFacts, leaf: int) -> list[int]:
    """Every leaf pruned by the same cutoff as ``leaf``."""
    step = facts.pruned_by[leaf][1].step
    return [other for other in facts.pruned_leaves() if facts.pruned_by[other][1].step == step]


def _best_move_item(facts: SearchFacts, given: str | None, cannot: Unreadable | None = None) -> Item:
    """The best move, one point; a wrong one that is no move at the root but for its case or spelling says which
    it likely meant."""
    compared = compare_best_move(facts, given)
    if cannot is not None:
        return _unread_item("best move", compared.found, cannot, 0, "best_move")
    if given is None:
        return Item("best move", compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no best move", 0, kind="best_move", note=compared.note)
    if compared.ok:
        return Item("best move", compared.found, given, 1, 1, RIGHT, compared.step, node=0, kind="best_move")
    moves = [str(node.move) for node in facts.trace.nodes if node.parent == 0 and node.move is not None]
    meant = None if str(given) in moves else suggest(str(given), moves)
    hint = "" if meant is None else f" ({given} is not a move at the root: did you mean {meant}?)"
    return Item("best move", compared.found, given, 0, 1, WRONG, compared.step,
                f"{compared.note} — you chose {given}{hint}", 0, kind="best_move", note=compared.note,
                detail="" if meant is None else f"you wrote {given}, the search: {shown(compared.found)}{hint}")


def _window_item(facts: SearchFacts, node: int, given) -> Item:
    compared = compare_window(facts, node, given)
    item, name = f"window at {compared.label}", compared.label
    if given is None:
        return Item(item, compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no window for {name}", node, kind="windows", note=compared.note)
    if compared.ok:
        return Item(item, compared.found, compared.claimed, 1, 1, RIGHT, compared.step, node=node, kind="windows")
    window = facts.window(node)
    where = "" if window is None else f" with α = {format_number(window[0])}, β = {format_number(window[1])}"
    note = f"step {compared.step}: {name} is left{where}"
    return Item(item, compared.found, compared.claimed, 0, 1, WRONG, compared.step,
                f"{note} — you wrote [{', '.join(format_number(v) for v in given)}]", node, kind="windows", note=note)


def _node_type_item(facts: SearchFacts, node: int, given: str | None) -> Item:
    """Knuth and Moore's type of a node, one point; a wrong one names the step that entered the node."""
    compared = compare_node_type(facts, node, given)
    item, name = f"type of {compared.label}", compared.label
    if given is None:
        return Item(item, compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no type for {name}", node, kind="node_types", note=compared.note)
    if compared.ok:
        return Item(item, compared.found, given, 1, 1, RIGHT, compared.step, node=node, kind="node_types")
    note = f"{compared.note}: {name} is {compared.found}"
    return Item(item, compared.found, given, 0, 1, WRONG, compared.step, f"{note} — you wrote {given}", node,
                kind="node_types", note=note)


def _order_item(facts: SearchFacts, given: list[int] | None, unknown=()) -> Item:
    """The visit order, one point; a wrong one says where it first parts from the search's, as the answer wrote it
    (a name the tree does not have, ``unknown``'s, stands where it was written)."""
    if given is None:
        compared, _ = compare_order(facts, facts.order)
        return Item("visit order", compared.found, None, 0, 1, MISSING, kind="order")
    written, names = as_written(facts, given, unknown, "order")
    compared, difference = compare_order(facts, written, names)
    if difference is None:
        return Item("visit order", compared.found, compared.claimed, 1, 1, RIGHT, kind="order")
    agree = f" (visits 1–{difference.index} agree)" if difference.index > 1 else \
        " (visit 1 agrees)" if difference.index == 1 else ""
    visit = f"visit {difference.index + 1}"
    if difference.found is None:
        detail = f"the search enters only {len(facts.order)} nodes; your order goes on with " \
                 f"{_name(names, difference)} ({visit})"
        note = f"the search enters only {len(facts.order)} nodes"
        why = f"{note} — your order goes on with {_name(names, difference)}"
    else:
        wrote = "your order stops there" if difference.claimed is None else f"you wrote {_name(names, difference)}"
        detail = f"{visit}: the search enters {facts.label(difference.found)}, {wrote}{agree}"
        note = f"step {compared.step}: the search enters {facts.label(difference.found)} ({visit})"
        why = f"{note} — {wrote}"
    return Item("visit order", compared.found, compared.claimed, 0, 1, WRONG, compared.step, why, detail=detail,
                kind="order", note=note)


def flags(result: Grade) -> tuple[tuple[int, str], ...]:
    """Marks for a drawing of the tree: each node with a wrong or missing item, and what the answer said (leaves
    are not marked when the answer gives no ``pruned:`` at all: the report says so once)."""
    marks: dict[int, list[str]] = {}
    for item in result.items:
        if item.verdict == RIGHT or item.node is None or item.max_points == 0:
            continue
        if item.kind == "best_move":
            said = f"best move: {item.given}" if item.given is not None else "no best move"
        elif item.kind == "windows":
            said = "no window" if item.given is None else f"window [{', '.join(map(shown, item.given))}]"
        elif item.kind == "node_types":
            said = "no type" if item.given is None else f"type {item.given}"
        elif item.kind == "leaf":
            if item.given is None:
                continue
            said = item.given
        elif item.kind in ("visits", "wins"):
            what = "N" if item.kind == "visits" else "W"
            said = f"no {what}" if item.given is None else f"{what} = {shown(item.given)}"
        else:
            said = "no value" if item.given is None else f"{shown(item.given)}"
        marks.setdefault(item.node, []).append(said)
    return tuple((node, "✗ you: " + "; ".join(said)) for node, said in marks.items())
