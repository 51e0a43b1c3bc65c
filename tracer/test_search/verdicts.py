"""Checking a student's own search code (``tracer test-search``): the student's function is run on each case
(:mod:`.runner`, in a child process), and what it did with the states is compared with the traced search
under the course's conventions, and under the others, to say which it follows; the typical mistakes it shows
are named by re-running known variants of the search (:mod:`.mistakes`).

Per case, five items (:data:`SCORING`, stated in the README and in every report):

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
import os
from collections import Counter
from dataclasses import dataclass, field, replace

from ..errors import UsageError
from ..inputs.problem import Problem
from ..run import trace_search
from ..search.ordering import ordered
from ..search.spec import FAIL_MODES, PRUNE_RULES, SearchSpec
from ..text import format_number
from ..trace.trace import Trace
from ..exercises.check_keys import describe_search, search
from ..exercises.claim_text import shown
from ..exercises.facts import SearchFacts
from ..exercises.grade import EXTRA, RIGHT, WRONG, Grade, Item
from .runner import EVALUATED, EXPANDED, FORMS, Action, Call, Student, StudentProcess
from .mistakes import (BY_ID, MISTAKES, Record, departures, evidence, part_kind, same_value, shows,
                              variant_record)

ORDER = {mistake.id: index for index, mistake in enumerate(MISTAKES)}

CASES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")  # the shipped cases
MAX_PROBES = 40  # inner nodes a case calls the function on again, to check the values it returns there


STRICT, PARTIAL = "strict", "partial"  # how a case is scored (``--partial``)
ITEMS = ("the root's value, the move, the states expanded (in order), the states evaluated (in order), and the values "
         "returned at the inner nodes (the function called again on each, with the depth left and, for alpha-beta, "
         "the window the search gave it)")
FAILED_CALL = ("a call that fails (an exception, the time or memory limit, a wrong return type) scores 0 for what it "
               "was to answer")
SCORING = {
    STRICT: f"strict, as CS188's autograder: a case scores its five points only when all five items are right "
            f"({ITEMS}), else 0; {FAILED_CALL} (--partial: a point an item)",
    PARTIAL: f"partial (--partial): five points a case, one an item: {ITEMS}; {FAILED_CALL}",
}

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


@dataclass
class Case:
    """One tree or position file, searched under the course's ``spec``."""

    name: str
    file: str
    problem: Problem
    spec: SearchSpec
    scoring: str = STRICT  # STRICT: all five items right or 0; PARTIAL: a point an item


@dataclass
class CaseResult:
    """What the student's function did on one case, against the search."""

    case: Case
    search: str
    items: list[Item] = field(default_factory=list)
    departure: str = ""
    conventions: list[str] = field(default_factory=list)  # sentences: which conventions the function follows
    matches: dict[str, list[str]] = field(default_factory=dict)  # convention -> the variants its record fits
    call: Call | None = None
    expected: tuple = ()  # the search's (value, move)
    actions: list[Action] = field(default_factory=list)  # the search's
    trace: Trace | None = None
    marks: tuple[tuple[int, str], ...] = ()  # (node, what the student did there), to draw
    probes: list = field(default_factory=list)  # (node, Call): the function called again on inner nodes
    mistakes: list[str] = field(default_factory=list)  # the typical mistakes its record shows (ids, in MISTAKES' order)
    mistake_sentences: list[str] = field(default_factory=list)  # the same, to the student
    telling: dict[str, set[int]] = field(default_factory=dict)  # each mistake this case can tell: the forms that can
    candidates: list = field(default_factory=list)  # (id, evidence, sentence, form): what settle_mistakes names from
    forms: dict[str, int] = field(default_factory=dict)  # each mistake named: the form its record shows

    @property
    def passed(self) -> bool:
        """Every item right."""
        return all(item.points == item.max_points for item in self.items)

    @property
    def items_right(self) -> int:
        return sum(item.points == item.max_points for item in self.items)

    @property
    def score(self) -> int:
        if self.case.scoring == STRICT:
            return self.max_score if self.passed else 0
        return sum(item.points for item in self.items)

    @property
    def max_score(self) -> int:
        return sum(item.max_points for item in self.items)

    @property
    def failure(self):
        return None if self.call is None else self.call.failure


