"""Tic-tac-toe: cells 1-9 row by row from the top left, X moves first.

A position is 9 characters read row by row, ``X``, ``O`` and ``.`` (lower case, ``-`` or ``_`` for empty, and ``/``
between rows are accepted); the side to move follows from the counts. Moves are cell numbers, children in cell
order 1→9. Utility: +1 when MAX has three in a row, −1 when MIN has, 0 for a draw; with ``quick_wins`` a win is
worth 10 − (discs on the board), so quicker wins score higher and slower losses lose less.

Inside, a position is two 9-bit masks, and the rules are tables indexed by mask. Positions are interned (there
are only 5,478 legal ones), each keeping its children once made, so a full minimax solve from the empty board
mostly follows references.
"""

from __future__ import annotations

from fractions import Fraction

from tracer.errors import GameError, IllegalMoveError
from tracer.model.state import DISTANCE, Board, Player, quicker

LINES = (0b000000111, 0b000111000, 0b111000000, 0b001001001, 0b010010010, 0b100100100, 0b100010001, 0b001010100)
FULL = 0b111111111
X_SIDE, O_SIDE = 0, 1
GLYPHS = {"X": "X", "O": "O", ".": ""}
# The players as module constants: every child reads one, and Player.MAX, a member looked up through the enum's
# class, takes about three times as long as a module's name.
MAX, MIN = Player.MAX, Player.MIN

# Tables by 9-bit mask, made once: the rules as look-ups.
_WINNING = [any(mask & line == line for line in LINES) for mask in range(512)]  # three in a row
_EMPTY_CELLS = [tuple(cell + 1 for cell in range(9) if empty >> cell & 1) for empty in range(512)]  # the moves
_CELL_NAMES = tuple(str(cell) for cell in range(10))  # traces name every node's move
_LINES_FREE_OF = [sum(1 for line in LINES if not line & mask) for mask in range(512)]  # lines with no disc of mask

# The cache: every position made since the last clear_caches(), by key (see _key). Each keeps its children once
# made, so a search that meets a position again (every full minimax solve meets each of the 5,478 legal positions
# many times) only follows references.
_interned: dict[int, "TicTacToeState"] = {}


def clear_caches() -> None:
    """Forget interned positions (benchmarks start each timed run cold)."""
    _interned.clear()


def _has_line(mask: int) -> bool:
    return _WINNING[mask]


def _key(x: int, o: int, max_side: int, quick_wins: bool, origin: int | None = None) -> int:
    """A position as one integer: X's mask, O's mask, MAX's side, the scoring rule and the distance's origin (0
    for none, else the discs at a quicker-wins root + 1), in bit fields."""
    return x | o << 9 | max_side << 18 | int(quick_wins) << 19 | (0 if origin is None else origin + 1) << 20


class TicTacToeState:
    """A tic-tac-toe position seen from one side: MAX is ``max_side`` (0 for X, 1 for O).

    ``x`` and ``o`` are 9-bit masks, bit i for cell i + 1. Made with ``TicTacToeState(x, o, max_side)``; equal
    arguments give the same object until the cache is cleared.
    """

    __slots__ = ("x", "o", "max_side", "quick_wins", "side", "player", "_key", "_moves", "_children", "_terminal",
                 "_utility", "_outcome")
    name = ""
    explicit = False
    # MCTS's --rollout eval turns the evaluation v into a reward 1 / (1 + e^(−v / eval_scale)): 0.2, two open lines
    # more than the opponent (X in the centre against O on an edge, a won position for X), is a clear advantage
    # and maps to 0.73. utility()'s sign is the result exactly (±1, or ±(10 − discs) ≥ ±1), so no result().
    eval_scale = 0.2

    @property
    def value_grain(self) -> Fraction:
        """The finest difference between two of its values, for MTD(f)'s null window (β − grain, β): the evaluation
        counts open lines in tenths; below a quicker-wins root, where a game end scores (1 − k/1000) of its value,
        a thousandth of that (a grain finer than the values need is a null window too)."""
        return Fraction(1, 10) / DISTANCE if self._key >> 20 else Fraction(1, 10)

    def __new__(cls, x: int, o: int, max_side: int = X_SIDE, quick_wins: bool = False):
        key = _key(x, o, max_side, quick_wins)
        state = _interned.get(key)
        return _make(key) if state is None else state

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        return self._moves

    def child(self, move):
        child = self._children[move]
        if child is None:
            key = self._key + (1 << (move - 1) if self.side == X_SIDE else 1 << (move + 8))  # the disc's bit
            child = _interned.get(key)
            if child is None:
                child = _make(key)
            self._children[move] = child
        return child

    def random_playout(self, rng) -> tuple[list[int], "TicTacToeState"]:
        """MCTS's random playout, over the two masks alone: at each position the cell
        ``choices[rng.randrange(len(choices))]``, ``choices`` being :meth:`moves` there, exactly as the search's own
        loop draws it (so the same seed gives the same trace), until three in a row or a full board. Returns the
        cells played and the end position."""
        x, o, side = self.x, self.o, self.side
        played, over = [], self._terminal
        while not over:
            choices = _EMPTY_CELLS[FULL ^ (x | o)]  # what moves() gives there
            move = choices[rng.randrange(len(choices))]
            played.append(move)
            if side == X_SIDE:
                x |= 1 << (move - 1)
                over = _WINNING[x]
            else:
                o |= 1 << (move - 1)
                over = _WINNING[o]
            over = over or x | o == FULL
            side = 1 - side
        return played, TicTacToeState(x, o, self.max_side, self.quick_wins)

    def key(self) -> int:
        """The position as one number, for transposition tables (X's mask, O's mask, MAX's side, the scoring)."""
        return self._key

    def is_terminal(self):
        return self._terminal

    def utility(self):
        return self._utility

    def evaluate(self):
        """Nilsson's estimate: lines still open for MAX minus lines still open for MIN, divided by 10 so that any
        won position scores higher (a line is open for a side when the other side has no disc in it)."""
        if self._terminal:
            return self._outcome  # unscaled by a quicker-wins root's distance
        mine, theirs = (self.x, self.o) if self.max_side == X_SIDE else (self.o, self.x)
        return (_LINES_FREE_OF[theirs] - _LINES_FREE_OF[mine]) / 10

    fixed_move_names = True  # a move's name never depends on the position (a trace names playouts faster)

    def move_name(self, move):
        return _CELL_NAMES[move]

    def board(self):
        return Board(self.rows(), GLYPHS)

    # ---- readable twins --------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        cells = ["X" if self.x >> i & 1 else "O" if self.o >> i & 1 else "." for i in range(9)]
        return ["".join(cells[r * 3:r * 3 + 3]) for r in range(3)]

    def __repr__(self):
        return f"TicTacToeState({''.join(self.rows())!r})"

    def __eq__(self, other):
        return isinstance(other, TicTacToeState) and self._key == other._key

    def __hash__(self):
        return hash(self._key)


