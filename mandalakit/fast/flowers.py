"""Flowers: A Mandala Game in compiled loops: whole games of random and greedy bots (F-2 to F-5).

The kernel plays each game exactly as :class:`mandalakit.flowers.state.FlowersState` plays it:
the setup of F-2.1 (deck, dark stack, light stack shuffled in that order by the game's
generator) and the deal of F-2.3, plays listed in the order of ``FlowersState.legal_moves``
(mandala, colour, count; F-3.1, F-3.4), face up or down (F-3.2), the draw of F-3.3 with the
``single_play_draw`` ruling, reshuffles (F-3.5), the claim marker (F-3.6), completions and
tiles (F-3.7, F-4.1 to F-4.5, with any tile table of F-1.5) and the ends of F-5.1 to F-5.3.
The greedy bot values every play and tile choice as :class:`mandalakit.flowers.bots.GreedyBot`
does, with the same numbers (one per legal move, drawn 256 at a time and used from the last).

A game's events are kept on a tape of int64: a move is ``MOVE | seat << 16 | code`` with code
``colour << 2 | count << 5 | mandala << 10`` for a play, ``1 | colour << 2`` for a take, ``2``
for a pass; a chance event is ``-1`` (shuffle), ``-2`` (dark), ``-3`` (light) or ``-4``
(reshuffle), its length, then its codes top first.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..flowers.cards import ALL_COLOURS, CARDS_PER_COLOUR, COLOURS, DECK_SIZE, FIRST_HAND, HAND_LIMIT, NUM_COLOURS
from ..flowers.rules import Rules
from ..flowers.scoring import flower_score
from ._jit import njit
from .flowers_greedy import _MANDALAS, _greedy_play, _greedy_take
from ._kernel import (MAX_DECISIONS, OK, SHORT_STREAM, SHORT_TAPE, TOO_LONG, TapeBatch, chance, play_batch, put,
                      pop_uniform, random_choice, tape_events, uniforms)

GAME = "flowers"
RANDOM, GREEDY = 0, 1
#: Bots the kernel plays, by name (codes RANDOM, GREEDY).
BOTS = ("random", "greedy")
#: Uniform numbers a seat has at first in a reference game, by bot; a game that needs more is
#: played again with a longer stream (:func:`mandalakit.fast._kernel.play_batch`).
STREAMS = {"random": 512, "greedy": 2048}
#: How each bot uses its numbers: in blocks used from the last (RandomBot 512, GreedyBot 256).
BLOCKS = {"random": 512, "greedy": 256}
TAPE = 4096
MOVE = 1 << 20
PLAY, TAKE, PASS = 0, 1, 2
ENDS = ("", "F-5.1", "F-5.2", "F-5.3")
_KINDS = ("shuffle", "dark", "light", "reshuffle")
_MAX_FLOWERS = 18
_MAX_MOVES = _MANDALAS * DECK_SIZE  # plays of one decision: 3 mandalas x at most the cards in hand


class Batch(TapeBatch):
    """The outcome of a batch of ``B`` games of ``P`` players (numpy arrays); see
    :class:`~._kernel.TapeBatch` for the rest.

    Attributes
    ----------
    singles : (B, P, 6) int64, the tile id of each seat's unpaired tile of each colour, 0 if none
    flowers, nflowers : (B, P, 18, 2) int64 tile ids of each Flower in the order formed, and how many
    sizes : (B, P) int64, cards in hand at the end
    """

    TAPE = TAPE
    ENDS = ENDS

    def __init__(self, bots, players, records=True):
        super().__init__(bots, players, records)
        games = len(bots)
        self.rules = Rules()
        self.singles = np.zeros((games, players, NUM_COLOURS), np.int64)
        self.flowers = np.zeros((games, players, _MAX_FLOWERS, 2), np.int64)
        self.nflowers = np.zeros((games, players), np.int64)
        self.sizes = np.zeros((games, players), np.int64)

    def _faces(self):
        return np.array([0] + [t.face for t in self.rules.tile_set.tiles[1:]], np.int64)

    def scores(self) -> np.ndarray:
        """(B, P) scores (F-5.4): unpaired tiles plus Flowers."""
        face = self._faces()
        a = face[self.flowers[..., 0]]
        b = face[self.flowers[..., 1]]
        hi, lo = np.maximum(a, b), np.minimum(a, b)
        pair = np.where(lo == 0, 3 * hi, hi + 2 * lo)  # X3 is face 0: 3 v, or 0 for two
        used = np.arange(_MAX_FLOWERS) < self.nflowers[..., None]
        return face[self.singles].sum(axis=2) + np.where(used, pair, 0).sum(axis=2)

    def winners(self) -> np.ndarray:
        """(B, P) bool: the best score; a tie is a shared victory (F-5.4)."""
        scores = self.scores()
        return scores == scores.max(axis=1, keepdims=True)

    def rules_dict(self) -> dict:
        return self.rules.to_dict()



def supports(rules: Mapping) -> bool:
    """Every Flowers ruling is played (``single_play_draw``, any tile table)."""
    return set(rules) <= {"single_play_draw", "tiles"}


def stream_size(bots: np.ndarray) -> int:
    """Batches drawn from one generator need no stream: the bots draw from it."""
    return 0


def play_games(batch: Batch, streams: np.ndarray, rules: Mapping) -> None:
    """Play every game of ``batch`` to the end (see :func:`mandalakit.fast.mandala.play_games`).

    Raises
    ------
    RuntimeError
        For a game that has not ended after 100,000 decisions, as :func:`mandalakit.core.bots.play` does.
    """
    batch.rules = Rules.from_dict(rules)
    ts = batch.rules.tile_set
    colour = np.array([0] + [t.colour for t in ts.tiles[1:]], np.int64)
    tiles = (colour, batch._faces(), np.array(ts.dark, np.int64), np.array(ts.light, np.int64),
             batch.rules.single_play_draw)
    outputs = (batch.singles, batch.flowers, batch.nflowers, batch.sizes, batch.tape, batch.tape_len,
               batch.decision_count, batch.reshuffle_count, batch.end, batch.status)
    play_batch(batch, streams, _play_range, batch.players, batch.bots, *tiles, *outputs)


@njit
def _play_range(states, per_game, g0, g1, streams, use_streams, players, bots, colour, face, dark_ids, light_ids,
                draw_max, singles, flowers, nflowers, sizes_out, tape, tape_len, decision_count, reshuffle_count, end,
                status):
    for g in range(g0, g1):
        _play_one(states[g if per_game else 0], g, players, bots[g], streams[g - g0 if use_streams else 0],
                  use_streams, colour, face, dark_ids, light_ids, draw_max,
                  singles, flowers, nflowers, sizes_out, tape[g], tape_len, decision_count, reshuffle_count, end,
                  status)


@njit
def _gain(seat, tile, colour, singles, flowers, nflowers, end_code):
    """FlowersState._gain (F-4.3): a tile pairs at once with an unpaired tile of its colour."""
    c = colour[tile]
    if singles[seat, c]:
        k = nflowers[seat]
        flowers[seat, k, 0] = singles[seat, c]
        flowers[seat, k, 1] = tile
        singles[seat, c] = 0
        nflowers[seat] = k + 1
        if k + 1 >= 3 and end_code == 0:
            return 1  # F-5.1
    else:
        singles[seat, c] = tile
    return end_code


@njit
def _play_one(gen, g, players, bots, streams, use_streams, colour, face, dark_ids, light_ids, draw_max,
              singles_out, flowers_out, nflowers_out, sizes_out, tape, tape_len, decision_count, reshuffle_count,
              end, status):
    n = players
    hands = np.zeros((n, NUM_COLOURS), np.int64)
    sizes = np.zeros(n, np.int64)
    deck = np.zeros(DECK_SIZE, np.int64)
    discard = np.zeros(NUM_COLOURS, np.int64)
    dsize = 0
    mdark = np.zeros(_MANDALAS, np.int64)
    mlight = np.zeros(_MANDALAS, np.int64)
    covered = np.zeros(_MANDALAS, np.int64)
    claim = np.full(_MANDALAS, -1, np.int64)
    up_owner = np.full((_MANDALAS, NUM_COLOURS), -1, np.int64)
    cards = np.zeros((_MANDALAS, n, NUM_COLOURS), np.int64)
    tot = np.zeros((_MANDALAS, n), np.int64)
    up = np.zeros((_MANDALAS, n), np.int64)
    singles = singles_out[g]
    flowers = flowers_out[g]
    nflowers = nflowers_out[g]
    singles[:] = 0
    nflowers[:] = 0
    pos = np.zeros(n, np.int64)
    # F-2.1: the deck, then the dark and the light stack, each drawn from its first code on
    pile = np.empty(DECK_SIZE, np.int64)
    for i in range(DECK_SIZE):
        pile[i] = i // CARDS_PER_COLOUR
    tp = chance(gen, pile, -1, tape, 0)
    deck[:] = pile
    top = 0
    left = DECK_SIZE
    dark = dark_ids.copy()
    tp = chance(gen, dark, -2, tape, tp)
    light = light_ids.copy()
    tp = chance(gen, light, -3, tape, tp)
    dtop = 0
    ltop = 0
    for m in range(_MANDALAS):  # F-2.2: two tiles on each mandala
        mdark[m] = dark[dtop]
        mlight[m] = light[ltop]
        dtop += 1
        ltop += 1
        covered[m] = 1 << colour[mdark[m]] | 1 << colour[mlight[m]]
    for i in range(n):  # F-2.3: 5, 6, 7, 8 cards from the first player on
        k = FIRST_HAND + i
        for _ in range(k):
            hands[i, deck[top]] += 1
            top += 1
            left -= 1
        sizes[i] = k
    tp, decisions, st, end_code, reshuffles = _run(
        gen, n, bots, streams, use_streams, pos, False, np.zeros(1), np.zeros(1, np.int64), colour, face, draw_max,
        MAX_DECISIONS, hands, sizes, deck, top, left, discard, dsize, dark, dtop, light, ltop, mdark, mlight, covered,
        claim, up_owner, cards, tot, up, singles, flowers, nflowers, 0, 0, tape, tp)
    status[g] = st
    end[g] = end_code
    tape_len[g] = tp
    if tp > tape.shape[0] > 1 and status[g] == OK:  # a tape of 1: no record kept
        status[g] = SHORT_TAPE
    decision_count[g] = decisions
    reshuffle_count[g] = reshuffles
    for p in range(n):
        sizes_out[g, p] = sizes[p]


@njit
def _numbers(gen, streams, use_streams, buffered, buf, nbuf, seat, pos, n, out):
    """Seat ``seat``'s next ``n`` numbers into ``out[:n]`` (:func:`~._kernel.uniforms`), or with
    ``buffered`` GreedyBot's own: ``rng.random(256) * 1e-6`` into ``buf``, used from the last
    (``buf[:nbuf[0]]`` left), one bot for every seat (a search's rollout)."""
    if not buffered:
        return uniforms(gen, streams, use_streams, seat, pos, n, out)
    for j in range(n):
        out[j] = pop_uniform(gen, buf, nbuf, 1e-6)
    return True


@njit
def _run(gen, n, bots, streams, use_streams, pos, buffered, buf, nbuf, colour, face, draw_max, limit, hands, sizes,
         deck, top, left, discard, dsize, dark, dtop, light, ltop, mdark, mlight, covered, claim, up_owner, cards, tot,
         up, singles, flowers, nflowers, active, passes, tape, tp):
    """Play on from seat ``active``'s play (F-3) until the game ends or ``limit`` decisions are made
    (status TOO_LONG), moving the arrays on: ``deck[top:top + left]`` the cards to draw, ``dark[dtop:]``
    and ``light[ltop:]`` the tiles to refill with (F-4.5), ``passes`` in a row (F-5.3); the greedy
    bots' numbers as :func:`_numbers` draws them (already times 1e-6 when ``buffered``). Returns
    ``(tape length, decisions, status, end code, reshuffles)``."""
    noise = np.zeros(_MAX_MOVES)  # the greedy bot's numbers, one per legal move
    scratch = np.zeros((2, n), np.int64)
    scale = 1.0 if buffered else 1e-6
    status = OK
    end_code = 0
    decisions = 0
    reshuffles = 0
    while end_code == 0:
        if decisions >= limit:
            status = TOO_LONG
            break
        seat = active
        size = sizes[seat]
        hand = hands[seat]
        can_draw = draw_max > 0 and (left > 0 or dsize > 0)
        if size >= 2:
            keep = size - 1
            count = 0
            for c in range(NUM_COLOURS):
                count += min(hand[c], keep)
            count *= _MANDALAS
        elif size == 1 and can_draw:
            count = _MANDALAS
        else:
            count = 1  # pass
        if bots[seat] == GREEDY:
            i = 0
            if size >= 2 or (size == 1 and can_draw):  # a pass is played without drawing
                if not _numbers(gen, streams, use_streams, buffered, buf, nbuf, seat, pos, count, noise):
                    status = SHORT_STREAM
                    break
                i = _greedy_play(seat, n, hand, size, mdark, mlight, tot, up, covered, claim, singles, colour, face,
                                 noise, scratch, scale)
        else:
            i = random_choice(gen, streams, use_streams, buffered, buf, nbuf, seat, pos, count)
            if i < 0:
                status = SHORT_STREAM
                break
        decisions += 1
        if size == 0 or (size == 1 and not can_draw):  # F-5.3
            tp = put(tape, tp, MOVE | seat << 16 | PASS)
            passes += 1
            if passes >= n:
                end_code = 3
            else:
                active = (active + 1) % n
            continue
        if size >= 2:
            keep = size - 1
            per = 0
            for c in range(NUM_COLOURS):
                per += min(hand[c], keep)
            mi = i // per
            i -= mi * per
            for c in range(NUM_COLOURS):
                kk = min(hand[c], keep)
                if i < kk:
                    cc = c
                    k = i + 1
                    break
                i -= kk
        else:
            mi = i
            for c in range(NUM_COLOURS):
                if hand[c]:
                    cc = c
            k = 1
        tp = put(tape, tp, MOVE | seat << 16 | cc << 2 | k << 5 | mi << 10)
        # F-3.1, F-3.2: the play
        hand[cc] -= k
        bit = 1 << cc
        if not covered[mi] & bit:
            covered[mi] |= bit
            up_owner[mi, cc] = seat
            up[mi, seat] += k
        cards[mi, seat, cc] += k
        tot[mi, seat] += k
        passes = 0
        sizes[seat] -= k
        after = sizes[seat]
        if k == 1 and after < HAND_LIMIT and draw_max:  # F-3.3, F-3.5
            draw = min(draw_max, HAND_LIMIT - after)
            while draw:
                if left == 0:
                    if dsize == 0:
                        break
                    pile = np.empty(dsize, np.int64)
                    j = 0
                    for c in range(NUM_COLOURS):
                        for _ in range(discard[c]):
                            pile[j] = c
                            j += 1
                    tp = chance(gen, pile, -4, tape, tp)
                    deck[:dsize] = pile
                    top = 0
                    left = dsize
                    reshuffles += 1
                    discard[:] = 0
                    dsize = 0
                hand[deck[top]] += 1
                top += 1
                left -= 1
                sizes[seat] += 1
                draw -= 1
        # F-3.6: the claim marker
        if claim[mi] != seat and up[mi, seat]:
            mine = tot[mi, seat]
            moves = True
            for q in range(n):
                if q != seat and up[mi, q] and tot[mi, q] >= mine:
                    moves = False
            if moves:
                claim[mi] = seat
        if covered[mi] != ALL_COLOURS:
            active = (active + 1) % n
            continue
        # F-3.7, F-4: the mandala is complete
        holder = claim[mi]
        runner = -1
        best0 = -1
        best1 = -1
        tied = False
        for q in range(n):
            if q == holder or not up[mi, q]:
                continue
            if tot[mi, q] > best0 or (tot[mi, q] == best0 and up[mi, q] > best1):
                runner = q
                best0 = tot[mi, q]
                best1 = up[mi, q]
                tied = False
            elif tot[mi, q] == best0 and up[mi, q] == best1:
                tied = True
        if tied:
            runner = -1
        chosen = mdark[mi]
        if runner >= 0:  # F-4.1: the holder chooses a tile
            if decisions >= limit:
                status = TOO_LONG
                break
            if bots[holder] == GREEDY:
                if not _numbers(gen, streams, use_streams, buffered, buf, nbuf, holder, pos, 2, noise):
                    status = SHORT_STREAM
                    break
                take_light = _greedy_take(holder, runner, mdark[mi], mlight[mi], singles, colour, face, noise,
                                          scale) == 1
            else:
                k = random_choice(gen, streams, use_streams, buffered, buf, nbuf, holder, pos, 2)
                if k < 0:
                    status = SHORT_STREAM
                    break
                take_light = k == 1
            if take_light:
                chosen = mlight[mi]
            decisions += 1
            tp = put(tape, tp, MOVE | holder << 16 | TAKE | colour[chosen] << 2)
        other = mlight[mi] if chosen == mdark[mi] else mdark[mi]
        end_code = _gain(holder, chosen, colour, singles, flowers, nflowers, end_code)
        end_code = _gain(holder if runner < 0 else runner, other, colour, singles, flowers, nflowers, end_code)
        for q in range(n):  # F-4.4
            if not tot[mi, q]:
                continue
            if q == holder or q == runner:
                for c in range(NUM_COLOURS):
                    discard[c] += cards[mi, q, c]
                dsize += tot[mi, q]
            else:
                for c in range(NUM_COLOURS):
                    hands[q, c] += cards[mi, q, c]
                sizes[q] += tot[mi, q]
        claim[mi] = -1
        up_owner[mi, :] = -1
        cards[mi, :, :] = 0
        tot[mi, :] = 0
        up[mi, :] = 0
        if dtop < len(dark) and ltop < len(light):  # F-4.5
            mdark[mi] = dark[dtop]
            mlight[mi] = light[ltop]
            dtop += 1
            ltop += 1
            covered[mi] = 1 << colour[mdark[mi]] | 1 << colour[mlight[mi]]
        else:
            mdark[mi] = 0
            mlight[mi] = 0
            covered[mi] = 0
            if end_code == 0:
                end_code = 2  # F-5.2
        if end_code == 0:
            active = (active + 1) % n
    return tp, decisions, status, end_code, reshuffles


# ----- records and tables ---------------------------------------------------------------------------

def _move(code: int) -> str:
    kind = code & 3
    if kind == PASS:
        return "pass"
    c = code >> 2 & 7
    if kind == TAKE:
        return f"take {COLOURS[c]}"
    return f"play {code >> 5 & 31} {COLOURS[c]} on {(code >> 10 & 3) + 1}"


def events(batch: Batch, g: int) -> list[dict]:
    """The events of game ``g`` in record form (``{"by": seat or "chance", "event": notation}``);
    the batch must keep its records (``records=True``)."""
    return tape_events(batch, g, _KINDS, _move)


def result(batch: Batch, g: int) -> dict:
    """The result of game ``g`` as ``Result.to_dict()`` writes it (F-5.4)."""
    tiles = batch.rules.tile_set.tiles
    scores = batch.scores()[g].tolist()
    players = []
    for p in range(batch.players):
        flowers = [{"tiles": [str(tiles[a]), str(tiles[b])], "score": flower_score(tiles[a].face, tiles[b].face)}
                   for a, b in batch.flowers[g, p, :batch.nflowers[g, p]].tolist()]
        singles = [{"tile": str(tiles[t]), "score": tiles[t].face} for t in batch.singles[g, p].tolist() if t]
        players.append({"score": scores[p], "flowers": flowers, "singles": singles,
                        "cards_in_hand": int(batch.sizes[g, p])})
    return {"scores": scores, "winners": np.flatnonzero(batch.winners()[g]).tolist(), "players": players}


def seat_summary(batch: Batch) -> dict[str, np.ndarray]:
    """The columns of :func:`mandalakit.flowers.bots.seat_summary`, each (B, P)."""
    colour = np.array([0] + [t.colour for t in batch.rules.tile_set.tiles[1:]], np.int64)
    singles = batch.singles > 0
    per_colour = np.zeros(batch.singles.shape, np.int64)
    for c in range(NUM_COLOURS):
        per_colour[:, :, c] = singles[:, :, c]  # an unpaired tile of colour c is in slot c
    used = np.arange(_MAX_FLOWERS) < batch.nflowers[..., None]
    flower_colour = colour[batch.flowers[..., 0]]
    for c in range(NUM_COLOURS):
        per_colour[:, :, c] += 2 * ((flower_colour == c) & used).sum(axis=2)
    out = {"flowers": batch.nflowers, "singles": singles.sum(axis=2), "tiles": per_colour.sum(axis=2),
           "cards_in_hand": batch.sizes}
    out.update({f"tiles_{name}": per_colour[:, :, c] for c, name in enumerate(COLOURS)})
    return out


def greedy_move(state, stream: np.ndarray):
    """The move the compiled greedy bot makes for the seat to act in ``state`` (a
    :class:`~mandalakit.flowers.state.FlowersState` at a play or a tile choice) with the numbers
    ``stream`` (one per legal move, times 1e-6 as GreedyBot uses them), for comparing with
    :class:`mandalakit.flowers.bots.GreedyBot` on the same position. It reads only what the
    seat's observation shows."""
    seat = state.current_player
    obs = state.observation(seat)
    legal = state.legal_moves()
    n = state.num_players
    tiles = state.rules.tile_set.tiles
    colour = np.array([0] + [t.colour for t in tiles[1:]], np.int64)
    face = np.array([0] + [t.face for t in tiles[1:]], np.int64)
    singles = np.zeros((n, NUM_COLOURS), np.int64)
    for p, own in enumerate(obs.singles):
        for tile in own:
            singles[p, tile.colour] = tile.id
    noise = np.asarray(stream, float)
    if obs.pending >= 0:
        dark, light = (t.id for t in obs.mandalas[obs.pending].tiles)
        return legal[_greedy_take(seat, obs.runner_up, dark, light, singles, colour, face, noise, 1e-6)]
    if len(legal) == 1 and str(legal[0]) == "pass":
        return legal[0]
    views = obs.mandalas
    ids = np.array([[t.id for t in v.tiles] or [0, 0] for v in views], np.int64)
    index = _greedy_play(seat, n, np.array(obs.hand, np.int64), obs.hand_sizes[seat], ids[:, 0], ids[:, 1],
                         np.array([v.totals for v in views], np.int64),
                         np.array([v.face_up_totals for v in views], np.int64),
                         np.array([v.covered for v in views], np.int64), np.array([v.claim for v in views], np.int64),
                         singles, colour, face, noise, np.zeros((2, n), np.int64), 1e-6)
    return legal[index]
