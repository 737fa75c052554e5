"""The dashboards' settings in every layout that serves them, and what a page's visitor can
reach (issue 11). Each test asks a real server on 127.0.0.1: ``voila notebooks/`` as ``make
demo`` does, Jupyter Server with the Voilà extension as Binder does (through ``binder/start``),
and ``jupyter lab`` as ``make lab`` does. Those are the run's servers (conftest: each starts once,
tens of seconds on a busy machine); a test that needs other settings starts its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from _browser import ROOT, Server, serve_voila

pytestmark = pytest.mark.server

BIN = Path(sys.executable).parent
CULLING = "Culling kernels with idle durations > 300 seconds at 30 second intervals"


#: Text found only in the files the traversal attempts aim at (pyproject.toml, /etc/passwd, a
#: notebook, README.md, a directory listing of the root, widgets/analysis/charts.py, voila.json): a
#: refusal page holds none of it (it may name the Voila template "mandalakit").
LEAK_MARKS = ("[project]", "root:x:", '"nbformat"', "# mandalakit\n", "pyproject.toml", "import anywidget",
              '"VoilaConfiguration"')


def _get(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, str, str]:
    """(status, the Set-Cookie headers joined, body)."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers or {}), timeout=120) as r:
            return r.status, "; ".join(r.headers.get_all("Set-Cookie") or []), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, "", e.read().decode("utf-8", "replace")


def _wait_for(server: Server, text: str, seconds: float = 120) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        out = server.output()
        if text in out:
            return out
        time.sleep(0.5)
    pytest.fail(f"{text!r} not in the server's log: {out[-2000:]}")


def _cookie_header(cookies: str) -> str:
    """The Cookie header a browser sends back for the Set-Cookie headers ``cookies`` (as :func:`_get` joins them)."""
    return "; ".join(c.split(";")[0].strip() for c in re.split(r"; (?=[\w-]+=)", cookies)
                     if "=" in c and c.split("=")[0].strip().lower() not in ("expires", "path", "samesite", "max-age", "domain"))


def _shutdown(url: str, kernel: str, cookies: str) -> int:
    """Voila's shutdown request as its page sends it when the tab closes (the page's cookies,
    and the ``_xsrf`` cookie's value as a form field); the response's status."""
    jar = dict(c.split(";")[0].split("=", 1) for c in cookies.split(", ") if "=" in c.split(";")[0])
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())}
    body = urllib.parse.urlencode({"_xsrf": jar.get("_xsrf", "")}).encode()
    return _get(url + f"voila/api/shutdown/{kernel}", data=body, headers=headers)[0]


def _check_page(server: Server, page: str) -> None:
    """The page draws with the repository's settings: no plotly lab extension, no CDN link, the _xsrf cookie
    Voila's shutdown request needs (the request is answered), plotly.js served over HTTP, the
    executor's time-outs and kernel culling."""
    url = server.url
    with urllib.request.urlopen(url + page, timeout=120) as r:
        status, cookies, html = r.status, ", ".join(r.headers.get_all("Set-Cookie") or []), r.read().decode()
    assert status == 200, html[-500:]
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))
    assert "jupyterlab-plotly" not in json.dumps(config.get("federated_extensions", []))
    assert "_xsrf=" in cookies
    assert _shutdown(url, config["kernelId"], cookies) == 204
    assert _shutdown(url, config["kernelId"], "") == 403  # without the cookie: refused, as before
    assert "cdn.jsdelivr.net" not in html  # the "mandalakit" template: Voila's "lab" without its CDN stylesheets
    status, _, bundle = _get(url + "voila/labextensions/plotly-basic.min.js")
    assert status == 200 and "plotly.js (basic - minified)" in bundle[:200]
    _wait_for(server, CULLING)


def test_make_demo_layout_applies_the_settings(demo_server):
    with contextlib.nullcontext(demo_server) as server:  # the run's server of notebooks/ (conftest)
        _wait_for(server, "Kernel pool of mandala.ipynb is filled")  # preheated: a kernel has run the lesson
        _check_page(server, "voila/render/mandala.ipynb")
        status, _, listing = _get(server.url)  # the list of pages at / calls out to no CDN either
        assert status == 200 and "Voilà Home" in listing and "cdn." not in listing
        log = _wait_for(server, "Using pre-heated kernel")
        # Kernels over Unix sockets in Voila's folder of connection files, not TCP ports (widgets.kernel)
        folder = Path(re.search(r"Storing connection files in (\S+)\.\n", log).group(1))
        connections = [json.loads(f.read_text(encoding="utf-8")) for f in folder.glob("kernel-*.json")]
        assert len(connections) >= 16 and {c["transport"] for c in connections} == {"ipc"}
        assert all(c["ip"].startswith(str(folder)) and len(c["ip"] + "-5") < 104 for c in connections)
    # A log a teacher reads: 16 pages read and 17 kernels started, without a warning of each (server_log;
    # ipykernel warns of a kernel over TCP)
    assert "is not trusted" not in log and "without encryption" not in log
    # ... and no whole kernel id, which would let whoever reads a projected log drive a pupil's page
    assert re.search(r"Kernel started: [0-9a-f]{8}…\n", log) and not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", log)
    assert "Kernel started" in log and "Kernel pool of ohanami.ipynb is filled" in log


