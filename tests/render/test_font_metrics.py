"""The widths tracer measures text with, against Graphviz's own measurement, with the real dot: the font metric
table (tracer/render/font_metrics.json) holds every character the shipped trees and positions draw; whatever this
machine uses (the table where its fonts are the table's, else the cache tracer keeps of dot's measurement) is what
dot reports, on any machine; a table or cache made with other fonts, or spoilt, is never read."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, run_tracer_process, start_tracer
from tracer.render import drawing, engine, metrics
from tracer.render.engine import run_graphviz


def _tool():
    spec = importlib.util.spec_from_file_location("font_metrics_tool", ROOT / "tools" / "font_metrics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def table() -> dict:
    return json.loads(Path(metrics.TABLE).read_text(encoding="utf-8"))


def as_a_process_starts(monkeypatch) -> None:
    """tracer's widths as a new process has them: nothing measured, nothing stored looked at yet."""
    monkeypatch.setattr(metrics, "_measured", {})
    monkeypatch.setattr(metrics, "_stored", None)
    monkeypatch.setattr(engine, "_measured", False)
    monkeypatch.setattr(engine, "_measuring", None)
    monkeypatch.setattr(engine, "_ahead_in_table", False)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """This test's own cache folder (never the user's, nor the run's), cold, and tracer as a process starts."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(metrics.NO_CACHE, raising=False)
    as_a_process_starts(monkeypatch)
    return tmp_path / "cache" / "tracer"


def fonts_added(tmp_path) -> str:
    """An XDG_DATA_HOME whose fonts folder holds one more file: this machine's fonts are then not the table's."""
    folder = tmp_path / "share"
    (folder / "fonts").mkdir(parents=True, exist_ok=True)
    (folder / "fonts" / "added.ttf").write_bytes(b"a font of the user's")
    return str(folder)


def test_the_table_holds_every_character_drawn(table):
    drawn = _tool().shipped_characters()
    assert {"α", "β", "−", "∞", "A", "7"} <= drawn  # the collection sees what the drawings write
    chars = sorted(table["widths"]["regular"])
    assert sorted(drawn - set(chars)) == [], "regenerate with: .venv/bin/python tools/font_metrics.py"
    assert sorted(table["widths"]["bold"]) == chars


@pytest.mark.parametrize("fonts", ["this machine's", "one font added"])
def test_the_widths_this_machine_uses_are_those_graphviz_measures(table, cache, tmp_path, monkeypatch, fonts):
    """Every character of the table, measured for a drawing (from the table or the cache where they apply, else by
    dot and kept in the cache), then by the next process (from the table or the cache: no dot), is the width dot
    reports for it: on any machine, whether the table applies there or not."""
    if fonts == "one font added":
        monkeypatch.setenv("XDG_DATA_HOME", fonts_added(tmp_path))
    chars = sorted(table["widths"]["regular"])
    graphviz = metrics.widths_reported(run_graphviz(metrics.measure_source(chars), "json", "dot"), chars)
    drawing.measure([], ["".join(chars)])
    applies = table["machine_fonts"] == metrics.machine_fonts()
    assert applies or Path(metrics.stored_widths().cache).is_file()  # dot measured them, and they were kept
    assert fonts == "this machine's" or not applies

    as_a_process_starts(monkeypatch)
    runs = []
    monkeypatch.setattr(engine, "_run", lambda *args, **kwargs: runs.append(args) or b"{}")
    assert metrics.stores(chars)
    engine.start_measuring()
    drawing.measure([], ["".join(chars)])
    assert runs == [] and engine._measuring is None
    differ = [key for key, width in graphviz.items() if metrics._measured.get(key) != width]
    assert len(graphviz) == 2 * len(chars) and differ == [], (
        "the table is used here but Graphviz measures otherwise: regenerate it" if applies else "the cache differs")


def test_a_font_installed_or_another_dot_changes_the_machine_s_fonts(tmp_path, monkeypatch):
    here = metrics.machine_fonts()
    assert metrics.machine_fonts() == here  # the same machine, the same listing
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert metrics.machine_fonts() == here  # no user fonts folder yet
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Helvetica.ttf").write_bytes(b"a font of the user's")
    assert metrics.machine_fonts() != here
    monkeypatch.delenv("XDG_DATA_HOME")
    wrapper = tmp_path / "bin" / "dot"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\nexec {shutil.which("dot")} "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv("PATH", f"{wrapper.parent}:{shutil.which('dot').rsplit('/', 1)[0]}")
    assert metrics.machine_fonts() != here


def test_an_upgrade_of_graphviz_or_pango_changes_the_machine_s_fonts(tmp_path):
    """Debian's dot is a small program that calls Graphviz's libraries, which draw text with pango's: the listing
    follows their names (sonames) beside dot to the files they lead to, and so changes when an upgrade replaces
    them (another version, or a rebuild of the same one) and leaves dot alone."""
    dot = os.path.realpath(shutil.which("dot"))
    here = metrics.text_libraries(dot)
    assert len(here) == len(metrics.TEXT_LIBRARIES) and set(here) <= set(metrics.machine_fonts())
    for name in ("libgvc.so.6", "graphviz/libgvplugin_pango.so.6", "libpango-1.0.so.0"):  # as setup.sh installs them
        assert not any(line == f"library {name}: none" for line in here), here
    program = tmp_path / "bin" / "dot"
    program.parent.mkdir()
    program.write_bytes(b"a dot")
    folder = tmp_path / "lib" / (sys.implementation._multiarch or "")
    folder.mkdir(parents=True)
    pango = folder / "libpango-1.0.so.0.5000.12"
    pango.write_bytes(b"pango 1.50.12")
    (folder / "libpango-1.0.so.0").symlink_to(pango.name)
    os.utime(pango, (1_700_000_000, 1_700_000_000))
    before = metrics.text_libraries(str(program))
    assert f"library libpango-1.0.so.0: {pango} 13 1700000000" in before
    assert "library libgvc.so.6: none" in before
    pango.write_bytes(b"pango 1.50.13")  # rebuilt: the same name and size
    assert metrics.text_libraries(str(program)) != before
    newer = folder / "libpango-1.0.so.0.5200.0"
    newer.write_bytes(b"pango 1.50.12")
    os.utime(newer, (1_700_000_000, 1_700_000_000))
    (folder / "libpango-1.0.so.0").unlink()
    (folder / "libpango-1.0.so.0").symlink_to(newer.name)  # another version: the link moved
    assert metrics.text_libraries(str(program)) != before


def test_the_cache_of_another_format_is_another_file(monkeypatch):
    """A cache written as an older tracer measured is never even opened: the format is part of its name."""
    listing = metrics.machine_fonts()
    now = metrics.cache_file(listing)
    monkeypatch.setattr(metrics, "FORMAT", metrics.FORMAT + 1)
    assert metrics.cache_file(listing) != now


def _spoilt(good: dict) -> list:
    """Tables or caches tracer did not write as they are, each as (what, the file's bytes)."""
    def changed(**parts):
        return json.dumps({**good, **parts}).encode()

    def width(weight, value):
        return changed(widths={**good["widths"], weight: {**good["widths"][weight], "a": value}})

    whole = json.dumps(good).encode()
    return [("empty", b""), ("cut short", whole[:len(whole) // 2]), ("not UTF-8", b"\xff\xfe{}"),
            ("not an object", b"[]"), ("another font", changed(font="Times-Roman")),
            ("another format", changed(format=good["format"] - 1)), ("no format", changed(format=None)),
            ("a font removed", changed(machine_fonts=good["machine_fonts"][1:])), ("no widths", changed(widths=None)),
            ("no bold", changed(widths={"regular": good["widths"]["regular"]})),
            ("a bold width missing", changed(widths={**good["widths"], "bold": {"a": 0.5}})),
            ("a width as text", width("regular", "0.5")), ("a width true", width("bold", True)),
            ("a negative width", width("regular", -0.1)), ("a width past any font", width("regular", 1e300)),
            ("a width NaN", whole.replace(b'"a": 0', b'"a": NaN', 1).replace(b'"a": 0', b'"a": NaN')),
            ("two characters as one", changed(widths={weight: {**widths, "ab": 0.5}
                                                      for weight, widths in good["widths"].items()}))]


def test_a_table_or_cache_not_as_tracer_writes_it_is_never_read(cache, tmp_path, monkeypatch):
    """A cache is read as strictly as the table: one made with other fonts or for another font, or spoilt in any
    part, is ignored whole (the widths measured by dot again), and so is a FIFO (never waited on) or a folder."""
    monkeypatch.setenv("XDG_DATA_HOME", fonts_added(tmp_path))
    drawing.measure([], ["ab"])  # measured by dot, and kept
    path = Path(metrics.stored_widths().cache)
    good = json.loads(path.read_text(encoding="utf-8"))
    listing = metrics.machine_fonts()
    assert metrics.read_widths(str(path), listing) == {key: metrics._measured[key] for key in metrics._measured}
    assert all(0 < width < 1 for width in metrics.read_widths(str(path), listing).values())
    assert metrics.read_widths(metrics.TABLE, listing) is None  # (with a font added: not this machine's table)
    for what, data in _spoilt(good):
        path.write_bytes(data)
        assert metrics.read_widths(str(path), listing) is None, what
    path.write_bytes(json.dumps(good).encode())
    assert metrics.read_widths(str(path), listing)  # whole again, and then
    limit = metrics.MAX_STORED_BYTES
    monkeypatch.setattr(metrics, "MAX_STORED_BYTES", path.stat().st_size - 1)  # larger than tracer writes
    assert metrics.read_widths(str(path), listing) is None
    monkeypatch.setattr(metrics, "MAX_STORED_BYTES", limit)
    path.unlink()
    os.mkfifo(path)
    assert metrics.read_widths(str(path), listing) is None
    as_a_process_starts(monkeypatch)
    drawing.measure([], ["ab"])  # measured again; the FIFO not replaced
    assert metrics._measured[("a", False)] == good["widths"]["regular"]["a"] and not path.is_file()
    path.unlink()
    path.mkdir()
    assert metrics.read_widths(str(path), listing) is None
    assert metrics.read_widths(str(tmp_path / "missing.json"), listing) is None


def test_a_cache_that_cannot_be_written_or_is_turned_off_is_not_used(cache, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", fonts_added(tmp_path))
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    drawing.measure([], ["ab"])  # the drawing's text measured all the same
    assert metrics._measured[("b", True)] > metrics._measured[("a", False)] > 0
    assert blocked.read_text() == "not a folder"
    as_a_process_starts(monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache.parent))
    monkeypatch.setenv(metrics.NO_CACHE, "1")
    drawing.measure([], ["ab"])
    assert metrics.stored_widths().cache is None and not cache.exists()


def test_a_drawing_is_the_same_from_the_table_from_dot_and_from_the_cache_however_many_write_it(cache, tmp_path):
    """The example with the slide's key and visit numbers drawn by processes sharing one cache folder: three at
    once where a font added makes Graphviz measure the text (as on a machine with other fonts: each keeps the
    widths, replacing the cache whole), then one more there (from the cache: nothing measured, the file not
    replaced), and one with this machine's fonts (from the table where it applies): the same bytes."""
    args = ("render", "trees/rn_example.yaml", "--visits", "--legend", "--size", "16:9", "-f", "dot")
    other = {"XDG_CACHE_HOME": str(cache.parent), "XDG_DATA_HOME": fonts_added(tmp_path)}
    at_once = [start_tracer(*args, "-o", tmp_path / f"cold{i}.dot", env=other, stderr=subprocess.DEVNULL)
               for i in range(3)]
    assert [process.wait(timeout=300) for process in at_once] == [0, 0, 0]
    [kept] = cache.iterdir()  # one file, whole: no temporary file left beside it
    assert json.loads(kept.read_text(encoding="utf-8"))["font"] == "Helvetica"
    before = kept.stat().st_ino
    for name, env in (("warm", other), ("here", {"XDG_CACHE_HOME": str(cache.parent)})):
        result = run_tracer_process(*args, "-o", tmp_path / f"{name}.dot", env=env)
        assert result.returncode == 0, result.stderr
    assert kept.stat().st_ino == before  # read, not written again
    drawn = {path.name: path.read_bytes() for path in tmp_path.glob("*.dot")}
    assert len(drawn) == 5 and len(set(drawn.values())) == 1 and b"fontname=Helvetica" in drawn["here.dot"]
