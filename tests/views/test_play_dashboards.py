"""The play dashboards served by Voilà (as ``make demo`` serves them), driven in Chromium.

For each game a whole game is played to its end by clicks (seat 0, a person, against the
greedy bot): each click goes to a highlighted target or a count chip, as a pupil's would.
The result the page shows must be the engine's result for the record the page saves. Also:
the hot-seat cover keeps the other seat's hidden cards out of the page, and an uploaded
tampered record shows the record error and keeps the game.
"""

from __future__ import annotations

import base64
import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from _browser import FIRST_RENDER_BUDGET_S, watch

from mandalakit.core import records
from mandalakit.core.registry import get_game

pytestmark = pytest.mark.browser

CLICKABLE = ".mk-board-svg .mk-active, .mk-board-chips button"




def _open(browser, url: str, name: str, width: int = 1024, height: int = 768):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors, outside = watch(page)
    start = time.monotonic()
    page.goto(f"{url}voila/render/{name}", timeout=120_000)
    page.wait_for_selector(".mk-board-svg svg:visible, .mk-cover button:visible", timeout=120_000)
    print(f"\n{name}: first render (board drawn) after {time.monotonic() - start:.2f} s "
          f"(target < {FIRST_RENDER_BUDGET_S} s)")
    return page, errors, outside


def _click(target) -> None:
    """A pupil's click on a target: a board target at its clickable area (its first rect, which
    covers the whole target), a chip as a button."""
    if target.evaluate("e => e.tagName.toLowerCase() === 'g'"):
        target.locator("rect").first.click()
    else:
        target.click()


def _status(page) -> str:
    return page.locator(".mk-status").inner_text()


def _saved_record(page) -> dict:
    page.locator(".mk-game-view").get_by_text("Record", exact=True).first.click()
    page.get_by_role("button", name="save this game as a record").click()
    link = page.locator("a.mk-download")
    link.wait_for(timeout=30_000)
    href = link.get_attribute("href")
    return json.loads(base64.b64decode(href.split(",", 1)[1]))


#: Whether the status line (the prompt) and the latest event are inside the window, as laid out now.
IN_SIGHT = """() => {
  const seen = (selector) => {
    const e = document.querySelector(selector);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  };
  return {prompt: seen('.mk-status'), latest: seen('.mk-message')};
}"""


def _settled_in_sight(page, clicks: int) -> None:
    """The prompt and the latest event are in the window once the page has drawn what the
    kernel sent (the board, the status line and the latest event come in separate updates)."""
    try:
        page.wait_for_function(f"() => {{ const s = ({IN_SIGHT})(); return s.prompt && s.latest; }}",
                               timeout=10_000)
    except PlaywrightTimeout:
        pass  # the assertion below says what is out of sight
    sight = page.evaluate(IN_SIGHT)
    assert sight == {"prompt": True, "latest": True}, (clicks, sight)


@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
@pytest.mark.parametrize(("width", "height"), [(1024, 768), (420, 800)])
def test_a_whole_game_by_clicks(browser, demo_url, game, width, height):
    """A whole game by clicks only; after every click and every bot move the prompt and the
    latest event are in the window (the status line stays on top however far the board goes)."""
    page, errors, outside = _open(browser, demo_url, f"play-{game}.ipynb", width=width, height=height)
    try:
        clicks = 0
        deadline = time.monotonic() + 600
        while "Game over" not in _status(page):
            assert time.monotonic() < deadline, f"{game}: not over after {clicks} clicks"
            target = page.locator(CLICKABLE).first
            try:
                target.wait_for(timeout=30_000)  # a bot may be thinking
            except Exception:
                if "Game over" in _status(page):
                    break
                raise
            _settled_in_sight(page, clicks)
            before = page.locator(".mk-board-svg").inner_html() + _status(page)
            _click(target)
            clicks += 1
            page.wait_for_function(
                "before => (document.querySelector('.mk-board-svg')?.innerHTML ?? '') + "
                "(document.querySelector('.mk-status')?.innerText ?? '') !== before",
                arg=before, timeout=30_000)
            _settled_in_sight(page, clicks)
        shown = _status(page)
        _settled_in_sight(page, clicks)
        record = _saved_record(page)
        result = records.replay(record).result()
        names = ["You", "Bot (medium)"]
        finals = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores))
        assert f"Final scores: {finals}." in shown, (shown, result)
        log = page.locator(".mk-log").inner_text()
        assert "You played" in log or "You keep" in log
        print(f"{game} at {width}x{height}: {clicks} clicks, {shown}")
        assert not errors, errors
        assert not outside, outside
    finally:
        page.close()