def test_a_preheated_kernel_is_not_culled_before_its_page_connects():
    # Culling as voila.json sets it, on a shorter clock: idle 8 s with no page connected, checked every second.
    quick = ["--MappingKernelManager.cull_idle_timeout=8", "--MappingKernelManager.cull_interval=1"]
    with serve_voila(ROOT / "notebooks" / "index.ipynb", options=quick) as server:
        _wait_for(server, "Kernel pool of index.ipynb is filled")
        time.sleep(10)  # the pooled kernel has waited longer than the idle time
        status, cookies, html = _get(server.url)
        assert status == 200 and "Using pre-heated kernel" in server.output()
        kernel = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))["kernelId"]
        page = {"Cookie": _cookie_header(cookies)}  # the kernel answers only its page's browser
        time.sleep(4)  # the page has not connected yet: culled here before DashboardKernelManager
        assert _get(server.url + f"api/kernels/{kernel}", headers=page)[0] == 200
        deadline = time.monotonic() + 60  # ... and culled once idle with no page for the whole idle time
        while _get(server.url + f"api/kernels/{kernel}", headers=page)[0] == 200 and time.monotonic() < deadline:
            time.sleep(1)
        assert _get(server.url + f"api/kernels/{kernel}", headers=page)[0] == 404


@pytest.mark.parametrize("app", ["binder", "lab"])
def test_binder_and_lab_layouts_apply_the_settings(request, app):
    # Started as `python -m jupyter ...` in the repository's root: no file there may shadow voila.
    _check_page(request.getfixturevalue(f"{app}_layout"), "voila/render/notebooks/mandala.ipynb")


# How each layout starts, run in the repository's root through binder/start, printing the
# configuration it loaded as JSON. `python -m` and `-c` put the root first on sys.path: a file
# there named like a package (voila.py) would be imported instead of it.
SHOW_CONFIG = {
    "make demo": ["-c", "import json; from voila.app import Voila; app = Voila(); app.initialize(['notebooks']);"
                        " print(json.dumps(app.config, default=repr))"],
    "Binder": ["-m", "jupyter", "server", "--show-config-json"],
    "make lab": ["-m", "jupyter", "lab", "--show-config-json"],
}


@pytest.mark.parametrize("layout", SHOW_CONFIG)
def test_every_layout_runs_with_the_settings_of_voila_json(layout):
    run = subprocess.run([str(ROOT / "binder" / "start"), sys.executable, *SHOW_CONFIG[layout]], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    in_force = json.loads(run.stdout)
    for section, settings in json.loads((ROOT / "voila.json").read_text(encoding="utf-8")).items():
        assert {k: in_force.get(section, {}).get(k) for k in settings} == settings, (layout, section)


def test_jupyter_server_reads_no_config_from_its_working_folder():
    # Why binder/jupyter-config/ exists: a jupyter_server_config.json next to the notebooks is ignored.
    out = subprocess.run([str(BIN / "jupyter"), "--paths", "--json"], cwd=ROOT, capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if k != "JUPYTER_CONFIG_PATH"}).stdout
    assert str(ROOT) not in json.loads(out)["config"]


