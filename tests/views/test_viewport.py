"""A table that follows the pupil (issue 30, item 5), in Chromium on each game's EN play page at
1024 x 768 and on a 420 x 800 phone: after *New game*, and on a turn in the middle of a game
(after the bot has moved), the "Your turn" prompt, every clickable target of the pupil's next
click and the pupil's hand are inside one window, where the page itself has brought them: the
test never scrolls. Each check waits for a settled page (the board laid out for its width, no
card sliding, the page's own scrolling over), bounded, never a fixed sleep.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from _browser import settled, watch

pytestmark = pytest.mark.browser

#: The page is settled: the pupil's turn is announced, the board is drawn for the width it has,
#: something on it answers a click, no card is moving, the board has no look at the turn pending
#: (``mk-board-settling``), and it has kept its place on the screen (the page's own smooth
#: scroll is over) for three looks in a row, 100 ms apart.
SETTLED = settled("""(document.querySelector('.mk-top .mk-status')?.textContent || '').includes('Your turn')
    && +svg.getAttribute('width') <= svg.parentElement.clientWidth + 1
    && document.querySelector('.mk-board-svg .mk-active, .mk-board-chips button')""")

#: Where the prompt, the targets of the next click and the hand are in the window.
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = (s) => [...document.querySelectorAll(s)].filter(e => e.getBoundingClientRect().height > 0);
  const hand = '.mk-board-svg [data-mk-target^="hand:"], .mk-board-svg [data-mk-target^="card:"]';
  return {window: [innerWidth, innerHeight],
          prompt: box(document.querySelector('.mk-top .mk-status')),
          text: document.querySelector('.mk-top .mk-status').textContent,
          targets: all('.mk-board-svg .mk-active, .mk-board-chips button').map(e => [e.dataset.mkTarget, ...box(e)]),
          hand: all(hand).map(e => [e.dataset.mkTarget, ...box(e)])};
}"""


def _shot(page, name: str) -> None:
    folder = os.environ.get("MANDALAKIT_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _settle(page) -> None:
    page.evaluate("() => { window.__mkPlaces = []; }")
    page.wait_for_function(SETTLED, polling=100, timeout=60_000)


def _check(page, when: str) -> dict:
    """The prompt, the next click's targets and the hand inside the window (within 1 px)."""
    boxes = page.evaluate(BOXES)
    print(when, boxes)  # shown by pytest when the test fails
    width, height = boxes["window"]
    out = lambda b: not (b[-4] >= -1 and b[-3] >= -1 and b[-2] <= width + 1 and b[-1] <= height + 1)  # noqa: E731
    assert boxes["text"].startswith("Your turn"), (when, boxes["text"])
    assert not out(boxes["prompt"]), (when, "the prompt", boxes["prompt"])
    assert boxes["targets"] and boxes["hand"], (when, boxes)
    assert not [b for b in boxes["targets"] if out(b)], (when, "targets out of the window", boxes)
    assert not [b for b in boxes["hand"] if out(b)], (when, "the hand out of the window", boxes)
    return boxes


def _click_one(page, boxes: dict) -> None:
    """Click the first target of the next click that is not chosen yet (a hand card, then where
    it goes), as a pupil would, where it is: it was checked to be in the window."""
    before = page.locator(".mk-board-svg").inner_html()
    chosen = page.locator(".mk-board-svg .mk-selected").count()
    free = page.locator(".mk-board-svg .mk-active:not(.mk-selected)")
    if chosen and page.locator(".mk-board-svg .mk-active:not(.mk-selected):not([data-mk-target^='hand:'])"
                               ":not([data-mk-target^='card:'])").count():
        free = page.locator(".mk-board-svg .mk-active:not(.mk-selected):not([data-mk-target^='hand:'])"
                            ":not([data-mk-target^='card:'])")  # a card is chosen: where it goes
    if free.count():
        free.first.locator("rect").first.click()
    else:
        page.locator(".mk-board-chips button").first.click()
    page.wait_for_function("b => document.querySelector('.mk-board-svg').innerHTML !== b", arg=before,
                           timeout=30_000)


@pytest.mark.parametrize("width, height", [(1024, 768), (420, 800)])
@pytest.mark.parametrize("game", ["mandala", "flowers", "ohanami"])
def test_a_turn_is_in_one_window_after_new_game_and_after_the_bots_move(browser, demo_url, game, width, height):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors, _outside = watch(page)
    try:
        page.goto(f"{demo_url}voila/render/play-{game}.ipynb", timeout=120_000)
        page.wait_for_selector(".mk-board-svg .mk-active", timeout=120_000)
        page.locator(".mk-game-view").get_by_text("New game", exact=True).first.click()
        page.get_by_role("button", name="start a new game").click()
        page.locator(".mk-form-message", has_text="New game: deal").wait_for(timeout=60_000)
        _settle(page)
        _shot(page, f"{game}-{width}-new-game")
        boxes = _check(page, "after New game")
        moves = 0
        for click in range(30):  # the pupil's clicks, checked before each, until the bot has moved twice
            _click_one(page, boxes)
            _settle(page)
            log = page.locator(".mk-log li").count()
            boxes = _check(page, f"click {click + 1}")
            if page.locator(".mk-board-svg .mk-selected").count() == 0:
                moves += 1
                if moves == 1:
                    _shot(page, f"{game}-{width}-mid-game")
                if moves == 2:
                    break
        assert moves == 2 and log >= 3, (moves, log)
        assert not errors, errors
    finally:
        page.close()
