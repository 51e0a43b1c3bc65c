"""Checking a student's own search code (``tracer test-search``): the student's function is run on each case
(:mod:`.runner`, in a child process), and what it did with the states is compared with the traced search
under the course's conventions, and under the others, to say which it follows (:mod:`.conventions`); the typical
mistakes it shows are named by re-running known variants of the search (:mod:`.mistakes`, :mod:`.named_mistakes`).
This module runs a case and scores its items; the first departure is :mod:`.first_departure`'s to say, a case in
words :mod:`.case_words`'; the names the command and the tests use are importable from here.

Per case, five items (:data:`.case.SCORING`, stated in the README and in every report):

- the root's value it returns, and the move (the traced search's best move; ties keep the first move);
- the states it expands (asks a non-terminal state for its moves), in order, against those the search expands;
- the states it evaluates (asks for ``utility()`` or ``evaluate()``), in order, against the leaves and horizon
  nodes the search evaluates;
- the values it returns at the inner nodes: the function is called again on each inner node the search reaches
  (at most :data:`MAX_PROBES`), with the depth left there and, for alpha-beta, the window (α, β) the search gave
  the node, and must return the value the search returns there (a fail-soft bound, or a fail-hard clamped value).

A call that fails (an exception, the time or memory limit, a wrong return type) scores 0 for what it was to answer.
Strict scoring (the default, as CS188's autograder fails a case whose expanded states differ) gives a case its five
points only when all five items are right, else 0; partial scoring (``--partial``) a point an item.
"""

from __future__ import annotations

import math

from ..errors import UsageError
from ..exercises.check_keys import describe_search, search
from ..exercises.facts import SearchFacts
from ..exercises.grade import RIGHT, WRONG, Item
from ..search.spec import SearchSpec
from ..numbers import format_number
from ..trace.trace import Trace
from .case import CASES_DIR, Case, CaseResult, default_cases
from .case_words import as_grade
from .conventions import COURSE, YOU, judge_conventions
from .first_departure import list_difference, sequence_departure
from .mistakes import same_value
from .named_mistakes import name_mistakes, settle_mistakes
from .runner import EVALUATED, EXPANDED, FORMS, Action, Student, StudentProcess
from .search_record import given_root, node_paths, search_actions, state_at

# what the command (tracer.cli.test_search) and the tests import from here
__all__ = ["CASES_DIR", "COURSE", "YOU", "Case", "CaseResult", "as_grade", "check_form", "default_cases", "run_case",
           "search_actions", "settle_mistakes"]

MAX_PROBES = 40  # inner nodes a case calls the function on again, to check the values it returns there


def check_form(spec: SearchSpec) -> str:
    """The function's form for the search asked (``alphabeta(state, depth, alpha, beta)``), or a UsageError."""
    if spec.algorithm not in FORMS or spec.bounds is not None:
        raise UsageError(f"-a {spec.algorithm}{' with --bounds' if spec.bounds is not None else ''}: test-search "
                         f"checks functions of the forms {', '.join(FORMS.values())} (-a {', -a '.join(FORMS)})")
    return FORMS[spec.algorithm]


# ---- running a case -------------------------------------------------------------------------------------------------

def run_case(case: Case, student: Student, pids: list[int] | None = None) -> CaseResult:
    """Run the student's function on ``case`` in a process of its own and compare it with the search; the typical
    mistakes its record shows are found here and named by :func:`settle_mistakes`, over all cases. ``pids``: where
    to note the process's id (for the tests, which check it ends)."""
    trace = search(case.problem, case.spec)
    facts = SearchFacts(trace)
    paths = node_paths(trace)
    node_at = {path: node for node, path in paths.items()}
    labels = {path: facts.label(node) for path, node in node_at.items()}

    def name_of(path: tuple[str, ...]) -> str:
        known = len(path)
        while path[:known] not in labels:
            known -= 1
        return "→".join([labels[path[:known]], *path[known:]])

    result = CaseResult(case, describe_search(trace), trace=trace)
    result.expected = (trace.value, trace.best_move)
    reference = search_actions(trace)
    result.actions = [action for action, _ in reference]
    root = given_root(case.problem, case.spec, whole=True)
    window = (-math.inf, math.inf) if case.spec.search.pruning else None  # its form takes α and β
    again = _probe_calls(facts, paths, root, case.problem.depth, window is not None)
    probes = []
    with student.process(calls=1 + len(again)) as process:
        process.start()
        if pids is not None:
            pids.append(process.pid)
        _check_arity(process, case.spec, student.target.shown)
        call = process.call(root, name_of, case.problem.depth, window)
        result.call = call
        if call.failure is None:
            for node, (state, depth, window_in) in again.items():
                below = paths[node]  # the states are named from the root, as in the search
                probe = process.call(state, lambda path, below=below: name_of(below + path), depth, window_in)
                probes.append((node, probe))
                if probe.failure is not None:
                    break
    _judge(result, facts, paths, node_at, name_of, reference, probes)
    if result.failure is None:
        name_mistakes(result, facts, (root, case.problem.depth, window), again)
    return result


