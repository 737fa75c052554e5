"""Forged widget messages, sent to every widget of a dashboard page as its page's websocket would
(issue 19): a comm message ``update`` with forged trait values, or ``custom`` (a button's click,
the board's click and key messages), handled by the widget's own ``_handle_msg``.

:func:`page_widgets` runs a notebook's code cells as its dashboard kernel does and returns the
widgets it made; :func:`forge` sends them forged messages and returns a :class:`Run`: how many
were sent, the files opened meanwhile (``open``, ``io.open``, ``os.open``, ``Path.open`` are
patched to record each call), the exceptions that escaped mandalakit's observers and callbacks
(ipywidgets logs a callback's exception, the comm manager an update's: both are caught here),
and the slowest message. An exception raised by a trait's own check (a forged value of the wrong
type refused before any observer runs) is counted apart: no mandalakit code runs for it.
Used by ``tests/views/test_forged_pages.py`` and ``python tests/_forge.py`` (the 1,000-message run).
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import io
import json
import logging
import os
import pathlib
import sys
import time
import traceback
from pathlib import Path

import ipywidgets as W
import numpy as np
from ipywidgets.widgets import widget as widget_module

from mandalakit.core.messages import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
OURS = (str(ROOT / "mandalakit"), str(ROOT / "widgets"))

#: Values a forged message sets: wrong types, huge and negative numbers, None, long text, paths.
FORGED = (None, True, False, 0, -1, -10**9, 10**10, 2**70, 1.5, float("inf"), "", " ", "x" * 200_000,
          "/etc/passwd", "../../../../etc/passwd", "/proc/self/environ", "tiles", "single_play_draw",
          "you", "greedy", "none", "true", "15", "-3", "1e9", "\x00", "é" * 50, [], [None], ["/etc/passwd"],
          [[1, 2]], {}, {"name": "/etc/passwd"}, [0, 1, 2], -0.0)
#: Forged entries of a file upload's ``value`` (the Record panel).
UPLOADS = ([{"name": "r.json", "type": "", "size": 5, "content": "text", "last_modified": 0}],
           [{"name": "r.json", "type": "", "size": 5, "content": -1, "last_modified": 0}],
           [{"name": "r.json", "type": "", "size": 5, "content": 10**10, "last_modified": 0}],
           [{"name": "r.json", "type": "", "size": "big", "content": b"{}", "last_modified": 0}],
           [{"name": "n" * 1_000_000, "type": "", "size": 2, "content": b"{}", "last_modified": 0}],
           [{"name": "/etc/passwd", "type": "", "size": 10**12, "content": b"{}", "last_modified": 0}],
           ["/etc/passwd"], [None], [{}])
CUSTOM = ({"event": "click"}, {"kind": "click", "target": "/etc/passwd"}, {"kind": "click", "target": "x" * 10**6},
          {"kind": "click", "target": None}, {"kind": "key", "key": "Escape"}, None, "click", [1])


def page_widgets(notebook: Path) -> list[W.Widget]:
    """Run ``notebook``'s code cells (in its folder, as Voila does) and return the widgets they made."""
    before = set(widget_module._instances)
    namespace: dict = {"__name__": "__main__"}
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    here = os.getcwd()
    os.chdir(notebook.parent)
    try:
        for cell in cells:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), str(notebook), "exec"), namespace)  # noqa: S102
    finally:
        os.chdir(here)
    return [w for k, w in list(widget_module._instances.items()) if k not in before]


@dataclasses.dataclass
class Run:
    page: str
    sent: int = 0  #: messages sent: forged ones and the button clicks between them
    forged: int = 0  #: forged messages (trait updates and custom messages)
    files: list = dataclasses.field(default_factory=list)  #: (function, path) of each file opened
    escaped: list = dataclasses.field(default_factory=list)  #: tracebacks through mandalakit's code
    refused_by_traits: int = 0  #: forged values refused by a trait's own type check
    slowest: float = 0.0  #: seconds of the slowest message

    def line(self) -> str:
        return (f"{self.page}: {self.sent} messages ({self.forged} forged, {self.sent - self.forged} button clicks), "
                f"{len(self.files)} files opened, {len(self.escaped)} tracebacks "
                f"out of mandalakit, {self.refused_by_traits} values refused by the widgets' type checks, "
                f"slowest message {self.slowest:.2f} s")


