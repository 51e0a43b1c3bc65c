"""Grading a student's answer against the search, item by item, with the first place the answer departs from it.
Items are compared by :mod:`.compare_answers` (the rules ``tracer check`` uses too); this module decides which
items an answer is graded on, what each is worth, and how a wrong one is explained to the student.

Scoring (stated in the README and in every report):

- one point per inner node the search reaches: the value it returns (a plain number matches a bound with that
  number; a value written as a bound must be a bound of the search's kind, as in ``tracer check``: see
  :mod:`.compare_answers`);
- one point per leaf: marked pruned or not, correctly (a wrong mark loses the point exactly as a missing one does;
  a pruned inner node in ``pruned`` marks every leaf below it);
- one point for the best move;
- when the answer gives any ``windows``: one point per node asked (the nodes of the key's ``windows`` when the file
  has one, else every inner node the search reaches): (α, β) when the node is left;
- when the answer gives an ``order``: one point for the whole visit order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..inputs.answers import Claims
from ..text import format_number, join_names
from .check import describe_search
from .claims import shown
from .compare_answers import (
    compare_best_move, compare_leaves, compare_order, compare_value, compare_window,
)
from .facts import SearchFacts

RIGHT, WRONG, MISSING, EXTRA = "right", "wrong", "missing", "extra"

SCORING = ("one point per inner node the search reaches (its value; a plain number matches a bound with that "
           "number, a bound you write must be the search's kind), one per leaf "
           "(pruned or not), one for the best move, one per window asked when the answer gives windows, one for the "
           "visit order when given")


@dataclass
class Item:
    """One graded item."""

    item: str  # "value of C", "C2 pruned?", "best move", "window at C", "visit order"
    expected: Any
    given: Any
    points: int
    max_points: int
    verdict: str  # right, wrong, missing, extra (an item worth nothing: a value for a node never reached)
    step: int | None = None  # the step of the trace that decides it (for finding the first departure)
    why: str = ""  # that step, explained, for a wrong or missing item
    node: int | None = None  # the node it is about (to mark it in a drawing)

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

    @property
    def score(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def max_score(self) -> int:
        return sum(item.max_points for item in self.items)

    def as_dict(self) -> dict[str, Any]:
        return {"answer": self.answer, "tree": self.tree, "search": self.search, "score": self.score,
                "max_score": self.max_score, "items": [item.as_dict() for item in self.items],
                "first_departure": self.departure}


def grade(answer: Claims, facts: SearchFacts, *, answer_file: str, tree_file: str,
          key_windows: list[int] | None = None) -> Grade:
    """Grade ``answer`` against the search; ``key_windows`` are the nodes whose windows the key asks for."""
    result = Grade(answer_file, tree_file, describe_search(facts.trace))
    items = result.items
    reached = facts.inner_reached()
    for node in reached:
        items.append(_value_item(facts, node, answer.values.get(node)))
    for node, given in answer.values.items():  # values for nodes the search never reaches: worth nothing, said
        if node not in reached and facts.node(node).children and not facts.node(node).leaf:
            compared = compare_value(facts, node, given)
            items.append(Item(f"value of {compared.label}", compared.found, compared.claimed, 0, 0, EXTRA,
                              compared.step,
                              f"{compared.note} — you gave {compared.label} a value" if compared.note else ""))
    items.extend(_leaf_items(facts, answer.pruned or []))
    items.append(_best_move_item(facts, answer.best_move))
    if answer.windows:
        asked = key_windows if key_windows else reached
        items.extend(_window_item(facts, node, answer.windows.get(node)) for node in asked)
    if answer.order is not None:
        items.append(_order_item(facts, answer.order))
    departures = [item for item in items if item.verdict != RIGHT and item.why]
    if departures:
        result.departure = min(departures, key=lambda item: item.step if item.step is not None else 10 ** 9).why
    return result


def _value_item(facts: SearchFacts, node: int, given) -> Item:
    compared = compare_value(facts, node, given)
    item, name = f"value of {compared.label}", compared.label
    if given is None:
        return Item(item, compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no value for {name}", node)
    if compared.ok:
        return Item(item, compared.found, compared.claimed, 1, 1, RIGHT, compared.step, node=node)
    return Item(item, compared.found, compared.claimed, 0, 1, WRONG, compared.step,
                f"{compared.note} — you wrote {shown(compared.claimed)}", node)


def _leaf_items(facts: SearchFacts, marked: list[int]) -> list[Item]:
    items = []
    by_cut: dict[int, list[int]] = {}  # missed prunes grouped by the cutoff that makes them
    notes: dict[int, str] = {}
    for leaf in compare_leaves(facts, marked):
        item = Item(f"{leaf.label} pruned?", leaf.found, leaf.claimed, int(leaf.ok), 1,
                    RIGHT if leaf.ok else WRONG, leaf.step, node=leaf.node)
        if leaf.found == "pruned" and not leaf.ok:
            by_cut.setdefault(leaf.step, []).append(leaf.node)
            notes[leaf.step] = leaf.note
        elif not leaf.ok:
            item.why = f"{leaf.note} — you marked it pruned"
        items.append(item)
    for step, leaves in by_cut.items():
        them = "it" if len(leaves) == 1 else "them"
        why = f"{notes[step]} — you examined {them}" if len(leaves) == len(_cut_leaves(facts, leaves[0])) else \
            f"{notes[step]} — you examined {join_names([facts.label(leaf) for leaf in leaves])}"
        for item in items:
            if item.step == step and item.verdict == WRONG and item.expected == "pruned":
                item.why = why
    return items


def _cut_leaves(facts: SearchFacts, leaf: int) -> list[int]:
    """Every leaf pruned by the same cutoff as ``leaf``."""
    step = facts.pruned_by[leaf][1].step
    return [other for other in facts.pruned_leaves() if facts.pruned_by[other][1].step == step]


def _best_move_item(facts: SearchFacts, given: str | None) -> Item:
    compared = compare_best_move(facts, given)
    if given is None:
        return Item("best move", compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no best move", 0)
    if compared.ok:
        return Item("best move", compared.found, given, 1, 1, RIGHT, compared.step, node=0)
    return Item("best move", compared.found, given, 0, 1, WRONG, compared.step,
                f"{compared.note} — you chose {given}", 0)


def _window_item(facts: SearchFacts, node: int, given) -> Item:
    compared = compare_window(facts, node, given)
    item, name = f"window at {compared.label}", compared.label
    if given is None:
        return Item(item, compared.found, None, 0, 1, MISSING, compared.step,
                    f"{compared.note} — you gave no window for {name}", node)
    if compared.ok:
        return Item(item, compared.found, compared.claimed, 1, 1, RIGHT, compared.step, node=node)
    window = facts.window(node)
    where = "" if window is None else f" with α = {format_number(window[0])}, β = {format_number(window[1])}"
    return Item(item, compared.found, compared.claimed, 0, 1, WRONG, compared.step,
                f"step {compared.step}: {name} is left{where} — you wrote "
                f"[{', '.join(format_number(v) for v in given)}]", node)


def _order_item(facts: SearchFacts, given: list[int]) -> Item:
    compared, difference = compare_order(facts, given)
    if difference is None:
        return Item("visit order", compared.found, compared.claimed, 1, 1, RIGHT)
    if difference.found is not None:
        wrote = "your order stops there" if difference.claimed is None else \
            f"you wrote {facts.label(difference.claimed)}"
        why = (f"step {compared.step}: the search enters {facts.label(difference.found)} "
               f"(visit {difference.index + 1}) — {wrote}")
    else:
        why = f"the search enters only {len(facts.order)} nodes — your order goes on with " \
              f"{facts.label(difference.claimed)}"
    return Item("visit order", compared.found, compared.claimed, 0, 1, WRONG, compared.step, why)


def flags(result: Grade) -> tuple[tuple[int, str], ...]:
    """Marks for a drawing of the tree: each node with a wrong or missing item, and what the answer said."""
    marks: dict[int, list[str]] = {}
    for item in result.items:
        if item.verdict in (RIGHT,) or item.node is None or item.max_points == 0:
            continue
        if item.item == "best move":
            said = f"best move: {item.given}" if item.given is not None else "no best move"
        elif item.item.startswith("window"):
            said = "no window" if item.given is None else f"window [{', '.join(map(shown, item.given))}]"
        elif item.item.endswith("pruned?"):
            said = item.given
        else:
            said = "no value" if item.given is None else f"{shown(item.given)}"
        marks.setdefault(item.node, []).append(said)
    return tuple((node, "✗ you: " + "; ".join(said)) for node, said in marks.items())
