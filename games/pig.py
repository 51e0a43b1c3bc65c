"""Pig, the dice game, to a low target: the shipped game with chance, for expectiminimax.

On a turn a player rolls a die as often as they like. A 1 loses the turn's total and ends the turn; 2 to 6 add to
it. Holding banks the turn's total and ends the turn. The first to bank the target (default 20) wins.

A position is whose turn it is, both banked scores, the turn's total, and whether the die is in the air. The player
to move chooses ``roll`` or ``hold`` (holding only once the turn has a total); after ``roll`` the die decides (a
chance node: faces 1 to 6, each with probability 1/6). The notation is the mover's score, the other's and the
turn's total, ``12-7+5``, with ``?`` when the die is in the air (``12-7+5?``). The game can go on for ever, so
searches are depth-limited (default 6 plies: three decisions and their rolls).

Evaluation, for leaves at the depth limit: MAX's banked score minus MIN's, with the turn's total counted for the
player whose turn it is; a won game is worth ±100.
"""

from __future__ import annotations

import re
from fractions import Fraction

from tracer.errors import GameError, IllegalMoveError
from tracer.model.state import DISTANCE, Player, quicker

WIN = 100
FACES = (1, 2, 3, 4, 5, 6)
ROLL, HOLD = "roll", "hold"
NOTATION = re.compile(r"^([0-9]+)-([0-9]+)(?:\+([0-9]+))?(\?)?$")


class PigState:
    """``scores[i]`` is side i's banked score; ``side`` whose turn it is; ``total`` the turn's total so far;
    ``rolling`` true while the die is in the air (then chance moves). MAX is ``max_side``. ``plies``: how far
    below a quicker-wins root (:meth:`Pig.rooted_quicker`; ``None`` for a plain search)."""

    __slots__ = ("scores", "side", "total", "rolling", "target", "max_side", "player", "plies")
    explicit = False
    chance = True  # positions of this game may be chance nodes: only expectiminimax searches it

    @property
    def value_grain(self):
        """The finest difference between two of its values, for MTD(f)'s null window (β − grain, β): whole numbers;
        below a quicker-wins root, where a game end scores (1 − k/1000) of its value, thousandths."""
        return Fraction(1, DISTANCE) if self.plies is not None else 1

    def __init__(self, scores: tuple[int, int], side: int, total: int, rolling: bool, target: int,
                 max_side: int = 0, plies: int | None = None):
        self.scores, self.side, self.total, self.rolling = scores, side, total, rolling
        self.target, self.max_side, self.plies = target, max_side, plies
        if rolling:
            self.player = Player.CHANCE
        else:
            self.player = Player.MAX if side == max_side else Player.MIN

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        if self.is_terminal():
            return ()
        if self.rolling:
            return FACES
        return (ROLL, HOLD) if self.total else (ROLL,)

    def probability(self, move) -> float:
        return 1 / len(FACES)

    def child(self, move):
        scores, side, total = self.scores, self.side, self.total
        plies = None if self.plies is None else self.plies + 1
        if move == ROLL:
            return PigState(scores, side, total, True, self.target, self.max_side, plies)
        if move == HOLD:
            banked = list(scores)
            banked[side] += total
            return PigState(tuple(banked), 1 - side, 0, False, self.target, self.max_side, plies)
        if move == 1:  # the turn's total is lost
            return PigState(scores, 1 - side, 0, False, self.target, self.max_side, plies)
        return PigState(scores, side, total + move, False, self.target, self.max_side, plies)

    def is_terminal(self):
        return max(self.scores) >= self.target

    def utility(self):
        value = WIN if self.scores[self.max_side] >= self.target else -WIN
        return value if self.plies is None else quicker(value, self.plies)

    def evaluate(self):
        if self.is_terminal():
            return WIN if self.scores[self.max_side] >= self.target else -WIN  # unscaled, quicker wins or not
        mine, theirs = self.scores[self.max_side], self.scores[1 - self.max_side]
        turn = self.total if self.side == self.max_side else -self.total
        return mine - theirs + turn

    @property
    def eval_scale(self) -> float:
        """For MCTS's ``--rollout eval``, which turns the evaluation v into a reward 1 / (1 + e^(−v / eval_scale)):
        a quarter of the target (5 in a race to 20, about one good turn's bank) is a clear lead and maps to 0.73.
        utility()'s sign is the result exactly (±100, no draws), so no ``result()``."""
        return self.target / 4

    @property
    def name(self) -> str:
        """The position, as diagrams label its node: ``12-7+5``."""
        return notation_of(self)

    fixed_move_names = True  # a move's name never depends on the position (a trace names playouts faster)

    def move_name(self, move):
        return move if isinstance(move, str) else str(move)

    def __eq__(self, other):
        return isinstance(other, PigState) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def _key(self):
        return self.scores, self.side, self.total, self.rolling, self.target, self.max_side, self.plies

    def __repr__(self):
        return f"PigState({notation_of(self)!r}, side={self.side})"


