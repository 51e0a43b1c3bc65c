"""Text measured ahead: as a drawing command starts, ``dot`` measures the characters most drawings use while
Python is still importing tracer (a third of a render's start-up otherwise).

The DOT it reads is ``measure.gv`` beside this module: :func:`.layout.measure_source` of :data:`COMMON_CHARS`,
written by ``python -m tracer.render.ahead`` (a test checks it is current). Only the standard library is imported
here, so the measuring starts at once; :func:`.engine.measure` collects it.
"""

from __future__ import annotations

import os
import subprocess

COMMON_CHARS = sorted(set(map(chr, range(32, 127))) | set("×·…αβ−∞≤≥⋯━┄□▣▲▽○●✂↻"))  # what most drawings write
SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "measure.gv")
_process: subprocess.Popen | None = None
_measured = False  # collected once: this process knows the widths


def start() -> None:
    """Start ``dot`` measuring :data:`COMMON_CHARS` (once per process; nothing if it cannot start)."""
    global _process
    if _process is None and not _measured:
        try:
            _process = subprocess.Popen(["dot", "-Tjson", SOURCE], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        except OSError:  # no dot: the drawing reports it, with the install hint, where it needs Graphviz
            pass


def collect() -> bytes | None:
    """What the measuring ``dot`` wrote (for :func:`.layout.learn_widths` with :data:`COMMON_CHARS`), or None when
    it was not started or failed (then the characters are measured as any others)."""
    global _process, _measured
    process, _process = _process, None
    if process is None:
        return None
    try:
        data, _ = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return None
    _measured = process.returncode == 0
    return data if _measured else None


def stop() -> None:
    """Stop and reap a measuring run that was not collected (the command ended before it drew anything)."""
    global _process
    process, _process = _process, None
    if process is not None:
        process.kill()
        process.communicate()


if __name__ == "__main__":
    from .layout import measure_source

    with open(SOURCE, "w", encoding="utf-8") as out:
        out.write(measure_source(COMMON_CHARS))
    print(SOURCE)
