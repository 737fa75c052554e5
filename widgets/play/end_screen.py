"""The end of a game as a moment: the engine's score screen with "play again" and "save this game".

:class:`EndScreen` shows :meth:`State.scores_svg` (the breakdown per player and the winner,
drawn by the engine) with two buttons whose actions belong to the view that owns it. It holds
no game logic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as W

from mandalakit.core.messages import _

__all__ = ["EndScreen"]


class EndScreen(W.VBox):
    """The score screen and what to do next, hidden until :meth:`show`.

    Parameters
    ----------
    again : callable
        Called by "play again" (a new deal of the same game).
    save : callable returning str
        Called by "save this game"; returns HTML shown under the buttons (a download link).
    """

    def __init__(self, again: Callable[[], None], save: Callable[[], str]):
        self.picture = W.HTML()
        self.picture.add_class("mk-end-scores")
        self.again_button = W.Button(description=_("play again"), button_style="primary", layout=W.Layout(width="auto"))
        self.save_button = W.Button(description=_("save this game"), layout=W.Layout(width="auto"))
        self.link = W.HTML()
        self.again_button.on_click(lambda _b: again())
        self.save_button.on_click(lambda _b: setattr(self.link, "value", save()))
        super().__init__([self.picture, W.HBox([self.again_button, self.save_button],
                                               layout=W.Layout(flex_flow="row wrap")), self.link],
                         layout=W.Layout(display="none", margin="0 0 8px 0"))
        self.add_class("mk-end-screen")

    def show(self, state, viewer: int, *, width: int | None = None, names: Sequence[str] | None = None,
             you: bool | None = None) -> None:
        """Show the score screen of ``state`` (a game that is over) as ``viewer`` is addressed,
        drawn for ``width`` px; ``names`` and ``you`` as in :meth:`State.to_svg`."""
        self.picture.value = state.scores_svg(viewer, width=width, names=names, you=you)
        self.layout.display = "flex"

    def hide(self) -> None:
        self.picture.value = ""
        self.link.value = ""
        self.layout.display = "none"
