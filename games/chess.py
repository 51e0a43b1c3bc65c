"""Chess, through python-chess (the optional extra ``tracer[chess]``; python-chess is GPL-3.0+, so it is never
bundled and tracer stays MIT): positions from FEN or EPD, moves named in SAN, boards drawn as chess diagrams.

A position is a FEN (``6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1``) or an EPD line, whose operations (``bm Ra8#;``) are
read and ignored; the start is the initial position. Children come captures first (the most valuable victim
first, then the least valuable attacker), then the other moves in python-chess's order.

Evaluation ("material and mobility", after Shannon 1949, "Programming a computer for playing chess"): in
centipawns from MAX's view, 100 a pawn, 300 a knight or a bishop, 500 a rook, 900 a queen, plus 10 (Shannon's 0.1
pawn a move) for each square its pieces attack, not held by its own pieces, more than the other side's.
A checkmate k plies below the search's root scores ±(100000 − k): above any material score, a quicker mate
better (and a slower loss less bad); stalemate, insufficient material and the 75-move rule are draws, 0.
Repetitions are not looked for (the searches here are a few plies deep).

Quiescence search (``--quiescence``) reads the noisy moves from :meth:`ChessState.noisy_moves`: captures and
promotions.
"""

from __future__ import annotations

from tracer.errors import GameError, IllegalMoveError
from tracer.model.state import Board, Player

try:
    import chess
    import chess.polyglot
except ImportError:  # the optional extra is not installed: Chess() says how to install it
    chess = None

INSTALL = "--game chess needs python-chess (GPL-3.0+, not bundled): pip install 'tracer[chess]'"
MATE = 100_000  # a checkmate at the root's children scores MATE − 1; material never comes near it
PIECE_VALUES = {1: 100, 2: 300, 3: 300, 4: 500, 5: 900, 6: 0}  # pawn, knight, bishop, rook, queen, king
MOBILITY = 10  # centipawns per square attacked more than the opponent (Shannon: 0.1 pawn a move)
# the pieces as chess diagrams draw them (Unicode's chess symbols): White's outlined, Black's solid
GLYPHS = {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘", "P": "♙",
          "k": "♚", "q": "♛", "r": "♜", "b": "♝", "n": "♞", "p": "♟", ".": ""}
FILES, RANKS = "abcdefgh", "87654321"
DARK_SQUARES = tuple((r, c) for r in range(8) for c in range(8) if (r + c) % 2 == 1)  # a1 is dark, h1 light


class ChessState:
    """A chess position seen from one side: MAX is ``max_colour`` (``chess.WHITE`` or ``chess.BLACK``); ``origin``
    is the root's ply, from which mates are counted. ``position`` is the python-chess board, never changed once made."""

    __slots__ = ("position", "max_colour", "origin", "last_move", "player", "_moves", "_terminal")
    name = ""
    explicit = False
    value_grain = 1  # centipawns and mate scores are whole numbers

    def __init__(self, position, max_colour, origin: int, last_move=None):
        self.position, self.max_colour, self.origin, self.last_move = position, max_colour, origin, last_move
        self.player = Player.MAX if position.turn == max_colour else Player.MIN
        self._moves = None
        self._terminal = None

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        """The legal moves, captures first (most valuable victim, then least valuable attacker), then the rest."""
        if self._moves is None:
            if self._drawn():
                self._moves = ()
            else:
                self._moves = tuple(sorted(self.position.generate_legal_moves(), key=self._capture_order))
        return self._moves

    def _drawn(self) -> bool:
        """A draw with moves left: insufficient material, or 75 moves by each side without a capture or a pawn move."""
        return self.position.halfmove_clock >= 150 or self.position.is_insufficient_material()

    def _capture_order(self, move) -> tuple[int, int]:
        if not self.position.is_capture(move):
            return (1, 0)
        victim = self.position.piece_type_at(move.to_square) or chess.PAWN  # en passant takes a pawn
        attacker = self.position.piece_type_at(move.from_square)
        return (0, -10 * PIECE_VALUES[victim] + PIECE_VALUES[attacker])

    def noisy_moves(self):
        """The moves quiescence search follows past the depth limit: captures and promotions."""
        return tuple(m for m in self.moves() if m.promotion or self.position.is_capture(m))

    def child(self, move):
        position = self.position.copy(stack=False)
        position.push(move)
        return ChessState(position, self.max_colour, self.origin, move)

    def is_terminal(self):
        if self._terminal is None:  # most positions are leaves a search asks only this: one legal move will do
            self._terminal = (not self._moves if self._moves is not None
                              else self._drawn() or not any(self.position.generate_legal_moves()))
        return self._terminal

    def utility(self):
        """A checkmate ±(MATE − plies below the root), MAX's view; any other end of the game is a draw, 0."""
        if not self.position.is_checkmate():
            return 0
        plies = self.position.ply() - self.origin
        return -(MATE - plies) if self.player is Player.MAX else MATE - plies

    def evaluate(self):
        """Material and mobility in centipawns, MAX's view (see the module's text)."""
        board = self.position
        material = 0
        for piece_type, value in PIECE_VALUES.items():
            material += value * (len(board.pieces(piece_type, chess.WHITE)) - len(board.pieces(piece_type, chess.BLACK)))
        mobility = _mobility(board, chess.WHITE) - _mobility(board, chess.BLACK)
        white = material + MOBILITY * mobility
        return white if self.max_colour == chess.WHITE else -white

    def move_name(self, move):
        return self.position.san(move)

    def key(self) -> int:
        """The position's Zobrist hash (Polyglot's), for transposition tables."""
        return chess.polyglot.zobrist_hash(self.position)

    def board(self) -> Board:
        """The position as a chess diagram: White at the bottom, dark squares shaded, the last move's squares
        marked."""
        rows = []
        for rank in range(7, -1, -1):
            rows.append("".join((piece.symbol() if (piece := self.position.piece_at(chess.square(f, rank))) else ".")
                                for f in range(8)))
        marked = ()
        if self.last_move is not None:
            squares = (self.last_move.from_square, self.last_move.to_square)
            marked = tuple((7 - chess.square_rank(sq), chess.square_file(sq)) for sq in squares)
        return Board(rows, GLYPHS, marked, files=FILES, ranks=RANKS, shaded=DARK_SQUARES)

    def __repr__(self):
        return f"ChessState({self.position.fen()!r})"

    def __eq__(self, other):
        return (isinstance(other, ChessState) and self.max_colour == other.max_colour and self.origin == other.origin
                and self.position.fen() == other.position.fen())

    def __hash__(self):
        return hash((self.position.fen(), self.max_colour, self.origin))


