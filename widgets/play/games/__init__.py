"""What each game adds to the generic play view: click paths, attempts, score panel, result.

>>> from mandalakit.widgets.play.games import part_of
>>> part_of("mandala").game
'mandala'
"""

from __future__ import annotations

import importlib

from mandalakit.core.registry import get_game

__all__ = ["part_of"]


def part_of(game: str):
    """The :class:`~mandalakit.widgets.play.clicks.GamePart` of ``game``, in the module its
    ``GameSpec.view`` names; unknown names raise
    :class:`~mandalakit.core.errors.RulesError` (the same refusal as the engines')."""
    spec = get_game(game)
    return importlib.import_module(spec.view).PART
