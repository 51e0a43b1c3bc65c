"""Ctrl-C while a module is still being imported is "interrupted", exit status 130, whatever Python wraps the
KeyboardInterrupt in: striking as a class is made, it becomes ``RuntimeError: Error calling __set_name__`` (Python
3.11), which tracer printed as a traceback (its own modules) or as a game that "failed" to import (a user's)."""

from __future__ import annotations

import sys

import pytest

from helpers import run_tracer_process
from tracer.errors import raised_by_interrupt

# A game module that sends itself SIGINT as one of its classes is being made: the interrupt strikes inside
# __set_name__, where the import machinery (type creation) wraps it.
INTERRUPTED_MODULE = """\
import os
import signal
import time


class Interrupting:
    def __set_name__(self, owner, name):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(10)  # the KeyboardInterrupt is raised here, at once


class Game:
    cell = Interrupting()
"""


def test_ctrl_c_while_a_game_module_is_imported_is_interrupted(tmp_path):
    (tmp_path / "interrupted_game.py").write_text(INTERRUPTED_MODULE)
    result = run_tracer_process("stats", "--game", "interrupted_game:Game", cwd=tmp_path)
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip() == "tracer stats: interrupted"


def test_what_python_wraps_is_told_from_a_program_error():
    def wrapped():
        class Interrupting:
            def __set_name__(self, owner, name):
                raise KeyboardInterrupt

        type("Made", (), {"cell": Interrupting()})

    try:
        wrapped()
    except BaseException as error:  # noqa: BLE001
        caught = error
    assert raised_by_interrupt(caught)
    if sys.version_info < (3, 12):
        assert isinstance(caught, RuntimeError)
    assert not raised_by_interrupt(RuntimeError("a bug"))
    try:
        try:
            raise ValueError("first")
        except ValueError:
            raise RuntimeError("then")  # a chain without an interrupt
    except RuntimeError as error:
        assert not raised_by_interrupt(error)


@pytest.mark.parametrize("command", ["render", "trace"])
def test_a_runtime_error_of_a_game_module_is_still_its_failure(tmp_path, command):
    (tmp_path / "broken_game.py").write_text("raise RuntimeError('the module is broken')\n")
    result = run_tracer_process(command, "--game", "broken_game:Game", cwd=tmp_path)
    assert result.returncode == 2
    assert "importing module 'broken_game' failed (RuntimeError: the module is broken)" in result.stderr