def default_cases() -> list[str]:
    """The shipped cases' files, sorted."""
    return sorted(os.path.join(CASES_DIR, name) for name in os.listdir(CASES_DIR) if name.endswith(".yaml"))


def check_form(spec: SearchSpec) -> str:
    """The function's form for the search asked (``alphabeta(state, depth, alpha, beta)``), or a UsageError."""
    if spec.algorithm not in FORMS or spec.bounds is not None:
        raise UsageError(f"-a {spec.algorithm}{' with --bounds' if spec.bounds is not None else ''}: test-search "
                         f"checks functions of the forms {', '.join(FORMS.values())} (-a {', -a '.join(FORMS)})")
    return FORMS[spec.algorithm]


# ---- the search's record ------------------------------------------------------------------------------------------

def node_paths(trace: Trace) -> dict[int, tuple[str, ...]]:
    """Each node of the trace's path from the root: the names of the moves."""
    paths: dict[int, tuple[str, ...]] = {}
    for node in trace.nodes:  # parents come before their children
        paths[node.id] = () if node.parent is None else paths[node.parent] + (node.move,)
    return paths


def search_actions(trace: Trace) -> list[tuple[Action, int]]:
    """What the search did with the states, as the student's record says it: each node it expands (enters and does
    not evaluate) and each it evaluates, in order, with the step."""
    paths = node_paths(trace)
    evaluated = {event.node for event in trace.events if event.kind == "leaf_evaluated"}
    actions = []
    for step, event in enumerate(trace.events, 1):
        if event.kind == "node_entered" and event.node not in evaluated:
            actions.append((Action(EXPANDED, paths[event.node]), step))
        elif event.kind == "leaf_evaluated":
            actions.append((Action(EVALUATED, paths[event.node]), step))
    return actions


def _given_root(problem: Problem, spec: SearchSpec, whole: bool):
    """The root as the student's function receives it (the whole tree, so the depth limit is the function's to
    keep) or as the searches compare against it (cut at the depth), with the moves in the course's order."""
    root = problem.tree.root if whole and problem.tree is not None else problem.root
    return ordered(root, spec.order, spec.search_depth, spec.seed)


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
    root = _given_root(case.problem, case.spec, whole=False)
    return trace_search(root, replace(case.spec, prune=prune, order=order, fail=fail), depth=case.problem.depth,
                        meta=case.problem.meta)


# ---- running a case -------------------------------------------------------------------------------------------------

