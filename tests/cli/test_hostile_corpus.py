"""The hostile-input corpus (tests/data/hostile/corpus, written by make_corpus.py beside it): every file, through
every command that reads its kind of file, is one clean line on stderr naming the file, exit status 2, no
traceback, and no file written. Tree and position files go through every command that reads a tree; tree files
whose expected answers are bad through `check` and `grade`; saved traces through `render`, `trace`, `export` and
`slides`. Answer files go through `grade`, which grades every student: a file that is not YAML or is unsafe is
refused in one clean line (exit 2) and still scored 0 with its reason in the output (its results.json written);
anything else is graded, what cannot be read one wrong item naming its line. Run in-process
(tracer.cli.main.main) so the ~2,700 runs take seconds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tracer.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "hostile" / "corpus"
EXAMPLE = ROOT / "trees" / "rn_example.yaml"  # the tree the answer files are about
FILE, ANSWERS = "{file}", "{answers}"  # stand for the hostile file and a good answer file about the example
COMMANDS = {  # folder of the corpus: the commands that read its files
    "": [["render", FILE], ["trace", FILE], ["stats", FILE], ["export", FILE], ["slides", "-f", "html", FILE],
         ["check", FILE], ["worksheet", FILE], ["grade", FILE, ANSWERS]],
    "expect": [["check", FILE], ["grade", FILE, ANSWERS], ["grade", "--json", FILE, ANSWERS]],
    "answers": [["grade", EXAMPLE, FILE], ["grade", "--json", EXAMPLE, FILE],
                ["grade", "--format", "gradescope", "-o", "grades.json", EXAMPLE, FILE]],
    "traces": [["render", FILE], ["trace", FILE], ["export", FILE], ["slides", "-f", "html", FILE]],
}
CASES = [path for folder in COMMANDS for path in sorted((CORPUS / folder).iterdir()) if path.is_file()]
# the answer files refused whole: not YAML (cut off, two documents, not UTF-8) or unsafe (aliases, unprintable text)
REFUSED = ("alias", "merge-key", "bytes-", "cut", "two-docs", "bidi", "escape", "nonchar", "surrogate")


def folder_of(path: Path) -> str:
    return "" if path.parent == CORPUS else path.parent.name


@pytest.fixture(scope="module")
def good_answers(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("answers") / "good.yaml"
    path.write_text("values: {B: 3}\nbest_move: B\n")
    return path


def test_the_corpus_is_large_and_every_file_has_its_commands():
    assert len(CASES) >= 400
    assert {path.relative_to(CORPUS) for path in CORPUS.rglob("*") if path.is_file()} == {
        path.relative_to(CORPUS) for path in CASES}  # no file in a folder the test does not read


def test_the_good_answers_pass_every_answer_command(good_answers, tmp_path, monkeypatch, capsys):
    """The hostile answer files fail because of what they hold: the same commands with good files succeed."""
    monkeypatch.chdir(tmp_path)
    for command in COMMANDS["answers"]:
        args = [str(good_answers if part == FILE else part) for part in command]
        assert main(args) == 0, (args, capsys.readouterr().err)


@pytest.mark.parametrize("path", [path for path in CASES if folder_of(path) != "answers"],
                         ids=lambda path: str(path.relative_to(CORPUS)))
def test_every_hostile_file_is_one_clean_line_from_every_command(path, good_answers, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in COMMANDS[folder_of(path)]:
        args = [str({FILE: path, ANSWERS: good_answers}.get(part, part)) for part in command]
        status = main(args)
        out, err = capsys.readouterr()
        lines = err.strip().splitlines()
        assert status == 2, (args, out, err)
        assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in err, (args, err)
        assert all(char.isprintable() for char in lines[0]), (args, lines[0])
        assert os.listdir(tmp_path) == [], (args, os.listdir(tmp_path))


@pytest.mark.parametrize("path", [path for path in CASES if folder_of(path) == "answers"], ids=lambda path: path.name)
def test_every_hostile_answer_file_is_graded_or_refused_with_its_reason(path, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused = any(marker in path.name for marker in REFUSED)
    for command in COMMANDS["answers"]:
        args = [str(path if part == FILE else part) for part in command]
        status = main(args)
        out, err = capsys.readouterr()
        assert "Traceback" not in err and all(char.isprintable() or char == "\n" for char in out + err), (args, err)
        lines = err.strip().splitlines()
        if refused:
            assert status == 2 and len(lines) == 1 and str(path) in lines[0], (args, out, err)
            reason = lines[0].removeprefix("tracer grade: error: ")
        else:
            assert status == 0 and lines == [], (args, err)
        if "--json" in args:
            graded = json.loads(out)
            assert graded["refused"] == (reason if refused else None)
            not_read = [item for item in graded["items"] if item["detail"].startswith("line ")]
            assert refused or not_read, graded  # what could not be read is an item with its line
        if "gradescope" in args:
            results = json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))
            assert (results["score"] == 0 and reason in results["output"]) if refused else \
                "line " in json.dumps(results, ensure_ascii=False)
            os.unlink(tmp_path / "grades.json")
        assert os.listdir(tmp_path) == [], (args, os.listdir(tmp_path))
