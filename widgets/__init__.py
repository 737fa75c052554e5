"""ipywidgets views of the three games, installed as ``mandalakit.widgets``.

:class:`GameView` plays any game by clicks, typed moves and bots. The views are grouped by job:
:mod:`.play` (the game table and the replay), :mod:`.lessons` (rule quotes, exercises, the
lessons' pictures and calculators), :mod:`.analysis` (the analysis dashboard, plotly charts),
:mod:`.classroom` (pupils' names, answers kept, the teacher's page) and :mod:`.server` (the
dashboard server's plumbing, which Voila's configuration loads and no notebook imports).
"""

__all__ = ["GameView"]


def __getattr__(name: str):
    # GameView on first use: a lesson's kernel imports only the views it shows.
    if name == "GameView":
        from mandalakit.widgets.play.game_view import GameView

        return GameView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
