"""A Mandala turn: the three actions (M-4), drawing and reshuffles (M-6), the deal (M-2).

:class:`Turn` holds these rules as methods of :class:`~.state.MandalaState` (a mix-in: the
state's data and contract live in :mod:`.state`). Every check of an action happens before its
first change, so a refused move leaves the state as it was.
"""

from __future__ import annotations

from ..core.contract import CHANCE, ChanceEvent
from ..core.worded import text_not_move
from ..core.errors import IllegalMoveError
from ..core.messages import _, colour, counts_words, ngettext
from .cards import (COLOURS, DECK_SIZE, HAND_LIMIT, MANDALAS, MOUNTAIN_DRAW, NUM_COLOURS, PER_COLOUR,
                    START_CUP, START_HAND, START_MOUNTAIN)
from .moves import Discard, Field, Mountain, Pick
from .phases import _COLOURS, _MOUNTAIN, _NONE, CHANCE_PHASE, PLAY, RESHUFFLE, SHUFFLE


def draw_count(hand_after_play: int) -> int:
    """Cards drawn after a mountain play (M-4.1): ``min(3, 8 - hand size after playing)``.

    >>> draw_count(7), draw_count(3)   # M-8: hand 8 -> 7 draws 1; hand 4 -> 3 draws 3
    (1, 3)
    """
    return max(0, min(MOUNTAIN_DRAW, HAND_LIMIT - hand_after_play))


def _colour(c: int, n: int = 1) -> str:
    """The name of colour ``c`` in the language in force, for ``n`` cards."""
    return colour(COLOURS[c], n)


