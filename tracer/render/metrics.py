"""Text widths for the layout: how wide Graphviz draws each character of the font tracer writes in
(:data:`.style.FONT`), regular and bold, per point of font size.

Graphviz (cairo and pango) picks the face it draws "Helvetica" with from the fonts installed, so a width holds on a
machine with the same fonts: the same font files, of the same sizes, in the places fontconfig reads and under the
same fontconfig settings, and the same ``dot`` with the same Graphviz and pango libraries (:func:`machine_fonts`, a
listing of file names and sizes: no font or library is opened, no process run). A table or cache also says how
tracer measured it (:data:`FORMAT`). Where the widths come from is decided in one place, :func:`stored_widths`: the
font metric table shipped beside this module (``font_metrics.json``, made where Debian's Graphviz and fonts are installed as
setup.sh installs them) and this machine's cache (``~/.cache/tracer/font-metrics-*.json``), each used only where
made with this machine's fonts; what neither gives, Graphviz measures in a run of ``dot`` (the common characters
measured ahead: see :func:`.engine.start_measuring`), and the cache keeps it for the next process. Either way a
character's width is known from the moment a drawing asks about it (:func:`unmeasured`; the common characters as a
drawing command starts), so a drawing is the same, byte for byte, from the table, the cache or ``dot``.

The table is written by ``python tools/font_metrics.py``, which asks Graphviz; a test checks that it holds every
character the shipped trees and positions draw, and the widths this machine uses against Graphviz's own.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import zlib

from ..errors import OutputError, RenderError
from .dot_text import Digraph, html_escaped
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
# for the characters a drawing has asked about (:func:`unmeasured`, :func:`known_from_table`): from the table or
# the cache where they apply, else from runs of dot. A character no drawing asked about has its guess, stored or not.
_measured: dict[tuple[str, bool], float] = {}
_stored: Stored | None = None  # where this process's widths come from (:func:`stored_widths`; None: not decided yet)
_PROBE = "|"  # each character is measured between two of these, so a space has a width too


def _guess(char: str) -> float:
    code = ord(char)
    return (_ASCII[code - 32] if 32 <= code < 127 else 1000) / 1000 * 1.15  # generous: the font may be wider


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of one line of text in points, as Graphviz will draw it (measured characters), else a generous
    guess from Helvetica's metrics."""
    return _per_point(text, bold) * size


_widths: dict[tuple[str, bool], float] = {}  # a text's width per point, while _widths_of is the widths known
_widths_of: dict | None = None


def _per_point(text: str, bold: bool) -> float:
    """A text's width per point of font size: added up once for each text while the widths known stay the same (a
    deck's layout asks the same few texts thousands of times); forgotten when a width is learnt."""
    global _widths_of
    if _widths_of is not _measured:  # (a test may start from no widths)
        _widths.clear()
        _widths_of = _measured
    width = _widths.get((text, bold))
    if width is None:
        width = _widths[(text, bold)] = sum(_measured.get((char, bold)) or _guess(char) for char in text)
    return width


def unmeasured(texts) -> list[str]:
    """The characters of ``texts`` whose widths are not known yet and the table or cache does not give: those they
    give are known from now on."""
    chars = set("".join(texts))  # (a deck's frames write hundreds of thousands of texts)
    return known_from_table(sorted(char for char in chars if (char, False) not in _measured))


def known_from_table(chars: list[str]) -> list[str]:
    """Know the widths stored for this machine (:func:`stored_widths`: the table, the cache) of ``chars``, as if
    Graphviz had measured them now; the characters they do not give."""
    stored = stored_widths().widths
    for char in chars:
        for bold in (False, True):
            if (char, bold) in stored:
                _measured[(char, bold)] = stored[(char, bold)]
                _widths.clear()  # (a text's width may have been a guess)
    return [char for char in chars if (char, False) not in stored]


