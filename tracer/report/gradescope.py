"""Gradescope's autograder ``results.json``: a contract Gradescope parses, so its keys and layout stay as they are
(``score``, ``output``, ``tests``: each ``name``, ``score``, ``max_score``, ``output``)."""

from __future__ import annotations

import json
import os
from typing import Sequence

from ..exercises.claim_text import shown
from ..exercises.grade import MISSING, Grade
from ..io import write_atomically


def gradescope_results(result: Grade) -> dict:
    """results.json for one answer: score, output, and a test per item worth points (what the key does not ask
    for, and names the tree does not have, are said in ``output``; so is why a refused file was refused, so the
    student sees it)."""
    tests, remarks = [], []
    for item in result.items:
        if item.max_points == 0:
            remarks.append(f"{item.item}: {item.detail or f'you wrote {shown(item.given)} (not graded)'}")
            continue
        output = (item.detail or f"right: {shown(item.given)}") if item.points else (
            f"missing; the search: {shown(item.expected)}" if item.verdict == MISSING else item.detail
            or f"you wrote {shown(item.given)}; the search: {shown(item.expected)}")
        tests.append({"name": item.item, "score": item.points, "max_score": item.max_points, "output": output})
    summary = f"{result.score} / {result.max_score} ({result.search})"
    if result.refused:
        summary += f"\nYour answer file could not be read, so it was scored as a blank sheet: {result.refused}"
    if result.departure:
        summary += f"\nFirst departure from the search: {result.departure}"
    summary += "".join(f"\nNot graded: {remark}" for remark in remarks)
    return {"score": result.score, "output": summary, "tests": tests}


def results_bytes(result: Grade) -> bytes:
    return (json.dumps(gradescope_results(result), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_results(output: str | None, results: Sequence[Grade], several: bool) -> list[str]:
    """Write one results.json (``output``, default ``results.json``), or for several answers one
    ``<student>.json`` each into the folder ``output`` (default ``results``); the paths written. Two answers of
    one name (``ana.yaml`` and ``ana.yml``, or from two folders) get ``ana.json`` and ``ana-2.json``, in order:
    every student has a file."""
    if not results:
        return []
    if not several:
        path = output or "results.json"
        write_atomically(path, results_bytes(results[0]))
        return [path]
    folder, written, taken = output or "results", [], set()
    for result in results:
        stem = os.path.splitext(os.path.basename(result.answer))[0]
        name, number = stem, 1
        while name.casefold() in taken:  # casefold: one file on a case-insensitive disk
            number += 1
            name = f"{stem}-{number}"
        taken.add(name.casefold())
        path = os.path.join(folder, f"{name}.json")
        write_atomically(path, results_bytes(result))
        written.append(path)
    return written


def write_unfinished(output: str | None, reason: str) -> None:
    """Write a results.json (``output``, default ``results.json``) of score 0 whose output is ``reason``: what a
    run that cannot give its results leaves, so that the platform shows why instead of a score."""
    data = {"score": 0, "output": reason, "tests": []}
    write_atomically(output or "results.json", (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode())
