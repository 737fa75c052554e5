"""A Flowers turn: the setup's shuffles and deal (F-2), then Play, Draw and Check (F-3).

:class:`Turn` holds these rules as methods of :class:`~.state.FlowersState` (a mix-in: the
state's data and contract live in :mod:`.state`). Every check of a play happens before its
first change, so a refused move leaves the state as it was.
"""

from __future__ import annotations

import numpy as np

from ..core.contract import CHANCE, ChanceEvent
from ..core.errors import IllegalMoveError, quote
from ..core.messages import _, colour, ngettext
from .cards import (ALL_COLOURS, CARDS_PER_COLOUR, COLOURS, DARK, DECK_SIZE, FIRST_HAND, HAND_LIMIT, LIGHT,
                    NUM_COLOURS, NUM_MANDALAS, counts_text)
from .mandalas import claim_winner
from .moves import PLAYS, Play
from .phases import _COLOURS6, DRAW, PLAY, SETUP_EVENTS

ALL_CARDS = np.repeat(np.arange(NUM_COLOURS), CARDS_PER_COLOUR)  # the 90 cards as colour codes (F-1.1)
SORTED_DECK = sorted(ALL_CARDS.tolist())

# Legal plays by hand (a tuple of six counts with at least 2 cards): they do not depend on
# anything else (F-3.1, F-3.4), so each distinct hand is computed once per process.
PLAY_CACHE: dict[tuple[int, ...], tuple[Play, ...]] = {}
# _UPTO[colour][k][mandala]: the plays of 1..k cards of that colour onto that mandala.
_UPTO = tuple(
    tuple(
        tuple(tuple(PLAYS[c][n][m] for n in range(1, k + 1)) for m in range(NUM_MANDALAS))
        for k in range(CARDS_PER_COLOUR + 1)
    )
    for c in _COLOURS6
)


def plays_for(hand: tuple[int, ...]) -> tuple[Play, ...]:
    """Every legal play of a hand of 2 or more cards (F-3.1, F-3.4), mandala by mandala."""
    moves = PLAY_CACHE.get(hand)
    if moves is None:
        keep = sum(hand) - 1  # a play of 2+ cards must leave at least 1 card (F-3.4)
        upto = [_UPTO[c][min(n, keep)] for c, n in enumerate(hand)]
        moves = ()
        for m in range(NUM_MANDALAS):
            for part in upto:
                moves += part[m]
        if len(PLAY_CACHE) > 500_000:  # bound memory in very long simulations
            PLAY_CACHE.clear()
        PLAY_CACHE[hand] = moves
    return moves


