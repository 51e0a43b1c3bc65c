"""Connect Four: 7 columns × 6 rows by default; the first player's discs are ● and the second's ○.

A position is the sequence of columns played, 1-based digits (``4453``: the first disc in column 4, then 4, 5,
3), the notation of Connect Four solvers; the empty string is the start. Children come in column order 1→7, full
columns skipped. The game ends with four in a row or a full board.

Evaluation ("windows"), used for every leaf of a depth-limited search, terminal ones too: for each window of
four consecutive cells (rows, columns, both diagonals: 69 on 7×6) with no disc of MIN, add w[MAX's discs in it];
for each window with no disc of MAX, subtract w[MIN's discs in it]; w = (0, 1, 4, 16, 1000).

Inside, a position is two bitboards in the solvers' layout: each column takes rows + 1 bits, bottom first, the
spare top bit keeping shifts from wrapping into the next column. The windows are counted for all cells at once
with shifts and bit counts, and evaluations are cached by position.
"""

from __future__ import annotations

from functools import lru_cache

from tracer.errors import GameError, IllegalMoveError
from tracer.state import Board, Player

WEIGHTS = (0, 1, 4, 16, 1000)
FIRST, SECOND = 0, 1
GLYPHS = {"X": "●", "O": "○", ".": ""}


