"""No address opens the class page, its kernel or its data without the teacher's key (issue 29).

A real Voila server in class mode, as ``make demo LESSON=...`` starts it but with a kernel
started per visit (the check comes before Voila chooses a kernel; the server starts faster): a generated table of
paths (each character of ``class.ipynb`` and ``fr/class.ipynb`` percent-encoded in upper and
lower hex, double encoding, trailing ``/``, ``%2F``, ``;x``, ``%00``, ``?x``, ``./``, ``//``,
``fr/../``, ``%2e%2e``, backslashes, case changes, Unicode look-alikes) is sent as-is over raw
HTTP (``http.client``): every render answers 403 or 404 (400 for a NUL or bytes that are not
UTF-8; a name that does not end in ``.ipynb`` is sent to ``voila/files/``, which must refuse it)
and never the class page; Voila's other routes never give its content; the log holds no
traceback. A keyless client cannot open or read the class page's kernel (its websocket, its model,
``voila/query``), not even with the teacher's page cookie alone.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import urllib.parse

import pytest
from _browser import ROOT, need, serve_voila

need("voila", reason="the dashboard extra is not installed: pip install '.[dashboard]'")

from tornado.httpclient import HTTPClientError, HTTPRequest  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from mandalakit.widgets.classroom import teacher  # noqa: E402
from mandalakit.widgets.server.page_owner import COOKIE as PAGE_COOKIE  # noqa: E402

pytestmark = pytest.mark.server

#: Text only the class pages show (their first heading's paragraph, English and French).
MARKERS = ("For the teacher: each pupil", "Pour l’enseignant")
PAGES = ("class.ipynb", "fr/class.ipynb")
#: Look-alikes of the letters of "class.": fullwidth forms, Cyrillic letters, Roman numerals, dotless ı, one-dot leader.
LOOK_ALIKES = {"c": ["\uff43", "\u0441", "\u217d"], "a": ["\u0430", "\uff41"], "s": ["\u0455", "\uff53"],
               "l": ["\u04cf", "\u217c"], "i": ["\u0131", "\u0456"], ".": ["\u2024", "\uff0e"]}


def _quote(text: str) -> str:
    return urllib.parse.quote(text, safe="/")


def variants() -> list[str]:
    """Render paths (after ``/voila/render/``) that name, or look like, a class page."""
    found: list[str] = []
    for page in PAGES:
        for i, ch in enumerate(page):
            hexa = f"{ord(ch):02X}"
            for code in (hexa, hexa.lower()):
                found.append(page[:i] + f"%{code}" + page[i + 1:])
            found.append(page[:i] + f"%25{hexa}" + page[i + 1:])  # double encoding: %252E
        found.append("".join(f"%{ord(ch):02X}" for ch in page))  # every character encoded
        found.append("".join(f"%{ord(ch):02x}" for ch in page))
        head, _, name = page.rpartition("/")
        folder = head + "/" if head else ""
        found += [page + suffix for suffix in ("/", "%2F", "%2f", ";x", "%3Bx", "%00", "?x", "%3Fx", "#x", "//", "/.",
                                               "%20", ".", "%2E", "/..%2F" + name)]
        found += [prefix + page for prefix in ("./", ".//", "//", "fr/../", "fr/%2e%2e/", "fr/%2E%2E/", "x/..%2F",
                                               "%2e/", "./fr/../", "notebooks/../", "%2F", "%2f%2f")]
        found += [folder + "." + "/" + name, folder.replace("/", "\\") + name, folder.replace("/", "%5C") + name,
                  folder + "x\\..\\" + name]
        found += [folder + name.upper(), folder + name.capitalize(), folder + "class.IPYNB", folder.upper() + name,
                  folder + "cLaSs.ipynb", folder + "class.Ipynb"]
        for letter, others in LOOK_ALIKES.items():
            at = name.index(letter)
            for other in others:
                found.append(folder + _quote(name[:at] + other + name[at + 1:]))
        found.append(folder + _quote("class.ipynb\u200b"))  # zero-width space
        found.append(folder + _quote("\ufeffclass.ipynb"))
    return sorted(set(found))


def _get(port: int, path: str, cookie: str = "") -> tuple[int, dict, str]:
    """(status, headers, body) of ``GET path`` sent exactly as written."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=180)
    try:
        connection.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)
        if cookie:
            connection.putheader("Cookie", cookie)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode(
            "utf-8", "replace")
    finally:
        connection.close()


def _location(headers: dict) -> str:
    """A redirect's target as an address to send (http.client reads the header as Latin-1)."""
    return urllib.parse.quote(headers["location"].encode("latin-1"), safe="/%?=&;")


def _serves_the_class_page(body: str) -> bool:
    return any(marker in body for marker in MARKERS)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """A class-mode Voila of notebooks/, a kernel started per visit."""
    folder = tmp_path_factory.mktemp("class") / "class"
    key = teacher.key(folder)
    env = {"MANDALAKIT_CLASS": str(folder), "MANDALAKIT_LESSON": "ohanami", "MANDALAKIT_PUPILS": "1"}
    with serve_voila(ROOT / "notebooks", options=["--VoilaConfiguration.preheat_kernel=False"], env=env) as server:
        server.port = int(urllib.parse.urlsplit(server.url).port)
        server.key = key
        yield server


