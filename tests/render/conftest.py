"""What the browser tests share: a real headless Chromium (Debian's, driven by Playwright), one per test module."""

from __future__ import annotations

import pytest

from helpers import CHROMIUM


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api", reason="the browser tests need Playwright (pip install "
                                                                   "-e '.[test]')")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()