class Geometry:
    """Bit masks for one board size, made once."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows, self.height = cols, rows, rows + 1
        h = self.height
        self.bottom = [1 << (c * h) for c in range(cols)]
        self.column = [((1 << rows) - 1) << (c * h) for c in range(cols)]
        self.top = [1 << (c * h + rows - 1) for c in range(cols)]
        self.board = sum(self.column)
        self.bottom_row = sum(self.bottom)
        # (shift, mask of the first cell of every window in that direction)
        self.directions = []
        for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
            starts = 0
            for c in range(cols):
                for r in range(rows):
                    if 0 <= c + 3 * dc < cols and 0 <= r + 3 * dr < rows:
                        starts |= 1 << (c * h + r)
            self.directions.append((dc * h + dr, starts))
        self.windows = sum(starts.bit_count() for _, starts in self.directions)

    def cell(self, col: int, row: int) -> int:
        return 1 << (col * self.height + row)


@lru_cache(maxsize=None)
def geometry(cols: int, rows: int) -> Geometry:
    return Geometry(cols, rows)


def has_four(bits: int, geo: Geometry) -> bool:
    """Four in a row anywhere: pairs of pairs along each direction."""
    for shift, _ in geo.directions:
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def _window_score(own: int, other: int, geo: Geometry) -> int:
    """Σ w[own discs] over the windows holding no disc of ``other``, counted bit-parallel for every window."""
    open_cells = geo.board ^ other
    score = 0
    for shift, starts in geo.directions:
        free = open_cells & (open_cells >> shift) & (open_cells >> 2 * shift) & (open_cells >> 3 * shift) & starts
        if not free:
            continue
        a, b, c, d = own, own >> shift, own >> 2 * shift, own >> 3 * shift
        ab_pair, ab_one = a & b, a ^ b
        cd_pair, cd_one = c & d, c ^ d
        ones = ab_one ^ cd_one  # the count's bits: ones, twos, fours
        carry = ab_one & cd_one
        twos = ab_pair ^ cd_pair ^ carry
        fours = ab_pair & cd_pair
        score += ((free & ones & ~twos).bit_count() + 4 * (free & twos & ~ones).bit_count()
                  + 16 * (free & twos & ones).bit_count() + 1000 * (free & fours).bit_count())
    return score


@lru_cache(maxsize=1 << 18)
def windows_for_first(first: int, second: int, geo: Geometry) -> int:
    """The windows evaluation from the first player's point of view (MAX's, when the first player is MAX)."""
    return _window_score(first, second, geo) - _window_score(second, first, geo)


def clear_caches() -> None:
    """Forget cached evaluations (benchmarks start each timed run cold)."""
    windows_for_first.cache_clear()


class Connect4State:
    """A Connect Four position seen from one side: MAX is ``max_side`` (0: the first player, 1: the second)."""

    __slots__ = ("first", "second", "count", "geo", "max_side", "player", "history", "_moves", "_terminal")

    def __init__(self, first: int, second: int, count: int, geo: Geometry, max_side: int, history: str = ""):
        self.first, self.second, self.count, self.geo = first, second, count, geo
        self.max_side = max_side
        self.player = Player.MAX if count % 2 == max_side else Player.MIN
        self.history = history
        last_mover = second if count % 2 == 0 else first
        self._terminal = count == geo.cols * geo.rows or (count >= 7 and has_four(last_mover, geo))
        self._moves = None

    @property
    def side(self) -> int:
        """0 when the first player is to move, 1 for the second."""
        return self.count % 2

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        if self._moves is None:
            filled = self.first | self.second
            self._moves = () if self._terminal else tuple(
                c + 1 for c, top in enumerate(self.geo.top) if not filled & top)
        return self._moves

    def child(self, move):
        geo = self.geo
        col = move - 1
        filled = self.first | self.second
        disc = (filled + geo.bottom[col]) & geo.column[col]
        if self.count % 2 == FIRST:
            return Connect4State(self.first | disc, self.second, self.count + 1, geo, self.max_side,
                                 self.history + str(move))
        return Connect4State(self.first, self.second | disc, self.count + 1, geo, self.max_side,
                             self.history + str(move))

    def is_terminal(self):
        return self._terminal

    def evaluate(self):
        score = windows_for_first(self.first, self.second, self.geo)
        return score if self.max_side == FIRST else -score

    utility = evaluate  # terminal positions are scored by the windows too (four in a row is worth 1000)

    def move_name(self, move):
        return str(move)

    def board(self):
        return Board(self.rows(), GLYPHS)

    # ---- readable twins --------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        """Top row first: X for the first player's discs, O for the second's."""
        geo = self.geo
        rows = []
        for r in reversed(range(geo.rows)):
            rows.append("".join("X" if self.first & geo.cell(c, r) else "O" if self.second & geo.cell(c, r) else "."
                                for c in range(geo.cols)))
        return rows

    def __repr__(self):
        return f"Connect4State({self.history!r})"

    def __eq__(self, other):
        return (isinstance(other, Connect4State) and (self.first, self.second, self.geo, self.max_side)
                == (other.first, other.second, other.geo, other.max_side))

    def __hash__(self):
        return hash((self.first, self.second, self.geo.cols, self.geo.rows, self.max_side))


class Connect4:
    """The rules and notation of Connect Four (see the module docstring)."""

    name = "connect4"
    sides = ("● first", "○ second")
    default_depth = 4

    def __init__(self, cols: int = 7, rows: int = 6):
        if not 4 <= cols <= 9:
            raise GameError(f"connect4: --cols must be 4 to 9 (one digit per move in the notation), got {cols}")
        if not 4 <= rows <= 10:
            raise GameError(f"connect4: --rows must be 4 to 10, got {rows}")
        self.geo = geometry(cols, rows)

    @staticmethod
    def clear_caches() -> None:
        """Forget what positions have cached, so a timed search starts cold."""
        clear_caches()

    def start(self) -> Connect4State:
        return Connect4State(0, 0, 0, self.geo, FIRST)

    def position(self, text: str) -> Connect4State:
        text = str(text).strip()
        state = self.start()
        for index, char in enumerate(text, 1):
            if not (char.isdigit() and 1 <= int(char) <= self.geo.cols):
                raise GameError(f"connect4 position {text!r}: move {index} is {char!r}, not a column 1-"
                                f"{self.geo.cols}")
            if state.is_terminal():
                raise GameError(f"connect4 position {text!r}: the game was over after move {index - 1}, "
                                f"so move {index} (column {char}) cannot be played")
            if int(char) not in state.moves():
                raise GameError(f"connect4 position {text!r}: move {index} is in column {char}, which is full")
            state = state.child(int(char))
        return self.rooted(state)

    def notation(self, state: Connect4State) -> str:
        return state.history

    def parse_move(self, state: Connect4State, text: str):
        legal = ", ".join(state.move_name(m) for m in state.moves())
        cleaned = str(text).strip()
        if state.is_terminal():
            raise IllegalMoveError("the game is over")
        if not (cleaned.isdigit() and 1 <= int(cleaned) <= self.geo.cols):
            raise IllegalMoveError(f"{cleaned!r} is not a column: columns are 1-{self.geo.cols} from the left "
                                   f"(legal now: {legal})")
        if int(cleaned) not in state.moves():
            raise IllegalMoveError(f"column {cleaned} is full (legal now: {legal})")
        return int(cleaned)

    def to_move(self, state: Connect4State) -> int:
        return state.side

    def winner(self, state: Connect4State) -> int | None:
        if has_four(state.first, state.geo):
            return FIRST
        if has_four(state.second, state.geo):
            return SECOND
        return None

    def rooted(self, state: Connect4State) -> Connect4State:
        return Connect4State(state.first, state.second, state.count, state.geo, state.side, state.history)

    def text(self, state: Connect4State) -> str:
        symbols = {"X": "●", "O": "○", ".": "·"}
        lines = [" " + " ".join(symbols[ch] for ch in row) for row in state.rows()]
        lines.append(" " + " ".join(str(c + 1) for c in range(self.geo.cols)))
        return "\n".join(lines)
