"""The hostile-input corpus (tests/data/hostile/corpus, written by make_corpus.py beside it): every file, through
every command that reads a tree or position file, is one clean line on stderr, exit status 2, no traceback, and
no file written. Run in-process (tracer.cli.main.main) so the ~2,000 runs take seconds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tracer.cli.main import main

CORPUS = Path(__file__).resolve().parents[1] / "data" / "hostile" / "corpus"
FILES = sorted(CORPUS.iterdir())
COMMANDS = [["render"], ["trace"], ["stats"], ["export"], ["slides", "-f", "html"], ["check"], ["worksheet"]]


def test_the_corpus_is_large():
    assert len(FILES) >= 300


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_hostile_file_is_one_clean_line_from_every_command(path, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in COMMANDS:
        status = main([*command, str(path)])
        out, err = capsys.readouterr()
        lines = err.strip().splitlines()
        assert status == 2, (command, path.name, out, err)
        assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in err, (command, err)
        assert all(char.isprintable() for char in lines[0]), (command, lines[0])
        assert os.listdir(tmp_path) == [], (command, os.listdir(tmp_path))
