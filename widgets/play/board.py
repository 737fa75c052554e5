"""The board as a widget: the engine's SVG, clickable where it marks targets.

:class:`BoardView` is the one thin anywidget of the play views (``static/board_view.js``):
it shows an SVG drawing and a row of *chips* (buttons for targets not drawn on the board,
such as a count) and sends every click, Enter or Space on a target, and Escape, to the
kernel. It knows no game: the view that owns it decides what a target means.
:func:`drawing` is a board a lesson only shows, laid out for the page's width as well.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import anywidget
import traitlets

__all__ = ["BoardView", "drawing"]


class BoardView(anywidget.AnyWidget):
    """An SVG board whose ``data-mk-target`` elements are clickable and keyboard-focusable.

    Attributes
    ----------
    svg : str
        The drawing (an ``<svg>`` document). Targets carry ``data-mk-target`` and
        ``data-mk-label`` (read aloud); ``mk-active`` / ``mk-selected`` classes are drawn by
        the engine's renderer.
    chips : list of [str, str]
        ``[target, label]`` buttons shown under the board.
    chips_label : str
        Accessible name of the row of chips.
    hint : list of str
        Targets a hint lights (class ``mk-hint``, a blue glow: unlike the dashed outline of
        ``mk-active`` and the solid one of ``mk-selected``).
    store_key, record : str
        While ``store_key`` is set, the front end keeps ``record`` (a game record's JSON) in
        the browser's ``localStorage`` under that key whenever it changes (removed when it is
        emptied), and on opening sends back what it kept (:meth:`on_resume`), so a reload
        loses no game (:mod:`mandalakit.widgets.play.resume`).
    clickable : bool
        ``False``: a board only looked at (:func:`drawing`); its targets are neither buttons nor
        focusable, and the drawing stays an image (``role="img"``).
    width : int
        The width in CSS px the page gives the drawing, set by the page (rounded down to
        10 px, once resizing has paused for 150 ms); 0 until the page has told. The owner
        passes it to the renderer (``render_svg(..., width=...)``) so that a narrow page gets
        a drawing laid out for it rather than one scaled down.

    Call :meth:`on_target` to be told of clicks (``callback(target)``), :meth:`on_escape`
    for the Escape key and :meth:`on_ready` once the page has drawn the board.
    """

    _esm = resources.files("mandalakit.widgets").joinpath("static", "board_view.js").read_text(encoding="utf-8")
    svg = traitlets.Unicode("").tag(sync=True)
    chips = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    chips_label = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.List(traitlets.Unicode()).tag(sync=True)
    store_key = traitlets.Unicode("").tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True)
    clickable = traitlets.Bool(True).tag(sync=True)
    width = traitlets.Int(0, min=0).tag(sync=True)
    #: True when the drawing follows another player's move (a bot's): the page marks for a moment
    #: what changed on it (the cards played, the row grown), not only in the log.
    marked = traitlets.Bool(False).tag(sync=True)
    #: Raised by one to bring the board into view (after *New game*: the form is left behind):
    #: its top under the status line, then the whole turn (the hand and where it may go). Any
    #: later drawing brings the turn back into the window too, while the pupil looks at the board.
    scroll = traitlets.Int(0).tag(sync=True)
    #: Raised by one to bring what glows on the board (``mk-hint``) into the window, once its
    #: cards have stopped moving (a guided game's step or milestone).
    reveal = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._on_target: Callable[[str], None] | None = None
        self._on_escape: Callable[[], None] | None = None
        self._on_resume: Callable[[str], None] | None = None
        self._on_ready: Callable[[], None] | None = None
        self.on_msg(self._message)

    def on_target(self, callback: Callable[[str], None]) -> None:
        self._on_target = callback

    def on_escape(self, callback: Callable[[], None]) -> None:
        self._on_escape = callback

    def on_resume(self, callback: Callable[[str], None]) -> None:
        """``callback(text)`` gets the record the browser kept under :attr:`store_key`."""
        self._on_resume = callback

    def on_ready(self, callback: Callable[[], None]) -> None:
        """``callback()`` is told each time the page has drawn this board (see :meth:`_message`)."""
        self._on_ready = callback

    def _message(self, _widget, content, _buffers) -> None:
        # Everything from the page is checked: a forged message is ignored, never raised.
        if not isinstance(content, dict):
            return
        if content.get("kind") == "click" and isinstance(content.get("target"), str) and self._on_target:
            self._on_target(content["target"][:100])
        elif content.get("kind") == "key" and content.get("key") == "Escape" and self._on_escape:
            self._on_escape()
        elif content.get("kind") == "resume" and isinstance(content.get("record"), str) and self._on_resume:
            self._on_resume(content["record"])  # checked by the receiver (size, JSON, replay)
        elif content.get("kind") == "ready" and self._on_ready:
            self._on_ready()


def drawing(state, player: int | None = None) -> BoardView:
    """A lesson's board of ``state`` seen by ``player`` (``None``: the seat to act), drawn for
    the width the page gives it.

    ``HTML(state.to_svg())`` is one drawing of the wide layout scaled to the page: on a 420 px
    phone a Mandala board (760 px wide) shrank its 12 px text to 6 px. This board is redrawn
    with ``to_svg(player, width=...)`` once the page has told its width, as the play views'
    boards are. Nothing on it is clickable: its drawing stays an image (``role="img"``).

    Parameters
    ----------
    state : State
        Any game's state; a copy is drawn, so changing ``state`` later leaves the board as it was.
    player : int or None
        The seat whose view is drawn.

    Returns
    -------
    BoardView
    """
    shown = state.clone()
    view = BoardView(svg=shown.to_svg(player), clickable=False)
    view.observe(lambda change: setattr(view, "svg", shown.to_svg(player, width=change["new"] or None)), "width")
    return view