def test_the_table_is_generated_and_large():
    table = variants()
    assert len(table) >= 100 and "class%2Eipynb" in table and "fr%2Fclass.ipynb" in table and "%63lass.ipynb" in table


def test_no_path_variant_serves_the_class_page_without_the_key(class_server):
    port = class_server.port
    before = len(class_server.output())
    answers: dict[int, int] = {}
    served = []
    for variant in variants():
        status, headers, body = _get(port, "/voila/render/" + variant)
        answers[status] = answers.get(status, 0) + 1
        if status == 302:  # a name without .ipynb: Voila sends it to voila/files/, where it must be refused
            status, _, body = _get(port, _location(headers))
        malformed = "%00" in variant or not _utf8(variant)
        if status not in ((400, 403, 404) if malformed else (403, 404)) or _serves_the_class_page(body) \
                or class_server.key in body:
            served.append((variant, status))
    assert not served, served
    assert answers.get(403, 0) >= 60, answers  # the spellings Voila would resolve to a class page are refused
    # the class page is there, and the teacher's link opens it (the table's 403s are not a broken page)
    for page in PAGES:
        status, headers, body = _get(port, f"/voila/render/{page}?{teacher.ARGUMENT}={class_server.key}")
        assert status == 200 and _serves_the_class_page(body), (page, status)
    log = class_server.output()[before:]
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]


def _utf8(variant: str) -> bool:
    try:
        urllib.parse.unquote_to_bytes(variant).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@pytest.mark.parametrize("route", ["voila/files/", "voila/api/contents/", "voila/tree/", "voila/static/",
                                   "voila/templates/", "voila/labextensions/", "voila/api/themes/", "nbconvert/html/",
                                   "files/", "api/contents/", "notebooks/", "voila/render/notebooks/", ""])
def test_no_other_route_gives_the_class_page_or_its_content(class_server, route):
    before = len(class_server.output())
    for variant in ("class.ipynb", "fr/class.ipynb", "class%2Eipynb", "%63lass.ipynb", "fr%2Fclass.ipynb",
                    "class.ipynb%00", "class.ipynb/", "./class.ipynb", "fr/../class.ipynb"):
        status, headers, body = _get(class_server.port, f"/{route}{variant}")
        assert not _serves_the_class_page(body) and "ClassView" not in body, (route, variant, status)
        if status in (301, 302):  # the file list sends a notebook to its page: refused there too
            target = _location(headers)
            assert _get(class_server.port, target)[0] in (403, 404), (route, variant, target)
        elif status == 200:
            model = json.loads(body) if headers.get("content-type", "").startswith("application/json") else None
            assert model is None or model.get("content") is None, (route, variant)
        else:
            assert status in (400, 403, 404, 405), (route, variant, status)
    log = class_server.output()[before:]
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]


def _page(port: int, path: str, cookie: str = "") -> tuple[str, dict]:
    """The kernel id of a page and the cookies its response set."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=180)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        if cookie:
            connection.putheader("Cookie", cookie)
        connection.endheaders()
        response = connection.getresponse()
        html = response.read().decode()
        assert response.status == 200, (path, response.status)
        jar = dict(v.split(";")[0].split("=", 1) for k, v in response.getheaders() if k.lower() == "set-cookie")
    finally:
        connection.close()
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))
    return config["kernelId"], jar


async def _websocket(url: str, cookie: str) -> int:
    """101 if the websocket opens (and a message can be sent), else the refusal's status."""
    try:
        socket = await asyncio.wait_for(websocket_connect(HTTPRequest(url, headers={"Cookie": cookie})), 60)
    except HTTPClientError as refused:
        return refused.code
    socket.close()
    return 101


def test_a_keyless_client_cannot_open_or_read_the_class_pages_kernel(class_server):
    port, key = class_server.port, class_server.key
    before = len(class_server.output())
    kernel, teachers = _page(port, f"/voila/render/class.ipynb?{teacher.ARGUMENT}={key}")
    assert teacher.COOKIE in teachers and PAGE_COOKIE in teachers
    _other_kernel, pupil = _page(port, "/voila/render/index.ipynb")  # a pupil: cookies of their own
    jar = lambda cookies: "; ".join(f"{k}={v}" for k, v in cookies.items())  # noqa: E731
    without_key = {k: v for k, v in teachers.items() if k != teacher.COOKIE}  # the page's secret, read off the wire
    ws = f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels"
    query = f"ws://127.0.0.1:{port}/voila/query/{kernel}"
    for who in (pupil, {}, without_key, {**pupil, teacher.COOKIE: "wrong"}):
        assert asyncio.run(_websocket(ws, jar(who))) == 403, who.keys()
        assert asyncio.run(_websocket(query, jar(who))) in (403, 404), who.keys()  # 404: only preheated pages have it
        status, _, body = _get(port, f"/api/kernels/{kernel}", jar(who))
        assert status == 403 and kernel not in body, (who.keys(), status)
    # the teacher's browser, with its secret and the key, is answered
    assert asyncio.run(_websocket(ws, jar(teachers))) == 101
    status, _, model = _get(port, f"/api/kernels/{kernel}", jar(teachers))
    assert status == 200 and json.loads(model)["id"] == kernel
    log = class_server.output()[before:]
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]
