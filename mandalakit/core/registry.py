"""Where the shared tools find each game, by name, without importing all of them.

The registry is the one list of games: every tool (records, the command line, the research
frameworks, the fast path, hints, the views) iterates over it and asks each game's
:class:`~mandalakit.core.contract.GameSpec` what it needs to know; none names a game. A game
outside the kit is registered in one line, ``register_game("mygame", "mypackage.mygame")``.
"""

from __future__ import annotations

import importlib

from .errors import RulesError, shown
from .messages import _

#: Game name -> module that defines ``GAME`` (a ``GameSpec``), in the order tools list them.
GAMES: dict[str, str] = {
    "ohanami": "mandalakit.ohanami",
    "mandala": "mandalakit.mandala",
    "flowers": "mandalakit.flowers",
}


def register_game(name: str, module: str) -> None:
    """Add the game whose module ``module`` defines ``GAME`` (a ``GameSpec`` named ``name``)."""
    GAMES[name] = module


def unregister_game(name: str) -> None:
    """Remove a game added by :func:`register_game` (tests)."""
    GAMES.pop(name, None)


def get_game(name: str):
    """Return the :class:`~mandalakit.core.contract.GameSpec` of ``name``; unknown names raise
    :class:`RulesError`. (This module imports no contract: a state asks it for its game.)"""
    try:
        module = GAMES[name]
    except KeyError:
        raise RulesError("options", _("Unknown game {name}; choose from {games}.", name=shown(name),
                                      games=", ".join(GAMES))) from None
    return importlib.import_module(module).GAME


def all_games() -> list:
    """The :class:`~mandalakit.core.contract.GameSpec` of every registered game, in registry order (imports each game)."""
    return [get_game(name) for name in GAMES]
