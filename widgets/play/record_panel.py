"""The record panel of :class:`~mandalakit.widgets.play.game_view.GameView`: save the game as a
JSON record, load one (an upload or a dict), look back with the slider and play on from there.

The record holds every card (the shuffle), so the download link is made only on request. A bad
record is refused in words with the event and the rule (:mod:`mandalakit.core.records`) and the
current game is kept.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Mapping
from html import escape
from numbers import Integral

import ipywidgets as W

from mandalakit.core import records
from mandalakit.core.errors import MandalakitError, RecordError, quote
from mandalakit.core.messages import _

#: Largest record file accepted by the upload (a whole game is a few tens of KB).
MAX_UPLOAD_BYTES = 1_000_000


class RecordPanel(W.VBox):
    """The Record panel of a play view: the slider through the game and *view of*, *play from
    here*, the download of the record and the upload of a saved one.

    It knows its table only through the callbacks it is given (the view's small interface):

    Parameters
    ----------
    record : callable () -> dict
        The record of the game in play.
    load : callable (record) -> None
        Play a record's game; raises ``MandalakitError`` to refuse it (the game is kept).
    look : callable (index) -> None
        The pupil moved the slider to the position after ``index`` events.
    shown : callable () -> None
        The pupil chose another seat under *view of*.
    play_from_here : callable () -> None
        The pupil pressed *play from here*.
    refuse : callable (error, instead) -> None
        Show a refusal (a bad file) and what happens instead.
    note : callable (words) -> None
        Show a short note (the record loaded).

    Attributes
    ----------
    review : ipywidgets.IntSlider
        Number of events of the position looked at.
    view_of : ipywidgets.Dropdown
        The seat whose eyes the board uses after the end or when only bots play (-1: the
        player at this screen).
    play_here, save_button : ipywidgets.Button
    upload : ipywidgets.FileUpload
        At most :data:`MAX_UPLOAD_BYTES`; each file is read at once.
    download : ipywidgets.HTML
        The download link, made on request (:meth:`prepare_download`).
    """

    def __init__(self, *, record: Callable[[], dict], load: Callable[[Mapping], None], look: Callable[[int], None],
                 shown: Callable[[], None], play_from_here: Callable[[], None],
                 refuse: Callable[[MandalakitError, str], None], note: Callable[[str], None]):
        self._record, self._load, self._refuse, self._note = record, load, refuse, note
        self.save_button = W.Button(description=_("save this game as a record"), layout=W.Layout(width="auto"))
        self.save_button.on_click(lambda _b: self.prepare_download())
        self.download = W.HTML()
        # ipywidgets writes "load a record (0)" on the button, the count of files it holds (always
        # 0 here: each file is read at once): the button's words come from the style instead.
        words = _("load a saved game")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="", tooltip=words,
                                   layout=W.Layout(width="auto"))
        self.upload.add_class("mk-upload")
        upload_words = W.HTML('<style>.mk-upload.widget-upload { font-size: 0; } .mk-upload.widget-upload::after '
                              f'{{ content: "{_css_text(words)}"; font-size: 13px; }}</style>')
        self.upload.observe(self._on_upload, names="value")
        self.review = W.IntSlider(value=0, min=0, max=0, description=_("move"), continuous_update=False,
                                  layout=W.Layout(width="30em", max_width="100%"))
        self._syncing = False
        self.review.observe(lambda c: None if self._syncing else look(c["new"]), names="value")
        self.view_of = W.Dropdown(options=[(_("the player at this screen"), -1)], value=-1,
                                  description=_("view of"), layout=W.Layout(width="auto"))
        self.view_of.observe(lambda _c: shown(), names="value")
        self.play_here = W.Button(description=_("play from here"), layout=W.Layout(width="auto"))
        self.play_here.on_click(lambda _b: play_from_here())
        super().__init__([
            W.HTML(_("Look back through this game with the slider; <b>play from here</b> goes on from the "
                     "position shown. Save this game in a file, or load a saved game (at most 1 MB; it is checked "
                     "by playing it again).")),
            W.HBox([self.review, self.view_of, self.play_here], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.save_button, self.upload, upload_words], layout=W.Layout(flex_flow="row wrap")),
            self.download,
        ])

    @property
    def seat(self) -> int | None:
        """The seat chosen under *view of*, or ``None`` for the player at this screen (or no
        choice, which a page may send)."""
        seat = self.view_of.value
        return seat if isinstance(seat, int) and seat >= 0 else None

    def name_seats(self, names) -> None:
        """Offer each seat of ``names`` under *view of*, and choose the player at this screen."""
        self.view_of.options = [(_("the player at this screen"), -1)] + [(n, i) for i, n in enumerate(names)]
        self.view_of.value = -1

    def follow(self, events: int) -> None:
        """Put the slider on the latest of ``events`` events, without telling ``look``."""
        self._syncing = True
        try:
            self.review.max = events
            self.review.value = events
        finally:
            self._syncing = False

    def prepare_download(self) -> str:
        """Put a download link of this game's record (JSON) under the button, and return it.

        The record holds every card (the shuffle), so it is made only on request and removed
        at the next move (:meth:`forget`): nobody can read the deck from the page by accident.
        """
        record = self._record()
        data = json.dumps(record, indent=1, ensure_ascii=False).encode("utf-8")
        href = "data:application/json;base64," + base64.b64encode(data).decode("ascii")
        name = f"{record['game']}-seed{record.get('seed')}-{len(record['events'])}.json"
        self.download.value = (f'<a download="{name}" href="{href}" class="mk-download">'
                               + escape(_("Download {name}", name=name)) + "</a>")
        return self.download.value

    def forget(self) -> None:
        """Remove the download link."""
        self.download.value = ""

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        try:
            name, content = _uploaded(files[0])
            record = records.loads(content.decode("utf-8-sig", errors="strict"), _("The uploaded file"))
            self._load(record)
        except UnicodeDecodeError:
            self._refuse(RecordError("record", _("The file is not UTF-8 text (a JSON record).")), "")
        except MandalakitError as error:
            self._refuse(error, _("The current game is kept."))
        else:
            self._note(_("Record loaded: {name}.", name=name))
        finally:
            self.upload.value = ()


def _uploaded(file) -> tuple[str, bytes]:
    """The name (cut to 60 characters) and the bytes of an upload entry as the page sent it.

    Every field is checked before use, so a forged entry (text or a number as its content, a
    size that is no number) gets one sentence and nothing is allocated for a number it names.

    Raises
    ------
    RecordError
        For an entry that holds no file's bytes, or a file larger than :data:`MAX_UPLOAD_BYTES`.
    """
    content = file.get("content") if isinstance(file, Mapping) else None
    size = file.get("size", 0) if isinstance(file, Mapping) else None
    if (not isinstance(content, (bytes, bytearray, memoryview)) or isinstance(size, bool)
            or not isinstance(size, Integral) or size < 0):
        raise RecordError("record", _("The page sent no file that can be read; choose the record file again."))
    if len(content) > MAX_UPLOAD_BYTES or size > MAX_UPLOAD_BYTES:
        raise RecordError("record", _("The file is larger than 1 MB; a record is a few tens of KB."))
    name = file.get("name")
    return quote(name) if isinstance(name, str) else "", bytes(content)


def _css_text(text: str) -> str:
    """``text`` inside a CSS string (quotes, backslashes and angle brackets escaped)."""
    return "".join(c if c.isalnum() or c in " .,;:!?'’-()…" else f"\\{ord(c):x} " for c in text)
