"""Clobber: a board of cols × rows (default 5 × 6) filled in a checkerboard, Black (●) on the top-left cell,
White (○) on the others; Black moves first. A move takes one of your pieces onto an orthogonally adjacent
opponent piece, which is removed. A player with no move loses.

Moves are written by coordinates, ``b3-b4``: columns a, b, … from the left, rows 1, 2, … from the top. They are
generated row by row from the top, column by column from the left, then in the directions up, down, left, right.

A position is written row by row from the top, rows separated by ``/``, ``B`` for Black, ``W`` for White, ``.`` for
an empty cell, then the side to move (``b`` or ``w``) and, optionally, the number of the move about to be played:
``BWB/WBW/... b 7``. Without a side, Black moves when an even number of pieces has been taken; without a move
number, it is the pieces taken + 1 (each move takes one piece).

Evaluation, from MAX's point of view: w1·mobility + w2·(MAX's pieces − MIN's pieces) + w3·centre control, where
mobility is the number of MAX's legal moves and centre control is Σ over MAX's pieces of (rows + cols − Manhattan
distance to the centre cell (rows // 2, cols // 2)), rows and columns counted from 0. The weights go by the move
number at the root of the search: before move 10 (3, 1, 1), before move 20 (1, 1, 3), after that (1, 3, 1).
Terminal positions score ±1,000,000, beyond any heuristic value.

Inside, each side's pieces are one integer bitboard (bit row·cols + col); moves are shifts and masks read
through a per-cell table. Mobility is the same for both sides (every adjacent black-white pair is a capture for
either), so a position keeps the number of such pairs, and each side's centre control, updated by each move from
the neighbourhoods of its two cells: evaluation is a few multiplications, and "no move" is "no pair".
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from tracer.errors import GameError, IllegalMoveError
from tracer.model.state import DISTANCE, Board, Player, quicker

BLACK, WHITE = 0, 1
WIN = 1_000_000
GLYPHS = {"B": "●", "W": "○", ".": ""}
DIRECTIONS = ("up", "down", "left", "right")  # the order moves from one cell are generated in
DEFAULT_COLS, DEFAULT_ROWS = 5, 6
MAX_SIZE = 26  # columns are letters
# The players as module constants: every child reads one, and Player.MAX, a member looked up through the enum's
# class, takes about three times as long as a module's name.
MAX, MIN = Player.MAX, Player.MIN


def weights_for(move_number: int) -> tuple[int, int, int]:
    """(mobility, material, centre) weights for a search whose root is at ``move_number``."""
    if move_number < 10:
        return (3, 1, 1)
    if move_number < 20:
        return (1, 1, 3)
    return (1, 3, 1)


class Geometry:
    """Masks and tables for one board size, made once."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows = cols, rows
        self.board = (1 << (cols * rows)) - 1
        not_left = not_right = 0
        for r in range(rows):
            for c in range(cols):
                bit = 1 << (r * cols + c)
                if c > 0:
                    not_left |= bit
                if c < cols - 1:
                    not_right |= bit
        self.not_left, self.not_right = not_left, not_right
        # Target offset of each direction, in generation order: up, down, left, right.
        self.offsets = (-cols, cols, -1, 1)
        # cell_moves[cell][code]: the moves from `cell` in the directions whose bits are set in `code`
        # (1 up, 2 down, 4 left, 8 right), in generation order, made once so listing moves only looks them up.
        self.cell_moves = [[tuple((cell, cell + self.offsets[d]) for d in range(4) if code >> d & 1)
                            for code in range(16)] for cell in range(cols * rows)]
        # The orthogonal neighbours of each cell, as a mask.
        steps = ((-1, 0), (1, 0), (0, -1), (0, 1))  # (rows, columns): up, down, left, right
        self.neighbours = [sum(1 << ((r + dr) * cols + c + dc) for dr, dc in steps
                               if 0 <= r + dr < rows and 0 <= c + dc < cols)
                           for r in range(rows) for c in range(cols)]
        # Every move's name, made once: traces name every node's move.
        self.move_names = {(cell, target): f"{self.name(cell)}-{self.name(target)}"
                           for cell in range(cols * rows) for target in range(cols * rows)
                           if self.neighbours[cell] >> target & 1}
        centre_r, centre_c = rows // 2, cols // 2
        self.centre_weight = [rows + cols - (abs(r - centre_r) + abs(c - centre_c))
                              for r in range(rows) for c in range(cols)]

    def sources(self, own: int, other: int) -> tuple[int, int, int, int]:
        """For each direction, the cells of ``own`` pieces that can capture an ``other`` piece that way."""
        cols = self.cols
        return (
            own & (other << cols),  # up: the target is one row above
            own & (other >> cols),  # down
            own & (other << 1) & self.not_left,  # left
            own & (other >> 1) & self.not_right,  # right
        )

    def contacts(self, black: int, white: int) -> int:
        """The number of orthogonally adjacent black-white pairs. Each is one capture for either side, so this is
        the mobility of Black and of White alike, and 0 exactly when the game is over."""
        return sum(source.bit_count() for source in self.sources(black, white))

    def centre(self, pieces: int) -> int:
        """Σ over ``pieces`` of (rows + cols − Manhattan distance to the centre cell)."""
        return sum(weight for cell, weight in enumerate(self.centre_weight) if pieces >> cell & 1)

    def name(self, cell: int) -> str:
        row, col = divmod(cell, self.cols)
        return f"{chr(ord('a') + col)}{row + 1}"


