"""Every example the documentation shows runs: each ``tracer …`` line of a code block in the docs site's pages
(docs/**/*.md) and the README, run in order page by page, in a fresh folder that holds the repository's example
files (trees/, games/, tests/data, tracer/'s shipped cases) and the files the page itself shows under a name (a
code block written ```yaml title="answer.yaml", or a console block's ``$ cat answer.yaml`` and the lines under it). An example exits 0, or 2 where the page shows its one-line error
in its output (a line ``tracer COMMAND: error: …`` before the next ``$`` line); ``tracer test-search`` may exit 1, its verdict that the student's
code fails a case (documented with the command).

Each example runs once, here: what a test of a command asks of its documented examples beyond their exit status
(the SPRT's verdict printed, the comparisons' agreement, the student's files written) is in :data:`ALSO`, checked
on the same run.

Not run: ``tracer play`` with a person at one side (it waits for moves typed in); every such line is listed by
:func:`test_only_games_with_a_person_are_left_out`, so nothing else can slip out of the run; and an example whose
game needs an optional extra that is not installed (``helpers.needs_missing_extra``)."""

from __future__ import annotations

import functools
import re
import shlex
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import ROOT, needs_missing_extra, run_tracer
from tracer.inputs import load_problem
from tracer.run import search_stats

PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
FENCE = re.compile(r"^(\s*)```+\s*([\w+-]*)(.*)$")
TITLE = re.compile(r'title="([^"]+)"')
SHARED = ("trees", "games", "tests", "tracer")  # what the examples name, as they would in a checkout


