"""Text widths for the layout: how wide Graphviz draws each character of the font tracer writes in
(:data:`.style.FONT`), regular and bold, per point of font size.

The widths come from the font metric table shipped beside this module (``font_metrics.json``), which records what
Graphviz measured on a machine and the fonts it chose from there. Graphviz (cairo and pango) picks the face it draws
"Helvetica" with from the fonts installed, so the table is used only where this machine offers the same fonts:
the same font files, of the same sizes, in the places fontconfig reads and under the same fontconfig settings, and
the same ``dot`` (:func:`machine_fonts`, a listing of file names and sizes: no font is opened, no process run).
Elsewhere, and for any character the table lacks, Graphviz measures the text itself in a run of ``dot`` (the
common characters measured ahead: see :func:`.engine.start_measuring`): rooms fit the text on any machine's fonts.
Either way a character's width is known from the moment a drawing asks about it (:func:`unmeasured`; the common
characters as a drawing command starts), so a drawing is the same, byte for byte, from the table or from ``dot``.

The table is written by ``python tools/font_metrics.py``, which asks Graphviz; a test checks it against Graphviz's
own measurement of every character the shipped trees and positions draw.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil

from ..errors import RenderError
from .dot_text import Digraph
from .style import FONT

TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "font_metrics.json")
MEASURED_AT = 100  # points: the size Graphviz measures at (it rounds a text's width up to whole points)

# Helvetica's advance widths (per 1,000 units of the font size) for printable ASCII, from its AFM file: the guess
# for a character Graphviz has not measured yet (see :func:`measure_source`).
_ASCII = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
          556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
          500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
          556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
          278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584]
# Widths Graphviz measured with the font it draws with on this machine, per point of font size, by (char, bold),
# for the characters a drawing has asked about (:func:`unmeasured`, :func:`known_from_table`): from the table where
# it applies, else from runs of dot. A character no drawing asked about has its guess, table or not.
_measured: dict[tuple[str, bool], float] = {}
_table: dict[tuple[str, bool], float] = {}  # the table's widths, where it applies to this machine
_table_read: bool | None = None  # whether the table applies and was read (None: not looked at yet)
_PROBE = "|"  # each character is measured between two of these, so a space has a width too


def _guess(char: str) -> float:
    code = ord(char)
    return (_ASCII[code - 32] if 32 <= code < 127 else 1000) / 1000 * 1.15  # generous: the font may be wider


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of one line of text in points, as Graphviz will draw it (measured characters), else a generous
    guess from Helvetica's metrics."""
    return sum(_measured.get((char, bold)) or _guess(char) for char in text) * size


def unmeasured(texts) -> list[str]:
    """The characters of ``texts`` whose widths are not known yet and the table (where it applies) does not give:
    those it gives are known from now on."""
    chars = {char for text in texts for char in text}
    return known_from_table(sorted(char for char in chars if (char, False) not in _measured))


def known_from_table(chars: list[str]) -> list[str]:
    """Know the widths the table (where it applies) gives of ``chars``, as if Graphviz had measured them now; the
    characters it does not give."""
    if not read_table():
        return list(chars)
    for char in chars:
        for bold in (False, True):
            if (char, bold) in _table:
                _measured[(char, bold)] = _table[(char, bold)]
    return [char for char in chars if (char, False) not in _table]


# ---- the table: widths Graphviz gave on a machine with these fonts ---------------------------------------------

FONTCONFIG = "/etc/fonts"  # fontconfig's settings on Linux: fonts.conf and the conf.d it includes
FONT_FOLDER = re.compile(r"<dir(?:\s+prefix=\"(\w+)\")?[^>]*>([^<]+)</dir>")  # a <dir> of fontconfig's settings


def font_places() -> list[str]:
    """Where fontconfig reads its settings on Linux (the system's and the user's), and the font folders those
    settings name (``<dir>``: the system's, the local ones, the user's, TeX's)."""
    home = os.path.expanduser("~")
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    places = [FONTCONFIG, os.path.join(config, "fontconfig")]
    for settings in places[:2]:
        for folder, _, files in os.walk(settings):
            for name in sorted(files):
                try:
                    with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as file:
                        named = FONT_FOLDER.findall(file.read())
                except OSError:  # a dangling link: fontconfig skips it too
                    continue
                for prefix, place in named:
                    place = os.path.join(data, place) if prefix == "xdg" else os.path.expanduser(place.strip())
                    places.append(os.path.join(folder, place))  # (a relative folder: beside the settings)
    return list(dict.fromkeys(places))


