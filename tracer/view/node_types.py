"""Knuth and Moore's node types (part of the view stage): each node of the tree an alpha-beta search searched is PV,
CUT or ALL, by where it stands in the order the search took its moves.

Knuth & Moore (1975, "An analysis of alpha-beta pruning", §6) number a position by the moves that lead to it,
``a1 a2 … al``, each ``ai`` the move's place among its siblings (1 for the first); here, the place in the order the
search took the siblings in this pass. A position is of **type 1** when every ``ai`` is 1; otherwise let ``aj`` be
the first that is not 1: the position is of **type 2** when ``l − j`` is even and of **type 3** when it is odd.
Marsland and Popowich named them PV, CUT and ALL. Read from the root down, that is: the root is PV; the first child
of a PV node is PV and its other children are CUT; every child of a CUT node is ALL; every child of an ALL node is
CUT. With the best move always first, alpha-beta searches exactly the PV, CUT and ALL positions of Knuth and
Moore's minimal tree: the first child of a CUT node refutes it, and each ALL node needs all its children. With
imperfect ordering a CUT node's first child may fail to cut it: the node keeps its type (the type tells where it
stands, not what happened there), and every child it searched is ALL.
"""

from __future__ import annotations

PV, CUT, ALL = "PV", "CUT", "ALL"
NODE_TYPES = (PV, CUT, ALL)
KNUTH_MOORE = {PV: 1, CUT: 2, ALL: 3}  # Knuth and Moore's numbers for the types


def child_type(parent: str | None, first: bool) -> str:
    """The type of a child searched under a node of type ``parent`` (``None``: the child is the root), ``first``
    when it is the first child the search took there."""
    if parent is None:
        return PV
    if parent == PV:
        return PV if first else CUT
    return ALL if parent == CUT else CUT
