"""A pupil in class mode: named once, then every answer and finished game of theirs kept in
the class's book (:mod:`mandalakit.widgets.classroom.classbook`), and found again after a reload.

A page of a lesson shows :class:`PupilName` first. The first page asks for a first name or a
nickname (no account, no password); the browser keeps it (``localStorage``) for the next pages
of the lesson, which only greet the pupil. Outside class mode the widget draws nothing and
nothing is kept.

The browser also keeps a secret id (128 random bits from ``crypto.getRandomValues``) that the
page sends with the name. The book keeps each answer with the id's hash; when the page is
opened again in that browser the kernel asks the book for that id's name and answers in this
lesson and gives each graded widget (:func:`register`) its earlier attempts back. No other id
is ever sent to a page, so a forged message can only find the answers of an id it already holds.

The page's widgets call :func:`note_attempt` and :func:`note_game`; an answer checked before the
name is given, or while the book cannot be written (a full disk, a locked or damaged file),
waits in the kernel and is written once it can be, so nothing is lost: the page then shows a
small notice in words, and the teacher's page how many answers wait
(:func:`classbook.report_waiting`). A page may check at most :data:`BURST` answers at once and
:data:`PER_SECOND` a second after that: more are refused in a sentence (:func:`too_fast`) and
not kept.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
import uuid
from collections.abc import Mapping

import anywidget
import traitlets

from mandalakit.core.messages import _

from mandalakit.widgets.classroom import classbook

__all__ = ["PupilName", "note_attempt", "note_game", "register", "too_fast"]

#: Answers a page may check at once, then a second: a pupil checks one every few seconds; a
#: page sending thousands a second is a script, whose answers are refused and not kept.
BURST = 20
PER_SECOND = 4.0
#: Seconds between tries to write answers that wait while the book cannot be written.
RETRY_SECONDS = 5.0


def _fresh_page(lesson: str | None = None) -> dict:
    return {"lesson": lesson, "pupil": None, "browser": None, "waiting": [], "counts": {}, "graded": {},
            "tokens": float(BURST), "refilled": time.monotonic(), "fault": "", "retry": False, "widget": None,
            "earlier": {}}


#: The page's lesson, pupil and browser id, what waits for the book, its graded widgets by number,
#: and its allowance of answers (one page per kernel).
_page: dict = _fresh_page()

_ESM = """
const KEY = "mandalakit.pupil", ID = "mandalakit.browser";
function browserId(fresh) {
  let id = localStorage.getItem(ID);
  if (fresh || !/^[0-9a-f]{32}$/.test(id || "")) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(ID, id);
  }
  return id;
}
function render({ model, el }) {
  const draw = () => {
    el.replaceChildren();
    if (!model.get("active")) return;
    const labels = model.get("labels");
    const box = document.createElement("div");
    box.className = "mk-pupil";
    box.style.cssText = "margin:0.4em 0;padding:0.5em 0.8em;border:1px solid #8a8a8a;border-radius:6px;max-width:34em";
    const name = model.get("name");
    if (name) {
      localStorage.setItem(KEY, name);
      const hello = document.createElement("span");
      hello.textContent = labels.hello.replace("{name}", name) + " ";
      const change = document.createElement("button");
      change.textContent = labels.change;
      change.onclick = () => {
        localStorage.removeItem(KEY);
        model.set("browser", browserId(true)); model.set("name", ""); model.save_changes();
      };
      box.append(hello, change);
    } else {
      const label = document.createElement("label");
      label.textContent = labels.ask + " ";
      const input = document.createElement("input");
      input.maxLength = 40;
      input.placeholder = labels.placeholder;
      const go = document.createElement("button");
      go.textContent = labels.start;
      const send = () => {
        const typed = input.value.trim();
        if (!typed) { input.focus(); return; }
        localStorage.setItem(KEY, typed);
        model.set("name", typed); model.save_changes();
      };
      go.onclick = send;
      input.onkeydown = (e) => { if (e.key === "Enter") send(); };
      label.append(input);
      box.append(label, " ", go);
    }
    const notice = model.get("notice");
    if (notice) {
      const small = document.createElement("div");
      small.className = "mk-pupil-notice";
      small.setAttribute("role", "status");
      small.style.cssText = "font-size:0.85em;margin-top:0.3em;color:#6a4a00";
      small.textContent = notice;
      box.append(small);
    }
    el.append(box);
  };
  if (model.get("active")) {
    if (model.get("browser") !== browserId(false)) model.set("browser", browserId(false));
    const kept = localStorage.getItem(KEY);
    if (kept && !model.get("name")) model.set("name", kept);
    model.save_changes();
  }
  model.on("change:name", draw);
  model.on("change:active", draw);
  model.on("change:notice", draw);
  draw();
}
export default { render };
"""


class PupilName(anywidget.AnyWidget):
    """Asks a pupil's first name or nickname once per browser, in class mode only.

    Parameters
    ----------
    lesson : str
        The page's name as the class page lists it (``"ohanami"``, ``"fr/mandala"``).

    Attributes
    ----------
    name : str
        The name the page sent, cut to :data:`classbook.NAME_MAX` characters on one line;
        ``""`` until given. When the book knows the page's browser, the name given there last.
    browser : str
        The browser's secret id (:data:`classbook.BROWSER_ID`; ``""`` until sent or when forged).
    notice : str
        A short sentence for the pupil while answers wait for the book (``""`` otherwise).
    """

    _esm = _ESM
    active = traitlets.Bool(False).tag(sync=True)
    name = traitlets.Any("").tag(sync=True)  # checked below: a forged value becomes "", never an error
    browser = traitlets.Any("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, lesson: str):
        super().__init__(active=classbook.active(),
                         labels={"ask": _("Your first name or nickname:"), "placeholder": _("e.g. Sam"),
                                 "start": _("Start"), "hello": _("Hello {name}!"), "change": _("Not you?")})
        _page.clear()
        _page.update(_fresh_page(lesson), widget=self)

    @traitlets.validate("name")
    def _one_line(self, proposal) -> str:
        value = proposal["value"]
        return classbook.printable(value)[: classbook.NAME_MAX] if isinstance(value, str) else ""

    @traitlets.validate("browser")
    def _an_id(self, proposal) -> str:
        value = proposal["value"]
        return value if isinstance(value, str) and classbook.BROWSER_ID.fullmatch(value) else ""

    @traitlets.observe("browser")
    def _came_back(self, change) -> None:
        _page["browser"] = change["new"] or None
        if change["old"] and change["new"] != change["old"]:  # "Not you?": someone new, whose name comes next
            _page["earlier"] = {}
            return
        if _page["browser"] and (book := _book()) is not None:
            try:
                known = book.pupil_of(_page["browser"])
                earlier = book.attempts_of(_page["browser"], _page["lesson"] or "?")
            except (sqlite3.Error, OSError) as exc:
                _fault(exc)
                return
            by_exercise: dict[str, list] = {}
            for attempt in earlier:
                by_exercise.setdefault(attempt.exercise, []).append(attempt)
            _page["earlier"] = by_exercise
            for exercise, widget in _page["graded"].items():
                _restore(widget, by_exercise.get(exercise, []))
            if known and not self.name:
                self.name = known  # greets the pupil by the name the book knows for this browser
                return
        if self.name:
            self._named({"new": self.name})

    @traitlets.observe("name")
    def _named(self, change) -> None:
        _page["pupil"] = change["new"] or None
        if _page["pupil"] and _page["browser"] and classbook.active():
            _page["waiting"].append(("browser", {"browser": _page["browser"], "pupil": _page["pupil"]}))
        _flush()


#: How the book names a page's board questions ("board 1", "board 2", ...); typed exercises are "1", "2", ...
BOARD = "board "


def register(widget, kind: str = "") -> str:
    """Name a graded widget of the page as the book and the class page do: ``kind`` and its number
    among the page's widgets of that kind (``"3"``: the third typed exercise; ``BOARD + "1"``: the
    first board question). In class mode, give it back the attempts its pupil made at it before a
    reload: ``widget.restore(attempts)`` is called with that exercise's :class:`classbook.Attempt`
    list, oldest first, once the page's browser is known."""
    _page["counts"][kind] = _page["counts"].get(kind, 0) + 1
    exercise = f"{kind}{_page['counts'][kind]}"
    _page["graded"][exercise] = widget
    if earlier := _page["earlier"].get(exercise):
        _restore(widget, earlier)
    return exercise


