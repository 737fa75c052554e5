"""The shared engine contract, records, bots and tools used by every game."""

from .contract import CHANCE, TERMINAL, ChanceEvent, GameSpec, Result, RulesBase, State, make_rng
from .errors import IllegalMoveError, MandalakitError, NotationError, RecordError, RulesError
from .registry import GAMES, get_game

__all__ = [
    "CHANCE", "TERMINAL", "ChanceEvent", "GameSpec", "Result", "RulesBase", "State", "make_rng",
    "IllegalMoveError", "MandalakitError", "NotationError", "RecordError", "RulesError",
    "GAMES", "get_game",
]
