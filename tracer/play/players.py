"""Players: each chooses a move in a position. Search players (every algorithm in the registry) search from the
position with the side to move as MAX; ``greedy`` looks one move ahead with the game's evaluation; ``random``
picks uniformly (seeded); ``human`` asks at the terminal and asks again, with the legal moves, after a bad move,
and also takes ``quit``, ``undo`` and ``hint`` (the search's value of every legal move).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import IllegalMoveError, UsageError
from ..run import deep_recursion, trace_search
from ..search.ordering import ordered
from ..search.registry import ALGORITHMS, DEFAULT_ALGORITHM, chance_search
from ..search.tracers import NODES_VISITED, CountingTracer
from ..text import format_number

PLAYER_KINDS = ("human", *ALGORITHMS, "random", "greedy")


class EndOfInput(UsageError):
    """The person at the terminal closed the input (Ctrl-D) or typed ``quit`` before the game ended."""


class TakeBack(Exception):
    """The person at the terminal asked to take their last move back (``undo``)."""


COMMANDS = "quit, undo, hint"


@dataclass
class Choice:
    """A move and what it cost to find it."""

    move: Any
    value: float | None = None  # in the mover's terms
    nodes: int = 0
    seconds: float = 0.0
    trace: Any = None


DISTANCE = 1_000  # a game's end k plies ahead scores (1 − k/DISTANCE) of its value


class QuickerWins:
    """A position whose game ends are worth less the further away they are: a win k plies ahead scores
    ``u · (1 − k/1000)``, so of two wins the quicker scores more, and of two losses the slower loses less (a draw
    stays 0). Everything else, evaluations at the depth limit included, is the wrapped position's."""

    __slots__ = ("inner", "ply")

    def __init__(self, inner, ply: int = 0):
        self.inner, self.ply = inner, ply

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def child(self, move):
        return QuickerWins(self.inner.child(move), self.ply + 1)

    def utility(self):
        return self.inner.utility() * (1 - min(self.ply, DISTANCE - 1) / DISTANCE)


class SearchPlayer:
    """Searches ``depth`` plies from the position, with the side to move as MAX. With ``keep_traces`` the one
    search it makes records its trace (and its time includes the recording). With ``quick_wins`` it prefers
    quicker wins and slower losses (:class:`QuickerWins`)."""

    def __init__(self, algorithm: str, depth: int | None, keep_traces: bool = False, order: str = "natural",
                 seed: int = 0, quick_wins: bool = False):
        self.quick_wins = quick_wins
        self.name = algorithm
        self.search = ALGORITHMS[algorithm]
        self.depth = depth
        self.keep_traces = keep_traces
        self.order, self.seed = order, seed
        self.title = None  # how a saved trace names the player's search (None: the algorithm's title)

    def choose(self, game, state) -> Choice:
        root = game.rooted(state)
        if self.quick_wins:
            root = QuickerWins(root)
        depth = float("inf") if self.depth is None else self.depth
        if self.keep_traces:
            notation = game.notation(state)
            meta = {"kind": "game", "game": game.name, "position": notation,
                    "title": f"{game.name} {notation or 'start position'}, {self.name} player"}
            start = time.perf_counter()
            trace = trace_search(root, self.search.name, depth=depth, meta=meta, order=self.order, seed=self.seed)
            if self.title:
                trace.title = self.title
            seconds = time.perf_counter() - start
            move = next(m for m in root.moves() if root.move_name(m) == trace.best_move)
            nodes = sum(NODES_VISITED in event.counted for event in trace.events)  # as the counting tracer counts
            return Choice(move, trace.value, nodes, seconds, trace)
        counter = CountingTracer()
        with deep_recursion():
            start = time.perf_counter()
            value, move = self.search.run(ordered(root, self.order, depth, self.seed), depth, counter)
            seconds = time.perf_counter() - start
        return Choice(move, value, counter.nodes_visited, seconds)


class GreedyPlayer(SearchPlayer):
    """Takes the move whose resulting position evaluates best: a one-ply search."""

    def __init__(self, keep_traces: bool = False, quick_wins: bool = False):
        super().__init__(DEFAULT_ALGORITHM, 1, keep_traces, quick_wins=quick_wins)
        self.name = "greedy"
        self.title = "Greedy: the best-evaluated move, one ply of alpha-beta"


class RandomPlayer:
    """Any legal move, uniformly, from its own seeded generator."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game, state) -> Choice:
        return Choice(self.rng.choice(list(state.moves())))


class HumanPlayer:
    """Reads moves at the terminal; a malformed or illegal move is explained and asked for again. ``quit`` (or the
    end of input) leaves the game, ``undo`` takes the last move back, ``hint`` shows what an alpha-beta search of
    ``hint_depth`` plies makes of each legal move."""

    name = "human"

    def __init__(self, read: Callable[[str], str] = input, say: Callable[[str], None] = print,
                 hint_depth: int | None = None, quick_wins: bool = False):
        self.read, self.say, self.hint_depth, self.quick_wins = read, say, hint_depth, quick_wins

    def choose(self, game, state) -> Choice:
        side = game.sides[game.to_move(state)]
        legal = ", ".join(state.move_name(move) for move in state.moves())
        while True:
            try:
                text = self.read(f"{side} to move: {legal} (or {COMMANDS}): ")
            except EOFError:
                raise EndOfInput("no more input: the game was left unfinished") from None
            word = text.strip().lower()
            if word in ("quit", "exit", "q"):
                raise EndOfInput("the game was left unfinished")
            if word == "undo":
                raise TakeBack()
            if word == "hint":
                self.say(hint(game, state, self.hint_depth, self.quick_wins))
                continue
            try:
                return Choice(game.parse_move(state, text))
            except IllegalMoveError as error:
                self.say(f"  {error}")


def hint(game, state, depth: int | None, quick_wins: bool = False) -> str:
    """Every legal move with its alpha-beta value for the side to move, best first (expectiminimax where chance
    moves)."""
    root = QuickerWins(game.rooted(state)) if quick_wins else game.rooted(state)
    search = chance_search() if getattr(root, "chance", False) is True else ALGORITHMS[DEFAULT_ALGORITHM]
    limit = float("inf") if depth is None else depth
    scored = []
    with deep_recursion():
        for move in root.moves():
            child = root.child(move)
            value = search.run(child, limit - 1)[0]  # MAX's terms: the side to move is MAX
            scored.append((value, root.move_name(move)))
    scored.sort(key=lambda pair: -pair[0])
    where = "to the end" if depth is None else f"{depth} plies"
    return (f"  hint ({search.title.lower()}, {where}): "
            + ", ".join(f"{name}: {format_number(value)}" for value, name in scored))


def make_player(kind: str, depth: int | None, rng: random.Random, keep_traces: bool = False,
                read: Callable[[str], str] = input, say: Callable[[str], None] = print, order: str = "natural",
                seed: int = 0, quick_wins: bool = False):
    """A player of ``kind``; search players search ``depth`` plies with children in ``order`` (preferring quicker
    wins with ``quick_wins``)."""
    if kind == "human":
        return HumanPlayer(read, say, hint_depth=depth, quick_wins=quick_wins)
    if kind == "random":
        return RandomPlayer(rng)
    if kind == "greedy":
        return GreedyPlayer(keep_traces, quick_wins)
    if kind in ALGORITHMS:
        return SearchPlayer(kind, depth, keep_traces, order, seed, quick_wins)
    raise UsageError(f"unknown player {kind!r} (choose from {', '.join(PLAYER_KINDS)})")
