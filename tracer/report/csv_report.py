"""CSV reports: a class's grades (a row per answer, a column per item), ``compare``'s rows, a match's games."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from typing import Sequence

from ..exercises.grade import Grade


def grades_csv(results: Sequence[Grade]) -> str:
    """``file``, ``score``, ``max``, then each item's points: the items the key asks for, the same for every answer
    (what an answer gives that the key does not ask for scores nothing and has no column); last, ``not read``: why
    a refused file was refused, or what of the answer could not be read, each with its line ("" when all was
    read)."""
    columns: list[str] = []
    for result in results:
        columns.extend(item.item for item in result.items if item.max_points and item.item not in columns)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "score", "max"] + columns + ["not read"])
    for result in results:
        points = {item.item: item.points for item in result.items}
        writer.writerow([result.answer, result.score, result.max_score] + [points.get(c, "") for c in columns]
                        + [not_read(result)])
    return out.getvalue()


def not_read(result: Grade) -> str:
    """What of an answer file could not be read, in a cell: the reason it was refused, or each item whose text (or
    name) could not be read with its line."""
    if result.refused:
        return f"refused: {result.refused}"
    return "; ".join(f"{item.item}: {item.detail}" for item in result.items
                     if item.kind in ("unknown", "unreadable") or item.detail.startswith("line "))


def compare_csv(rows: Sequence) -> str:
    """The keys of ``compare --json``, one row per combination (every key any row has; blank where a row has
    none); the evaluated leaves space-separated, MCTS's root ``children`` as JSON."""
    out = io.StringIO()
    keys = list(dict.fromkeys(key for row in rows for key in row.as_dict()))
    writer = csv.DictWriter(out, fieldnames=keys, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        data = row.as_dict()
        if "evaluated_leaves" in data:
            data["evaluated_leaves"] = " ".join(str(v) for v in data["evaluated_leaves"])
        if "children" in data:
            data["children"] = json.dumps(data["children"], ensure_ascii=False)
        writer.writerow(data)
    return out.getvalue()


def match_csv(tally) -> str:
    """A row per game of a match."""
    rows = [asdict(row) for row in tally.games]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