def notation_of(state: PigState) -> str:
    mover, other = state.scores[state.side], state.scores[1 - state.side]
    return f"{mover}-{other}" + (f"+{state.total}" if state.total else "") + ("?" if state.rolling else "")


class Pig:
    """The rules and notation of Pig (see the module docstring)."""

    name = "pig"
    move_word = "move"
    sides = ("first", "second")
    default_depth = 6

    def __init__(self, target: int = 20):
        if isinstance(target, bool) or not isinstance(target, int) or not 2 <= target <= 100:
            raise GameError(f"pig: the target must be 2 to 100, got {target!r}")
        self.target = target

    def start(self) -> PigState:
        return PigState((0, 0), 0, 0, False, self.target)

    @staticmethod
    def longest_game(state: PigState) -> None:
        """No bound: a roll of 1 ends a turn with nothing banked, so a game can go on for ever."""
        return None

    def position(self, text: str) -> PigState:
        """``12-7+5``: the mover has 12 banked and 5 this turn, the other 7 (``?``: the die is in the air)."""
        match = NOTATION.match(str(text).strip())
        if not match:
            raise GameError(f"pig position {text!r}: write the mover's score, the other's and the turn's total, "
                            "e.g. 12-7+5 (a ? after it: the die is in the air)")
        mover, other, total = int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)
        if max(mover, other) >= self.target and (total or match.group(4)):
            raise GameError(f"pig position {text!r}: the game is over (the target is {self.target}), so no turn "
                            "is going on")
        return self.rooted(PigState((mover, other), 0, total, bool(match.group(4)), self.target))

    def notation(self, state: PigState) -> str:
        return notation_of(state)

    def parse_move(self, state: PigState, text: str):
        legal = ", ".join(state.move_name(m) for m in state.moves())
        cleaned = str(text).strip().lower()
        if state.is_terminal():
            raise IllegalMoveError("the game is over")
        if state.rolling:
            raise IllegalMoveError("the die is rolling: chance moves now")
        if cleaned in ("r", ROLL):
            return ROLL
        if cleaned in ("h", HOLD) and HOLD in state.moves():
            return HOLD
        raise IllegalMoveError(f"{cleaned!r} is not a move here (legal now: {legal}; r and h will do)")

    def to_move(self, state: PigState) -> int:
        return state.side

    def winner(self, state: PigState) -> int | None:
        if not state.is_terminal():
            return None
        return 0 if state.scores[0] >= self.target else 1

    def rooted(self, state: PigState) -> PigState:
        return PigState(state.scores, state.side, state.total, state.rolling, state.target, state.side)

    def rooted_quicker(self, state: PigState) -> PigState:
        """:meth:`rooted`, with game ends scored by their distance from it (:func:`tracer.model.state.quicker`)."""
        return PigState(state.scores, state.side, state.total, state.rolling, state.target, state.side, 0)

    def text(self, state: PigState) -> str:
        first, second = state.scores
        turn = f", {self.sides[state.side]} has {state.total} this turn"
        air = " (the die is rolling)" if state.rolling else ""
        return f"  first {first}, second {second} (to {self.target}){turn}; {self.sides[state.side]} to move{air}"
