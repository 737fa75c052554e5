"""Mandala in compiled loops: whole games of random and greedy bots (M-2 to M-7).

The kernel plays each game exactly as :class:`mandalakit.mandala.state.MandalaState` plays it:
the deal of M-2.2/M-2.3, legal moves listed in the order of ``MandalaState.legal_moves``
(mountain plays, field plays, discards; M-4.1 to M-4.4, the rule of colour M-3.1), draws and
reshuffles of M-6.1/M-6.2, destructions of M-5 (first picker M-5.2, river and cup M-5.4, empty
field M-5.5, refill M-5.6) and the ends of M-7.1, M-7.2, M-6.3 (``deck_exhaustion``), M-7.5
(``stalemate``) and M-7.6 (``stall_turns``). The game's generator shuffles the deck and every reshuffle with the same calls
as the reference engine (:mod:`mandalakit.fast.seeds` draws as numpy's PCG64 does), so a game
seeded as :func:`mandalakit.simulate.play_one` seeds it is that very game. The greedy bot
values every legal move as :class:`mandalakit.mandala.bots.GreedyBot` does, with the same
numbers (one per legal move, ``rng.random(len(legal_moves))``).

A game's events are kept on a tape of int64: a move is ``MOVE | seat << 16 | kind | mandala << 2
| colour << 3 | count << 6`` (kinds: 0 mountain, 1 field, 2 discard, 3 pick); a chance event is
``-1`` (shuffle) or ``-2`` (reshuffle), its length, then its colour codes top card first.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..mandala.cards import COLOURS, DECK_SIZE, HAND_LIMIT, MOUNTAIN_DRAW, NUM_COLOURS, PER_COLOUR, REFILL
from ..mandala.rules import STALEMATE_END, Rules
from ._jit import njit
from .mandala_greedy import DISCARD, FIELD, MOUNTAIN, PICK, _greedy_play, _greedy_pick
from ._kernel import (MAX_DECISIONS, OK, SHORT_STREAM, SHORT_TAPE, TOO_LONG, TapeBatch, chance, play_batch, put,
                      random_choice, tape_events, uniforms)

GAME = "mandala"
RANDOM, GREEDY = 0, 1
#: Bots the kernel plays, by name (codes RANDOM, GREEDY).
BOTS = ("random", "greedy")
#: Uniform numbers a seat has at first in a reference game, by bot (a random bot's first block;
#: a greedy bot draws one per legal move at each decision); a game that needs more is played
#: again with a longer stream (:func:`mandalakit.fast._kernel.play_batch`).
STREAMS = {"random": 512, "greedy": 2048}
#: How each bot uses its numbers: in blocks used from the last (:class:`~mandalakit.core.bots.RandomBot`),
#: or in order (0: GreedyBot draws ``rng.random(len(legal_moves))``).
BLOCKS = {"random": 512, "greedy": 0}
TAPE = 2048  # events of a game: about 85 moves, the shuffle (110) and any reshuffles
MOVE = 1 << 20
#: ``end_reason`` by code (0 still playing).
ENDS = ("", "M-7.2", "M-7.1", "M-6.3", "M-7.5", "M-7.6")
_MAX_MOVES = 64  # legal moves of one decision: a hand of at most 8 cards (M-4.1) has at most 36


class Batch(TapeBatch):
    """The outcome of a batch of ``B`` games (numpy arrays); see :class:`~._kernel.TapeBatch` for the rest.

    Attributes
    ----------
    rivers : (B, 2, 6) int64 colour codes left to right (``river_len`` of them)
    cups : (B, 2, 6) int64 counts by colour
    """

    TAPE = TAPE
    ENDS = ENDS

    def __init__(self, bots, players=2, records=True):
        super().__init__(bots, players, records)
        games = len(bots)
        self.rules = Rules().to_dict()
        self.rivers = np.zeros((games, 2, NUM_COLOURS), np.int64)
        self.river_len = np.zeros((games, 2), np.int64)
        self.cups = np.zeros((games, 2, NUM_COLOURS), np.int64)

    def spaces(self) -> np.ndarray:
        """(B, 2, 6) the river space (1 to 6) of each colour, 0 if not in the river."""
        space = np.zeros_like(self.cups)
        for j in range(NUM_COLOURS):
            has = self.river_len > j
            for c in range(NUM_COLOURS):
                space[:, :, c] += np.where(has & (self.rivers[:, :, j] == c), j + 1, 0)
        return space

    def scores(self) -> np.ndarray:
        """(B, 2) scores (M-7.3): each cup card scores its colour's river space, 1 to 6."""
        return (self.spaces() * self.cups).sum(axis=2)

    def winners(self) -> np.ndarray:
        """(B, 2) bool (M-7.4): higher score; tie: fewer cup cards; still tied: both."""
        key = self.scores() * 256 - self.cups.sum(axis=2)
        return key == key.max(axis=1, keepdims=True)

    def rules_dict(self) -> dict:
        return dict(self.rules)



