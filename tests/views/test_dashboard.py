"""The Ohanami lesson and the landing page served by Voilà, driven in a real headless Chromium.

Starts ``voila notebooks/ohanami.ipynb`` on a free local port, opens it with Playwright's
Python API in Debian's ``/usr/bin/chromium`` (never a downloaded browser), changes the pink
slider of the scoring calculator and checks that the score text and the chart change to the
engine's values, answers an exercise wrong and then right, and checks that the formulas are
typeset. Every request to a host other than 127.0.0.1 is blocked and recorded: the lesson must
work without network. The landing page (``notebooks/index.ipynb``) is opened at the address
``make demo`` prints and, in Binder's layout (a Jupyter server with Voilà's extension, started
by ``binder/start``), its links lead to the lesson, whose formulas and icons need no network.

Without Chromium or Playwright the test is skipped with the reason, unless the environment
sets ``MANDALAKIT_REQUIRE_BROWSER=1`` (CI), where it fails instead.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import time

import pytest

from _browser import FIRST_RENDER_BUDGET_S, ROOT, voila, watch

from mandalakit.ohanami import round_score

pytestmark = pytest.mark.browser

NOTEBOOK = ROOT / "notebooks" / "ohanami.ipynb"


@pytest.fixture(scope="module")
def voila_url():
    """A Voilà server of the notebook alone (a fresh server: the first render is measured)."""
    with voila(NOTEBOOK) as url:
        yield url



try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixture skips (or fails in CI) with the reason
    PlaywrightTimeout = TimeoutError


def _total(page) -> int:
    return int(page.locator(".mk-calc-total .mk-total-value").inner_text())


def _text_fits(page) -> bool:
    """The calculator's score text fits its box (nothing cut off)."""
    return page.locator(".mk-calc-total").evaluate("el => el.scrollHeight <= el.clientHeight + 1")


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
        assert len(colours) == 31 and colours.count("rgb(0, 0, 0)") == 1  # k = 0 to the 30 cards of a player's rows
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

        # At the end of round 1 a player's rows hold 10 cards at most (O-2.1): 28 cards are called
        # impossible, not scored. The chart under the text stays where it is, the chosen round
        # is the black button, and the text fits its box at any round.
        chart_top = page.locator(".mk-calc-chart").bounding_box()["y"]
        assert _text_fits(page)
        page.locator(".mk-calc-round").get_by_role("button", name="round 1").click()
        page.wait_for_selector(".mk-calc-total .mk-calc-problem", timeout=30_000)
        problem = page.locator(".mk-calc-total").inner_text()
        assert "these are 28 cards" in problem and "at most 10" in problem and "30 points (10 blue)" in problem
        assert page.locator(".mk-calc-chart").bounding_box()["y"] == chart_top and _text_fits(page)
        chosen = page.locator(".mk-calc-round").get_by_role("button", name="round 1")
        assert chosen.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(0, 0, 0)"

        # The replay reacts too: one step forward changes the event shown.
        caption = page.locator(".mk-replay-caption .mk-event-index")
        before = int(caption.inner_text())
        page.get_by_role("button", name="next ▶").click()
        page.wait_for_function(
            f"() => document.querySelector('.mk-replay-caption .mk-event-index').textContent.trim() === '{before + 1}'",
            timeout=30_000,
        )
        assert_formulas_typeset(page)
        assert not errors, f"JavaScript errors on the page: {errors}"
        assert not outside, f"the dashboard calls out to the network: {outside}"
        # voila.json keeps plotly's own lab extension (the full 4.8 MB plotly.js) off the page;
        # the charts bring the basic bundle themselves (widgets/analysis/charts.py).
        full_plotly = [u for u in requested if "/labextensions/jupyterlab-plotly/" in u]
        assert not full_plotly, f"the page loads the full plotly.js: {full_plotly}"
    finally:
        page.close()


