"""Trees as nested lists, shared by the tests of the searches, the view, the trace and tree files: random ones,
and a brute-force minimax that knows nothing of tracer's searches (the expected values every search is checked
against).

Test modules import these by name: ``from nested_lists import brute_force, nested_trees``.
"""

from __future__ import annotations

import math
from pathlib import Path

from hypothesis import strategies as st

from helpers import brute_force as reference
from tracer import Player, TreeNode

ROOT = Path(__file__).resolve().parents[1]
TREES = ROOT / "trees"
INF = math.inf
MAX, MIN = Player.MAX, Player.MIN

# Hand-worked values of the shipped trees (root in MAX's terms) and the best move there.
SHIPPED_VALUES = {
    "rn_example": (3, "B"),  # Russell & Norvig, Figure 5.2
    "min_root": (9, "B"),  # MIN of 9, 10, 15
    "binary_depth4": (63, "B"),  # MIN(63, 77) at B, MIN(73, 16) at C
    "deep_cutoff": (6, "C"),  # C = MIN(D = MAX(4, 6), 8)
    "uneven": (4.25, "A2"),  # the bare leaf beats Left (-1.5) and Right (0.5)
}


# ---- the independent brute force ----------------------------------------------------------------------------

def brute_force(nested, player: Player = MAX):
    """The minimax value (MAX's terms) of a nested list whose root is moved by ``player``: the one reference
    (:func:`helpers.brute_force`) on the list written as nodes."""
    if not isinstance(nested, list):
        return nested
    return reference(tree_of(nested, player))


def best_moves(nested, player: Player = MAX) -> list[int]:
    """Every child index whose subtree has the root's value."""
    value = brute_force(nested, player)
    return [i for i, child in enumerate(nested) if brute_force(child, player.other) == value]


def leaf_paths(nested, path=()) -> list[tuple[int, ...]]:
    """The paths (child indices) of every leaf, left to right."""
    if not isinstance(nested, list):
        return [path]
    return [leaf for i, child in enumerate(nested) for leaf in leaf_paths(child, path + (i,))]


def at(nested, path):
    for index in path:
        nested = nested[index]
    return nested


def player_at(root_player: Player, path) -> Player:
    return root_player if len(path) % 2 == 0 else root_player.other


def replaced(nested, path, value):
    """A copy of ``nested`` with the node at ``path`` replaced by ``value``."""
    if not path:
        return value
    return [replaced(child, path[1:], value) if i == path[0] else child for i, child in enumerate(nested)]


def to_nested(node: TreeNode):
    """A loaded tree as nested lists (a plain walk, no searching)."""
    return [to_nested(child) for child in node.children] if node.children else node.value


def chain_text(levels: int, leaf="1", other="2") -> str:
    """A chain ``levels`` lists deep: ``[[[1, 2], 2], 2]`` for 3; its deepest leaf is ``levels`` plies down."""
    text = leaf
    for _ in range(levels):
        text = f"[{text}, {other}]"
    return text


# ---- trees built directly (no YAML: fast enough for thousands of examples) -----------------------------------

def path_name(path) -> str:
    return "r" + "".join(f".{i}" for i in path)


def path_of(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".")[1:])


def tree_of(nested, player: Player = MAX, path=()) -> TreeNode:
    """A TreeNode for a nested list; every node, leaves too, is named by its path (``r``, ``r.0``, ``r.0.2``), so
    a trace's node names and move names say exactly which subtree they are."""
    if isinstance(nested, list):
        children = [tree_of(child, player.other, path + (i,)) for i, child in enumerate(nested)]
        return TreeNode(player, children, name=path_name(path))
    return TreeNode(player, value=nested, name=path_name(path))


# ---- hypothesis strategies ----------------------------------------------------------------------------------

# Few distinct values, so ties (where α = β and the prune rules differ) are common; negatives and decimals too.
leaf_values = st.one_of(
    st.integers(-6, 6),
    st.sampled_from([-2.5, -0.5, 0.5, 1.25, 3.75]),
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
)
subtrees = st.recursive(leaf_values, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=30)
nested_trees = st.lists(subtrees, min_size=1, max_size=4)  # the root is always a list: a search problem
root_players = st.sampled_from([MAX, MIN])
prune_rules = st.sampled_from(["ge", "gt"])
fail_modes = st.sampled_from(["soft", "hard"])
