"""The conventions tried (the cut rule α ≥ β or α > β, fail-soft or fail-hard, the moves in the order given or last
to first): the traced search under each, which of them the function's record and values fit, and the words for
them, per case and over all cases. The comparer (:mod:`.verdicts`) asks it per case; the typical mistakes
(:mod:`.named_mistakes`) name a convention the course does not follow in these words."""

from __future__ import annotations

from ..exercises.facts import SearchFacts
from ..records import replace
from ..run import trace_search
from ..search.spec import FAIL_MODES, PRUNE_RULES
from ..trace.trace import Trace
from .case import Case, CaseResult
from .mistakes import same_value
from .runner import Action
from .search_record import given_root, node_paths, search_actions

PRUNE_YOU = {"ge": "you prune on equality (α ≥ β)", "gt": "you prune only on strict inequality (α > β)"}
PRUNE_COURSE = {"ge": "this course prunes on equality too (α ≥ β)",
                "gt": "this course prunes only on strict inequality (α > β)"}
FAIL_YOU = {"soft": "you fail soft (a node returns the best value it saw, even outside its window)",
            "hard": "you fail hard (a node's value is clamped into its window [α, β])"}
FAIL_COURSE = {"soft": "this course fails soft (a node returns the best value it saw)",
               "hard": "this course fails hard (values clamped into the window [α, β])"}
ORDER_WORDS = {"natural": "the moves in the order state.moves() gives them",
               "reversed": "the moves last to first"}
ORDER_MATCH = {"natural": "given", "reversed": "reversed"}  # a variant's order as ``matches`` names it
CONVENTION_WORDS = {"prune": {"ge": "cut when α ≥ β", "gt": "cut only when α > β"},
                    "fail": {"soft": "fail-soft", "hard": "fail-hard"},
                    "order": {"given": ORDER_WORDS["natural"], "reversed": ORDER_WORDS["reversed"]}}
YOU = {"prune": PRUNE_YOU, "fail": FAIL_YOU, "order": {"reversed": f"you try {ORDER_WORDS['reversed']}"}}
COURSE = {"prune": PRUNE_COURSE, "fail": FAIL_COURSE,
          "order": {"given": f"this course tries {ORDER_WORDS['natural']} (the course's order)"}}
UNTOLD = {"prune": "α ≥ β from α > β", "fail": "fail-soft from fail-hard",
          "order": "the moves in the order given from last to first"}  # a case that cannot tell them apart


def course_conventions(case: Case) -> dict[str, str]:
    """The course's own convention of each kind, as ``matches`` names them."""
    return {"prune": case.spec.prune, "fail": case.spec.fail, "order": "given"}


# ---- the search under each convention ---------------------------------------------------------------------------

def _variants(case: Case) -> dict[tuple[str, str, str], Trace]:
    """The search under each convention: (prune rule, move order, fail mode) -> its trace; ``natural`` is the order
    the states give, ``reversed`` last to first. (The fail mode can change what is expanded too: cutting only when
    α > β, a fail-hard value clamped to a MIN node's α does not cut it where the fail-soft value below α does.)"""
    prunes = PRUNE_RULES if case.spec.prunes else (case.spec.prune,)
    fails = FAIL_MODES if case.spec.prunes else (case.spec.fail,)
    return {(prune, order, fail): _variant_trace(case, prune, order, fail)
            for prune in prunes for order in ("natural", "reversed") for fail in fails}


def _variant_trace(case: Case, prune: str, order: str, fail: str) -> Trace:
    """The case's search under one convention (``order`` applied to the course's order of moves)."""
    root = given_root(case.problem, case.spec, whole=False)
    return trace_search(root, replace(case.spec, prune=prune, order=order, fail=fail), depth=case.problem.depth,
                        meta=case.problem.meta)


# ---- which conventions a case's record fits ---------------------------------------------------------------------

def judge_conventions(result: CaseResult, mine: list[Action]) -> None:
    """Which conventions the function's record fits (each variant of the search tried), as sentences: a case that
    cannot tell two conventions apart (both give the function's record, or its values) says so, and claims
    neither."""
    spec = result.case.spec
    variants = _variants(result.case)
    fitting = [variant for variant, trace in variants.items()
               if [action for action, _ in search_actions(trace)] == mine]
    if spec.prunes:
        result.matches["prune"] = sorted({prune for prune, _, _ in fitting})
        result.matches["fail"] = _fail_matches(result, {variant: variants[variant] for variant in fitting})
    result.matches["order"] = sorted({ORDER_MATCH[order] for _, order, _ in fitting})
    result.conventions = _convention_sentences(result) if fitting else [_fits_none(spec.prunes)]


