"""ipywidgets views of the three games, installed as ``mandalakit.widgets``.

:class:`GameView` plays any game by clicks, typed moves and bots; :mod:`.ohanami` has the
sakura scoring calculator and a replay viewer; :mod:`.charts` draws plotly figures.
"""

from .game_view import GameView

__all__ = ["GameView"]
