"""Every pupil page read as a pupil of 12 would, in Chromium at 1024 px: no code shows through,
and the core of each lesson (before "Going further") fits a 20-30 minute class.

The visible text is every text a pupil sees (drawings included, with the boxes' placeholders and
every entry of the menus), but not the formulas typeset by MathJax, nor what is hidden (a closed
"All the rules", a tooltip). Code-like tokens are :data:`CODE_LIKE`: call syntax, snake_case and
dotted names, module names, Python words, "the code", the games' move notation ("pick 12 45").
Each lesson's core height is printed and held to :data:`CORE_BUDGET_PX` (issue 21's target: about
4,000 px at 1024 px).
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

#: Text that reads as code to a pupil (each pattern with what it catches).
CODE_LIKE = {
    "call syntax": re.compile(r"\b[A-Za-z_][A-Za-z0-9_.]+\([^()]*\)"),
    "snake_case": re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b"),
    "a dotted name": re.compile(r"\b[a-z]+\.[A-Za-z_]{2,}"),
    "a module": re.compile(r"\b(mandalakit|ipywidgets|numpy|pandas|plotly|anywidget|voila)\b|\.py\b", re.I),
    "Python": re.compile(r"\b(None|True|False|import|def|lambda)\b"),
    "CamelCase": re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]+\b"),
    "the code": re.compile(r"\b(the code|code below|le code|code ci-dessous)\b", re.I),
    "a backquote": re.compile(r"`"),
    "move notation": re.compile(r"\bpick \d+ \d+|\bplace \d+>|\b\d+>(\d|x)\b|\bplay \d+ [a-z]+ on \d|\bx3\b"
                               r"|\b(mountain|field|discard) ([AB] )?(black|green|purple|yellow|orange|red)\b"),
}

#: The page's visible text, formulas and hidden parts left out.
VISIBLE_TEXT = """() => {
  const root = document.querySelector('#rendered_cells');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || el.closest('script, style, title, mjx-container, .MathJax, mjx-assistive-mml')) continue;
    if (!el.getClientRects().length) continue;
    out.push(walker.currentNode.textContent);
  }
  // What a pupil reads in a box before typing, and every entry of a menu once opened.
  for (const el of root.querySelectorAll('[placeholder]')) out.push(el.getAttribute('placeholder'));
  for (const el of root.querySelectorAll('option')) out.push(el.textContent);
  return out.join('\\n');
}"""

#: Pixels from the top of the page to the "Going further" heading (the page's height if none).
CORE_HEIGHT = """() => {
  const cells = document.querySelector('#rendered_cells');
  const further = [...cells.querySelectorAll('h2')].find(h => /going further|pour aller plus loin/i.test(h.innerText));
  const top = cells.getBoundingClientRect().top - cells.scrollTop;
  return further ? further.getBoundingClientRect().top - top : cells.scrollHeight;
}"""

#: Each pupil page and the element that shows it is drawn (its last widget).
PAGES = {"index.ipynb": ".mk-gallery", "fr/index.ipynb": ".mk-gallery",
         "maths.ipynb": ".mk-exercise >> nth=6", "fr/maths.ipynb": ".mk-exercise >> nth=6",
         "ohanami.ipynb": ".mk-exercise >> nth=5", "fr/ohanami.ipynb": ".mk-exercise >> nth=5",
         "mandala.ipynb": ".mk-exercise >> nth=5", "fr/mandala.ipynb": ".mk-exercise >> nth=5",
         "flowers.ipynb": ".mk-exercise >> nth=4", "fr/flowers.ipynb": ".mk-exercise >> nth=4"}
LESSONS = {name for name in PAGES if "index" not in name and "maths" not in name}
CORE_BUDGET_PX = 4200  # issue 21: "about 4,000 px"; each step's text beside its picture gives 3,500-4,150 px


def code_like(text: str) -> list[tuple[str, str]]:
    """(kind, line) for every line of ``text`` holding a code-like token.

    >>> code_like("Move the sliders.\\nsakura_cap = None")
    [('snake_case', 'sakura_cap = None'), ('Python', 'sakura_cap = None')]
    """
    return [(kind, line.strip()) for line in text.splitlines() for kind, pattern in CODE_LIKE.items()
            if pattern.search(line)]


def test_the_scanner_finds_what_the_old_lessons_showed():
    old = ["The engine's Rules(sakura_cap=None) plays the open formula.", "quoted from the package, mandalakit.rule_text",
           "gain_value(single, face)", "the code below draws it", "flowers.DEFAULT_TILES"]
    assert all(code_like(line) for line in old)
    assert code_like("T(k) = k(k+1)/2 points; 3 × 4 = 12 (O-3.1); Player 1 keeps 17 and 90.") == []
    # the games' notation, as the replay's move box and the tile faces showed it
    notation = ["a move, e.g. pick 12 45", "place 45>1 40>x", "un coup, p. ex. 'mountain A black'",
                "a move, e.g. play 1 purple on 1", "1 1 2 2 3 x3", "field B green 2"]
    assert [kind for line in notation for kind, _line in code_like(line)] == ["move notation"] * len(notation)
    assert code_like("Player 2 plays into mountain A; the ×3 tile; pick: 40 and 95; discard (x)") == []


@pytest.mark.parametrize("name", PAGES)
def test_a_pupil_page_shows_no_code_and_its_core_fits_a_lesson(browser, demo_url, name):
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    try:
        page.goto(f"{demo_url}voila/render/{name}", timeout=120_000)
        page.locator(PAGES[name]).wait_for(timeout=120_000)
        assert code_like(page.evaluate(VISIBLE_TEXT)) == []
        if name in LESSONS:
            core = page.evaluate(CORE_HEIGHT)
            print(f"\n{name}: the core (before Going further) is {core:.0f} px tall at 1024 px "
                  f"(target: about 4,000)")
            assert 1000 < core <= CORE_BUDGET_PX
    finally:
        page.close()


def test_the_ohanami_board_question_is_answered_by_clicks(browser, demo_url):
    """Card 40 may join row 2 (below 70) or start row 3, not row 1 (20 to 60), by the engine (O-2.4)."""
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    try:
        page.goto(f"{demo_url}voila/render/ohanami.ipynb", timeout=120_000)
        question = page.locator(".mk-board-question")
        question.locator("[data-mk-target='row:1']").wait_for(timeout=120_000)
        question.locator("[data-mk-target='row:1']").click()
        question.get_by_role("button", name="check").click()
        wrong = question.locator(".mk-exercise-wrong")
        wrong.wait_for(timeout=30_000)
        assert "Not yet" in wrong.inner_text() and "between 20 and 60" in wrong.inner_text()
        board = question.locator(".mk-board-svg").first
        for target in ("row:1", "row:2", "row:3"):  # row 1 again unchooses it
            before = board.inner_html()
            question.locator(f"[data-mk-target='{target}']").click()
            page.wait_for_function("([el, before]) => el.innerHTML !== before",  # each click redraws it
                                   arg=[board.element_handle(), before], timeout=30_000)
        question.get_by_role("button", name="check").click()
        right = question.locator(".mk-exercise-right")
        right.wait_for(timeout=30_000)
        assert "Row 2 (40 is lower than 70)" in right.inner_text()
    finally:
        page.close()


def _answer(exercise, text: str) -> None:
    box = exercise.locator("input[type=text], select").first
    if box.evaluate("el => el.tagName") == "SELECT":
        box.select_option(label=text)
    else:
        box.fill(text)
    exercise.get_by_role("button", name="check").click()


#: The maths track's exercises: (words of the question, a wrong answer, the right one by the engine).
MATHS = [("1. The chance.", "6, 40", "3, 20"), ("2. Coming round.", "6, 8", "1, 2"), ("3. The average.", "9, 6", "3, 2"),
         ("4. What a tile adds.", "9, 5", "17, 5"), ("5. Pairs.", "56", "28"), ("6. The best score.", "22", "28"),
         ("7. Favoured?", "no", "yes")]


def test_the_maths_track_answers_each_activity_wrong_then_right_and_plays_more_games_live(browser, demo_url):
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    try:
        page.goto(f"{demo_url}voila/render/maths.ipynb", timeout=120_000)
        page.locator(".mk-exercise").nth(6).wait_for(timeout=120_000)
        assert "3/20" in page.locator(".mk-draw-chance").inner_text()
        assert "Step 2: the hand first dealt to Player 4, 8 cards." in page.locator(".mk-draft-round").inner_text()
        assert "17 / 5" not in page.locator(".mk-tile-gain").inner_text()  # the lone 1 first: the exercise's 2 is the pupil's to find
        page.locator(".mk-tile-gain-choice select").select_option(label="2 flowers")
        page.wait_for_function("() => document.querySelector('.mk-tile-gain').innerText.includes('17 / 5')", timeout=30_000)
        assert "45" in page.locator(".mk-pair-count").inner_text()
        for words, wrong, right in MATHS:
            exercise = page.locator(".mk-exercise", has_text=words)
            _answer(exercise, wrong)
            exercise.locator(".mk-exercise-wrong").wait_for(timeout=30_000)
            assert "Hint" in exercise.inner_text()
            _answer(exercise, right)
            exercise.locator(".mk-exercise-right").wait_for(timeout=30_000)
        stats = page.locator(".mk-first-player")
        assert "of 40 games" in stats.inner_text()
        page.get_by_role("button", name="play 20 more games").click()
        page.wait_for_function("() => document.querySelector('.mk-first-player').innerText.includes('of 60 games')",
                               timeout=60_000)
    finally:
        page.close()
