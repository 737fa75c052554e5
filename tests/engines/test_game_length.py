"""No game of any engine runs forever: random legal play from every start ends within a bound.

The bounds, per game:

* Ohanami: exactly 27 decisions per player: 3 rounds (O-2.1) of 5 draft steps (O-2.2), each a
  pick and a placement, except the pick of the 5th step, which is forced.
* Flowers: at most 16 completions, each with at most one tile choice: 18 tiles per stack, 3
  dealt at setup and one per refill, and the game ends when a refill fails (F-1.3, F-4.5,
  F-5.2). Every play puts at least one card on a mandala and only a completion takes cards
  off (F-3.1, F-4.4), so at most 90 plays come before, between and after completions; fewer
  than ``players`` passes come in a row (F-5.3).
* Mandala: no bound holds for every game (a discard puts no card anywhere for good, and the
  discard pile is reshuffled again and again, M-6.1); with M-7.5 a completion, and so the end,
  is always still reachable. In 100,000 seeded random games the longest took 140 decisions
  (mean 83), and the number of games longer than L fell about 8-fold for every 10 more
  decisions (5204 above 100, 760 above 110, 89 above 120, 10 above 130): 1,000 decisions
  lie some 80 such factors further on.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit.core.registry import get_game
from mandalakit.flowers.cards import DECK_SIZE as FLOWER_CARDS

FLOWERS_COMPLETIONS = 16


def bound(game: str, players: int) -> int:
    if game == "ohanami":
        return 27 * players
    if game == "flowers":
        plays = (FLOWERS_COMPLETIONS + 1) * FLOWER_CARDS
        return FLOWERS_COMPLETIONS + plays + players * (plays + FLOWERS_COMPLETIONS + 1)
    return 1_000


CASES = [("ohanami", 2, {}), ("ohanami", 3, {}), ("ohanami", 4, {}),
         ("flowers", 2, {}), ("flowers", 3, {}), ("flowers", 4, {}),
         ("mandala", 2, {}), ("mandala", 2, {"deck_exhaustion": "end_at_once"})]


@pytest.mark.parametrize("game,players,options", CASES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_ends_within_the_bound(game, players, options, seed):
    spec = get_game(game)
    state = spec.new_game(players, seed=seed, rules=spec.make_rules(options))
    rng = np.random.default_rng(seed)
    limit = bound(game, players)
    decisions = 0
    while not state.is_terminal():
        assert decisions < limit, f"{game} {players}p seed {seed}: no end after {limit} decisions"
        state.apply(state.random_move(rng.random()))
        decisions += 1
    if game == "ohanami":
        assert decisions == limit
