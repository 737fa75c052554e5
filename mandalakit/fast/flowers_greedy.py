"""The greedy bot of Flowers, compiled (mandalakit.flowers.bots.GreedyBot):
its values of every legal move, with the engine bot's arithmetic in the same order, so the
batch games choose the engine's moves (proven in tests/engines/test_fast.py).
"""

from __future__ import annotations

import numpy as np

from ..flowers.bots import TILE_BONUS as _TILE_BONUS
from ..flowers.bots import X3_HOPE
from ..flowers import scoring
from ..flowers.cards import ALL_COLOURS, HAND_LIMIT, NUM_COLOURS
from ..flowers.tiles import X3
from ._jit import njit, shared

#: The mandalas on the table (F-2).
_MANDALAS = 3
#: GreedyBot's weights (mandalakit.flowers.bots); it draws up to 4 after a single card, whatever
#: the single_play_draw ruling (GreedyBot's default, which make_bot keeps).
_DRAW_WEIGHT, _CARD_WEIGHT, _GREEDY_DRAW = 0.25, 0.3, 4


#: scoring.flower_score (F-5.4), the engine's own, compiled: x3 and v score 3v; a >= b score
#: a + 2b; two x3 score 0.
_flower_score = shared(scoring.flower_score)


@njit
def _worth(seat, tile, singles, colour, face):
    """bots.tile_worth: what taking ``tile`` is worth to ``seat`` now (F-4.3, F-5.4)."""
    single = singles[seat, colour[tile]]
    if single == 0:
        return X3_HOPE if face[tile] == X3 else float(face[tile])
    return float(_flower_score(face[single], face[tile]) - face[single])


@njit
def _runner_up(tot, up, holder, n):
    """state.runner_up (F-4.2): most cards, then most face-up cards, among the others with a face-up card."""
    best, best0, best1, tied = -1, -1, -1, False
    for q in range(n):
        if q == holder or not up[q]:
            continue
        if tot[q] > best0 or (tot[q] == best0 and up[q] > best1):
            best, best0, best1, tied = q, tot[q], up[q], False
        elif tot[q] == best0 and up[q] == best1:
            tied = True
    return -1 if tied else best


@njit
def _shares(me, dark, light, tot, up, holder, n, singles, colour, face):
    """GreedyBot._shares of the tiles ``dark``, ``light`` (0: none) if the mandala completed with
    these cards (F-4.1, F-4.2): ``(the viewing seat's share, the sum of all shares)``."""
    if holder < 0 or not dark:
        return 0.0, 0.0
    runner = _runner_up(tot, up, holder, n)
    if runner < 0:
        both = _worth(holder, dark, singles, colour, face) + _worth(holder, light, singles, colour, face)
        return (both if me == holder else 0.0), both
    ha, hb = _worth(holder, dark, singles, colour, face), _worth(holder, light, singles, colour, face)
    ra, rb = _worth(runner, dark, singles, colour, face), _worth(runner, light, singles, colour, face)
    h, r = (ha, rb) if ha - rb >= hb - ra else (hb, ra)
    return (h if me == holder else r if me == runner else 0.0), h + r  # whole numbers: exact in any order


@njit
def _net(share, total, n):
    """GreedyBot._net: own share minus the average share of the other seats."""
    return share - (total - share) / (n - 1)


@njit
def _bits(x):
    count = 0
    while x:
        count += x & 1
        x >>= 1
    return count


@njit
def _play_value(me, mi, c, k, n, size, tot_m, up_m, covered_m, claim_m, dark, light, singles, colour, face, tot,
                up):
    """GreedyBot.play_value of playing ``k`` cards of colour ``c`` on mandala ``mi`` (F-3.1 to F-3.7,
    F-4); ``tot``, ``up`` are scratch arrays."""
    tot[:n] = tot_m
    up[:n] = up_m
    tot[me] += k
    covered = covered_m
    bit = 1 << c
    if not covered & bit:
        covered |= bit
        up[me] += k
    claim = claim_m
    if up[me]:  # state.claim_winner (F-3.6)
        claim = me
        for q in range(n):
            if q != me and up[q] and tot[q] >= tot[me]:
                claim = claim_m
    after = size - k
    draws = min(_GREEDY_DRAW, HAND_LIMIT - after) if k == 1 and after < HAND_LIMIT else 0
    value = _DRAW_WEIGHT * draws - _CARD_WEIGHT * k
    if covered == ALL_COLOURS:
        share, total = _shares(me, dark, light, tot, up, claim, n, singles, colour, face)
        value += _net(share, total, n) + _TILE_BONUS * (share > 0)
        runner = _runner_up(tot, up, claim, n)
        if me == claim or me == runner:  # my cards there are discarded (F-4.4): spent
            value -= _CARD_WEIGHT * tot[me] * 0.5
        else:
            value += _CARD_WEIGHT * (tot[me] - k)  # they come back to hand
        return value
    share, total = _shares(me, dark, light, tot_m, up_m, claim_m, n, singles, colour, face)
    before = _net(share, total, n)
    share, total = _shares(me, dark, light, tot, up, claim, n, singles, colour, face)
    after_value = _net(share, total, n)
    closeness_before = _bits(covered_m) / 6
    closeness_after = _bits(covered) / 6
    value += closeness_after ** 2 * after_value - closeness_before ** 2 * before
    if _bits(covered) == 5 and after_value < 0:
        value -= 1.0
    return value


@njit
def _greedy_play(me, n, hand, size, mdark, mlight, tot, up, covered, claim, singles, colour, face, noise, scratch,
                 scale):
    """The index, among the plays in ``FlowersState.legal_moves`` order (mandala, colour, count),
    that GreedyBot makes with the numbers ``noise`` (one per play, times ``scale``: 1e-6, or 1.0
    for numbers already scaled as GreedyBot keeps them): the first best."""
    keep = size - 1 if size >= 2 else 1
    best = -np.inf
    index = 0
    i = 0
    for mi in range(_MANDALAS):
        for c in range(NUM_COLOURS):
            for k in range(1, min(hand[c], keep) + 1):
                v = _play_value(me, mi, c, k, n, size, tot[mi], up[mi], covered[mi], claim[mi], mdark[mi], mlight[mi],
                                singles, colour, face, scratch[0], scratch[1]) + noise[i] * scale
                if v > best:
                    best, index = v, i
                i += 1
    return index


@njit
def _greedy_take(holder, runner, dark, light, singles, colour, face, noise, scale):
    """1 if GreedyBot, holding the claim marker, takes the light tile, 0 the dark one (F-4.1):
    what the tile adds to it minus what the other adds to the runner-up, plus ``noise`` times
    ``scale`` (as :func:`_greedy_play`)."""
    best = -np.inf
    index = 0
    for j in range(2):  # a dark and a light tile: never one colour (F-1.3)
        mine, other = (dark, light) if j == 0 else (light, dark)
        v = (_worth(holder, mine, singles, colour, face) - _worth(runner, other, singles, colour, face)
             + noise[j] * scale)
        if v > best:
            best, index = v, j
    return index