"""The notebook in docs/ runs, headless, in a real Jupyter kernel (nbclient): every cell without an error, each
trace shown as its step-through player (the player's page in a frame, the diagram beside it for viewers without
HTML), and the file itself kept without outputs."""

from __future__ import annotations

import html
import os
import re
import shutil
from pathlib import Path

import pytest

from helpers import run_tracer

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "notebook.ipynb"
nbformat = pytest.importorskip("nbformat", reason="the notebook's test needs nbformat (pip install -e '.[test]')")
nbclient = pytest.importorskip("nbclient", reason="the notebook's test needs nbclient (pip install -e '.[test]')")
pytest.importorskip("ipykernel", reason="the notebook's test needs ipykernel (pip install -e '.[test]')")
pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)")


def test_the_notebook_is_kept_without_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(cell.outputs == [] and cell.execution_count is None for cell in code)


@pytest.fixture(scope="module")
def executed():
    """The notebook run as Jupyter runs it: in a kernel started in its folder, tracer imported from this tree."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute(env=dict(os.environ, PYTHONPATH=pythonpath))
    return notebook


def shown(cell) -> list[dict]:
    """What a cell displayed (its result and any display), each a MIME bundle."""
    return [output.data for output in cell.outputs if output.output_type in ("execute_result", "display_data")]


def test_every_cell_runs_without_an_error(executed):
    code = [cell for cell in executed.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code)
    assert not [output for cell in code for output in cell.outputs if output.output_type == "error"]
    assert not [output for cell in code for output in cell.outputs
                if output.output_type == "stream" and output.name == "stderr"]


def test_each_trace_shows_its_player_and_its_diagram(executed):
    bundles = [bundle for cell in executed.cells if cell.cell_type == "code" for bundle in shown(cell)]
    players = [bundle for bundle in bundles if "image/svg+xml" in bundle]
    assert len(players) == 2  # the alpha-beta trace itself, and tracer.player(minimax, ...)
    titles = []
    for bundle in players:
        frame = re.fullmatch(r'<div [^>]*><div [^>]*><p [^>]*>[^<]*</p><iframe srcdoc="([^"]*)" '
                             r'sandbox="allow-scripts" title="[^"]*" style="[^"]*"></iframe></div></div>',
                             bundle["text/html"])
        assert frame is not None
        page = html.unescape(frame.group(1))
        assert page.startswith("<!DOCTYPE html>") and 'id="trace-data"' in page  # the player's page, whole
        titles.append(re.search(r"<title>(.*)</title>", page).group(1))
        assert bundle["image/svg+xml"].lstrip().startswith("<?xml")  # for a viewer without HTML
    assert titles == ["Russell &amp; Norvig, Figure 5.2: Alpha-beta", "Russell &amp; Norvig, Figure 5.2: Minimax"]


def test_the_statistics_compare_the_two_searches(executed):
    printed = "".join(output.text for output in executed.cells[-1].outputs if output.output_type == "stream")
    rows = {match["algorithm"]: match.groupdict() for match in re.finditer(
        r"(?P<algorithm>\S+) +value (?P<value>\S+)  move (?P<move>\S+)  nodes (?P<nodes>\d+)  "
        r"leaves (?P<leaves>\d+)  cutoffs (?P<cutoffs>\d+)", printed)}
    assert set(rows) == {"minimax", "alphabeta"}
    minimax, alphabeta = rows["minimax"], rows["alphabeta"]
    assert (minimax["value"], minimax["move"]) == (alphabeta["value"], alphabeta["move"]) == ("3", "B")  # R&N
    assert (int(minimax["leaves"]), int(minimax["nodes"]), minimax["cutoffs"]) == (9, 13, "0")  # the whole tree
    assert int(alphabeta["leaves"]) < 9 and int(alphabeta["cutoffs"]) > 0


def test_the_practice_page_shows_inline_as_tracer_practice_writes_it(executed, tmp_path):
    bundles = [bundle for cell in executed.cells if cell.cell_type == "code" for bundle in shown(cell)
               if "image/svg+xml" not in bundle and "text/html" in bundle]
    assert len(bundles) == 1
    frame = re.search(r'<iframe srcdoc="([^"]*)" sandbox="allow-scripts allow-downloads"', bundles[0]["text/html"])
    page = html.unescape(frame.group(1)).replace('\n<base href="about:srcdoc">', "", 1)
    written = tmp_path / "practice.html"
    result = run_tracer("practice", "../trees/rn_example.yaml", "--no-player", "-o", str(written),
                        cwd=NOTEBOOK.parent)
    assert result.returncode == 0, result.stderr
    assert page == written.read_text(encoding="utf-8")  # the command's page, whole