def state_at(root, path: tuple[str, ...]):
    """The state reached from ``root`` by the moves named ``path``."""
    state = root
    for name in path:
        state = state.child(next(move for move in state.moves() if state.move_name(move) == name))
    return state


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
    root = _given_root(case.problem, case.spec, whole=True)
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
        _name_mistakes(result, facts, (root, case.problem.depth, window), again)
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
    call, case = result.call, result.case
    value, move = result.expected
    expanded = [action.path for action in result.actions if action.kind == EXPANDED]
    evaluated = [action.path for action in result.actions if action.kind == EVALUATED]
    departures: list[tuple[int, str]] = []
    marks: dict[int, list[str]] = {}
    root_step = facts.decided_choice()
    if call.failure is not None:
        why = f"your function {call.failure.line}"
        known = {"value of the root": format_number(value), "move": move,  # the search's, as a call that returns
                 "states expanded": [name_of(p) for p in expanded],
                 "states evaluated": [name_of(p) for p in evaluated], "values at inner nodes": None}
        for name, expected in known.items():
            result.items.append(Item(name, expected, None, 0, 1, WRONG, detail=why, kind="test_search"))
        sequence = _sequence_departure(call.actions, reference, facts, node_at, name_of, partial=True)
        result.departure = sequence[1] if sequence else why
        return
    shown_value = format_number(call.value)
    result.items.append(_item("value of the root", format_number(value), shown_value, same_value(call.value, value),
                              f"you returned {shown_value}, the search: {format_number(value)}"))
    if not same_value(call.value, value):
        departures.append((root_step.step, f"your search returns {shown_value} at the root; "
                                           f"{facts.title.lower()} returns {format_number(value)} at {root_step}"))
        marks.setdefault(0, []).append(f"value {shown_value}")
    tie = None if call.move == move else _worth_the_same(case, call.move, move)
    why = "" if tie is None else f" (both worth {format_number(tie)}; ties keep the first move)"
    result.items.append(_item("move", move, call.move, call.move == move,
                              f"you returned the move {call.move}, the search: {move}{why}"))
    if call.move != move:
        departures.append((root_step.step, f"your search chooses {call.move} at the root; {facts.title.lower()} "
                                           f"chooses {move} at {root_step}"))
        marks.setdefault(0, []).append(f"move {call.move}")
    mine = call.actions
    for kind, theirs in ((EXPANDED, expanded), (EVALUATED, evaluated)):
        given = [action.path for action in mine if action.kind == kind]
        result.items.append(_item(f"states {kind}", [name_of(p) for p in theirs], [name_of(p) for p in given],
                                  given == theirs,
                                  "" if given == theirs else _list_difference(given, theirs, kind, name_of)))
    sequence = _sequence_departure(mine, reference, facts, node_at, name_of)
    if sequence:
        departures.append(sequence)
    _mark_actions(marks, mine, result.actions, node_at)
    _value_probes(result, facts, probes, name_of, departures, marks)
    _conventions(result, mine)
    result.departure = min(departures)[1] if departures else ""
    result.marks = tuple((node, "✗ you: " + "; ".join(said)) for node, said in marks.items())


def _worth_the_same(case: Case, mine: str | None, theirs: str | None) -> float | None:
    """The value both moves at the root are worth, when they are worth the same (each child's value found by the
    search, untraced, from the full window); else None."""
    root = _given_root(case.problem, case.spec, whole=False)
    moves = {root.move_name(move): move for move in root.moves()} if not root.is_terminal() else {}
    if mine not in moves or theirs not in moves:
        return None
    values = [case.spec.search.run(root.child(moves[name]), case.spec.search_depth - 1, rules=case.spec.rules)[0]
              for name in (mine, theirs)]
    return values[1] if same_value(*values) else None


def _item(name: str, expected, given, right: bool, detail: str) -> Item:
    return Item(name, expected, given, int(right), 1, RIGHT if right else WRONG, detail="" if right else detail,
                kind="test_search")


def _list_difference(given: list, theirs: list, kind: str, name_of) -> str:
    """Where two lists of states first differ, as grade's visit order says it."""
    index = next((i for i, (a, b) in enumerate(zip(given, theirs)) if a != b), min(len(given), len(theirs)))
    agree = f" (places 1–{index} agree)" if index > 1 else " (place 1 agrees)" if index else ""
    if index >= len(theirs):
        return f"place {index + 1}: the search has {kind} all its {len(theirs)}; you {kind} " \
               f"{name_of(given[index])} too{agree}"
    if index >= len(given):
        return f"place {index + 1}: the search {kind} {name_of(theirs[index])}; yours stop there{agree}"
    return f"place {index + 1}: you {kind} {name_of(given[index])}, the search {kind} {name_of(theirs[index])}{agree}"


VERB = {EXPANDED: "expands", EVALUATED: "evaluates"}


