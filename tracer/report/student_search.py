"""The reports of ``tracer test-search``: readable text, and JSON (the keys the README documents); Gradescope's
results.json is written by :mod:`.gradescope` from the cases as one grade."""

from __future__ import annotations

import json
from typing import Sequence

from ..exercises.claims import json_number, shown
from ..exercises.grade import RIGHT
from ..exercises.student_search import SCORING, CaseResult, convention_summary, summary_sentence


def search_report(target: str, results: Sequence[CaseResult]) -> str:
    """Each case: its score, each item, the conventions the function follows, its first departure (and a failed
    call's traceback); then the total and the scoring rule."""
    lines = []
    for result in results:
        lines.append(f"{result.case.name}: {result.score} / {result.max_score}  ({result.case.file}, {result.search})")
        if result.failure is not None:
            lines.append(f"  ✗ your function {result.failure.line}")
            lines.extend("    " + line for line in result.failure.traceback.rstrip().splitlines())
        else:
            for item in result.items:
                if item.verdict == RIGHT:
                    lines.append(f"  ✓ {item.item}: {_given(item)}")
                else:
                    lines.append(f"  ✗ {item.item}: {item.detail}")
            lines.extend(f"  convention: {sentence}" for sentence in result.conventions)
            for node, probe in result.probes:
                if probe.failure is not None and probe.failure.traceback:
                    lines.extend("    " + line for line in probe.failure.traceback.rstrip().splitlines())
        if result.departure:
            lines.append(f"  first departure: {result.departure}")
        lines.append("")
    score, most = sum(r.score for r in results), sum(r.max_score for r in results)
    summary = summary_sentence(results)
    if summary:
        lines.append(f"conventions, each judged on the cases that tell it: {summary}")
    lines.append(f"{target}: {score} / {most} over {len(results)} case{'s' if len(results) != 1 else ''}")
    lines.append(f"scoring: {SCORING}")
    return "".join(line + "\n" for line in lines)


def _given(item) -> str:
    if item.item == "values at inner nodes":
        return item.detail
    if isinstance(item.given, list):
        return f"{shown(item.given)} ({len(item.given)})"
    return shown(item.given)


def search_json(target: str, results: Sequence[CaseResult]) -> str:
    """One object: ``function``, ``score``, ``max_score``, ``conventions`` (over all cases, each convention's
    variants the function follows, with the cases that tell it: ``{"prune": {"ge": ["ties"]}, …}``), ``cases``
    (each as :func:`case_dict`)."""
    data = {"function": target, "score": sum(r.score for r in results),
            "max_score": sum(r.max_score for r in results), "conventions": convention_summary(results),
            "cases": [case_dict(r) for r in results]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def case_dict(result: CaseResult) -> dict:
    """``case``, ``file``, ``search``, ``score``, ``max_score``, ``returned`` and ``expected`` (each ``{"value",
    "move"}``), ``expanded``/``evaluated`` and ``expected_expanded``/``expected_evaluated`` (state names, in
    order; the function's null when its call failed, the search's always), ``matches`` (each convention the record fits: ``order``: given/reversed, ``prune``: ge/gt, ``fail``:
    soft/hard; empty: none), ``conventions`` (sentences), ``first_departure``, ``error`` (``{"kind", "message",
    "traceback"}`` or null) and ``items`` (as ``tracer grade --json`` writes them)."""
    call = result.call
    value, move = result.expected
    names = {item.item: item for item in result.items}
    failed = call is None or call.failure is not None
    return {
        "case": result.case.name, "file": result.case.file, "search": result.search,
        "score": result.score, "max_score": result.max_score,
        "returned": None if failed else {"value": json_number(call.value), "move": call.move},
        "expected": {"value": json_number(value), "move": move},
        "expanded": None if failed else names["states expanded"].given,
        "expected_expanded": names["states expanded"].expected,
        "evaluated": None if failed else names["states evaluated"].given,
        "expected_evaluated": names["states evaluated"].expected,
        "matches": result.matches, "conventions": result.conventions, "first_departure": result.departure,
        "error": None if result.failure is None else {"kind": result.failure.kind, "message": result.failure.line,
                                                      "traceback": result.failure.traceback},
        "items": [item.as_dict() for item in result.items],
    }
