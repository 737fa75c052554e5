"""No game lost to a reload: the game in progress kept in the browser, and the offer to resume it.

After every move the play view hands its record to the board's front end
(:attr:`~mandalakit.widgets.play.board.BoardView.record`), which keeps it in the browser's
``localStorage`` under one key per game page (``board_view.js``). When the page is opened
again the front end sends the kept record back; :class:`ResumeOffer` reads and checks it
(size, JSON, then a full replay by the engine, as an uploaded record) and, if it is a game
still in progress, offers to resume it. A finished game is removed from the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

import ipywidgets as W

from mandalakit.core import records
from mandalakit.core.errors import MandalakitError
from mandalakit.core.messages import _

__all__ = ["ResumeOffer", "checked_record"]

#: Largest kept record read back (a whole game is a few tens of KB).
MAX_KEPT_CHARS = 1_000_000


def checked_record(text, game: str) -> dict | None:
    """The record ``text`` (sent by the page) holds, if it is a game of ``game`` still in
    progress that replays without error; else ``None`` (nothing to offer; never raises)."""
    if not isinstance(text, str) or not text or len(text) > MAX_KEPT_CHARS:
        return None
    try:
        record = records.loads(text)
        state = records.replay(record)
    except (MandalakitError, RecursionError, ValueError, TypeError, KeyError):
        return None
    if state.game != game or state.is_terminal():
        return None
    return record


class ResumeOffer(W.HBox):
    """"A game in progress was kept in this browser (move 12): resume it / start afresh".

    Hidden until :meth:`offer` gets a record; ``resume(record)`` is called when the pupil
    accepts.
    """

    def __init__(self, resume: Callable[[Mapping], None]):
        self._resume = resume
        self._record: dict | None = None
        self.text = W.HTML()
        self.yes = W.Button(description=_("resume that game"), button_style="primary", layout=W.Layout(width="auto"))
        self.no = W.Button(description=_("no, keep this new game"), layout=W.Layout(width="auto"))
        self.yes.on_click(lambda _b: self.accept())
        self.no.on_click(lambda _b: self.hide())
        super().__init__([self.text, self.yes, self.no],
                         layout=W.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.add_class("mk-resume")

    def offer(self, record: Mapping) -> None:
        self._record = dict(record)
        moves = sum(1 for e in record["events"] if e["by"] != "chance")
        self.text.value = ("<b>" + escape(_("A game in progress was kept in this browser (move {n}).", n=moves))
                           + "</b>&nbsp;")
        self.layout.display = "flex"

    def accept(self) -> None:
        record, self._record = self._record, None
        self.hide()
        if record is not None:
            self._resume(record)

    def hide(self) -> None:
        self.layout.display = "none"