def assert_formulas_typeset(page) -> None:
    """The lesson's LaTeX is typeset by MathJax: formulas drawn, no raw ``$$`` left in the text."""
    page.wait_for_function("() => document.querySelectorAll('#rendered_cells mjx-container').length >= 5",
                           timeout=30_000)
    text = page.locator("#rendered_cells").inner_text()
    assert "$" not in text and "\\begin{array}" not in text  # every $...$ of the Markdown was typeset


def test_an_exercise_answered_wrong_then_right(browser, voila_url):
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    errors, _outside = watch(page)
    try:
        page.goto(voila_url, timeout=120_000)
        exercise = page.locator(".mk-exercise", has_text="1. Round 2.")
        exercise.wait_for(timeout=120_000)
        assert exercise.locator(".mk-exercise-feedback").inner_text().strip() == ""  # no answer shown before
        answer = round_score(2, (5, 3, 0, 0))  # the engine's answer to exercise 1 (O-3.2): 5 blue, 3 green
        box = exercise.locator("input[type=text]")
        box.fill(str(answer + 1))
        exercise.get_by_role("button", name="check").click()
        wrong = exercise.locator(".mk-exercise-wrong")
        wrong.wait_for(timeout=30_000)
        assert "Hint" in wrong.inner_text() and str(answer) not in wrong.inner_text()
        box.fill(str(answer))
        exercise.get_by_role("button", name="check").click()
        exercise.locator(".mk-exercise-right").wait_for(timeout=30_000)
        assert "Right" in exercise.locator(".mk-exercise-feedback").inner_text()
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        page.close()


#: The blank under the calculator's text: the box's height less its text's (ipywidgets' HTML puts the value in
#: .widget-html-content).
_BLANK_UNDER_TEXT = """() => { const box = document.querySelector('.mk-calc-total');
    return box.getBoundingClientRect().height
           - box.querySelector('.widget-html-content > div').getBoundingClientRect().height; }"""
#: Where the chart stands in the calculator (the page may scroll).
_CHART_TOP = """() => document.querySelector('.mk-calc-chart').getBoundingClientRect().top
    - document.querySelector('.mk-scoring-calculator').getBoundingClientRect().top"""


def test_on_a_phone_the_calculator_leaves_no_gap_under_its_text_and_its_chart_stays(browser, voila_url):
    """420 px wide, the score text stands under the sliders: its box is as tall as the longest round's text at this
    width (the fixed height made for French at 360 px left a blank under it), and changing round keeps the chart;
    so does typing a pink count no round allows (the refusal took the place of a taller breakdown: the chart
    jumped 93 px)."""
    page = browser.new_page(viewport={"width": 420, "height": 900})
    errors, _outside = watch(page)
    try:
        page.goto(voila_url, timeout=120_000)
        page.wait_for_selector(".mk-calc-total .mk-total-value", timeout=120_000)
        chart_top = page.evaluate(_CHART_TOP)
        assert page.evaluate(_BLANK_UNDER_TEXT) < 4  # round 3 of the O-4 example: the longest of the three here
        page.locator(".mk-calc-round").get_by_role("button", name="round 1").click()
        page.wait_for_selector(".mk-calc-total .mk-calc-problem", timeout=30_000)
        assert page.evaluate(_CHART_TOP) == chart_top
        page.locator(".mk-calc-round").get_by_role("button", name="round 3").click()
        page.wait_for_selector(".mk-calc-total .mk-total-value", timeout=30_000)
        page.locator(".mk-calc-pink .widget-readout").fill("30")  # 51 cards: more than the rows hold (O-2.1)
        page.locator(".mk-calc-pink .widget-readout").press("Enter")
        page.wait_for_selector(".mk-calc-total .mk-calc-problem", timeout=30_000)
        assert page.evaluate(_CHART_TOP) == chart_top
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        page.close()


def _leaving_errors(errors: list[str]) -> list[str]:
    """``errors`` without what a page logs while it is left for another one: a widget that sends
    its state as the page unloads (the board reporting its width) finds the kernel's connection
    closing ("Could not send widget sync message"). Seen once in many runs; nothing is lost, the
    page is gone."""
    return [e for e in errors if "Could not send widget sync message" not in e]


