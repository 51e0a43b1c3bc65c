"""The commands that play: ``tracer play`` (a game against the search) and ``tracer match`` (many games between
two players)."""

from __future__ import annotations

import argparse
import os
import random
import sys

from ..errors import UsageError
from .options import (DEFAULT_MOVE_SECONDS, add_game_options, add_jobs_option, add_setting, depth, game_options,
                      iteration_count, number, positive, seconds)

PLAY_EXAMPLES = """examples:
  tracer play tictactoe                                 # you are X, alpha-beta plays O
  tracer play connect4 --p1 alphabeta --p2 human --depth 5
  tracer play clobber --p1 human --p2 greedy --rows 4 --cols 4
  tracer play tictactoe --p1 minimax --p2 alphabeta --save-traces output/game1
  tracer play connect4 --p1 human --p2 mcts --p2-time 1        # MCTS thinks one second a move"""

MATCH_EXAMPLES = """examples:
  tracer match clobber --p1 alphabeta --p2 greedy --depth 4 --games 20 --seed 1
  tracer match tictactoe --p1 minimax --p2 random --games 100 --json
  tracer match connect4 --p1 alphabeta --p2 greedy --games 20 --jobs 2          # two games at a time
  tracer match tictactoe --p1 minimax --p2 alphabeta --games 10 --table     # a row per game
  tracer match connect4 --p1 alphabeta --p2 alphabeta --depth1 2 --depth2 4 --games 6 --chart output/m.svg
  tracer match connect4 --p1 mcts --iterations 2000 --p2 alphabeta --depth 4 --games 100
  tracer match tictactoe --p1 mcts --p1-time 0.05 --p2 mcts --p2-iterations 200 --games 10 --seed 3
  tracer match connect4 --p1 alphabeta --depth 4 --p2 random --games 200 --sprt 0 100  # stop once it decides

Colours are swapped in every other game: the first player named moves first in games 1, 3, 5, ..."""


MAX_TRACE_NODES = 50_000  # about 30 MB of JSON


