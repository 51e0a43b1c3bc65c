"""One game between two players, from a position to its end, turn by turn."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from ..errors import GameError
from ..model.state import Player
from ..numbers import format_number
from .players import Choice, TakeBack


@dataclass
class Turn:
    side: int  # 0: the side that moves first in the game, 1: the other
    move: str
    choice: Choice


@dataclass
class GameRecord:
    """One finished game: who won (0 first mover, 1 second, None draw) and every turn in order."""

    winner: int | None
    turns: list[Turn] = field(default_factory=list)


def play_game(game, players, state=None, say: Callable[[str], None] | None = None,
              max_moves: int = 10_000, rng: random.Random | None = None) -> GameRecord:
    """Play from ``state`` (default: the start) until the game ends. ``players[i]`` moves for side ``i``; where
    chance moves (a die), ``rng`` draws the outcome by its probability (it is no player's turn or record)."""
    state = game.start() if state is None else state
    rng = rng or random.Random()
    record = GameRecord(None)
    history = []  # the position before each turn, for taking moves back
    if say:
        say(game.text(state))
    for _ in range(max_moves):
        if state.is_terminal():
            break
        if state.player is Player.CHANCE:
            outcomes = list(state.moves())
            outcome = rng.choices(outcomes, weights=[state.probability(move) for move in outcomes])[0]
            if say:
                say(f"chance: {state.move_name(outcome)}")
            state = state.child(outcome)
            continue
        side = game.to_move(state)
        try:
            choice = players[side].choose(game, state)
        except TakeBack:
            # back to this side's previous turn: its own last move and every reply since
            mine = [i for i, turn in enumerate(record.turns) if turn.side == side]
            if not mine:
                if say:
                    say("  nothing to take back yet")
                continue
            state = history[mine[-1]]
            del record.turns[mine[-1]:], history[mine[-1]:]
            if say:
                say("  taken back:")
                say(game.text(state))
            continue
        name = state.move_name(choice.move)
        history.append(state)
        record.turns.append(Turn(side, name, choice))
        if say:
            line = f"{game.sides[side]} ({players[side].name}) plays {name}"
            if choice.value is not None:
                iterations = "" if choice.iterations is None else f"{choice.iterations:,} iterations, "
                line += (f": value {format_number(choice.value)}, {choice.nodes:,} nodes, {iterations}"
                         f"{choice.seconds:.3f} s")
            say(line)
        state = state.child(choice.move)
        if say:
            say(game.text(state))
    else:
        raise GameError(f"the game did not end within {max_moves:,} moves")
    record.winner = game.winner(state)
    return record
