"""A kernel answers only its own page (issue 19): in every layout, a dashboard kernel is bound to
the browser that asked for its page (``mandalakit.widgets.server.page_owner``); a second client that
knows the kernel id, even with cookies of its own from the same server, is refused with 403 on
the kernel's model, websocket and shutdown. The page's own browser is answered. The tests ask
the run's real server of each layout on 127.0.0.1 (conftest: ``demo_server``, ``binder_layout``,
``lab_layout``, each started once, always stopped).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest

pytestmark = pytest.mark.server

WS_UPGRADE = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
              "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


def _ask(url: str, jar: dict | None = None, data: bytes | None = None, method: str | None = None,
         headers: dict | None = None) -> tuple[int, dict, str]:
    """(status, the cookies set, body) of a request sent with the cookies of ``jar``."""
    headers = dict(headers or {})
    if jar:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            cookies = r.headers.get_all("Set-Cookie") or []
            return r.status, dict(c.split(";")[0].split("=", 1) for c in cookies), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, {}, e.read().decode("utf-8", "replace")


def _page(url: str) -> tuple[str, dict, str]:
    """The kernel id of a page, its browser's cookies, and the set-cookie header of the secret."""
    request = urllib.request.Request(url)
    with urllib.request.urlopen(request, timeout=180) as r:
        cookies = r.headers.get_all("Set-Cookie") or []
        html = r.read().decode()
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))
    jar = dict(c.split(";")[0].split("=", 1) for c in cookies)
    secret = next(c for c in cookies if c.startswith("mandalakit-page="))
    return config["kernelId"], jar, secret


def _check_bound(base: str, page: str) -> int:
    """The page's browser reaches its kernel; a second browser with the id and cookies of its own
    (a page of the same server) gets 403 on the model, the websocket and both shutdowns. Returns
    how many of the second browser's requests were answered (0 expected)."""
    kernel, jar, secret = _page(base + page)
    assert "HttpOnly" in secret and "SameSite=Strict" in secret
    _other_kernel, other, _ = _page(base + page)  # a second client: its own _xsrf and secret
    answered = 0
    for who in (other, {}):
        xsrf = who.get("_xsrf", "")
        asks = [
            _ask(base + f"api/kernels/{kernel}", who),
            _ask(base + f"api/kernels/{kernel}/channels", who, headers=WS_UPGRADE),
            _ask(base + f"voila/api/shutdown/{kernel}", who, data=urllib.parse.urlencode({"_xsrf": xsrf}).encode()),
            _ask(base + f"api/kernels/{kernel}", who, method="DELETE", headers={"X-XSRFToken": xsrf}),
            _ask(base + f"api/kernels/{kernel}/interrupt", who, data=b"", headers={"X-XSRFToken": xsrf}),
        ]
        answered += sum(status not in (403, 404, 405) for status, _, _ in asks)
        assert all(status == 403 for status, _, _ in asks[:3]), [a[0] for a in asks]
    status, _, model = _ask(base + f"api/kernels/{kernel}", jar)
    assert status == 200 and json.loads(model)["id"] == kernel  # the page's own browser
    status, _, _ = _ask(base + f"voila/api/shutdown/{kernel}", jar,
                        data=urllib.parse.urlencode({"_xsrf": jar["_xsrf"]}).encode())
    assert status == 204
    return answered


def test_make_demo_binds_preheated_and_started_kernels_to_their_browser(demo_server):
    server = demo_server  # the run's server of notebooks/, as make demo starts it (conftest)
    before = len(server.output())
    assert _check_bound(server.url, "voila/render/index.ipynb") == 0  # a preheated kernel
    preheated = server.output()[before:].count("Using pre-heated kernel")
    assert preheated >= 1
    # a theme the pool did not render: a kernel started for the page
    assert _check_bound(server.url, "voila/render/index.ipynb?theme=dark") == 0
    assert server.output()[before:].count("Using pre-heated kernel") == preheated
    # Voila alone has no logout page (Jupyter's needs its static files): 404, not 500
    assert _ask(server.url + "logout")[0] == 404
    assert _ask(server.url + "voila/templates/x")[0] == 404
    log = server.output()[before:]
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]


@pytest.mark.parametrize("app", ["binder", "lab"])
def test_binder_and_lab_bind_a_page_kernel_to_its_browser(request, app):
    server = request.getfixturevalue(f"{app}_layout")  # the run's server of that layout (conftest)
    before = len(server.output())
    assert _check_bound(server.url, "voila/render/notebooks/index.ipynb") == 0
    assert _ask(server.url + "voila/templates/x")[0] == 404
    log = server.output()[before:]
    assert "Traceback" not in log and "Uncaught exception" not in log, log[-3000:]
