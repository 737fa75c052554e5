"""Ohanami (Steffen Benndorf, NSV 2019), 2-4 players: rules O-1 to O-3 of ohanami.md.

>>> from mandalakit import ohanami
>>> state = ohanami.new_game(players=2, seed=1)
>>> state.current_player, len(state.legal_moves())
(0, 45)
"""

from ..core.bots import game_bots
from ..core.contract import GameSpec
from .bots import GreedyBot, seat_summary
from .infoset import from_observation
from .cards import SUIT_OF, SUITS, suit_name
from .moves import Pick, Place, parse, placements
from .rules import Rules
from .scoring import round_score, sakura_points, triangular
from .setup import from_position, new_game
from .state import Observation, OhanamiState

State = OhanamiState

#: The search bots' settings: at most about 1 s of CPU time per move on the machine of record
#: (datasets/README.md, "Strength ladder").
SEARCH = {"iterations": 400, "rollout": "greedy", "candidates": 4, "margin_scale": 25}

GAME = GameSpec(
    name="ohanami",
    min_players=2,
    max_players=4,
    player_rule="O-2.1",
    rules=Rules,
    new_game=new_game,
    bots=game_bots("ohanami", GreedyBot, SEARCH),
    seat_summary=seat_summary,
    from_observation=from_observation,
)

__all__ = [
    "GAME", "GreedyBot", "Observation", "OhanamiState", "Pick", "Place", "Rules", "State", "SUITS", "SUIT_OF",
    "from_position", "new_game", "parse", "placements", "round_score", "sakura_points", "suit_name", "triangular",
]