@lru_cache(maxsize=None)
def geometry(cols: int, rows: int) -> Geometry:
    return Geometry(cols, rows)


def clear_caches() -> None:
    """Nothing to forget: positions keep no cache between searches."""


class ClobberState:
    """A Clobber position seen from one side: MAX is ``max_side`` (0 Black, 1 White); ``weights`` are the
    evaluation weights, set by the move number at the root of the search; ``number`` is the number of the move
    about to be played here.

    ``black`` and ``white`` are bitboards (bit row·cols + col). The evaluation's terms are kept up to date move by
    move: ``contacts`` (adjacent black-white pairs: the mobility of either side) and the centre control of each
    side; a move changes them only around its two cells.
    """

    __slots__ = ("black", "white", "side", "geo", "number", "max_side", "weights", "player", "contacts",
                 "centre_black", "centre_white", "last", "_moves", "origin")
    name = ""
    explicit = False
    # MCTS's --rollout eval turns the evaluation v into a reward 1 / (1 + e^(−v / eval_scale)): 10, about the spread
    # (one standard deviation) of the evaluation over random positions at one move number, maps to 0.73. The
    # evaluation is not 0 for an even position, though (mobility and centre control count for MAX only, a few
    # hundred at the start), so those rewards are near 1 for either side: Clobber's playouts are better random.
    # utility()'s sign is the result exactly (±1,000,000, no draws), so no result().
    eval_scale = 10

    @property
    def value_grain(self):
        """The finest difference between two of its values, for MTD(f)'s null window (β − grain, β): whole numbers;
        below a quicker-wins root, where a game end scores (1 − k/1000) of its value, thousandths."""
        return Fraction(1, DISTANCE) if self.origin is not None else 1

    def __init__(self, black: int, white: int, side: int, geo: Geometry, number: int, max_side: int,
                 weights: tuple[int, int, int], last: int | None = None):
        """A position from its bitboards; the evaluation's terms are worked out from scratch."""
        self._set(black, white, side, geo, number, max_side, weights, geo.contacts(black, white),
                  geo.centre(black), geo.centre(white), last)

    def _set(self, black, white, side, geo, number, max_side, weights, contacts, centre_black, centre_white, last):
        self.black, self.white, self.side, self.geo, self.number = black, white, side, geo, number
        self.max_side, self.weights, self.player = max_side, weights, MAX if side == max_side else MIN
        self.contacts, self.centre_black, self.centre_white = contacts, centre_black, centre_white
        self.last = last  # the cell the last move went to, when known (drawn outlined)
        self._moves = None
        self.origin = None  # the root's move number when game ends are scored by their distance from it

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        """(from cell, to cell) pairs, from-cells row by row from the top left, then up, down, left, right."""
        if self._moves is None:
            own, other = (self.black, self.white) if self.side == BLACK else (self.white, self.black)
            up, down, left, right = self.geo.sources(own, other)
            table = self.geo.cell_moves
            moves = []
            pending = up | down | left | right
            while pending:  # from-cells in increasing order: row by row, column by column
                low = pending & -pending
                code = (up & low and 1) | (down & low and 2) | (left & low and 4) | (right & low and 8)
                moves.extend(table[low.bit_length() - 1][code])
                pending ^= low
            self._moves = tuple(moves)
        return self._moves

    def child(self, move):
        source, target = move
        geo = self.geo
        neighbours, weight = geo.neighbours, geo.centre_weight
        own, other = (self.black, self.white) if self.side == BLACK else (self.white, self.black)
        # Contacts lost at the source (now empty) and at the target (now the mover's); the source-target pair is
        # counted in both; the target's contacts with the other side's remaining pieces are new.
        contacts = (self.contacts - (neighbours[source] & other).bit_count() - (neighbours[target] & own).bit_count()
                    + 1 + (neighbours[target] & other).bit_count())
        # Made field by field rather than through __init__, which would work the evaluation terms out again.
        child = ClobberState.__new__(ClobberState)
        child.geo, child.number, child.max_side, child.weights = geo, self.number + 1, self.max_side, self.weights
        child.player = MIN if self.player is MAX else MAX
        child.contacts, child.last, child._moves, child.origin = contacts, target, None, self.origin
        if self.side == BLACK:  # black leaves `source` for `target`; the white piece there is gone
            child.side, child.black, child.white = WHITE, own ^ (1 << source | 1 << target), other ^ 1 << target
            child.centre_black = self.centre_black - weight[source] + weight[target]
            child.centre_white = self.centre_white - weight[target]
        else:
            child.side, child.white, child.black = BLACK, own ^ (1 << source | 1 << target), other ^ 1 << target
            child.centre_white = self.centre_white - weight[source] + weight[target]
            child.centre_black = self.centre_black - weight[target]
        return child

    def key(self) -> int:
        """The position as one number, for transposition tables: both bitboards and the side to move."""
        return (self.black << (self.geo.rows * self.geo.cols) | self.white) << 1 | self.side

    def is_terminal(self):
        return not self.contacts

    def utility(self):
        """The player to move has no move and has lost (by less the further below a quicker-wins root)."""
        value = -WIN if self.player is Player.MAX else WIN
        return value if self.origin is None else quicker(value, self.number - self.origin)

    def evaluate(self):
        """w1·mobility + w2·(MAX's pieces − MIN's pieces) + w3·MAX's centre control (see the module docstring)."""
        if not self.contacts:
            return -WIN if self.player is Player.MAX else WIN
        w_mobility, w_material, w_centre = self.weights
        material = self.black.bit_count() - self.white.bit_count()
        if self.max_side == BLACK:
            return w_mobility * self.contacts + w_material * material + w_centre * self.centre_black
        return w_mobility * self.contacts - w_material * material + w_centre * self.centre_white

    fixed_move_names = True  # a move's name never depends on the position (a trace names playouts faster)

    def move_name(self, move):
        return self.geo.move_names[move]

    def board(self):
        marked = () if self.last is None else (divmod(self.last, self.geo.cols),)
        geo = self.geo
        return Board(self.rows(), GLYPHS, marked, files=[chr(ord("a") + c) for c in range(geo.cols)],
                     ranks=[str(r + 1) for r in range(geo.rows)])

    # ---- readable twins --------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        geo = self.geo
        return ["".join("B" if self.black >> (r * geo.cols + c) & 1 else "W" if self.white >> (r * geo.cols + c) & 1
                        else "." for c in range(geo.cols)) for r in range(geo.rows)]

    def __repr__(self):
        return f"ClobberState({'/'.join(self.rows())!r}, side={'bw'[self.side]!r})"

    def _key(self):
        """What makes two states the same search node: the board, the side to move, MAX and the evaluation
        weights (the move number matters only through them), and how game ends are scored (``origin``)."""
        return (self.black, self.white, self.side, self.geo.cols, self.geo.rows, self.max_side, self.weights,
                self.origin)

    def __eq__(self, other):
        return isinstance(other, ClobberState) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())