def supports(rules: Mapping) -> bool:
    """Every ruling of M-6.3, M-7.5 and M-7.6 is played (each option's every value)."""
    try:
        Rules.from_dict(dict(rules))
    except (TypeError, ValueError):  # an unknown option or value: the reference engine says why
        return False
    return True


def stream_size(bots: np.ndarray) -> int:
    """Batches drawn from one generator need no stream: the bots draw from it."""
    return 0


def play_games(batch: Batch, streams: np.ndarray, rules: Mapping) -> None:
    """Play every game of ``batch`` to the end.

    ``streams`` (B, 2, n): each seat's uniform numbers in order of use, for games with a
    generator each (:meth:`Batch.from_states`); see :func:`~._kernel.play_batch`.

    Raises
    ------
    RuntimeError
        For a game that has not ended after 100,000 decisions (``stalemate="play_on"`` with
        ``stall_turns=None``), as :func:`mandalakit.core.bots.play` does.
    """
    chosen = Rules.from_dict(rules)
    batch.rules = chosen.to_dict()
    flags = (chosen.turns_after_trigger, chosen.stalemate == STALEMATE_END)
    play_batch(batch, streams, _play_range, batch.bots, *flags, *_outputs(batch))


def _outputs(batch: Batch) -> tuple:
    return (batch.rivers, batch.river_len, batch.cups, batch.tape, batch.tape_len, batch.decision_count,
            batch.reshuffle_count, batch.end, batch.status)


@njit
def _can_complete(owner, free, pool, hands, hs):
    """MandalaState.can_complete (M-7.5)."""
    s0, s1 = hs[0], hs[1]
    for m in range(2):
        k = 0
        all_free = True
        all_held = True
        miss1 = 0
        miss0 = 0
        for c in range(NUM_COLOURS):
            if owner[m, c] == -1:
                k += 1
                if free[c] == 0:
                    all_free = False
                if hands[0, c] == 0 and hands[1, c] == 0:
                    all_held = False
                if hands[1, c] == 0:
                    miss1 += 1
                if hands[0, c] == 0:
                    miss0 += 1
        if pool:
            if pool + s0 + s1 >= k + 2 and all_free:
                return True
        elif all_held and k <= s0 + s1 - 2 and miss1 < s0 and miss0 < s1:
            return True
    return False


@njit
def _play_range(states, per_game, g0, g1, streams, use_streams, bots, stall_limit, stalemate_end,
                rivers, river_len, cups, tape, tape_len, decision_count, reshuffle_count, end, status):
    for g in range(g0, g1):
        _play_one(states[g if per_game else 0], g, bots, streams[g - g0 if use_streams else 0], use_streams,
                  stall_limit, stalemate_end,
                  rivers, river_len, cups, tape, tape_len, decision_count, reshuffle_count, end, status)


