"""Ohanami (Steffen Benndorf, NSV 2019), 2-4 players: rules O-1 to O-3 of ohanami.md.

>>> from mandalakit import ohanami
>>> state = ohanami.new_game(players=2, seed=1)
>>> state.current_player, len(state.legal_moves())
(0, 45)
"""

from ..core.bots import game_bots
from ..core.contract import GameSpec
from ..core.messages import N_
from .bots import GreedyBot, seat_summary
from .infoset import from_observation
from .cards import SUIT_OF, SUITS, suit_name
from .moves import Pick, Place, parse, placements, waiting_moves
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
    title=N_("Ohanami"),
    renderer="mandalakit.ohanami.render",
    view="mandalakit.widgets.play.games.ohanami",
    from_position=from_position,
    max_decisions=27 * 4,  # 27 per seat (test_game_length)
    chance_outcomes=121,  # card numbers 1-120
    simultaneous=True,  # every seat picks, then every seat places, in seat order (O-2.2, O-2.6)
    waiting_moves=waiting_moves,
    hints="mandalakit.ohanami.hints",
    encoding="mandalakit.ohanami.encoding",
    layout_version=1,
    fast="mandalakit.fast.ohanami",
    playout="mandalakit.fast.ohanami_playout",
    # A discard in a placement, ``30>x``, typed with the first letter of the page's word for
    # it (défausse, descarte): ``30>d``.
    words={
        "fr": {"pick": ("garder", "choisir"), "place": ("poser", "placer"), ">x": (">d",)},
        "pt": {"pick": ("escolher", "pegar", "ficar"), "place": ("colocar", "pôr", "por"), ">x": (">d",)},
    },
    # the New game form's menus (mandalakit.widgets.play.new_game_form)
    option_words={
        "sakura_cap": (N_("Pink cards scored at most"), "O-3.4", {
            "15": N_("15 (the printed table)"), "none": N_("no limit"),
            **{str(n): str(n) for n in (5, 8, 10, 12, 20)}}),
    },
    tables=("ohanami-bots", "ohanami-sakura-cap"),
    gallery=(2, 14, N_("Draft cards and lay them in rows that grow from either end.")),
)

__all__ = [
    "GAME", "GreedyBot", "Observation", "OhanamiState", "Pick", "Place", "Rules", "State", "SUITS", "SUIT_OF",
    "from_position", "new_game", "parse", "placements", "round_score", "sakura_points", "suit_name", "triangular",
]
