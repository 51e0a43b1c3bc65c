"""Connect Four: 7 columns × 6 rows by default; the first player's discs are ● and the second's ○.

A position is the sequence of columns played, 1-based digits (``4453``: the first disc in column 4, then 4, 5,
3), the notation of Connect Four solvers; the empty string is the start. Children come in column order 1→7, full
columns skipped. The game ends with four in a row or a full board.

Evaluation ("windows"), used for every leaf of a depth-limited search, terminal ones too: for each window of
four consecutive cells (rows, columns, both diagonals: 69 on 7×6) with no disc of MIN, add w[MAX's discs in it];
for each window with no disc of MAX, subtract w[MIN's discs in it]; w = (0, 1, 4, 16, 1000).

Inside, a position is two bitboards in the solvers' layout (each column takes rows + 1 bits, bottom first), and
every line of at least four cells (each row, column and diagonal) is also kept as a base-3 number of its cells
(0 empty, 1 first player, 2 second), one small number per line in a list. A table per line length and cell, made
once per board size, gives what a disc dropped there gains its side in the line's windows, so a move updates the
score from the at most four lines through its cell and evaluation only reads the result. The same gain tells
whether the move made four in a row: completing a four gains w[4] − w[3] = 984 in that window alone, while
every other window gains at most 16 (at most 16 windows hold a cell), so the game ends exactly when a move gains
at least 984.
"""

from __future__ import annotations

import operator
from fractions import Fraction
from functools import lru_cache
from itertools import product

from tracer.errors import GameError, IllegalMoveError
from tracer.model.state import DISTANCE, Board, Player, quicker

WEIGHTS = (0, 1, 4, 16, 1000)
FIRST, SECOND = 0, 1
GLYPHS = {"X": "●", "O": "○", ".": ""}
MIN_COLS, MAX_COLS = 4, 9  # one digit per move in the notation
MIN_ROWS, MAX_ROWS = 4, 10
COLUMN_NAMES = tuple(str(col) for col in range(MAX_COLS + 1))  # traces name every node's move
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (columns, rows) per step: up a column, along a row, diagonals
# A search shares at most this many positions between move orders (about 40 MB); when the table is full it is
# emptied and fills again with the positions the search makes next (a depth-first search transposes mostly nearby
# moves). Without a bound, depth-9 minimax held about 1 GB of positions.
SHARED_POSITIONS = 100_000
# The players as module constants: every child reads one, and Player.MAX, a member looked up through the enum's
# class, takes about three times as long as a module's name.
MAX, MIN = Player.MAX, Player.MIN


