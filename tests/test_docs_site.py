"""The docs site (docs/, mkdocs-material): it builds offline and strictly, every page is in its navigation, what
it shows that the code knows (the commands' options, the trace format, the Python API) is generated from the code,
and every figure is drawn by the build from the command printed beside it (docs/hooks/tracer_docs.py)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from helpers import ROOT

HOOKS = ROOT / "docs" / "hooks" / "tracer_docs.py"
needs_mkdocs = pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None,
                                  reason="needs mkdocs-material (setup.sh --test installs it; or pip install -e '.[docs]')")


def hooks():
    spec = importlib.util.spec_from_file_location("tracer_docs", HOOKS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nav_pages(entries) -> list[str]:
    pages = []
    for entry in entries:
        for value in (entry.values() if isinstance(entry, dict) else [entry]):
            pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


def build_site(folder: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr[-4000:]


@needs_mkdocs
def test_the_site_builds_strictly_with_every_page_in_its_navigation_its_figures_and_its_reference(tmp_path):
    """One build (it draws every figure: the slowest part), every property of the site checked on it."""
    site = tmp_path / "site"
    build_site(site)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.Loader)
    in_nav = set(nav_pages(config["nav"]))
    on_disk = {path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")}
    assert on_disk == in_nav  # every page reachable from the navigation (and strict mode refuses a link to none)
    for page in in_nav:
        assert (site / page.removesuffix(".md").removesuffix("index") / "index.html").exists(), page

    used = set()  # every figure a page shows is drawn by the build; none is committed
    for page in (ROOT / "docs").rglob("*.md"):
        used.update(hooks().FIGURE_USE.findall(page.read_text(encoding="utf-8")))
    assert used and all((site / figure).stat().st_size > 0 for figure in used)
    assert not (ROOT / "docs" / "figures").exists()

    commands = (site / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
    for flag in ("--draw-depth", "--font-scale", "--isolation", "--iterations"):
        assert flag in commands
    schema = json.loads((ROOT / "tracer" / "trace" / "trace.schema.json").read_text(encoding="utf-8"))
    trace_format = (site / "reference" / "trace-format" / "index.html").read_text(encoding="utf-8")
    assert all(name in trace_format for name in schema["definitions"])
    api = (site / "reference" / "python" / "index.html").read_text(encoding="utf-8")
    assert "trace_search" in api and "load_tree" in api


def test_an_option_added_to_a_command_shows_in_its_reference():
    from tracer.cli.main import build_parser

    parser = build_parser()
    before = hooks().commands_markdown(parser)
    parser.commands["render"].add_argument("--dummy-option", metavar="N", help="a dummy option only this test has")
    after = hooks().commands_markdown(parser)
    assert "--dummy-option" not in before
    assert "| `--dummy-option` `N` | a dummy option only this test has |" in after


def test_a_field_added_to_the_trace_format_shows_in_its_reference():
    schema = json.loads((ROOT / "tracer" / "trace" / "trace.schema.json").read_text(encoding="utf-8"))
    schema["properties"]["dummy_field"] = {"type": "integer", "description": "a dummy field only this test has"}
    assert "dummy_field" not in hooks().schema_markdown()
    assert "| `dummy_field` | integer |  | a dummy field only this test has |" in hooks().schema_markdown(schema)