async def _execute_over_websocket(ws_url: str, marker: Path, headers: dict) -> list[str]:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(HTTPRequest(ws_url, headers=headers))
    kinds = []

    def send(msg_type, content):
        ws.write_message(json.dumps({
            "header": {"msg_id": msg_type, "msg_type": msg_type, "username": "", "session": "s",
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}))

    send("execute_request", {"code": f"open({str(marker)!r}, 'w').write('ran')", "silent": False,
                             "store_history": False, "user_expressions": {}, "allow_stdin": False})
    send("kernel_info_request", {})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "kernel_info_reply" not in kinds:
        msg = await asyncio.wait_for(ws.read_message(), timeout=max(0.1, deadline - time.monotonic()))
        if msg is None:
            break
        if isinstance(msg, str):
            kinds.append(json.loads(msg)["header"]["msg_type"])
    await asyncio.sleep(3)  # an execution would have written the file by now
    ws.close()
    return kinds


def test_a_page_kernel_runs_no_code_sent_over_its_websocket_and_no_outside_file_is_served(tmp_path, demo_server):
    marker = tmp_path / "ran.txt"
    with contextlib.nullcontext(demo_server) as server:  # the run's server of notebooks/ (conftest)
        url = server.url
        status, cookies, html = _get(url + "voila/render/mandala.ipynb")
        kernel = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))["kernelId"]
        page = {"Cookie": _cookie_header(cookies)}  # the kernel answers only its page's browser
        kinds = asyncio.run(_execute_over_websocket(
            url.replace("http", "ws") + f"api/kernels/{kernel}/channels", marker, page))
        assert "kernel_info_reply" in kinds  # the channel works ...
        assert "execute_reply" not in kinds and not marker.exists()  # ... but executes nothing

        # Files: only the allow-listed ones under notebooks/, encoded traversal included.
        for path in ["voila/files/..%2fpyproject.toml", "voila/files/%2e%2e/pyproject.toml",
                     "voila/files/..%2f..%2fetc%2fpasswd", "voila/files/mandala.ipynb",
                     "voila/render/..%2fREADME.md", "voila/tree/..%2f", "voila/api/contents/..%2f",
                     "voila/labextensions/..%2fcharts.py", "voila/labextensions/%2e%2e/charts.py",
                     "voila/static/..%2f..%2f..%2fpyproject.toml", "voila/templates/..%2f..%2fvoila.json"]:
            status, _, body = _get(url + path)
            leaked = [m for m in LEAK_MARKS if m in body]
            assert status in (403, 404) and not leaked, (path, status, leaked)  # refused
        status, _, listing = _get(url + "voila/api/contents/")
        assert status == 200 and {c["path"] for c in json.loads(listing)["content"]} <= {
            p.name for p in (ROOT / "notebooks").iterdir()}

        # Jupyter's APIs: none that runs code or reads files is served; a kernel's model is.
        for path in ["api/kernels", "api/sessions", "api/contents", "api/terminals", "api/kernelspecs",
                     "api/config/notebook", "api/nbconvert", "lab", "tree", "terminals/websocket/1",
                     f"api/kernels/{kernel}/restart", f"api/kernels/{kernel}/interrupt", "files/mandala.ipynb"]:
            status, _, _body = _get(url + path)
            assert status in (404, 405), (path, status)
        status, _, _body = _get(url + "api/kernels", data=b"{}")  # starting a kernel of one's own
        assert status in (403, 404, 405), status
        status, _, model = _get(url + f"api/kernels/{kernel}", headers=page)
        assert status == 200 and json.loads(model)["id"] == kernel  # documented in the README
        assert _get(url + f"api/kernels/{kernel}")[0] == 403  # ... to its page's browser only


#: Addresses anyone on the class's network can ask ``make demo``'s server for, and its answer:
#: never a 500 (Voila's template files, Jupyter's error page under Voila alone: widgets.not_found).
#: (Addresses that Voila redirects elsewhere first are in the traversal test above.)
BAD_ADDRESSES = {
    "logout": 404, "voila/templates/x": 404, "voila/templates/lab/x": 404, "voila/templates/x/static/y.css": 404,
    "voila/templates/lab/static/": 404, "voila/templates/..%2f..%2fvoila.json": 404,
    "voila/templates/lab/static/..%2f..%2f..%2fpyproject.toml": 404, "voila/templates/%2e%2e/static/x": 404,
    "voila/templates/mandalakit/static/none.css": 404,
    "voila/static/x": 403, "voila/static/..%2f..%2fx": 403, "voila/files/x": 403, "voila/files/..%2fx": 403,
    "voila/render/x.ipynb": 404, "voila/render/fr/x.ipynb": 404,
    "api/kernels/x": 404, "api/kernels/00000000-0000-0000-0000-000000000000": 404,
    "api/kernels/00000000-0000-0000-0000-000000000000/channels": 404, "voila/api/themes/x": 404,
    "voila/labextensions/x": 404, "voila/api/shutdown/x": 405,
}


def test_a_bad_address_is_refused_with_its_access_line_alone_in_the_log(demo_server):
    with contextlib.nullcontext(demo_server) as server:  # the run's server of notebooks/ (conftest)
        before = len(server.output())
        answers = {path: _get(server.url + path)[0] for path in BAD_ADDRESSES}
        assert answers == BAD_ADDRESSES
        # Each request's access line is written as it is answered; other lines may come meanwhile (kernels).
        log = _wait_for(server, "voila/api/shutdown/x (127.0.0.1)")[before:]
    lines = [line for line in log.splitlines() if line.strip()]
    # A refusal's access line alone (`404 GET /voila/templates/x (127.0.0.1) 1.54ms`): no traceback, no reason
    # repeated beside it (widgets.server_log), whole kernel ids shown by their first 8 characters.
    access = re.compile(r"(\[\w ]+\] )?(?P<status>\d{3}) GET /(?P<path>\S+) \(127\.0\.0\.1\) [\d.]+ms")
    shown = {re.sub(r"\b([0-9a-f]{8})(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b", "\\1…", path): status
             for path, status in BAD_ADDRESSES.items()}
    answered = {m["path"]: int(m["status"]) for m in map(access.fullmatch, lines) if m and m["path"] in shown}
    assert answered == shown, log
    assert not [line for line in lines if "GET /" in line and not access.fullmatch(line)], log
    assert "Traceback" not in log and "Uncaught exception" not in log and "wrote error" not in log, log
