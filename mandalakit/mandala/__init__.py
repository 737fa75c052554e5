"""Mandala (Trevor Benjamin and Brett J. Gilbert, Lookout Games 2019), 2 players: rules M-1 to M-7
of mandala.md.

>>> from mandalakit import mandala
>>> state = mandala.new_game(2, seed=1)
>>> state.current_player, str(state.legal_moves()[0])
(0, 'mountain A black')
"""

from ..core.bots import game_bots
from ..core.contract import GameSpec
from ..core.messages import N_
from .bots import GreedyBot, seat_summary
from .heuristic import HeuristicBot
from .infoset import from_observation, unseen
from .cards import COLOURS, MANDALAS, colour_code
from .moves import Discard, Field, Mountain, Pick, parse
from .rules import END_AT_ONCE, RESHUFFLE_THEN_LAST_COMPLETION, STALEMATE_END, STALEMATE_PLAY_ON, Rules
from .scoring import river_score, winners
from .setup import from_position, new_game
from .state import MandalaState, Observation
from .turn import draw_count

State = MandalaState

#: The search bots' settings: at most about 1 s of CPU time per move on the machine of record
#: (datasets/README.md, "Strength ladder").
SEARCH = {"iterations": 120, "rollout": "greedy", "candidates": 4, "margin_scale": 10}

GAME = GameSpec(
    name="mandala",
    min_players=2,
    max_players=2,
    player_rule="M-2",
    rules=Rules,
    new_game=new_game,
    bots=game_bots("mandala", GreedyBot, SEARCH, heuristic=HeuristicBot),
    seat_summary=seat_summary,
    from_observation=from_observation,
    title=N_("Mandala"),
    renderer="mandalakit.mandala.render",
    view="mandalakit.widgets.play.games.mandala",
    from_position=from_position,
    # Mandala has no bound (a discard can repeat forever, M-6.1): 1,000 lies some 80 eight-fold
    # factors beyond the longest of 100,000 random games (140 decisions).
    max_decisions=1_000,
    chance_outcomes=6,  # colour codes 0-5
    hints="mandalakit.mandala.hints",
    unseen=unseen,
    encoding="mandalakit.mandala.encoding",
    layout_version=1,
    fast="mandalakit.fast.mandala",
    playout="mandalakit.fast.mandala_playout",
    words={
        "fr": {"mountain": ("montagne",), "field": ("champ",), "discard": ("défausser", "défausse"),
               "pick": ("prendre", "choisir")},
        "pt": {"mountain": ("montanha",), "field": ("campo",), "discard": ("descartar", "descarte"),
               "pick": ("pegar", "escolher")},
    },
    colours=COLOURS,
    # the New game form's menus (mandalakit.widgets.play.new_game_form)
    option_words={
        "deck_exhaustion": (N_("When the deck runs out"), "M-6.3", {
            "reshuffle_then_last_completion": N_("shuffle the discard pile; the game ends after the next completed "
                                                 "mandala"),
            "end_at_once": N_("the game ends at the end of that turn")}),
        "stalemate": (N_("When no mandala can be completed any more"), "M-7.5", {
            "end": N_("the game ends"), "play_on": N_("play on (the printed rules)")}),
        "stall_turns": (N_("When nobody completes a mandala after the deck runs out"), "M-7.6", {
            "100": N_("the game ends after 100 turns"), "none": N_("play on (the printed rules)"),
            **{str(n): str(n) for n in (20, 50)}}),
    },
    tables=("mandala-bots", "mandala-variants"),
    gallery=(2, 16, N_("Two players, two mandalas: collect colours in your river and your cup.")),
)

__all__ = [
    "COLOURS", "END_AT_ONCE", "GAME", "MANDALAS", "RESHUFFLE_THEN_LAST_COMPLETION", "STALEMATE_END",
    "STALEMATE_PLAY_ON",
    "Discard", "Field", "GreedyBot", "MandalaState", "Mountain", "Observation", "Pick", "Rules", "State", "colour_code",
    "draw_count", "from_position", "new_game", "parse", "river_score", "seat_summary", "winners",
]
