"""Ohanami bots and the per-seat summary used by simulation tables."""

from __future__ import annotations

from ..core.contract import Seed, make_rng
from .cards import BLUE, GREEN, GREY, PINK, SUIT_OF, SUITS
from .moves import DISCARD, Pick

# Points a card placed in round r will still earn over the game, by suit (O-3.1 to O-3.3).
_FUTURE = {
    1: {BLUE: 9, GREEN: 8, GREY: 7},
    2: {BLUE: 6, GREEN: 8, GREY: 7},
    3: {BLUE: 3, GREEN: 4, GREY: 7},
}
_SPAN = 119  # room of a row: cards still possible below its lowest plus above its highest


def _room(rows) -> int:
    """How many card values could still join the rows (unused rows count as empty)."""
    return sum(r[0] - 1 + 120 - r[-1] for r in rows) + _SPAN * (3 - len(rows))


class GreedyBot:
    """One-ply heuristic: keep the two cards worth most, placed where they cost least room.

    A card is worth what it will still score (a blue placed in round 1 earns 9, a green by
    round 2 earns 8, a grey 7, a pink the marginal sakura value k + 1, O-3 and O-4). Among
    placements it maximises that value plus a small bonus for keeping rows open. Sees only
    the observation and the legal moves.
    """

    name = "greedy"
    uses_observation = True

    def __init__(self, seed: Seed = None, room_weight: float = 0.05):
        self.rng = make_rng(seed)
        self.room_weight = room_weight

    def _place_value(self, place, rows, round_no: int, pink: int) -> float:
        rows = [list(r) for r in rows]
        value = 0.0
        for card, row in place.steps:
            if row == DISCARD:
                continue
            suit = SUIT_OF[card]
            if suit == PINK:
                pink += 1
                value += pink  # T(k+1) - T(k) = k + 1
            else:
                value += _FUTURE[round_no][suit]
            if row > len(rows):
                rows.append([card])
            elif card > rows[row - 1][-1]:
                rows[row - 1].append(card)
            else:
                rows[row - 1].insert(0, card)
        return value + self.room_weight * _room(rows)

    def _card_value(self, card: int, rows, round_no: int, pink: int) -> float:
        """Best value of placing ``card`` alone (its worth plus the room left), or 0 to discard."""
        worth = pink + 1 if SUIT_OF[card] == PINK else _FUTURE[round_no][SUIT_OF[card]]
        best = 0.0
        for r in rows:
            if card > r[-1]:
                best = max(best, worth - self.room_weight * (card - r[-1]))
            elif card < r[0]:
                best = max(best, worth - self.room_weight * (r[0] - card))
        if len(rows) < 3:  # a one-card row keeps all the room an unused row had
            best = max(best, worth)
        return best

    def choose(self, observation, legal_moves):
        obs = observation
        if isinstance(legal_moves[0], Pick):
            # Keep the two cards worth most on their own (one ply, cards valued separately).
            value = {c: v + 1e-6 * self.rng.random() for c, v in self._card_values(obs).items()}
            return max(legal_moves, key=lambda m: value[m.cards[0]] + value[m.cards[1]])
        values = self.values(obs, legal_moves)
        scored = [(v + 1e-6 * self.rng.random(), i) for i, v in enumerate(values)]
        return legal_moves[max(scored)[1]]

    def _card_values(self, obs) -> dict:
        rows = obs.rows[obs.player]
        pink = sum(SUIT_OF[c] == PINK for r in rows for c in r)
        return {c: self._card_value(c, rows, obs.round, pink) for c in obs.hand}

    def values(self, observation, legal_moves) -> list[float]:
        """The heuristic value of every legal move, in order (what search bots prune with): a
        pick is worth its two cards' values, a placement its :meth:`_place_value`."""
        obs = observation
        if isinstance(legal_moves[0], Pick):
            value = self._card_values(obs)
            return [value[m.cards[0]] + value[m.cards[1]] for m in legal_moves]
        rows = obs.rows[obs.player]
        pink = sum(SUIT_OF[c] == PINK for r in rows for c in r)
        return [self._place_value(m, rows, obs.round, pink) for m in legal_moves]


def seat_summary(state, seat: int) -> dict:
    """Extra simulation columns for one seat: score per round and cards in rows per suit."""
    out = {f"round{r + 1}": s for r, s in enumerate(state.round_scores[seat])}
    out.update({suit: state.counts[seat][i] for i, suit in enumerate(SUITS)})
    return out