@njit
def _draw(target, n, gen, hands, hs, mountains, owner, ncol, free, deck, top, discard, dsize, tp, tape):
    """MandalaState._draw: ``n`` cards from the deck into seat ``target``'s hand (target >= 0)
    or into mountain ``-1 - target``, reshuffling the discard pile when the deck runs out (M-6.1).
    ``top`` = [next card, cards left, end_triggered, reshuffles, turns ended since the end was
    triggered (M-7.6)]; returns the tape length."""
    while n:
        if top[1] == 0:
            if dsize[0] == 0:
                break  # M-6.3: fewer cards
            pile = np.empty(dsize[0], np.int64)
            k = 0
            for c in range(NUM_COLOURS):
                for _ in range(discard[c]):
                    pile[k] = c
                    k += 1
            tp = chance(gen, pile, -2, tape, tp)
            deck[:dsize[0]] = pile
            top[0] = 0
            top[1] = dsize[0]
            top[3] += 1
            discard[:] = 0
            dsize[0] = 0
        c = deck[top[0]]
        top[0] += 1
        top[1] -= 1
        if target >= 0:
            hands[target, c] += 1
            hs[target] += 1
        else:
            m = -1 - target
            mountains[m, c] += 1
            free[c] -= 1
            if owner[m, c] == -1:
                owner[m, c] = 0
                ncol[m] += 1
        n -= 1
        if top[1] == 0:
            top[2] = 1  # M-6.2: the end is triggered
    return tp


@njit
def _play_one(gen, g, bots, streams, use_streams, stall_limit, stalemate_end,
              rivers, river_len, cups_out, tape, tape_len, decision_count, reshuffle_count, end, status):
    hands = np.zeros((2, NUM_COLOURS), np.int64)
    hs = np.zeros(2, np.int64)
    cups = np.zeros((2, NUM_COLOURS), np.int64)
    river = np.zeros((2, NUM_COLOURS), np.int64)
    rlen = np.zeros(2, np.int64)
    mountains = np.zeros((2, NUM_COLOURS), np.int64)
    fields = np.zeros((2, 2, NUM_COLOURS), np.int64)
    fsz = np.zeros((2, 2), np.int64)
    owner = np.full((2, NUM_COLOURS), -1, np.int64)
    ncol = np.zeros(2, np.int64)
    free = np.full(NUM_COLOURS, PER_COLOUR, np.int64)
    discard = np.zeros(NUM_COLOURS, np.int64)
    dsize = np.zeros(1, np.int64)
    deck = np.zeros(DECK_SIZE, np.int64)
    top = np.zeros(5, np.int64)
    pos = np.zeros(2, np.int64)
    # M-2.1: the shuffle; the deck is drawn from its first code on
    deck[:] = np.arange(DECK_SIZE) // PER_COLOUR  # the swaps of permutation(108), on colour codes
    tp = chance(gen, deck, -1, tape[g], 0)
    top[1] = DECK_SIZE
    for m in range(2):  # M-2.2, M-2.3: mountains, then each seat's hand and cup
        tp = _draw(-1 - m, 2, gen, hands, hs, mountains, owner, ncol, free, deck, top, discard, dsize, tp, tape[g])
    for p in range(2):
        tp = _draw(p, 6, gen, hands, hs, mountains, owner, ncol, free, deck, top, discard, dsize, tp, tape[g])
        for _ in range(2):
            c = deck[top[0]]
            top[0] += 1
            top[1] -= 1
            cups[p, c] += 1
            free[c] -= 1
    tp, decisions, st, river_full, last_pick = _run(
        gen, bots[g], streams, use_streams, pos, False, np.zeros(1), np.zeros(1, np.int64), stall_limit, stalemate_end, MAX_DECISIONS, hands, hs, cups, river,
        rlen, mountains, fields, fsz, owner, ncol, free, discard, dsize, deck, top, 0, tape[g], tp)
    status[g] = st
    tape_len[g] = tp
    if tp > tape.shape[1] > 1 and status[g] == OK:  # a tape of 1: no record kept
        status[g] = SHORT_TAPE
    decision_count[g] = decisions
    reshuffle_count[g] = top[3]
    for p in range(2):
        river_len[g, p] = rlen[p]
        for c in range(NUM_COLOURS):
            rivers[g, p, c] = river[p, c]
            cups_out[g, p, c] = cups[p, c]
    # MandalaState.end_reason
    if river_full:
        end[g] = 1
    elif not top[2]:
        end[g] = 4
    elif stall_limit == 0:
        end[g] = 3
    elif top[4] > stall_limit > 0:
        end[g] = 5
    else:
        emptied = False
        for m in range(2):
            if ncol[m] == 0 and mountains[m].sum() == 0:
                emptied = True
        if ((last_pick and emptied) or not stalemate_end
                or _can_complete(owner, free, top[1] + dsize[0], hands, hs)):
            end[g] = 2
        else:
            end[g] = 4


