"""Ohanami playouts in a compiled loop: a determinisation played to the end by greedy or random bots.

:func:`load` copies an :class:`~mandalakit.ohanami.state.OhanamiState` in which every card is
known (a determinisation of a search bot) into arrays; :func:`play` plays it on, seat by seat in
the engine's order (every seat picks, the picks are revealed, every seat places, O-2.2 to
O-2.6), to the end of round 3 or until ``left`` decisions are made, and scores the rounds it
ends (O-3). The bots choose as the search's rollout does
(:meth:`mandalakit.core.search._Searcher.playout`):

* greedy: :class:`mandalakit.ohanami.bots.GreedyBot` drawing its uniform numbers from the
  search's own generator, in the same order (one a card valued at a pick, one a placement
  valued), none for a decision with a single legal move;
* random: ``state.random_move(u)`` with ``u`` popped from the end of the search's buffer of
  512 uniform numbers, refilled from the generator when empty.

So a fast playout is the reference playout move for move and leaves the generator where the
reference one leaves it (``tests/engines/test_fast_playouts.py`` checks thousands of positions).
"""

from __future__ import annotations

import numpy as np

from ..ohanami.cards import DECK_SIZE, HAND_SIZE, PINK
from ..ohanami.moves import DISCARD, Place, pick
from ._jit import njit
from ._kernel import pop_uniform
from .ohanami import (GREEDY, MAX_ROWS, NO_CAP, RANDOM, ROUNDS, STEPS, _greedy_pick, _greedy_place, _placements, _SUIT,
                      round_score, sort_hand, take_pair, unrank_pair)
from .seeds import random

PICKING, PLACING = 0, 1
#: Most decisions of a playout: 4 picks and 5 placements a round, 4 seats.
MOST = ROUNDS * (STEPS - 1 + STEPS) * 4


class Arrays:
    """An Ohanami position as the kernel reads it (``P`` seats).

    Attributes
    ----------
    deck : (120,) int64, the cards not dealt yet, top first (``ndeck`` of them)
    hands, sizes : (P, 10) int64 hands (picked cards out) and (P,) their sizes
    lo, hi, nrows : (P, 3) int64 lowest and highest card of each row, (P,) rows started
    counts : (P, 4) int64 cards in rows by suit; scores : (P,) int64 points of the rounds ended
    picks, chosen : (P, 2) picks of this step, (P, 4) placements ``a, ra, b, rb`` made
    turn : [round, step, phase (PICKING or PLACING), seat to move, cap (NO_CAP: none)]
    """

    def __init__(self, state):
        n = state.num_players
        self.deck = np.zeros(DECK_SIZE, np.int64)
        self.ndeck = len(state.deck)
        self.deck[:self.ndeck] = state.deck
        self.hands = np.zeros((n, HAND_SIZE), np.int64)
        self.sizes = np.zeros(n, np.int64)
        self.lo = np.zeros((n, MAX_ROWS), np.int64)
        self.hi = np.zeros((n, MAX_ROWS), np.int64)
        self.nrows = np.zeros(n, np.int64)
        self.picks = np.zeros((n, 2), np.int64)
        self.chosen = np.zeros((n, 4), np.int64)
        self.counts = np.array(state.counts, np.int64)
        self.scores = np.array(state.scores(), np.int64)
        picking = state.phase == "pick"
        for p in range(n):
            pk = state.picks[p]
            hand = [c for c in state.hands[p] if not (picking and pk and c in pk)]
            self.hands[p, :len(hand)] = hand
            self.sizes[p] = len(hand)
            if pk is not None:
                self.picks[p] = pk
            place = state.places[p]
            if place is not None:
                (a, ra), (b, rb) = place.steps
                self.chosen[p] = a, ra, b, rb
            for r, row in enumerate(state.rows[p]):
                self.lo[p, r], self.hi[p, r] = row[0], row[-1]
            self.nrows[p] = len(state.rows[p])
        self.turn = np.array([state.round, state.step, PICKING if picking else PLACING, state.current_player,
                              state.rules.sakura_cap or NO_CAP], np.int64)


def loadable(state) -> bool:
    """The kernel starts from any pick or placement (O-2.2 to O-2.5)."""
    return True


def load(state) -> Arrays:
    """The arrays of ``state`` (an OhanamiState at a pick or a placement, every card known)."""
    return Arrays(state)


@njit
def _place(chosen, lo, hi, nrows, counts):
    """Put one seat's placement ``chosen`` (a, ra, b, rb) into its rows, in order (O-2.3 to O-2.5)."""
    for s in range(2):
        card = chosen[2 * s]
        row = chosen[2 * s + 1]
        if row == DISCARD:
            continue
        counts[_SUIT[card]] += 1
        r = row - 1
        if row > nrows[0]:
            nrows[0] += 1
            lo[r] = card
            hi[r] = card
        elif card > hi[r]:
            hi[r] = card
        else:
            lo[r] = card


