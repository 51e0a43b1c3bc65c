"""A case of ``tracer test-search`` and what the student's function did on it: the data every step of the comparer
(:mod:`.verdicts`) fills in and the reports read, with the scoring rule (:data:`SCORING`) and the shipped cases."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..exercises.grade import Item
from ..inputs.problem import Problem
from ..search.spec import SearchSpec
from ..trace.trace import Trace
from .runner import Action, Call

CASES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")  # the shipped cases

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
