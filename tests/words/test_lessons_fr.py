"""A French lesson served by Voilà (as ``make demo`` serves it), read in Chromium.

``notebooks/fr/mandala.ipynb`` renders, an exercise is answered wrong (a French hint) and then
right, and the text a pupil sees holds no word of test_french's list of English words; the other
French pages (lessons and play dashboards) are read for English words too.

What is not read: text inside ``<code>`` (moves in notation, such as ``field A red 2``, and the
option names quoted by the rules texts) and the formulas typeset by MathJax.
"""

from __future__ import annotations

import pytest
from _browser import watch
from test_french import ENGLISH, unquoted

from mandalakit.mandala import COLOURS, river_score

pytestmark = pytest.mark.browser

#: The page's visible text, with <code> and formulas left out (see the module docstring).
VISIBLE_TEXT = """selector => {
  const root = document.querySelector(selector);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || el.closest('code, script, style, title, mjx-container, .MathJax, mjx-assistive-mml')) continue;
    if (!el.getClientRects().length) continue;  // not shown: a closed <details>, a hidden panel
    out.push(walker.currentNode.textContent);
  }
  return out.join('\\n');
}"""


def english_lines(page, selector: str = "#rendered_cells") -> list[str]:
    text = page.evaluate(VISIBLE_TEXT, selector)
    return sorted({line.strip() for line in text.splitlines() if ENGLISH.search(unquoted(line))})


def test_the_french_mandala_lesson_is_french(browser, demo_url):
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors, outside = watch(page)
    try:
        page.goto(f"{demo_url}voila/render/fr/mandala.ipynb", timeout=120_000)
        page.locator(".mk-exercise").nth(5).wait_for(timeout=120_000)  # the last widget of the page
        assert "La règle de la couleur" in page.locator("#rendered_cells").inner_text()
        assert "Le mandala A a cinq couleurs" in page.locator(".mk-slides").first.inner_text()
        assert english_lines(page) == []
        # Exercise 4, answered wrong (a French hint, no answer) then right.
        exercise = page.locator(".mk-exercise", has_text="1. Rivière × coupe")
        right = river_score([COLOURS.index(c) for c in ("yellow", "red", "black", "green")], [2, 3, 5, 1, 0, 4])
        for answer in (right - 1, right):
            box = exercise.locator("input[type=text]").first
            box.fill(str(answer))
            exercise.get_by_role("button", name="vérifier").click()
            if answer != right:
                feedback = exercise.locator(".mk-exercise-wrong")
                feedback.wait_for(timeout=30_000)
                assert "Pas encore" in feedback.inner_text() and "Valeur de l’emplacement" in feedback.inner_text()
        exercise.locator(".mk-exercise-right").wait_for(timeout=30_000)
        assert "Juste" in exercise.inner_text() and "27" in exercise.inner_text()
        assert english_lines(page) == []
        assert not errors, errors
        assert not outside, outside
    finally:
        page.close()


#: The other French pages, and the element that shows each is drawn (its last widget).
FRENCH_PAGES = {"ohanami.ipynb": ".mk-exercise >> nth=5", "flowers.ipynb": ".mk-exercise >> nth=4",
                "play-ohanami.ipynb": ".mk-board-svg svg", "play-mandala.ipynb": ".mk-board-svg svg",
                "play-flowers.ipynb": ".mk-board-svg svg", "analysis.ipynb": ".mk-analysis-chart .main-svg"}


@pytest.mark.parametrize("name", FRENCH_PAGES)
def test_every_french_page_is_french(browser, demo_url, name):
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors, outside = watch(page)
    try:
        page.goto(f"{demo_url}voila/render/fr/{name}", timeout=120_000)
        page.locator(FRENCH_PAGES[name]).first.wait_for(timeout=120_000)
        page.wait_for_timeout(500)  # the board's redraw for the width the page reports
        assert english_lines(page) == []
        assert not errors, errors
        assert not outside, outside
    finally:
        page.close()


def test_the_landing_pages_link_each_other_under_voila(browser, demo_url):
    base = f"{demo_url}voila/render/"
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        page.goto(base + "index.ipynb", timeout=120_000)
        page.locator("#rendered_cells a", has_text="En français").click()
        page.wait_for_url(base + "fr/index.ipynb", timeout=60_000)
        page.wait_for_selector("#rendered_cells a[href$='.ipynb']", timeout=120_000)
        links = dict(page.eval_on_selector_all("#rendered_cells a[href$='.ipynb']",
                                               "els => els.map(a => [a.getAttribute('href'), a.href])"))
        assert links["mandala.ipynb"] == base + "fr/mandala.ipynb"
        assert links["play-mandala.ipynb"] == base + "fr/play-mandala.ipynb"
        assert links["../index.ipynb"] == base + "index.ipynb"
        assert english_lines(page) == []
    finally:
        page.close()


def test_the_play_dashboards_switch_to_french_and_the_game_goes_on(browser, demo_url):
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors, outside = watch(page)
    try:
        page.goto(f"{demo_url}voila/render/play-mandala.ipynb", timeout=120_000)
        status = page.locator(".mk-game-view .mk-status")
        status.get_by_text("your turn").wait_for(timeout=120_000)
        page.locator(".mk-game-view .mk-board-svg [data-mk-target]").first.wait_for(timeout=30_000)
        page.locator(".mk-language button", has_text="FR").click()
        status.get_by_text("À vous").wait_for(timeout=60_000)  # « À vous : cliquez ... »
        assert english_lines(page, ".mk-game-view") == []
        page.locator(".mk-language button", has_text="EN").click()
        status.get_by_text("your turn").wait_for(timeout=60_000)
        assert not errors, errors
        assert not outside, outside
    finally:
        page.close()


def test_the_check_finds_an_english_word():
    assert english_lines(_Page("Le joueur 1 choisit.\nSeat 0 picks first.\n'field A red 2'")) == ["Seat 0 picks first."]


class _Page:
    """A page whose visible text is given (for the check above)."""

    def __init__(self, text: str):
        self.text = text

    def evaluate(self, _script: str, _selector: str) -> str:
        return self.text


#: The buttons whose words do not fit them (cut off with "…"), by their text.
CUT_BUTTONS = """() => [...document.querySelectorAll('#rendered_cells button')]
  .filter(b => b.getClientRects().length && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())"""


@pytest.mark.parametrize("name", ["ohanami.ipynb", "play-flowers.ipynb"])
def test_on_a_phone_french_buttons_show_their_words(browser, demo_url, name):
    """At 420 px every button's words fit it: the sakura calculator's round buttons read « manche 1 »,
    not « manc… » (they were 5.5em wide); the play dashboard's buttons too."""
    page = browser.new_page(viewport={"width": 420, "height": 900})
    try:
        page.goto(f"{demo_url}voila/render/fr/{name}", timeout=120_000)
        page.locator(FRENCH_PAGES[name]).first.wait_for(timeout=120_000)
        assert page.locator("#rendered_cells button").count() >= 3
        assert page.evaluate(CUT_BUTTONS) == []
    finally:
        page.close()
