"""The class page is the teacher's: 403 without the class's key (widgets/classroom/teacher.py)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from _browser import need

need("jupyter_server", reason="the dashboard extra is not installed: pip install '.[dashboard]'")

from tornado.escape import url_unescape  # noqa: E402
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine  # noqa: E402
from tornado.web import Application, HTTPError, RequestHandler  # noqa: E402

from jupyter_server.services.contents.filemanager import FileContentsManager  # noqa: E402

from mandalakit.widgets.classroom import classbook  # noqa: E402
from mandalakit.widgets.classroom import teacher  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _handler(path: str, cookie: str = "") -> RequestHandler:
    """A page request as Voila's render handler has it: its path argument decoded by Tornado."""
    request = HTTPServerRequest(start_line=RequestStartLine("GET", path, "HTTP/1.1"),
                                headers=HTTPHeaders({"Host": "127.0.0.1:8866"}))
    if cookie:
        request.headers["Cookie"] = cookie
    request.connection = type("C", (), {"set_close_callback": lambda *a: None})()
    handler = RequestHandler(Application(contents_manager=FileContentsManager(root_dir=str(NOTEBOOKS))), request)
    page = request.path.split("/voila/render/", 1)[1]
    handler.path_args = [handler.decode_argument(url_unescape(page, encoding=None, plus=False))]
    return handler


@pytest.fixture()
def class_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(classbook.ENV, str(tmp_path))
    return tmp_path


def test_the_key_is_made_once_readable_by_the_server_alone(class_folder):
    first = teacher.key(class_folder)
    assert teacher.key(class_folder) == first and len(first) >= 32
    assert stat.S_IMODE(os.stat(class_folder / teacher.KEY_FILE).st_mode) == 0o600


@pytest.mark.parametrize("path", ["/voila/render/class.ipynb", "/voila/render/fr/class.ipynb",
                                  "/voila/render/notebooks/class.ipynb", "/voila/render/class.ipynb?teacher=nope",
                                  "/voila/render/class.ipynb?token=anything", "/voila/render/class%2Eipynb",
                                  "/voila/render/fr%2Fclass.ipynb", "/voila/render/fr/../class.ipynb",
                                  "/voila/render/CLASS.ipynb", "/voila/render/%EF%BD%83lass.ipynb"])
def test_a_pupil_without_the_key_gets_403(class_folder, path):
    teacher.key(class_folder)
    with pytest.raises(HTTPError) as refused:
        teacher.check(_handler(path))
    assert refused.value.status_code == 403


def test_the_teachers_link_opens_it_and_leaves_a_cookie_for_later_visits(class_folder):
    k = teacher.key(class_folder)
    handler = _handler(f"/voila/render/class.ipynb?teacher={k}")
    assert teacher.check(handler) is True
    (cookie,) = handler._new_cookie.values()
    assert cookie.value == k and cookie["httponly"] and cookie["samesite"] == "Strict"
    teacher.check(_handler("/voila/render/class.ipynb", cookie=f"{teacher.COOKIE}={k}"))


def test_other_pages_and_no_class_mode_pass(class_folder, monkeypatch):
    assert teacher.check(_handler("/voila/render/ohanami.ipynb")) is False
    assert teacher.check(_handler("/voila/render/../../voila.json")) is False  # outside the folder: Voila's 404
    monkeypatch.delenv(classbook.ENV)
    assert teacher.check(_handler("/voila/render/class.ipynb")) is False  # no class: the page says so and holds nothing


def test_a_nul_in_a_page_path_is_400(class_folder):
    with pytest.raises(HTTPError) as refused:
        teacher.check(_handler("/voila/render/class.ipynb%00"))
    assert refused.value.status_code == 400
