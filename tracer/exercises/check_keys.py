"""Answer keys that check themselves: a file's ``expect:`` block against the search its ``rules:`` describe.

Each expectation is compared with the search by :mod:`.compare_answers` (the rules ``tracer grade`` uses too) and
becomes a :class:`Check` with the actual value and the step of the trace that decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..numbers import as_written
from ..inputs import Problem
from ..inputs.answers import Claims, read_claims
from ..run import trace_search
from ..search.spec import SearchSpec
from ..trace.trace import Trace
from .compare_answers import (
    NEVER_REACHED, Compared, Difference, compare_best_move, compare_count, compare_node_type, compare_order,
    compare_pruned, compare_root_value, compare_selected, compare_value, compare_visits, compare_window, compare_wins,
)
from .facts import SearchFacts


@dataclass
class Check:
    """One expectation: what the key says, what the search did, and the step that decides it."""

    item: str
    expected: Any
    actual: Any
    passed: bool
    decided: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"item": self.item, "expected": self.expected, "actual": self.actual, "passed": self.passed,
                "decided": self.decided}


@dataclass
class FileResult:
    """The checks of one file (or why it could not be checked: ``error``)."""

    file: str
    search: str = ""
    checks: list[Check] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and all(check.passed for check in self.checks)

    def as_dict(self) -> dict[str, Any]:
        data = {"file": self.file, "passed": self.passed, "search": self.search,
                "checks": [check.as_dict() for check in self.checks], "notes": self.notes}
        if self.error is not None:
            data["error"] = self.error
        return data


def search(problem: Problem, spec: SearchSpec) -> Trace:
    """The search an exercise is about (``spec``: the file's rules, with what the command line overrides), to the
    problem's depth, its trace within the problem's ``max_nodes``."""
    return trace_search(problem.root, spec, depth=problem.depth, meta=problem.meta, max_nodes=problem.max_nodes)


def describe_search(trace: Trace) -> str:
    """``alphabeta, cut when α ≥ β, fail-soft, depth 2``."""
    return ", ".join([trace.algorithm] + trace.rule_phrases())


@as_written
def check_file(problem: Problem, spec: SearchSpec) -> FileResult:
    """Search the file's problem under ``spec`` and check its ``expect:`` block."""
    trace = search(problem, spec)
    facts = SearchFacts(trace)
    claims = read_claims(problem.expect, problem.meta.get("file", ""), facts)
    return FileResult(problem.meta.get("file", ""), describe_search(trace), check_claims(claims, facts),
                      list(problem.notes))


def check_claims(claims: Claims, facts: SearchFacts) -> list[Check]:
    """Every claim against the search, in the order the key gives them (compared by :mod:`.compare_answers`)."""
    checks: list[Check] = []
    for key in claims.given:
        checks.extend(_CHECKS.get(key, _counts)(key, claims, facts))
    return checks


def _root_value(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_check("value", compare_root_value(facts, claims.value, claims.value_decimals))]


def _best_move(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_check("best_move", compare_best_move(facts, claims.best_move))]


def _values(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_value_check(compare_value(facts, node, claimed)) for node, claimed in claims.values.items()]


def _windows(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_window_check(compare_window(facts, node, claimed)) for node, claimed in claims.windows.items()]


def _node_types(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_check(f"node_types.{compared.label}", compared) for compared in
            (compare_node_type(facts, node, claimed) for node, claimed in claims.node_types.items())]


def _pruned(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_check("pruned", compare_pruned(facts, claims.pruned))]


def _order(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_order_check(facts, *compare_order(facts, claims.order))]


def _visits(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_check(f"visits.{compared.label}", compared)
            for compared in (compare_visits(facts, node, n) for node, n in claims.visits.items())]


def _wins(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_check(f"wins.{compared.label}", compared)
            for compared in (compare_wins(facts, node, w) for node, w in claims.wins.items())]


def _selected(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    return [_selected_check(facts, *compare_selected(facts, number, path))
            for number, path in claims.selected.items()]


def _counts(key: str, claims: Claims, facts: SearchFacts) -> list[Check]:
    """A count (``leaves_evaluated``, ``nodes_visited``, ``cutoffs``), as tracer stats counts it."""
    return [_check(key, compare_count(facts, key, claims.counts[key]))]


_CHECKS = {"value": _root_value, "best_move": _best_move, "values": _values, "windows": _windows,
           "node_types": _node_types, "pruned": _pruned, "order": _order, "visits": _visits, "wins": _wins,
           "selected": _selected}  # each key of an expect: block, checked (the rest are counts)


def _check(item: str, compared: Compared) -> Check:
    return Check(item, compared.claimed, compared.found, compared.ok, compared.note)


def _value_check(compared: Compared) -> Check:
    return _check(f"values.{compared.label}", compared)


def _window_check(compared: Compared) -> Check:
    found = compared.found
    if found is None:
        found = "no window" if compared.reached else NEVER_REACHED
    return Check(f"windows.{compared.label}", compared.claimed, found, compared.ok, compared.note)


def _order_check(facts: SearchFacts, compared: Compared, difference: Difference | None) -> Check:
    """The order, with where the key first parts from the search."""
    note = compared.note
    if difference is not None and difference.found is not None:
        wrote = "the key stops" if difference.claimed is None else f"the key has {facts.label(difference.claimed)}"
        note = (f"step {compared.step}: the search enters {facts.label(difference.found)} "
                f"(visit {difference.index + 1}); {wrote}")
    elif difference is not None:
        note = f"the search enters only {len(facts.order)} nodes; the key lists {len(compared.claimed)}"
    return Check("order", compared.claimed, compared.found, compared.ok, note)


def _selected_check(facts: SearchFacts, compared: Compared, difference: Difference | None) -> Check:
    """An iteration's path, with where the key first parts from it."""
    note = compared.note
    if difference is not None:
        goes = "stops" if difference.found is None else f"goes to {facts.label(difference.found)}"
        has = "the key stops" if difference.claimed is None else f"the key has {facts.label(difference.claimed)}"
        note += f" (at place {difference.index + 1} the search {goes}, {has})"
    return Check(f"selected.{compared.label}", compared.claimed, compared.found, compared.ok, note)
