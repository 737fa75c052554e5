"""A kernel answers only its own page, in a real browser (issue 19): the page's own widgets still
work, and a second browser context (another pupil's browser) that knows the kernel id is refused
on the kernel's websocket, its model and its shutdown, in ``make demo``'s layout (Voila alone,
preheated kernels) and Binder's (Jupyter Server with the Voila extension; ``make lab`` serves
pages the same way: ``tests/classroom/test_classroom_owner.py`` checks it without a browser)."""

from __future__ import annotations

import json
import re

import pytest
from _browser import chromium, watch

pytestmark = pytest.mark.browser

#: Run in the second context's page: a websocket to the kernel, and whether it opened.
OPEN_SOCKET = """url => new Promise(done => {
  const ws = new WebSocket(url);
  ws.onopen = () => { ws.close(); done('opened'); };
  ws.onerror = () => done('refused');
  setTimeout(() => done('no answer'), 20000);
})"""


def _play_and_probe(base: str, page_path: str, index_path: str) -> dict:
    """Open the play page in one context and play a move by typing it; from a second context, ask
    for the first page's kernel. Returns what the second context got."""
    with chromium() as browser:
        pupil = browser.new_context(viewport={"width": 1024, "height": 768})
        page = pupil.new_page()
        errors, outside = watch(page)
        page.goto(base + page_path, timeout=120_000)
        page.wait_for_selector(".mk-board-svg svg:visible", timeout=120_000)
        html = page.content()
        kernel = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))["kernelId"]
        # The page's own widgets work: a typed move is played (Ohanami's first pick, as the hint gives it).
        page.get_by_role("button", name="hint").click()
        hint = page.locator(".mk-message .mk-hint").get_attribute("data-move", timeout=30_000)  # the move in notation
        box = page.locator(".mk-move-text input")
        box.fill(hint)
        box.press("Enter")
        page.wait_for_function("() => !document.querySelector('.mk-move-text input').value", timeout=30_000)
        page.locator(".mk-status").get_by_text("your turn").wait_for(timeout=60_000)
        assert not page.locator(".mk-message .mk-refusal").count()
        # A second browser that knows the kernel id, with a page of its own (its own cookies,
        # _xsrf included, so a refusal is the kernel's binding, not a missing _xsrf).
        other = browser.new_context()
        probe = other.new_page()
        probe.goto(base + index_path, timeout=120_000)
        xsrf = next(c["value"] for c in other.cookies() if c["name"] == "_xsrf")
        got = {
            "websocket": probe.evaluate(OPEN_SOCKET, base.replace("http", "ws") + f"api/kernels/{kernel}/channels"),
            "model": other.request.get(base + f"api/kernels/{kernel}").status,
            "shutdown": other.request.post(base + f"voila/api/shutdown/{kernel}", form={"_xsrf": xsrf}).status,
            "delete": other.request.delete(base + f"api/kernels/{kernel}", headers={"X-XSRFToken": xsrf}).status,
        }
        # ... and the pupil's page still plays: its kernel was not stopped.
        got["own model"] = pupil.request.get(base + f"api/kernels/{kernel}").status
        page.get_by_role("button", name="hint").click()
        page.locator(".mk-message .mk-hint").wait_for(timeout=30_000)
        got["errors"] = [e for e in errors if "403" not in e]
        assert not outside, outside
        return got


def _assert_refused(got: dict) -> None:
    assert got["websocket"] == "refused" and got["model"] == 403 and got["shutdown"] == 403, got
    assert got["delete"] in (403, 405) and got["own model"] == 200 and not got["errors"], got


def test_make_demo_a_second_browser_with_the_kernel_id_is_refused(demo_server):
    # The run's servers of each layout (conftest): make demo's, then Binder's.
    _assert_refused(_play_and_probe(demo_server.url, "voila/render/play-ohanami.ipynb", "voila/render/index.ipynb"))


def test_binder_a_second_browser_with_the_kernel_id_is_refused(binder_layout):
    _assert_refused(_play_and_probe(binder_layout.url, "voila/render/notebooks/play-ohanami.ipynb",
                                    "voila/render/notebooks/index.ipynb"))
