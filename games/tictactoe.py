"""Tic-tac-toe: cells 1-9 row by row from the top left, X moves first.

A position is 9 characters read row by row, ``X``, ``O`` and ``.`` (lower case, ``-`` or ``_`` for empty, and ``/``
between rows are accepted); the side to move follows from the counts. Moves are cell numbers, children in cell
order 1→9. Utility: +1 when MAX has three in a row, −1 when MIN has, 0 for a draw; with ``quick_wins`` a win is
worth 10 − (discs on the board), so quicker wins score higher and slower losses lose less.

Inside, a position is two 9-bit masks. Positions are interned (there are only 5,478 reachable ones), each
keeping its moves and children once made, so a full minimax solve from the empty board only looks things up.
"""

from __future__ import annotations

from tracer.errors import GameError, IllegalMoveError
from tracer.state import Board, Player

LINES = (0b000000111, 0b000111000, 0b111000000, 0b001001001, 0b010010010, 0b100100100, 0b100010001, 0b001010100)
FULL = 0b111111111
X_SIDE, O_SIDE = 0, 1
GLYPHS = {"X": "X", "O": "O", ".": ""}

_interned: dict[tuple, "TicTacToeState"] = {}


def clear_caches() -> None:
    """Forget interned positions (benchmarks start each timed run cold)."""
    _interned.clear()


def _has_line(mask: int) -> bool:
    return _WINNING[mask]


_WINNING = [any(mask & line == line for line in LINES) for mask in range(512)]  # three in a row, by mask
_EMPTY_CELLS = [tuple(cell + 1 for cell in range(9) if empty >> cell & 1) for empty in range(512)]  # by empty mask


class TicTacToeState:
    """A tic-tac-toe position seen from one side: MAX is ``max_side`` (0 for X, 1 for O)."""

    __slots__ = ("x", "o", "max_side", "quick_wins", "player", "_moves", "_children", "_terminal", "_utility")

    def __new__(cls, x: int, o: int, max_side: int, quick_wins: bool = False):
        key = (x, o, max_side, quick_wins)
        state = _interned.get(key)
        if state is None:
            state = _interned[key] = super().__new__(cls)
            state._setup(x, o, max_side, quick_wins)
        return state

    def _setup(self, x, o, max_side, quick_wins):
        self.x, self.o, self.max_side, self.quick_wins = x, o, max_side, quick_wins
        side = X_SIDE if x.bit_count() == o.bit_count() else O_SIDE
        self.player = Player.MAX if side == max_side else Player.MIN
        x_won, o_won = _WINNING[x], _WINNING[o]
        self._terminal = x_won or o_won or (x | o) == FULL
        winner = X_SIDE if x_won else O_SIDE if o_won else None
        self._utility = 0
        if winner is not None:
            size = 10 - (x | o).bit_count() if quick_wins else 1
            self._utility = size if winner == max_side else -size
        self._moves = () if self._terminal else _EMPTY_CELLS[FULL ^ (x | o)]
        self._children = {}

    @property
    def side(self) -> int:
        """0 when X is to move, 1 for O."""
        return self.max_side if self.player is Player.MAX else 1 - self.max_side

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        return self._moves

    def child(self, move):
        child = self._children.get(move)
        if child is None:
            bit = 1 << (move - 1)
            if self.side == X_SIDE:
                child = TicTacToeState(self.x | bit, self.o, self.max_side, self.quick_wins)
            else:
                child = TicTacToeState(self.x, self.o | bit, self.max_side, self.quick_wins)
            self._children[move] = child
        return child

    def is_terminal(self):
        return self._terminal

    def utility(self):
        return self._utility

    def evaluate(self):
        """Nilsson's estimate: lines still open for MAX minus lines still open for MIN, divided by 10 so that any
        won position scores higher (a line is open for a side when the other side has no disc in it)."""
        if self._terminal:
            return self._utility
        mine, theirs = (self.x, self.o) if self.max_side == X_SIDE else (self.o, self.x)
        open_mine = sum(1 for line in LINES if not line & theirs)
        open_theirs = sum(1 for line in LINES if not line & mine)
        return (open_mine - open_theirs) / 10

    def move_name(self, move):
        return str(move)

    def board(self):
        return Board(self.rows(), GLYPHS)

    # ---- readable twins --------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        cells = ["X" if self.x >> i & 1 else "O" if self.o >> i & 1 else "." for i in range(9)]
        return ["".join(cells[r * 3:r * 3 + 3]) for r in range(3)]

    def __repr__(self):
        return f"TicTacToeState({''.join(self.rows())!r})"


