"""Every example the documentation shows runs: each ``tracer …`` line of a code block in the docs site's pages
(docs/**/*.md) and the README, run in order page by page, in a fresh folder that holds the repository's example
files (trees/, games/, tests/data, tracer/'s shipped cases) and the files the page itself shows under a name (a
code block written ```yaml title="answer.yaml", or a console block's ``$ cat answer.yaml`` and the lines under it). An example exits 0, or 2 where the page shows its one-line error
in its output (a line ``tracer COMMAND: error: …`` before the next ``$`` line); ``tracer test-search`` may exit 1, its verdict that the student's
code fails a case (documented with the command).

Not run: ``tracer play`` with a person at one side (it waits for moves typed in); every such line is listed by
:func:`test_only_games_with_a_person_are_left_out`, so nothing else can slip out of the run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from helpers import ROOT, needs_missing_extra, run_tracer

PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
FENCE = re.compile(r"^(\s*)```+\s*([\w+-]*)(.*)$")
TITLE = re.compile(r'title="([^"]+)"')
SHARED = ("trees", "games", "tests", "tracer")  # what the examples name, as they would in a checkout


def examples(text: str) -> tuple[list[tuple[list[str], bool]], dict[str, str]]:
    """A page's example commands (arguments after ``tracer``, and whether the page shows an error under it), and
    the files it shows under a name."""
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
            shows_error = any(rest.startswith(f"tracer {argv[0]}: error:") for rest in output)
            commands.append((argv, shows_error))
    return commands, files


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
    for argv, shows_error in commands:
        if waits_for_a_person(argv) or needs_missing_extra(argv):  # (an extra not installed: nothing to run)
            continue
        result = run_tracer(*argv, cwd=tmp_path)
        said = f"`tracer {shlex.join(argv)}` in {_page_id(page)}: exit {result.returncode}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, said
        verdicts = (0, 1) if argv[0] == "test-search" else (0,)
        assert result.returncode in ((2,) if shows_error else verdicts), said


def test_only_games_with_a_person_are_left_out():
    left_out = [argv for page in PAGES for argv, _ in examples(page.read_text(encoding="utf-8"))[0]
                if waits_for_a_person(argv)]
    assert left_out and all(argv[0] == "play" for argv in left_out)
