"""Mandala's legal plays counted and found by their number, from plain arrays (M-3.1, M-4.1 to M-4.4).

The plays of a seat come in the order of :meth:`MandalaState.legal_moves
<mandalakit.mandala.state.MandalaState.legal_moves>`: mountain plays (M-4.1), field plays of 1
to n cards (M-4.2), discards (M-4.3), colour by colour and mandala A before B, filtered by the
rule of colour (M-3.1) and by M-4.4 (a turn never ends with an empty hand). The reference
engine's :meth:`~mandalakit.mandala.state.MandalaState.random_move` and the compiled kernels
(:mod:`mandalakit.fast.mandala`, which compiles these very functions) both choose a play with
them: :func:`play_counts`, then :func:`nth_play` of a number below ``nm + nf + size``, which
answers a play's :func:`code`.

Arguments are read by index only, so lists (the engine's) and numpy arrays (the kernels') both
serve: ``hand`` (6,) cards in hand by colour code; ``size`` their sum; ``owner`` (2, 6) the
area holding each colour in each mandala (-1 none, 0 the mountain, 1 + seat a field); ``own``
the seat's field code, 1 + seat; ``mountain_ok`` whether the seat may play its cards into a
mountain (M-4.4: more than one card in hand, or a card left to draw).
"""

from __future__ import annotations

from .phases import _MOUNTAIN, _NONE

#: Kinds of play in a play's code (and the kernels' move codes, with PICK of M-5.3).
MOUNTAIN, FIELD, DISCARD, PICK = 0, 1, 2, 3


def code(kind: int, mandala: int, colour: int, count: int) -> int:
    """A play as one int: ``kind | mandala << 2 | colour << 3 | count << 6`` (a discard's mandala is
    0, a mountain play's and a pick's count 1); :func:`nth_play` answers in it, the kernels' tapes
    keep moves in it."""
    return kind | mandala << 2 | colour << 3 | count << 6


def play_counts(hand, size, owner, own, mountain_ok) -> tuple[int, int]:
    """``(nm, nf)``: the seat's legal mountain plays and field plays (M-3.1, M-4.1, M-4.2, M-4.4);
    its discards are ``size``, one a card in hand (M-4.3)."""
    nm = nf = 0
    o0, o1 = owner[0], owner[1]
    for c, k in enumerate(hand):
        if k:
            a = o0[c]
            b = o1[c]
            if a <= _MOUNTAIN:
                nm += 1
            if b <= _MOUNTAIN:
                nm += 1
            n = k if k < size else size - 1  # M-4.4: keep at least one card
            if a == _NONE or a == own:
                nf += n
            if b == _NONE or b == own:
                nf += n
    if not mountain_ok:  # M-4.4: the last card, and nothing to draw
        nm = 0
    return nm, nf


def nth_play(i, hand, size, owner, own, nm, nf) -> int:
    """The :func:`code` of play number ``i`` (0 <= i < nm + nf + size, the counts of
    :func:`play_counts`) in ``legal_moves`` order; -1 past the last."""
    o0, o1 = owner[0], owner[1]
    if i < nm:
        for c, k in enumerate(hand):
            if k:
                if o0[c] <= _MOUNTAIN:
                    if i == 0:
                        return MOUNTAIN | c << 3 | 1 << 6
                    i -= 1
                if o1[c] <= _MOUNTAIN:
                    if i == 0:
                        return MOUNTAIN | 1 << 2 | c << 3 | 1 << 6
                    i -= 1
        return -1
    i -= nm
    if i < nf:
        for c, k in enumerate(hand):
            if k:
                n = k if k < size else size - 1  # M-4.4 (0: no field play of this colour)
                a = o0[c]
                if a == _NONE or a == own:
                    if i < n:
                        return FIELD | c << 3 | (i + 1) << 6
                    i -= n
                b = o1[c]
                if b == _NONE or b == own:
                    if i < n:
                        return FIELD | 1 << 2 | c << 3 | (i + 1) << 6
                    i -= n
        return -1
    i -= nf
    for c, k in enumerate(hand):
        if i < k:
            return DISCARD | c << 3 | (i + 1) << 6
        i -= k
    return -1
