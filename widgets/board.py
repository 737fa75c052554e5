"""The board as a widget: the engine's SVG, clickable where it marks targets.

:class:`BoardView` is the one thin anywidget of the play views (``static/board_view.js``):
it shows an SVG drawing and a row of *chips* (buttons for targets not drawn on the board,
such as a count) and sends every click, Enter or Space on a target, and Escape, to the
kernel. It knows no game: the view that owns it decides what a target means.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import anywidget
import traitlets

__all__ = ["BoardView"]


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
    width : int
        The width in CSS px the page gives the drawing, set by the page (rounded down to
        10 px, once resizing has paused for 150 ms); 0 until the page has told. The owner
        passes it to the renderer (``render_svg(..., width=...)``) so that a narrow page gets
        a drawing laid out for it rather than one scaled down.

    Call :meth:`on_target` to be told of clicks (``callback(target)``) and :meth:`on_escape`
    for the Escape key.
    """

    _esm = resources.files(__package__).joinpath("static", "board_view.js").read_text(encoding="utf-8")
    svg = traitlets.Unicode("").tag(sync=True)
    chips = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    chips_label = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0, min=0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._on_target: Callable[[str], None] | None = None
        self._on_escape: Callable[[], None] | None = None
        self.on_msg(self._message)

    def on_target(self, callback: Callable[[str], None]) -> None:
        self._on_target = callback

    def on_escape(self, callback: Callable[[], None]) -> None:
        self._on_escape = callback

    def _message(self, _widget, content, _buffers) -> None:
        # Everything from the page is checked: a forged message is ignored, never raised.
        if not isinstance(content, dict):
            return
        if content.get("kind") == "click" and isinstance(content.get("target"), str) and self._on_target:
            self._on_target(content["target"][:100])
        elif content.get("kind") == "key" and content.get("key") == "Escape" and self._on_escape:
            self._on_escape()