class Clobber:
    """The rules and notation of Clobber (see the module docstring)."""

    name = "clobber"
    sides = ("Black ●", "White ○")
    default_depth = 4

    def __init__(self, cols: int | None = None, rows: int | None = None):
        """The board is ``cols`` × ``rows`` (default 5 × 6). A position given in notation brings its own size,
        which must then match the options, if they were given."""
        self.size_given = cols is not None or rows is not None
        self.cols = DEFAULT_COLS if cols is None else cols
        self.rows = DEFAULT_ROWS if rows is None else rows
        for option, value in (("cols", self.cols), ("rows", self.rows)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIZE:
                raise GameError(f"clobber: --{option} must be 1 to {MAX_SIZE}, got {value!r}")
        if self.cols * self.rows < 2:
            raise GameError("clobber: the board needs at least 2 cells")

    @staticmethod
    def clear_caches() -> None:
        """Nothing is cached between searches; here for tracer's game interface."""
        clear_caches()

    @staticmethod
    def longest_game(state: ClobberState) -> int:
        """The most moves a game can still last: each takes a piece, and the last leaves at least one."""
        return max(0, (state.black | state.white).bit_count() - 1)

    def start(self) -> ClobberState:
        geo = geometry(self.cols, self.rows)
        black = sum(1 << (r * self.cols + c) for r in range(self.rows) for c in range(self.cols) if (r + c) % 2 == 0)
        return ClobberState(black, geo.board ^ black, BLACK, geo, 1, BLACK, weights_for(1))

    def position(self, text: str) -> ClobberState:
        """A position in the notation of the module docstring; an empty text is the start position."""
        parts = str(text).split()
        if not parts:
            return self.start()
        if len(parts) > 3:
            raise GameError(f"clobber position {text!r}: expected rows like 'BW./WB.' then the side to move "
                            "(b or w) and, optionally, the move number")
        rows = parts[0].split("/")
        cols = len(rows[0])
        if any(len(row) != cols for row in rows):
            raise GameError(f"clobber position {text!r}: rows have different lengths "
                            f"({', '.join(str(len(r)) for r in rows)})")
        if self.size_given and (cols, len(rows)) != (self.cols, self.rows):
            raise GameError(f"clobber position {text!r} is {cols} × {len(rows)}, but --cols/--rows say "
                            f"{self.cols} × {self.rows}")
        if not (1 <= cols <= MAX_SIZE and 1 <= len(rows) <= MAX_SIZE):
            raise GameError(f"clobber position {text!r}: the board must have 1 to {MAX_SIZE} columns and rows, "
                            f"not {cols} × {len(rows)}")
        geo = geometry(cols, len(rows))
        black = white = 0
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                bit = 1 << (r * cols + c)
                if char in "Bb":
                    black |= bit
                elif char in "Ww":
                    white |= bit
                elif char not in ".-_":
                    raise GameError(f"clobber position {text!r}: row {r + 1}, column {chr(ord('a') + c)} is "
                                    f"{char!r}; use B, W or .")
        taken = cols * len(rows) - (black | white).bit_count()
        side = BLACK if taken % 2 == 0 else WHITE
        if len(parts) >= 2:
            if parts[1].lower() not in ("b", "w"):
                raise GameError(f"clobber position {text!r}: the side to move is {parts[1]!r}; use b or w")
            side = BLACK if parts[1].lower() == "b" else WHITE
        move_number = taken + 1
        if len(parts) == 3:
            if not (parts[2].isascii() and parts[2].isdigit()) or int(parts[2]) < 1:
                raise GameError(f"clobber position {text!r}: the move number is {parts[2]!r}; use 1, 2, ...")
            move_number = int(parts[2])
        return ClobberState(black, white, side, geo, move_number, side, weights_for(move_number))

    def notation(self, state: ClobberState) -> str:
        return f"{'/'.join(state.rows())} {'bw'[state.side]} {state.number}"

    def parse_move(self, state: ClobberState, text: str):
        legal = state.moves()
        names = ", ".join(state.move_name(m) for m in legal)
        cleaned = re.sub(r"\s+", "", str(text)).lower().replace("x", "-")
        if not legal:
            raise IllegalMoveError("the game is over")
        for move in legal:
            if state.move_name(move) == cleaned:
                return move
        if not re.fullmatch(r"[a-z]\d+-[a-z]\d+", cleaned):
            raise IllegalMoveError(f"{text.strip()!r} is not a move: write from-to, like b3-b4 (columns a… from the "
                                   f"left, rows 1… from the top; legal now: {names})")
        raise IllegalMoveError(f"{cleaned} is not legal: move one of your pieces onto an adjacent opponent piece "
                               f"(legal now: {names})")

    def to_move(self, state: ClobberState) -> int:
        return state.side

    def winner(self, state: ClobberState) -> int | None:
        return 1 - state.side  # the player to move has no move: the other one won

    def rooted(self, state: ClobberState) -> ClobberState:
        rooted = ClobberState.__new__(ClobberState)
        rooted._set(state.black, state.white, state.side, state.geo, state.number, state.side,
                    weights_for(state.number), state.contacts, state.centre_black, state.centre_white, state.last)
        return rooted

    def rooted_quicker(self, state: ClobberState) -> ClobberState:
        """:meth:`rooted`, with game ends scored by their distance from it (:func:`tracer.model.state.quicker`)."""
        rooted = self.rooted(state)
        rooted.origin = state.number
        return rooted

    def text(self, state: ClobberState) -> str:
        symbols = {"B": "●", "W": "○", ".": "·"}
        lines = [f"{r + 1:>2} " + " ".join(symbols[ch] for ch in row) for r, row in enumerate(state.rows())]
        lines.append("   " + " ".join(chr(ord("a") + c) for c in range(state.geo.cols)))
        return "\n".join(lines)
