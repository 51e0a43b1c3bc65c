"""JSON reports: checked answer keys, graded answers, ``stats`` and ``compare`` rows, a ``match`` (the keys each command's
``--json`` documents)."""

from __future__ import annotations

import json
from typing import Sequence

from ..exercises.check_keys import FileResult
from ..exercises.grade import Grade


def check_json(results: Sequence[FileResult]) -> str:
    """A list, one object per file."""
    return json.dumps([result.as_dict() for result in results], ensure_ascii=False, indent=1) + "\n"


def grade_json(results: Sequence[Grade], single: bool) -> str:
    """One object for a single answer file, else a list."""
    data = [result.as_dict() for result in results]
    return json.dumps(data[0] if single and len(data) == 1 else data, ensure_ascii=False, indent=1) + "\n"


def stats_json(results: Sequence) -> str:
    """One object for one search, else a list (a tree file's with the leaves each evaluated)."""
    data = [result.as_dict() for result in results]
    return json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False) + "\n"


def compare_json(rows: Sequence) -> str:
    """A list of rows."""
    return json.dumps([row.as_dict() for row in rows], ensure_ascii=False) + "\n"


def match_json(heading: dict, tally, max_games: int) -> str:
    """A match: what was played (``heading``: game, games, depth, depths, seed, random_openings,
    player_settings), each player's summary, the speed ratio, p1's rating against p2 (``ratings``), the SPRT
    (``sprt``, null without one; ``max_games``: --games) and a row per game; ±∞ as ``"inf"`` and ``"-inf"``."""
    from dataclasses import asdict

    from ..numbers import json_number

    def finite(values: dict | None) -> dict | None:
        return None if values is None else {key: json_number(value) for key, value in values.items()}

    return json.dumps({**heading, "players": tally.summary(), "speed_ratio": tally.speed_ratio(),
                       "ratings": finite(tally.ratings()), "sprt": finite(tally.sprt_summary(max_games)),
                       "rows": [finite(asdict(row)) for row in tally.games]}, allow_nan=False) + "\n"
