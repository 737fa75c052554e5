"""A pupil in class mode: named once, then every answer and finished game of theirs kept in
the class's book (:mod:`mandalakit.widgets.classroom.classbook`).

A page of a lesson shows :class:`PupilName` first. The first page asks for a first name or a
nickname (no account, no password); the browser keeps it (``localStorage``) for the next pages
of the lesson, which only greet the pupil. Outside class mode the widget draws nothing and
nothing is kept.

The page's widgets call :func:`note_attempt` and :func:`note_game`; an answer checked before the
name is given waits in the kernel and is written once the name arrives, so nothing is lost.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping

import anywidget
import traitlets

from mandalakit.core.messages import _

from mandalakit.widgets.classroom import classbook

__all__ = ["PupilName", "note_attempt", "note_game"]

log = logging.getLogger(__name__)

#: The page's lesson and pupil, and what waits for the pupil's name (one page per kernel).
_page: dict = {"lesson": None, "pupil": None, "waiting": [], "exercises": 0}

_ESM = """
const KEY = "mandalakit.pupil";
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
      const hello = document.createElement("span");
      hello.textContent = labels.hello.replace("{name}", name) + " ";
      const change = document.createElement("button");
      change.textContent = labels.change;
      change.onclick = () => { localStorage.removeItem(KEY); model.set("name", ""); model.save_changes(); };
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
    el.append(box);
  };
  const kept = localStorage.getItem(KEY);
  if (kept && model.get("active") && !model.get("name")) { model.set("name", kept); model.save_changes(); }
  model.on("change:name", draw);
  model.on("change:active", draw);
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
        ``""`` until given.
    """

    _esm = _ESM
    active = traitlets.Bool(False).tag(sync=True)
    name = traitlets.Any("").tag(sync=True)  # checked below: a forged value becomes "", never an error
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, lesson: str):
        super().__init__(active=classbook.current() is not None,
                         labels={"ask": _("Your first name or nickname:"), "placeholder": _("e.g. Sam"),
                                 "start": _("Start"), "hello": _("Hello {name}!"), "change": _("Not you?")})
        _page.update(lesson=lesson, pupil=None, waiting=[], exercises=0)

    @traitlets.validate("name")
    def _one_line(self, proposal) -> str:
        value = proposal["value"]
        return " ".join(value.split())[: classbook.NAME_MAX] if isinstance(value, str) else ""

    @traitlets.observe("name")
    def _named(self, change) -> None:
        _page["pupil"] = change["new"] or None
        _flush()


def next_exercise() -> int:
    """The number of the page's next exercise (1, 2, ...), as the class page lists them."""
    _page["exercises"] += 1
    return _page["exercises"]


def _flush() -> None:
    book = classbook.current()
    if book is None or not _page["pupil"]:
        return
    waiting, _page["waiting"] = _page["waiting"], []
    for i, (kind, args) in enumerate(waiting):
        try:
            if kind == "attempt":
                book.attempt(_page["pupil"], _page["lesson"] or "?", **args)
            else:
                book.game(_page["pupil"], **args)
        except Exception:  # the file could not be written: keep it waiting for the next write
            log.exception("The class's book could not be written; the answer waits in this kernel.")
            _page["waiting"] = waiting[i:] + _page["waiting"]
            return


def note_attempt(exercise: str, answer: str, right: bool) -> None:
    """Keep a checked answer of the page's pupil (class mode only; nothing otherwise)."""
    if classbook.current() is None:
        return
    _page["waiting"].append(("attempt", {"exercise": exercise, "answer": answer, "right": right,
                                         "key": uuid.uuid4().hex}))
    _flush()


def note_game(record: Mapping, won: bool) -> None:
    """Keep a finished game of the page's pupil (class mode only; nothing otherwise)."""
    if classbook.current() is None:
        return
    _page["waiting"].append(("game", {"record": record, "won": won, "key": uuid.uuid4().hex}))
    _flush()