@njit
def _run(gen, bots, streams, use_streams, pos, buffered, buf, nbuf, stall_limit, stalemate_end, limit, hands, hs, cups,
         river, rlen, mountains, fields, fsz, owner, ncol, free, discard, dsize, deck, top, mover, tape, tp):
    """Play on from the play phase of seat ``mover`` (M-4) until the game ends or ``limit``
    decisions are made (status TOO_LONG), moving every array on; ``bots`` (2,) the seats' bot
    codes, ``top`` as :func:`_draw` reads it, ``stall_limit`` as ``Rules.turns_after_trigger``; with ``buffered`` the random bots use the search's
    numbers ``buf[:nbuf[0]]`` (:func:`~._kernel.random_choice`). Returns ``(tape length, decisions, status,
    river_full, last_pick)``."""
    noise = np.zeros(_MAX_MOVES)  # the greedy bot's numbers, one per legal move
    before = np.zeros(2)
    scratch = np.zeros((3, NUM_COLOURS), np.int64)
    rv = np.zeros((2, NUM_COLOURS), np.int64)
    rl = np.zeros(2, np.int64)
    status = OK
    decisions = 0
    river_full = False
    last_pick = False
    over = False
    while not over:
        if decisions >= limit:
            status = TOO_LONG
            break
        seat = mover
        own = seat + 1
        size = hs[seat]
        hand = hands[seat]
        # ----- the legal moves, counted in the order of MandalaState.legal_moves
        mountain_ok = size > 1 or top[1] > 0 or dsize[0] > 0
        nm = 0
        nf = 0
        for c in range(NUM_COLOURS):
            k = hand[c]
            if k:
                a = owner[0, c]
                b = owner[1, c]
                if mountain_ok:
                    nm += int(a <= 0) + int(b <= 0)  # int: numpy's bools add as "or" in plain Python
                n = k if k < size else size - 1
                if n:
                    nf += n * (int(a == -1 or a == own) + int(b == -1 or b == own))
        total = nm + nf + size
        if bots[seat] == GREEDY:
            i = 0
            if total > 1:  # a single legal move is played without drawing
                if not uniforms(gen, streams, use_streams, seat, pos, total, noise):
                    status = SHORT_STREAM
                    break
                i = _greedy_play(seat, hand, size, mountain_ok, owner, mountains, fields, fsz, river, rlen, cups[seat],
                                 noise, before, scratch, rv, rl)
        else:
            i = random_choice(gen, streams, use_streams, buffered, buf, nbuf, seat, pos, total)
            if i < 0:
                status = SHORT_STREAM
                break
        decisions += 1
        kind = DISCARD
        mm = 0
        cc = 0
        cnt = 1
        if i < nm:
            kind = MOUNTAIN
            for c in range(NUM_COLOURS):
                if hand[c]:
                    if owner[0, c] <= 0:
                        if i == 0:
                            mm, cc = 0, c
                            break
                        i -= 1
                    if owner[1, c] <= 0:
                        if i == 0:
                            mm, cc = 1, c
                            break
                        i -= 1
        elif i < nm + nf:
            kind = FIELD
            i -= nm
            found = False
            for c in range(NUM_COLOURS):
                k = hand[c]
                if k:
                    n = k if k < size else size - 1
                    for m in range(2):
                        a = owner[m, c]
                        if n and (a == -1 or a == own):
                            if i < n:
                                mm, cc, cnt = m, c, i + 1
                                found = True
                                break
                            i -= n
                    if found:
                        break
        else:
            i -= nm + nf
            for c in range(NUM_COLOURS):
                k = hand[c]
                if i < k:
                    cc, cnt = c, i + 1
                    break
                i -= k
        tp = put(tape, tp, MOVE | seat << 16 | kind | mm << 2 | cc << 3 | cnt << 6)
        last_pick = False
        complete = -1
        if kind == MOUNTAIN:  # M-4.1
            hand[cc] -= 1
            hs[seat] -= 1
            free[cc] -= 1
            mountains[mm, cc] += 1
            if owner[mm, cc] == -1:
                owner[mm, cc] = 0
                ncol[mm] += 1
            draw = max(0, min(MOUNTAIN_DRAW, HAND_LIMIT - hs[seat]))
            tp = _draw(seat, draw, gen, hands, hs, mountains, owner, ncol, free, deck, top, discard, dsize, tp, tape)
            if ncol[mm] == NUM_COLOURS:
                complete = mm
        elif kind == FIELD:  # M-4.2
            hand[cc] -= cnt
            hs[seat] -= cnt
            free[cc] -= cnt
            fields[mm, seat, cc] += cnt
            fsz[mm, seat] += cnt
            if owner[mm, cc] == -1:
                owner[mm, cc] = own
                ncol[mm] += 1
            if ncol[mm] == NUM_COLOURS:
                complete = mm
        else:  # M-4.3
            hand[cc] -= cnt
            hs[seat] -= cnt
            discard[cc] += cnt
            dsize[0] += cnt
            tp = _draw(seat, cnt, gen, hands, hs, mountains, owner, ncol, free, deck, top, discard, dsize, tp, tape)
        if complete >= 0:  # M-5: the picks, then both fields to the discard pile
            m = complete
            f0, f1 = fsz[m, 0], fsz[m, 1]
            picker = 0 if f0 > f1 else 1 if f1 > f0 else 1 - mover
            while mountains[m].sum() > 0:
                if decisions >= limit:
                    status = TOO_LONG
                    break
                choices = 0
                for c in range(NUM_COLOURS):
                    if mountains[m, c]:
                        choices += 1
                if bots[picker] == GREEDY:
                    i = 0
                    if choices > 1:
                        if not uniforms(gen, streams, use_streams, picker, pos, choices, noise):
                            status = SHORT_STREAM
                            break
                        i = _greedy_pick(picker, mountains[m], fsz[m], river, rlen, cups[picker], noise)
                else:
                    i = random_choice(gen, streams, use_streams, buffered, buf, nbuf, picker, pos, choices)
                    if i < 0:
                        status = SHORT_STREAM
                        break
                for c in range(NUM_COLOURS):
                    if mountains[m, c]:
                        if i == 0:
                            cc = c
                            break
                        i -= 1
                decisions += 1
                last_pick = True
                tp = put(tape, tp, MOVE | picker << 16 | PICK | cc << 3 | 1 << 6)
                k = mountains[m, cc]
                mountains[m, cc] = 0
                if fsz[m, picker]:  # M-5.4
                    inside = False
                    for j in range(rlen[picker]):
                        if river[picker, j] == cc:
                            inside = True
                    if inside:
                        cups[picker, cc] += k
                    else:
                        river[picker, rlen[picker]] = cc
                        rlen[picker] += 1
                        cups[picker, cc] += k - 1
                        if rlen[picker] == NUM_COLOURS:
                            river_full = True  # M-7.2
                else:  # M-5.5
                    discard[cc] += k
                    dsize[0] += k
                    free[cc] += k
                picker = 1 - picker
            if status != OK:
                break
            for p in range(2):  # M-5.6
                for c in range(NUM_COLOURS):
                    discard[c] += fields[m, p, c]
                    free[c] += fields[m, p, c]
                    fields[m, p, c] = 0
                dsize[0] += fsz[m, p]
                fsz[m, p] = 0
            owner[m, :] = -1
            ncol[m] = 0
            if river_full or top[2]:
                over = True
                break
            tp = _draw(-1 - m, REFILL, gen, hands, hs, mountains, owner, ncol, free, deck, top, discard, dsize, tp,
                       tape)
        # MandalaState._end_turn
        if top[2]:  # M-6.3 end_at_once, M-7.6
            top[4] += 1
            if top[4] > stall_limit >= 0:
                over = True
                break
        if ((free.min() == 0 or top[1] + dsize[0] < 6) and stalemate_end
                and not _can_complete(owner, free, top[1] + dsize[0], hands, hs)):
            over = True
            break
        mover = 1 - mover
    return tp, decisions, status, river_full, last_pick