def _sequence_departure(mine: list[Action], reference: list[tuple[Action, int]], facts: SearchFacts, node_at,
                        name_of, partial: bool = False) -> tuple[int, str] | None:
    """The first place the function's record departs from the search's, in the words of the search's step:
    ``your search evaluated C2; alpha-beta prunes C2 at step 19: C: v = 2 ≤ α = 3: …``. ``partial``: the record
    of a call that failed, departing only where it did something the search does not."""
    theirs = [action for action, _ in reference]
    index = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
    if index == len(mine) == len(theirs) or (partial and index >= len(mine)):
        return None
    title = facts.title.lower()
    done = {action.path: (action, step) for action, step in reversed(reference)}  # each path's first action
    seen = {}
    for action in mine:
        seen.setdefault(action.path, action.kind)
    last = reference[-1][1] if reference else 1
    if index < len(mine):
        action = mine[index]
        label = name_of(action.path)
        node = node_at.get(action.path)
        if action.path not in done:  # something the search never does
            if node is not None and node in facts.pruned_by:
                step, why = facts.why_pruned(node)
                return step, f"your search {action.kind} {label}; {title} prunes {label} at {why}"
            above = next((action.path[:k] for k in range(len(action.path) - 1, -1, -1)
                          if action.path[:k] in done and done[action.path[:k]][0].kind == EVALUATED), None)
            if above is not None:
                step = done[above][1]
                return step, (f"your search {action.kind} {label}; {title} goes no deeper than {name_of(above)}, "
                              f"which it evaluates at {facts.evaluated[node_at[above]]}")
            pruned = next((action.path[:k] for k in range(len(action.path) - 1, 0, -1)
                           if node_at.get(action.path[:k]) in facts.pruned_by), None)
            if pruned is not None:
                step, why = facts.why_pruned(node_at[pruned])
                return step, f"your search {action.kind} {label}; {title} prunes {name_of(pruned)} at {why}"
            return last, f"your search {action.kind} {label}; {title} never reaches it"
        theirs_there, step = done[action.path]
        kind = theirs_there.kind
        if kind != action.kind:
            decided = facts.entered[node] if kind == EXPANDED else facts.evaluated[node]
            if kind == EXPANDED:
                return step, (f"your search {action.kind} {label}; {title} evaluates only where it stops (a terminal "
                              f"state, or the depth limit) and expands {label} at {decided}")
            return step, (f"your search {action.kind} {label}; {title} stops there ({_stop(facts, node)}) and "
                          f"evaluates it at {decided}")
        if index >= len(theirs) or _count(mine[:index + 1], action) > 1:
            return step, f"your search {action.kind} {label} again; {title} {VERB[kind]} it once, at step {step}"
    wanted, step = reference[index]
    label = name_of(wanted.path)
    node = node_at[wanted.path]
    if wanted.path not in seen:
        if wanted.kind == EVALUATED:
            return step, f"your search never evaluated {label}; {title} evaluates {label} at {facts.why_examined(node)}"
        return step, f"your search never expanded {label}; {title} expands {label} at {facts.entered[node]}"
    action = mine[index]
    decided = facts.entered[node] if wanted.kind == EXPANDED else facts.evaluated[node]
    return step, (f"your search {action.kind} {name_of(action.path)} before {label}; {title} {VERB[wanted.kind]} "
                  f"{label} first, at {decided}")


def _stop(facts: SearchFacts, node: int) -> str:
    """Why the search evaluates ``node``: the depth limit (``at ply 2, the depth limit``) or a terminal state."""
    depth, ply = facts.trace.spec.depth, facts.trace.nodes[node].ply
    return f"at ply {ply}, the depth limit" if depth is not None and ply >= depth else "a terminal state"


def _count(actions: list[Action], action: Action) -> int:
    return sum(other == action for other in actions)


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


def _conventions(result: CaseResult, mine: list[Action]) -> None:
    """Which conventions the function's record fits (each variant of the search tried), as sentences: a case that
    cannot tell two conventions apart (both give the function's record, or its values) says so, and claims
    neither."""
    case, spec = result.case, result.case.spec
    variants = _variants(case)
    fitting = [variant for variant, trace in variants.items()
               if [action for action, _ in search_actions(trace)] == mine]
    if spec.prunes:
        result.matches["prune"] = sorted({prune for prune, _, _ in fitting})
        result.matches["fail"] = _fail_matches(result, {variant: variants[variant] for variant in fitting})
    result.matches["order"] = sorted({ORDER_MATCH[order] for _, order, _ in fitting})
    if not fitting:
        tried = " or ".join(f"α {'≥' if p == 'ge' else '>'} β" for p in PRUNE_RULES) if spec.prunes else ""
        result.conventions = ["your order of expansions and evaluations fits none of the conventions tried ("
                              + (f"cut when {tried}, " if tried else "") + "the moves in the order given or last "
                              "to first)"]
        return
    course = {"prune": spec.prune, "fail": spec.fail, "order": "given"}
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
    result.conventions = sentences


