"""Fixtures shared by the browser tests (helpers in tests/_browser.py)."""

import pytest
from _browser import ROOT, chromium, voila


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium under Playwright, one per test module."""
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def demo_url():
    """A Voilà server of notebooks/ as ``make demo`` starts it (the lessons and dashboards)."""
    with voila(ROOT / "notebooks") as url:
        yield url