def add_commands(command) -> None:
    """Add ``play`` and ``match``; ``command(name, examples)`` gives a subcommand's parser (see cli.main)."""
    from ..play.players import MAX_MOVE_SECONDS, PLAYER_KINDS
    from ..play.ratings import MAX_ELO
    from ..search.mcts import DEFAULT_ITERATIONS, MAX_ITERATIONS
    from ..search.ordering import ORDERS
    from ..search.registry import DEFAULT_ALGORITHM
    from ..search.settings import SETTINGS

    def common_options(parser, p1: str, p2: str):
        parser.add_argument("game", metavar="GAME", help="tictactoe, connect4, clobber, pig, openspiel:NAME, or "
                                                              "module:Class")
        parser.add_argument("--p1", choices=PLAYER_KINDS, metavar="PLAYER",
                            help=f"first player: {', '.join(PLAYER_KINDS)} (default {p1}; in a game with chance "
                                 "moves, expectiminimax for a search)")
        parser.add_argument("--p2", choices=PLAYER_KINDS, metavar="PLAYER",
                            help=f"second player (default {p2}, or expectiminimax as --p1 says)")
        parser.set_defaults(default_players=(p1, p2))
        parser.add_argument("--depth", type=positive, metavar="D",
                            help="search depth, at least 1: a player must look one move ahead (default: the game's)")
        add_game_options(parser)
        parser.add_argument("--seed", type=int, default=0, help="seed for random players and --order random "
                                                                "(default 0)")
        parser.add_argument("--order", choices=ORDERS, default="natural", metavar="ORDER",
                            help=f"search players' move order: {', '.join(ORDERS)} (default natural)")
        parser.add_argument("--max-seconds", type=seconds, default=DEFAULT_MOVE_SECONDS, metavar="S",
                            help="the most a search player's move may take, then the game stops with one line "
                                 f"(default {DEFAULT_MOVE_SECONDS:g}; MCTS's --p1-time and --p2-time are its time "
                                 "a move)")
        parser.add_argument("--slow-wins", action="store_true",
                            help="score a win the same however far away (the textbook's counting, as stats and "
                                 "render do); by default search players prefer quicker wins and slower losses")
        mcts = parser.add_argument_group("Monte Carlo tree search players (--p1 mcts, --p2 mcts)")
        mcts.add_argument("--iterations", type=iteration_count, metavar="N",
                          help=f"iterations a move, both sides (default {DEFAULT_ITERATIONS}; at most "
                               f"{MAX_ITERATIONS:,})")
        for side in ("p1", "p2"):
            mcts.add_argument(f"--{side}-iterations", type=iteration_count, metavar="N",
                              help=f"{side}'s iterations a move (default --iterations)")
        for side in ("p1", "p2"):
            mcts.add_argument(f"--{side}-time", type=move_seconds, metavar="S",
                              help=f"{side}'s time a move in seconds, more than 0 and at most {MAX_MOVE_SECONDS}: "
                                   f"iterations until it is up (and no more than --{side}-iterations if given)")
        for name in ("exploration", "rollout", "final"):  # as the search's own options declare them
            add_setting(mcts, SETTINGS[name])

    play = command("play", PLAY_EXAMPLES)
    common_options(play, "human", DEFAULT_ALGORITHM)
    play.add_argument("--position", metavar="POS", help="start from this position (the game's notation)")
    play.add_argument("--save-traces", metavar="DIR",
                      help="save each computer move's trace as DIR/move-NN.json (render it with tracer render)")
    play.add_argument("--max-trace-nodes", type=positive, default=MAX_TRACE_NODES, metavar="N",
                      help=f"with --save-traces, skip (with a warning) a trace of more than N nodes, about 600 "
                           f"bytes a node (default {MAX_TRACE_NODES:,}); lower --depth to keep it")
    play.set_defaults(run=cmd_play)

    match = command("match", MATCH_EXAMPLES)
    common_options(match, DEFAULT_ALGORITHM, "greedy")
    match.add_argument("--games", type=positive, default=10, metavar="N", help="number of games (default 10)")
    match.add_argument("--depth1", type=positive, metavar="D", help="the first player's search depth (default --depth)")
    match.add_argument("--depth2", type=positive, metavar="D", help="the second player's search depth (default --depth)")
    match.add_argument("--table", action="store_true", help="print a row per game before the summary")
    match.add_argument("--quiet", action="store_true", help="no progress line per game on stderr")
    add_jobs_option(match, "play the games", "game", "the games are the same, times aside")
    match.add_argument("--random-openings", type=depth, default=0, metavar="K",
                       help="start each pair of games (one per colour) from K random moves, seeded by --seed, so "
                            "that deterministic players play different games (default 0)")
    output = match.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the summary and every game as JSON")
    output.add_argument("--csv", action="store_true", help="print a CSV row per game")
    match.add_argument("--chart", metavar="PATH", help="draw the results and time per move of every game "
                                                       "(svg, png or pdf)")
    test = match.add_argument_group("a sequential probability ratio test (fishtest's GSPRT, logistic Elo)")
    test.add_argument("--sprt", nargs=2, type=elo_hypothesis, metavar=("ELO0", "ELO1"),
                      help="stop the match (at most --games games) as soon as the test accepts H0 (p1 is ELO0 Elo "
                           f"stronger than p2) or H1 (ELO1); ELO0 < ELO1, each within ±{MAX_ELO}")
    for name, meaning in (("alpha", "accepting H1 when H0 holds"), ("beta", "accepting H0 when H1 holds")):
        test.add_argument(f"--{name}", type=error_rate, metavar=name[0].upper(),
                          help=f"with --sprt, the test's chance of {meaning}: more than 0, less than 0.5 "
                               "(default 0.05)")
    match.set_defaults(run=cmd_match)


def elo_hypothesis(text: str) -> float:
    """An argparse type: an SPRT hypothesis's Elo difference, within ±MAX_ELO."""
    from ..play.ratings import MAX_ELO

    value = number(text)
    if not -MAX_ELO <= value <= MAX_ELO:
        raise argparse.ArgumentTypeError(f"expected an Elo difference from -{MAX_ELO} to {MAX_ELO}, got {text[:30]}")
    return value


def error_rate(text: str) -> float:
    """An argparse type: an SPRT's error rate, more than 0 and less than 0.5."""
    value = number(text)
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"expected a probability more than 0 and less than 0.5, got {text[:30]}")
    return value


def _sprt(args):
    """The match's SPRT from --sprt, --alpha and --beta (None without --sprt), read once here."""
    from ..play.ratings import Sprt

    if args.sprt is None:
        given = [f"--{name}" for name in ("alpha", "beta") if getattr(args, name) is not None]
        if given:
            raise UsageError(f"{' and '.join(given)} set the error rates of --sprt ELO0 ELO1, which is not given")
        return None
    elo0, elo1 = args.sprt
    if not elo0 < elo1:
        raise UsageError(f"--sprt ELO0 ELO1: ELO0 must be less than ELO1, got {elo0} and {elo1}")
    return Sprt(elo0, elo1, *(0.05 if rate is None else rate for rate in (args.alpha, args.beta)))