#: The board as the page shows it: its drawing's natural width, the width it is shown at, the
#: smallest text at that size (px), the page's scroll width and the smaller side of the
#: smallest click target on screen.
BOARD_SIZES = """() => {
  const svg = document.querySelector('.mk-board-svg svg');
  const shown = svg.getBoundingClientRect().width, natural = +svg.getAttribute('width');
  const fonts = [...svg.querySelectorAll('text')].map((t) => +t.getAttribute('font-size') * shown / natural);
  const targets = [...svg.querySelectorAll('[data-mk-target]')].map((g) => {
    const r = g.getBoundingClientRect(); return Math.min(r.width, r.height); });
  return {natural, shown, font: Math.min(...fonts), scroll: document.documentElement.scrollWidth,
          target: Math.min(...targets)};
}"""


@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
@pytest.mark.parametrize("width", [420, 1024])
def test_the_board_fits_the_page_unscaled_on_a_phone_and_on_a_1024_px_screen(browser, demo_url, game, width):
    """Issue 9: no sideways scrolling at 1024 x 768, and at 420 px the board is laid out for the
    width the page reports (text 11 px at least, click targets 24 px), not scaled down."""
    page, errors, _outside = _open(browser, demo_url, f"play-{game}.ipynb", width=width, height=768)
    try:
        page.wait_for_function("() => { const s = document.querySelector('.mk-board-svg svg');"
                               " return s && s.getBoundingClientRect().width >= +s.getAttribute('width'); }",
                               timeout=30_000)
        sizes = page.evaluate(BOARD_SIZES)
        print(f"{game} at {width} px: {sizes}")
        assert sizes["scroll"] <= width, sizes
        assert sizes["font"] >= 11 and sizes["target"] >= 24, sizes
        assert not errors, errors
    finally:
        page.close()


#: What the board lights for a hint: board targets and count chips of class mk-hint.
LIT = ".mk-board-svg [data-mk-target].mk-hint, .mk-board-chips button.mk-hint"


def test_the_hint_says_why_and_lights_each_click_of_its_move(browser, demo_url):
    """Issue 23: the hint is the search's move with a sentence quoting its numbers, and it lights
    the next click of that move, click after click, until the move is played."""
    page, errors, _outside = _open(browser, demo_url, "play-mandala.ipynb")
    try:
        page.locator(CLICKABLE).first.wait_for(timeout=60_000)  # your turn
        start = time.monotonic()
        page.get_by_role("button", name="hint").click()
        message = page.locator(".mk-message .mk-hint")
        message.wait_for(timeout=30_000)
        print(f"\nhint shown {time.monotonic() - start:.2f} s after the click (target < 1 s): {message.inner_text()}")
        words = message.inner_text()
        assert words.startswith("Hint: ") and "played out" not in words, words  # the board's facts (issue 30)
        move = message.get_attribute("data-move")
        log = page.locator(".mk-log").inner_text()
        for clicks in range(1, 5):
            lit = page.locator(LIT)
            lit.first.wait_for(timeout=30_000)
            assert lit.count() == 1, lit.count()  # one target: the next click
            before = page.locator(".mk-board-svg").inner_html() + _status(page)
            _click(lit.first)
            page.wait_for_function(
                "before => (document.querySelector('.mk-board-svg')?.innerHTML ?? '') + "
                "(document.querySelector('.mk-status')?.innerText ?? '') !== before",
                arg=before, timeout=30_000)
            if page.locator(".mk-log").inner_text() != log:  # the move was played
                break
        record = _saved_record(page)
        played = next(e["event"] for e in record["events"] if e["by"] == 0)  # you are player 1 (seat 0)
        assert played == move, (played, move, clicks)
        assert not errors, errors
    finally:
        page.close()


