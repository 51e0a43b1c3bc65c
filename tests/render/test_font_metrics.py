"""The font metric table (tracer/render/font_metrics.json) against Graphviz's own measurement, with the real dot: it
holds every character the shipped trees and positions draw, with the widths dot reports, and it is used only where
this machine's fonts are those it was made with."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from helpers import ROOT, run_tracer_process
from tracer.render import drawing, engine, metrics
from tracer.render.drawing import DrawOptions, scene_of
from tracer.render.engine import run_graphviz


def _tool():
    spec = importlib.util.spec_from_file_location("font_metrics_tool", ROOT / "tools" / "font_metrics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def table() -> dict:
    return json.loads(Path(metrics.TABLE).read_text(encoding="utf-8"))


def test_the_table_holds_every_character_drawn_with_the_widths_graphviz_measures(table):
    drawn = _tool().shipped_characters()
    assert {"α", "β", "−", "∞", "A", "7"} <= drawn  # the collection sees what the drawings write
    chars = sorted(table["widths"]["regular"])
    assert sorted(drawn - set(chars)) == [], "regenerate with: .venv/bin/python tools/font_metrics.py"
    assert sorted(table["widths"]["bold"]) == chars
    graphviz = metrics.widths_reported(run_graphviz(metrics.measure_source(chars), "json", "dot"), chars)
    differ = [(char, bold) for char in chars for weight, bold in (("regular", False), ("bold", True))
              if table["widths"][weight][char] != graphviz[(char, bold)]]
    here = metrics.machine_fonts()
    if table["machine_fonts"] != here:
        changed = sorted(set(here) ^ set(table["machine_fonts"]))
        pytest.skip(f"this machine's fonts are not the table's, so it is not used here ({len(differ)} of "
                    f"{2 * len(chars)} widths differ; {len(changed)} files differ, such as {changed[:3]})")
    assert differ == [], "the table is used here but Graphviz measures otherwise: regenerate it"


def test_a_table_made_with_other_fonts_or_for_another_font_is_not_read(table, tmp_path, monkeypatch):
    monkeypatch.setattr(metrics, "_measured", {})
    for change in ({"machine_fonts": table["machine_fonts"][1:]}, {"font": "Times-Roman"}):  # a font removed
        monkeypatch.setattr(metrics, "_table_read", None)
        other = tmp_path / "other.json"
        other.write_text(json.dumps({**table, **change}), encoding="utf-8")
        assert metrics.read_table(str(other)) is False and metrics._measured == {}
    monkeypatch.setattr(metrics, "_table_read", None)
    assert metrics.read_table(str(tmp_path / "missing.json")) is False


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


def test_where_the_table_applies_a_drawing_runs_no_measuring_dot(table, monkeypatch):
    if table["machine_fonts"] != metrics.machine_fonts():
        pytest.skip("this machine's fonts are not the table's")
    from tracer import load_problem, trace_search

    problem = load_problem(str(ROOT / "trees" / "rn_example.yaml"))
    scene = scene_of(trace_search(problem.root, meta=problem.meta), DrawOptions(visits=True, legend=True))
    monkeypatch.setattr(metrics, "_measured", {})
    monkeypatch.setattr(metrics, "_table_read", None)
    monkeypatch.setattr(engine, "_measured", False)
    engine.start_measuring()
    runs = []
    monkeypatch.setattr(engine, "_run", lambda *args, **kwargs: runs.append(args) or b"{}")
    drawing.measure([scene])
    assert runs == [] and engine._measuring is None
    assert metrics._measured[("α", False)] == table["widths"]["regular"]["α"]


def test_a_drawing_is_the_same_byte_for_byte_from_the_table_and_from_dot(table, tmp_path):
    """The example with the slide's key and visit numbers, drawn by two processes: one reading the table, one where
    a font added to the user's folder makes Graphviz measure the text (as on a machine with other fonts)."""
    if table["machine_fonts"] != metrics.machine_fonts():
        pytest.skip("this machine's fonts are not the table's")
    (tmp_path / "share" / "fonts").mkdir(parents=True)
    (tmp_path / "share" / "fonts" / "added.ttf").write_bytes(b"a font of the user's")
    drawn = {}
    for name, env in (("table", {}), ("dot", {"XDG_DATA_HOME": str(tmp_path / "share")})):
        out = tmp_path / f"{name}.dot"
        result = run_tracer_process("render", "trees/rn_example.yaml", "--visits", "--legend", "--size", "16:9",
                                    "-f", "dot", "-o", str(out), env=env)
        assert result.returncode == 0, result.stderr
        drawn[name] = out.read_bytes()
    assert drawn["table"] == drawn["dot"] and b"fontname=Helvetica" in drawn["table"]