class _Errors(logging.Handler):
    """Log records with an exception (ipywidgets logs a callback's as 'Exception in callback')."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        if record.exc_info or "Exception" in record.getMessage():
            self.records.append(record)


@contextlib.contextmanager
def _watch(run: Run):
    """Record every file opened and every logged exception while forging."""
    real = builtins.open, io.open, os.open, pathlib.Path.open

    def recorder(name, function):
        def opened(*args, **kwargs):
            run.files.append((name, str(args[0])[:100] if args else ""))
            return function(*args, **kwargs)
        return opened

    builtins.open = recorder("open", real[0])
    io.open = recorder("io.open", real[1])
    os.open = recorder("os.open", real[2])
    pathlib.Path.open = recorder("Path.open", real[3])
    errors = _Errors()
    loggers = [logging.getLogger(), logging.getLogger("traitlets")]
    for logger in loggers:
        logger.addHandler(errors)
    try:
        yield errors
    finally:
        builtins.open, io.open, os.open, pathlib.Path.open = real
        for logger in loggers:
            logger.removeHandler(errors)


def _message(widget: W.Widget, data: dict, buffers=()) -> dict:
    return {"content": {"comm_id": widget.model_id, "data": data}, "buffers": list(buffers)}


def _deliver(run: Run, errors: _Errors, widget: W.Widget, msg: dict) -> None:
    """Hand ``msg`` to the widget as its comm does, and judge what its handling raised (ipywidgets
    logs it: ``errors``): through mandalakit's code it escaped an observer or a callback; else a
    trait's own check refused the forged value (no mandalakit code ran)."""
    start = time.perf_counter()
    seen = len(errors.records)
    raised = []
    try:
        widget._handle_msg(msg)
    except Exception as error:  # noqa: BLE001 - judged below
        raised.append(error)
    raised += [r.exc_info[1] if r.exc_info else RuntimeError(r.getMessage()) for r in errors.records[seen:]]
    ours = [e for e in raised if isinstance(e, RuntimeError) and not e.__traceback__
            or any(f.filename.startswith(OURS) for f in traceback.extract_tb(e.__traceback__))]
    run.escaped += ["".join(traceback.format_exception(e)) for e in ours]
    run.refused_by_traits += bool(raised and not ours)
    run.sent += 1
    run.slowest = max(run.slowest, time.perf_counter() - start)


def _messages(widget: W.Widget, rng: np.random.Generator, others: list[W.Widget]):
    """The forged messages of one widget: one per synced trait and forged value, custom ones."""
    keys = sorted(widget.keys)
    for key in keys:
        values = list(FORGED) + [f"IPY_MODEL_{rng.choice(others).model_id}"]
        if isinstance(widget, W.FileUpload) and key == "value":
            values += list(UPLOADS)
        for value in values:
            buffers, paths = [], []
            if isinstance(value, list) and value and isinstance(value[0], dict) and isinstance(
                    value[0].get("content"), bytes):  # bytes travel as a buffer, as a page sends them
                value = [{**value[0], "content": None}]
                buffers, paths = [memoryview(b"{}")], [[key, 0, "content"]]
            yield {"method": "update", "state": {key: value}, "buffer_paths": paths}, buffers
    if "description" in keys and "value" in keys:  # a box renamed and filled in one message (issue 19)
        for name in ("tiles", "single_play_draw", "sakura_cap", "seed"):
            for value in ("/etc/passwd", "/proc/self/environ", "none", "-1"):
                yield {"method": "update", "state": {"description": name, "value": value}, "buffer_paths": []}, []
    for content in CUSTOM:
        yield {"method": "custom", "content": content}, []


def forge(page: str, widgets: list[W.Widget], *, count: int, seed: int = 19) -> Run:
    """Send ``count`` forged messages (drawn with ``seed`` among every widget's messages), each
    followed by a click of a button of the page drawn at random (so that what reads the forged
    values runs: the New game form read after its boxes were forged)."""
    rng = np.random.default_rng(seed)
    run = Run(page)
    # Layouts and styles are most of a page's widgets, and no mandalakit code reads them: one
    # message in ten goes to them, the others to the widgets a pupil uses.
    looks = (W.Layout, W.widget_style.Style)
    pools = [[(w, data, buffers) for w in widgets if isinstance(w, looks) is drawn_on
              for data, buffers in _messages(w, rng, widgets)] for drawn_on in (False, True)]
    picks = [pool[int(rng.integers(len(pool)))] for pool in (pools[int(rng.random() < 0.1)] for _ in range(count))]
    buttons = [w for w in widgets if isinstance(w, W.Button)]
    click = {"method": "custom", "content": {"event": "click"}}
    with _watch(run) as errors:
        for widget, data, buffers in picks:
            _deliver(run, errors, widget, _message(widget, data, buffers))
            run.forged += 1
            if buttons:  # then a button, so that what reads the forged values runs (start a new game)
                button = buttons[int(rng.integers(len(buttons)))]
                _deliver(run, errors, button, _message(button, click))
    return run


def warm_up() -> None:
    """Read what a kernel reads once and keeps (the rules texts, every language's catalogue, Babel's
    number formats), so that the files a forged message makes the kernel open are counted,
    not these."""
    from mandalakit import set_language
    from mandalakit.core.messages import number
    from mandalakit.core.rulebook import rule_text

    for language in LANGUAGES:
        set_language(language)
        number(1_000.5, ",.1f")
        for rule in ("O-1", "M-1", "F-1"):
            rule_text(rule)


def dashboard_pages() -> list[Path]:
    """Every dashboard page, in every language of the kit."""
    return sorted(NOTEBOOKS.glob("*.ipynb")) + [page for language in LANGUAGES if language != "en"
                                                for page in sorted((NOTEBOOKS / language).glob("*.ipynb"))]


def main(argv: list[str]) -> int:
    """``python tests/_forge.py [COUNT]``: COUNT forged messages per page (1,000), the figures per page."""
    count = int(argv[0]) if argv else 1000
    failed = 0
    warm_up()
    for notebook in dashboard_pages():
        widgets = page_widgets(notebook)
        if not widgets:
            continue
        run = forge(str(notebook.relative_to(ROOT)), widgets, count=count)
        print(run.line(), flush=True)
        failed += bool(run.files or run.escaped)
        for text in run.escaped[:3] + [f"opened {name}({path!r})" for name, path in run.files[:3]]:
            print(text[-1500:], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
