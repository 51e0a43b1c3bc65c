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

Inside, each side's pieces are one integer bitboard (bit row·cols + col); moves, mobility and centre control are
shifts, masks and bit counts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tracer.errors import GameError, IllegalMoveError
from tracer.state import Board, Player

BLACK, WHITE = 0, 1
WIN = 1_000_000
GLYPHS = {"B": "●", "W": "○", ".": ""}
DIRECTIONS = ("up", "down", "left", "right")


def weights_for(move_number: int) -> tuple[int, int, int]:
    """(mobility, material, centre) weights for a search whose root is at ``move_number``."""
    if move_number < 10:
        return (3, 1, 1)
    if move_number < 20:
        return (1, 1, 3)
    return (1, 3, 1)


class Geometry:
    """Masks for one board size, made once: where each direction may move from, and the centre weights."""

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
        centre_r, centre_c = rows // 2, cols // 2
        weight = [rows + cols - (abs(r - centre_r) + abs(c - centre_c)) for r in range(rows) for c in range(cols)]
        # Centre control as bit planes: Σ weight(cell) over pieces = Σ_k 2^k · popcount(pieces & plane_k).
        self.centre_planes = tuple(
            (1 << k, sum(1 << i for i, w in enumerate(weight) if w >> k & 1)) for k in range(max(weight).bit_length()))

    def sources(self, own: int, other: int) -> tuple[int, int, int, int]:
        """For each direction, the cells of ``own`` pieces that can capture an ``other`` piece that way."""
        cols = self.cols
        return (
            own & (other << cols),  # up: the target is one row above
            own & (other >> cols),  # down
            own & (other << 1) & self.not_left,  # left
            own & (other >> 1) & self.not_right,  # right
        )

    def can_move(self, own: int, other: int) -> bool:
        cols = self.cols
        return bool(own & ((other << cols) | (other >> cols) | (other << 1) & self.not_left
                           | (other >> 1) & self.not_right))

    def mobility(self, own: int, other: int) -> int:
        cols = self.cols
        return ((own & (other << cols)).bit_count() + (own & (other >> cols)).bit_count()
                + (own & (other << 1) & self.not_left).bit_count() + (own & (other >> 1) & self.not_right).bit_count())

    def centre(self, pieces: int) -> int:
        total = 0
        for value, plane in self.centre_planes:  # four planes on boards up to 8 × 8
            total += value * (pieces & plane).bit_count()
        return total

    def name(self, cell: int) -> str:
        row, col = divmod(cell, self.cols)
        return f"{chr(ord('a') + col)}{row + 1}"


@lru_cache(maxsize=None)
def geometry(cols: int, rows: int) -> Geometry:
    return Geometry(cols, rows)


_evaluations: dict[tuple, int] = {}  # (mine, theirs, geometry, weights) -> heuristic value
_EVALUATIONS_KEPT = 1 << 20


def _evaluate(mine: int, theirs: int, geo: Geometry, weights: tuple[int, int, int]) -> int:
    """The heuristic from the point of view of the side owning ``mine``, cached: leaves repeat a lot, since
    independent moves reach the same position in several orders."""
    key = (mine, theirs, geo, weights)
    value = _evaluations.get(key)
    if value is None:
        w_mobility, w_material, w_centre = weights
        value = (w_mobility * geo.mobility(mine, theirs)
                 + w_material * (mine.bit_count() - theirs.bit_count())
                 + w_centre * geo.centre(mine))
        if len(_evaluations) >= _EVALUATIONS_KEPT:
            _evaluations.clear()
        _evaluations[key] = value
    return value


def clear_caches() -> None:
    """Forget cached evaluations (benchmarks start each timed run cold)."""
    _evaluations.clear()


class ClobberState:
    """A Clobber position seen from one side: MAX is ``max_side`` (0 Black, 1 White); ``weights`` are the
    evaluation weights, set by the move number at the root of the search."""

    __slots__ = ("black", "white", "side", "geo", "number", "max_side", "weights", "player", "_moves",
                 "_terminal")

    def __init__(self, black: int, white: int, side: int, geo: Geometry, number: int, max_side: int,
                 weights: tuple[int, int, int]):
        self.black, self.white, self.side, self.geo = black, white, side, geo
        self.number = number  # the number of the move about to be played here
        self.max_side, self.weights = max_side, weights
        self.player = Player.MAX if side == max_side else Player.MIN
        self._moves = None
        self._terminal = not (geo.can_move(black, white) if side == BLACK else geo.can_move(white, black))

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
        take = 1 << source | 1 << target
        if self.side == BLACK:  # black leaves `source` for `target`; the white piece there is gone
            black, white = self.black ^ take, self.white & ~(1 << target)
        else:
            black, white = self.black & ~(1 << target), self.white ^ take
        return ClobberState(black, white, 1 - self.side, self.geo, self.number + 1, self.max_side, self.weights)

    def is_terminal(self):
        return self._terminal

    def utility(self):
        """The player to move has no move and has lost."""
        return -WIN if self.player is Player.MAX else WIN

    def evaluate(self):
        if self._terminal:
            return self.utility()
        mine, theirs = (self.black, self.white) if self.max_side == BLACK else (self.white, self.black)
        return _evaluate(mine, theirs, self.geo, self.weights)

    def move_name(self, move):
        return f"{self.geo.name(move[0])}-{self.geo.name(move[1])}"

    def board(self):
        return Board(self.rows(), GLYPHS)

    # ---- readable twins --------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        geo = self.geo
        return ["".join("B" if self.black >> (r * geo.cols + c) & 1 else "W" if self.white >> (r * geo.cols + c) & 1
                        else "." for c in range(geo.cols)) for r in range(geo.rows)]

    def __repr__(self):
        return f"ClobberState({'/'.join(self.rows())!r}, side={'bw'[self.side]!r})"

    def _key(self):
        return (self.black, self.white, self.side, self.geo.cols, self.geo.rows, self.number, self.max_side,
                self.weights)

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
        self.cols, self.rows = cols or 5, rows or 6
        self.size_given = cols is not None or rows is not None
        if not (1 <= self.cols <= 26 and 1 <= self.rows <= 26 and self.cols * self.rows >= 2):
            raise GameError(f"clobber: the board must be 1 to 26 columns and rows, at least 2 cells; got "
                            f"{self.cols} × {self.rows}")

    @staticmethod
    def clear_caches() -> None:
        """Forget what positions have cached, so a timed search starts cold."""
        clear_caches()

    def start(self) -> ClobberState:
        geo = geometry(self.cols, self.rows)
        black = sum(1 << (r * self.cols + c) for r in range(self.rows) for c in range(self.cols) if (r + c) % 2 == 0)
        return ClobberState(black, geo.board ^ black, BLACK, geo, 1, BLACK, weights_for(1))

    def position(self, text: str) -> ClobberState:
        parts = str(text).split()
        if not 1 <= len(parts) <= 3:
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
        if not (1 <= cols <= 26 and 1 <= len(rows) <= 26):
            raise GameError(f"clobber position {text!r}: at most 26 columns and 26 rows")
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
            if not parts[2].isdigit() or int(parts[2]) < 1:
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
        return ClobberState(state.black, state.white, state.side, state.geo, state.number, state.side,
                            weights_for(state.number))

    def text(self, state: ClobberState) -> str:
        symbols = {"B": "●", "W": "○", ".": "·"}
        lines = [f"{r + 1:>2} " + " ".join(symbols[ch] for ch in row) for r, row in enumerate(state.rows())]
        lines.append("   " + " ".join(chr(ord("a") + c) for c in range(state.geo.cols)))
        return "\n".join(lines)