# ----- records and tables ---------------------------------------------------------------------------

def _move(code: int) -> str:
    kind, m, c, n = code & 3, code >> 2 & 1, code >> 3 & 7, code >> 6 & 31
    words = {MOUNTAIN: f"mountain {'AB'[m]} {COLOURS[c]}", FIELD: f"field {'AB'[m]} {COLOURS[c]} {n}",
             DISCARD: f"discard {COLOURS[c]} {n}", PICK: f"pick {COLOURS[c]}"}
    return words[kind]


def events(batch: Batch, g: int) -> list[dict]:
    """The events of game ``g`` in record form (``{"by": seat or "chance", "event": notation}``);
    the batch must keep its records (``records=True``)."""
    return tape_events(batch, g, ("shuffle", "reshuffle"), _move)


def result(batch: Batch, g: int) -> dict:
    """The result of game ``g`` as ``Result.to_dict()`` writes it (M-7.3, M-7.4)."""
    scores = batch.scores()[g].tolist()
    players = []
    for p in range(2):
        cup = batch.cups[g, p].tolist()
        players.append({"river": [COLOURS[c] for c in batch.rivers[g, p, :batch.river_len[g, p]].tolist()],
                        "cup": {COLOURS[c]: cup[c] for c in range(NUM_COLOURS)}, "cup_size": sum(cup),
                        "score": scores[p]})
    return {"scores": scores, "winners": np.flatnonzero(batch.winners()[g]).tolist(), "players": players}