def _mobility(board, colour) -> int:
    """The squares ``colour``'s pieces attack that its own pieces do not hold: its moves, but for pawns' pushes and
    castling (counted whoever is to move, from the attack tables, which is much quicker than listing moves)."""
    own = board.occupied_co[colour]
    return sum((board.attacks_mask(square) & ~own).bit_count() for square in chess.scan_forward(own))


class Chess:
    """The rules and notation of chess (see the module docstring): FEN or EPD positions, SAN moves."""

    name = "chess"
    sides = ("White", "Black")
    default_depth = 3

    def __init__(self):
        if chess is None:
            raise GameError(INSTALL)

    def start(self) -> ChessState:
        return self.rooted(ChessState(chess.Board(), chess.WHITE, 0))

    def position(self, text: str) -> ChessState:
        """A position from a FEN (six fields) or an EPD line (four fields, then operations such as ``bm Qg6#;``)."""
        text = " ".join(str(text).split())
        if not text:
            raise GameError("chess position: expected a FEN or an EPD line, got nothing")
        try:
            board = chess.Board(text)
        except ValueError as fen_error:
            board = chess.Board()
            try:
                board.set_epd(text)
            except ValueError:
                raise GameError(f"chess position {text[:80]!r}: not a FEN or an EPD line ({fen_error})") from None
        if not board.is_valid():
            status = board.status()
            problems = ", ".join(flag.name.lower().replace("_", " ") for flag in chess.Status if flag and flag in status)
            raise GameError(f"chess position {text[:80]!r}: not a legal position ({problems})")
        return self.rooted(ChessState(board, board.turn, board.ply()))

    def notation(self, state: ChessState) -> str:
        return state.position.fen()

    def parse_move(self, state: ChessState, text: str):
        """A legal move in SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``) or UCI (``g1f3``)."""
        legal = ", ".join(state.move_name(m) for m in state.moves())
        cleaned = str(text).strip()
        if state.is_terminal():
            raise IllegalMoveError("the game is over")
        try:
            move = state.position.parse_san(cleaned)
        except ValueError:
            try:
                move = chess.Move.from_uci(cleaned)
            except ValueError:
                move = None
        if move not in state.moves():
            raise IllegalMoveError(f"{cleaned!r} is not a legal move here (legal now: {legal})")
        return move

    def to_move(self, state: ChessState) -> int:
        return 0 if state.position.turn == chess.WHITE else 1

    def winner(self, state: ChessState) -> int | None:
        if state.position.is_checkmate():
            return 1 if state.position.turn == chess.WHITE else 0  # the side to move is mated
        return None

    def rooted(self, state: ChessState) -> ChessState:
        """The position with MAX the side to move, mates counted from here."""
        return ChessState(state.position, state.position.turn, state.position.ply(), state.last_move)

    def rooted_quicker(self, state: ChessState) -> ChessState:
        """:meth:`rooted`: chess's mate scores already prefer quicker mates (see the module's text)."""
        return self.rooted(state)

    def text(self, state: ChessState) -> str:
        lines = [f"{rank} " + " ".join(GLYPHS[ch] or "·" for ch in row)
                 for rank, row in zip(RANKS, state.board().rows)]
        lines.append("  " + " ".join(FILES))
        return "\n".join(lines)