def stores(chars) -> bool:
    """Whether the widths stored for this machine (:func:`stored_widths`) give all of ``chars``, regular and bold:
    then no ``dot`` need measure them."""
    stored = stored_widths().widths
    return all((char, bold) in stored for char in chars for bold in (False, True))


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
    in :func:`font_places`, its size), the ``dot`` on the PATH (its real place and size) and the libraries it draws
    text with (:func:`text_libraries`). The same lines: the same fonts to choose from, under the same settings,
    chosen and measured by the same Graphviz."""
    listing = []
    for place in font_places():
        listing.extend(f"{name} in {place}: {size}" for name, size in _files_under(place))
    dot = shutil.which("dot")
    dot = os.path.realpath(dot) if dot else None  # (Debian's /usr/bin/dot is a link to the program)
    listing.append(f"dot: {dot} {os.stat(dot).st_size if dot else None}")
    listing.extend(text_libraries(dot) if dot else [])
    return sorted(listing)


def _files_under(folder: str, prefix: str = ""):
    """(name below ``folder``, size) of every file in it and its subfolders (a dangling link: size -1, as
    fontconfig skips it too); what ``os.walk`` and ``os.path.relpath`` gave, for a fifth of the time."""
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no such folder, or not one
        return
    for entry in entries:
        if entry.is_dir():
            if not entry.is_symlink():  # (os.walk's way: a link to a folder is not followed)
                yield from _files_under(entry.path, f"{prefix}{entry.name}/")
        else:
            try:
                size = entry.stat().st_size
            except OSError:
                size = -1
            yield f"{prefix}{entry.name}", size


# The libraries that decide how wide Graphviz draws text, by the names programs load them by (their sonames, the
# same for years): Graphviz's own, the pango plugin it draws text with, and the text stack below it. Debian's
# /usr/bin/dot is a small program that calls them, so an upgrade of Graphviz or pango leaves dot as it was: the
# files these names lead to (named by version) show it.
TEXT_LIBRARIES = ("libgvc.so.6", "graphviz/libgvplugin_pango.so.6", "libpango-1.0.so.0", "libpangocairo-1.0.so.0",
                  "libpangoft2-1.0.so.0", "libcairo.so.2", "libharfbuzz.so.0", "libfreetype.so.6",
                  "libfontconfig.so.1")


def text_libraries(dot: str) -> list[str]:
    """Where each of :data:`TEXT_LIBRARIES` leads in the first library folder beside ``dot`` that has it
    (``../lib/<multiarch>``, ``../lib64``, ``../lib``): the real file's place, size and time of change (kept by the
    package manager, so that a rebuild of the same version shows too), or ``none``. No library is opened, no folder
    listed and no process run: a few links followed."""
    prefix = os.path.dirname(os.path.dirname(dot))
    multiarch = getattr(sys.implementation, "_multiarch", "") or ""
    folders = [os.path.join(prefix, *parts) for parts in (("lib", multiarch), ("lib64",), ("lib",)) if parts[-1]]
    listing = []
    for name in TEXT_LIBRARIES:
        for folder in folders:
            path = os.path.join(folder, name)
            try:
                found = os.stat(path)
            except OSError:  # not there (or a dangling link): the next folder
                continue
            listing.append(f"library {name}: {os.path.realpath(path)} {found.st_size} {int(found.st_mtime)}")
            break
        else:
            listing.append(f"library {name}: none")
    return listing


# ---- where the widths come from: the table shipped, this machine's cache, else dot --------------------------------

# How tracer measures and stores widths: a table or cache of another format is not read (nor a cache of one found:
# the format is part of its file's name). Raised whenever what a width means, or how it is measured, changes.
FORMAT = 2
NO_CACHE = "TRACER_NO_CACHE"  # set (to anything but nothing): no cache is read or written
MAX_STORED_BYTES = 8 * 2**20  # a table or cache larger than this is not one tracer wrote: not read
MAX_WIDTH = 100.0  # per point of font size: no character is a hundred times as wide as its font is high


class Stored:
    """The widths stored for this machine, by (char, bold): the shipped table's and the cache's where they were made
    with this machine's fonts; ``cache``, the file this machine's widths are kept in (None: caching off), and
    ``cached``, what it holds: as read, and what ``dot`` measured since. (A plain class: a dataclass costs every
    drawing's start-up its making.)"""

    __slots__ = ("widths", "cache", "listing", "cached")

    def __init__(self, widths: dict[tuple[str, bool], float], cache: str | None, listing: list[str],
                 cached: dict[tuple[str, bool], float]):
        self.widths, self.cache, self.listing, self.cached = widths, cache, listing, cached


def stored_widths() -> Stored:
    """Where this process's widths come from, decided once, in this one place: the font metric table shipped with
    tracer and this machine's cache (:func:`cache_file`), each only if it was made with this machine's fonts
    (:func:`machine_fonts`) and read strictly (:func:`read_widths`); what they lack, ``dot`` measures, and the cache
    keeps it for the next process (:func:`learn_widths`). The table is the cache made where Debian's Graphviz and
    fonts are installed as setup.sh installs them."""
    global _stored
    if _stored is None:
        listing = machine_fonts()
        cache = cache_file(listing)
        cached = (read_widths(cache, listing) if cache else None) or {}
        _stored = Stored({**cached, **(read_widths(TABLE, listing) or {})}, cache, listing, dict(cached))
    return _stored


def cache_file(listing: list[str]) -> str | None:
    """This machine's cache of widths: ``font-metrics-<digest of the listing>.json`` in tracer's folder of
    ``$XDG_CACHE_HOME`` (by default ``~/.cache``); None where :data:`NO_CACHE` is set."""
    if os.environ.get(NO_CACHE):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative: the XDG specification says to ignore it
        base = os.path.join(os.path.expanduser("~"), ".cache")
    # (crc32: zlib is loaded already, hashlib would cost a drawing 3 ms; the file's own listing is what is checked)
    digest = zlib.crc32("\n".join([f"format {FORMAT}", FONT, *listing]).encode("utf-8", "surrogateescape"))
    return os.path.join(base, "tracer", f"font-metrics-{digest:08x}.json")


def read_widths(path: str, listing: list[str]) -> dict[tuple[str, bool], float] | None:
    """The widths, by (char, bold), of the table or cache at ``path`` if it was made with ``listing``'s fonts and
    the font tracer draws with, in this :data:`FORMAT`, and is in every part what tracer writes (a regular file of
    JSON, each character with a finite width of at least 0, regular and bold); else None: a file that is not is
    ignored, never trusted."""
    try:
        table = json.loads(_stored_bytes(path))
    except (OSError, ValueError):  # none there, unreadable, or not JSON (not UTF-8 is a ValueError too)
        return None
    if not (isinstance(table, dict) and table.get("format") == FORMAT and table.get("font") == FONT
            and table.get("machine_fonts") == listing):
        return None
    weights = table.get("widths")
    if not isinstance(weights, dict) or set(weights) != {"regular", "bold"}:
        return None
    widths = {}
    for weight, bold in (("regular", False), ("bold", True)):
        given = weights[weight]
        if not isinstance(given, dict) or set(given) != set(weights["regular"]):
            return None
        for char, width in given.items():
            if len(char) != 1 or type(width) not in (int, float) or not 0 <= width <= MAX_WIDTH:  # (NaN fails)
                return None
            widths[(char, bold)] = float(width)
    return widths


def _stored_bytes(path: str) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_STORED_BYTES` (opened without waiting, so that a FIFO put
    there never blocks a drawing); anything else is an :class:`OSError`."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise OSError(f"{path}: not a regular file")
        data = file.read(MAX_STORED_BYTES + 1)
    if len(data) > MAX_STORED_BYTES:
        raise OSError(f"{path}: larger than a table tracer writes")
    return data


def keep_widths(found: dict[tuple[str, bool], float]) -> None:
    """Keep widths ``dot`` measured in this machine's cache, for the next process: the file replaced whole, in one
    rename, so that processes writing at once leave one of them (never a mix, never half a file). A cache that
    cannot be written is not used: a drawing never fails over it."""
    from ..io import write_atomically

    stored = stored_widths()
    if stored.cache is None or all(stored.cached.get(key) == width for key, width in found.items()):
        return
    stored.cached.update(found)
    chars = sorted({char for char, _ in stored.cached if (char, True) in stored.cached})
    table = {"about": "Text widths per point of font size as Graphviz measured them on this machine, kept by "
                      "tracer (tracer.render.metrics); used only where machine_fonts is this machine's",
             "format": FORMAT,
             "font": FONT,
             "widths": {weight: {char: stored.cached[(char, bold)] for char in chars}
                        for weight, bold in (("regular", False), ("bold", True))},
             "machine_fonts": stored.listing}
    try:
        write_atomically(stored.cache, json.dumps(table, indent=1).encode("ascii"), kept=True)
    except (OutputError, OSError):  # a folder that cannot be written, a disc full: measured again next time
        pass


# ---- Graphviz's own measurement: for what the table lacks, and to make the table -------------------------------

def measure_source(chars: list[str]) -> str:
    """DOT that makes ``dot -Tjson`` report each character's width, regular and bold, at 100 points."""
    graph = Digraph(name="measure")
    graph.attr("node", shape="plain", fontname=FONT, fontsize=str(MEASURED_AT))
    graph.node("probe", label=f"<{_PROBE * 2}>")
    graph.node("probe_b", label=f"<<B>{_PROBE * 2}</B>>")
    for i, char in enumerate(chars):
        escaped = html_escaped(char)
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
    (:func:`widths_reported`), in this process and in this machine's cache (:func:`keep_widths`)."""
    found = widths_reported(data, chars)
    _measured.update(found)
    _widths.clear()
    keep_widths(found)
