"""ipywidgets views of the three games, installed as ``mandalakit.widgets``.

:class:`GameView` plays any game by clicks, typed moves and bots; :mod:`.replay` replays any
record of any game; :mod:`.ohanami` has the sakura scoring calculator; :mod:`.exercise` and
:mod:`.rules` serve the lessons; :mod:`.charts` draws plotly figures.
"""

from .game_view import GameView

__all__ = ["GameView"]
