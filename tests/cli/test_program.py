"""The ``tracer`` program (:func:`tracer.cli.main.run`) against :func:`tracer.cli.main.main`: the program exits with
main's status (its garbage collector passing less often, and what is left frozen so that Python's exit walks none of
it); main, run in a process that goes on (a test, a notebook), changes neither."""

from __future__ import annotations

import gc
import tomllib

from helpers import ROOT, run_tracer_here, run_tracer_process


def test_main_freezes_nothing_in_a_process_that_goes_on(tmp_path):
    assert gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    done = run_tracer_here("render", ROOT / "trees" / "rn_example.yaml", "-f", "dot", "-o", tmp_path / "rn.dot")
    assert done.returncode == 0 and (tmp_path / "rn.dot").read_text().startswith("digraph")
    assert gc.get_freeze_count() == 0 and gc.isenabled() and gc.get_threshold() == thresholds


def test_the_program_exits_with_main_s_status(tmp_path):
    drawn = run_tracer_process("render", ROOT / "trees" / "rn_example.yaml", "-o", tmp_path / "rn.svg")
    assert drawn.returncode == 0 and "</svg>" in (tmp_path / "rn.svg").read_text()
    refused = run_tracer_process("render", tmp_path / "missing.yaml", "-o", tmp_path / "no.svg")
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1 and not (tmp_path / "no.svg").exists()


def test_the_installed_command_is_the_program():
    with open(ROOT / "pyproject.toml", "rb") as project:
        assert tomllib.load(project)["project"]["scripts"]["tracer"] == "tracer.cli.main:run"