@njit
def _play(bot, deck, hands, sizes, lo, hi, nrows, counts, scores, picks, chosen, turn, left, state, buf, nbuf,
          log_seat, log_move):
    """Play on from ``turn`` (see :class:`Arrays`) for at most ``left`` decisions (-1: to the end);
    return the decisions made (their seats and codes in ``log_seat``, ``log_move``: a pick ``a | b << 8``,
    a placement ``a | ra << 8 | b << 16 | rb << 24``) and whether the game ended."""
    players = hands.shape[0]
    rnd, step, phase, seat, cap = turn[0], turn[1], turn[2], turn[3], turn[4]
    options = np.zeros((17, 4), np.int64)
    values = np.zeros(HAND_SIZE)
    noise = np.zeros(17)
    passed = hands.copy()
    made = 0
    top = 0
    while True:
        if seat == players:  # every seat has chosen
            seat = 0
            if phase == PICKING:  # O-2.3: the picks are revealed
                phase = PLACING
                continue
            for p in range(players):  # O-2.6: all placements happen together
                _place(chosen[p], lo[p], hi[p], nrows[p:p + 1], counts[p])
            shift = 1 if rnd != 2 else players - 1  # O-2.2: left, right, left
            passed[:] = hands
            for p in range(players):
                hands[p] = passed[(p - shift) % players]
            step += 1
            if step > STEPS:  # O-3: score the round over every row
                for p in range(players):
                    scores[p] += round_score(rnd, counts[p], cap)
                if rnd == ROUNDS:
                    return made, True
                rnd += 1
                step = 1
                for p in range(players):  # O-2.1: 10 cards each from the top of the deck
                    hands[p] = deck[top:top + HAND_SIZE]
                    top += HAND_SIZE
                    sizes[p] = HAND_SIZE
            if sizes[0] == 2:  # O-2.2: the 5th step takes the last two cards, no choice
                for p in range(players):
                    sort_hand(hands[p], 2)
                    picks[p, 0], picks[p, 1] = hands[p, 0], hands[p, 1]
                    sizes[p] = 0
                phase = PLACING
            else:
                phase = PICKING
            continue
        if made == left:
            return made, False
        h = hands[seat]
        if phase == PICKING:
            n = sizes[seat]
            sort_hand(h, n)
            if bot == RANDOM:
                i, j = unrank_pair(pop_uniform(state, buf, nbuf, 1.0), n)
            else:
                for k in range(n):
                    noise[k] = random(state)
                i, j, _ = _greedy_pick(h, n, lo[seat], hi[seat], nrows[seat], rnd, counts[seat, PINK], noise, 0, values)
            picks[seat, 0], picks[seat, 1] = h[i], h[j]
            take_pair(h, n, i, j)
            sizes[seat] = n - 2
            code = picks[seat, 0] | picks[seat, 1] << 8
        else:
            count = _placements(picks[seat, 0], picks[seat, 1], lo[seat], hi[seat], nrows[seat], options)
            if bot == RANDOM:
                k = int(pop_uniform(state, buf, nbuf, 1.0) * count)
            elif count == 1:  # a single legal move: the search asks no bot
                k = 0
            else:
                for o in range(count):
                    noise[o] = random(state)
                k, _ = _greedy_place(options, count, lo[seat], hi[seat], nrows[seat], rnd, counts[seat, PINK], noise, 0)
            chosen[seat] = options[k]
            code = options[k, 0] | options[k, 1] << 8 | options[k, 2] << 16 | options[k, 3] << 24
        log_seat[made] = seat
        log_move[made] = code
        made += 1
        seat += 1


#: The rollout policies this kernel plays.
ROLLOUTS = ("greedy", "random")


def play(arrays: Arrays, rollout: str, state: np.ndarray, buf: np.ndarray, nbuf: np.ndarray, left: int,
         greedy=None):
    """Play ``arrays`` on (see :func:`_play`; ``state``, ``buf`` and ``nbuf`` are moved on); return
    ``((seats, codes), ended)``."""
    seats = np.zeros(MOST, np.int64)
    codes = np.zeros(MOST, np.int64)
    a = arrays
    made, ended = _play(RANDOM if rollout == "random" else GREEDY, a.deck, a.hands, a.sizes, a.lo, a.hi, a.nrows,
                        a.counts, a.scores, a.picks, a.chosen, a.turn, left, state, buf, nbuf, seats, codes)
    return (seats[:made], codes[:made]), ended


def scores(arrays: Arrays) -> tuple[int, ...]:
    """The points of the rounds scored (O-3.5)."""
    return tuple(arrays.scores.tolist())


def winners(arrays: Arrays) -> tuple[int, ...]:
    """The winners of an ended game: best score, then most pink cards (O-3.5)."""
    key = [(int(s), int(c[PINK])) for s, c in zip(arrays.scores, arrays.counts)]
    return tuple(p for p, k in enumerate(key) if k == max(key))


def moves(log) -> list[tuple[int, object]]:
    """``(seat, move)`` of every decision logged by :func:`play`, as the engine's moves: a pick
    below 2**16, else a placement."""
    out = []
    for seat, code in zip(*(x.tolist() for x in log)):
        if code < 1 << 16:
            out.append((seat, pick(code & 255, code >> 8)))
        else:
            a, ra, b, rb = code & 255, code >> 8 & 255, code >> 16 & 255, code >> 24 & 255
            out.append((seat, Place(((a, ra), (b, rb)))))
    return out
