"""Shared by the browser tests: Debian's Chromium driven by Playwright, Voilà servers on 127.0.0.1.

Without Chromium or Playwright the browser tests are skipped with the reason, unless the
environment sets ``MANDALAKIT_REQUIRE_BROWSER=1`` (CI), where they fail instead.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import typing
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Debian's package installs /usr/bin/chromium; MANDALAKIT_CHROMIUM points elsewhere if needed.
CHROMIUM = (os.environ.get("MANDALAKIT_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
            or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
REQUIRE = os.environ.get("MANDALAKIT_REQUIRE_BROWSER") == "1"
# Issue 2's target on this machine. Only printed (`make bench-dashboard`): timings on a shared
# machine are too noisy for an assertion.
FIRST_RENDER_BUDGET_S = 5.0
#: Longest wait for a server started by a test to answer.
START_SECONDS = 180


def missing(reason: str):
    if REQUIRE:
        pytest.fail(f"MANDALAKIT_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def need(module: str, reason: str | None = None):
    """Import ``module``, an optional extra's (``pyspiel``, ``playwright``, ``jupyter_server``...),
    for a test or a whole test module, and return it. Without it the test (or the module) is
    skipped with ``reason``, except under ``MANDALAKIT_REQUIRE_BROWSER=1`` (CI installs every
    extra), where it fails: so each tier collects with only what it installs."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        reason = reason or f"{module} is not installed"
        if REQUIRE:
            pytest.fail(f"MANDALAKIT_REQUIRE_BROWSER=1 but {reason} ({exc})", pytrace=False)
        pytest.skip(reason, allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _voila_executable() -> str:
    here = Path(sys.executable).parent / "voila"
    found = str(here) if here.exists() else shutil.which("voila")
    if not found:
        missing("the voila command is not installed next to this Python (pip install '.[dashboard]')")
    return found


@dataclasses.dataclass
class Server:
    """A server started by :func:`serve_voila` or :func:`serve_binder`."""

    url: str  #: its address, ending in "/"
    process: subprocess.Popen
    log: typing.IO[str]  #: a file holding its output so far

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()


@contextlib.contextmanager
def _serving(command: list[str], name: str, env: dict[str, str] | None = None):
    """Run ``command`` (a server on a free port of 127.0.0.1, in the repository's root, with
    ``env`` added to the environment) until the Voila static file answers; yield it as a
    :class:`Server`; always stop it. A test failing while it runs prints the end of the server's
    log to stderr, so the failure report (and CI's output) says what the server did."""
    port = _free_port()
    log = tempfile.TemporaryFile(mode="w+")  # a file, not a pipe: a full pipe would block the server
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", **(env or {}))
    proc = subprocess.Popen([*command, f"--port={port}"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            text=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        # Bounded, but long enough for a loaded CI machine: Jupyter Server alone has taken 60 s
        # there to import its extensions.
        deadline = time.monotonic() + START_SECONDS
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"{name} exited with {proc.returncode}: {log.read()[-2000:]}")
            try:
                # A static file answers without starting a kernel (the page itself would start one).
                with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"{name} did not answer within {START_SECONDS} s: {log.read()[-2000:]}")
                time.sleep(0.2)
        try:
            yield Server(url, proc, log)
        except (Exception, pytest.fail.Exception):  # a failing test shows what the server said
            log.seek(0)
            sys.stderr.write(f"--- the end of {name}'s log ---\n{log.read()[-8000:]}\n")
            raise
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


@contextlib.contextmanager
def serve_voila(target: Path, options: Sequence[str] = (), env: dict[str, str] | None = None):
    """A Voila server of ``target`` (a notebook, or a folder) on 127.0.0.1 as ``make demo`` starts
    it: in the repository's root (``voila.json``) through ``binder/start`` (the hooks in
    ``binder/jupyter-config/voila.py``), with more command-line ``options`` and environment
    variables ``env`` (``make demo LESSON=ohanami PUPILS=30`` sets ``MANDALAKIT_LESSON`` and
    ``MANDALAKIT_PUPILS``). Yields a :class:`Server`; always stopped."""
    command = [str(ROOT / "binder" / "start"), _voila_executable(), str(target), "--no-browser",
               "--Voila.ip=127.0.0.1", *options]
    with _serving(command, "voila", env) as server:
        yield server


@contextlib.contextmanager
def voila(target: Path):
    """:func:`serve_voila`, yielding its URL."""
    with serve_voila(target) as server:
        yield server.url


@contextlib.contextmanager
def serve_binder(app: str = "server"):
    """The Binder layout: a Jupyter server (``app="server"``, or ``"lab"`` as ``make lab``) with
    Voila's server extension, started through ``binder/start`` in the repository's root as
    Binder starts it; notebooks are at ``voila/render/notebooks/<name>.ipynb``. Yields a
    :class:`Server`; always stopped."""
    _voila_executable()  # the dashboard extra is installed (else skip, or fail in CI)
    command = [str(ROOT / "binder" / "start"), sys.executable, "-m", "jupyter", app, "--no-browser",
               "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
               "--ServerApp.allow_root=True"]  # a container may run the tests as root
    with _serving(command, f"jupyter {app}") as server:
        yield server


@contextlib.contextmanager
def chromium():
    """Debian's Chromium under Playwright (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        missing(f"Chromium not found at {CHROMIUM} (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - depends on the environment
        missing("the playwright Python package is not installed (pip install '.[test]')")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def watch(page) -> tuple[list[str], list[str]]:
    """Block every request to a host other than 127.0.0.1 and collect page errors.

    Returns ``(errors, outside)``: JavaScript errors, console errors and HTTP errors of the
    page (not those of Voilà's own CDN stylesheets), and the blocked outside addresses.
    """
    outside: list[str] = []
    errors: list[str] = []

    def only_local(route):
        if re.match(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/", route.request.url) or \
                route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    def console(msg):
        if msg.type == "error":
            errors.append(f"console error: {msg.text} at {msg.location.get('url')}")

    page.route("**/*", only_local)
    page.on("pageerror", lambda exc: errors.append(f"{exc} {exc.stack}"))
    page.on("console", console)
    page.on("response", lambda r: r.status >= 400 and errors.append(f"HTTP {r.status} for {r.url}"))
    return errors, outside


def scroll_to(locator, attempts: int = 20, *, gone_ok: bool = False) -> bool:
    """Scroll ``locator``'s element into view, looking it up again while the board is redrawn
    under it (a board's SVG is replaced when the page tells its width): Playwright's own scroll
    gives up on an element taken out of the page. Bounded: the last refusal is raised, or with
    ``gone_ok`` the element no longer on the page returns False. Returns True once in view."""
    from playwright.sync_api import Error, TimeoutError

    for _attempt in range(attempts - 1):
        try:
            locator.scroll_into_view_if_needed(timeout=10_000)
            return True
        except TimeoutError:
            if gone_ok and locator.count() == 0:
                return False
            raise
        except Error as error:
            if "not attached" not in str(error):
                raise
    locator.scroll_into_view_if_needed(timeout=10_000)
    return True


def settled(ready: str = "true") -> str:
    """A ``wait_for_function`` body: the board is drawn, ``ready`` (a JS expression) holds, no card
    is moving, the board has no look pending (``mk-board-settling``, static/board_view.js), and
    its place on the screen (the page's own smooth scroll) and its drawing have not changed for
    three looks in a row, 100 ms apart (Playwright's polling)."""
    return """() => {
  const svg = document.querySelector('.mk-board-svg svg');
  const ready = svg && !document.querySelector('.mk-board-settling') && (READY)
    && !document.getAnimations().some(a => a.playState === 'running'
                                          && a.effect?.getComputedTiming?.().iterations !== Infinity);
  const place = ready ? `${svg.getBoundingClientRect().top}|${document.querySelector('.mk-board-svg').innerHTML.length}` : '';
  window.__mkPlaces = [...(window.__mkPlaces || []), place].slice(-3);
  return ready && window.__mkPlaces.length === 3 && window.__mkPlaces.every(p => p === place);
}""".replace("READY", ready)
