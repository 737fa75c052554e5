"""Mandala bots and the per-seat summary used by simulation tables."""

from __future__ import annotations

from ..core.contract import Seed, make_rng
from .cards import COLOURS, HAND_LIMIT, MOUNTAIN_DRAW, NUM_COLOURS, RIVER_SPACES
from .moves import Discard, Field, Mountain, Pick

_NEW_COLOUR_BONUS = 0.5  # a river space opened now lets later cup cards of that colour score
_CARD_IN_HAND = 0.3  # option value of one more card in hand (drawn, or kept back)
_POTENTIAL = 0.5  # weight of a mandala's value if it were completed now (not yet completed)


def _value(obs, fields_m, rivers, seat: int, colour: int, k: int) -> float:
    """What picking ``k`` cards of ``colour`` is worth to ``seat`` (M-5.4, M-5.5, M-7.3).

    Cup cards of the viewing seat count at once when a new colour opens a river space; the
    opponent's cup is hidden, so only the picked cards count for them.
    """
    if not fields_m[seat]:
        return 0.0  # M-5.5: picked into the discard pile
    river = rivers[seat]
    if colour in river:
        return (river.index(colour) + 1) * k
    if len(river) >= RIVER_SPACES:
        return 0.0
    space = len(river) + 1
    known = obs.cup[colour] if seat == obs.player else 0
    return space * (k - 1 + known) + _NEW_COLOUR_BONUS


def destruction_value(obs, mountain, field_sizes, completer: int) -> float:
    """Net gain of the viewing seat if a mandala with this mountain and field sizes completed now.

    Both seats are assumed to pick greedily, each taking the colour worth most to itself plus
    what it denies the other (M-5.2 first pick, M-5.3 alternation).

    Parameters
    ----------
    obs : Observation
    mountain : sequence of 6 int
    field_sizes : (int, int)
        Cards in each seat's field of that mandala.
    completer : int
        The seat that would complete it (wins ties of field size for the *other* seat, M-5.2).
    """
    f0, f1 = field_sizes
    picker = 0 if f0 > f1 else 1 if f1 > f0 else 1 - completer
    left = list(mountain)
    rivers = [list(obs.rivers[0]), list(obs.rivers[1])]
    gain = [0.0, 0.0]
    while True:
        best, best_score, best_own = -1, -1.0, 0.0
        for c in range(NUM_COLOURS):
            k = left[c]
            if k:
                own = _value(obs, field_sizes, rivers, picker, c, k)
                score = own + _value(obs, field_sizes, rivers, 1 - picker, c, k)
                if score > best_score:
                    best, best_score, best_own = c, score, own
        if best < 0:
            break
        gain[picker] += best_own
        if field_sizes[picker] and best not in rivers[picker] and len(rivers[picker]) < RIVER_SPACES:
            rivers[picker].append(best)
        left[best] = 0
        picker = 1 - picker
    me = obs.player
    return gain[me] - gain[1 - me]


class GreedyBot:
    """One-ply heuristic for Mandala. Sees only the observation and the legal moves.

    * **Picks** (M-5.3): the colour worth most to itself plus what it denies the opponent
      (river value × cards, M-7.3; new colours also score the cup cards already held).
    * **Completing a mandala** (M-5.1): scored by the net gain of the whole pick sequence,
      both seats picking greedily (:func:`destruction_value`).
    * **Other plays**: half the change of that net gain as if the mandala completed now
      (field size race for the first pick, M-5.2; a non-empty field, M-5.5; richer
      mountains), plus the option value of cards drawn (M-4.1, M-4.3) or kept in hand, minus
      the risk of leaving a mandala one colour short for the opponent to complete.

    Ties are broken by the bot's own generator, so it has no seat or order bias.
    """

    name = "greedy"
    uses_observation = True

    def __init__(self, seed: Seed = None):
        self.rng = make_rng(seed)

    def choose(self, observation, legal_moves):
        if len(legal_moves) == 1:
            return legal_moves[0]
        noise = self.rng.random(len(legal_moves)) * 1e-6
        values = [v + noise[i] for i, v in enumerate(self.values(observation, legal_moves))]
        return legal_moves[max(range(len(values)), key=values.__getitem__)]

    def values(self, observation, legal_moves) -> list[float]:
        """:meth:`evaluate` of every legal move, in order (what search bots prune with)."""
        return [self.evaluate(observation, move) for move in legal_moves]

    def evaluate(self, obs, move) -> float:
        """Heuristic value of ``move`` for the viewing seat (higher is better)."""
        me = obs.player
        if type(move) is Pick:
            m = obs.destroying
            fields_m = tuple(sum(f) for f in obs.fields[m])
            k = obs.mountains[m][move.colour]
            rivers = [list(r) for r in obs.rivers]
            return (_value(obs, fields_m, rivers, me, move.colour, k)
                    + _value(obs, fields_m, rivers, 1 - me, move.colour, k))
        if type(move) is Discard:
            # Churn only: the cards come back as random ones (M-4.3); slightly worse than keeping.
            return -0.1 * move.count
        m = move.mandala
        mountain = list(obs.mountains[m])
        sizes = [sum(f) for f in obs.fields[m]]
        present = sum(1 for c in range(NUM_COLOURS) if mountain[c] or obs.fields[m][0][c] or obs.fields[m][1][c])
        before = destruction_value(obs, mountain, sizes, me)
        new_colour = not (mountain[move.colour] or obs.fields[m][0][move.colour] or obs.fields[m][1][move.colour])
        bonus = 0.0
        if type(move) is Mountain:
            mountain[move.colour] += 1
            hand_after = sum(obs.hand) - 1
            bonus += _CARD_IN_HAND * max(0, min(MOUNTAIN_DRAW, HAND_LIMIT - hand_after))
        elif type(move) is Field:
            sizes[me] += move.count
            bonus -= _CARD_IN_HAND * move.count
        colours = present + new_colour
        after_as_me = destruction_value(obs, mountain, sizes, me)
        if colours == NUM_COLOURS:
            # M-5.1: this move completes the mandala; at the end of the game it is the last one.
            return after_as_me + bonus
        value = _POTENTIAL * (after_as_me - before) + bonus
        if colours == NUM_COLOURS - 1:
            # One colour short: the opponent may complete it next turn if that suits them.
            value += _POTENTIAL * min(0.0, destruction_value(obs, mountain, sizes, 1 - me))
        return value


def seat_summary(state, seat: int) -> dict:
    """Extra simulation columns for one seat of a finished game.

    Returns
    -------
    dict
        ``river_length`` (0..6), ``cup_size``, ``cup_<colour>`` (cup cards per colour) and
        ``river_<colour>`` (the river space value 1..6 of that colour, 0 if not in the river).
    """
    river = state.rivers[seat]
    cup = state.cups[seat]
    out = {"river_length": len(river), "cup_size": sum(cup)}
    out.update({f"cup_{name}": cup[c] for c, name in enumerate(COLOURS)})
    out.update({f"river_{name}": (river.index(c) + 1 if c in river else 0) for c, name in enumerate(COLOURS)})
    return out
