"""Where the shared tools find each game, by name, without importing all of them."""

from __future__ import annotations

import importlib

from .contract import GameSpec
from .errors import RulesError, shown
from .messages import _

#: Game name -> module that defines ``GAME`` (a :class:`GameSpec`).
GAMES: dict[str, str] = {
    "ohanami": "mandalakit.ohanami",
    "mandala": "mandalakit.mandala",
    "flowers": "mandalakit.flowers",
}


def get_game(name: str) -> GameSpec:
    """Return the :class:`GameSpec` of ``name``; unknown names raise :class:`RulesError`."""
    try:
        module = GAMES[name]
    except KeyError:
        raise RulesError("options", _("Unknown game {name}; choose from {games}.", name=shown(name),
                                      games=", ".join(GAMES))) from None
    return importlib.import_module(module).GAME
