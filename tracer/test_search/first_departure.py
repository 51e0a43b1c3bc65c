"""Where the student's record first departs from the traced search's, in the words of the search's step that
decides it (``your search evaluated C2; alpha-beta prunes C2 at step 19: …``): the comparer (:mod:`.verdicts`)
says it for the states expanded and evaluated, in order."""

from __future__ import annotations

from ..exercises.facts import SearchFacts
from .runner import EVALUATED, EXPANDED, Action

VERB = {EXPANDED: "expands", EVALUATED: "evaluates"}


def list_difference(given: list, theirs: list, kind: str, name_of) -> str:
    """Where two lists of states first differ, as grade's visit order says it."""
    index = _first_difference(given, theirs)
    agree = f" (places 1–{index} agree)" if index > 1 else " (place 1 agrees)" if index else ""
    if index >= len(theirs):
        return f"place {index + 1}: the search has {kind} all its {len(theirs)}; you {kind} " \
               f"{name_of(given[index])} too{agree}"
    if index >= len(given):
        return f"place {index + 1}: the search {kind} {name_of(theirs[index])}; yours stop there{agree}"
    return f"place {index + 1}: you {kind} {name_of(given[index])}, the search {kind} {name_of(theirs[index])}{agree}"


def _first_difference(mine: list, theirs: list) -> int:
    """The first place two lists differ (the shorter one's length when one begins the other)."""
    return next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))


def sequence_departure(mine: list[Action], reference: list[tuple[Action, int]], facts: SearchFacts, node_at,
                       name_of, partial: bool = False) -> tuple[int, str] | None:
    """The first place the function's record departs from the search's, in the words of the search's step:
    ``your search evaluated C2; alpha-beta prunes C2 at step 19: C: v = 2 ≤ α = 3: …``. ``partial``: the record
    of a call that failed, departing only where it did something the search does not."""
    theirs = [action for action, _ in reference]
    index = _first_difference(mine, theirs)
    if index == len(mine) == len(theirs) or (partial and index >= len(mine)):
        return None
    if index < len(mine):
        done = {action.path: (action, step) for action, step in reversed(reference)}  # each path's first action
        last = reference[-1][1] if reference else 1
        found = _done_otherwise(mine, index, index >= len(theirs), done, last, facts, node_at, name_of)
        if found is not None:
            return found
    return _not_done(mine, index, reference[index], facts, node_at, name_of)


def _done_otherwise(mine: list[Action], index: int, past_theirs: bool, done: dict, last: int, facts: SearchFacts,
                    node_at, name_of) -> tuple[int, str] | None:
    """The departure at the function's action ``mine[index]``: a state the search never treats so, one it treats
    the other way, or one it treats once and the function again; None when the search does the same there (the
    departure is then a state the function skipped)."""
    action = mine[index]
    if action.path not in done:  # something the search never does
        return _never_done(action, done, last, facts, node_at, name_of)
    theirs_there, step = done[action.path]
    label, title = name_of(action.path), facts.title.lower()
    if theirs_there.kind != action.kind:
        return step, _other_kind(action, label, facts, node_at.get(action.path))
    if past_theirs or _count(mine[:index + 1], action) > 1:
        return step, (f"your search {action.kind} {label} again; {title} {VERB[theirs_there.kind]} it once, "
                      f"at step {step}")
    return None


def _never_done(action: Action, done: dict, last: int, facts: SearchFacts, node_at, name_of) -> tuple[int, str]:
    """The departure at a state the search never expands or evaluates: it prunes the state or a state above it, it
    evaluates a state above it, or it never reaches it."""
    label, title = name_of(action.path), facts.title.lower()
    node = node_at.get(action.path)
    if node is not None and node in facts.pruned_by:
        step, why = facts.why_pruned(node)
        return step, f"your search {action.kind} {label}; {title} prunes {label} at {why}"
    above = _evaluated_above(action.path, done)
    if above is not None:
        step = done[above][1]
        return step, (f"your search {action.kind} {label}; {title} goes no deeper than {name_of(above)}, "
                      f"which it evaluates at {facts.evaluated[node_at[above]]}")
    pruned = _pruned_above(action.path, facts, node_at)
    if pruned is not None:
        step, why = facts.why_pruned(node_at[pruned])
        return step, f"your search {action.kind} {label}; {title} prunes {name_of(pruned)} at {why}"
    return last, f"your search {action.kind} {label}; {title} never reaches it"


def _evaluated_above(path: tuple[str, ...], done: dict) -> tuple[str, ...] | None:
    """The nearest state above ``path`` (the root included) that the search evaluates, if any."""
    return next((path[:k] for k in range(len(path) - 1, -1, -1)
                 if path[:k] in done and done[path[:k]][0].kind == EVALUATED), None)


def _pruned_above(path: tuple[str, ...], facts: SearchFacts, node_at) -> tuple[str, ...] | None:
    """The nearest state above ``path`` (below the root) that the search prunes, if any."""
    return next((path[:k] for k in range(len(path) - 1, 0, -1) if node_at.get(path[:k]) in facts.pruned_by), None)


def _other_kind(action: Action, label: str, facts: SearchFacts, node: int) -> str:
    """The departure at a state the function expands where the search evaluates it, or the other way round."""
    title = facts.title.lower()
    if action.kind == EVALUATED:  # the search expands it
        return (f"your search {action.kind} {label}; {title} evaluates only where it stops (a terminal state, or the "
                f"depth limit) and expands {label} at {facts.entered[node]}")
    return (f"your search {action.kind} {label}; {title} stops there ({_stop(facts, node)}) and evaluates it at "
            f"{facts.evaluated[node]}")


def _not_done(mine: list[Action], index: int, wanted: tuple[Action, int], facts: SearchFacts, node_at,
              name_of) -> tuple[int, str]:
    """The departure at the search's action ``wanted``, the ``index``-th: the function never does it, or does
    something else first."""
    (action_wanted, step), title = wanted, facts.title.lower()
    label, node = name_of(action_wanted.path), node_at[action_wanted.path]
    if all(action.path != action_wanted.path for action in mine):
        if action_wanted.kind == EVALUATED:
            return step, f"your search never evaluated {label}; {title} evaluates {label} at {facts.why_examined(node)}"
        return step, f"your search never expanded {label}; {title} expands {label} at {facts.entered[node]}"
    action = mine[index]
    decided = facts.entered[node] if action_wanted.kind == EXPANDED else facts.evaluated[node]
    return step, (f"your search {action.kind} {name_of(action.path)} before {label}; {title} "
                  f"{VERB[action_wanted.kind]} {label} first, at {decided}")


def _stop(facts: SearchFacts, node: int) -> str:
    """Why the search evaluates ``node``: the depth limit (``at ply 2, the depth limit``) or a terminal state."""
    depth, ply = facts.trace.spec.depth, facts.trace.nodes[node].ply
    return f"at ply {ply}, the depth limit" if depth is not None and ply >= depth else "a terminal state"


def _count(actions: list[Action], action: Action) -> int:
    return sum(other == action for other in actions)