class Turn:
    """The setup (F-2) and the steps of a turn before completion (F-3)."""

    def _can_draw(self) -> bool:
        """Whether a single-card play that empties the hand is followed by a draw (F-3.3, F-3.4)."""
        return self._draw_max > 0 and (len(self.deck) > 0 or self.discard_size > 0)


    def _setup_event(self, event: ChanceEvent) -> None:
        """F-2.1: the deck, then the dark stack, then the light stack; then deal (F-2.2, F-2.3)."""
        kind = SETUP_EVENTS[self._setup_step]
        if event.kind != kind:
            raise IllegalMoveError("F-2.1", _("The setup shuffles the deck ('shuffle'), then the dark tiles ('dark'), "
                                              "then the light tiles ('light'); next is {kind!r}, not {got!r}.",
                                              kind=kind, got=event.kind))
        if kind == "shuffle":
            if len(event.outcome) != DECK_SIZE or sorted(event.outcome) != SORTED_DECK:
                raise IllegalMoveError("F-2.1", _("The first shuffle must list the 90 cards as colour codes 0-5, "
                                                  "15 of each."))
            self.deck = list(reversed(event.outcome))  # top card last
        else:
            back = DARK if kind == "dark" else LIGHT
            ids = self.rules.tile_set.stack(back)
            if sorted(event.outcome) != sorted(ids):
                raise IllegalMoveError(
                    "F-2.1", _("The {kind} stack must list each of the tile ids {low}-{high} exactly once.",
                               kind=kind, low=min(ids), high=max(ids)))
            self.stacks[back] = list(reversed(event.outcome))
        self._setup_step += 1
        if self._setup_step == len(SETUP_EVENTS):
            self._deal()

    def _deal(self) -> None:
        """F-2.2: one dark and one light tile on each mandala; F-2.3: hands of 5, 6, 7, 8."""
        n = self.num_players
        for m in self.mandalas:
            self._refill(m)
        for i in range(n):
            seat = (self.active + i) % n
            k = FIRST_HAND + i
            hand = self.hands[seat]
            for c in self.deck[-k:]:
                hand[c] += 1
            del self.deck[-k:]
            self.sizes[seat] = k
        self.phase = PLAY
        self.current_player = self.active

    def _play(self, seat: int, move: Play) -> None:
        """F-3.1 Play (validated before anything changes), then Draw, Check and Complete.

        This is the hot path of random play, so the common case (enough cards in the deck, no
        completion) is written out here; the rarer cases call :meth:`_draw` and
        :meth:`_complete`.
        """
        c = move.colour
        k = move.count
        i = move.mandala
        hand = self.hands[seat]
        if not (0 <= c < NUM_COLOURS and 0 <= i < NUM_MANDALAS and 1 <= k <= hand[c]):
            self._refuse_play(seat, move)
        sizes = self.sizes
        after = sizes[seat] - k
        if after < 1 and (k >= 2 or not self._can_draw()):
            self._refuse_play(seat, move)
        m = self.mandalas[i]
        if not m.dark:  # pragma: no cover - only after the game ended (F-5.2)
            raise IllegalMoveError("F-5.2", _("Mandala {mandala} has no tiles; the game is over.", mandala=i + 1))
        # --- valid: apply
        hand[c] -= k
        bit = 1 << c
        if not m.covered & bit:  # F-3.2: a new colour goes face up
            m.covered |= bit
            m.up_owner[c] = seat
            m.up_count[c] = k
            m.up[seat] += k
        m.cards[seat][c] += k
        m.tot[seat] += k
        self.passes = 0
        self._pending = i
        # F-3.3 Draw: only after a single card, up to the limit of 8.
        if k == 1 and after < HAND_LIMIT and self._draw_max:
            draw = self._draw_max
            if after + draw > HAND_LIMIT:
                draw = HAND_LIMIT - after
            deck = self.deck
            if len(deck) >= draw:
                for x in deck[-draw:]:
                    hand[x] += 1
                del deck[-draw:]
                after += draw
            else:
                sizes[seat] = after
                self._draw_left = draw
                if not self._draw(seat):
                    return  # paused: the discard pile is shuffled into a new deck first (F-3.5)
                after = sizes[seat]
        sizes[seat] = after
        # F-3.6 Check (a holder keeps its marker: nothing to do).
        if m.claim != seat and m.up[seat]:  # inline claim_winner()
            tot, up = m.tot, m.up
            mine = tot[seat]
            for q, t in enumerate(tot):
                if t >= mine and q != seat and up[q]:
                    break  # someone with a face-up card has as many: no move (F-3.6)
            else:
                m.claim = seat
        if m.covered == ALL_COLOURS:  # F-3.7
            self._complete()
        else:
            a = seat + 1
            if a == self.num_players:
                a = 0
            self.active = self.current_player = a
            self._pending = -1

    def _refuse_play(self, seat: int, move: Play) -> None:
        """Raise the :class:`IllegalMoveError` that explains why ``move`` is not legal."""
        c, k, i = move.colour, move.count, move.mandala
        if not (0 <= i < NUM_MANDALAS and 0 <= c < NUM_COLOURS and k >= 1):
            raise IllegalMoveError("F-3.1", _("'{move}' is not a play: 1 or more cards onto mandala 1, 2 or 3.",
                                              move=quote(str(move))))
        have = self.hands[seat][c]
        if have < k:
            raise IllegalMoveError("F-3.1", ngettext("Player {seat:+1} has {n} {colour} card, so they cannot play {k}.",
                                                     "Player {seat:+1} has {n} {colour} cards, so they cannot play {k}.",
                                                     have, seat=seat, colour=colour(COLOURS[c], have), k=k))
        if k >= 2:
            raise IllegalMoveError("F-3.4", ngettext(
                "Player {seat:+1} cannot play all {n} of their cards: a play of 2 or more cards draws nothing, and a hand "
                "must keep at least 1 card (play fewer).",
                "Player {seat:+1} cannot play all {n} of their cards: a play of 2 or more cards draws nothing, and a hand "
                "must keep at least 1 card (play fewer).", k, seat=seat))
        raise IllegalMoveError(
            "F-3.4", _("Player {seat:+1} cannot play their last card: there is nothing to draw (deck and discard pile "
                       "are empty), and a hand must keep at least 1 card; pass instead (F-5.3).", seat=seat))

    def _continue_turn(self) -> None:
        """Draw what is left to draw, then Check (F-3.6) and Complete (F-3.7)."""
        seat = self.active
        if self._draw_left and not self._draw(seat):
            return  # paused: the discard pile is shuffled into a new deck first (F-3.5)
        m = self.mandalas[self._pending]
        m.claim = claim_winner(m.tot, m.up, seat, m.claim)
        if m.covered == ALL_COLOURS:
            self._complete()
        else:
            self._end_turn()

    def _draw(self, seat: int) -> bool:
        """F-3.3 and F-3.5: draw ``_draw_left`` cards; False if a reshuffle must come first."""
        k = self._draw_left
        deck = self.deck
        hand = self.hands[seat]
        while k:
            if not deck:
                if self.discard_size:
                    self._draw_left = k
                    self.phase = DRAW
                    self.current_player = CHANCE
                    return False
                break  # deck and discard empty: draws yield fewer cards (F-3.5)
            take = k if k <= len(deck) else len(deck)
            for c in deck[-take:]:
                hand[c] += 1
            del deck[-take:]
            self.sizes[seat] += take
            k -= take
        self._draw_left = 0
        return True

    def _reshuffle(self, event: ChanceEvent) -> None:
        """F-3.5: the discard pile becomes the new deck, in the order of ``event``."""
        counts = [0] * NUM_COLOURS
        ok = event.kind == "reshuffle"
        if ok:
            for c in event.outcome:
                if not (type(c) is int and 0 <= c < NUM_COLOURS):
                    ok = False
                    break
                counts[c] += 1
        if not ok or counts != self.discard:
            raise IllegalMoveError(
                "F-3.5", _("The reshuffle must list the discard pile ({cards}) as colour codes 0-5.",
                           cards=counts_text(self.discard)))
        self.deck = list(reversed(event.outcome))
        self.discard = [0] * NUM_COLOURS
        self.discard_size = 0
        self.phase = PLAY
        self.current_player = self.active
        self._continue_turn()
