"""Naming the typical mistakes (:mod:`.mistakes`) a case's record shows: each variant of the search run on the
calls the function was given and set against the function's record (per case, from :mod:`.verdicts`), then the
fewest that explain every place they show, chosen over all cases (:func:`settle_mistakes`), and the line over all
cases the reports give."""

from __future__ import annotations

from collections import Counter

from ..exercises.facts import SearchFacts
from .case import CaseResult
from .conventions import COURSE, YOU, course_conventions
from .mistakes import BY_ID, MISTAKES, Record, departures, evidence, part_kind, shows, variant_record
from .runner import EVALUATED, Action

ORDER = {mistake.id: index for index, mistake in enumerate(MISTAKES)}


def name_mistakes(result: CaseResult, facts: SearchFacts, root_call: tuple, again: dict[int, tuple]) -> None:
    """The typical mistakes the function's record shows on this case (:mod:`.mistakes`), each with its
    evidence (the parts of the record where it departs from the search): each variant of the search run here on the
    calls the function was given, or, for a convention, the convention check's finding. Which of them to name is
    :func:`settle_mistakes`' to say, over all cases."""
    call = result.call
    course = Record(result.actions, *result.expected, {node: facts.returned(node)[0] for node in again})
    student = Record(call.actions, call.value, call.move,
                     {node: probe.value for node, probe in result.probes if probe.failure is None})
    budget = len(student.actions) + len(course.actions) + 1  # a variant past both cannot be either
    fields = {"search": facts.title.lower(), "evaluated": _count_kind(student.actions, EVALUATED),
              "expected_evaluated": _count_kind(course.actions, EVALUATED)}
    found = []
    for mistake in MISTAKES:
        if not _may_show(mistake, result):
            continue
        records = [variant_record(form, root_call, again, mistake.rules(result.case.spec.rules), budget)
                   for form in mistake.forms(result.case.spec.algorithm)]
        telling = {form for form, record in enumerate(records) if departures(record, course)}
        if telling:
            result.telling[mistake.id] = telling
        form, shown = _shown(mistake, result, student, course, records)
        if shown:
            found.append((mistake.id, shown, _said(mistake, result, fields), form))
    result.candidates = found


def _may_show(mistake, result: CaseResult) -> bool:
    """Whether the case's search can show the mistake: not another search's mistake, nor the course's own
    convention."""
    if result.case.spec.algorithm not in mistake.searches:
        return False
    return mistake.convention is None or course_conventions(result.case)[mistake.convention[0]] != \
        mistake.convention[1]


def _shown(mistake, result: CaseResult, student: Record, course: Record, records: list[Record]) -> tuple:
    """(the form of the mistake the function's record shows, its evidence), the evidence None where it does not
    show it."""
    if mistake.convention is not None:  # the convention check names it; its variant gives the evidence
        kind, variant = mistake.convention
        if result.matches.get(kind) != [variant]:
            return 0, None
        # its own evidence, where values cannot show it
        return 0, evidence(student, records[0], course) | _told_by(kind, student, course) or frozenset([kind])
    # the first form the function's record shows, where the mistake shows
    form, shown = next(((form, evidence(student, record, course))
                        for form, record in enumerate(records) if shows(student, record, course)), (0, None))
    if shown and mistake.about not in {part_kind(part) for part in shown}:
        shown = None  # only elsewhere (never cutting off, where the search does not cut off either)
    return form, shown


def _said(mistake, result: CaseResult, fields: dict) -> str:
    """The mistake in the student's words: its own sentence, or the convention check's."""
    if mistake.says:
        return mistake.says.format(**fields)
    kind, variant = mistake.convention
    return f"{YOU[kind][variant]}; {COURSE[kind][course_conventions(result.case)[kind]]}"


def settle_mistakes(results: list[CaseResult]) -> None:
    """Name each case's mistakes: of the mistakes its record shows, the fewest that explain every place they show,
    chosen greedily, the mistake found in the most cases first (then the one with the most evidence there, then
    the first in :data:`MISTAKES`); one that adds no place is left out, and where its evidence is a named one's
    exactly (this case cannot tell the two apart), the named one's sentence says so."""
    found_in = Counter(mistake_id for result in results for mistake_id, _, _, _ in result.candidates)
    for result in results:
        named = _settle_case(result, found_in)
        result.mistakes = [mistake_id for mistake_id, _, _, _ in named]
        result.mistake_sentences = [
            said + (f" (this case alone cannot tell it from a search that {', or one that '.join(others)})"
                    if others else "") for _, _, said, others in named]


def _settle_case(result: CaseResult, found_in: Counter) -> list[list]:
    """One case's mistakes named, greedily: [id, evidence, sentence, the summaries of those it cannot tell from
    it], in :data:`MISTAKES`' order; each named one's form noted in ``result.forms``."""
    named, explained = [], frozenset()
    for mistake_id, parts, said, form in sorted(result.candidates, key=lambda found: (
            -found_in[found[0]], -len(found[1]), ORDER[found[0]])):
        if not parts <= explained:
            named.append([mistake_id, parts, said, []])
            explained |= parts
            result.forms[mistake_id] = form
            continue
        alike = next((first for first in named if first[1] == parts), None)
        if alike is not None:
            alike[3].append(BY_ID[mistake_id].summary)
    named.sort(key=lambda first: ORDER[first[0]])
    return named


def _told_by(kind: str, student: Record, course: Record) -> frozenset:
    """Where the convention check found a convention: the function's record (the cut rule, the order of the moves),
    or its values (the fail mode): the places the student's record departs from the course's there."""
    parts = departures(student, course)
    if kind == "fail":
        return frozenset(part for part in parts if part not in ("record", "move"))
    return frozenset(part for part in parts if part == "record")


def _count_kind(actions: list[Action], kind: str) -> int:
    return sum(action.kind == kind for action in actions)


def mistake_summary(results: list[CaseResult]) -> dict[str, dict[str, list[str]]]:
    """Over all cases, each mistake named: id -> ``{"cases": the cases that name it, "telling": the cases that can
    tell it}`` (where the form of it the function shows departs from the search), in :data:`MISTAKES`' order."""
    summary = {}
    for mistake in MISTAKES:
        forms = {result.forms[mistake.id] for result in results if mistake.id in result.mistakes}
        if forms:
            summary[mistake.id] = {
                "cases": [result.case.name for result in results if mistake.id in result.mistakes],
                "telling": [result.case.name for result in results if result.telling.get(mistake.id, set()) & forms]}
    return summary


def mistakes_sentence(results: list[CaseResult]) -> str:
    """:func:`mistake_summary` in one line: ``never prunes in 5 of 6 cases (the other case cannot tell); …``, or
    ``none of those tracer knows``."""
    parts = []
    for mistake_id, found in mistake_summary(results).items():
        shown, telling, total = len(found["cases"]), len(found["telling"]), len(results)
        part = f"{BY_ID[mistake_id].summary} in {shown} of {total} case{'s' if total != 1 else ''}"
        if shown == telling < total:
            part += " (the other case cannot tell)" if total - telling == 1 else " (the other cases cannot tell)"
        parts.append(part)
    return "; ".join(parts) or "none of those tracer knows"