def machine_fonts() -> list[str]:
    """What decides the face Graphviz draws with and its widths, as lines of text: every file (its name, its place
    in :func:`font_places`, its size) and the size of the ``dot`` on the PATH. The same lines: the same fonts to
    choose from, under the same settings, chosen by the same Graphviz."""
    listing = []
    for place in font_places():
        for folder, _, files in os.walk(place):
            for name in files:
                path = os.path.join(folder, name)
                try:
                    size = os.stat(path).st_size
                except OSError:  # a dangling link: fontconfig skips it too
                    size = -1
                listing.append(f"{os.path.relpath(path, place)} in {place}: {size}")
    dot = shutil.which("dot")
    listing.append(f"dot: {os.stat(dot).st_size if dot else None}")
    return sorted(listing)


def read_table(path: str = TABLE) -> bool:
    """Read the widths of the font metric table at ``path``, once per process, if it was made with this machine's
    fonts (:func:`machine_fonts`) and the font tracer draws with; whether it was. (A width is known, and used,
    once a drawing asks about its character: :func:`known_from_table`.)"""
    global _table_read
    if _table_read is None:
        _table_read = False
        _table.clear()
        try:
            with open(path, encoding="utf-8") as file:
                table = json.load(file)
        except (OSError, ValueError):  # no table (a trimmed install): Graphviz measures everything
            return False
        if isinstance(table, dict) and table.get("font") == FONT and table.get("machine_fonts") == machine_fonts():
            for weight, bold in (("regular", False), ("bold", True)):
                _table.update(((char, bold), width) for char, width in table["widths"][weight].items())
            _table_read = True
    return _table_read


# ---- Graphviz's own measurement: for what the table lacks, and to make the table -------------------------------

def measure_source(chars: list[str]) -> str:
    """DOT that makes ``dot -Tjson`` report each character's width, regular and bold, at 100 points."""
    graph = Digraph(name="measure")
    graph.attr("node", shape="plain", fontname=FONT, fontsize=str(MEASURED_AT))
    graph.node("probe", label=f"<{_PROBE * 2}>")
    graph.node("probe_b", label=f"<<B>{_PROBE * 2}</B>>")
    for i, char in enumerate(chars):
        escaped = html.escape(char)
        graph.node(f"c{i}", label=f"<{_PROBE}{escaped}{_PROBE}>")
        graph.node(f"c{i}_b", label=f"<<B>{_PROBE}{escaped}{_PROBE}</B>>")
    return graph.source


def widths_reported(data: bytes | str, chars: list[str]) -> dict[tuple[str, bool], float]:
    """The widths per point, by (char, bold), that ``dot -Tjson`` reported for :func:`measure_source` of ``chars``;
    output that is not Graphviz's JSON (a ``dot`` that is some other program) is a :class:`RenderError`."""
    try:
        widths = {obj["name"]: float(obj["width"]) * 72 for obj in json.loads(data).get("objects", [])}
    except (ValueError, TypeError, KeyError, AttributeError):  # not JSON, not UTF-8, or not Graphviz's layout
        raise RenderError("Graphviz's dot printed something other than its JSON layout: is 'dot' on the PATH "
                          "Graphviz?") from None
    found = {}
    for i, char in enumerate(chars):
        for suffix, bold in (("", False), ("_b", True)):
            probe = widths.get("probe" + suffix, 0.0)
            width = widths.get(f"c{i}{suffix}")
            if width is not None:
                found[(char, bold)] = max(0.0, width - probe) / MEASURED_AT
    return found


def learn_widths(data: bytes | str, chars: list[str]) -> None:
    """Remember the widths ``dot -Tjson`` reported for :func:`measure_source` of ``chars``
    (:func:`widths_reported`)."""
    _measured.update(widths_reported(data, chars))
