"""The drawings look like the games' tables (issue 20): round mandalas with the mountain across,
Ohanami rows that wrap onto labelled continuation lines; and the table (status line, board, log)
fits a 1024 x 768 screen: once the status line is at the top, every target of the next move is
in the window without scrolling."""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from mandalakit import mandala
from mandalakit.ohanami import from_position as ohanami_position

NS = "{http://www.w3.org/2000/svg}"


def _card_tops(text: str) -> dict[str, float]:
    """``data-mk-key`` to the top of the card's body."""
    tops = {}
    for g in ET.fromstring(text).iter(f"{NS}g"):
        if g.get("data-mk-key"):
            tops[g.get("data-mk-key")] = float(g.findall(f"{NS}rect")[1].get("y"))
    return tops


@pytest.mark.parametrize("width, radius", [(None, 190), (360, 150), (340, 150)])
def test_M_1_2_each_mandala_is_a_disc_with_the_other_field_far_the_mountain_across_and_yours_near(width, radius):
    state = mandala.from_position({"hands": [{"red": 2}, {"black": 1}], "mountains": {"A": {"red": 1}, "B": {"green": 1}},
                                   "fields": {"A": [{"black": 1}, {"yellow": 2}], "B": [{}, {}]}}, seed=1)
    text = state.to_svg(0, width=width)
    root = ET.fromstring(text)
    discs = [c for c in root.iter(f"{NS}circle") if float(c.get("r")) == radius]
    assert len(discs) == 2
    tops = _card_tops(text)
    far, mountain, near = tops["fieldA1:yellow"], tops["mountainA:red"], tops["fieldA0:black"]
    assert far < mountain < near
    cx, cy = float(discs[0].get("cx")), float(discs[0].get("cy"))
    assert far < cy < near and abs((far + near) / 2 - cy) < 30
    groups = {g.get("data-mk-target"): g for g in root.iter(f"{NS}g") if g.get("data-mk-target")}
    x, y, w, h = (float(groups["mountain:A"][1].get(k)) for k in ("x", "y", "width", "height"))
    assert y < cy < y + h and x < cx - radius + 20 and x + w > cx + radius - 20  # the mountain goes across
    assert "your field" in text and "Player 2&#x27;s field" in text


def test_O_2_4_a_long_row_goes_on_under_itself_on_lines_labelled_as_its_continuation():
    long_row = list(range(20, 81, 5))  # 13 cards
    state = ohanami_position({"round": 3, "step": 2, "hands": [list(range(1, 9)), list(range(9, 17))],
                              "rows": [[long_row, [100, 101]], [[21, 26]]],
                              "round_rows": [[[long_row[:5]], [long_row, [100, 101]]], [[[21]], [[21, 26]]]]})
    for width, lines in ((None, 1), (360, 3)):  # 13 cards a line wide; 6 a line at 360 px
        text = state.to_svg(0, width=width)
        words = re.findall(r">([^<>]+)</text>", text)
        assert words.count("row 1") == 2 and words.count("row 2") == 1  # each seat's first row, and mine
        assert sum(w.startswith("row 1,") for w in words) == lines - 1
        assert not any(w.startswith("row 2,") for w in words)
        assert "row 4" not in words


#: What the board gets at 1024 px beside the log (measured in Chromium: 730 px), and the most
#: it may be tall under the status line (74 px) in a 768 px window.
BOARD_AT_1024, TALLEST_AT_768 = 730, 768 - 74 - 8


def test_M_1_2_at_1024_px_the_mandalas_stay_side_by_side_and_the_board_fits_768_px():
    state = mandala.from_position({"hands": [{"red": 2, "black": 1, "green": 1, "yellow": 1, "orange": 1,
                                              "purple": 1}, {"black": 1}],
                                   "mountains": {"A": {"red": 1}, "B": {"green": 1}},
                                   "fields": {"A": [{"black": 1}, {"yellow": 2}], "B": [{}, {}]},
                                   "discard": {"purple": 1, "orange": 2}}, seed=1)
    text = state.to_svg(0, width=BOARD_AT_1024)
    root = ET.fromstring(text)
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert width == BOARD_AT_1024 and height <= TALLEST_AT_768
    discs = [c for c in root.iter(f"{NS}circle") if float(c.get("r")) == 160]
    assert len(discs) == 2 and discs[0].get("cy") == discs[1].get("cy")  # side by side
    assert float(discs[1].get("cx")) - float(discs[0].get("cx")) >= 320
    tops = _card_tops(text)
    assert tops["hand0:red"] == tops["discard:orange"]  # the discard pile beside the hand


