"""Completing a mandala (M-5): who picks first, the picks, the river and the cup, the refill.

:class:`Completion` holds these rules as methods of :class:`~.state.MandalaState` (a mix-in:
the state's data and contract live in :mod:`.state`).
"""

from __future__ import annotations

from ..core.errors import IllegalMoveError
from ..core.messages import _, colour
from .cards import COLOURS, MANDALAS, NUM_COLOURS, REFILL, RIVER_SPACES
from .moves import Pick
from .phases import _COLOURS, _NONE, PICKING


class Completion:
    """A completed mandala is destroyed (M-5.2 to M-5.6)."""

    def _start_destruction(self, m: int) -> None:
        """M-5.2: the seat with more cards in its field of ``m`` picks first; on a tie, the seat
        that did not complete it."""
        self.destroying = m
        self.phase = PICKING
        f0, f1 = self.field_sizes[m]
        first = 0 if f0 > f1 else 1 if f1 > f0 else 1 - self.mover
        if any(self.mountains[m]):
            self._turn = first
        else:
            self._finish_destruction()

    def _pick(self, seat: int, move: Pick) -> None:
        """M-5.3 to M-5.5: take every mountain card of one colour; then the other seat picks."""
        m = self.destroying
        c = move.colour
        mountain = self.mountains[m]
        k = mountain[c]
        if not k:
            left = ", ".join(COLOURS[x] for x in _COLOURS if mountain[x])
            raise IllegalMoveError("M-5.3", _("There is no {colour} in mountain {mandala}; pick one of: {left}.",
                                              colour=colour(COLOURS[c]), mandala=MANDALAS[m], left=left))
        mountain[c] = 0
        if self.field_sizes[m][seat]:
            self._place_picked(seat, c, k)
        else:  # M-5.5: an empty field still picks, into the discard pile
            self.discard[c] += k
            self.discard_size += k
            self.free[c] += k
        if any(mountain):
            self._turn = 1 - seat
        else:
            self._finish_destruction()

    def _place_picked(self, seat: int, c: int, k: int) -> None:
        """M-5.4: a new colour puts one card on the leftmost empty river space, the rest in the
        cup; a colour already in the river goes wholly to the cup. M-7.2: the 6th space ends the game."""
        river = self.rivers[seat]
        if c in river:
            self.cups[seat][c] += k
            return
        river.append(c)
        self.cups[seat][c] += k - 1
        if len(river) == RIVER_SPACES:
            self.river_full = True

    def _finish_destruction(self) -> None:
        """M-5.6: both fields to the discard pile, then a new mountain of 2 unless the game ends.

        The game ends here after a filled river (M-7.2) or once the deck has been emptied
        (M-7.1: this is the next completion). The refill comes after the completion: if it
        empties the deck, the discard pile is reshuffled for the rest of it (M-6.1) and the end
        is triggered (M-6.2) for a later completion (M-7.1).
        """
        m = self.destroying
        discard = self.discard
        free = self.free
        for seat in range(2):
            field = self.fields[m][seat]
            for c in _COLOURS:
                discard[c] += field[c]
                free[c] += field[c]
            self.discard_size += self.field_sizes[m][seat]
            self.fields[m][seat] = [0] * NUM_COLOURS
            self.field_sizes[m][seat] = 0
        self.owner[m] = [_NONE] * NUM_COLOURS
        self.ncolours[m] = 0
        self.destroying = -1
        if self.river_full or self.end_triggered:
            self._game_over()
            return
        self._refill = m
        self._draw_left = REFILL
        self._check = -1
        self._continue_turn()
