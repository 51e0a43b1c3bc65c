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


def test_apt_get_goes_straight_on_when_nothing_holds_the_lock():
    process = _setup("apt_busy", "||", "echo", "free")
    out, err = process.communicate(timeout=60)
    assert out == "free\n" and err == ""
