"""Playing games against the search (``tracer play``) and matches between two players (``tracer match``).

A player chooses a move in a position. Search players (minimax, alphabeta, negamax, negamax-ab) search from the
position with the side to move as MAX; ``greedy`` looks one move ahead with the game's evaluation; ``random``
picks uniformly (seeded); ``human`` asks at the terminal and asks again, with a hint, after a bad move.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import GameError, IllegalMoveError, TracerError
from .render import write_atomically
from .run import deep_recursion, trace_search
from .search import ALGORITHMS
from .tracers import CountingTracer
from .view import format_number

PLAYER_KINDS = ("human", "minimax", "alphabeta", "negamax", "negamax-ab", "random", "greedy")


@dataclass
class Choice:
    """A move and what it cost to find it."""

    move: Any
    value: float | None = None  # in the mover's terms
    nodes: int = 0
    seconds: float = 0.0
    trace: Any = None


class SearchPlayer:
    """Searches ``depth`` plies from the position, with the side to move as MAX."""

    def __init__(self, algorithm: str, depth: int | None, keep_traces: bool = False):
        self.name = algorithm
        self.search = ALGORITHMS[algorithm]
        self.depth = depth
        self.keep_traces = keep_traces

    def choose(self, game, state) -> Choice:
        root = game.rooted(state)
        depth = float("inf") if self.depth is None else self.depth
        counter = CountingTracer()
        with deep_recursion():
            start = time.perf_counter()
            value, move = self.search.run(root, depth, counter)
            seconds = time.perf_counter() - start
        trace = None
        if self.keep_traces:
            trace = trace_search(root, self.search.name, depth=depth,
                                 meta={"kind": "game", "game": game.name, "position": game.notation(state),
                                       "title": f"{game.name} {game.notation(state) or 'start position'}"})
        return Choice(move, value, counter.nodes_visited, seconds, trace)


class GreedyPlayer(SearchPlayer):
    """Takes the move whose resulting position evaluates best: a one-ply search."""

    def __init__(self, keep_traces: bool = False):
        super().__init__("alphabeta", 1, keep_traces)
        self.name = "greedy"


class RandomPlayer:
    """Any legal move, uniformly, from its own seeded generator."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game, state) -> Choice:
        return Choice(self.rng.choice(list(state.moves())))


class HumanPlayer:
    """Reads moves at the terminal; a malformed or illegal move is explained and asked for again."""

    name = "human"

    def __init__(self, read: Callable[[str], str] = input, say: Callable[[str], None] = print):
        self.read, self.say = read, say

    def choose(self, game, state) -> Choice:
        side = game.sides[game.to_move(state)]
        while True:
            try:
                text = self.read(f"{side} to move: ")
            except EOFError:
                raise TracerError("no more input: the game was left unfinished") from None
            try:
                return Choice(game.parse_move(state, text))
            except IllegalMoveError as error:
                self.say(f"  {error}")


def make_player(kind: str, depth: int | None, rng: random.Random, keep_traces: bool = False,
                read: Callable[[str], str] = input, say: Callable[[str], None] = print):
    if kind == "human":
        return HumanPlayer(read, say)
    if kind == "random":
        return RandomPlayer(rng)
    if kind == "greedy":
        return GreedyPlayer(keep_traces)
    if kind in ALGORITHMS:
        return SearchPlayer(kind, depth, keep_traces)
    raise TracerError(f"unknown player {kind!r} (choose from {', '.join(PLAYER_KINDS)})")


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
              max_moves: int = 10_000) -> GameRecord:
    """Play from ``state`` (default: the start) until the game ends. ``players[i]`` moves for side ``i``."""
    state = game.start() if state is None else state
    record = GameRecord(None)
    if say:
        say(game.text(state))
    for _ in range(max_moves):
        if state.is_terminal():
            break
        side = game.to_move(state)
        choice = players[side].choose(game, state)
        name = state.move_name(choice.move)
        record.turns.append(Turn(side, name, choice))
        if say:
            line = f"{game.sides[side]} ({players[side].name}) plays {name}"
            if choice.value is not None:
                line += (f": value {format_number(choice.value)}, {choice.nodes:,} nodes, "
                         f"{choice.seconds:.3f} s")
            say(line)
        state = state.child(choice.move)
        if say:
            say(game.text(state))
    else:
        raise GameError(f"the game did not end within {max_moves:,} moves")
    record.winner = game.winner(state)
    return record


# ---- command line ------------------------------------------------------------------------------------------------

