"""The optional members of a state (name, board, explicit subtree) are read on the instance: a wrapper that
delegates to the state it wraps keeps them, and a member of the wrong kind is ignored, never misread."""

from __future__ import annotations

from tracer import Board, parse_tree, to_dot, trace_search
from tracer.inputs import load_problem
from tracer.model.state import has_board, is_explicit, node_board, node_name


class Reversed:
    """A state that searches its children last to first: everything else is the wrapped state's."""

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def moves(self):
        return list(reversed(list(self.inner.moves())))

    def child(self, move):
        return Reversed(self.inner.child(move))


def test_a_wrapped_tree_keeps_its_names_and_its_pruned_subtrees():
    # Searched last child first: [5, 6] gives α = 5; then [1, 2] returns 2 ≤ 5, so the subtree [7, 8] is pruned.
    tree = parse_tree("[[E: [7, 8], F: [1, 2]], G: [5, 6]]")
    wrapped = trace_search(Reversed(tree.root), "alphabeta")
    assert is_explicit(Reversed(tree.root)) and node_name(Reversed(tree.root)) == "A"
    assert wrapped.value == trace_search(tree.root, "minimax").value == 5
    # every node of the tree is in the trace, the pruned subtree in full with its leaves' values
    assert len(wrapped.nodes) == tree.node_count == 11
    assert {n.name for n in wrapped.nodes if n.name} == {"A", "B", "E", "F", "G"}
    assert [(n.name, n.value) for n in wrapped.nodes if n.pruned] == [("E", None), ("", 8), ("", 7)]


def test_a_wrapped_game_position_keeps_its_boards():
    problem = load_problem(game="tictactoe", position="XO./X../O..")
    trace = trace_search(Reversed(problem.root), "alphabeta", depth=2, meta=problem.meta)
    assert all(isinstance(node.board, Board) for node in trace.nodes)
    assert "<TABLE" in to_dot(trace)


class OddState:
    """A state whose optional members are of the wrong kind: a number for ``board``, a truthy string for
    ``explicit``, a number for ``name``."""

    board = 7
    explicit = "yes"
    name = 42


def test_members_of_the_wrong_kind_are_ignored():
    odd = OddState()
    assert not has_board(odd) and node_board(odd) is None
    assert not is_explicit(odd)
    assert node_name(odd) == ""