class TicTacToe:
    """The rules and notation of tic-tac-toe (see the module docstring)."""

    name = "tictactoe"
    sides = ("X", "O")
    default_depth = None  # small enough to search to the end

    def __init__(self, quick_wins: bool = False):
        self.quick_wins = bool(quick_wins)

    @staticmethod
    def clear_caches() -> None:
        """Forget what positions have cached, so a timed search starts cold."""
        clear_caches()

    def start(self) -> TicTacToeState:
        return TicTacToeState(0, 0, X_SIDE, self.quick_wins)

    def position(self, text: str) -> TicTacToeState:
        cells = str(text).strip().replace("/", "").replace("|", "")
        if len(cells) != 9:
            raise GameError(f"tic-tac-toe position {text!r}: expected 9 cells (X, O or .), got {len(cells)}")
        x = o = 0
        for i, char in enumerate(cells):
            if char in "Xx":
                x |= 1 << i
            elif char in "Oo0":
                o |= 1 << i
            elif char not in ".-_ ":
                raise GameError(f"tic-tac-toe position {text!r}: cell {i + 1} is {char!r}; use X, O or .")
        xs, os_ = x.bit_count(), o.bit_count()
        if xs not in (os_, os_ + 1):
            raise GameError(f"tic-tac-toe position {text!r}: X has {xs} discs and O {os_}; X moves first, so X "
                            "has as many as O or one more")
        x_won, o_won = _has_line(x), _has_line(o)
        if x_won and o_won:
            raise GameError(f"tic-tac-toe position {text!r}: both sides have three in a row")
        if x_won and xs == os_:
            raise GameError(f"tic-tac-toe position {text!r}: O moved after X had already won")
        if o_won and xs == os_ + 1:
            raise GameError(f"tic-tac-toe position {text!r}: X moved after O had already won")
        side = X_SIDE if xs == os_ else O_SIDE
        return TicTacToeState(x, o, side, self.quick_wins)

    def notation(self, state: TicTacToeState) -> str:
        return "".join(state.rows())

    def parse_move(self, state: TicTacToeState, text: str):
        legal = ", ".join(state.move_name(m) for m in state.moves())
        cleaned = str(text).strip()
        if state.is_terminal():
            raise IllegalMoveError("the game is over")
        if not (cleaned.isdigit() and 1 <= int(cleaned) <= 9):
            raise IllegalMoveError(f"{cleaned!r} is not a cell: cells are 1-9, row by row from the top left "
                                   f"(legal now: {legal})")
        if int(cleaned) not in state.moves():
            raise IllegalMoveError(f"cell {cleaned} is taken (legal now: {legal})")
        return int(cleaned)

    def to_move(self, state: TicTacToeState) -> int:
        return state.side

    def winner(self, state: TicTacToeState) -> int | None:
        return X_SIDE if _has_line(state.x) else O_SIDE if _has_line(state.o) else None

    def rooted(self, state: TicTacToeState) -> TicTacToeState:
        return TicTacToeState(state.x, state.o, state.side, state.quick_wins)

    def text(self, state: TicTacToeState) -> str:
        rows = state.rows()
        lines = []
        for r, row in enumerate(rows):
            cells = [char if char != "." else str(r * 3 + c + 1) for c, char in enumerate(row)]
            lines.append(" " + " | ".join(cells))
        return "\n---+---+---\n".join(lines)
