"""The greedy bot of Mandala, compiled (mandalakit.mandala.bots.GreedyBot):
its values of every legal move, with the engine bot's arithmetic in the same order, so the
batch games choose the engine's moves (proven in tests/engines/test_fast.py).
"""

from __future__ import annotations

import numpy as np

from ..mandala.bots import _CARD_IN_HAND, _NEW_COLOUR_BONUS, _POTENTIAL
from ..mandala.cards import HAND_LIMIT, MOUNTAIN_DRAW, NUM_COLOURS
from ._jit import njit

#: Kinds of a move in the kernels' move codes (a play to a mountain, to a field, a discard, a pick).
MOUNTAIN, FIELD, DISCARD, PICK = 0, 1, 2, 3


@njit
def _value(sizes, river, rlen, cup, seat, me, colour, k):
    """bots._value: what picking ``k`` cards of ``colour`` is worth to ``seat`` (M-5.4, M-5.5, M-7.3);
    ``cup`` is the viewing seat ``me``'s (the other cup is hidden)."""
    if not sizes[seat]:
        return 0.0
    for j in range(rlen[seat]):
        if river[seat, j] == colour:
            return float((j + 1) * k)
    if rlen[seat] >= NUM_COLOURS:
        return 0.0
    known = cup[colour] if seat == me else 0
    return (rlen[seat] + 1) * (k - 1 + known) + _NEW_COLOUR_BONUS


@njit
def _destruction(mountain, sizes, completer, me, river, rlen, cup, left, rv, rl):
    """bots.destruction_value: the viewing seat's net gain if this mandala completed now, both
    seats picking greedily (M-5.2, M-5.3); ``left``, ``rv``, ``rl`` are scratch arrays."""
    picker = 0 if sizes[0] > sizes[1] else 1 if sizes[1] > sizes[0] else 1 - completer
    left[:] = mountain
    rv[:] = river
    rl[:] = rlen
    gain0 = 0.0
    gain1 = 0.0
    while True:
        best = -1
        best_score = -1.0
        best_own = 0.0
        for c in range(NUM_COLOURS):
            k = left[c]
            if k:
                own = _value(sizes, rv, rl, cup, picker, me, c, k)
                score = own + _value(sizes, rv, rl, cup, 1 - picker, me, c, k)
                if score > best_score:
                    best, best_score, best_own = c, score, own
        if best < 0:
            break
        if picker == 0:
            gain0 += best_own
        else:
            gain1 += best_own
        if sizes[picker] and rl[picker] < NUM_COLOURS:
            inside = False
            for j in range(rl[picker]):
                if rv[picker, j] == best:
                    inside = True
            if not inside:
                rv[picker, rl[picker]] = best
                rl[picker] += 1
        left[best] = 0
        picker = 1 - picker
    return gain0 - gain1 if me == 0 else gain1 - gain0


@njit
def _play_value(kind, m, c, count, me, size, mountains, fields, fsz, river, rlen, cup, before, scratch, rv, rl):
    """GreedyBot.evaluate of a mountain play, field play or discard (M-4.1 to M-4.3, M-5.1)."""
    if kind == DISCARD:
        return -0.1 * count
    mountain = scratch[0]
    sizes = scratch[1, :2]
    mountain[:] = mountains[m]
    sizes[0] = fsz[m, 0]
    sizes[1] = fsz[m, 1]
    present = 0
    for x in range(NUM_COLOURS):
        if mountain[x] or fields[m, 0, x] or fields[m, 1, x]:
            present += 1
    new_colour = not (mountain[c] or fields[m, 0, c] or fields[m, 1, c])
    bonus = 0.0
    if kind == MOUNTAIN:
        mountain[c] += 1
        bonus += _CARD_IN_HAND * max(0, min(MOUNTAIN_DRAW, HAND_LIMIT - (size - 1)))
    else:
        sizes[me] += count
        bonus -= _CARD_IN_HAND * count
    colours = present + new_colour
    after = _destruction(mountain, sizes, me, me, river, rlen, cup, scratch[2], rv, rl)
    if colours == NUM_COLOURS:
        return after + bonus
    value = _POTENTIAL * (after - before[m]) + bonus
    if colours == NUM_COLOURS - 1:
        value += _POTENTIAL * min(0.0, _destruction(mountain, sizes, 1 - me, me, river, rlen, cup, scratch[2], rv, rl))
    return value


@njit
def _greedy_play(seat, hand, size, mountain_ok, owner, mountains, fields, fsz, river, rlen, cup, noise, before, scratch,
                 rv, rl):
    """The index, among the legal moves in ``MandalaState.legal_moves`` order, that GreedyBot
    plays with the numbers ``noise`` (one per legal move, times 1e-6): the first best."""
    own = seat + 1
    for m in range(2):
        before[m] = _destruction(mountains[m], fsz[m], seat, seat, river, rlen, cup, scratch[2], rv, rl)
    best = -np.inf
    index = 0
    i = 0
    for kind in range(3):
        for c in range(NUM_COLOURS):
            k = hand[c]
            if not k:
                continue
            if kind == MOUNTAIN:
                if not mountain_ok:
                    continue
                for m in range(2):
                    if owner[m, c] <= 0:
                        v = _play_value(kind, m, c, 1, seat, size, mountains, fields, fsz, river, rlen, cup, before,
                                        scratch, rv, rl) + noise[i] * 1e-6
                        if v > best:
                            best, index = v, i
                        i += 1
            elif kind == FIELD:
                n = k if k < size else size - 1
                for m in range(2):
                    if n and (owner[m, c] == -1 or owner[m, c] == own):
                        for count in range(1, n + 1):
                            v = _play_value(kind, m, c, count, seat, size, mountains, fields, fsz, river, rlen, cup,
                                            before, scratch, rv, rl) + noise[i] * 1e-6
                            if v > best:
                                best, index = v, i
                            i += 1
            else:
                for count in range(1, k + 1):
                    v = -0.1 * count + noise[i] * 1e-6
                    if v > best:
                        best, index = v, i
                    i += 1
    return index


@njit
def _greedy_pick(me, mountain, sizes, river, rlen, cup, noise):
    """The index, among the colours left in ``mountain`` (M-5.3), that GreedyBot picks: the colour
    worth most to itself plus what it denies the opponent, plus ``noise`` times 1e-6."""
    best = -np.inf
    index = 0
    i = 0
    for c in range(NUM_COLOURS):
        k = mountain[c]
        if k:
            v = (_value(sizes, river, rlen, cup, me, me, c, k) + _value(sizes, river, rlen, cup, 1 - me, me, c, k)
                 + noise[i] * 1e-6)
            if v > best:
                best, index = v, i
            i += 1
    return index