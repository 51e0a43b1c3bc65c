"""A match: many games between two players, colours swapped every other game, and its tally."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from .game_loop import GameRecord, play_game


@dataclass
class Tally:
    """What each named player (0: the first named, 1: the second) did over a match."""

    kinds: tuple[str, str]
    results: list[dict[str, int]] = field(default_factory=lambda: [{"wins": 0, "draws": 0, "losses": 0}
                                                                  for _ in range(2)])
    nodes: list[list[int]] = field(default_factory=lambda: [[], []])
    seconds: list[list[float]] = field(default_factory=lambda: [[], []])

    def add(self, record: GameRecord, first: int) -> None:
        """Count a game in which named player ``first`` moved first."""
        for turn in record.turns:
            player = first if turn.side == 0 else 1 - first
            self.nodes[player].append(turn.choice.nodes)
            self.seconds[player].append(turn.choice.seconds)
        for seat in (0, 1):
            player = first if seat == 0 else 1 - first
            outcome = "draws" if record.winner is None else "wins" if record.winner == seat else "losses"
            self.results[player][outcome] += 1

    def summary(self) -> list[dict]:
        """One row per player: the keys ``tracer match --json`` prints."""
        return [{
            "player": f"p{player + 1}", "kind": self.kinds[player], **self.results[player],
            "moves": len(self.nodes[player]),
            "mean_nodes_per_move": statistics.fmean(self.nodes[player]) if self.nodes[player] else 0.0,
            "mean_seconds_per_move": statistics.fmean(self.seconds[player]) if self.seconds[player] else 0.0,
        } for player in (0, 1)]


def play_match(game, players, kinds: tuple[str, str], games: int) -> Tally:
    """Play ``games`` games; the first player named moves first in games 1, 3, 5, ..."""
    tally = Tally(kinds)
    for number in range(games):
        first = number % 2
        tally.add(play_game(game, (players[first], players[1 - first])), first)
    return tally
