"""What every test run shares: the Hypothesis profile, chosen once here before any test module is imported.

``HYPOTHESIS_PROFILE=dev`` (the default) runs each property test on a tenth of its examples, for a quick local
run; ``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs every example each test asks for. A test asks for its full
count with :func:`helpers.examples`, which scales it to the profile.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from helpers import EXAMPLE_SHARES

for _name, _share in EXAMPLE_SHARES.items():
    # Hypothesis's own default profile otherwise (100 examples for a test that does not say), scaled; a ``ci``
    # registered here replaces Hypothesis's built-in one, which would also derandomize and drop the database
    settings.register_profile(_name, settings.get_profile("default"), max_examples=round(100 * _share))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


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