def test_F_1_4_at_1024_px_the_three_mandalas_stand_side_by_side_with_the_hand_right_under_them():
    from mandalakit import flowers

    state = flowers.new_game(2, seed=1)
    while state.is_chance():
        state.apply(state.sample_chance(np.random.default_rng(0)))
    text = state.to_svg(0, width=BOARD_AT_1024)
    root = ET.fromstring(text)
    assert float(root.get("viewBox").split()[3]) <= TALLEST_AT_768
    discs = [c for c in root.iter(f"{NS}circle") if c.get("r") == "64"]
    assert len(discs) == 3 and len({c.get("cy") for c in discs}) == 1  # side by side
    sides = [g for g in root.iter(f"{NS}g") if (g.get("data-mk-target") or "").startswith("mandala:")]
    hand = [g for g in root.iter(f"{NS}g") if (g.get("data-mk-target") or "").startswith("hand:")]
    side_bottom = max(float(g.find(f"{NS}rect").get("y")) + float(g.find(f"{NS}rect").get("height")) for g in sides)
    hand_top = min(float(g.find(f"{NS}rect").get("y")) for g in hand)
    assert side_bottom < hand_top < side_bottom + 60  # the hand right under the mandalas
    assert text.index("hand:") < text.index("Player 2 · score")  # before the other players' lines


#: The boxes of the table once its status line is scrolled to the top of the window.
TABLE_BOXES = """() => {
  document.querySelector('.mk-top').scrollIntoView();
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {window: [window.innerWidth, window.innerHeight], top: box(document.querySelector('.mk-top')),
          board: box(document.querySelector('.mk-board-svg svg')),
          latest: box(document.querySelector('.mk-log li')),
          targets: [...document.querySelectorAll('.mk-board-svg .mk-active')].map(box)};
}"""


#: The board has stopped moving: no card slides (a finite animation), and no look at the turn is
#: pending (``mk-board-settling``, static/board_view.js).
SETTLED = """() => !document.querySelector('.mk-board-settling') && !document.getAnimations().some(
  a => a.playState === 'running' && a.effect?.getComputedTiming?.().iterations !== Infinity)"""


@pytest.mark.browser
@pytest.mark.parametrize("game", ["mandala", "ohanami", "flowers"])
def test_at_1024_x_768_the_status_line_the_whole_board_and_the_log_are_in_the_window(browser, demo_url, game):
    """Issue 20: at 1024 x 768 the Mandala table (800 px tall) did not fit under the status line.
    With the status line at the top, the board, every highlighted target of the move and the
    newest line of the log are inside the window, before and after the first click."""
    from _browser import watch

    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors, _outside = watch(page)
    try:
        page.goto(f"{demo_url}voila/render/play-{game}.ipynb", timeout=120_000)
        page.wait_for_selector(".mk-board-svg .mk-active", timeout=120_000)
        page.wait_for_function("() => { const s = document.querySelector('.mk-board-svg svg');"
                               " return s && +s.getAttribute('width') <= s.parentElement.clientWidth + 1; }",
                               timeout=30_000)  # the board laid out for the width the page gave it
        for click in range(2):
            boxes = page.evaluate(TABLE_BOXES)
            w, h = boxes["window"]
            inside = lambda b: b[0] >= 0 and b[1] >= 0 and b[2] <= w and b[3] <= h  # noqa: E731
            assert inside(boxes["top"]) and inside(boxes["board"]) and inside(boxes["latest"]), (click, boxes)
            assert boxes["targets"] and all(inside(b) for b in boxes["targets"]), (click, boxes)
            if click == 0:
                before = page.locator(".mk-board-svg").inner_html()
                page.locator(".mk-board-svg .mk-active rect").first.click()
                page.wait_for_function("b => document.querySelector('.mk-board-svg').innerHTML !== b", arg=before,
                                       timeout=30_000)
                page.wait_for_function(SETTLED, polling=100, timeout=30_000)  # the card's move is over
        assert not errors, errors
    finally:
        page.close()
