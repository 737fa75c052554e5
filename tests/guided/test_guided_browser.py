"""The guided first game of Ohanami served by Voilà (as ``make demo`` serves it), played in
Chromium by its own highlights at 1024 x 768 and at 420 x 800, from the landing page's card.

At every step the guide's words and the lit target are in one window; a click elsewhere gets
the kind word; milestones wait for Next; the end offers the play page. With
``MANDALAKIT_SHOTS=<folder>`` the test keeps screenshots of three steps (EN and FR) there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from _browser import scroll_to, watch

pytestmark = pytest.mark.browser

LIT = ".mk-board-svg [data-mk-target].mk-hint, .mk-board-chips button.mk-hint"


def _in_view(page, selector: str) -> bool:
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 "
        "&& r.height > 0; }")


def _shot(page, name: str) -> None:
    folder = os.environ.get("MANDALAKIT_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _play(page, label: str) -> int:
    """Play the guide to its end by its highlights; return the number of clicks."""
    clicks, milestones = 0, 0
    page.locator(LIT).first.wait_for(timeout=120_000)
    _shot(page, f"{label}-step1")
    wrong = page.locator(".mk-board-svg [data-mk-target]:not(.mk-hint)").first
    scroll_to(wrong)
    wrong.locator("rect").first.click()
    page.locator(".mk-guide-kind").wait_for(timeout=30_000)
    assert page.locator(LIT).count() == 1, "the highlight again after a kind word"
    while not page.locator(".mk-guide-play").is_visible():
        assert clicks < 80
        nxt = page.locator(".mk-guide-next")
        if nxt.is_visible():
            milestones += 1
            if milestones == 1:
                _shot(page, f"{label}-milestone")
            nxt.click()
            page.locator(f"{LIT}, .mk-guide-play").first.wait_for(timeout=30_000)
            continue
        target = page.locator(LIT).first
        scroll_to(target)
        assert _in_view(page, LIT) and _in_view(page, ".mk-guide"), "the guide's words and the lit target in one window"
        before = page.locator(".mk-board-svg").inner_html()
        if target.evaluate("e => e.tagName.toLowerCase() === 'g'"):
            target.locator("rect").first.click()
        else:
            target.click()
        clicks += 1
        page.wait_for_function("t => document.querySelector('.mk-board-svg').innerHTML !== t", arg=before,
                               timeout=30_000)  # each click redraws the board (the card chosen, or the move)
        # the move's drawing can come before the bot's answer and the milestone's Next: wait for one
        page.locator(f"{LIT}, .mk-guide-next:visible, .mk-guide-play:visible").first.wait_for(timeout=30_000)
    assert milestones == 2
    _shot(page, f"{label}-end")
    return clicks


@pytest.mark.parametrize("width, height", [(1024, 768), (420, 800)])
def test_the_guided_ohanami_game_from_the_landing_card_to_the_play_page(browser, demo_url, width, height):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors, _outside = watch(page)
    try:
        page.goto(f"{demo_url}voila/render/index.ipynb", timeout=120_000)
        card = page.locator("a.mk-game-card[href='guide-ohanami.ipynb']")
        card.wait_for(timeout=120_000)
        box = card.bounding_box()
        assert box["width"] <= width and box["x"] >= 0, "the card fits the page"
        _shot(page, f"index-{width}")
        card.click()
        page.wait_for_url("**/guide-ohanami.ipynb", timeout=60_000)
        assert _play(page, f"ohanami-en-{width}") >= 18
        link = page.locator(".mk-guide-play")
        assert link.get_attribute("href") == "play-ohanami.ipynb"
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("width, height", [(1024, 768), (420, 800)])
def test_the_french_guide_speaks_french(browser, demo_url, width, height):
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{demo_url}voila/render/fr/guide-ohanami.ipynb", timeout=120_000)
        page.locator(LIT).first.wait_for(timeout=120_000)
        text = page.locator(".mk-guide").inner_text()
        assert "Robot (facile)" in text and "Étape 1 sur 9" in text, text
        _shot(page, f"ohanami-fr-{width}-step1")
        for _click in range(10):  # on to the first milestone (6 clicks)
            target = page.locator(LIT).first
            scroll_to(target)
            before = page.locator(".mk-board-svg").inner_html()
            target.locator("rect").first.click()
            page.wait_for_function("t => document.querySelector('.mk-board-svg').innerHTML !== t", arg=before,
                                   timeout=30_000)
            page.locator(f"{LIT}, .mk-guide-next:visible").first.wait_for(timeout=30_000)
            if page.locator(".mk-guide-next").is_visible():
                break
        page.locator(".mk-guide-next").wait_for(timeout=30_000)
        assert "Suivant" in page.locator(".mk-guide-next").inner_text()
        _shot(page, f"ohanami-fr-{width}-milestone")
    finally:
        page.close()
