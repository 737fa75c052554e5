"""A rule-of-thumb Mandala bot scored like the best public one (a yardstick for the arena).

The strongest published Mandala bots (MLFactory, jk212h20/MLFactory on GitHub) were measured
against a hand-written heuristic that scores each legal move on its own; every trained network
there lost to it. :class:`HeuristicBot` scores moves the same way (written here from its
description, on our observation), so the arena can tell how our search bots compare with it.
"""

from __future__ import annotations

from ..core.contract import Seed, make_rng
from .cards import RIVER_SPACES
from .moves import Discard, Field, Mountain, Pick


class HeuristicBot:
    """Scores every legal move by fixed rules of thumb and plays the best (ties at random).

    * **Pick** (M-5.3, M-5.4, M-7.3): a colour already in the river is worth its space value
      times the cards picked; a new colour is worth the value of the next empty space times the
      cards that will lie in the cup (the picked ones but the first, plus the cup's cards of
      that colour), minus 1 for the first two spaces (keep them for colours of few cards);
      0.5 if the river is full; plus 0.01 per card.
    * **Mountain play** (M-4.1): 2 (it draws cards), +3 for the last card of its colour in
      hand, -2 for a colour held three times or more (better in a field).
    * **Field play** (M-4.2): 1 + 2 per card, +1 for all the cards of that colour in hand,
      -1.5 if at most one card is left in hand, -2 if the opponent's field of that mandala
      stays more than one card bigger than ours.
    * **Discard** (M-4.3): the number of places of the two mandalas the colour cannot go
      to (0 to 4), -0.2 per card, -1.
    """

    name = "heuristic"
    uses_observation = True

    def __init__(self, seed: Seed = None):
        self.rng = make_rng(seed)

    def choose(self, observation, legal_moves):
        values = [self.score(observation, move) for move in legal_moves]
        best = max(values)
        tied = [m for m, v in zip(legal_moves, values) if v == best]
        return tied[int(self.rng.integers(len(tied)))]

    def score(self, obs, move) -> float:
        """The rule-of-thumb value of ``move`` for the observing seat (higher is better)."""
        me = obs.player
        if type(move) is Pick:
            c = move.colour
            k = obs.mountains[obs.destroying][c]
            river = obs.rivers[me]
            if c in river:
                return (river.index(c) + 1) * k + 0.01 * k
            if len(river) >= RIVER_SPACES:
                return 0.5 + 0.01 * k
            space = len(river) + 1
            return space * (k - 1 + obs.cup[c]) - (1.0 if space <= 2 else 0.0) + 0.01 * k
        held = obs.hand[move.colour]
        if type(move) is Mountain:
            return 2.0 + (3.0 if held == 1 else -2.0 if held >= 3 else 0.0)
        if type(move) is Field:
            value = 1.0 + 2.0 * move.count + (1.0 if move.count == held else 0.0)
            if obs.hand_sizes[me] - move.count <= 1:
                value -= 1.5
            fields = obs.fields[move.mandala]
            if sum(fields[1 - me]) > sum(fields[me]) + move.count + 1:
                value -= 2.0
            return value
        assert type(move) is Discard
        c = move.colour
        blocked = 0
        for m in range(2):
            here = [obs.mountains[m][c], obs.fields[m][0][c], obs.fields[m][1][c]]
            blocked += bool(here[1] or here[2])  # no mountain play (M-3.1)
            blocked += bool(here[0] or here[2 - me])  # no play into the own field
        return blocked - 0.2 * move.count - 1.0
