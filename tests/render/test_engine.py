"""A Graphviz that never answers is stopped with everything it started. The `dot` here is a wrapper script whose child
holds the pipes (`#!/bin/sh` + `sleep 1000`), put first on PATH: killing the script alone left tracer waiting for the
pipes to close, forever. Frames being drawn are stopped the same way when a signal interrupts the reader. Real
processes; only Graphviz's time limit is changed (30 s in use)."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from helpers import HANG_GUARD  # only so that a regression fails instead of hanging the suite (the limit used: 1 s)
from tracer.errors import RenderError
from tracer.render import engine, metrics


@pytest.fixture
def hanging_dot(tmp_path, monkeypatch):
    """A `dot` first on PATH that starts `sleep 1000` (its pid added to a file beside it) and waits for it."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "dot"
    script.write_text(f'#!/bin/sh\nsleep 1000 &\necho $! >> "{folder}/sleep.pid"\nwait\n')
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
    """Whether a process whose pid the scripts wrote still runs, once the kill has had time to land (one that was
    stopped before it could write its child's pid was stopped with that child)."""
    pids = pid_file.read_text().split() if pid_file.exists() else []
    return any(_pid_running(int(pid)) for pid in pids)


def _pid_running(pid: int) -> bool:
    """Whether process ``pid`` still runs, once a kill has had time to land (SIGKILL is delivered as the kernel gets
    to it; a regression leaves it running for 1,000 s). A zombie has ended."""
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
    monkeypatch.setattr(metrics, "_stored", None)  # looked at again: this dot is not the table's
    engine.start_measuring()
    error = _finishes(engine.measured_ahead)
    assert isinstance(error, RenderError) and "measuring the text" in str(error)
    assert not _running(hanging_dot)


def test_a_measuring_run_never_collected_is_stopped_with_its_group(hanging_dot, monkeypatch):
    monkeypatch.setattr(engine, "_measuring", None)
    monkeypatch.setattr(engine, "_measured", False)
    monkeypatch.setattr(metrics, "_stored", None)  # looked at again: this dot is not the table's
    engine.start_measuring()
    for _ in range(HANG_GUARD * 20):  # the script writes its child's pid as it starts
        if hanging_dot.exists() and hanging_dot.read_text().strip():
            break
        threading.Event().wait(0.05)
    assert _finishes(engine.stop_measuring) is None
    assert not _running(hanging_dot)


def test_a_signal_stops_the_frames_still_drawing(tmp_path, monkeypatch):
    """Ctrl-C while a deck's frames are drawn stops the Graphviz processes drawing them, at once: the threads that
    run them cannot be interrupted, and waiting for them waited for Graphviz to finish. The `dot` here is slow (it
    would finish after HANG_GUARD seconds, and then say so in a file) and, as the first one starts, it sends this
    process SIGINT. Graphviz's time limit is set past that, so only the interrupt can end it."""
    folder = tmp_path / "bin"
    folder.mkdir()
    started, finished = folder / "started", folder / "finished"
    script = folder / "dot"
    script.write_text(f'#!/bin/sh\necho $$ >> "{started}"\n'
                      f'mkdir "{folder}/interrupted" 2>/dev/null && kill -INT $PPID\n'  # the first only
                      f'sleep {HANG_GUARD} &\necho $! >> "{started}"\nwait\ntouch "{finished}"\n')
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(engine, "BASE_SECONDS", 10.0 * HANG_GUARD)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as tracer has it, whatever pytest inherited
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in engine.run_graphviz_many(["digraph { a }"] * 2, 2, "svg", program="dot", args=()):
                pass  # the first frame never comes: the interrupt strikes while the reader waits for it
    finally:
        signal.signal(signal.SIGINT, previous)
    assert not finished.exists(), "the slow Graphviz was waited for, not stopped"
    for pid in started.read_text().split():  # the script and what it started, of each chunk started
        assert not _pid_running(int(pid)), f"Graphviz's process {pid} was left running"
