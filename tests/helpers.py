"""Shared test helpers (tests/ is on sys.path): paths, and running the real command line in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREES = ROOT / "trees"


def run_tracer(*args, cwd=None, env=None, input_text=None) -> subprocess.CompletedProcess:
    """Run ``python -m tracer ARGS`` as a user would, and capture what it prints."""
    full_env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "tracer", *map(str, args)], cwd=cwd or ROOT, env=full_env,
                          capture_output=True, text=True, input=input_text, timeout=300)

