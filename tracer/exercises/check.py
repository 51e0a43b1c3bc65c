"""Answer keys that check themselves: a file's ``expect:`` block against the search its ``rules:`` describe.

Each expectation becomes a :class:`Check` with the actual value and the step of the trace that decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..inputs import Problem
from ..run import trace_search
from ..search.spec import SearchSpec
from ..text import format_number
from ..trace.trace import Trace
from .claims import Claims, bound_text, parse_bounded, read_claims
from .facts import SearchFacts, same_number


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
    problem's depth."""
    return trace_search(problem.root, spec, depth=problem.depth, meta=problem.meta)


def describe_search(trace: Trace) -> str:
    """``alphabeta, cut when α ≥ β, fail-soft, depth 2``."""
    return ", ".join([trace.algorithm] + trace.rule_phrases())


def check_file(problem: Problem, spec: SearchSpec) -> FileResult:
    """Search the file's problem under ``spec`` and check its ``expect:`` block."""
    trace = search(problem, spec)
    facts = SearchFacts(trace)
    claims = read_claims(problem.expect, problem.meta.get("file", ""), facts)
    return FileResult(problem.meta.get("file", ""), describe_search(trace), check_claims(claims, facts),
                      list(problem.notes))


def check_claims(claims: Claims, facts: SearchFacts) -> list[Check]:
    """Every claim against the search, in the order the key gives them."""
    checks: list[Check] = []
    root_exit = str(facts.decided_value(0))
    for key in claims.given:
        if key == "value":
            checks.append(Check("value", claims.value, facts.value, same_number(claims.value, facts.value),
                                root_exit))
        elif key == "best_move":
            checks.append(Check("best_move", claims.best_move, facts.best_move,
                                claims.best_move == facts.best_move, root_exit))
        elif key == "values":
            checks.extend(_value_check(facts, node, claimed) for node, claimed in claims.values.items())
        elif key == "windows":
            checks.extend(_window_check(facts, node, claimed) for node, claimed in claims.windows.items())
        elif key == "pruned":
            checks.append(_pruned_check(facts, claims.pruned))
        elif key == "order":
            checks.append(_order_check(facts, claims.order))
        else:
            actual = facts.counts[key]
            checks.append(Check(key, claims.counts[key], actual, claims.counts[key] == actual, facts.counted(key)))
    return checks


def _value_check(facts: SearchFacts, node: int, claimed: tuple[float, str | None]) -> Check:
    item = f"values.{facts.label(node)}"
    found = facts.returned(node)
    if found is None:
        cause = facts.pruned_by.get(node)
        return Check(item, bound_text(*claimed), "never reached", False,
                     "" if cause is None else f"step {cause[1].step}: {cause[1].caption}")
    value, bound = found
    passed = same_number(claimed[0], value) and (claimed[1] is None or claimed[1] == bound)
    return Check(item, bound_text(*claimed), bound_text(value, bound if bound != "=" else None), passed,
                 str(facts.decided_value(node)))


def _window_check(facts: SearchFacts, node: int, claimed: tuple[float, float]) -> Check:
    item = f"windows.{facts.label(node)}"
    window = facts.window(node)
    expected = [json_number(v) for v in claimed]
    if window is None:
        actual = "no window" if facts.returned(node) is not None else "never reached"
        return Check(item, expected, actual, False, str(facts.decided_value(node)))
    passed = same_number(claimed[0], window[0]) and same_number(claimed[1], window[1])
    return Check(item, expected, [json_number(v) for v in window], passed, str(facts.decided_value(node)))


def _pruned_check(facts: SearchFacts, claimed: list[int]) -> Check:
    expected = {leaf for node in claimed for leaf in facts.leaves_under(node)}
    actual = facts.pruned_leaves()
    tops = facts.pruned_tops()
    decided = ""
    wrong = []
    for leaf in sorted(expected - actual):  # examined, though the key says pruned
        wrong.append((facts.entered[leaf].step if leaf in facts.entered else 0, facts.why_examined(leaf)))
    for leaf in sorted(actual - expected):  # pruned, though the key says examined
        wrong.append(facts.why_pruned(leaf))
    if wrong:
        decided = min(wrong)[1]
    elif actual:
        steps = sorted({facts.pruned_by[leaf][1].step for leaf in actual})
        decided = "pruned at step" + ("s " if len(steps) > 1 else " ") + ", ".join(map(str, steps))
    return Check("pruned", [facts.label(node) for node in claimed], [facts.label(node) for node in tops],
                 expected == actual, decided)


def _order_check(facts: SearchFacts, claimed: list[int]) -> Check:
    actual = facts.order
    decided = ""
    for index, node in enumerate(actual):
        if index >= len(claimed) or claimed[index] != node:
            step = facts.entered[node].step
            wrote = f"the key has {facts.label(claimed[index])}" if index < len(claimed) else "the key stops"
            decided = f"step {step}: the search enters {facts.label(node)} (visit {index + 1}); {wrote}"
            break
    else:
        if len(claimed) > len(actual):
            decided = f"the search enters only {len(actual)} nodes; the key lists {len(claimed)}"
        else:
            decided = f"steps {facts.entered[actual[0]].step}–{facts.entered[actual[-1]].step}: visits 1–{len(actual)}"
    return Check("order", [facts.label(n) for n in claimed], [facts.label(n) for n in actual], claimed == actual,
                 decided)


def json_number(value: float):
    """A number for JSON: infinities as the trace JSON writes them (``"inf"``, ``"-inf"``)."""
    if value == float("inf"):
        return "inf"
    if value == float("-inf"):
        return "-inf"
    return value


def shown(value) -> str:
    """A check's expected or actual value for the readable report."""
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value)
    if isinstance(value, str):
        parsed = parse_bounded(value)
        if parsed is not None:  # "<=-7" reads "≤ −7", "-inf" reads "−∞"
            number, bound = parsed
            return format_number(number) if bound is None else f"{bound} {format_number(number)}"
    return str(value)

