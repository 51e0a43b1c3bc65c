"""The reports of ``tracer test-search``: readable text, and JSON (the keys the README documents); Gradescope's
results.json is written by :mod:`.gradescope` from the cases as one grade."""

from __future__ import annotations

import json
from typing import Sequence

from ..exercises.claim_text import json_number
from .case import SCORING, STRICT, CaseResult
from .case_words import case_lines
from .conventions import convention_summary, summary_sentence
from .named_mistakes import mistake_summary, mistakes_sentence


def search_report(target: str, results: Sequence[CaseResult]) -> str:
    """Each case: its score, its verdict under strict scoring, each item, the conventions the function follows, the
    mistakes it shows, its first departure (and a failed call's traceback); then the conventions and the mistakes
    over all cases, the total and the scoring rule."""
    lines = []
    for result in results:
        lines.append(f"{result.case.name}: {result.score} / {result.max_score}  ({result.case.file}, {result.search})")
        lines.extend("  " + line for line in case_lines(result).splitlines())
        lines.append("")
    score, most = sum(r.score for r in results), sum(r.max_score for r in results)
    summary = summary_sentence(results)
    if summary:
        lines.append(f"conventions, each judged on the cases that tell it: {summary}")
    lines.append(f"typical mistakes: {mistakes_sentence(results)}")
    lines.append(f"{target}: {score} / {most} over {len(results)} case{'s' if len(results) != 1 else ''}")
    lines.append(f"scoring: {SCORING[_scoring(results)]}")
    return "".join(line + "\n" for line in lines)


def _scoring(results: Sequence[CaseResult]) -> str:
    return results[0].case.scoring if results else STRICT


def search_json(target: str, results: Sequence[CaseResult]) -> str:
    """One object: ``function``, ``scoring`` (``strict`` or ``partial``), ``score``, ``max_score``, ``conventions``
    (over all cases, each convention's variants the function follows, with the cases that tell it: ``{"prune":
    {"ge": ["ties"]}, …}``), ``mistakes`` (each typical mistake the function shows: ``{"no_pruning": {"cases": […],
    "telling": […]}}``), ``mistake_summary`` (that in words), ``cases`` (each as :func:`case_dict`)."""
    data = {"function": target, "scoring": _scoring(results), "score": sum(r.score for r in results),
            "max_score": sum(r.max_score for r in results), "conventions": convention_summary(results),
            "mistakes": mistake_summary(results), "mistake_summary": mistakes_sentence(results),
            "cases": [case_dict(r) for r in results]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def case_dict(result: CaseResult) -> dict:
    """``case``, ``file``, ``search``, ``score``, ``max_score``, ``passed`` (every item right), ``returned`` and
    ``expected`` (each ``{"value", "move"}``), ``expanded``/``evaluated`` and ``expected_expanded``/
    ``expected_evaluated`` (state names, in order; the function's null when its call failed, the search's always),
    ``matches`` (each convention the record fits: ``order``: given/reversed, ``prune``: ge/gt, ``fail``: soft/hard;
    empty: none), ``conventions`` (sentences), ``mistakes`` (the typical mistakes' ids) and ``mistake_sentences``
    (the same in words), ``first_departure``, ``error`` (``{"kind", "message", "traceback"}`` or null) and
    ``items`` (as ``tracer grade --json`` writes them: each item's own points, whatever the scoring)."""
    call = result.call
    value, move = result.expected
    names = {item.item: item for item in result.items}
    failed = call is None or call.failure is not None
    return {
        "case": result.case.name, "file": result.case.file, "search": result.search,
        "score": result.score, "max_score": result.max_score, "passed": result.passed,
        "returned": None if failed else {"value": json_number(call.value), "move": call.move},
        "expected": {"value": json_number(value), "move": move},
        "expanded": None if failed else names["states expanded"].given,
        "expected_expanded": names["states expanded"].expected,
        "evaluated": None if failed else names["states evaluated"].given,
        "expected_evaluated": names["states evaluated"].expected,
        "matches": result.matches, "conventions": result.conventions,
        "mistakes": result.mistakes, "mistake_sentences": result.mistake_sentences,
        "first_departure": result.departure,
        "error": None if result.failure is None else {"kind": result.failure.kind, "message": result.failure.line,
                                                      "traceback": result.failure.traceback},
        "items": [item.as_dict() for item in result.items],
    }