def _check_arity(process: StudentProcess, spec: SearchSpec, target: str) -> None:
    takes = process.takes_window if spec.search.pruning else process.takes_plain  # its form takes α and β
    if not takes:
        raise UsageError(f"{target}: cannot be called as {FORMS[spec.algorithm]} (see the README, 'Checking a "
                         "student's search code')")


def _probe_calls(facts: SearchFacts, paths, root, depth: float, windowed: bool) -> dict[int, tuple]:
    """The calls made again on inner nodes (:func:`_probed`): node -> (its state, the depth left there, the window
    the search gave it, or None for a search without one); ``paths``: each node's, as :func:`node_paths` gives
    them."""
    trace = facts.trace
    return {node: (state_at(root, paths[node]), depth - trace.nodes[node].ply,
                   facts.settled[node].window_in if windowed else None) for node in _probed(facts, trace)}


def _probed(facts: SearchFacts, trace: Trace) -> list[int]:
    """The inner nodes below the root the search reaches, in the order it leaves them (at most MAX_PROBES)."""
    inner = [node for node in facts.inner_reached() if node != 0 and node in facts.exited]
    return sorted(inner, key=lambda node: facts.exited[node].step)[:MAX_PROBES]


# ---- judging ------------------------------------------------------------------------------------------------------

def _judge(result: CaseResult, facts: SearchFacts, paths, node_at, name_of, reference, probes) -> None:
    """The items, the conventions, the first departure and the marks of a case whose function was run."""
    if result.call.failure is not None:
        _judge_failed_call(result, facts, node_at, name_of, reference)
        return
    departures: list[tuple[int, str]] = []
    marks: dict[int, list[str]] = {}
    mine = result.call.actions
    _root_items(result, facts, departures, marks)
    _state_items(result, mine, name_of)
    sequence = sequence_departure(mine, reference, facts, node_at, name_of)
    if sequence:
        departures.append(sequence)
    _mark_actions(marks, mine, result.actions, node_at)
    _value_probes(result, facts, probes, name_of, departures, marks)
    judge_conventions(result, mine)
    result.departure = min(departures)[1] if departures else ""
    result.marks = tuple((node, "✗ you: " + "; ".join(said)) for node, said in marks.items())


def _judge_failed_call(result: CaseResult, facts: SearchFacts, node_at, name_of, reference) -> None:
    """A call that failed: every item wrong, with the search's answers, and the first departure of what it did
    before it failed (else the failure itself)."""
    call = result.call
    value, move = result.expected
    why = f"your function {call.failure.line}"
    known = {"value of the root": format_number(value), "move": move,  # the search's, as a call that returns
             "states expanded": [name_of(path) for path in _paths_of(result.actions, EXPANDED)],
             "states evaluated": [name_of(path) for path in _paths_of(result.actions, EVALUATED)],
             "values at inner nodes": None}
    for name, expected in known.items():
        result.items.append(Item(name, expected, None, 0, 1, WRONG, detail=why, kind="test_search"))
    sequence = sequence_departure(call.actions, reference, facts, node_at, name_of, partial=True)
    result.departure = sequence[1] if sequence else why


def _root_items(result: CaseResult, facts: SearchFacts, departures: list, marks: dict) -> None:
    """The root's value and the move: the items, and where they are wrong, the departure and the root's mark."""
    call, (value, move) = result.call, result.expected
    root_step = facts.decided_choice()
    shown_value = format_number(call.value)
    result.items.append(_item("value of the root", format_number(value), shown_value, same_value(call.value, value),
                              f"you returned {shown_value}, the search: {format_number(value)}"))
    if not same_value(call.value, value):
        departures.append((root_step.step, f"your search returns {shown_value} at the root; "
                                           f"{facts.title.lower()} returns {format_number(value)} at {root_step}"))
        marks.setdefault(0, []).append(f"value {shown_value}")
    tie = None if call.move == move else _worth_the_same(result.case, call.move, move)
    why = "" if tie is None else f" (both worth {format_number(tie)}; ties keep the first move)"
    result.items.append(_item("move", move, call.move, call.move == move,
                              f"you returned the move {call.move}, the search: {move}{why}"))
    if call.move != move:
        departures.append((root_step.step, f"your search chooses {call.move} at the root; {facts.title.lower()} "
                                           f"chooses {move} at {root_step}"))
        marks.setdefault(0, []).append(f"move {call.move}")


