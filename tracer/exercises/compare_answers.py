"""The one comparer of claims (an answer key's ``expect:`` or a student's answer) with what the search establishes:
every item compared here, by one set of rules, for ``tracer check`` and ``tracer grade`` alike.

Each comparison is a :class:`Compared`: what the search found, what the claim says, whether they match, and the
step of the trace that decides it. ``check`` and ``grade`` only name the items and word them for their readers
(the key's author, the student); the rules of matching live here:

- numbers match when equal (infinities exactly; others within floating-point rounding), and a decimal (a number
  written with digits after its point) when the search's value rounded to the digits written gives it: 3.33,
  3.333 and 3.33333 all match 10/3, 3.34 does not; a whole number or a fraction claims the value exactly, so 3
  does not match 10/3 (:func:`number_matches`);
- a value written as a plain number claims only the number, so it matches an exact value or a bound with that
  number; a value written as a bound (``"<=2"``, ``"≥ 3"``) also claims its kind, and matches only a bound of that
  kind (:func:`value_matches`) — the same in both commands;
- a window matches when both α and β match; a node type (PV, CUT, ALL) when it is the same; a visit order when the lists are equal (:func:`first_difference` says
  where they part); the pruned leaves, leaf by leaf (a node marked pruned stands for every leaf below it), and
  only for a search that can prune (:func:`search_prunes`, as the registry says);
- Monte Carlo tree search's N of a node matches when equal, its W as a value does (a decimal rounded, a fraction
  or a whole number exactly), and an iteration's path when the lists are equal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..inputs.answers import Claimed
from ..view import EXACT
from .claim_text import bound_text, json_number, value_text
from .facts import SearchFacts

NEVER_REACHED = "never reached"
NO_TYPE = "no type"  # a node type asked of a search the types are not for
NOT_A_NODE = -1  # in a list as an answer wrote it: a name the tree does not have stands here (it matches no node)


@dataclass(frozen=True)
class Compared:
    """One item compared. ``found`` is what the search establishes and ``claimed`` what the claim says (None: the
    claim does not give it), each as JSON and the reports write it; ``step`` and ``note`` are the step of the trace
    that decides the item, as a number and in words (``step 19: C: …``)."""

    kind: str  # "value", "best_move", "values", "windows", "leaf", "pruned", "order", "visits", "wins",
    # "selected", or a count's key
    node: int | None  # the node it is about (None: the whole search)
    label: str  # that node's name ("" for the whole search)
    found: Any
    claimed: Any
    ok: bool
    step: int | None = None
    note: str = ""
    reached: bool = True  # False: the search never reaches the node (so it returns nothing and has no window)


@dataclass(frozen=True)
class Difference:
    """Where a claimed list first parts from the search's: at ``index``, the search has ``found`` (None: it has
    stopped) and the claim ``claimed`` (None: it has stopped)."""

    index: int
    found: int | None
    claimed: int | None


# ---- the rules ------------------------------------------------------------------------------------------------

def number_matches(claimed: float, found: float, decimals: int | None = None) -> bool:
    """A claimed number against the search's: equal, or both finite and equal but for floating-point rounding
    (8/3 written as a fraction against the search's 2.666…); a decimal written with ``decimals`` digits after its
    point matches when the search's value rounded to that many digits gives it (either way of rounding a half).
    Vectors of utilities (max^n) match component by component."""
    if isinstance(claimed, tuple) or isinstance(found, tuple):
        return (isinstance(claimed, tuple) and isinstance(found, tuple) and len(claimed) == len(found)
                and all(map(number_matches, claimed, found)))
    if claimed == found:
        return True
    if not (math.isfinite(claimed) and math.isfinite(found)):
        return False
    if decimals is not None and abs(claimed - found) <= 0.5 * 10.0 ** -decimals * (1 + 1e-9):
        return True
    return math.isclose(claimed, found, rel_tol=1e-9, abs_tol=1e-12)


def value_matches(claimed: tuple, found: tuple[float, str]) -> bool:
    """A claimed value (:class:`Claimed`, or a tuple (number, bound or None for a plain number)) against what a
    node returns (value, bound): a plain number matches its number whatever the kind; a written bound must be the
    search's kind too."""
    claimed = Claimed(*claimed)
    return number_matches(claimed.number, found[0], claimed.decimals) and \
        (claimed.bound is None or claimed.bound == found[1])


def search_prunes(facts: SearchFacts) -> bool:
    """Whether the search can prune at all (the registry says, from its specification and, for max^n, the sum the
    tree declares): only then are leaves pruned or not."""
    spec = facts.trace.spec
    if spec.search is None:  # a saved trace of a search this version does not know: it says itself
        return spec.prunes
    return spec.search.prunes_with(spec.bounds, facts.trace.meta.get("sum"))


def window_matches(claimed: tuple[float, float], found: tuple[float, float]) -> bool:
    return number_matches(claimed[0], found[0]) and number_matches(claimed[1], found[1])


def first_difference(claimed: list[int], found: list[int]) -> Difference | None:
    """The first place two lists of nodes differ, or None when they are equal."""
    for index in range(max(len(claimed), len(found))):
        mine = claimed[index] if index < len(claimed) else None
        theirs = found[index] if index < len(found) else None
        if mine != theirs:
            return Difference(index, theirs, mine)
    return None


# ---- the items ------------------------------------------------------------------------------------------------

def compare_root_value(facts: SearchFacts, claimed: float | None, decimals: int | None = None) -> Compared:
    """The root's value (``decimals``: the digits written after the point, for a decimal)."""
    decided = facts.decided_choice()
    return Compared("value", 0, facts.label(0), facts.value, claimed,
                    claimed is not None and number_matches(claimed, facts.value, decimals), decided.step, str(decided))


def compare_best_move(facts: SearchFacts, claimed: str | None) -> Compared:
    decided = facts.decided_choice()
    return Compared("best_move", 0, facts.label(0), facts.best_move, claimed,
                    claimed is not None and str(claimed) == str(facts.best_move), decided.step, str(decided))


def compare_value(facts: SearchFacts, node: int, claimed: tuple | None) -> Compared:
    """The value a node returns; ``found`` is written as :func:`bound_text` writes it (``"<=2"``, ``3``, ``10/3``),
    ``claimed`` as the answer wrote it (``3.33333``)."""
    label = facts.label(node)
    if claimed is not None:
        claimed = Claimed(*claimed)
    written = None if claimed is None else bound_text(claimed.number, claimed.bound, claimed.written)
    returned = facts.returned(node)
    if returned is None:
        cause = facts.pruned_by.get(node)
        return Compared("values", node, label, NEVER_REACHED, written, False,
                        None if cause is None else cause[1].step, "" if cause is None else str(cause[1]),
                        reached=False)
    value, bound = returned
    decided = facts.decided_value(node)
    return Compared("values", node, label, bound_text(value, None if bound == EXACT else bound), written,
                    claimed is not None and value_matches(claimed, returned), decided.step, str(decided))


def compare_window(facts: SearchFacts, node: int, claimed: tuple[float, float] | None) -> Compared:
    """(α, β) when a node is left; ``found`` is None when the node has no window (never reached, or a search
    without windows)."""
    window = facts.window(node)
    decided = facts.decided_value(node)
    return Compared("windows", node, facts.label(node), None if window is None else [json_number(v) for v in window],
                    None if claimed is None else [json_number(v) for v in claimed],
                    claimed is not None and window is not None and window_matches(claimed, window),
                    decided.step, str(decided), reached=facts.returned(node) is not None)


def compare_node_type(facts: SearchFacts, node: int, claimed: str | None) -> Compared:
    """Knuth and Moore's type of a node (PV, CUT or ALL), decided by the step that enters it; ``found`` is
    :data:`NEVER_REACHED` for a node the search never enters, and ``no type`` in a search the types are not for
    (the registry says which)."""
    found = facts.node_type(node)
    decided = facts.entered.get(node) or facts.last
    shown = found if found is not None else NEVER_REACHED if facts.typed else NO_TYPE
    return Compared("node_types", node, facts.label(node), shown, claimed, claimed is not None and claimed == found,
                    decided.step, str(decided), reached=node in facts.entered)


def compare_leaves(facts: SearchFacts, marked: list[int]) -> list[Compared]:
    """Each leaf, left to right: ``"pruned"`` or ``"examined"``, by the search and by the claim (which marks a leaf
    pruned when it names the leaf or a node above it). A wrong leaf's step and note say why the search did what it
    did: the cutoff that pruned it, or the open window it was examined with."""
    said_pruned = {leaf for node in marked for leaf in facts.leaves_under(node)}
    pruned = facts.pruned_leaves()
    compared = []
    for leaf in facts.leaves():
        truth, given = leaf in pruned, leaf in said_pruned
        step, note = None, ""
        if truth and not given:
            step, note = facts.why_pruned(leaf)
        elif given and not truth:
            step = facts.entered[leaf].step if leaf in facts.entered else 0
            note = facts.why_examined(leaf)
        compared.append(Compared("leaf", leaf, facts.label(leaf), "pruned" if truth else "examined",
                                 "pruned" if given else "examined", truth == given, step, note))
    return compared


def compare_pruned(facts: SearchFacts, marked: list[int]) -> Compared:
    """The pruned leaves as one item: ``found`` names the shortest list of nodes covering them
    (:meth:`SearchFacts.pruned_tops`), ``claimed`` the nodes as marked; the note is the earliest wrong leaf's."""
    leaves = compare_leaves(facts, marked)
    wrong = [(leaf.step, leaf.note) for leaf in leaves if not leaf.ok]
    pruned = facts.pruned_leaves()
    step, note = (None, "")
    if wrong:
        step, note = min(wrong)
    elif pruned:
        steps = sorted({facts.pruned_by[leaf][1].step for leaf in pruned})
        step, note = steps[0], "pruned at step" + ("s " if len(steps) > 1 else " ") + ", ".join(map(str, steps))
    return Compared("pruned", None, "", [facts.label(node) for node in facts.pruned_tops()],
                    [facts.label(node) for node in marked], not wrong, step, note)


def compare_order(facts: SearchFacts, claimed: list[int], names: list[str] | None = None
                  ) -> tuple[Compared, Difference | None]:
    """The visit order, and where the claim first parts from it (None: nowhere). The step is the one entering the
    node where they part (the last step when the claim goes on after the search stops). ``names``: the claim as
    written, when it holds :data:`NOT_A_NODE`."""
    found = facts.order
    difference = first_difference(claimed, found)
    if difference is None:
        step = facts.entered[found[0]].step if found else None
        note = f"steps {facts.entered[found[0]].step}–{facts.entered[found[-1]].step}: visits 1–{len(found)}" \
            if found else ""
    elif difference.found is not None:
        step, note = facts.entered[difference.found].step, ""
    else:
        step, note = facts.last.step, ""
    return (Compared("order", None, "", [facts.label(n) for n in found],
                     names if names is not None else [facts.label(n) for n in claimed], difference is None, step, note),
            difference)


def compare_count(facts: SearchFacts, key: str, claimed: int) -> Compared:
    """A count (``leaves_evaluated``, ``nodes_visited``, ``cutoffs``) as ``tracer stats`` counts it."""
    steps = facts.count_steps[key]
    return Compared(key, None, "", facts.counts[key], claimed, claimed == facts.counts[key],
                    steps[0] if steps else None, facts.counted(key))


# ---- Monte Carlo tree search's items ----------------------------------------------------------------------------

def compare_visits(facts: SearchFacts, node: int, claimed: int | None) -> Compared:
    """N of a node after the last iteration, decided by the last back-up through it."""
    decided = facts.decided_statistics(node)
    found = facts.statistics(node)[0]
    return Compared("visits", node, facts.label(node), found, claimed, claimed is not None and claimed == found,
                    decided.step, str(decided))


def compare_wins(facts: SearchFacts, node: int, claimed: tuple | None) -> Compared:
    """W of a node after the last iteration (for the player who chose the move into it), as a value is compared;
    ``found`` is written as a key writes it (``2.25``, ``25/14``), ``claimed`` as the answer wrote it."""
    decided = facts.decided_statistics(node)
    found = facts.statistics(node)[1]
    written = None
    if claimed is not None:
        claimed = Claimed(*claimed)
        written = bound_text(claimed.number, None, claimed.written)
    return Compared("wins", node, facts.label(node), value_text(found), written,
                    claimed is not None and number_matches(claimed.number, found, claimed.decimals),
                    decided.step, str(decided))


def compare_selected(facts: SearchFacts, number: int, claimed: list[int], names: list[str] | None = None
                     ) -> tuple[Compared, Difference | None]:
    """The path of iteration ``number``: the root, the nodes selection went through, and the node expanded (or
    the end of the game reached); decided by that expansion (or that end's result), or, where the claim parts from
    it, by the step that went elsewhere (UCT's pick, or the expansion). Also where the claim first parts from it
    (None: nowhere). ``names``: the claim as written, when it holds :data:`NOT_A_NODE`."""
    path, decided = facts.paths[number]
    difference = first_difference(claimed, path)
    if difference is not None and difference.found is not None:
        decided = facts.path_steps[number][difference.index]
    return (Compared("selected", path[-1], str(number), [facts.label(n) for n in path],
                     names if names is not None else [facts.label(n) for n in claimed], difference is None,
                     decided.step, str(decided)), difference)