class Turn:
    """The actions of a turn and the draws that follow them (M-2, M-4, M-6)."""


    def _refuse_in_play(self, seat: int, move) -> None:
        if type(move) is str:
            raise text_not_move(move)
        if type(move) is Pick:
            raise IllegalMoveError("M-5.3", _("No mandala is being destroyed, so there is nothing to pick; player {seat:+1} "
                                              "plays into a mountain or a field, or discards.", seat=seat))
        if type(move) is ChanceEvent:
            raise IllegalMoveError("chance", _("No chance outcome is due now; it is player {seat:+1}'s turn.", seat=seat))
        raise IllegalMoveError("M-4", _("{move} is not a Mandala move; player {seat:+1} plays into a mountain or a field, "
                                        "or discards (M-4.1 to M-4.3).", move=repr(move), seat=seat))

    def _area_name(self, m: int, owner: int, seat: int) -> str:
        if owner == _MOUNTAIN:
            return _("mountain {mandala}", mandala=MANDALAS[m])
        if owner == seat + 1:
            return _("your field of mandala {mandala}", mandala=MANDALAS[m])
        return _("the other player’s field of mandala {mandala}", mandala=MANDALAS[m])

    # ----- M-4: the three actions -----------------------------------------------------------------
    def _play_mountain(self, seat: int, move: Mountain) -> None:
        """M-4.1: one card into a mountain, draw up to 3 without passing 8, then M-5 check."""
        m, c = move.mandala, move.colour
        hand = self.hands[seat]
        if not hand[c]:
            raise IllegalMoveError("M-4.1", _("Player {seat:+1} has no {colour} card in hand to play into mountain "
                                              "{mandala}.", seat=seat, colour=_colour(c), mandala=MANDALAS[m]))
        owner = self.owner[m][c]
        if owner > _MOUNTAIN:
            where = self._area_name(m, owner, seat)
            raise IllegalMoveError("M-3.1", _("{Colour} already lies in {where}, so in mandala {mandala} it can only "
                                              "go there, not into the mountain.", Colour=_colour(c).capitalize(),
                                              colour=_colour(c), where=where, mandala=MANDALAS[m]))
        size = self.hand_sizes[seat] - 1
        if not size and not self.deck and not self.discard_size:
            raise IllegalMoveError("M-4.4", _("Player {seat:+1} would end the turn with no card in hand: the deck and the "
                                              "discard pile are empty, so nothing can be drawn.", seat=seat))
        hand[c] -= 1
        self.hand_sizes[seat] = size
        self.free[c] -= 1
        self.mountains[m][c] += 1
        if owner == _NONE:
            self.owner[m][c] = _MOUNTAIN
            self.ncolours[m] += 1
        self._draw_seat = seat
        self._draw_left = draw_count(size)
        self._check = m
        self._continue_turn()

    def _play_field(self, seat: int, move: Field) -> None:
        """M-4.2: cards of one colour into one's own field; no draw; then M-5 check."""
        m, c, n = move.mandala, move.colour, move.count
        hand = self.hands[seat]
        if n > hand[c]:
            raise IllegalMoveError("M-4.2", ngettext(
                "Player {seat:+1} has {n} {colour} card in hand, so they cannot play {k} into their field.",
                "Player {seat:+1} has {n} {colour} cards in hand, so they cannot play {k} into their field.",
                hand[c], seat=seat, colour=_colour(c, hand[c]), k=n))
        owner = self.owner[m][c]
        if owner != _NONE and owner != seat + 1:
            where = self._area_name(m, owner, seat)
            raise IllegalMoveError("M-3.1", _("{Colour} already lies in {where}, so in mandala {mandala} it cannot go "
                                              "into your field.", Colour=_colour(c).capitalize(), colour=_colour(c),
                                              where=where, mandala=MANDALAS[m]))
        size = self.hand_sizes[seat] - n
        if size < 1:
            raise IllegalMoveError("M-4.4", ngettext(
                "Playing your last card would leave player {seat:+1} with an empty hand; a turn may never end with no "
                "card in hand, and a field play draws nothing.",
                "Playing all {n} cards would leave player {seat:+1} with an empty hand; a turn may never end with no "
                "card in hand, and a field play draws nothing.", n, seat=seat))
        hand[c] -= n
        self.hand_sizes[seat] = size
        self.free[c] -= n
        self.fields[m][seat][c] += n
        self.field_sizes[m][seat] += n
        if owner == _NONE:
            self.owner[m][c] = seat + 1
            self.ncolours[m] += 1
        if self.ncolours[m] == NUM_COLOURS:
            self._start_destruction(m)
        else:
            self._end_turn()

    def _play_discard(self, seat: int, move: Discard) -> None:
        """M-4.3: discard cards of one colour, draw as many; completes nothing."""
        c, n = move.colour, move.count
        hand = self.hands[seat]
        if n > hand[c]:
            raise IllegalMoveError("M-4.3", ngettext(
                "Player {seat:+1} has {n} {colour} card in hand, so they cannot discard {k}.",
                "Player {seat:+1} has {n} {colour} cards in hand, so they cannot discard {k}.",
                hand[c], seat=seat, colour=_colour(c, hand[c]), k=n))
        hand[c] -= n
        self.hand_sizes[seat] -= n
        self.discard[c] += n
        self.discard_size += n
        self._draw_seat = seat
        self._draw_left = n
        self._check = -1
        self._continue_turn()

    # ----- M-6: drawing and reshuffles ----------------------------------------------------------
    def _continue_turn(self) -> None:
        """Finish the current turn: owed draws (M-4.1, M-4.3) and the completion check
        (M-5.1), or the rest of a refill (M-5.6)."""
        if self._draw_left and not self._draw():
            return  # waiting for a reshuffle (M-6.1)
        m = self._check
        if m >= 0 and self.ncolours[m] == NUM_COLOURS:
            self._start_destruction(m)
        else:
            self._end_turn()

    def _draw(self) -> bool:
        """Deal the owed cards into ``_draw_seat``'s hand, or into mountain ``_refill``
        (M-5.6); False if a reshuffle is due first.

        M-6.1: an empty deck with a non-empty discard pile needs a reshuffle (a chance node).
        M-6.2: emptying the deck triggers the end. M-6.3: with the discard pile empty too, the
        draw simply yields fewer cards.
        """
        seat = self._draw_seat
        hand = self.hands[seat]
        deck = self.deck
        n = self._draw_left
        m = self._refill
        drawn = 0
        while n:
            if not deck:
                if self.discard_size:
                    self.hand_sizes[seat] += drawn
                    self._draw_left = n
                    self._turn = CHANCE
                    self.phase = CHANCE_PHASE
                    self._chance_kind = RESHUFFLE
                    return False
                break
            if m < 0:
                hand[deck.pop()] += 1
                drawn += 1
            else:
                self._into_mountain(m, deck.pop())
            n -= 1
            if not deck:
                self.end_triggered = True
        self.hand_sizes[seat] += drawn
        self._draw_left = 0
        self._refill = -1
        return True

    def _apply_chance(self, event: ChanceEvent) -> None:
        """M-2.1 (first shuffle, then the deal of M-2.2/M-2.3) or M-6.1 (reshuffle, then resume)."""
        outcome = event.outcome
        counts = [outcome.count(c) for c in _COLOURS]
        if self._chance_kind == SHUFFLE:
            if event.kind != SHUFFLE or counts != [PER_COLOUR] * NUM_COLOURS or len(outcome) != DECK_SIZE:
                raise IllegalMoveError("M-2.1", _("The first shuffle must list the 108 cards as colour codes 0-5 "
                                                  "(black, green, purple, yellow, orange, red), 18 of each."))
            self.deck = list(reversed(outcome))
            self._deal()
            return
        if event.kind != RESHUFFLE or counts != self.discard or len(outcome) != self.discard_size:
            raise IllegalMoveError("M-6.1", _("A reshuffle must list exactly the cards of the discard pile ({cards}) "
                                              "as colour codes, top card first.", cards=counts_words(self.discard, COLOURS)))
        self.deck = list(reversed(outcome))
        self.discard = [0] * NUM_COLOURS
        self.discard_size = 0
        self.phase = PLAY
        self._turn = self.mover
        self._continue_turn()

    def _deal(self) -> None:
        """M-2.2, M-2.3: 2 cards face up into each mountain, then 6 to hand and 2 to cup per seat."""
        deck = self.deck
        for m in range(2):
            for _count in range(START_MOUNTAIN):
                self._into_mountain(m, deck.pop())
        for p in range(2):
            for _count in range(START_HAND):
                self.hands[p][deck.pop()] += 1
            for _count in range(START_CUP):
                c = deck.pop()
                self.cups[p][c] += 1
                self.free[c] -= 1
            self.hand_sizes[p] = START_HAND
        self.phase = PLAY
        self._turn = self.mover

    def _into_mountain(self, m: int, c: int) -> None:
        """A card from the deck goes face up into mountain ``m`` (M-2.2, M-5.6)."""
        self.mountains[m][c] += 1
        self.free[c] -= 1
        if self.owner[m][c] == _NONE:
            self.owner[m][c] = _MOUNTAIN
            self.ncolours[m] += 1
