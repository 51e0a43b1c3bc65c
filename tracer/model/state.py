"""What every search reads of a game state, beyond its interface: who moves (:class:`Player`), the depth without a
limit, a board to draw (:class:`Board`), and the state's optional members.

The required members are the :class:`tracer.model.game.GameState` protocol (kept with the game's, so that a drawing
does not import :mod:`typing`, which a protocol needs). The optional ones (a node's name, a board to draw,
whether the whole subtree is data) are read through :func:`node_name`, :func:`node_board` and
:func:`is_explicit`, which look at the instance (so a wrapper that delegates with ``__getattr__`` keeps them) and
accept only what the protocol says (a ``board`` that is not a method is ignored, not misread).
"""

from __future__ import annotations

import enum
import math

from ..records import Record

#: Depth meaning "search to the terminal positions" (``UNLIMITED - 1 == UNLIMITED``).
UNLIMITED = math.inf

DISTANCE = 1_000  # a game's end k plies below a search's root scores (1 − k/DISTANCE) of its value


def quicker(value: float, plies: int) -> float:
    """A game end's ``value`` as players that prefer quicker wins score it ``plies`` below their search's root:
    ``value · (1 − k/1000)`` (k at most 999), so of two wins the quicker scores more, and of two losses the slower
    loses less (a draw stays 0)."""
    return value * (1 - min(plies, DISTANCE - 1) / DISTANCE)


class Player(enum.Enum):
    """Who moves at a node. MAX is the player to move at the root of a game search.

    ``CHANCE`` is a node where chance moves (a die roll): its value is the expectation of its children's, each
    weighted by its probability (``probability(move)``). Only expectiminimax averages; every other search refuses a
    tree with chance nodes.
    """

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"

    @property
    def sign(self) -> int:
        """+1 for MAX, -1 for MIN: turns a MAX-view value into the mover's view (negamax)."""
        if self is Player.CHANCE:
            raise ValueError("a chance node has no side: negamax's sign flip does not apply")
        return 1 if self is Player.MAX else -1

    @property
    def other(self) -> "Player":
        if self is Player.CHANCE:
            raise ValueError("a chance node has no opponent")
        return Player.MIN if self is Player.MAX else Player.MAX

    def __repr__(self) -> str:
        return f"Player.{self.name}"


class Board:
    """A board to draw inside a node: rows of cells, top row first, one character a cell.

    ``glyphs`` maps a cell character to what is drawn (``{"X": "✕", ".": ""}``); characters it does not name are
    drawn as they are. ``marked`` holds (row, column) cells to outline, such as the last move (when a game gives
    none, a diagram marks the cells that differ from the parent's board). ``files`` names the columns left to right
    and ``ranks`` the rows top to bottom, as the game's notation reads them (``"abcd"``, ``"1234"``); empty for
    none. ``shaded`` holds (row, column) cells drawn on a dark ground, such as a chessboard's dark squares.
    """

    __slots__ = ("rows", "glyphs", "marked", "files", "ranks", "shaded")

    def __init__(self, rows, glyphs=None, marked=(), files=(), ranks=(), shaded=()):
        self.rows = tuple(rows)
        self.glyphs = dict(glyphs or {})
        self.marked = tuple(tuple(cell) for cell in marked)
        self.files = tuple(str(name) for name in files)
        self.ranks = tuple(str(name) for name in ranks)
        self.shaded = tuple(tuple(cell) for cell in shaded)

    def as_dict(self) -> dict:
        data = {"rows": list(self.rows), "glyphs": self.glyphs, "marked": [list(c) for c in self.marked]}
        if self.files:
            data["files"] = list(self.files)
        if self.ranks:
            data["ranks"] = list(self.ranks)
        if self.shaded:
            data["shaded"] = [list(c) for c in self.shaded]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Board":
        return cls(data["rows"], data.get("glyphs"), data.get("marked", ()), data.get("files", ()),
                   data.get("ranks", ()), data.get("shaded", ()))

    def differences(self, other: "Board") -> tuple[tuple[int, int], ...]:
        """The (row, column) cells whose contents differ from ``other``'s (a board of the same size)."""
        return tuple((r, c) for r, (mine, theirs) in enumerate(zip(self.rows, other.rows))
                     for c, (a, b) in enumerate(zip(mine, theirs)) if a != b)

    def with_marked(self, marked) -> "Board":
        return Board(self.rows, self.glyphs, marked, self.files, self.ranks, self.shaded)

    def __eq__(self, other):
        return isinstance(other, Board) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return f"Board({list(self.rows)!r})"


class NamedPlayers(Record, frozen=True):
    """The players of a tree or a game with vector utilities (a tree file's ``players: [A, B, C]``; a state's
    ``named``), and what is declared of every leaf's vector: ``total``, the constant sum of its components
    (``rules: {sum: 10}``). (The range of each component, ``rules: {bounds: [0, 10]}``, is a setting of the search,
    as Star1's bounds are: see :func:`tracer.search.algorithms.maxn`.) Shared by every node of the tree."""

    names: tuple[str, ...]
    total: float | None = None


# ---- the optional members, read on the instance ----------------------------------------------------------------

def node_name(state) -> str:
    """The state's ``name`` if it has a textual one, else ``""``."""
    name = getattr(state, "name", "")
    return name if isinstance(name, str) else ""


def has_board(state) -> bool:
    """Whether the state offers a ``board()`` method (without calling it)."""
    return callable(getattr(state, "board", None))


def node_board(state) -> Board | None:
    """The state's board to draw, or ``None`` when it offers none (a ``board`` that is not a method returning a
    :class:`Board` counts as none)."""
    board = getattr(state, "board", None)
    if not callable(board):
        return None
    made = board()
    return made if isinstance(made, Board) else None


def is_explicit(state) -> bool:
    """Whether the state's whole subtree is data (``explicit is True``), so pruned subtrees can be drawn."""
    return getattr(state, "explicit", False) is True