def _make(key: int) -> TicTacToeState:
    """Make and intern the position with this key."""
    state = object.__new__(TicTacToeState)
    x, o, max_side, quick_wins = key & FULL, key >> 9 & FULL, key >> 18 & 1, bool(key >> 19 & 1)
    state.x, state.o, state.max_side, state.quick_wins, state._key = x, o, max_side, quick_wins, key
    state.side = side = X_SIDE if x.bit_count() == o.bit_count() else O_SIDE
    state.player = MAX if side == max_side else MIN
    x_won, o_won = _WINNING[x], _WINNING[o]
    filled = x | o
    state._terminal = terminal = x_won or o_won or filled == FULL
    state._utility = state._outcome = 0
    if x_won or o_won:
        size = 10 - filled.bit_count() if quick_wins else 1
        state._utility = state._outcome = size if x_won == (max_side == X_SIDE) else -size
        if key >> 20:  # scored by the distance from a quicker-wins root with key >> 20 discs, plus one
            state._utility = quicker(state._outcome, filled.bit_count() - ((key >> 20) - 1))
    state._moves = () if terminal else _EMPTY_CELLS[FULL ^ filled]
    state._children = [None] * 10  # by move, 1-9
    _interned[key] = state
    return state


class TicTacToe:
    """The rules and notation of tic-tac-toe (see the module docstring)."""

    name = "tictactoe"
    move_word = "square"  # captions say "square 4"
    sides = ("X", "O")
    default_depth = None  # small enough to search to the end

    def __init__(self, quick_wins: bool = False):
        self.quick_wins = bool(quick_wins)

    @staticmethod
    def clear_caches() -> None:
        """Forget what positions have cached, so a timed search starts cold."""
        clear_caches()

    @staticmethod
    def longest_game(state: TicTacToeState) -> int:
        """The most moves a game can still last: one per empty square."""
        return 9 - (state.x | state.o).bit_count()

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
        return "/".join(state.rows())

    def parse_move(self, state: TicTacToeState, text: str):
        legal = ", ".join(state.move_name(m) for m in state.moves())
        cleaned = str(text).strip()
        if state.is_terminal():
            raise IllegalMoveError("the game is over")
        if not (cleaned.isascii() and cleaned.isdigit() and 1 <= int(cleaned) <= 9):
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

    def rooted_quicker(self, state: TicTacToeState) -> TicTacToeState:
        """:meth:`rooted`, with game ends scored by their distance from it (:func:`tracer.model.state.quicker`)."""
        key = _key(state.x, state.o, state.side, state.quick_wins, (state.x | state.o).bit_count())
        return _interned.get(key) or _make(key)

    def text(self, state: TicTacToeState) -> str:
        rows = state.rows()
        lines = []
        for r, row in enumerate(rows):
            cells = [char if char != "." else str(r * 3 + c + 1) for c, char in enumerate(row)]
            lines.append(" " + " | ".join(cells))
        return "\n---+---+---\n".join(lines)
