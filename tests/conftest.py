"""What every test run shares: the Hypothesis profile, chosen once here before any test module is imported.

``HYPOTHESIS_PROFILE=dev`` (the default) runs each property test on a tenth of its examples, for a quick local
run; ``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs every example each test asks for. A test asks for its full
count with :func:`helpers.examples`, which scales it to the profile.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from helpers import EXAMPLE_SHARES, needs_missing_extra

for _name, _share in EXAMPLE_SHARES.items():
    # Hypothesis's own default profile otherwise (100 examples for a test that does not say), scaled; a ``ci``
    # registered here replaces Hypothesis's built-in one, which would also derandomize and drop the database. No
    # deadline, for every test (helpers.examples says so too): a loaded machine is not a failure
    settings.register_profile(_name, settings.get_profile("default"), max_examples=round(100 * _share), deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# The test files holding the run's longest single tests (a whole build, a kernel, a browser per module, LibreOffice,
# pdflatex, time limits waited out; measured with benchmarks/cpu_costs.py and --durations), longest first: they start
# first, so that what is left at the end of a parallel run is short tests that two workers share, not one long test
# that leaves the other CPU idle. A file's own tests keep their order (its module fixtures are made once a worker).
LONG_FIRST = (
    "tests/test_docs_site.py",
    "tests/test_docs_notebook.py",
    "tests/test_docs_examples.py",
    "tests/render/test_practice_page.py",
    "tests/test_search/test_sandbox.py",
    "tests/render/test_game_decks.py",
    "tests/render/test_pptx.py",
    "tests/render/test_latex.py",
    "tests/render/test_notebook_browser.py",
    "tests/cli/test_hostile_corpus.py",
    "tests/search/test_memory_searches.py",
    "tests/test_estimate.py",
)


def pytest_collection_modifyitems(config, items):
    """The long files first (:data:`LONG_FIRST`); and a test given a shipped position (or a command line naming a
    game) whose game needs an optional extra that is not installed (OpenSpiel's tic-tac-toe without pyspiel, the
    chess puzzles without python-chess) skipped with the reason, wherever it is parametrized."""
    rank = {path: place for place, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))  # (stable: the rest as collected)
    for item in items:
        for value in getattr(getattr(item, "callspec", None), "params", {}).values():
            if isinstance(value, (Path, list, tuple)) and (reason := needs_missing_extra(value)):
                item.add_marker(pytest.mark.skip(reason=reason))
                break


@pytest.fixture(scope="session", autouse=True)
def font_metrics_cache(tmp_path_factory):
    """The widths tracer measures with dot are cached (tracer.render.metrics) in a folder of this run, shared by
    its xdist workers (as a user's processes share ~/.cache), never in the user's own cache; cold as the run starts."""
    run = tmp_path_factory.getbasetemp()
    folder = (run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run) / "cache"
    folder.mkdir(exist_ok=True)
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    yield folder
    if before is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = before