def add_commands(commands, command) -> None:
    """Add ``play`` and ``match`` to the command line."""
    from .cli import _depth, _positive, add_game_options

    def common_options(parser):
        parser.add_argument("game", metavar="GAME", help="tictactoe, connect4, clobber, or module:Class")
        parser.add_argument("--p1", default="human", choices=PLAYER_KINDS, metavar="PLAYER",
                            help=f"first player: {', '.join(PLAYER_KINDS)} (default human)")
        parser.add_argument("--p2", default="alphabeta", choices=PLAYER_KINDS, metavar="PLAYER",
                            help="second player (default alphabeta)")
        parser.add_argument("--depth", type=_depth, metavar="D", help="search depth (default: the game's)")
        add_game_options(parser)
        parser.add_argument("--seed", type=int, default=0, help="seed for random players (default 0)")

    play = command("play", "play a game against the search")
    common_options(play)
    play.add_argument("--position", metavar="POS", help="start from this position (the game's notation)")
    play.add_argument("--save-traces", metavar="DIR",
                      help="save each computer move's trace as DIR/move-NN.json (render it with tracer render)")
    play.epilog = """examples:
  tracer play tictactoe                                 # you are X, alpha-beta plays O
  tracer play connect4 --p1 alphabeta --p2 human --depth 5
  tracer play clobber --p1 human --p2 greedy --rows 4 --cols 4
  tracer play tictactoe --p1 minimax --p2 alphabeta --save-traces output/game1"""

    match = command("match", "play many games between two players and count wins, draws and losses")
    common_options(match)
    match.add_argument("--games", type=_positive, default=10, metavar="N", help="number of games (default 10)")
    match.add_argument("--json", action="store_true", help="print the results as JSON")
    match.set_defaults(p1="alphabeta", p2="greedy")
    match.epilog = """examples:
  tracer match clobber --p1 alphabeta --p2 greedy --depth 4 --games 20 --seed 1
  tracer match tictactoe --p1 minimax --p2 random --games 100 --json

Colours are swapped in every other game: the first player named moves first in games 1, 3, 5, ..."""


def _load(args):
    from games import load_game

    from .cli import game_options

    game = load_game(args.game, **game_options(args))
    depth = args.depth if args.depth is not None else game.default_depth
    return game, depth


def cmd_play(args) -> None:
    game, depth = _load(args)
    state = game.start() if args.position is None else game.position(args.position)
    rng = random.Random(args.seed)
    keep = args.save_traces is not None
    players = [make_player(kind, depth, rng, keep) for kind in (args.p1, args.p2)]
    record = play_game(game, players, state, say=print)
    if record.winner is None:
        print("Draw.")
    else:
        print(f"{game.sides[record.winner]} ({players[record.winner].name}) wins.")
    if keep:
        saved = 0
        for ply, turn in enumerate(record.turns, 1):
            if turn.choice.trace is not None:
                path = os.path.join(args.save_traces, f"move-{ply:02d}.json")
                write_atomically(path, (turn.choice.trace.to_json(indent=1) + "\n").encode("utf-8"))
                saved += 1
        print(f"saved {saved} traces in {args.save_traces}" if saved else "no computer moves to save")


def cmd_match(args) -> None:
    game, depth = _load(args)
    rng = random.Random(args.seed)
    kinds = (args.p1, args.p2)
    if "human" in kinds:
        raise TracerError("a match is between computer players: use tracer play to play yourself")
    players = [make_player(kind, depth, rng) for kind in kinds]
    results = {0: {"wins": 0, "draws": 0, "losses": 0}, 1: {"wins": 0, "draws": 0, "losses": 0}}
    nodes = {0: [], 1: []}
    seconds = {0: [], 1: []}
    for number in range(args.games):
        first = number % 2  # which named player moves first: p1 in games 1, 3, 5, ...
        seating = (players[first], players[1 - first])
        record = play_game(game, seating)
        for turn in record.turns:
            player = first if turn.side == 0 else 1 - first
            nodes[player].append(turn.choice.nodes)
            seconds[player].append(turn.choice.seconds)
        for seat in (0, 1):
            player = first if seat == 0 else 1 - first
            if record.winner is None:
                results[player]["draws"] += 1
            elif record.winner == seat:
                results[player]["wins"] += 1
            else:
                results[player]["losses"] += 1
    summary = []
    for player in (0, 1):
        summary.append({
            "player": f"p{player + 1}", "kind": kinds[player], **results[player],
            "moves": len(nodes[player]),
            "mean_nodes_per_move": statistics.fmean(nodes[player]) if nodes[player] else 0.0,
            "mean_seconds_per_move": statistics.fmean(seconds[player]) if seconds[player] else 0.0,
        })
    if args.json:
        print(json.dumps({"game": game.name, "games": args.games, "depth": depth, "seed": args.seed,
                          "players": summary}))
        return
    print(f"{game.name}: {args.games} games, depth {depth if depth is not None else 'to the end'}, "
          f"seed {args.seed}, colours swapped every other game")
    header = ("player", "kind", "wins", "draws", "losses", "nodes/move", "seconds/move")
    rows = [header] + [(s["player"], s["kind"], str(s["wins"]), str(s["draws"]), str(s["losses"]),
                        f"{s['mean_nodes_per_move']:,.0f}", f"{s['mean_seconds_per_move']:.4f}") for s in summary]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))


COMMANDS = {"play": cmd_play, "match": cmd_match}