def _restore(widget, attempts: list) -> None:
    if attempts and not widget.attempts:  # answers of this page's own kernel are newer: kept as they are
        widget.restore(attempts)


def _book() -> classbook.ClassBook | None:
    """The class's book, or ``None`` (outside class mode, or the book cannot be opened: said in words)."""
    try:
        return classbook.current()
    except (sqlite3.Error, OSError) as exc:
        _fault(exc)
        return None


def _fault(exc: BaseException) -> None:
    """The book could not be used: answers wait, the pupil and the teacher are told, a retry is planned."""
    _page["fault"] = classbook.fault_of(exc)
    _say()
    if not _page["retry"]:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test, a script): the next answer tries again
            return
        _page["retry"] = True
        loop.call_later(RETRY_SECONDS, _retry)


def _retry() -> None:
    _page["retry"] = False
    _flush()


def _say() -> None:
    """The pupil's notice and the teacher's count of waiting answers, as they are now."""
    waiting = sum(1 for kind, _args in _page["waiting"] if kind != "browser")
    widget, fault = _page["widget"], _page["fault"]
    if widget is not None:
        widget.notice = _("Your teacher's list cannot take your answers just now. Keep going: they wait on "
                          "this page and are sent as soon as it works again.") if fault and waiting else ""
    if folder := os.environ.get(classbook.ENV):
        classbook.report_waiting(folder, waiting if fault else 0, fault)