def move_seconds(text: str) -> float:
    """An argparse type: a time per move in seconds, more than 0 and at most MAX_MOVE_SECONDS."""
    from ..play.players import MAX_MOVE_SECONDS

    value = number(text)
    if not 0 < value <= MAX_MOVE_SECONDS:
        raise argparse.ArgumentTypeError(f"expected seconds more than 0 and at most {MAX_MOVE_SECONDS}, "
                                         f"got {text[:30]}")
    return value


def _search_settings(args) -> list[tuple[dict, float | None]]:
    """Each side's settings of its own (MCTS's) and time per move, refused where the side's player cannot take
    them."""
    from ..search.registry import ALGORITHMS
    from ..search.spec import FLAGS

    kinds = (args.p1, args.p2)
    def takes(kind: str, setting: str) -> bool:
        return kind in ALGORITHMS and setting in ALGORITHMS[kind].settings

    shared = {name: getattr(args, name) for name in ("iterations", "exploration", "rollout", "final")}
    for name, value in shared.items():
        if value is not None and not any(takes(kind, name) for kind in kinds):
            takers = " or ".join(f"--p{side} {a}" for a in ALGORITHMS if takes(a, name) for side in (1, 2))
            raise UsageError(f"{FLAGS[name]} is for a player that takes it ({takers}), not --p1 {kinds[0]} "
                             f"--p2 {kinds[1]}")
    sides = []
    for side, kind in enumerate(kinds, 1):
        iterations, seconds = getattr(args, f"p{side}_iterations"), getattr(args, f"p{side}_time")
        if iterations is not None and not takes(kind, "iterations"):
            takers = " or ".join(f"--p{side} {a}" for a in ALGORITHMS if takes(a, "iterations"))
            raise UsageError(f"--p{side}-iterations is for {takers}, not --p{side} {kind}")
        if seconds is not None and not (kind in ALGORITHMS and ALGORITHMS[kind].anytime):
            takers = " or ".join(f"--p{side} {a}" for a, search in ALGORITHMS.items() if search.anytime)
            raise UsageError(f"--p{side}-time is for a search that can stop at any time ({takers}), not "
                             f"--p{side} {kind}")
        sides.append(({**shared, "iterations": shared["iterations"] if iterations is None else iterations},
                      seconds))
    return sides


def _load(args):
    """The game, and its players' search depth (``--depth``, else the game's); a depth past the longest game
    (``--depth``, ``--depth1``, ``--depth2``) is searched as that long, with a note."""
    from ..inputs import load_game, searchable_depth
    from ..search.registry import ALGORITHMS, chance_search
    from .options import say_notes

    game = load_game(args.game, **game_options(args))
    _refuse_several_players(game)
    start = game.start() if getattr(args, "position", None) is None else game.position(args.position)
    for flag in ("depth", "depth1", "depth2"):
        if getattr(args, flag, None) is not None:
            clamped, note = searchable_depth(game, start, getattr(args, flag), f"--{flag}")
            setattr(args, flag, clamped)
            say_notes([note] if note else [])
    chance = getattr(game.start(), "chance", False) is True  # dice: a search player must average over them
    defaults = [(chance_search().name if chance and kind in ALGORITHMS else kind) for kind in args.default_players]
    args.p1, args.p2 = args.p1 or defaults[0], args.p2 or defaults[1]
    if chance:
        for option, kind in (("--p1", args.p1), ("--p2", args.p2)):
            if kind in ALGORITHMS and not ALGORITHMS[kind].chance:
                raise UsageError(f"{option} {kind}: {game.name} has chance moves, which {kind} cannot search; "
                                 "use expectiminimax (or random, greedy, human)")
    return game, args.depth if args.depth is not None else game.default_depth


def _refuse_several_players(game) -> None:
    """play and match pit two players that each search one utility: a game of vectors of utilities (several
    players, or two general-sum: an OpenSpiel game's type says) is refused in one line."""
    named = getattr(game.start(), "named", None)
    if named is not None:
        players = ", ".join(named.names)
        raise UsageError(f"{game.name} is searched with a vector of utilities, one per player ({players}): play "
                         "and match take two-player zero-sum games; search it with -a maxn or -a paranoid")


