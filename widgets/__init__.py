"""ipywidgets views of the three games, installed as ``mandalakit.widgets``.

:class:`GameView` plays any game by clicks, typed moves and bots; :mod:`.replay` replays any
record of any game; :mod:`.ohanami` has the sakura scoring calculator; :mod:`.mandala` and
:mod:`.flowers` the views of their lessons (the rule of colour, river × cup, one Flowers play,
tile tables); :mod:`.exercise` the exercises pupils answer; :mod:`.rules` quotes the rules by
id; :mod:`.charts` draws plotly figures.
"""

__all__ = ["GameView"]


def __getattr__(name: str):
    # GameView on first use: a lesson's kernel imports only the views it shows.
    if name == "GameView":
        from .game_view import GameView

        return GameView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
