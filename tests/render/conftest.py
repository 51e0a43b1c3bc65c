"""What the browser tests share: a real headless Chromium (Debian's, driven by Playwright), started once per test
session (per xdist worker, which runs tests of several browser modules as the load scheduler spreads them; each
start costs more than a second of CPU), and lent to each module, whose pages left open are closed when it ends."""

from __future__ import annotations

import pytest

from helpers import CHROMIUM


@pytest.fixture(scope="session")
def chromium():
    playwright = pytest.importorskip("playwright.sync_api", reason="the browser tests need Playwright (pip install "
                                                                   "-e '.[test]')")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def browser(chromium):
    """The session's Chromium, for one module: every page it opened (each in a context of its own, as
    ``Browser.new_page`` makes one) closed as the module ends, so no module's pages, timers or downloads outlive it."""
    yield chromium
    for context in chromium.contexts:
        context.close()