@lru_cache(maxsize=None)
def line_tables(length: int) -> tuple[list[int], list[bool]]:
    """For a line of ``length`` cells, by its base-3 code (cell i is digit i: 0 empty, 1 first, 2 second): the
    windows score from the first player's view, and whether the line holds four discs of one player in a row.

    A line is its window on cells 0-3 (the code's last four digits, code % 81) and the line of its cells 1 on
    (code // 3), so each table is made from the next shorter one."""
    if length < 4:  # no window
        return [0] * 3 ** length, [False] * 3 ** length
    shorter_scores, shorter_fours = line_tables(length - 1)
    window_scores, window_fours = window_tables()
    scores = [shorter_scores[code // 3] + window_scores[code % 81] for code in range(3 ** length)]
    fours = [shorter_fours[code // 3] or window_fours[code % 81] for code in range(3 ** length)]
    return scores, fours


@lru_cache(maxsize=None)
def window_tables() -> tuple[list[int], list[bool]]:
    """For a window of four cells, by its base-3 code: its score from the first player's view (w[the first
    player's discs] if the second has none, − w[the second's] if the first has none) and whether it is four in a
    row."""
    scores, fours = [], []
    for digits in product(range(3), repeat=4):  # the order of the digits does not matter to a window
        first, second = digits.count(1), digits.count(2)
        scores.append((0 if second else WEIGHTS[first]) - (0 if first else WEIGHTS[second]))
        fours.append(first == 4 or second == 4)
    return scores, fours


@lru_cache(maxsize=None)
def drop_tables(length: int, position: int, digit: int) -> list[int]:
    """For a disc (``digit`` 1: the first player's, 2: the second's) dropped on cell ``position`` of a line of
    ``length`` cells, by the line's code before it: what the disc gains its own side in the line's windows score
    (the change seen by the player who drops it; codes whose cell is taken never occur: 0)."""
    scores, _ = line_tables(length)
    step = 3 ** position
    gains = [0] * 3 ** length
    for low in range(0, 3 ** length, 3 * step):  # the codes from low to low + step have the cell empty
        empty, dropped = scores[low:low + step], scores[low + digit * step:low + (digit + 1) * step]
        gains[low:low + step] = map(operator.sub, *((dropped, empty) if digit == 1 else (empty, dropped)))
    return gains


def four_gain() -> int:
    """The least a move gains its side when it completes four in a row, and more than any other move gains: the
    four's own window goes from w[3] to w[4], and no window gains a disc more than w[3] (a window of three becomes
    one of the opponent's, worth nothing, or an empty window one of ours, w[1]); at most 16 windows hold a cell
    (four in each of the four directions)."""
    most_otherwise = 16 * max(max(WEIGHTS[k + 1] - WEIGHTS[k] for k in range(3)), max(WEIGHTS[:4]))
    gain = WEIGHTS[4] - WEIGHTS[3]
    assert gain > most_otherwise, "the windows' weights no longer tell a four by its gain"
    return gain


FOUR_GAIN = four_gain()


class Geometry:
    """Bit masks and line tables for one board size, made once."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows, self.height = cols, rows, rows + 1
        h = self.height
        self.bottom = [1 << (c * h) for c in range(cols)]
        self.column = [((1 << rows) - 1) << (c * h) for c in range(cols)]
        self.top = [1 << (c * h + rows - 1) for c in range(cols)]
        # by move (the column's number, 1-based, as moves are): its bottom cell and its cells
        self.bottom_of_move, self.column_of_move = [0, *self.bottom], [0, *self.column]
        self.board = sum(self.column)
        # The legal moves by the set of full columns (their top cells): listing moves is one look-up.
        self.moves_when_full = {}
        for full in range(1 << cols):
            top_cells = sum(self.top[c] for c in range(cols) if full >> c & 1)
            self.moves_when_full[top_cells] = tuple(c + 1 for c in range(cols) if not full >> c & 1)
        self.top_row = sum(self.top)
        self.cells = cols * rows
        # (shift, cells where a window in that direction starts), for the bit-parallel four-in-a-row test
        self.directions = []
        for dc, dr in DIRECTIONS:
            starts = 0
            for c in range(cols):
                for r in range(rows):
                    if 0 <= c + 3 * dc < cols and 0 <= r + 3 * dr < rows:
                        starts |= 1 << (c * h + r)
            self.directions.append((dc * h + dr, starts))
        self.windows = sum(starts.bit_count() for _, starts in self.directions)
        self._make_lines()

    def _make_lines(self) -> None:
        """Every line of at least four cells gets a place in a position's list of line codes; each cell lists its
        lines."""
        cols, rows, h = self.cols, self.rows, self.height
        lines = []
        for dc, dr in DIRECTIONS:
            for c in range(cols):
                for r in range(rows):
                    if 0 <= c - dc < cols and 0 <= r - dr < rows:
                        continue  # not the first cell of its line
                    cells, cc, rr = [], c, r
                    while 0 <= cc < cols and 0 <= rr < rows:
                        cells.append((cc, rr))
                        cc, rr = cc + dc, rr + dr
                    if len(cells) >= 4:
                        lines.append(cells)
        self.lines = lines
        self.line_tables = [line_tables(len(cells)) for cells in lines]  # (scores, fours) per line
        # per player and disc (a bitboard's bit): (line, gains, step) for each line through the cell: the gains
        # from drop_tables, and what the disc adds to the line's code
        self.drops = ({}, {})
        for line, cells in enumerate(lines):
            for position, (c, r) in enumerate(cells):
                for side in (FIRST, SECOND):
                    drop = (line, drop_tables(len(cells), position, side + 1), (side + 1) * 3 ** position)
                    self.drops[side][1 << (c * h + r)] = self.drops[side].get(1 << (c * h + r), ()) + (drop,)

    def codes_of(self, first: int, second: int) -> list[int]:
        """The line codes of a board, from its two bitboards."""
        codes = [0] * len(self.lines)
        for side, bits in enumerate((first, second)):
            while bits:  # each disc, lowest bit first
                disc = bits & -bits
                for line, _, step in self.drops[side][disc]:
                    codes[line] += step
                bits ^= disc
        return codes

    def read_codes(self, codes: list[int]) -> tuple[int, bool]:
        """The windows score (the first player's view) and whether there is four in a row, read from line codes."""
        score, four = 0, False
        for code, (scores, fours) in zip(codes, self.line_tables):
            score += scores[code]
            four = four or fours[code]
        return score, four

    def cell(self, col: int, row: int) -> int:
        return 1 << (col * self.height + row)


@lru_cache(maxsize=None)
def geometry(cols: int, rows: int) -> Geometry:
    return Geometry(cols, rows)


def has_four(bits: int, geo: Geometry) -> bool:
    """Four in a row anywhere: pairs of pairs along each direction (independent of the line tables)."""
    for shift, _ in geo.directions:
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def clear_caches() -> None:
    """Nothing to forget: positions keep no cache between searches (the line tables are fixed rules data)."""


class Context:
    """What a position shares with every position it leads to: the board's geometry and the side MAX plays, and
    below a search's root (:meth:`Connect4.rooted`) the positions the search has made, by board (``positions``),
    the root's disc count, and, when game ends are scored by their distance from the root (quicker wins), that
    count again as ``origin``. ``plain``: the same geometry and side with none of a search's (a playout's end
    position has it)."""

    __slots__ = ("geo", "max_side", "positions", "root_count", "origin", "plain")

    def __init__(self, geo: Geometry, max_side: int, positions: dict | None = None, root_count: int = 0):
        self.geo, self.max_side, self.positions, self.root_count = geo, max_side, positions, root_count
        self.origin = None
        self.plain = self if positions is None else Context(geo, max_side)


class SearchPositions:
    """Held by a search's root alone (:meth:`Connect4.rooted`): when the root is freed, its table of positions is
    emptied. The positions hold the table through their context, and the table holds them: a cycle that, left
    alone, only the garbage collector would free, after walking every position of the search."""

    __slots__ = ("positions",)

    def __init__(self, positions: dict):
        self.positions = positions

    def __del__(self):
        self.positions.clear()


class Connect4State:
    """A Connect Four position seen from one side: MAX is ``max_side`` (0: the first player, 1: the second).

    ``first`` and ``second`` are the bitboards (kept as ``first`` and ``both``, the discs of either side: a move
    adds its disc to ``both`` and, the first player's, to ``first``); ``history`` the columns played; ``score``
    the windows evaluation from MAX's view, kept up to date move by move; ``context`` what it shares with its
    relatives (:class:`Context`).

    Below a search's root (:meth:`Connect4.rooted`) positions are shared: a position reached again by another
    move order (a transposition: columns 4 3 5, or 5 3 4) is the same object while it stays in the table (at most
    ``SHARED_POSITIONS``), so its moves and children are worked out once. Its ``history`` is the order that made it
    (first, or since it left the table), and its board marks no last disc (which disc came last depends on the way
    in); a diagram marks the disc that differs from the parent's board.
    """

    __slots__ = ("first", "both", "count", "player", "history", "score", "_codes", "_drops", "_terminal",
                 "_moves", "context", "_keeper")  # (_keeper: a search's root alone, see Connect4.rooted)
    name = ""
    explicit = False
    # MCTS's --rollout eval turns the windows score v into a reward 1 / (1 + e^(−v / eval_scale)): 16, one open
    # three (a window of three discs and an empty cell, w[3]) more than the opponent, is a clear advantage and
    # maps to 0.73. (Over random positions a quarter of the scores are beyond ±18.)
    eval_scale = 16

    @property
    def value_grain(self):
        """The finest difference between two of its values, for MTD(f)'s null window (β − grain, β): whole numbers;
        below a quicker-wins root, where a game end scores (1 − k/1000) of its value, thousandths."""
        return Fraction(1, DISTANCE) if self.context.origin is not None else 1

    @property
    def geo(self) -> Geometry:
        return self.context.geo

    @property
    def max_side(self) -> int:
        return self.context.max_side

    @property
    def origin(self) -> int | None:
        """The root's disc count when game ends are scored by their distance from it, else ``None``."""
        return self.context.origin

    def __init__(self, first: int, second: int, geo: Geometry, max_side: int = FIRST, history: str = ""):
        """A position from its bitboards; line codes, score and end test are worked out from scratch."""
        codes = geo.codes_of(first, second)
        score, four = geo.read_codes(codes)
        count = (first | second).bit_count()
        score = score if max_side == FIRST else -score
        self._set(first, second, count, Context(geo, max_side), history, codes, score, four or count == geo.cells)

    def _worked_out(self) -> None:
        """The position's own line codes and its windows score, made if it has them not yet. A playout's end
        position is made without them (MCTS reads only its fours): they are worked out from the bitboards."""
        if self._codes is None:
            self._codes = self.geo.codes_of(self.first, self.second)
            score = self.geo.read_codes(self._codes)[0]
            self.score = score if self.max_side == FIRST else -score
        elif self._drops is not None:
            self._own_codes()

    def _own_codes(self) -> list[int]:
        """The position's line codes, made from its parent's (``_codes`` until then) and its disc's lines
        (``_drops``) when it is first asked for a child: a leaf of a search never is, and never makes them."""
        codes = self._codes.copy()
        for line, _, step in self._drops:
            codes[line] += step
        self._codes, self._drops = codes, None
        return codes

    def _set(self, first, second, count, context, history, codes, score, terminal):
        # (child() sets these same fields itself, the hot path: a field added here is added there)
        self.first, self.both, self.count, self.context = first, first | second, count, context
        self.history, self._codes, self._drops, self.score = history, codes, None, score
        self.player = MAX if count % 2 == context.max_side else MIN
        self._terminal = terminal
        self._moves = None

    @property
    def transposable(self) -> bool:
        """Made in a search below its root, so it may be reached by other move orders (see the class)."""
        return self.context.positions is not None and self.count > self.context.root_count

    @property
    def second(self) -> int:
        """The second player's bitboard."""
        return self.both ^ self.first

    @property
    def side(self) -> int:
        """0 when the first player is to move, 1 for the second."""
        return self.count % 2

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        if self._moves is None:
            geo = self.context.geo
            self._moves = () if self._terminal else geo.moves_when_full[self.both & geo.top_row]
        return self._moves

    def child(self, move):
        context, first, both = self.context, self.first, self.both
        geo = context.geo
        disc = (both + geo.bottom_of_move[move]) & geo.column_of_move[move]  # the cell above the column's discs
        both |= disc
        mover = self.count % 2
        if mover == FIRST:
            first |= disc
        positions = context.positions
        if positions is not None:
            board = both + first  # one number per board (in each column, the discs' bits plus the first player's)
            known = positions.get(board)
            if known is not None:  # a transposition: made already
                return known
        codes = self._codes if self._drops is None else self._own_codes()  # (a playout's end has no children)
        gain, drops = 0, geo.drops[mover][disc]
        for line, gains, _ in drops:  # the lines through the disc
            gain += gains[codes[line]]
        # _set's fields, set here: skip __init__'s work from scratch (the update is done) and a call a child
        child = Connect4State.__new__(Connect4State)
        child.count = count = self.count + 1
        child.first, child.both, child.context = first, both, context
        child._codes, child._drops = codes, drops  # its own codes made when it is asked for a child
        child.history = self.history + COLUMN_NAMES[move]
        if self.player is MAX:
            child.score, child.player = self.score + gain, MIN
        else:
            child.score, child.player = self.score - gain, MAX
        child._terminal, child._moves = gain >= FOUR_GAIN or count == geo.cells, None  # (see the module)
        if positions is not None:
            if len(positions) >= SHARED_POSITIONS:  # bounded memory: start again, keeping the search's recent ones
                positions.clear()
            positions[board] = child
        return child

    def random_playout(self, rng) -> tuple[list[int], "Connect4State"]:
        """MCTS's random playout, over the two bitboards alone: at each position the column
        ``choices[rng.randrange(len(choices))]``, ``choices`` being :meth:`moves` there, exactly as the search's own
        loop draws it (so the same seed gives the same trace), until four in a row or a full board. Only the end
        position is made as a state. Returns the columns played and that position."""
        context = self.context
        geo = context.geo
        moves_when_full, top_row, bottom, column = geo.moves_when_full, geo.top_row, geo.bottom, geo.column
        (up, _), (across, _), (rising, _), (falling, _) = geo.directions
        up2, across2, rising2, falling2 = 2 * up, 2 * across, 2 * rising, 2 * falling
        getrandbits, cells = rng.getrandbits, geo.cells
        first, second = self.first, self.both ^ self.first
        mover, other = (first, second) if self.count % 2 == FIRST else (second, first)
        count, played, over = self.count, [], self._terminal
        while not over:
            both = mover | other
            choices = moves_when_full[both & top_row]  # what moves() gives there
            # rng.randrange(n) as CPython draws it (Random._randbelow_with_getrandbits): the same numbers, without
            # its two calls a move (tests/games/test_playouts.py checks the draws against randrange's)
            n = len(choices)
            bits = n.bit_length()
            drawn = getrandbits(bits)
            while drawn >= n:
                drawn = getrandbits(bits)
            move = choices[drawn]
            played.append(move)
            mover |= (both + bottom[move - 1]) & column[move - 1]  # the disc drops onto the column's top
            count += 1
            # has_four(mover), unrolled: a pair of pairs (p) along a direction is four in a row
            over = ((p := mover & mover >> up) & p >> up2 or (p := mover & mover >> across) & p >> across2
                    or (p := mover & mover >> rising) & p >> rising2 or (p := mover & mover >> falling) & p >> falling2
                    or count == cells)
            mover, other = other, mover  # the other side moves next
        if not played:
            return played, self
        first, second = (mover, other) if count % 2 == FIRST else (other, mover)
        end = Connect4State.__new__(Connect4State)  # its line codes and score worked out when asked (_worked_out)
        history = self.history + "".join(map(COLUMN_NAMES.__getitem__, played))
        end._set(first, second, count, context.plain, history, None, None, True)
        return played, end

    def result(self) -> float:
        """MAX's reward at the end of the game: 1 when MAX has four in a row, 0 when MIN has, ½ for a full board.
        Read from the fours themselves: the windows score's sign is right in every game we have played, but
        nothing bounds the loser's windows below the winner's 1000 (a 9 × 10 board has 207 windows)."""
        context, first, second = self.context, self.first, self.both ^ self.first
        mine, theirs = (first, second) if context.max_side == FIRST else (second, first)
        return 1.0 if has_four(mine, context.geo) else 0.0 if has_four(theirs, context.geo) else 0.5

    def key(self) -> int:
        """The position as one number, for transposition tables: both bitboards (the side to move is their count's
        parity)."""
        geo = self.context.geo
        return self.first << (geo.cols * geo.height) | (self.both ^ self.first)

    def is_terminal(self):
        return self._terminal

    def evaluate(self):
        if self.score is None:
            self._worked_out()
        return self.score

    def utility(self):
        """The windows score, as :meth:`evaluate` (four in a row is worth 1000), by less the further below a
        quicker-wins root."""
        value, origin = self.evaluate(), self.context.origin
        return value if origin is None else quicker(value, self.count - origin)

    fixed_move_names = True  # a move's name never depends on the position (a trace names playouts faster)

    def move_name(self, move):
        return COLUMN_NAMES[move]

    def board(self):
        marked, geo = (), self.context.geo
        if self.history and not self.transposable:  # (see the class)
            col = int(self.history[-1]) - 1
            discs = self.both & geo.column[col]
            marked = ((geo.rows - discs.bit_count(), col),)  # (row from the top, column) of the last disc
        return Board(self.rows(), GLYPHS, marked, files=COLUMN_NAMES[1:geo.cols + 1])

    # ---- readable twins --------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        """Top row first: X for the first player's discs, O for the second's."""
        geo, first, second = self.context.geo, self.first, self.second
        rows = []
        for r in reversed(range(geo.rows)):
            rows.append("".join("X" if first & geo.cell(c, r) else "O" if second & geo.cell(c, r) else "."
                                for c in range(geo.cols)))
        return rows

    def __repr__(self):
        return f"Connect4State({self.history!r})"

    def __eq__(self, other):
        return (isinstance(other, Connect4State) and (self.first, self.second, self.geo, self.max_side, self.origin)
                == (other.first, other.second, other.geo, other.max_side, other.origin))

    def __hash__(self):
        return hash((self.first, self.second, self.geo.cols, self.geo.rows, self.max_side))


class Connect4:
    """The rules and notation of Connect Four (see the module docstring)."""

    name = "connect4"
    move_word = "column"  # captions say "column 4"
    sides = ("● first", "○ second")
    default_depth = 4

    def __init__(self, cols: int = 7, rows: int = 6):
        why_cols = " (one digit per move in the notation)"
        for option, value, low, high, why in (("cols", cols, MIN_COLS, MAX_COLS, why_cols),
                                              ("rows", rows, MIN_ROWS, MAX_ROWS, "")):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise GameError(f"connect4: --{option} must be {low} to {high}{why}, got {value!r}")
        self.geo = geometry(cols, rows)

    @staticmethod
    def clear_caches() -> None:
        """Nothing is cached between searches; here for tracer's game interface."""
        clear_caches()

    @staticmethod
    def longest_game(state: Connect4State) -> int:
        """The most moves a game can still last: one per empty cell."""
        return state.geo.cols * state.geo.rows - state.count

    def start(self) -> Connect4State:
        return Connect4State(0, 0, self.geo, FIRST)

    def position(self, text: str) -> Connect4State:
        text = str(text).strip()
        state = self.start()
        for index, char in enumerate(text, 1):
            if not (char.isascii() and char.isdigit() and 1 <= int(char) <= self.geo.cols):
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
        if not (cleaned.isascii() and cleaned.isdigit() and 1 <= int(cleaned) <= self.geo.cols):
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
        state._worked_out()
        rooted = Connect4State.__new__(Connect4State)
        # the search's positions, shared between the move orders that reach them
        context = Context(state.geo, state.side, {}, state.count)
        score = state.score if state.max_side == state.side else -state.score  # the mover's view
        rooted._set(state.first, state.second, state.count, context, state.history, state._codes, score,
                    state._terminal)
        rooted._keeper = SearchPositions(context.positions)  # (the positions are freed with the root)
        return rooted

    def rooted_quicker(self, state: Connect4State) -> Connect4State:
        """:meth:`rooted`, with game ends scored by their distance from it (:func:`tracer.model.state.quicker`)."""
        rooted = self.rooted(state)
        rooted.context.origin = state.count
        return rooted

    def text(self, state: Connect4State) -> str:
        symbols = {"X": "●", "O": "○", ".": "·"}
        lines = [" " + " ".join(symbols[ch] for ch in row) for row in state.rows()]
        lines.append(" " + " ".join(str(c + 1) for c in range(self.geo.cols)))
        return "\n".join(lines)