def _flush() -> None:
    if not classbook.active() or not _page["pupil"] or not _page["waiting"]:
        return
    book = _book()
    if book is None:
        return
    waiting, _page["waiting"] = _page["waiting"], []
    for i, (kind, args) in enumerate(waiting):
        try:
            if kind == "attempt":
                book.attempt(_page["pupil"], _page["lesson"] or "?", browser=_page["browser"], **args)
            elif kind == "game":
                book.game(_page["pupil"], **args)
            else:
                book.name_browser(**args)
        except ValueError:  # can never be kept (a record over 1 MB): dropped, not retried forever
            continue
        except (sqlite3.Error, OSError) as exc:  # kept waiting for the next try, never raised
            _page["waiting"] = waiting[i:] + _page["waiting"]
            _fault(exc)
            return
    if _page["fault"]:
        _page["fault"] = ""
        _say()


def too_fast() -> str:
    """The sentence for an answer refused because the page sent too many too fast."""
    return _("Slow down: wait a few seconds before you check another answer. That answer was not kept.")


def _allowed() -> bool:
    """Whether the page may check one more answer now (a token bucket: :data:`BURST`, :data:`PER_SECOND`)."""
    now = time.monotonic()
    _page["tokens"] = min(float(BURST), _page["tokens"] + (now - _page["refilled"]) * PER_SECOND)
    _page["refilled"] = now
    if _page["tokens"] < 1:
        return False
    _page["tokens"] -= 1
    return True


def note_attempt(exercise: str, answer: str, right: bool, attempt: int | None = None) -> bool:
    """Keep a checked answer of the page's pupil (class mode only; nothing otherwise).

    Returns False when the answer is refused because the page checks answers too fast
    (:func:`too_fast` says so to the pupil); True otherwise.
    """
    if not classbook.active():
        return True
    if not _allowed():
        return False
    _page["waiting"].append(("attempt", {"exercise": exercise, "answer": answer, "right": right,
                                         "attempt": attempt, "key": uuid.uuid4().hex}))
    _flush()
    if _page["fault"]:
        _say()
    return True


def note_game(record: Mapping, won: bool) -> None:
    """Keep a finished game of the page's pupil (class mode only; nothing otherwise)."""
    if not classbook.active():
        return
    _page["waiting"].append(("game", {"record": record, "won": won, "key": uuid.uuid4().hex}))
    _flush()
