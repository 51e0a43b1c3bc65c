"""The commands that play: ``tracer play`` (a game against the search) and ``tracer match`` (many games between
two players)."""

from __future__ import annotations

import json
import os
import random

from ..errors import UsageError
from .options import add_game_options, depth, game_options, positive

PLAY_EXAMPLES = """examples:
  tracer play tictactoe                                 # you are X, alpha-beta plays O
  tracer play connect4 --p1 alphabeta --p2 human --depth 5
  tracer play clobber --p1 human --p2 greedy --rows 4 --cols 4
  tracer play tictactoe --p1 minimax --p2 alphabeta --save-traces output/game1"""

MATCH_EXAMPLES = """examples:
  tracer match clobber --p1 alphabeta --p2 greedy --depth 4 --games 20 --seed 1
  tracer match tictactoe --p1 minimax --p2 random --games 100 --json

Colours are swapped in every other game: the first player named moves first in games 1, 3, 5, ..."""


def add_commands(command) -> None:
    """Add ``play`` and ``match``; ``command(name, help, epilog)`` makes a subcommand's parser."""
    from ..play.players import PLAYER_KINDS

    def common_options(parser, p1: str, p2: str):
        parser.add_argument("game", metavar="GAME", help="tictactoe, connect4, clobber, or module:Class")
        parser.add_argument("--p1", default=p1, choices=PLAYER_KINDS, metavar="PLAYER",
                            help=f"first player: {', '.join(PLAYER_KINDS)} (default {p1})")
        parser.add_argument("--p2", default=p2, choices=PLAYER_KINDS, metavar="PLAYER",
                            help=f"second player (default {p2})")
        parser.add_argument("--depth", type=depth, metavar="D", help="search depth (default: the game's)")
        add_game_options(parser)
        parser.add_argument("--seed", type=int, default=0, help="seed for random players (default 0)")

    play = command("play", "play a game against the search", PLAY_EXAMPLES)
    common_options(play, "human", "alphabeta")
    play.add_argument("--position", metavar="POS", help="start from this position (the game's notation)")
    play.add_argument("--save-traces", metavar="DIR",
                      help="save each computer move's trace as DIR/move-NN.json (render it with tracer render)")
    play.set_defaults(run=cmd_play)

    match = command("match", "play many games between two players and count wins, draws and losses",
                    MATCH_EXAMPLES)
    common_options(match, "alphabeta", "greedy")
    match.add_argument("--games", type=positive, default=10, metavar="N", help="number of games (default 10)")
    match.add_argument("--json", action="store_true", help="print the results as JSON")
    match.set_defaults(run=cmd_match)


def _load(args):
    from ..inputs import load_game

    game = load_game(args.game, **game_options(args))
    return game, args.depth if args.depth is not None else game.default_depth


def cmd_play(args) -> None:
    from ..io import write_atomically
    from ..play.game_loop import play_game
    from ..play.players import make_player

    game, search_depth = _load(args)
    state = game.start() if args.position is None else game.position(args.position)
    rng = random.Random(args.seed)
    keep = args.save_traces is not None
    players = [make_player(kind, search_depth, rng, keep) for kind in (args.p1, args.p2)]
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
    from ..play.match import play_match
    from ..play.players import make_player
    from ..render.table import format_table

    game, search_depth = _load(args)
    kinds = (args.p1, args.p2)
    if "human" in kinds:
        raise UsageError("a match is between computer players: use tracer play to play yourself")
    rng = random.Random(args.seed)
    players = [make_player(kind, search_depth, rng) for kind in kinds]
    summary = play_match(game, players, kinds, args.games).summary()
    if args.json:
        print(json.dumps({"game": game.name, "games": args.games, "depth": search_depth, "seed": args.seed,
                          "players": summary}))
        return
    print(f"{game.name}: {args.games} games, depth {search_depth if search_depth is not None else 'to the end'}, "
          f"seed {args.seed}, colours swapped every other game")
    print(format_table(("player", "kind", "wins", "draws", "losses", "nodes/move", "seconds/move"),
                       [(s["player"], s["kind"], str(s["wins"]), str(s["draws"]), str(s["losses"]),
                         f"{s['mean_nodes_per_move']:,.0f}", f"{s['mean_seconds_per_move']:.4f}")
                        for s in summary], right=(2, 3, 4, 5, 6)))
