"""A match: many games between two players, colours swapped every other game, with a row per game and the
tally, p1's rating against p2 after each game, and a sequential test that may stop the match early."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from ..parallel import mapped
from .game_loop import GameRecord, play_game
from .ratings import CONFIDENCE, MODEL, Rating, Sprt, rating


@dataclass
class GameRow:
    """One game of a match, as ``tracer match --table`` shows it (players named ``p1`` and ``p2``)."""

    game: int  # 1, 2, ...
    first: str  # who moved first
    winner: str  # "p1", "p2" or "draw"
    moves: int
    p1_seconds_per_move: float
    p2_seconds_per_move: float
    p1_nodes_per_move: float
    p2_nodes_per_move: float
    # p1's rating against p2 over the games so far (tracer.play.ratings): Elo, its 95 % interval, LOS, SPRT's LLR
    elo: float
    elo_low: float | None
    elo_high: float | None
    los: float | None
    llr: float | None  # None without an SPRT


@dataclass
class Tally:
    """What each named player (0: the first named, 1: the second) did over a match, and every game; ``sprt``,
    when given, is the test the match plays until it decides."""

    kinds: tuple[str, str]
    sprt: Sprt | None = None
    results: list[dict[str, int]] = field(default_factory=lambda: [{"wins": 0, "draws": 0, "losses": 0}
                                                                  for _ in range(2)])
    by_colour: list[list[dict[str, int]]] = field(default_factory=lambda: [[{"wins": 0, "draws": 0, "losses": 0}
                                                                           for _ in range(2)] for _ in range(2)])
    nodes: list[list[int]] = field(default_factory=lambda: [[], []])
    seconds: list[list[float]] = field(default_factory=lambda: [[], []])
    games: list[GameRow] = field(default_factory=list)

    def add(self, record: GameRecord, first: int) -> None:
        """Count a game in which named player ``first`` moved first."""
        nodes, seconds = ([], []), ([], [])
        for turn in record.turns:
            player = first if turn.side == 0 else 1 - first
            nodes[player].append(turn.choice.nodes)
            seconds[player].append(turn.choice.seconds)
        for player in (0, 1):
            self.nodes[player].extend(nodes[player])
            self.seconds[player].extend(seconds[player])
        for seat in (0, 1):
            player = first if seat == 0 else 1 - first
            outcome = "draws" if record.winner is None else "wins" if record.winner == seat else "losses"
            self.results[player][outcome] += 1
            self.by_colour[player][seat][outcome] += 1
        winner = "draw" if record.winner is None else f"p{(first if record.winner == 0 else 1 - first) + 1}"
        so_far = self.rating()
        self.games.append(GameRow(len(self.games) + 1, f"p{first + 1}", winner, len(record.turns),
                                  _mean(seconds[0]), _mean(seconds[1]), _mean(nodes[0]), _mean(nodes[1]),
                                  so_far.elo, so_far.low, so_far.high, so_far.los, self.llr()))

    def counts(self) -> tuple[int, int, int]:
        """p1's wins, draws and losses."""
        return self.results[0]["wins"], self.results[0]["draws"], self.results[0]["losses"]

    def rating(self) -> Rating | None:
        """p1's rating against p2 over the games so far (:func:`tracer.play.ratings.rating`; None before any)."""
        return rating(*self.counts())

    def llr(self) -> float | None:
        """The SPRT's log-likelihood ratio over the games so far; None without an SPRT."""
        return None if self.sprt is None else self.sprt.llr(*self.counts())

    def decision(self) -> str | None:
        """``"H0"`` or ``"H1"`` once the SPRT has decided, else None (and always None without an SPRT)."""
        return None if self.sprt is None else self.sprt.decision(self.llr())

    def ratings(self) -> dict | None:
        """p1's rating against p2: the keys ``tracer match --json`` prints under ``ratings`` (None before any
        game)."""
        so_far = self.rating()
        if so_far is None:
            return None
        return {"games": so_far.games, "score": so_far.score, "elo": so_far.elo, "elo_low": so_far.low,
                "elo_high": so_far.high, "elo_margin": so_far.margin, "confidence": CONFIDENCE, "los": so_far.los}

    def sprt_summary(self, max_games: int) -> dict | None:
        """The SPRT and where it stands: the keys ``tracer match --json`` prints under ``sprt`` (None without
        one)."""
        if self.sprt is None:
            return None
        test = self.sprt
        return {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta, "model": MODEL,
                "lower_bound": test.lower_bound, "upper_bound": test.upper_bound, "llr": self.llr(),
                "result": self.decision(), "games": len(self.games), "max_games": max_games}

    def summary(self) -> list[dict]:
        """One row per player: the keys ``tracer match --json`` prints under ``players``."""
        return [{
            "player": f"p{player + 1}", "kind": self.kinds[player], **self.results[player],
            "moves": len(self.nodes[player]),
            "mean_nodes_per_move": _mean(self.nodes[player]),
            "mean_seconds_per_move": _mean(self.seconds[player]),
            "total_seconds": sum(self.seconds[player]),
            "as_first": dict(self.by_colour[player][0]),
            "as_second": dict(self.by_colour[player][1]),
        } for player in (0, 1)]

    def speed_ratio(self) -> float | None:
        """How many times slower p1 is than p2 per move (p1's mean time / p2's), when both searched."""
        first, second = (_mean(self.seconds[player]) for player in (0, 1))
        return first / second if first > 0 and second > 0 else None


