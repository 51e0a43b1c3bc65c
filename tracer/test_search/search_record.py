"""The traced search's record as a student's record says it (each state expanded or evaluated, named by the moves
from the root), and the states the student's function is given: what the comparer (:mod:`.verdicts`) and the
convention check (:mod:`.conventions`) set the function's record against."""

from __future__ import annotations

from ..inputs.problem import Problem
from ..search.ordering import ordered
from ..search.spec import SearchSpec
from ..trace.events import LeafEvaluated, NodeEntered
from ..trace.trace import Trace
from .runner import EVALUATED, EXPANDED, Action


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
    evaluated = {event.node for event in trace.events if isinstance(event, LeafEvaluated)}
    actions = []
    for step, event in enumerate(trace.events, 1):
        if isinstance(event, NodeEntered) and event.node not in evaluated:
            actions.append((Action(EXPANDED, paths[event.node]), step))
        elif isinstance(event, LeafEvaluated):
            actions.append((Action(EVALUATED, paths[event.node]), step))
    return actions


def given_root(problem: Problem, spec: SearchSpec, whole: bool):
    """The root as the student's function receives it (the whole tree, so the depth limit is the function's to
    keep) or as the searches compare against it (cut at the depth), with the moves in the course's order."""
    root = problem.tree.root if whole and problem.tree is not None else problem.root
    return ordered(root, spec.order, spec.search_depth, spec.seed)


def state_at(root, path: tuple[str, ...]):
    """The state reached from ``root`` by the moves named ``path``."""
    state = root
    for name in path:
        state = state.child(next(move for move in state.moves() if state.move_name(move) == name))
    return state
