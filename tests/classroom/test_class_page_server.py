"""The teacher's class page under make demo's layout in class mode: pupils get 403, the
teacher's link opens it (widgets/classroom/teacher.py, named by the identity provider)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from _browser import ROOT, serve_voila
from mandalakit.widgets.classroom import teacher

pytestmark = pytest.mark.server


def _status(url: str, cookie: str = "") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=180) as r:
            return r.status, "; ".join(r.headers.get_all("Set-Cookie") or [])
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_the_class_page_answers_the_teacher_alone(tmp_path):
    folder = tmp_path / "class"
    key = teacher.key(folder)
    env = {"MANDALAKIT_CLASS": str(folder), "MANDALAKIT_LESSON": "ohanami", "MANDALAKIT_PUPILS": "1"}
    # Kernels started per visit (no pools): the check is the same, the server starts faster.
    with serve_voila(ROOT / "notebooks", options=["--VoilaConfiguration.preheat_kernel=False"], env=env) as server:
        page = server.url + "voila/render/class.ipynb"
        for url in (page, page + "?teacher=wrong", page + "?token=x", server.url + "voila/render/fr/class.ipynb"):
            assert _status(url)[0] == 403, url
        assert _status(page, cookie=f"{teacher.COOKIE}=wrong")[0] == 403
        status, cookies = _status(page + f"?teacher={key}")
        assert status == 200 and f"{teacher.COOKIE}={key}" in cookies and "HttpOnly" in cookies
        assert _status(page, cookie=f"{teacher.COOKIE}={key}")[0] == 200
        assert "Traceback" not in server.output()
