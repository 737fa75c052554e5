"""Flowers: A Mandala Game (Trevor Benjamin and Brett J. Gilbert, Lookout Games 2024), 2-4
players: rules F-1 to F-5 of flowers.md.

The tile values are data (``tiles.csv``, rule F-1.5). **The default values — per colour 1,
1, 2, 2, 3 and ×3 — are an assumption until checked against a printed copy of the game.**
Pass ``Rules(tiles=rows)`` or ``Rules.from_csv(path)`` to play with another table.

>>> from mandalakit import flowers
>>> state = flowers.new_game(players=2, seed=1)
>>> state.current_player, str(state.legal_moves()[0])
(0, 'play 1 grey on 1')
"""

from ..core.bots import game_bots
from ..core.contract import GameSpec
from ..core.messages import N_
from .bots import GreedyBot, seat_summary
from .infoset import from_observation, unseen
from .cards import BACKS, COLOURS, colour_code
from .moves import PASS, Pass, Play, Take, parse
from .position import from_mapping, from_position, parse_cards
from .rules import Rules
from .scoring import flower_score, gain_value, score_tiles, single_score
from .mandalas import MandalaView, claim_winner, runner_up
from .setup import new_game
from .state import FlowersState, Observation
from .tiles import DEFAULT_TILES, X3, Tile, read_tiles_csv

State = FlowersState

#: The search bots' settings: at most about 1 s of CPU time per move on the machine of record
#: (datasets/README.md, "Strength ladder").
SEARCH = {"iterations": 100, "rollout": "greedy", "candidates": 4, "margin_scale": 5}

GAME = GameSpec(
    name="flowers",
    min_players=2,
    max_players=4,
    player_rule="F-2.3",
    rules=Rules,
    new_game=new_game,
    bots=game_bots("flowers", GreedyBot, SEARCH),
    seat_summary=seat_summary,
    from_observation=from_observation,
    title=N_("Flowers"),
    renderer="mandalakit.flowers.render",
    view="mandalakit.widgets.play.games.flowers",
    from_position=from_mapping,
    max_decisions=8_000,  # test_game_length's bound for 4 seats
    chance_outcomes=37,  # colour codes 0-5, tile ids 1-36
    hints="mandalakit.flowers.hints",
    unseen=unseen,
    encoding="mandalakit.flowers.encoding",
    layout_version=1,
    fast="mandalakit.fast.flowers",
    playout="mandalakit.fast.flowers_playout",
    words={
        "fr": {"play": ("jouer",), "on": ("sur",), "take": ("prendre", "garder"), "pass": ("passer", "passe")},
        # "jogar 2 vermelhas na 3": mandala 3 ("a mandala") takes "na"; "em" and "sobre" work too
        "pt": {"play": ("jogar",), "on": ("na", "em", "sobre", "no"), "take": ("pegar", "coletar", "ficar"),
               "pass": ("passar", "passo")},
    },
    colours=COLOURS,
    # the New game form's menus (mandalakit.widgets.play.new_game_form)
    option_words={
        "single_play_draw": (N_("Cards drawn after playing a single card"), "F-3.3", {
            "4": N_("4 (the published rules)"), "2": N_("2 (the pre-release text)"),
            **{str(n): str(n) for n in (0, 1, 3, 5, 6)}}),
    },
    tables=("flowers-bots", "flowers-variants"),
    gallery=(3, 9, N_("Play colours onto three mandalas and pair tiles into Flowers.")),
)

__all__ = [
    "BACKS", "COLOURS", "DEFAULT_TILES", "GAME", "PASS", "X3", "FlowersState", "GreedyBot", "MandalaView",
    "Observation", "Pass", "Play", "Rules", "State", "Take", "Tile", "claim_winner", "colour_code", "flower_score",
    "from_position", "gain_value", "new_game", "parse", "parse_cards", "read_tiles_csv", "runner_up", "score_tiles",
    "seat_summary", "single_score",
]
