"""A match: many games between two players, colours swapped every other game, with a row per game and the
tally."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .game_loop import GameRecord, play_game


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


@dataclass
class Tally:
    """What each named player (0: the first named, 1: the second) did over a match, and every game."""

    kinds: tuple[str, str]
    results: list[dict[str, int]] = field(default_factory=lambda: [{"wins": 0, "draws": 0, "losses": 0}
                                                                  for _ in range(2)])
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
        winner = "draw" if record.winner is None else f"p{(first if record.winner == 0 else 1 - first) + 1}"
        self.games.append(GameRow(len(self.games) + 1, f"p{first + 1}", winner, len(record.turns),
                                  _mean(seconds[0]), _mean(seconds[1]), _mean(nodes[0]), _mean(nodes[1])))

    def summary(self) -> list[dict]:
        """One row per player: the keys ``tracer match --json`` prints under ``players``."""
        return [{
            "player": f"p{player + 1}", "kind": self.kinds[player], **self.results[player],
            "moves": len(self.nodes[player]),
            "mean_nodes_per_move": _mean(self.nodes[player]),
            "mean_seconds_per_move": _mean(self.seconds[player]),
            "total_seconds": sum(self.seconds[player]),
        } for player in (0, 1)]

    def speed_ratio(self) -> float | None:
        """How many times slower p1 is than p2 per move (p1's mean time / p2's), when both searched."""
        first, second = (_mean(self.seconds[player]) for player in (0, 1))
        return first / second if first > 0 and second > 0 else None


def _mean(values) -> float:
    return statistics.fmean(values) if values else 0.0


def play_match(game, players, kinds: tuple[str, str], games: int,
               progress: Callable[[Iterable], Iterable] = iter) -> Tally:
    """Play ``games`` games; the first player named moves first in games 1, 3, 5, ..."""
    tally = Tally(kinds)
    for number in progress(range(games)):
        first = number % 2
        tally.add(play_game(game, (players[first], players[1 - first])), first)
    return tally
