"""What a practice page asks of one exercise and how it scores each answer: :func:`tracer.exercises.grade.grade`'s
items, computed here by grade and compare_answers themselves, for a page that scores offline.

Everything that does not depend on what the student types is decided here: which items there are (a blank sheet's
items, in grade's order), what each is worth, what the search found for it, the step that decides it and that step
in words (the text "Why?" shows, up to what the student wrote). The page only reads what is typed (answers.py's
grammar) and applies the one rule that compares it (compare_answers' ``value_matches`` and ``number_matches``,
mirrored in practice_page.js); tests hold the page's scores to ``tracer grade``'s on the answer file it downloads.

The wording of a wrong item comes from grade run on a *probe*: an answer wrong on every item (a value no number
matches, a move the root does not have, ...). Each of its items carries the deciding step in words (``note``,
``why`` without what the answer said): what the page shows, followed by what the student wrote.
"""

from __future__ import annotations

import math
from typing import Any

from ..numbers import as_written
from ..inputs.answers import Claimed, Claims
from ..view.node_types import NODE_TYPES
from .check_keys import describe_search
from .claim_text import json_number
from .compare_answers import compare_leaves, compare_selected, search_prunes
from .facts import SearchFacts
from .grade import grade

_WRONG = Claimed(math.nan)  # matches no value: number_matches(nan, x) is never true
_NO_MOVE = "\u2063?"  # no root has a move of this name (an invisible separator before '?')


@as_written
def practice_sheet(facts: SearchFacts, key: Claims | None, tree_file: str = "") -> dict[str, Any]:
    """One exercise as the practice page asks and scores it (plain data, for JSON): the inputs it offers and the
    items a blank sheet has, each with what the page needs to score it."""
    blank = grade(Claims(), facts, answer_file="", tree_file=tree_file, key=key)
    probed = {item.item: item for item in grade(_probe(facts, key), facts, answer_file="", tree_file=tree_file,
                                               key=key).items}
    items = [_item(facts, item, probed.get(item.item)) for item in blank.items]
    _leaf_words(facts, items)
    _list_words(facts, key, items, tree_file)
    sheet = {
        "search": describe_search(facts.trace), "scoring": blank.scoring, "mcts": facts.family.statistics,
        "prunes": search_prunes(facts),
        "labels": facts.labels,
        "inputs": _boxed(facts),  # the nodes with a box
        "leaves": facts.leaves(),
        "moves": [child.move for child in facts.trace.nodes if child.parent == 0 and child.move is not None],
        "windows": [item["node"] for item in items if item["kind"] == "windows"],
        "types": [item["node"] for item in items if item["kind"] == "node_types"],
        "node_types": list(NODE_TYPES),
        "order": any(item["kind"] == "order" for item in items),
        "paths": [int(item["item"].rsplit(" ", 1)[1]) for item in items if item["kind"] == "selected"],
        "items": items,
        "extras": _extras(facts, probed),
    }
    boxed = set(sheet["inputs"] + sheet["windows"] + sheet["types"])  # a key may ask a leaf's type
    sheet["rows"] = [node for node in facts.preorder() if node in boxed]
    return sheet


def _boxed(facts: SearchFacts) -> list[int]:
    """The nodes with a box to fill: every inner node's value, or (a family whose nodes keep statistics) every
    node's N and W, since any node may join the tree."""
    nodes = facts.view.nodes
    return [node for node in facts.preorder() if facts.family.statistics or nodes[node].children]


def _probe(facts: SearchFacts, key: Claims | None) -> Claims:
    """An answer wrong on every item grade words by the answer's value (values, the best move, windows, node types,
    N and W), with a value for every inner node (the ones never reached say which cutoff skipped them) and every
    leaf marked pruned (the examined ones say why they were examined): each kind of item the family grades, wrong."""
    claims = Claims(best_move=_NO_MOVE)
    for kind in facts.family.graded:
        if kind in _PROBES:
            _PROBES[kind](claims, facts, key)
    return claims


def _wrong_values(claims: Claims, facts: SearchFacts, key: Claims | None) -> None:
    claims.values = {node: _WRONG for node in facts.preorder() if facts.view.nodes[node].children}


def _every_leaf_pruned(claims: Claims, facts: SearchFacts, key: Claims | None) -> None:
    if search_prunes(facts):
        claims.pruned = facts.leaves()


def _wrong_windows(claims: Claims, facts: SearchFacts, key: Claims | None) -> None:
    if key is not None:
        claims.windows = {node: (math.nan, math.nan) for node in key.windows}


