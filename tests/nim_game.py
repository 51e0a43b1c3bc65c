"""A tiny Nim written against tracer's game interface, as a user's own game would be (``--game nim_game:Nim``)."""

from __future__ import annotations

from tracer import Board, IllegalMoveError, Player


class NimState:
    """Take 1 or 2 from a heap; whoever takes the last counter wins. Positions with heap % 3 == 0 are lost."""

    __slots__ = ("heap", "side", "max_side")
    value_grain = 1  # its values are whole numbers: MTD(f)'s and SSS*'s null windows are (β − 1, β)

    def __init__(self, heap, side=0, max_side=0):
        self.heap, self.side, self.max_side = heap, side, max_side

    @property
    def player(self):
        return Player.MAX if self.side == self.max_side else Player.MIN

    def moves(self):
        return [take for take in (1, 2) if take <= self.heap]

    def child(self, take):
        return NimState(self.heap - take, 1 - self.side, self.max_side)

    def is_terminal(self):
        return self.heap == 0

    def utility(self):
        return -1 if self.player is Player.MAX else 1  # the player to move has no counter left: lost

    def evaluate(self):
        return 0

    def move_name(self, take):
        return str(take)

    def board(self):
        return Board(["●" * self.heap or "."])


class Nim:
    name = "nim"
    sides = ("First", "Second")
    default_depth = None

    def start(self):
        return NimState(7)

    def position(self, text):
        return NimState(int(text))

    def notation(self, state):
        return str(state.heap)

    def parse_move(self, state, text):
        text = text.strip()
        if text not in ("1", "2") or int(text) > state.heap:
            legal = ", ".join(state.move_name(m) for m in state.moves())
            raise IllegalMoveError(f"{text!r} is not a legal move here (legal: {legal})")
        return int(text)

    def to_move(self, state):
        return state.side

    def winner(self, state):
        return 1 - state.side

    def rooted(self, state):
        return NimState(state.heap, state.side, state.side)

    def text(self, state):
        return f"heap {state.heap}"
