"""setup.sh waits for another package manager run (which holds apt's and dpkg's locks, as unattended upgrades do on a
fresh cloud VM) for up to two minutes, with one line saying so, instead of failing at once. The test holds dpkg's
real frontend lock as apt does (an fcntl lock) and runs setup's apt-get on a package already installed."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCK = "/var/lib/dpkg/lock-frontend"

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("apt-get") or not os.path.exists(LOCK)
                                or not shutil.which("dot"),
                                reason="needs root, apt-get and dpkg's lock (Debian or Ubuntu), and Graphviz installed")


def _setup(*command: str) -> subprocess.Popen:
    """setup.sh's functions, sourced, running ``command``."""
    return subprocess.Popen(["bash", "-c", f'source "{ROOT}/setup.sh" && {" ".join(command)}'], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_apt_get_waits_for_the_lock_with_one_line():
    lock = os.open(LOCK, os.O_RDWR)
    try:
        fcntl.lockf(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as another apt-get holds it
        process = _setup("apt_get", "install", "-y", "-qq", "graphviz")
        said = []
        waiting = threading.Event()

        def read():
            for line in process.stderr:
                said.append(line)
                if "waiting" in line:
                    waiting.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert waiting.wait(60), "".join(said)
        assert process.poll() is None  # still waiting, not failed
    finally:
        os.close(lock)  # the other run ends
    assert process.wait(timeout=300) == 0, "".join(said)
    reader.join(30)
    process.stdout.close()
    process.stderr.close()
    lines = [line for line in said if line.strip()]
    assert lines == ["setup: another package manager run holds apt's lock; waiting for it to finish (up to 2 "
                     "minutes)\n"], lines


def _busy(lock: Path) -> str:
    """setup.sh's apt_busy on ``lock`` alone ("busy" or "free"). Its own file, not dpkg's: the test above holds
    dpkg's real lock and may run at the same time in another test worker."""
    process = _setup(f"APT_LOCKS=({lock})", "&&", "{", "apt_busy", "&&", "echo", "busy", "||", "echo", "free;", "}")
    out, err = process.communicate(timeout=60)
    assert err == "", err
    return out.strip()


def test_apt_busy_sees_a_held_lock_and_only_while_it_is_held(tmp_path):
    lock_file = tmp_path / "lock-frontend"
    lock_file.touch()
    assert _busy(lock_file) == "free"
    lock = os.open(lock_file, os.O_RDWR)
    try:
        fcntl.lockf(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as apt holds it
        assert _busy(lock_file) == "busy"
    finally:
        os.close(lock)
    assert _busy(lock_file) == "free"
    assert _busy(tmp_path / "absent") == "free"  # a lock file not made yet: nothing holds it
