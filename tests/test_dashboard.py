"""The Ohanami notebook served by Voilà, driven in a real headless Chromium.

Starts ``voila notebooks/ohanami.ipynb`` on a free local port, opens it with Playwright's
Python API in Debian's ``/usr/bin/chromium`` (never a downloaded browser), changes the pink
slider of the scoring calculator and checks that the score text and the chart change to the
engine's values. Every request to a host other than 127.0.0.1 is blocked and recorded: the
dashboard must work without network.

Without Chromium or Playwright the test is skipped with the reason, unless the environment
sets ``MANDALAKIT_REQUIRE_BROWSER=1`` (CI), where it fails instead.
"""

from __future__ import annotations

import re
import time

import pytest

from _browser import FIRST_RENDER_BUDGET_S, ROOT, VOILA_TEMPLATE_CDN, chromium, voila, watch

pytestmark = pytest.mark.browser

NOTEBOOK = ROOT / "notebooks" / "ohanami.ipynb"


@pytest.fixture(scope="module")
def voila_url():
    """A Voilà server of the notebook alone (a fresh server: the first render is measured)."""
    with voila(NOTEBOOK) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixture skips (or fails in CI) with the reason
    PlaywrightTimeout = TimeoutError


def _total(page) -> int:
    return int(page.locator(".mk-calc-total .mk-total-value").inner_text())


def _bar_colours(page) -> list[str]:
    """Fill colours of the bars of the calculator's chart (the current k is black)."""
    return page.eval_on_selector_all(
        ".mk-scoring-calculator .js-plotly-plot .barlayer .point path",
        "els => els.map(e => getComputedStyle(e).fill)",
    )


def test_dashboard_renders_and_reacts(browser, voila_url):  # browser first: skip before starting voila
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors, outside = watch(page)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    try:
        start = time.monotonic()
        page.goto(voila_url, timeout=120_000)
        # Voilà removes #loading and shows #rendered_cells once every cell has run ...
        page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
        executed = time.monotonic() - start
        # ... then the widget manager draws the widgets: wait for the calculator's chart bars.
        page.wait_for_selector(".mk-calc-total .mk-total-value", timeout=60_000)
        page.wait_for_selector(".mk-scoring-calculator .js-plotly-plot .barlayer .point path", state="attached",
                               timeout=60_000)
        page.wait_for_selector(".mk-replay-board svg", timeout=60_000)
        page.wait_for_selector(".mk-replay-viewer .js-plotly-plot .barlayer", state="attached", timeout=60_000)
        first_render = time.monotonic() - start
        print(f"\nVoila first render: cells executed after {executed:.2f} s, "
              f"widgets and charts drawn after {first_render:.2f} s (target < {FIRST_RENDER_BUDGET_S} s)")

        # The engine's value for 10 blue, 8 green, 3 grey, 6 pink at the end of round 3 (O-4).
        assert _total(page) == 104
        colours = _bar_colours(page)
        assert len(colours) == 21 and colours.count("rgb(0, 0, 0)") == 1
        assert colours.index("rgb(0, 0, 0)") == 6

        # The chart toolbar offers nothing that needs the internet (plotly's "Share chart").
        buttons = page.eval_on_selector_all(".mk-scoring-calculator .modebar-btn",
                                            "els => els.map(e => e.getAttribute('data-title'))")
        assert "Download plot as a PNG" in buttons and not [b for b in buttons if "Share" in b], buttons

        # Move the pink slider up by one with the keyboard, as a pupil would.
        # A key press that arrives while the slider is still being set up is dropped, so press
        # again until the slider's own readout shows 7 (never more: we stop as soon as it does).
        handle = page.locator(".mk-calc-pink .noUi-handle").first
        readout = page.locator(".mk-calc-pink .widget-readout")
        for _ in range(10):
            if readout.inner_text().strip() == "7":
                break
            handle.focus()
            handle.press("ArrowRight")
            try:
                page.wait_for_function("el => el.textContent.trim() === '7'", arg=readout.element_handle(),
                                       timeout=2_000)
            except PlaywrightTimeout:
                pass
        assert readout.inner_text().strip() == "7"
        page.wait_for_function(
            "() => document.querySelector('.mk-calc-total .mk-total-value').textContent.trim() === '111'",
            timeout=30_000,
        )
        assert _total(page) == 104 - 21 + 28  # T(6) = 21 becomes T(7) = 28
        page.wait_for_function(
            """() => { const bars = [...document.querySelectorAll(
                   '.mk-scoring-calculator .js-plotly-plot .barlayer .point path')];
                   return bars.length > 7 && getComputedStyle(bars[7]).fill === 'rgb(0, 0, 0)'; }""",
            timeout=30_000,
        )
        assert _bar_colours(page).index("rgb(0, 0, 0)") == 7

        # The replay reacts too: one step forward changes the event shown.
        caption = page.locator(".mk-replay-caption .mk-event-index")
        before = int(caption.inner_text())
        page.get_by_role("button", name="next ▶").click()
        page.wait_for_function(
            f"() => document.querySelector('.mk-replay-caption .mk-event-index').textContent.trim() === '{before + 1}'",
            timeout=30_000,
        )
        assert not errors, f"JavaScript errors on the page: {errors}"
        ours = [u for u in outside if not u.startswith(VOILA_TEMPLATE_CDN)]
        assert not ours, f"the dashboard needs the network: {ours}"
        print(f"blocked (Voila template only): {len(outside)} request(s)")
        # voila.json keeps plotly's own lab extension (the full 4.8 MB plotly.js) off the page;
        # the charts bring the basic bundle themselves (widgets/charts.py).
        full_plotly = [u for u in requested if "/labextensions/jupyterlab-plotly/" in u]
        assert not full_plotly, f"the page loads the full plotly.js: {full_plotly}"
    finally:
        page.close()