def examples(text: str) -> tuple[list[tuple[list[str], list[str]]], dict[str, str]]:
    """A page's example commands (arguments after ``tracer``, and the lines the page shows under it as its output,
    up to the next ``$`` line), and the files it shows under a name."""
    commands, files = [], {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        title = TITLE.search(fence.group(3))
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        joined = []  # a command continued on the next line (a trailing backslash) is one command
        for line in body:
            if joined and joined[-1].endswith("\\"):
                joined[-1] = joined[-1][:-1] + " " + line.strip()
            else:
                joined.append(line)
        body = joined
        if title:
            files[title.group(1)] = "\n".join(body) + "\n"
            continue
        for k, line in enumerate(body):
            if line.startswith("$ cat ") and len(line.split()) == 3:  # a file shown as a console shows it
                shown = [rest for rest in body[k + 1:]]
                end = next((j for j, rest in enumerate(shown) if rest.startswith("$ ")), len(shown))
                files[line.split()[2]] = "\n".join(shown[:end]) + "\n"
                continue
            line = line.strip()
            if line.startswith("$ "):
                line = line[2:]
            if not line.startswith("tracer ") or line.startswith("tracer ") and ": error:" in line.split("  ")[0]:
                continue
            argv = shlex.split(line, comments=True)[1:]
            if not argv or argv[0].endswith(":"):
                continue
            output = body[k + 1:]
            output = output[:next((j for j, rest in enumerate(output) if rest.startswith("$ ")), len(output))]
            commands.append((argv, output))
    return commands, files


@dataclass(frozen=True)
class Also:
    """What every documented example of ``tracer COMMAND`` (of any command: "") whose line names ``word`` must also
    show, besides its exit status (``check``, on its result, the folder it ran in and the output the page shows under
    it, says what is wrong, or nothing); and how many such examples the documentation must have at least."""

    command: str
    word: str
    least: int
    check: Callable[[subprocess.CompletedProcess, Path, list[str]], str | None]

    def applies(self, argv: list[str]) -> bool:
        return self.command in ("", argv[0]) and self.word in " ".join(argv)


def _written(*names: str):
    def check(result, folder: Path, shown) -> str | None:
        missing = [name for name in names if not (folder / name).exists()]
        return f"not written: {missing}" if missing else None
    return check


def _prints_what_is_shown(result, folder: Path, shown: list[str]) -> str | None:
    """The output the page shows (up to its ``…``) is what the command prints, line for line."""
    shown = shown[:next((i for i, line in enumerate(shown) if "…" in line), len(shown))]
    printed = result.stdout.splitlines()[:len(shown)]
    return None if shown and printed == shown else f"the page shows {shown}, tracer printed {printed}"


def _names_the_page_it_wrote(result, folder: Path, shown: list[str]) -> str | None:
    """``tracer practice`` prints the page it wrote (``-o``'s, or output/practice.html), as the page shows it."""
    argv = result.args[result.args.index("practice"):]
    expected = argv[argv.index("-o") + 1] if "-o" in argv else "output/practice.html"
    written = result.stdout.strip()
    if written != expected or not (folder / written).is_file():
        return f"printed {written!r}, expected {expected!r} written"
    return None if shown[:1] in ([], [written]) else f"the page shows {shown[:1]}, tracer printed {written!r}"


def _writes_what_it_names(result, folder: Path, shown) -> str | None:
    """``tracer slides`` prints each file it wrote, under the folder it ran in (output/, or where -o said)."""
    written = result.stdout.split()
    if not written or any(path.startswith("/") or not (folder / path).exists() for path in written):
        return f"printed {written}, not each a file written under {folder}"
    return None


def _table(stdout: str) -> dict[str, dict[str, str]]:
    """``tracer stats``'s table, each row by its algorithm: {column heading: what the row shows under it}."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("algorithm "))
    heading = re.split(r"\s{2,}", lines[start].strip())
    rows = [dict(zip(heading, re.split(r"\s{2,}", line.strip()))) for line in lines[start + 1:] if line.strip()]
    return {row["algorithm"]: row for row in rows}


@functools.lru_cache(maxsize=None)
def _built_in_tic_tac_toe(algorithm: str):
    problem = load_problem(game="tictactoe")
    return search_stats(problem.root, algorithm, depth=problem.depth)


def _counts_as_the_built_in_game(result, folder: Path, shown) -> str | None:
    """OpenSpiel's tic-tac-toe, with the same move order (cells row by row), visits the nodes tracer's own game
    visits (the issue's published 549,946 for minimax, 18,297 for alpha-beta): each row's value, nodes, leaves and
    cutoffs are the built-in game's, and its best move the same first cell, x(0,0) (the built-in game's "1")."""
    for algorithm, row in _table(result.stdout).items():
        own = _built_in_tic_tac_toe(algorithm)
        if own.best_move != "1" or row["best move"] != "x(0,0)":
            return f"{algorithm}: best move {row['best move']}, the built-in game's {own.best_move}"
        shows = [row[column].replace(",", "") for column in ("value", "nodes", "leaves", "cutoffs")]
        counted = [str(number) for number in (own.value, own.nodes_visited, own.leaves_evaluated, own.cutoffs)]
        if shows != counted:
            return f"{algorithm}: (value, nodes, leaves, cutoffs) {shows}, the built-in game's {counted}"
    return None


ALSO = [
    Also("slides", "", 10, _writes_what_it_names),
    Also("", "openspiel", 5, lambda result, *_: None),  # OpenSpiel's games, through each command that takes a game
    Also("stats", "openspiel:tic_tac_toe", 1, _counts_as_the_built_in_game),
    Also("practice", "", 4, _names_the_page_it_wrote),
    Also("match", "mcts", 3, lambda result, *_: None),
    Also("match", "--jobs", 1, lambda result, *_: None),
    Also("match", "--sprt", 1, lambda result, *_: None if "SPRT of H0" in result.stdout else "no SPRT verdict"),
    Also("compare", "mcts", 1, lambda result, *_: "DISAGREEMENT" if "DISAGREEMENT" in result.stderr else None),
    Also("test-search", "tests/data/students", 5,
         lambda result, *_: f"an error: {result.stderr}" if "error" in result.stderr else None),
    Also("test-search", "buggy.py:prunes_on_equality", 1, _prints_what_is_shown),
    Also("test-search", "--render output/feedback", 1, _written("output/feedback/rn_example.svg")),
    Also("test-search", "-o output/results.json", 1, _written("output/results.json")),
]


def waits_for_a_person(argv: list[str]) -> bool:
    if argv[0] != "play":
        return False
    sides = [argv[argv.index(flag) + 1] for flag in ("--p1", "--p2") if flag in argv]
    return len(sides) < 2 or "human" in sides


def _page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("page", [page for page in PAGES if examples(page.read_text(encoding="utf-8"))[0]],
                         ids=_page_id)
def test_every_example_of_the_page_runs(page, tmp_path):
    commands, files = examples(page.read_text(encoding="utf-8"))
    for name in SHARED:
        (tmp_path / name).symlink_to(ROOT / name)
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(content, encoding="utf-8")
    for argv, output in commands:
        if waits_for_a_person(argv) or needs_missing_extra(argv):  # (an extra not installed: nothing to run)
            continue
        result = run_tracer(*argv, cwd=tmp_path)
        said = f"`tracer {shlex.join(argv)}` in {_page_id(page)}: exit {result.returncode}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, said
        shows_error = any(line.startswith(f"tracer {argv[0]}: error:") for line in output)
        verdicts = (0, 1) if argv[0] == "test-search" else (0,)
        assert result.returncode in ((2,) if shows_error else verdicts), said
        for also in [] if shows_error else ALSO:
            wrong = also.check(result, tmp_path, output) if also.applies(argv) else None
            assert wrong is None, f"{said}\n{wrong}"


@pytest.mark.parametrize("also", ALSO, ids=lambda also: f"{also.command} {also.word}")
def test_the_examples_checked_further_are_documented(also):
    shown = [argv for page in PAGES for argv, _ in examples(page.read_text(encoding="utf-8"))[0] if also.applies(argv)]
    assert len(shown) >= also.least, shown


def test_only_games_with_a_person_are_left_out():
    left_out = [argv for page in PAGES for argv, _ in examples(page.read_text(encoding="utf-8"))[0]
                if waits_for_a_person(argv)]
    assert left_out and all(argv[0] == "play" for argv in left_out)
