"""Write tracer's font metric table, ``tracer/render/font_metrics.json``: the width Graphviz draws each character
with, regular and bold, in the font tracer writes in, on this machine, and the listing of the fonts it chose from
(see :mod:`tracer.render.metrics`: the table is the cache tracer keeps, made for Debian's Graphviz and fonts). Run it from the checkout, after installing Graphviz and fonts as setup.sh does::

    .venv/bin/python tools/font_metrics.py

The characters are those most drawings write (:data:`tracer.render.engine.COMMON_CHARS`), the others tracer's own
words and keys draw (:data:`OWN_CHARS`), and every character drawn for the shipped trees and positions
(:func:`shipped_characters`); tests/render/test_font_metrics.py checks the table against Graphviz's measurement.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tracer.cli.main import main  # noqa: E402  (the checkout's tracer, whatever is installed)
from tracer.render import metrics  # noqa: E402
from tracer.render.engine import COMMON_CHARS, run_graphviz  # noqa: E402
from tracer.render.style import FONT  # noqa: E402

# What tracer's own words, keys and marks draw beyond COMMON_CHARS (captions' dashes and arrows, a student's ✗,
# the keys' symbols): in the table so that no drawing of tracer's needs a run of dot
OWN_CHARS = "§±—→√⊞┃░■◎✗"

# How each shipped file is drawn to collect the characters: the drawings and the worksheets of every tree (with
# the key's text, the visit numbers and the compact stubs), and every position two plies deep
TREE_DRAWINGS = (("render", "--visits", "--legend"), ("render", "--compact"), ("worksheet", "--key"))
POSITION_DRAWINGS = (("render", "--depth", "2", "--legend"),)


def shipped_characters(root: Path = ROOT) -> set[str]:
    """Every character the drawings of the shipped trees and positions write (read back from their pinned DOT;
    a drawing tracer refuses for a file, such as a worksheet of a tree with no answer to ask, is skipped)."""
    drawings = [(path, args) for path in sorted((root / "trees").glob("*.yaml")) for args in TREE_DRAWINGS]
    drawings += [(path, args) for path in sorted((root / "games" / "positions").glob("*.yaml"))
                 for args in POSITION_DRAWINGS]
    chars: set[str] = set()
    with tempfile.TemporaryDirectory() as folder:
        for i, (path, (command, *options)) in enumerate(drawings):
            out = Path(folder) / f"{i}.dot"
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                status = main([command, str(path), *options, "-f", "dot", "-o", str(out)])
            if status == 0:
                chars |= set(html.unescape(out.read_text(encoding="utf-8")))
    return {char for char in chars if char.isprintable()}


def graphviz_says() -> tuple[str, str]:
    """Graphviz's version and the face it resolves the font to (as ``dot -v`` reports them), for the reader."""
    version = subprocess.run(["dot", "-V"], capture_output=True, text=True, check=True).stderr.strip()
    probe = f'digraph {{ node [fontname="{FONT}"]; a }}'
    verbose = subprocess.run(["dot", "-v", "-Tjson"], input=probe, capture_output=True, text=True, check=True)
    resolved = [line.split("resolved to: ", 1)[1] for line in verbose.stderr.splitlines() if "resolved to: " in line]
    return version, resolved[0] if resolved else "(not reported)"


def make_table() -> dict:
    chars = sorted(set(COMMON_CHARS) | set(OWN_CHARS) | shipped_characters())
    widths = metrics.widths_reported(run_graphviz(metrics.measure_source(chars), "json", "dot",
                                                  stage="measuring the text"), chars)
    version, resolved = graphviz_says()
    return {
        "about": "Text widths per point of font size as Graphviz draws them, written by tools/font_metrics.py; "
                 "used only where machine_fonts is this machine's (tracer.render.metrics)",
        "format": metrics.FORMAT,
        "font": FONT,
        "graphviz": version,
        "resolved": resolved,
        "widths": {weight: {char: widths[(char, bold)] for char in chars}
                   for weight, bold in (("regular", False), ("bold", True))},
        "machine_fonts": metrics.machine_fonts(),
    }


if __name__ == "__main__":
    table = make_table()
    Path(metrics.TABLE).write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{metrics.TABLE}: {len(table['widths']['regular'])} characters, {table['resolved']}")
