"""The shared engine contract, records, bots and tools used by every game.

Its names load with their modules on first use (:mod:`.lazy`): importing one module of this
package (:mod:`.interrupts`, the ``mandalakit`` command's first step) loads no other.
"""

from .lazy import lazy

__all__ = [
    "CHANCE", "TERMINAL", "ChanceEvent", "GameSpec", "Result", "RulesBase", "State", "make_rng",
    "IllegalMoveError", "MandalakitError", "NotationError", "RecordError", "RulesError",
    "GAMES", "get_game",
]

#: Where each name of ``__all__`` is defined: loaded on first use (:mod:`.lazy`).
_HOME = {
    **dict.fromkeys(["CHANCE", "TERMINAL", "ChanceEvent", "GameSpec", "Result", "RulesBase", "State", "make_rng"],
                    "contract"),
    **dict.fromkeys(["IllegalMoveError", "MandalakitError", "NotationError", "RecordError", "RulesError"], "errors"),
    **dict.fromkeys(["GAMES", "get_game"], "registry"),
}

__getattr__, __dir__ = lazy(__name__, _HOME)