def _fail_matches(result: CaseResult, fitting: dict[tuple[str, str, str], Trace]) -> list[str]:
    """The fail modes the function's values at the inner nodes fit, each judged under the conventions its record
    fits (``fitting``: their traces); both when no value tells them apart. A value is compared with a variant's only
    where that variant's search gives the node the window the function was called with."""
    probes = [(node, probe) for node, probe in result.probes if probe.failure is None]
    if len(probes) != len(result.probes) or not fitting:
        return []
    paths, facts = node_paths(result.trace), SearchFacts(result.trace)
    asked = [(paths[node], facts.settled[node].window_in, probe.value) for node, probe in probes]
    found = set()
    for (_, _, fail), trace in fitting.items():
        theirs = _values_by_path(trace)
        if all(same_value(value, theirs[path][1]) for path, window, value in asked
               if path in theirs and theirs[path][0] == window):
            found.add(fail)
    return sorted(found)


def _values_by_path(trace: Trace) -> dict[tuple[str, ...], tuple]:
    """Each node the search leaves: (the window it was entered with, the value it returns), by path."""
    facts, paths = SearchFacts(trace), node_paths(trace)
    return {paths[node]: (settled.window_in, facts.returned(node)[0]) for node, settled in facts.settled.items()}


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


# ---- the typical mistakes ----------------------------------------------------------------------------------------

def _name_mistakes(result: CaseResult, facts: SearchFacts, root_call: tuple, again: dict[int, tuple]) -> None:
    """The typical mistakes the function's record shows on this case (:mod:`.mistakes`), each with its
    evidence (the parts of the record where it departs from the search): each variant of the search run here on the
    calls the function was given, or, for a convention, the convention check's finding. Which of them to name is
    :func:`settle_mistakes`' to say, over all cases."""
    case, call = result.case, result.call
    course = Record(result.actions, *result.expected, {node: facts.returned(node)[0] for node in again})
    student = Record(call.actions, call.value, call.move,
                     {node: probe.value for node, probe in result.probes if probe.failure is None})
    budget = len(student.actions) + len(course.actions) + 1  # a variant past both cannot be either
    courses = {"prune": case.spec.prune, "fail": case.spec.fail, "order": "given"}
    fields = {"search": facts.title.lower(), "evaluated": _count_kind(student.actions, EVALUATED),
              "expected_evaluated": _count_kind(course.actions, EVALUATED)}
    found = []
    for mistake in MISTAKES:
        if case.spec.algorithm not in mistake.searches or (mistake.convention is not None
                                                           and courses[mistake.convention[0]] == mistake.convention[1]):
            continue  # another search's mistake, or the course's own convention
        records = [variant_record(form, root_call, again, mistake.rules(case.spec.rules), budget)
                   for form in mistake.forms(case.spec.algorithm)]
        telling = {form for form, record in enumerate(records) if departures(record, course)}
        if telling:
            result.telling[mistake.id] = telling
        if mistake.convention is not None:  # the convention check names it; its variant gives the evidence
            kind, variant = mistake.convention
            named = result.matches.get(kind) == [variant]
            form, shown = 0, (evidence(student, records[0], course) | _told_by(kind, student, course)
                              or frozenset([kind])) if named else None  # its own evidence, where values cannot show it
        else:  # the first form the function's record shows, where the mistake shows
            form, shown = next(((form, evidence(student, record, course))
                                for form, record in enumerate(records) if shows(student, record, course)),
                               (0, None))
            if shown and mistake.about not in {part_kind(part) for part in shown}:
                shown = None  # only elsewhere (never cutting off, where the search does not cut off either)
        if shown:
            said = mistake.says.format(**fields) if mistake.says else \
                f"{YOU[kind][variant]}; {COURSE[kind][courses[kind]]}"  # the convention check's own words
            found.append((mistake.id, shown, said, form))
    result.candidates = found