def test_hot_seat_page_holds_no_hidden_card_of_the_other_seat(browser, demo_url):
    page, errors, _outside = _open(browser, demo_url, "play-ohanami.ipynb")
    try:
        page.locator(".mk-game-view").get_by_text("New game", exact=True).first.click()
        page.locator(".widget-dropdown", has=page.locator("label", has_text="Player 2")).locator("select") \
            .select_option(index=0)  # a person at this screen (the first choice)
        page.get_by_role("button", name="start a new game").click()
        page.wait_for_selector(".mk-cover button", state="visible", timeout=30_000)
        # The cover is drawn as the game starts; the form's "New game: deal N" comes after it.
        page.wait_for_function("() => /deal \\d+/.test(document.querySelector('.mk-form-message').innerText)",
                               timeout=30_000)
        seed = int(re.search(r"deal (\d+)", page.locator(".mk-form-message").inner_text())[1])
        page.locator(".mk-cover button").click()
        page.wait_for_selector(".mk-board-svg svg", timeout=30_000)
        hidden = get_game("ohanami").new_game(2, seed=seed).hands[1]
        html = page.content()
        shown = {int(n) for n in re.findall(r'data-mk-target="card:(\d+)"', html)}
        assert shown == set(get_game("ohanami").new_game(2, seed=seed).hands[0])
        assert not shown & set(hidden)
        # Seat 0 picks: the cover comes back before seat 1's hand is drawn.
        for _ in range(2):
            _click(page.locator(".mk-board-svg .mk-active").first)
            page.wait_for_timeout(300)
        page.wait_for_selector(".mk-cover button", state="visible", timeout=30_000)
        assert not re.findall(r'data-mk-target="card:\d+"', page.content())
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("width,height", [(1024, 768), (420, 800)])
def test_upload_of_a_tampered_record_keeps_the_game(browser, demo_url, tmp_path, width, height):
    game = get_game("mandala").new_game(2, seed=6)
    for _ in range(6):
        game.apply(game.legal_moves()[-1])
    record = records.from_state(game, players=["a", "b"], seed=6)
    record["events"][3]["event"] = "field B black 99"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record))
    page, errors, _outside = _open(browser, demo_url, "play-mandala.ipynb", width, height)
    try:
        told = page.locator(".mk-log li").all_inner_texts()
        page.locator(".mk-game-view").get_by_text("Record", exact=True).first.click()
        with page.expect_file_chooser() as chooser:
            page.locator(".mk-game-view .widget-upload").click()
        chooser.value.set_files(str(path))
        page.wait_for_selector(".mk-message .mk-refusal", timeout=30_000)
        text = page.locator(".mk-message").inner_text()
        assert "event 3" in text and "kept" in text
        assert page.locator(".mk-log li").all_inner_texts()[1:] == told  # the refusal on top, the game kept
        tag = page.locator(".mk-message details.mk-rule").first  # its rule, opened, is whole: its link on top
        tag.locator("summary").click()
        link = tag.locator(".mk-rule-open a")
        assert re.fullmatch(r"rules\.ipynb#M-\d+(\.\d+)*", link.get_attribute("href"))
        whole = link.evaluate("""a => { const box = a.getBoundingClientRect();
            const top = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
            return a.contains(top) || JSON.stringify([box, innerWidth, innerHeight, top && top.className]); }""")
        assert whole is True, f"the opened rule is cut at the edge of the message box: {whole}"
        assert not errors, errors
    finally:
        page.close()


FORM_FIELDS = """() => {
  const start = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'start a new game');
  const form = start.closest('.widget-vbox').getBoundingClientRect();
  const wide = [];
  for (const f of start.closest('.widget-vbox').querySelectorAll('input, select, label, .widget-label')) {
    const r = f.getBoundingClientRect();
    if (r.width && (r.right > form.right + 1 || r.left < form.left - 1 || f.scrollWidth > f.clientWidth + 1))
      wide.push([f.innerText || f.value, Math.round(r.left), Math.round(r.right)]);
  }
  return {form: [Math.round(form.left), Math.round(form.right)], wide};
}"""


@pytest.mark.parametrize("game", ["ohanami", "flowers"])
@pytest.mark.parametrize("width", [420, 1024])
def test_every_field_of_the_new_game_form_fits_the_form(browser, demo_url, game, width):
    """At 420 px each rule option's menu and its words stay inside the New game form, neither
    cut at the right edge nor cut short; at 1024 px too. The menus read in words, with the
    rule id as a tag, and the news of the new game stands under the button."""
    page, errors, _outside = _open(browser, demo_url, f"play-{game}.ipynb", width=width, height=768)
    try:
        page.locator(".mk-game-view").get_by_text("New game", exact=True).first.click()
        page.get_by_role("button", name="start a new game").wait_for(timeout=30_000)
        sizes = page.evaluate(FORM_FIELDS)
        print(f"New game form at {width} px: {sizes}")
        assert not sizes["wide"], sizes
        menu = page.locator(".mk-game-view select").filter(has_text=re.compile("printed|published"))
        words = menu.locator("option").all_inner_texts()
        assert words[0].replace("\xa0", " ") in ("15 (the printed table)", "4 (the published rules)"), words
        menu.select_option(index=1)
        page.get_by_role("button", name="start a new game").click()
        page.locator(".mk-form-message").get_by_text("New game: deal").wait_for(timeout=30_000)
        # Both boxes in one frame: the new game scrolls its board into view meanwhile.
        button, said = page.evaluate("""() => {
          const box = (e) => { const r = e.getBoundingClientRect(); return {y: r.y, height: r.height}; };
          const start = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'start a new game'
                                                                       || b.getAttribute('aria-label') === 'start a new game'
                                                                       || b.title === 'start a new game');
          return [box(start), box(document.querySelector('.mk-form-message'))];
        }""")
        assert 0 <= said["y"] - (button["y"] + button["height"]) < 80, (button, said)
        assert not errors, errors
    finally:
        page.close()