def _demo_address() -> str:
    """The path of the address `make demo` prints: `make -n` (which runs nothing) shows that the
    pools module prints it, and that module, run as make demo runs it, prints it."""
    recipe = subprocess.run(["make", "-n", "-s", "demo", "PYTHON=python3"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60).stdout
    assert "-m mandalakit.widgets.server.pools notebooks" in recipe, recipe
    env = {k: v for k, v in os.environ.items() if not k.startswith("MANDALAKIT_")}
    out = subprocess.run([sys.executable, "-m", "mandalakit.widgets.server.pools", "notebooks"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120).stdout
    return re.search(r"http://127\.0\.0\.1:\d+/(voila/render/\S+)", out).group(1)


def _links(page) -> dict[str, str]:
    """The landing page's links: text -> resolved address."""
    page.wait_for_selector("#rendered_cells a[href$='.ipynb']", timeout=120_000)
    return dict(page.eval_on_selector_all("#rendered_cells a[href$='.ipynb']",
                                          "els => els.map(a => [a.innerText.trim(), a.href])"))


def _open_the_lesson_from(page, base: str) -> None:
    links = _links(page)
    # The class page is the teacher's, opened by its own link with a key (docs/classroom.md), not a pupil's.
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")
                       if p.name not in ("index.ipynb", "class.ipynb"))
    linked = {href.removeprefix(base) for href in links.values()}
    assert set(notebooks) <= linked, "a notebook of notebooks/ is missing from the landing page"
    assert all(href.startswith(base) for href in links.values()), links
    page.locator("#rendered_cells a[href='ohanami.ipynb']").first.click()
    page.wait_for_url(base + "ohanami.ipynb", timeout=30_000)
    page.wait_for_selector(".mk-scoring-calculator", timeout=120_000)
    assert_formulas_typeset(page)


def test_make_demo_prints_the_landing_page_and_its_links_open_the_lessons(browser, demo_url):
    path = _demo_address()
    assert path == "voila/render/index.ipynb"
    with contextlib.nullcontext(demo_url) as url:  # the run's server of notebooks/, as make demo serves it
        page = browser.new_page(viewport={"width": 1024, "height": 900})
        errors, outside = watch(page)
        try:
            start = time.monotonic()
            page.goto(url + path, timeout=120_000)
            _links(page)
            print(f"\nlanding page: first render after {time.monotonic() - start:.2f} s")
            _open_the_lesson_from(page, url + "voila/render/")
            assert not _leaving_errors(errors), f"JavaScript errors on the page: {errors}"
            assert not outside, outside
        finally:
            page.close()


def test_binder_layout_formulas_and_icons_need_no_network(browser, binder_layout):
    """Binder serves the notebooks with Voila's server extension (``binder/start``): there too
    the landing page leads to the lesson, its formulas are typeset by the MathJax bundled in
    Voila (no CDN), and widget icons are drawn from Voila's own font files."""
    with contextlib.nullcontext(binder_layout.url) as url:  # the run's Binder layout (conftest)
        page = browser.new_page(viewport={"width": 1024, "height": 900})
        errors, outside = watch(page)
        try:
            base = url + "voila/render/notebooks/"
            start = time.monotonic()
            page.goto(base + "index.ipynb", timeout=120_000)
            _links(page)
            print(f"\nBinder layout, landing page: first render after {time.monotonic() - start:.2f} s")
            _open_the_lesson_from(page, base)
            page.goto(base + "play-ohanami.ipynb", timeout=120_000)
            icon = page.locator(".jupyter-widgets i.fa").first  # the Accordion's carets, the upload arrow
            icon.wait_for(state="attached", timeout=120_000)
            page.wait_for_function("() => document.fonts.check('900 16px \"Font Awesome 5 Free\"', '\\uf0da')"
                                   " && [...document.fonts].some(f => /Awesome 5 Free/.test(f.family)"
                                   " && f.status === 'loaded')", timeout=30_000)
            assert not _leaving_errors(errors), f"JavaScript errors on the page: {errors}"
            assert not outside, f"the Binder layout calls out to the network: {outside}"
        finally:
            page.close()
