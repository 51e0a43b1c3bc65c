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
    # registered here replaces Hypothesis's built-in one, which would also derandomize and drop the database
    settings.register_profile(_name, settings.get_profile("default"), max_examples=round(100 * _share))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config, items):
    """A test given a shipped position (or a command line naming a game) whose game needs an optional extra that
    is not installed (OpenSpiel's tic-tac-toe without pyspiel, the chess puzzles without python-chess) is skipped
    with the reason, wherever it is parametrized."""
    for item in items:
        for value in getattr(getattr(item, "callspec", None), "params", {}).values():
            if isinstance(value, (Path, list, tuple)) and (reason := needs_missing_extra(value)):
                item.add_marker(pytest.mark.skip(reason=reason))
                break
