"""What every test run shares: the Hypothesis profile, chosen once here before any test module is imported.

``HYPOTHESIS_PROFILE=dev`` (the default) runs each property test on a tenth of its examples, for a quick local
run; ``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs every example each test asks for. A test asks for its full
count with :func:`helpers.examples`, which scales it to the profile.
"""

from __future__ import annotations

import os

from hypothesis import settings

from helpers import EXAMPLE_SHARES

for _name, _share in EXAMPLE_SHARES.items():
    # Hypothesis's own default profile otherwise (100 examples for a test that does not say), scaled; a ``ci``
    # registered here replaces Hypothesis's built-in one, which would also derandomize and drop the database. No
    # deadline, for every test (helpers.examples says so too): a loaded machine is not a failure
    settings.register_profile(_name, settings.get_profile("default"), max_examples=round(100 * _share), deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