def _wrong_node_types(claims: Claims, facts: SearchFacts, key: Claims | None) -> None:
    if key is not None:
        claims.node_types = {node: "CUT" if facts.node_type(node) == "PV" else "PV" for node in key.node_types}


def _wrong_statistics(claims: Claims, facts: SearchFacts, key: Claims | None) -> None:
    claims.visits = {node: -1 for node in facts.preorder()}
    claims.wins = {node: _WRONG for node in facts.preorder()}


_PROBES = {"values": _wrong_values, "pruned": _every_leaf_pruned, "windows": _wrong_windows,
           "node_types": _wrong_node_types, "statistics": _wrong_statistics}  # best_move: in every probe


def _item(facts: SearchFacts, item, probed) -> dict[str, Any]:
    """A blank sheet's item as the page scores it: ``because`` is the deciding step in words (the probe's
    ``note``)."""
    data = {"item": item.item, "kind": item.kind, "node": item.node, "max": item.max_points, "step": item.step,
            "because": probed.note if probed is not None and probed.why else ""}
    if item.kind == "values":
        value, bound = facts.returned(item.node)
        data["found"] = {"number": json_number(value), "bound": str(bound)}
    elif item.kind == "windows":
        window = facts.window(item.node)
        data["found"] = None if window is None else [json_number(v) for v in window]
    elif item.kind in ("best_move", "node_types", "visits"):
        data["found"] = item.expected
    elif item.kind == "wins":
        data["found"] = json_number(facts.statistics(item.node)[1])
    elif item.kind == "leaf":
        data["found"] = item.expected
        data["because"] = ""  # filled by _leaf_words: one text when marked wrongly, another when missed
    return data


def _leaf_words(facts: SearchFacts, items: list[dict]) -> None:
    """Each leaf's words when it is marked wrongly (``marked``: it was examined) or missed (``missed``: the cutoff
    that pruned it, with ``cut``, every leaf that cutoff prunes: the page says "you examined them" when all are
    missed, as grade does), and the steps of each."""
    if not any(item["kind"] == "leaf" for item in items):
        return
    missed = {leaf.node: leaf for leaf in compare_leaves(facts, [])}
    marked = {leaf.node: leaf for leaf in compare_leaves(facts, facts.leaves())}
    for item in items:
        if item["kind"] != "leaf":
            continue
        leaf = item["node"]
        if item["found"] == "pruned":
            step = missed[leaf].step
            item["missed"] = {"step": step, "because": missed[leaf].note,
                              "cut": [other for other in facts.pruned_leaves() if facts.pruned_by[other][1].step == step]}
        else:
            item["marked"] = {"step": marked[leaf].step, "because": marked[leaf].note}


def _list_words(facts: SearchFacts, key: Claims | None, items: list[dict], tree_file: str) -> None:
    """The visit order's and each asked iteration's path: the search's list, and at each place where an answer may
    first part from it, the step that decides it and its words (from probes that stop there, and one that goes on
    past the end)."""
    for item in items:
        if item["kind"] == "order":
            found = facts.order
            places = []
            for index in range(len(found) + 1):  # an order that stops at each place, then one that goes on
                claimed = found[:index] if index < len(found) else found + [found[0]]
                graded = grade(Claims(order=claimed), facts, answer_file="", tree_file=tree_file, key=key)
                wrong = next(other for other in graded.items if other.item == item["item"])
                places.append({"step": wrong.step, "because": wrong.note})
        elif item["kind"] == "selected":  # compare_selected's note is grade's words, up to what was written
            number = int(item["item"].rsplit(" ", 1)[1])
            found = facts.paths[number][0]
            compared = [compare_selected(facts, number, found[:index] + [-1])[0] for index in range(len(found))]
            compared.append(compare_selected(facts, number, found + [found[0]])[0])
            places = [{"step": each.step, "because": each.note} for each in compared]
        else:
            continue
        item["found"] = [facts.label(node) for node in found]
        item["places"] = places


def _extras(facts: SearchFacts, probed: dict) -> dict[str, dict]:
    """What the page says of a value (or N, W) typed for a node the search never reaches (or never makes): not
    graded (``max`` 0), in grade's words (``note``: what its detail says after what was written, "the search
    never reaches H (not graded)"), with the cutoff that skipped it when there is one (grade's ``extra`` items)."""
    extras = {}
    for title, item in probed.items():
        if item.kind == "extra" and title.partition(" of ")[0] in ("value", "N", "W"):  # the page has their boxes
            extras[title] = {"item": title, "kind": "extra", "node": item.node, "max": 0, "step": item.step,
                             "why": item.why, "note": item.detail.partition(", but ")[2] or item.detail}
    return extras