def settle_mistakes(results: list[CaseResult]) -> None:
    """Name each case's mistakes: of the mistakes its record shows, the fewest that explain every place they show,
    chosen greedily, the mistake found in the most cases first (then the one with the most evidence there, then
    the first in :data:`MISTAKES`); one that adds no place is left out, and where its evidence is a named one's
    exactly (this case cannot tell the two apart), the named one's sentence says so."""
    found_in = Counter(mistake_id for result in results for mistake_id, _, _, _ in result.candidates)
    for result in results:
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
        result.mistakes = [mistake_id for mistake_id, _, _, _ in named]
        result.mistake_sentences = [
            said + (f" (this case alone cannot tell it from a search that {', or one that '.join(others)})"
                    if others else "") for _, _, said, others in named]


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


def as_grade(target: str, results: list[CaseResult]) -> Grade:
    """The cases as one :class:`Grade`, for Gradescope's results.json: under strict scoring one item per case (named
    after it, its points all or none, its output every item's verdict, the mistakes and the first departure); under
    partial scoring every case's items, each named with its case."""
    scoring = results[0].case.scoring if results else STRICT
    grade = Grade(target, ", ".join(result.case.name for result in results),
                  "; ".join(sorted({result.search for result in results})), scoring=SCORING[scoring])
    for result in results:
        if scoring == STRICT:
            grade.items.append(Item(result.case.name, result.max_score, f"{result.items_right} of "
                                    f"{len(result.items)} items right", result.score, result.max_score,
                                    RIGHT if result.passed else WRONG, detail=case_lines(result),
                                    kind="test_search"))
            continue
        for item in result.items:
            grade.items.append(replace(item, item=f"{result.case.name}: {item.item}",
                                       detail=item.detail if item.points else _case_output(result, item)))
    # the line over all cases, pointed out and worth nothing (Gradescope's output says it under "Not graded")
    grade.items.append(Item("typical mistakes over all cases", None, None, 0, 0, EXTRA,
                            detail=mistakes_sentence(results), kind="test_search"))
    first = next((result for result in results if result.departure), None)
    if first is not None:
        grade.departure = f"{first.case.name}: {first.departure}"
    return grade


def case_lines(result: CaseResult) -> str:
    """A case in words, as the report and Gradescope's output give it: its verdict under strict scoring, each item
    (✓ or ✗ and the difference), the conventions, the mistakes, the first departure, a failed call's traceback."""
    lines = []
    if result.case.scoring == STRICT:
        lines.append(f"passed: all {len(result.items)} items right" if result.passed else
                     f"failed: {result.items_right} of {len(result.items)} items right (strict: all or nothing)")
    if result.failure is not None:
        lines.append(f"✗ your function {result.failure.line}")
        lines.extend("  " + line for line in result.failure.traceback.rstrip().splitlines())
    else:
        for item in result.items:
            right = item.verdict == RIGHT
            lines.append(f"✓ {item.item}: {_given(item)}" if right else f"✗ {item.item}: {item.detail}")
        lines.extend(f"convention: {sentence}" for sentence in result.conventions  # a departure is a mistake
                     if not any(said.startswith(sentence) for said in result.mistake_sentences))
        lines.extend(f"mistake: {sentence}" for sentence in result.mistake_sentences)
        for _, probe in result.probes:
            if probe.failure is not None and probe.failure.traceback:
                lines.extend("  " + line for line in probe.failure.traceback.rstrip().splitlines())
    if result.departure:
        lines.append(f"first departure: {result.departure}")
    return "\n".join(lines)


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
