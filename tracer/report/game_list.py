"""``tracer games``'s report: the games ``--game`` takes (rows made by :func:`tracer.inputs.positions.game_list`), as
a text table or as JSON."""

from __future__ import annotations

import json


def games_json(rows: list[dict], openspiel: str | None) -> str:
    """``{"openspiel": its version or null, "games": rows}``, each row ``name``, ``searchable``, ``searched_as``
    and ``reason``."""
    return json.dumps({"openspiel": openspiel, "games": rows}, indent=2, ensure_ascii=False) + "\n"


def games_table(rows: list[dict], openspiel: str | None, registered: list[dict], install: str) -> str:
    """A line per game (how tracer searches it, or ``cannot:`` and why), then a line on OpenSpiel: how many of the
    ``registered`` games tracer searches, or how to install it (``install``)."""
    width = max(len(row["name"]) for row in rows) + 2
    lines = [f"{row['name']:<{width}}" + (row["searched_as"] if row["searchable"] else f"cannot: {row['reason']}")
             for row in rows]
    if openspiel is None:
        lines.append(f"(OpenSpiel's games, --game openspiel:NAME, need the open-spiel package: {install})")
    else:
        lines.append(f"(OpenSpiel {openspiel}: {len(registered)} games registered, tracer can search "
                     f"{sum(row['searchable'] for row in registered)} of them with their default parameters)")
    return "\n".join(lines) + "\n"
