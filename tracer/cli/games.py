"""``tracer games``: the games ``--game`` takes: tracer's own, and OpenSpiel's, listed from OpenSpiel's own registry
with how tracer searches each or why it cannot (:func:`games.openspiel.catalogue` decides; this only prints)."""

from __future__ import annotations

import json

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


def game_rows() -> tuple[list[dict], str | None]:
    """Every game ``--game`` takes, as rows (``name``, ``searchable``, ``searched_as``, ``reason``), and OpenSpiel's
    version (None when it is not installed: then only tracer's own games)."""
    from importlib.metadata import version

    from games import GAMES
    from games.openspiel import PREFIX, catalogue, import_pyspiel
    from tracer.errors import GameError

    rows = [{"name": name, "searchable": True, "searched_as": _own_kind(game_class()), "reason": None}
            for name, game_class in GAMES.items()]
    try:
        import_pyspiel()
    except GameError:
        return rows, None
    openspiel = version("open_spiel")
    rows += [{"name": PREFIX + name, "searchable": reason is None, "searched_as": how or None, "reason": reason}
             for name, how, reason in catalogue()]
    return rows, openspiel


def _own_kind(game) -> str:
    chance = getattr(game.start(), "chance", False) is True
    return "two-player zero-sum" + (" with chance: expectiminimax, Star1, Star2, MCTS" if chance else
                                    ": minimax, alpha-beta and the rest")


def cmd_games(args) -> int:
    from games.openspiel import INSTALL

    rows, openspiel = game_rows()
    registered = [row for row in rows if row["name"].startswith("openspiel:")]
    if args.searchable:
        rows = [row for row in rows if row["searchable"]]
    if args.json:
        print(json.dumps({"openspiel": openspiel, "games": rows}, indent=2, ensure_ascii=False))
        return 0
    width = max(len(row["name"]) for row in rows) + 2
    for row in rows:
        what = row["searched_as"] if row["searchable"] else f"cannot: {row['reason']}"
        print(f"{row['name']:<{width}}{what}")
    if openspiel is None:
        print(f"(OpenSpiel's games, --game openspiel:NAME, need the open-spiel package: {INSTALL})")
    else:
        print(f"(OpenSpiel {openspiel}: {len(registered)} games registered, tracer can search "
              f"{sum(row['searchable'] for row in registered)} of them with their default parameters)")
    return 0
