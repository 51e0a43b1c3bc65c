"""Players: each chooses a move in a position. Search players (every algorithm in the registry) search from the
position with the side to move as MAX (Monte Carlo tree search for a number of iterations or a time per move);
``greedy`` looks one move ahead with the game's evaluation; ``random`` picks uniformly (seeded); ``human`` asks at
the terminal and asks again, with the legal moves, after a bad move, and also takes ``quit``, ``undo`` and ``hint``
(the search's value of every legal move).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..errors import BudgetError, IllegalMoveError, UsageError
from ..model.state import DISTANCE, UNLIMITED, quicker
from ..records import replace
from ..run import deep_recursion, trace_search
from ..search.mcts import MAX_ITERATIONS
from ..search.ordering import ordered
from ..search.registry import ALGORITHMS, DEFAULT_ALGORITHM, chance_search
from ..search.settings import SETTINGS, phrase
from ..search.spec import as_spec
from ..search.tracers import NODES_VISITED, BudgetTracer, CountingTracer
from ..numbers import exact, format_number
from ..trace.events import IterationStarted

PLAYER_KINDS = ("human", *ALGORITHMS, "random", "greedy")
MAX_MOVE_SECONDS = 600  # a time per move longer than ten minutes is a typo, not an experiment


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
    iterations: int | None = None  # MCTS: the iterations it made (fewer than asked when its time ran out)


class QuickerWins:
    """A position whose game ends are worth less the further away they are (:func:`tracer.model.state.quicker`):
    a win k plies ahead scores ``u · (1 − k/1000)``. Everything else, evaluations at the depth limit included, is
    the wrapped position's. For games without ``rooted_quicker`` (see :func:`search_root`): it wraps every state
    the search makes."""

    __slots__ = ("inner", "ply")

    def __init__(self, inner, ply: int = 0):
        self.inner, self.ply = inner, ply

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def child(self, move):
        return QuickerWins(self.inner.child(move), self.ply + 1)

    def utility(self):
        return quicker(self.inner.utility(), self.ply)

    @property
    def value_grain(self):
        """The wrapped game's grain (MTD(f)'s null windows), a thousandth of it: game ends score (1 − k/1000) of
        their value, as the built-in games' own quicker-wins positions say too; ``None`` where the game declares
        none."""
        grain = getattr(self.inner, "value_grain", None)
        return None if grain is None else Fraction(exact(grain)) / DISTANCE


def search_root(game, state, quick_wins: bool = False):
    """Where a player's search starts: ``state`` with its side to move as MAX (``game.rooted``); with
    ``quick_wins``, game ends scored by their distance (:func:`tracer.model.state.quicker`) by the game's own
    states where the game offers ``rooted_quicker(state)``, else by a :class:`QuickerWins` around each state."""
    if not quick_wins:
        return game.rooted(state)
    native = getattr(game, "rooted_quicker", None)
    return native(state) if callable(native) else QuickerWins(game.rooted(state))


class SearchPlayer:
    """Searches ``depth`` plies from the position, with the side to move as MAX. With ``keep_traces`` the one
    search it makes records its trace (and its time includes the recording). With ``quick_wins`` it prefers
    quicker wins and slower losses (:class:`QuickerWins`; a search that backs up values only: MCTS's rewards are
    1, ½ and 0 whenever the game ends). ``settings``: the algorithm's own (MCTS's ``iterations``, ``exploration``,
    ``rollout``, ``final``). ``seconds``: an anytime search's budget per move (MCTS: iterations until it runs out,
    or until ``iterations`` if given, else up to the maximum). ``max_seconds``: the most a move's untraced search
    may take; past it the search is stopped with a :class:`BudgetError` naming the player (``--max-seconds``).

    A search with random choices (MCTS) takes a new seed for each move from a generator seeded by ``seed``, and
    :meth:`new_game` seeds it again, so every game of a match is its own and the match can be played again."""

    def __init__(self, algorithm: str, depth: int | None, keep_traces: bool = False, order: str = "natural",
                 seed: int = 0, quick_wins: bool = False, settings: dict[str, Any] | None = None,
                 seconds: float | None = None, max_seconds: float | None = None):
        self.name = algorithm
        self.search = ALGORITHMS[algorithm]
        if seconds is not None and not self.search.anytime:
            raise UsageError(f"a time per move is for searches that can stop at any time "
                             f"({', '.join(a for a, s in ALGORITHMS.items() if s.anytime)}), not {algorithm}")
        if seconds is not None:
            settings = {"iterations": MAX_ITERATIONS, **{k: v for k, v in (settings or {}).items() if v is not None}}
        self.spec = as_spec(algorithm, depth=UNLIMITED if depth is None else depth, order=order, seed=seed,
                            settings=settings)
        self.depth = depth
        self.keep_traces = keep_traces
        self.quick_wins = quick_wins and self.search.backs_up_numbers
        self.seconds = seconds
        self.max_seconds = max_seconds  # a move's budget: past it the search is stopped, and the game with it
        self.seeds = random.Random(seed)
        self.title = None  # how a saved trace names the player's search (None: the algorithm's title)

    def new_game(self, key: str) -> None:
        """Seed the moves' seeds for a new game (``key``: the match's seed, the game and the player)."""
        self.seeds = random.Random(key)

    def settings(self) -> dict[str, Any]:
        """What the player searches with (``tracer match --json``'s ``player_settings``): the algorithm, its depth
        or its own settings, and ``seconds_per_move`` for a time budget."""
        spec = self.spec
        own = {name: value for name, value in spec.settings.items() if name != "seed"}
        if self.seconds is not None:
            own["seconds_per_move"] = self.seconds
            if own.get("iterations") == MAX_ITERATIONS:
                del own["iterations"]  # no count asked for: the time decides
        depth = {} if not self.search.depth_limited else {"depth": self.depth}
        order = {} if spec.order == "natural" else {"order": spec.order}
        return {"kind": self.name, **depth, **order, **own}

    def describe(self) -> str:
        """The player as a match's heading names it: ``alphabeta (depth 4)``, ``mcts (2,000 iterations, C =
        1.41)``, ``mcts (0.5 s a move, C = 1.41)``."""
        settings = self.settings()
        parts = []
        if "seconds_per_move" in settings:
            parts.append(f"{format_number(settings['seconds_per_move'])} s a move")
        if "iterations" in settings:
            parts.append(f"{'at most ' if parts else ''}{phrase('iterations', settings['iterations'])}")
        if "depth" in settings:
            parts.append("to the end" if settings["depth"] is None else phrase("depth", settings["depth"]))
        # in the words titles use (tracer.search.settings.phrase): C always, the others where not the default
        parts += [phrase(name, settings[name]) for name in ("exploration", "rollout", "final", "order")
                  if name in settings and (name == "exploration" or settings[name] != SETTINGS[name].default)]
        return f"{self.name} ({', '.join(parts)})"

    def choose(self, game, state) -> Choice:
        root = search_root(game, state, self.quick_wins)
        spec = self.spec
        if "seed" in self.search.settings:
            spec = replace(spec, seed=self.seeds.randrange(2**31))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        stop = None if deadline is None else lambda: time.perf_counter() >= deadline
        if self.keep_traces:
            notation = game.notation(state)
            meta = {"kind": "game", "game": game.name, "position": notation,
                    "title": f"{game.name} {notation or 'start position'}, {self.name} player"}
            start = time.perf_counter()
            trace = trace_search(root, spec, meta=meta, stop=stop)
            seconds = time.perf_counter() - start
            if self.title:
                trace.title = self.title
            made = None
            if "iterations" in self.search.settings:
                made = sum(isinstance(event, IterationStarted) for event in trace.events)
                trace.spec = replace(trace.spec, iterations=made)  # with its seed, the count makes it again
            move = next(m for m in root.moves() if root.move_name(m) == trace.best_move)
            nodes = sum(NODES_VISITED in event.counted for event in trace.events)  # as the counting tracer counts
            return Choice(move, trace.value, nodes, seconds, trace, made)
        counter = CountingTracer() if self.max_seconds is None else BudgetTracer(max_seconds=self.max_seconds)
        depth = spec.search_depth
        with deep_recursion():
            start = time.perf_counter()
            try:
                value, move = self.search.run(ordered(root, spec.order, depth, spec.seed), depth, counter,
                                              spec.rules, spec.settings, stop=stop)
            except BudgetError as error:
                raise BudgetError(f"{self.describe()}: {error} on a move and was stopped; allow more with "
                                  "--max-seconds S, or search less deep (--depth D)") from None
            seconds = time.perf_counter() - start
        return Choice(move, value, counter.nodes_visited, seconds, iterations=counter.iterations
                      if "iterations" in self.search.settings else None)


class GreedyPlayer(SearchPlayer):
    """Takes the move whose resulting position evaluates best: a one-ply search."""

    def __init__(self, keep_traces: bool = False, quick_wins: bool = False):
        super().__init__(DEFAULT_ALGORITHM, 1, keep_traces, quick_wins=quick_wins)
        self.name = "greedy"
        self.title = "Greedy: the best-evaluated move, one ply of alpha-beta"

    def settings(self) -> dict[str, Any]:
        return {"kind": self.name}

    def describe(self) -> str:
        return self.name


class RandomPlayer:
    """Any legal move, uniformly, from its own seeded generator (seeded again for each game of a match by
    :meth:`new_game`)."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def new_game(self, key: str) -> None:
        """Seed the choices for a new game (``key``: the match's seed, the game and the player)."""
        self.rng = random.Random(key)

    def settings(self) -> dict[str, Any]:
        return {"kind": self.name}

    def describe(self) -> str:
        return self.name

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
    root = search_root(game, state, quick_wins)
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
                seed: int = 0, quick_wins: bool = False, settings: dict[str, Any] | None = None,
                seconds: float | None = None, max_seconds: float | None = None):
    """A player of ``kind``; search players search ``depth`` plies with children in ``order`` (preferring quicker
    wins with ``quick_wins``), with the algorithm's own ``settings`` and, for an anytime search, ``seconds`` a
    move, each move's search stopped past ``max_seconds`` (see :class:`SearchPlayer`)."""
    if kind == "human":
        return HumanPlayer(read, say, hint_depth=depth, quick_wins=quick_wins)
    if kind == "random":
        return RandomPlayer(rng)
    if kind == "greedy":
        return GreedyPlayer(keep_traces, quick_wins)
    if kind in ALGORITHMS:
        return SearchPlayer(kind, depth, keep_traces, order, seed, quick_wins, settings, seconds, max_seconds)
    raise UsageError(f"unknown player {kind!r} (choose from {', '.join(PLAYER_KINDS)})")