def _fits_none(prunes: bool) -> str:
    """The sentence for a record that no convention tried gives."""
    tried = " or ".join(f"α {'≥' if p == 'ge' else '>'} β" for p in PRUNE_RULES) if prunes else ""
    return ("your order of expansions and evaluations fits none of the conventions tried ("
            + (f"cut when {tried}, " if tried else "") + "the moves in the order given or last to first)")


def _convention_sentences(result: CaseResult) -> list[str]:
    """The conventions the function follows (the course's, in one sentence), each it departs from (in a sentence
    of its own), and those this case cannot tell apart."""
    course = course_conventions(result.case)
    follows, departs, untold = [], [], []
    for kind, fits in result.matches.items():
        if len(fits) > 1:
            untold.append(UNTOLD[kind])
        elif fits == [course[kind]]:
            follows.append(CONVENTION_WORDS[kind][fits[0]])
        elif fits:
            departs.append(f"{YOU[kind][fits[0]]}; {COURSE[kind][course[kind]]}")
    sentences = (["you follow this course's conventions: " + ", ".join(follows)] if follows else []) + departs
    if untold:
        sentences.append("this case does not tell " + " or ".join(untold))
    return sentences


def _fail_matches(result: CaseResult, fitting: dict[tuple[str, str, str], Trace]) -> list[str]:
    """The fail modes the function's values at the inner nodes fit, each judged under the conventions its record
    fits (``fitting``: their traces); both when no value tells them apart. A value is compared with a variant's only
    where that variant's search gives the node the window the function was called with."""
    probes = [(node, probe) for node, probe in result.probes if probe.failure is None]
    if len(probes) != len(result.probes) or not fitting:
        return []
    paths, facts = node_paths(result.trace), SearchFacts(result.trace)
    asked = [(paths[node], facts.settled[node].window_in, probe.value) for node, probe in probes]
    return sorted({fail for (_, _, fail), trace in fitting.items() if _values_fit(asked, _values_by_path(trace))})


def _values_fit(asked: list[tuple], theirs: dict[tuple[str, ...], tuple]) -> bool:
    """Whether each value the function returned (``asked``: (path, window, value)) is the variant's there, where
    the variant gives the node the same window."""
    return all(same_value(value, theirs[path][1]) for path, window, value in asked
               if path in theirs and theirs[path][0] == window)


def _values_by_path(trace: Trace) -> dict[tuple[str, ...], tuple]:
    """Each node the search leaves: (the window it was entered with, the value it returns), by path."""
    facts, paths = SearchFacts(trace), node_paths(trace)
    return {paths[node]: (settled.window_in, facts.returned(node)[0]) for node, settled in facts.settled.items()}


# ---- over all cases ---------------------------------------------------------------------------------------------

def convention_summary(results: list[CaseResult]) -> dict[str, dict[str, list[str]]]:
    """Over all cases, the conventions the function follows, each judged on the cases that tell it apart (whose
    record or values fit one variant only): convention -> variant -> those cases' names."""
    summary: dict[str, dict[str, list[str]]] = {}
    for result in results:
        for kind, fits in result.matches.items():
            told = summary.setdefault(kind, {})
            if len(fits) == 1:
                told.setdefault(fits[0], []).append(result.case.name)
    return summary


def summary_sentence(results: list[CaseResult]) -> str:
    """:func:`convention_summary` in words: ``cut when α ≥ β (ties, tictactoe_depth2); fail-soft (all 6 cases);
    …``, or that no case tells two conventions apart."""
    parts = []
    for kind, told in convention_summary(results).items():
        if not told:
            parts.append(f"no case tells {UNTOLD[kind]}")
            continue
        for variant, names in sorted(told.items()):
            cases = f"all {len(names)} cases" if len(names) == len(results) > 1 else ", ".join(names)
            parts.append(f"{CONVENTION_WORDS[kind][variant]} ({cases})")
    return "; ".join(parts)
