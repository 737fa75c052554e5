"""A first game with a guide for each game (issue 30): the scripts as data (:mod:`.script`, one
module per game) and the one class that plays them (:class:`GuidedGame`)."""

from mandalakit.widgets.guided.guided_game import GuidedGame

__all__ = ["GuidedGame"]
