"""The teacher's class page in Chromium (notebooks/class.ipynb, widgets/classroom/classview.py): it shows a
pupil's answer that arrives while it is open, and its ticker keeps ticking, one tick at a time
(the next tick waits for the kernel's answer to the last, so a slow refresh never piles up)."""

from __future__ import annotations

import time

import pytest

from _browser import ROOT, serve_voila, watch
from mandalakit.widgets.classroom import teacher
from mandalakit.widgets.classroom.classbook import ClassBook

pytestmark = pytest.mark.browser

STATUS = ".widget-html:has-text('updated at')"


def test_the_class_page_shows_new_answers_and_keeps_ticking(browser, tmp_path):
    folder = tmp_path / "class"
    book = ClassBook(folder)
    key = teacher.key(folder)
    with serve_voila(ROOT / "notebooks", options=["--VoilaConfiguration.preheat_kernel=False"],
                     env={"MANDALAKIT_CLASS": str(folder)}) as server:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        errors, outside = watch(page)
        page.goto(server.url + f"voila/render/class.ipynb?teacher={key}", timeout=180_000)
        page.get_by_text("Nobody has answered yet").wait_for(timeout=180_000)
        book.attempt("Ada", "ohanami", "1", "20", False)  # a pupil's kernel writes meanwhile
        page.get_by_text("1 (not yet right)").wait_for(timeout=60_000)
        book.attempt("Ada", "ohanami", "1", "21", True)  # a second answer: the ticker is still going
        page.get_by_text("1 (right)").wait_for(timeout=60_000)
        # Ticks every 2 s, each answered: 4 different times in the status line within 40 s (a page
        # whose ticks went unanswered would send one every 30 s only).
        stamps, end = set(), time.monotonic() + 40
        while len(stamps) < 4 and time.monotonic() < end:
            stamps.add(page.locator(STATUS).inner_text())
            page.wait_for_timeout(250)
        assert len(stamps) >= 4, stamps
        assert not errors and not outside, (errors, outside)
