"""A pupil who reloads the lesson finds their work, in Chromium (issue 29): the page greets them by name,
the board question shows their chosen rows and attempt, the typed exercise their answers; another
browser (a new context: its own localStorage) finds none of it."""

from __future__ import annotations

import os

import pytest

from _browser import ROOT, serve_voila, watch
from mandalakit.widgets.classroom.classbook import ClassBook

pytestmark = pytest.mark.browser

#: Where the test leaves its screenshots when asked (``MK_SHOTS=folder``), to look at the restored page.
SHOTS = os.environ.get("MK_SHOTS")


def _open(context, url: str):
    page = context.new_page()
    errors, outside = watch(page)
    page.goto(url, timeout=180_000)
    page.locator(".mk-pupil").wait_for(timeout=180_000)
    page.locator(".mk-exercise-row input").first.wait_for(timeout=180_000)
    return page, errors, outside


def test_a_reloaded_lesson_greets_the_pupil_and_shows_their_answers(browser, tmp_path):
    folder = tmp_path / "class"
    with serve_voila(ROOT / "notebooks", options=["--VoilaConfiguration.preheat_kernel=False"],
                     env={"MANDALAKIT_CLASS": str(folder)}) as server:
        url = server.url + "voila/render/ohanami.ipynb"
        context = browser.new_context(viewport={"width": 1024, "height": 900})
        page, errors, outside = _open(context, url)
        page.locator(".mk-pupil input").fill("Ada")
        page.locator(".mk-pupil button").click()
        page.get_by_text("Hello Ada!").wait_for(timeout=60_000)
        question = page.locator(".mk-board-question")
        question.locator('[data-mk-target="row:1"]').first.click()
        question.get_by_role("button", name="check").click()
        question.get_by_text("Not yet (attempt 1).").wait_for(timeout=60_000)
        box = page.locator(".mk-exercise-row input").first
        for answer in ("26", "27"):
            box.fill(answer)
            box.press("Enter")
            page.wait_for_function("n => document.querySelectorAll('.mk-exercise-feedback').length >= 1", arg=1)
        page.get_by_text("Right!").first.wait_for(timeout=60_000)
        page.wait_for_function("() => true")
        kept = [(a.exercise, a.answer, a.right, a.attempt) for a in ClassBook(folder).attempts()]
        assert kept == [("board 1", "row:1", False, 1), ("1", "26", False, 1), ("1", "27", True, 2)], kept

        page.reload(timeout=180_000)
        page.get_by_text("Hello Ada!").wait_for(timeout=180_000)
        page.get_by_text("Your answers so far: 26 ✗, 27 ✓.").wait_for(timeout=60_000)
        assert page.locator(".mk-exercise-row input").first.input_value() == "27"
        page.locator(".mk-board-question").get_by_text("Not yet (attempt 1).").wait_for(timeout=60_000)
        if SHOTS:
            for width in (1024, 420):
                page.set_viewport_size({"width": width, "height": 900})
                page.locator(".mk-board-question").screenshot(path=f"{SHOTS}/board-restored-{width}.png")
                page.locator(".mk-exercise-earlier").first.scroll_into_view_if_needed()
                page.screenshot(path=f"{SHOTS}/lesson-restored-{width}.png")
        assert not errors and not outside, (errors, outside)

        # Another browser (its own storage: no id, no name) is asked for a name and sees no answer
        other = browser.new_context(viewport={"width": 1024, "height": 900})
        try:
            fresh, errors, outside = _open(other, url)
            fresh.locator(".mk-pupil input").wait_for(timeout=60_000)
            assert fresh.get_by_text("Hello Ada!").count() == 0
            assert fresh.locator(".mk-exercise-row input").first.input_value() == ""
            assert fresh.get_by_text("Your answers so far").count() == 0
        finally:
            other.close()
            context.close()


def test_a_reloaded_game_page_offers_the_unfinished_game(browser, tmp_path):
    folder = tmp_path / "class"
    with serve_voila(ROOT / "notebooks", options=["--VoilaConfiguration.preheat_kernel=False"],
                     env={"MANDALAKIT_CLASS": str(folder)}) as server:
        context = browser.new_context(viewport={"width": 1024, "height": 900})
        try:
            page = context.new_page()
            errors, outside = watch(page)
            page.goto(server.url + "voila/render/play-mandala.ipynb", timeout=180_000)
            page.locator(".mk-pupil input").fill("Ada")
            page.locator(".mk-pupil button").click()
            page.get_by_text("Hello Ada!").wait_for(timeout=60_000)
            page.locator('.mk-board [data-mk-target^="hand:"]').first.click(timeout=180_000)
            page.locator('.mk-board [data-mk-target^="mountain:"]').first.click(timeout=60_000)
            page.wait_for_function("() => Object.keys(localStorage).some(k => localStorage.getItem(k).includes('\"events\"'))",
                                   timeout=60_000)
            page.reload(timeout=180_000)
            page.get_by_text("Hello Ada!").wait_for(timeout=180_000)
            page.get_by_text("A game in progress was kept in this browser").wait_for(timeout=120_000)
            page.get_by_role("button", name="resume that game").click()
            page.get_by_text("Game resumed at move").first.wait_for(timeout=60_000)
            assert not errors and not outside, (errors, outside)
        finally:
            context.close()


def test_a_lesson_on_a_damaged_book_keeps_working_and_says_so_in_words(browser, tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "class.sqlite3").write_bytes(b"not a database\n" * 100)
    with serve_voila(ROOT / "notebooks", options=["--VoilaConfiguration.preheat_kernel=False"],
                     env={"MANDALAKIT_CLASS": str(folder)}) as server:
        context = browser.new_context(viewport={"width": 420, "height": 900})
        try:
            page, errors, outside = _open(context, server.url + "voila/render/ohanami.ipynb")
            page.locator(".mk-pupil input").fill("Ada")
            page.locator(".mk-pupil button").click()
            box = page.locator(".mk-exercise-row input").first
            box.fill("27")
            box.press("Enter")
            page.get_by_text("Right!").first.wait_for(timeout=60_000)
            notice = page.locator(".mk-pupil-notice")
            notice.wait_for(timeout=60_000)
            assert "they wait on this page" in notice.inner_text()
            if SHOTS:
                page.locator(".mk-pupil").screenshot(path=f"{SHOTS}/notice-420.png")
            assert "Traceback" not in page.content() and "Error" not in page.locator("body").inner_text()
            assert not errors and not outside, (errors, outside)
        finally:
            context.close()