def seat_summary(batch: Batch) -> dict[str, np.ndarray]:
    """The columns of :func:`mandalakit.mandala.bots.seat_summary`, each (B, 2)."""
    out = {"river_length": batch.river_len, "cup_size": batch.cups.sum(axis=2)}
    out.update({f"cup_{name}": batch.cups[:, :, c] for c, name in enumerate(COLOURS)})
    space = batch.spaces()
    out.update({f"river_{name}": space[:, :, c] for c, name in enumerate(COLOURS)})
    return out


def greedy_move(state, stream: np.ndarray):
    """The move the compiled greedy bot makes for the seat to act in ``state`` (a
    :class:`~mandalakit.mandala.state.MandalaState` in its play or pick phase) with the uniform
    numbers ``stream`` (one per legal move), for comparing with
    :class:`mandalakit.mandala.bots.GreedyBot` on the same position. It reads only what the
    seat's observation shows."""
    seat = state.current_player
    obs = state.observation(seat)
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    mountains = np.array(obs.mountains, np.int64)
    fields = np.array(obs.fields, np.int64)
    fsz = fields.sum(axis=2)
    owner = np.where(mountains > 0, 0, -1)
    for p in range(2):
        owner = np.where(fields[:, p] > 0, p + 1, owner)
    river = np.zeros((2, NUM_COLOURS), np.int64)
    rlen = np.array([len(r) for r in obs.rivers], np.int64)
    for p, r in enumerate(obs.rivers):
        river[p, :len(r)] = r
    cup = np.array(obs.cup, np.int64)
    noise = np.asarray(stream, float)
    if obs.phase == "pick":
        m = obs.destroying
        return legal[_greedy_pick(seat, mountains[m], fsz[m], river, rlen, cup, noise)]
    hand = np.array(obs.hand, np.int64)
    size = int(hand.sum())
    mountain_ok = size > 1 or obs.deck_size > 0 or sum(obs.discard) > 0
    index = _greedy_play(seat, hand, size, mountain_ok, owner, mountains, fields, fsz, river, rlen, cup, noise,
                         np.zeros(2), np.zeros((3, NUM_COLOURS), np.int64), np.zeros((2, NUM_COLOURS), np.int64),
                         np.zeros(2, np.int64))
    return legal[index]
