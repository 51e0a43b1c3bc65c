"""The rendering modules keep to their roles: only the engine runs programs, and it imports nothing that would
delay the measuring it starts ahead; DOT and TikZ are sibling printers; the deck draws nothing."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RENDER = ROOT / "tracer" / "render"


def imported(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (relative imports as written: ``.dot``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_only_the_engine_runs_programs():
    """Graphviz is run by the engine alone; tracer's own work in other processes (--jobs) by tracer/parallel.py; a
    student's search function (test-search), in a child process with its limits, by tracer/test_search/runner.py,
    after tracer/test_search/sandbox.py has tried once whether bubblewrap can isolate it."""
    running = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tracer").rglob("*.py")
                     if imported(path) & {"subprocess", "multiprocessing"} or "os.system" in path.read_text())
    assert running == ["tracer/parallel.py", "tracer/render/engine.py", "tracer/test_search/runner.py",
                       "tracer/test_search/sandbox.py"]


def test_dot_and_tikz_are_siblings_and_the_deck_draws_nothing():
    assert not imported(RENDER / "dot.py") & {".tikz", "tracer.render.tikz"}
    assert not imported(RENDER / "tikz.py") & {".dot", "tracer.render.dot"}
    assert not imported(RENDER / "deck.py") & {".dot", ".tikz", ".engine"}


def test_the_engine_starts_measuring_before_the_rest_of_tracer_is_imported():
    """main() imports the engine to start dot measuring text while Python imports the rest: the engine must need
    nothing of tracer but its errors."""
    code = ("import sys, tracer.render.engine as engine; "
            "print(sorted(m for m in sys.modules if m.startswith('tracer')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str(sorted(["tracer", "tracer.errors", "tracer.render", "tracer.render.engine"]))
