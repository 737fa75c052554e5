"""Fixtures shared by the browser and server tests (helpers in tests/_browser.py)."""

import pytest
from _browser import ROOT, chromium, serve_binder, serve_voila


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium under Playwright, one per test module."""
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="session")
def demo_server():
    """A Voilà server of notebooks/ as ``make demo`` starts it (the lessons and dashboards), one
    for the whole run: each start runs a kernel per page ahead of its visitors (the pools of
    ``widgets.pools``, 17 kernels), so starting it once per module would cost minutes of CPU."""
    with serve_voila(ROOT / "notebooks") as server:
        yield server


@pytest.fixture(scope="session")
def binder_layout():
    """Jupyter Server with the Voilà extension as Binder starts it (``serve_binder("server")``),
    one for the whole run: each start takes up to a minute on a busy machine. Pages are at
    ``voila/render/notebooks/<name>.ipynb``."""
    with serve_binder("server") as server:
        yield server


@pytest.fixture(scope="session")
def lab_layout():
    """JupyterLab as ``make lab`` starts it (``serve_binder("lab")``), one for the whole run."""
    with serve_binder("lab") as server:
        yield server


@pytest.fixture
def demo_url(demo_server):
    """The address of :func:`demo_server`, ending in "/"."""
    return demo_server.url


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Every test starts and ends in English: a test that runs a French page's cells (the forged
    messages' harness, the docs' snippets) leaves no French behind for the next one."""
    from mandalakit.core.messages import set_language

    yield
    set_language("en")