def _state_items(result: CaseResult, mine: list[Action], name_of) -> None:
    """The states expanded and the states evaluated, each in order, against the search's."""
    for kind in (EXPANDED, EVALUATED):
        given, theirs = _paths_of(mine, kind), _paths_of(result.actions, kind)
        result.items.append(_item(f"states {kind}", [name_of(p) for p in theirs], [name_of(p) for p in given],
                                  given == theirs,
                                  "" if given == theirs else list_difference(given, theirs, kind, name_of)))


def _paths_of(actions: list[Action], kind: str) -> list[tuple[str, ...]]:
    """The states a record expands, or evaluates, in order."""
    return [action.path for action in actions if action.kind == kind]


def _worth_the_same(case: Case, mine: str | None, theirs: str | None) -> float | None:
    """The value both moves at the root are worth, when they are worth the same (each child's value found by the
    search, untraced, from the full window); else None."""
    root = given_root(case.problem, case.spec, whole=False)
    moves = {root.move_name(move): move for move in root.moves()} if not root.is_terminal() else {}
    if mine not in moves or theirs not in moves:
        return None
    values = [case.spec.search.run(root.child(moves[name]), case.spec.search_depth - 1, rules=case.spec.rules)[0]
              for name in (mine, theirs)]
    return values[1] if same_value(*values) else None


def _item(name: str, expected, given, right: bool, detail: str) -> Item:
    return Item(name, expected, given, int(right), 1, RIGHT if right else WRONG, detail="" if right else detail,
                kind="test_search")


def _mark_actions(marks: dict, mine: list[Action], theirs: list[Action], node_at) -> None:
    """Mark, on the search's drawing, each state the function treated otherwise than the search."""
    mine_kinds = {action.path: action.kind for action in mine}
    their_kinds = {action.path: action.kind for action in theirs}
    for path, kind in mine_kinds.items():
        node = node_at.get(path)
        if node is not None and their_kinds.get(path) != kind:
            what = "evaluated, not expanded" if kind == EVALUATED and path in their_kinds else \
                "expanded, not evaluated" if path in their_kinds else kind
            marks.setdefault(node, []).append(what)
    for path, kind in their_kinds.items():
        if path not in mine_kinds:
            marks.setdefault(node_at[path], []).append(f"not {kind}")


def _value_probes(result: CaseResult, facts: SearchFacts, probes, name_of, departures, marks) -> None:
    """The values item: the function called again on each inner node, against the search's values there."""
    title = facts.title.lower()
    wrong = None
    for node, probe in probes:
        label = name_of(_path_of(result, node))
        if probe.failure is not None:
            wrong = wrong or (node, f"called on {label}, your function {probe.failure.line}")
            continue
        theirs = facts.returned(node)[0]
        if not same_value(probe.value, theirs):
            marks.setdefault(node, []).append(f"returns {format_number(probe.value)}")
            if wrong is None:
                settled = facts.settled[node]
                window = "" if settled.window_in is None else \
                    f" with α = {format_number(settled.window_in[0])}, β = {format_number(settled.window_in[1])}"
                wrong = (node, f"called on {label}{window}, your function returns {format_number(probe.value)}; "
                               f"{title} returns {format_number(theirs)} there, at {facts.exited[node]}")
    detail = _values_right(len(probes)) if wrong is None else wrong[1]
    if wrong is not None:
        departures.append((facts.exited[wrong[0]].step, detail))
    result.items.append(Item("values at inner nodes", len(probes), len(probes) - (wrong is not None),
                             int(wrong is None), 1, RIGHT if wrong is None else WRONG, detail=detail,
                             kind="test_search"))
    result.probes = probes


def _values_right(count: int) -> str:
    """The values item, right: what the reports say (the count is of nodes, not a value)."""
    if not count:
        return "no inner node below the root"
    return f"all {count} inner nodes' values right" if count > 1 else "the one inner node's value right"


def _path_of(result: CaseResult, node: int) -> tuple[str, ...]:
    return node_paths(result.trace)[node]