def cmd_play(args) -> None:
    from ..io import write_atomically
    from ..play.game_loop import play_game
    from ..play.match import new_game
    from ..play.players import make_player

    game, search_depth = _load(args)
    state = game.start() if args.position is None else game.position(args.position)
    rng = random.Random(args.seed)
    keep = args.save_traces is not None
    players = [make_player(kind, search_depth, rng, keep, order=args.order, seed=args.seed,
                           quick_wins=not args.slow_wins, settings=settings, seconds=seconds,
                           max_seconds=args.max_seconds)
               for kind, (settings, seconds) in zip((args.p1, args.p2), _search_settings(args))]
    new_game(players, args.seed, 0)
    from ..play.players import EndOfInput

    for side, kind in enumerate((args.p1, args.p2)):
        if kind == "human":
            against = f", against {(args.p1, args.p2)[1 - side]}" if (args.p1, args.p2) != ("human", "human") else ""
            print(f"You are {game.sides[side]}{against}.")
    try:
        record = play_game(game, players, state, say=print, rng=rng)
    except EndOfInput:
        print("\nGame left unfinished.")
        return
    if record.winner is None:
        print("Draw.")
    else:
        print(f"{game.sides[record.winner]} ({players[record.winner].name}) wins.")
    if keep:
        saved = 0
        for ply, turn in enumerate(record.turns, 1):
            trace = turn.choice.trace
            if trace is not None and trace.node_count > args.max_trace_nodes:
                print(f"warning: move {ply}: its trace has {trace.node_count:,} nodes (about "
                      f"{trace.node_count * 600 / 1e6:,.0f} MB), more than --max-trace-nodes "
                      f"{args.max_trace_nodes:,}: not saved (lower --depth to keep it)", file=sys.stderr)
            elif trace is not None:
                path = os.path.join(args.save_traces, f"move-{ply:02d}.json")
                write_atomically(path, (turn.choice.trace.to_json(indent=1) + "\n").encode("utf-8"))
                saved += 1
        print(f"saved {saved} traces in {args.save_traces}" if saved else "no computer moves to save")


def cmd_match(args) -> None:
    from ..io import format_of, write_atomically
    from ..play.match import play_match
    from ..play.players import make_player

    game, search_depth = _load(args)
    kinds = (args.p1, args.p2)
    if "human" in kinds:
        raise UsageError("a match is between computer players: use tracer play to play yourself")
    chart_format = format_of(args.chart, ("svg", "png", "pdf"), option="--chart") if args.chart else None
    sprt = _sprt(args)
    depths = [search_depth if d is None else d for d in (args.depth1, args.depth2)]
    rng = random.Random(args.seed)
    players = [make_player(kind, d, rng, order=args.order, seed=args.seed, quick_wins=not args.slow_wins,
                           settings=settings, seconds=seconds, max_seconds=args.max_seconds)
               for kind, d, (settings, seconds) in zip(kinds, depths, _search_settings(args))]
    labels = [player.describe() for player in players]
    def progress(row, seconds):
        if args.quiet:
            return
        result = "a draw" if row.winner == "draw" else f"{row.winner} ({kinds[int(row.winner[1]) - 1]}) wins"
        print(f"game {row.game}/{args.games}: {row.first} moves first; {result} in {row.moves} moves, "
              f"{seconds:.2f} s", file=sys.stderr, flush=True)

    tally = play_match(game, players, kinds, args.games, progress, openings=args.random_openings, seed=args.seed,
                       jobs=args.jobs, sprt=sprt)
    played = len(tally.games)
    if chart_format:
        from ..render.chart import match_chart

        write_atomically(args.chart, match_chart(tally, f"{game.name}: {' vs '.join(labels)}", chart_format))
    if args.json:
        from ..report.json_report import match_json

        print(match_json({"game": game.name, "games": played, "depth": search_depth, "depths": depths,
                          "seed": args.seed, "random_openings": args.random_openings,
                          "player_settings": [player.settings() for player in players]}, tally, args.games), end="")
        return
    if args.csv:
        from ..report.csv_report import match_csv

        print(match_csv(tally), end="")
        return
    from ..report.text_report import match_report

    heading = (f"{game.name}: {played} games, p1 {labels[0]} vs p2 {labels[1]}, seed {args.seed}, colours "
               "swapped every other game")
    print(match_report(heading, tally, kinds, labels, game.sides, args.table, args.games), end="")
    if args.chart:
        print(args.chart)
