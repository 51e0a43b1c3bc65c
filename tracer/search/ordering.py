"""Move ordering, kept out of the search loop (as sunfish does): a state wrapper whose ``moves()`` come in the
chosen order, so every search, traced or not, runs unchanged on it.

Orders: ``natural`` (as written or generated), ``reversed``, ``best`` and ``worst`` (children sorted by their true
minimax value for the player to move, found by a separate untraced search to the same depth, best or worst
first), ``eval`` (by the static evaluation of each child, best for the mover first) and ``random`` (shuffled,
reproducibly from ``seed`` and the node's path from the root). Sorting is stable: ties keep the natural order.
"""

from __future__ import annotations

import random

from ..errors import SearchOptionError
from ..model.state import UNLIMITED, Player
from ..model.trees import TreeNode, first_chance
from .algorithms import alphabeta, expectiminimax

ORDERS = ("natural", "reversed", "best", "worst", "eval", "random")


def ordered(root, order: str = "natural", depth: float = UNLIMITED, seed: int = 0):
    """``root`` searched in ``order``, for a search ``depth`` plies deep (``natural``: the root itself)."""
    if order not in ORDERS:
        raise SearchOptionError(f"unknown move order {order!r} (choose from {', '.join(ORDERS)})")
    if order == "natural":
        return root
    inner = getattr(root, "inner", root)
    averaging = isinstance(inner, TreeNode) and first_chance(inner) is not None
    return Ordered(root, _Policy(order, seed, averaging), depth, ())


def for_timing(root):
    """What to time a search on: an ordered tree file's tree built again with every node's children in order, so
    that searching it costs what searching the original does (timings compare orders, not the wrapper); other
    states as they are. Only for timing: the copy names unnamed leaves by their new places."""
    if not isinstance(root, Ordered) or not isinstance(root.inner, TreeNode):
        return root
    entries, pending = [], [(root, None)]
    while pending:
        node, parent = pending.pop()
        entries.append((node, parent))
        here = len(entries) - 1
        pending.extend((node.child(move), here) for move in reversed(node.moves()))
    children: list[list[TreeNode]] = [[] for _ in entries]
    made = None
    for index in reversed(range(len(entries))):  # children after their parent: build bottom-up
        node, parent = entries[index]
        inner = node.inner
        made = inner.copy(children=tuple(reversed(children[index])))
        if parent is not None:
            children[parent].append(made)
    return made


class _Policy:
    """An order and what it remembers: minimax values already found (``best``/``worst``)."""

    def __init__(self, order: str, seed: int, averaging: bool = False):
        self.order, self.seed = order, seed
        self.search = expectiminimax if averaging else alphabeta  # the values to sort by: with chance, averages
        self.values: dict[tuple, float] = {}

    def value(self, state, depth: float) -> float:
        """The minimax value of ``state`` searched ``depth`` plies (MAX's terms), untraced, remembered."""
        key = (_identity(state), depth)
        if key not in self.values:
            self.values[key] = self.search(state, depth)[0]
        return self.values[key]

    def arrange(self, state, moves: list, depth: float, path: tuple) -> list:
        if state.player is Player.CHANCE and self.order in ("best", "worst", "eval"):
            return moves  # chance has no best move: its outcomes keep their order
        if self.order == "reversed":
            return moves[::-1]
        if self.order == "random":
            shuffled = list(moves)
            random.Random(f"{self.seed}/{'/'.join(path)}").shuffle(shuffled)
            return shuffled
        if self.order == "eval":
            key = lambda move: _static(state.child(move))  # noqa: E731
            best_first = True
        else:
            key = lambda move: self.value(state.child(move), depth - 1)  # noqa: E731
            best_first = self.order == "best"
        # best first: MAX's largest values first, MIN's smallest; worst first the other way round (stable either way)
        return sorted(moves, key=key, reverse=(state.player is Player.MAX) == best_first)


def _static(state) -> float:
    if state.is_terminal():
        return state.utility()
    try:
        return state.evaluate()
    except SearchOptionError:
        raise SearchOptionError("--order eval needs a static value at every child: game positions have one, tree "
                                "files only where a node gives it") from None


def _identity(state):
    try:
        hash(state)
        return state
    except TypeError:
        return id(state)


IN_ITS_OWN_ORDER = ("random_playout",)  # a state's hooks that go by its own move order: not offered reordered (MCTS
# then plays out with its loop over the moves as ordered, as the README's rule says)


class Ordered:
    """``inner``, with its moves in the policy's order; everything else (player, values, names, boards) is the
    wrapped state's, read through ``__getattr__``."""

    __slots__ = ("inner", "policy", "depth", "path", "_moves")

    def __init__(self, inner, policy: _Policy, depth: float, path: tuple):
        self.inner, self.policy, self.depth, self.path = inner, policy, depth, path
        self._moves = None

    def __getattr__(self, name):
        if name in IN_ITS_OWN_ORDER:
            raise AttributeError(name)  # the wrapped state's would play its moves in their order, not this one
        return getattr(self.inner, name)

    def moves(self):
        if self._moves is None:
            moves = list(self.inner.moves())
            self._moves = self.policy.arrange(self.inner, moves, self.depth, self.path) if len(moves) > 1 else moves
        return self._moves

    def child(self, move):
        return Ordered(self.inner.child(move), self.policy, self.depth - 1,
                       self.path + (str(self.inner.move_name(move)),))

    def __repr__(self):
        return f"Ordered({self.inner!r}, {self.policy.order!r})"
