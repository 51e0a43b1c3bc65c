"""``tracer games``: the games ``--game`` takes: tracer's own, and OpenSpiel's, listed from OpenSpiel's own registry
with how tracer searches each or why it cannot (:func:`games.openspiel.catalogue` decides, reached through
:func:`tracer.inputs.positions.game_list`; :mod:`tracer.report.game_list` writes it)."""

from __future__ import annotations

GAMES_EXAMPLES = """examples:
  tracer games                 # tracer's own games, then every OpenSpiel game: how it is searched, or why not
  tracer games --searchable    # only the games tracer can search
  tracer games --json          # the same as JSON: name, searchable, searched_as, reason

OpenSpiel's games are listed with their default parameters (--game 'openspiel:NAME(param=value,...)' may change
them: pig(players=3) has chance moves and three players, which tracer cannot search)."""


def add_commands(command) -> None:
    """Add ``games``; ``command(name, examples)`` gives a subcommand's parser (see cli.main)."""
    games = command("games", GAMES_EXAMPLES)
    games.add_argument("--searchable", action="store_true", help="list only the games tracer can search")
    games.add_argument("--json", action="store_true", help="print a JSON object: openspiel (its version, or null "
                                                            "when it is not installed) and games, a list of rows")
    games.set_defaults(run=cmd_games)


def cmd_games(args) -> int:
    from ..inputs.positions import game_list
    from ..report.game_list import games_json, games_table

    rows, openspiel, install = game_list()
    registered = [row for row in rows if row["name"].startswith("openspiel:")]
    if args.searchable:
        rows = [row for row in rows if row["searchable"]]
    print(games_json(rows, openspiel) if args.json else games_table(rows, openspiel, registered, install), end="")
    return 0
