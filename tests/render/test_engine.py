"""A Graphviz that never answers is stopped with everything it started. The `dot` here is a wrapper script whose child
holds the pipes (`#!/bin/sh` + `sleep 1000`), put first on PATH: killing the script alone left tracer waiting for the
pipes to close, forever. Real processes; only Graphviz's time limit is shortened (30 s in use)."""

from __future__ import annotations

import os
import threading

import pytest

from tracer.errors import RenderError
from tracer.render import engine

HANG_GUARD = 120  # seconds: only so that a regression fails instead of hanging the suite (the limit used is 1 s)


@pytest.fixture
def hanging_dot(tmp_path, monkeypatch):
    """A `dot` first on PATH that starts `sleep 1000` (its pid written beside it) and waits for it."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "dot"
    script.write_text(f'#!/bin/sh\nsleep 1000 &\necho $! > "{folder}/sleep.pid"\nwait\n')
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(engine, "BASE_SECONDS", 1.0)
    return folder / "sleep.pid"


def _finishes(call):
    """What ``call()`` raised, run in a thread; a call still running after :data:`HANG_GUARD` fails the test."""
    outcome = {}

    def run():
        try:
            outcome["value"] = call()
        except BaseException as error:  # noqa: BLE001 (handed back to the test)
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    assert not thread.is_alive(), "tracer waited for a Graphviz that never answers"
    return outcome.get("error")


def _running(pid_file) -> bool:
    """Whether the process whose pid the script wrote still runs, once the kill has had time to land (SIGKILL is
    delivered as the kernel gets to it; a regression leaves it running for 1,000 s). A zombie has ended."""
    pid = int(pid_file.read_text())
    for _ in range(HANG_GUARD * 10):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rpartition(")")[2].split()[0] in ("Z", "X"):
                    return False
        except FileNotFoundError:
            return False
        threading.Event().wait(0.1)
    return True


def test_a_drawing_is_stopped_with_the_whole_process_group(hanging_dot):
    error = _finishes(lambda: engine.run_graphviz("digraph { a }", "svg"))
    assert isinstance(error, RenderError)
    assert "took more than 1 s drawing the diagram and was stopped" in str(error)
    assert not _running(hanging_dot)


def test_frames_are_stopped_with_the_whole_process_group(hanging_dot):
    error = _finishes(lambda: list(engine.run_graphviz_many(["digraph { a }"] * 3, 3, "svg", program="dot",
                                                            args=())))
    assert isinstance(error, RenderError)
    assert not _running(hanging_dot)


def test_measuring_ahead_is_stopped_with_the_whole_process_group(hanging_dot, monkeypatch):
    monkeypatch.setattr(engine, "_measuring", None)
    monkeypatch.setattr(engine, "_measured", False)
    engine.start_measuring()
    error = _finishes(engine.measured_ahead)
    assert isinstance(error, RenderError) and "measuring the text" in str(error)
    assert not _running(hanging_dot)


def test_a_measuring_run_never_collected_is_stopped_with_its_group(hanging_dot, monkeypatch):
    monkeypatch.setattr(engine, "_measuring", None)
    monkeypatch.setattr(engine, "_measured", False)
    engine.start_measuring()
    for _ in range(HANG_GUARD * 20):  # the script writes its child's pid as it starts
        if hanging_dot.exists() and hanging_dot.read_text().strip():
            break
        threading.Event().wait(0.05)
    assert _finishes(engine.stop_measuring) is None
    assert not _running(hanging_dot)
