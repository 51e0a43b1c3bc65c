"""The typical mistakes ``tracer test-search`` names (:data:`MISTAKES`): each is a short textbook search with that
one mistake, run here, in tracer's own process, on tracer's own states seen through the interface the student's
function sees (:class:`Recorder`, which notes the states expanded and evaluated as :mod:`.runner` does).

Where a variant's record departs from the course's search on a case (the states it expands and evaluates, the
root's value or move, the value it returns at an inner node the student's function was called on again), those
departures are the mistake's evidence there; a student's record that agrees with every one of them shows the
mistake (:func:`shows`). The mistakes that are conventions (cutting when α ≥ β or only when α > β, failing hard
or soft, the moves last to first) are found by the convention check (:mod:`.conventions`); their variants here,
the course's search under that convention, give their evidence. Which of the mistakes a case shows are named is
:mod:`.named_mistakes`' to decide.

The variants never run the student's code: they are this module's, written against the README's state interface
(``state.player``, ``is_terminal()``, ``moves()``, ``child(move)``, ``utility()``, ``evaluate()``,
``probability(move)``), alpha-beta's with the course's ``rules`` (its cut rule and fail mode, as tracer's searches
read them), so that a variant differs from the course's search by its one mistake.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from ..errors import SearchOptionError
from ..model.state import Player
from ..records import replace
from ..run import deep_recursion
from ..search.algorithms import Rules
from ..exercises.compare_answers import number_matches
from .runner import EVALUATED, EXPANDED, Action

INF = math.inf


# ---- the states, as the student's function sees them ------------------------------------------------------------

class Refused(ValueError):
    """A question the state interface refuses (as the student's function is answered: ``ValueError``)."""


class Exhausted(Exception):
    """A variant that has expanded and evaluated more states than its budget: it cannot be the student's record."""


class Notes:
    """The record of one call, in order, with a budget past which the variant is stopped."""

    def __init__(self, budget: int):
        self.actions: list[Action] = []
        self.budget = budget

    def note(self, action: Action) -> None:
        self.actions.append(action)
        if len(self.actions) > self.budget:
            raise Exhausted


class Recorder:
    """One of tracer's states as a student's function sees it, noting what is asked of it: a state is expanded
    when its moves are first asked (a terminal state's are not an expansion), evaluated when its ``utility()`` or
    ``evaluate()`` is first asked; each ``child()`` is a state of its own, as in :mod:`.runner`."""

    __slots__ = ("_state", "path", "_notes", "player", "_expanded", "_evaluated")

    def __init__(self, state, path: tuple[str, ...], notes: Notes):
        self._state, self.path, self._notes = state, path, notes
        self.player = state.player.value
        self._expanded = self._evaluated = False

    def is_terminal(self) -> bool:
        return bool(self._state.is_terminal())

    def moves(self) -> list[str]:
        if self._state.is_terminal():
            return []
        if not self._expanded:
            self._expanded = True
            self._notes.note(Action(EXPANDED, self.path))
        return [self._state.move_name(move) for move in self._state.moves()]

    def child(self, name: str) -> "Recorder":
        move = self._move(name)
        return Recorder(self._state.child(move), self.path + (name,), self._notes)

    def utility(self) -> float:
        if not self._state.is_terminal():
            raise Refused("utility() is for terminal states")
        return self._noted(self._state.utility())

    def evaluate(self) -> float:
        try:
            return self._noted(self._state.evaluate())
        except SearchOptionError:  # a tree node with no eval:
            raise Refused("no evaluation") from None

    def probability(self, name: str) -> float:
        if self._state.player is not Player.CHANCE:
            raise Refused("not a chance node")
        return float(self._state.probability(self._move(name)))

    def _noted(self, value) -> float:
        if not self._evaluated:
            self._evaluated = True
            self._notes.note(Action(EVALUATED, self.path))
        return float(value)

    def _move(self, name: str):
        for move in self._state.moves():
            if self._state.move_name(move) == name:
                return move
        raise Refused(f"no move {name!r}")


@dataclass
class Record:
    """What one search did on a case: the states it expanded and evaluated, in order (``actions``), the root's
    ``value`` and ``move``, and the value it returned at each inner node it was called on again (``probes``: node ->
    value, None where that call gave none). A record of a call that gave no answer has ``actions`` None."""

    actions: list[Action] | None
    value: float | None = None
    move: str | None = None
    probes: dict[int, float | None] | None = None


def run_variant(function: Callable, root, depth: float, window: tuple[float, float] | None, rules: Rules,
                budget: int) -> tuple[list[Action], float, str | None] | None:
    """``function`` (a variant) called on ``root`` as the student's function is: (its record, value, move), or None
    when it gives no answer (a question refused, more than ``budget`` states noted, too deep a recursion)."""
    notes = Notes(budget)
    state = Recorder(root, (), notes)
    arguments = (state, depth) if window is None else (state, depth, *window)
    try:
        with deep_recursion():
            value, move = function(*arguments, rules) if window is not None else function(*arguments)
    except (Refused, Exhausted, RecursionError):
        return None
    return notes.actions, value, move


def variant_record(function: Callable, root: tuple, probes: dict[int, tuple], rules: Rules, budget: int) -> Record:
    """A variant's :class:`Record` on a case: called on the root, then on each probed node, as the student's
    function was (each call a tuple (state, depth, window), the window (α, β) or None)."""
    found = run_variant(function, *root, rules, budget)
    if found is None:
        return Record(None)
    actions, value, move = found
    answers = {}
    for node, (state, depth, window) in probes.items():
        again = run_variant(function, state, depth, window, rules, budget)
        answers[node] = None if again is None else again[1]
    return Record(actions, value, move, answers)


# ---- a mistake's evidence -----------------------------------------------------------------------------------------

def part_kind(part) -> str:
    """What a place of :func:`departures` is about: ``record``, ``move`` or ``values``."""
    return part if part in ("record", "move") else "values"


def same_value(mine: float | None, theirs: float | None) -> bool:
    """Whether two values returned are the same, as answers are compared (none is no value)."""
    return mine is not None and theirs is not None and number_matches(mine, theirs)


def departures(record: Record, course: Record) -> list:
    """Where ``record`` departs from the course's search: ``"record"`` (the states expanded and evaluated),
    ``"value"``, ``"move"``, and each probed node whose value differs (its number); none for a record with no
    answer."""
    if record.actions is None:
        return []
    found = []
    if record.actions != course.actions:
        found.append("record")
    if not same_value(record.value, course.value):
        found.append("value")
    if record.move != course.move:
        found.append("move")
    found.extend(node for node, value in record.probes.items()
                 if value is not None and not same_value(value, course.probes.get(node)))
    return found


def agrees(student: Record, variant: Record, part) -> bool:
    """Whether the student's record is the variant's in one part (as :func:`departures` names them)."""
    if student.actions is None:
        return False
    if part == "record":
        return student.actions == variant.actions
    if part == "value":
        return same_value(student.value, variant.value)
    if part == "move":
        return student.move == variant.move
    return same_value(student.probes.get(part), variant.probes[part])


def evidence(student: Record, variant: Record, course: Record) -> frozenset:
    """The places where the variant departs from the course's search and the student's record agrees with it."""
    return frozenset(part for part in departures(variant, course) if agrees(student, variant, part))


def shows(student: Record, variant: Record, course: Record) -> bool:
    """Whether the student's record shows the variant's mistake on this case: the variant departs from the course's
    search somewhere, and the student's record agrees with the variant's at every such place (elsewhere it may
    depart for another reason: a second mistake)."""
    parts = departures(variant, course)
    return bool(parts) and evidence(student, variant, course) == frozenset(parts)


# ---- the variants: the textbook's searches (Russell & Norvig, 4th ed., Figures 5.3 and 5.7, Section 5.5), each
# with one mistake, marked "the mistake" ------------------------------------------------------------------------

def _cutoff(state, depth):
    """The value of a state the search stops at (a terminal state's utility, the evaluation at the depth limit), or
    None where the search goes on."""
    if state.is_terminal():
        return state.utility()
    if depth <= 0:
        return state.evaluate()
    return None


def _weighted(state, depth, search) -> float:
    """A chance node's value: its outcomes' values, each weighted by its probability."""
    return sum(state.probability(r) * search(state.child(r), depth - 1)[0] for r in state.moves())


def expectiminimax(state, depth):
    """EXPECTIMINIMAX (minimax where no chance moves), as the course has it."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    if state.player == "chance":
        return _weighted(state, depth, expectiminimax), None
    v, move = (-INF if state.player == "max" else INF), None
    for a in state.moves():
        v2, _ = expectiminimax(state.child(a), depth - 1)
        if (v2 > v) if state.player == "max" else (v2 < v):
            v, move = v2, a
    return v, move


def alphabeta(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH as the course has it, under ``rules`` (a convention's mistake is the course's search under
    another rule)."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = alphabeta(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            alpha, beta = (max(alpha, v), beta) if maximizing else (alpha, min(beta, v))
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


class LastToFirst:
    """A state whose moves come last to first (and its children's too)."""

    def __init__(self, state):
        self._state = state
        self.player = state.player

    def __getattr__(self, name):
        return getattr(self._state, name)

    def moves(self):
        return self._state.moves()[::-1]

    def child(self, move):
        return LastToFirst(self._state.child(move))


def alphabeta_last_to_first(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH trying the moves last to first."""
    return alphabeta(LastToFirst(state), depth, alpha, beta, rules)


def expectiminimax_last_to_first(state, depth):
    """EXPECTIMINIMAX trying the moves last to first."""
    return expectiminimax(LastToFirst(state), depth)


def never_prunes(state, depth, alpha, beta, rules):
    """MINIMAX-SEARCH handed in for alpha-beta: the window is taken and never used."""
    return expectiminimax(state, depth)  # the mistake: no α, no β


def alpha_raised_at_min(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH whose MIN node raises α, the MAX node's line copied (α ← MAX(α, v)), where
    β ← MIN(β, v) belongs."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = alpha_raised_at_min(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            alpha = max(alpha, v)  # the mistake, at a MIN node
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def alpha_lowered_at_min(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH whose MIN node lowers α (α ← MIN(α, v)) where it should lower β."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = alpha_lowered_at_min(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            alpha, beta = (max(alpha, v), beta) if maximizing else (min(alpha, v), beta)  # the mistake, at MIN
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def beta_lowered_at_max(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH whose MAX node lowers β, the MIN node's line copied (β ← MIN(β, v)), where
    α ← MAX(α, v) belongs."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = beta_lowered_at_max(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            beta = min(beta, v)  # the mistake, at a MAX node
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def beta_raised_at_max(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH whose MAX node raises β (β ← MAX(β, v)) where it should raise α."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = beta_raised_at_max(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            alpha, beta = (alpha, max(beta, v)) if maximizing else (alpha, min(beta, v))  # the mistake, at MAX
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def window_not_passed(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH that calls each child with the full window (−∞, +∞), not the node's (α, β)."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = window_not_passed(state.child(a), depth - 1, -INF, INF, rules)  # the mistake
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            alpha, beta = (max(alpha, v), beta) if maximizing else (alpha, min(beta, v))
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def last_child_alphabeta(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH that returns the move of the last child it searched, not of the best."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = last_child_alphabeta(state.child(a), depth - 1, alpha, beta, rules)
        move = a  # the mistake: the move belongs with v, when v improves
        if (v2 > v) if maximizing else (v2 < v):
            v = v2
            alpha, beta = (max(alpha, v), beta) if maximizing else (alpha, min(beta, v))
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def last_tie_alphabeta(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH that keeps the last of the moves worth the most (v2 ≥ v, where v2 > v keeps the first)."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = last_tie_alphabeta(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 >= v) if maximizing else (v2 <= v):  # the mistake
            v, move = v2, a
            alpha, beta = (max(alpha, v), beta) if maximizing else (alpha, min(beta, v))
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def evaluates_first_alphabeta(state, depth, alpha, beta, rules):
    """ALPHA-BETA-SEARCH that evaluates every state it reaches before checking whether it stops there."""
    v = state.utility() if state.is_terminal() else state.evaluate()  # the mistake: before the cutoff test
    if state.is_terminal() or depth <= 0:
        return v, None
    alpha_in, beta_in = alpha, beta
    maximizing = state.player == "max"
    v, move = (-INF if maximizing else INF), None
    for a in state.moves():
        v2, _ = evaluates_first_alphabeta(state.child(a), depth - 1, alpha, beta, rules)
        if (v2 > v) if maximizing else (v2 < v):
            v, move = v2, a
            alpha, beta = (max(alpha, v), beta) if maximizing else (alpha, min(beta, v))
        if rules.cuts(v, beta) if maximizing else rules.cuts(alpha, v):
            break
    return rules.returned(v, alpha_in, beta_in), move


def last_child_expectiminimax(state, depth):
    """EXPECTIMINIMAX (minimax where no chance moves) that returns the move of the last child, not of the best."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    if state.player == "chance":
        return _weighted(state, depth, last_child_expectiminimax), None
    v, move = (-INF if state.player == "max" else INF), None
    for a in state.moves():
        v2, _ = last_child_expectiminimax(state.child(a), depth - 1)
        move = a  # the mistake: the move belongs with v, when v improves
        if (v2 > v) if state.player == "max" else (v2 < v):
            v = v2
    return v, move


def last_tie_expectiminimax(state, depth):
    """EXPECTIMINIMAX that keeps the last of the moves worth the most."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    if state.player == "chance":
        return _weighted(state, depth, last_tie_expectiminimax), None
    v, move = (-INF if state.player == "max" else INF), None
    for a in state.moves():
        v2, _ = last_tie_expectiminimax(state.child(a), depth - 1)
        if (v2 >= v) if state.player == "max" else (v2 <= v):  # the mistake
            v, move = v2, a
    return v, move


def evaluates_first_expectiminimax(state, depth):
    """EXPECTIMINIMAX that evaluates every state it reaches before checking whether it stops there."""
    v = state.utility() if state.is_terminal() else state.evaluate()  # the mistake: before the cutoff test
    if state.is_terminal() or depth <= 0:
        return v, None
    if state.player == "chance":
        return _weighted(state, depth, evaluates_first_expectiminimax), None
    v, move = (-INF if state.player == "max" else INF), None
    for a in state.moves():
        v2, _ = evaluates_first_expectiminimax(state.child(a), depth - 1)
        if (v2 > v) if state.player == "max" else (v2 < v):
            v, move = v2, a
    return v, move


def plain_average(state, depth):
    """EXPECTIMINIMAX that averages a chance node's outcomes without their probabilities."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    moves = state.moves()
    if state.player == "chance":
        return sum(plain_average(state.child(r), depth - 1)[0] for r in moves) / len(moves), None  # the mistake
    v, move = (-INF if state.player == "max" else INF), None
    for a in moves:
        v2, _ = plain_average(state.child(a), depth - 1)
        if (v2 > v) if state.player == "max" else (v2 < v):
            v, move = v2, a
    return v, move


def chance_not_a_ply(state, depth):
    """EXPECTIMINIMAX that gives a chance node's outcomes the chance node's depth (its ply not counted)."""
    if (v := _cutoff(state, depth)) is not None:
        return v, None
    if state.player == "chance":
        return sum(state.probability(r) * chance_not_a_ply(state.child(r), depth)[0]  # the mistake: depth − 1
                   for r in state.moves()), None
    v, move = (-INF if state.player == "max" else INF), None
    for a in state.moves():
        v2, _ = chance_not_a_ply(state.child(a), depth - 1)
        if (v2 > v) if state.player == "max" else (v2 < v):
            v, move = v2, a
    return v, move


# ---- the registry -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mistake:
    """A typical mistake: ``id`` (the JSON's, fixed; the README lists them), ``summary`` (the line over all cases:
    ``never prunes`` in 5 of 6 cases), ``variants`` (the search with this mistake, by the ``-a`` it applies to, or a
    tuple of the forms it takes) and
    ``says`` (a case's report, to the student; formatted with ``search``, the search's name, and ``evaluated`` and
    ``expected_evaluated``, how many states the function and the search evaluated); ``about``, what it changes, and
    where a case must show it to name it: the states expanded and evaluated (``record``), the root's ``move``, or
    the ``values`` (the root's, or at an inner node). A convention's mistake names
    its ``convention`` (the convention check's kind and variant, ``("prune", "ge")``): the check names it and says
    it in its own sentence, and the variant, the course's search under that convention, gives its evidence."""

    id: str
    summary: str
    variants: dict[str, Callable | tuple[Callable, ...]]
    says: str = ""  # a convention's: the convention check's sentence
    about: str = "record"  # what it changes, where its evidence must be: "record", "move" or "values"
    convention: tuple[str, str] | None = None

    @property
    def searches(self) -> tuple[str, ...]:
        return tuple(self.variants)

    def forms(self, search: str) -> tuple[Callable, ...]:
        """Its variants for the search ``search``: one, or the forms students give it (α ← max(α, v) or
        α ← min(α, v) at a MIN node)."""
        found = self.variants[search]
        return found if isinstance(found, tuple) else (found,)

    def rules(self, course: Rules) -> Rules:
        """The rules its variant runs under: the course's, with a cut rule or fail mode changed to its own."""
        if self.convention is not None and self.convention[0] in ("prune", "fail"):
            return replace(course, **{self.convention[0]: self.convention[1]})
        return course


def _each(variant: Callable, alphabeta_variant: Callable) -> dict[str, Callable]:
    """A mistake's variants for every search: minimax's and expectiminimax's (one function: minimax where no chance
    moves), alpha-beta's."""
    return {"minimax": variant, "alphabeta": alphabeta_variant, "expectiminimax": variant}


MISTAKES = (
    Mistake("no_pruning",
            says="your search never cuts off: it evaluated all {evaluated} leaves; {search} evaluates "
                 "{expected_evaluated}",
            summary="never prunes", variants={"alphabeta": never_prunes}),
    Mistake("prunes_on_equality",
            summary="cuts when α ≥ β where α > β is asked", variants={"alphabeta": alphabeta},
            convention=("prune", "ge")),
    Mistake("prunes_only_on_inequality",
            summary="cuts only when α > β where α ≥ β is asked", variants={"alphabeta": alphabeta},
            convention=("prune", "gt")),
    Mistake("alpha_at_min",
            says="at MIN nodes you update α where β ← min(β, v) belongs: β never comes down there",
            summary="updates α at MIN nodes", variants={"alphabeta": (alpha_raised_at_min, alpha_lowered_at_min)}),
    Mistake("beta_at_max",
            says="at MAX nodes you update β where α ← max(α, v) belongs: α never goes up there",
            summary="updates β at MAX nodes", variants={"alphabeta": (beta_lowered_at_max, beta_raised_at_max)}),
    Mistake("window_not_passed",
            says="you do not pass α and β down: each child is searched with the full window (−∞, +∞)",
            summary="does not pass α and β down", variants={"alphabeta": window_not_passed}),
    Mistake("fails_hard",
            summary="fails hard where fail-soft is asked", variants={"alphabeta": alphabeta},
            convention=("fail", "hard")),
    Mistake("fails_soft",
            summary="fails soft where fail-hard is asked", variants={"alphabeta": alphabeta},
            convention=("fail", "soft")),
    Mistake("reversed_order",
            summary="tries the moves last to first",
            variants=_each(expectiminimax_last_to_first, alphabeta_last_to_first), convention=("order", "reversed")),
    Mistake("last_child_move",
            says="you return the move of the last child searched, not of the best one",
            summary="returns the last child's move", variants=_each(last_child_expectiminimax, last_child_alphabeta),
            about="move"),
    Mistake("last_of_ties",
            says="you keep the last of the moves worth the most; ties keep the first",
            summary="keeps the last of tied moves", variants=_each(last_tie_expectiminimax, last_tie_alphabeta),
            about="move"),
    Mistake("evaluates_before_depth_check",
            says="you evaluate each state before checking whether the search stops there",
            summary="evaluates before the depth check",
            variants=_each(evaluates_first_expectiminimax, evaluates_first_alphabeta)),
    Mistake("plain_average",
            says="you average a chance node's outcomes without their probabilities",
            summary="averages without the probabilities", variants={"expectiminimax": plain_average},
            about="values"),
    Mistake("chance_not_a_ply",
            says="you do not count a chance node as a ply: its outcomes get its own depth",
            summary="counts no ply at chance nodes", variants={"expectiminimax": chance_not_a_ply}),
)
BY_ID = {mistake.id: mistake for mistake in MISTAKES}
