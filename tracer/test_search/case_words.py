"""The cases in words: each case's lines as the text report and Gradescope's output give them (:func:`case_lines`),
and the cases as one :class:`~tracer.exercises.grade.Grade` for Gradescope's results.json (:func:`as_grade`)."""

from __future__ import annotations

from dataclasses import replace

from ..exercises.claim_text import shown
from ..exercises.grade import EXTRA, RIGHT, WRONG, Grade, Item
from .case import SCORING, STRICT, CaseResult
from .named_mistakes import mistakes_sentence


def as_grade(target: str, results: list[CaseResult]) -> Grade:
    """The cases as one :class:`Grade`, for Gradescope's results.json: under strict scoring one item per case (named
    after it, its points all or none, its output every item's verdict, the mistakes and the first departure); under
    partial scoring every case's items, each named with its case."""
    scoring = results[0].case.scoring if results else STRICT
    grade = Grade(target, ", ".join(result.case.name for result in results),
                  "; ".join(sorted({result.search for result in results})), scoring=SCORING[scoring])
    for result in results:
        grade.items.extend([_strict_item(result)] if scoring == STRICT else _partial_items(result))
    # the line over all cases, pointed out and worth nothing (Gradescope's output says it under "Not graded")
    grade.items.append(Item("typical mistakes over all cases", None, None, 0, 0, EXTRA,
                            detail=mistakes_sentence(results), kind="test_search"))
    first = next((result for result in results if result.departure), None)
    if first is not None:
        grade.departure = f"{first.case.name}: {first.departure}"
    return grade


def _strict_item(result: CaseResult) -> Item:
    """A case as one item, all or nothing."""
    return Item(result.case.name, result.max_score, f"{result.items_right} of {len(result.items)} items right",
                result.score, result.max_score, RIGHT if result.passed else WRONG, detail=case_lines(result),
                kind="test_search")


def _partial_items(result: CaseResult) -> list[Item]:
    """A case's items, each named with its case."""
    return [replace(item, item=f"{result.case.name}: {item.item}",
                    detail=item.detail if item.points else _case_output(result, item)) for item in result.items]


def case_lines(result: CaseResult) -> str:
    """A case in words, as the report and Gradescope's output give it: its verdict under strict scoring, each item
    (✓ or ✗ and the difference), the conventions, the mistakes, the first departure, a failed call's traceback."""
    lines = []
    if result.case.scoring == STRICT:
        lines.append(f"passed: all {len(result.items)} items right" if result.passed else
                     f"failed: {result.items_right} of {len(result.items)} items right (strict: all or nothing)")
    if result.failure is not None:
        lines.append(f"✗ your function {result.failure.line}")
        lines.extend(_traceback_lines(result.failure))
    else:
        lines.extend(_run_lines(result))
    if result.departure:
        lines.append(f"first departure: {result.departure}")
    return "\n".join(lines)


def _run_lines(result: CaseResult) -> list[str]:
    """A case whose call returned: each item, the conventions (a departure from one is said as a mistake), the
    mistakes, and the traceback of a call again on an inner node that failed."""
    lines = [f"✓ {item.item}: {_given(item)}" if item.verdict == RIGHT else f"✗ {item.item}: {item.detail}"
             for item in result.items]
    lines.extend(f"convention: {sentence}" for sentence in result.conventions  # a departure is a mistake
                 if not any(said.startswith(sentence) for said in result.mistake_sentences))
    lines.extend(f"mistake: {sentence}" for sentence in result.mistake_sentences)
    for _, probe in result.probes:
        if probe.failure is not None:
            lines.extend(_traceback_lines(probe.failure))
    return lines


def _traceback_lines(failure) -> list[str]:
    """A failed call's traceback, indented under its line (none when it has none)."""
    return ["  " + line for line in failure.traceback.rstrip().splitlines()] if failure.traceback else []


def _given(item: Item) -> str:
    """A right item's answer as the reports show it."""
    if item.item == "values at inner nodes":
        return item.detail
    if isinstance(item.given, list):
        return f"{shown(item.given)} ({len(item.given)})"
    return shown(item.given)


def _case_output(result: CaseResult, item: Item) -> str:
    """What Gradescope shows under a lost point: the item's difference, and the case's first departure, with the
    student's traceback when the function failed."""
    lines = [item.detail]
    if result.departure and result.departure != item.detail:
        lines.append(f"first departure: {result.departure}")
    if result.failure is not None and result.failure.traceback:
        lines.append(result.failure.traceback.rstrip())
    return "\n".join(lines)

