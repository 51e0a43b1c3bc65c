"""Grading a student's answer against the search, item by item, with the first place the answer departs from it.

Scoring (stated in the README and in every report):

- one point per inner node the search reaches: the value it returns (a bound counts as its number);
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

from ..text import format_number, join_names
from ..view import EXACT
from .check import describe_search, json_number, shown
from .claims import Claims, bound_text
from .facts import SearchFacts, same_number

RIGHT, WRONG, MISSING, EXTRA = "right", "wrong", "missing", "extra"

SCORING = ("one point per inner node the search reaches (its value; a bound counts as its number), one per leaf "
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
            cause = facts.pruned_by.get(node)
            items.append(Item(f"value of {facts.label(node)}", "never reached", bound_text(*given), 0, 0, EXTRA,
                              cause[1].step if cause else None,
                              f"step {cause[1].step}: {cause[1].caption} — you gave {facts.label(node)} a value"
                              if cause else ""))
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
    value, bound = facts.returned(node)
    expected = bound_text(value, None if bound == EXACT else bound)
    decided = facts.decided_value(node)
    item = f"value of {facts.label(node)}"
    if given is None:
        return Item(item, expected, None, 0, 1, MISSING, decided.step,
                    f"step {decided.step}: {decided.caption} — you gave no value for {facts.label(node)}", node)
    if same_number(given[0], value):
        return Item(item, expected, bound_text(*given), 1, 1, RIGHT, decided.step, node=node)
    return Item(item, expected, bound_text(*given), 0, 1, WRONG, decided.step,
                f"step {decided.step}: {decided.caption} — you wrote {format_number(given[0])}", node)


def _leaf_items(facts: SearchFacts, marked: list[int]) -> list[Item]:
    said_pruned = {leaf for node in marked for leaf in facts.leaves_under(node)}
    pruned = facts.pruned_leaves()
    items = []
    by_cut: dict[int, list[int]] = {}  # missed prunes grouped by the cutoff that makes them
    for leaf in facts.leaves():
        truth, given = leaf in pruned, leaf in said_pruned
        expected, said = ("pruned" if truth else "examined"), ("pruned" if given else "examined")
        item = Item(f"{facts.label(leaf)} pruned?", expected, said, int(truth == given), 1,
                    RIGHT if truth == given else WRONG, node=leaf)
        if truth and not given:
            step = facts.pruned_by[leaf][1].step
            by_cut.setdefault(step, []).append(leaf)
            item.step = step
        elif given and not truth:
            item.step = facts.entered[leaf].step
            item.why = f"{facts.why_examined(leaf)} — you marked it pruned"
        items.append(item)
    for step, leaves in by_cut.items():
        _, text = facts.why_pruned(leaves[0])
        them = "it" if len(leaves) == 1 else "them"
        why = f"{text} — you examined {them}" if len(leaves) == len(_cut_leaves(facts, leaves[0])) else \
            f"{text} — you examined {join_names([facts.label(leaf) for leaf in leaves])}"
        for item in items:
            if item.step == step and item.verdict == WRONG and item.expected == "pruned":
                item.why = why
    return items


def _cut_leaves(facts: SearchFacts, leaf: int) -> list[int]:
    """Every leaf pruned by the same cutoff as ``leaf``."""
    step = facts.pruned_by[leaf][1].step
    return [other for other in facts.pruned_leaves() if facts.pruned_by[other][1].step == step]


def _best_move_item(facts: SearchFacts, given: str | None) -> Item:
    decided = facts.decided_value(0)
    expected = facts.best_move
    if given is None:
        return Item("best move", expected, None, 0, 1, MISSING, decided.step,
                    f"step {decided.step}: {decided.caption} — you gave no best move", 0)
    if str(given) == str(expected):
        return Item("best move", expected, given, 1, 1, RIGHT, decided.step, node=0)
    return Item("best move", expected, given, 0, 1, WRONG, decided.step,
                f"step {decided.step}: {decided.caption} — you chose {given}", 0)


def _window_item(facts: SearchFacts, node: int, given) -> Item:
    window = facts.window(node)
    expected = None if window is None else [json_number(v) for v in window]
    decided = facts.decided_value(node)
    item = f"window at {facts.label(node)}"
    said = None if given is None else [json_number(v) for v in given]
    if given is None:
        return Item(item, expected, None, 0, 1, MISSING, decided.step,
                    f"step {decided.step}: {decided.caption} — you gave no window for {facts.label(node)}", node)
    if window is not None and same_number(given[0], window[0]) and same_number(given[1], window[1]):
        return Item(item, expected, said, 1, 1, RIGHT, decided.step, node=node)
    where = "" if window is None else f" with α = {format_number(window[0])}, β = {format_number(window[1])}"
    return Item(item, expected, said, 0, 1, WRONG, decided.step,
                f"step {decided.step}: {facts.label(node)} is left{where} — you wrote "
                f"[{', '.join(format_number(v) for v in given)}]", node)


def _order_item(facts: SearchFacts, given: list[int]) -> Item:
    actual = facts.order
    expected, said = [facts.label(n) for n in actual], [facts.label(n) for n in given]
    if given == actual:
        return Item("visit order", expected, said, 1, 1, RIGHT)
    for index, node in enumerate(actual):
        if index >= len(given) or given[index] != node:
            step = facts.entered[node].step
            wrote = f"you wrote {facts.label(given[index])}" if index < len(given) else "your order stops there"
            return Item("visit order", expected, said, 0, 1, WRONG, step,
                        f"step {step}: the search enters {facts.label(node)} (visit {index + 1}) — {wrote}")
    step = facts.last.step
    return Item("visit order", expected, said, 0, 1, WRONG, step,
                f"the search enters only {len(actual)} nodes — your order goes on with {facts.label(given[len(actual)])}")


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