def random_opening(game, plies: int, rng: random.Random):
    """The start position after ``plies`` random legal moves (fewer if the game ends)."""
    state = game.start()
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.child(rng.choice(list(state.moves())))
    return state


def new_game(players, seed: int, number: int) -> None:
    """Seed the players that make random choices of their own (MCTS, random) for game ``number`` (from 0) of a match
    played with ``seed``: each named player its own generator for each game, so the games differ and the match can
    be played again."""
    for index, player in enumerate(players):
        if hasattr(player, "new_game"):
            player.new_game(f"{seed}/game {number + 1}/p{index + 1}")


def _mean(values) -> float:
    return statistics.fmean(values) if values else 0.0


def play_one(game, players, number: int, openings: int = 0, seed: int = 0) -> tuple[GameRecord, float]:
    """Game ``number`` (from 0) of a match played with ``seed``, and its time in seconds: the first player named
    moves first when ``number`` is even. Everything random in it (the opening, the dice, the players' own choices)
    is seeded by ``seed`` and ``number`` alone, so it is the same game whichever process plays it, in any order."""
    first = number % 2
    new_game(players, seed, number)
    start = time.perf_counter()
    state = random_opening(game, openings, random.Random(seed * 1_000_003 + number // 2))
    dice = random.Random(f"{seed}/dice/{number // 2}")  # a pair of games (one per colour) rolls the same
    record = play_game(game, (players[first], players[1 - first]), state, rng=dice)
    return record, time.perf_counter() - start


def play_match(game, players, kinds: tuple[str, str], games: int,
               on_game: Callable[[GameRow, float], None] | None = None, openings: int = 0, seed: int = 0,
               jobs: int = 1, sprt: Sprt | None = None) -> Tally:
    """Play ``games`` games; the first player named moves first in games 1, 3, 5, ... ``on_game(row, seconds)``
    hears of each game, in order, as it ends (for progress lines). ``openings`` random moves (seeded by ``seed`` and
    the game's number) start each game, so that deterministic players do not repeat the same games; they count as
    moves of the sides that make them but not in the players' times and nodes. Players with random choices of their
    own are seeded for each game from ``seed`` (:func:`new_game`). ``jobs`` > 1 plays the games in that many
    processes (at most one per game): the same games, times aside (:func:`play_one`). With an ``sprt`` the match
    stops after the first game (in order) on which the test decides, at most ``games`` games."""
    play = partial(play_one, game, players, openings=openings, seed=seed)
    played = mapped(play, list(range(games)), jobs)
    tally = Tally(kinds, sprt=sprt)
    try:
        for number, (record, seconds) in enumerate(played):
            tally.add(record, number % 2)
            if on_game is not None:
                on_game(tally.games[-1], seconds)
            if tally.decision() is not None:
                break
    finally:
        stop = getattr(played, "close", None)  # the games still being played in other processes: stop them
        if stop is not None:
            stop()
    return tally
