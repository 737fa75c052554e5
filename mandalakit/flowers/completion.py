"""Completing a mandala (F-4): the claim holder's choice of tile, the runner-up, Flowers, the refill.

:class:`Completion` holds these rules as methods of :class:`~.state.FlowersState` (a mix-in:
the state's data and contract live in :mod:`.state`).
"""

from __future__ import annotations

from ..core.errors import IllegalMoveError
from ..core.messages import _, a_or_an, colour
from .cards import COLOURS, NUM_COLOURS
from .mandalas import Mandala, runner_up
from .moves import Take
from .phases import _COLOURS6, CHOOSE


class Completion:
    """A complete mandala is resolved (F-4.1 to F-4.5)."""

    def _complete(self) -> None:
        """F-4.1/F-4.2: ask the holder for a tile, or give both when there is no runner-up."""
        m = self.mandalas[self._pending]
        holder = m.claim
        assert holder >= 0, "a complete mandala always has a claim holder (F-3.6)"
        runner = runner_up(m.tot, m.up, holder)
        if runner < 0:
            self._resolve(holder, -1, m.dark)
        else:
            self._runner = runner
            self.phase = CHOOSE
            self.current_player = holder

    def _take(self, seat: int, move: Take) -> None:
        """F-4.1: the holder keeps the tile of the chosen colour; the runner-up gets the other."""
        m = self.mandalas[self._pending]
        tile_colour = self._tile_colour
        if move.colour == tile_colour[m.dark]:
            chosen = m.dark
        elif move.colour == tile_colour[m.light]:
            chosen = m.light
        else:
            dark, light = self.tile(m.dark), self.tile(m.light)
            raise IllegalMoveError("F-4.1", _(
                "Mandala {mandala} has {a_dark} and {a_light} tile; there is no {colour} tile to take.",
                mandala=self._pending + 1, a_dark=a_or_an(str(dark)), a_light=a_or_an(str(light)), dark=dark.words,
                light=light.words, colour=colour(COLOURS[move.colour])))
        self._resolve(seat, self._runner, chosen)

    def _resolve(self, holder: int, runner: int, chosen: int) -> None:
        """F-4.2 to F-4.5: give the tiles, discard or return the cards, refill, end the turn."""
        i = self._pending
        m = self.mandalas[i]
        other = m.light if chosen == m.dark else m.dark
        self._gain(holder, chosen)
        self._gain(holder if runner < 0 else runner, other)
        discard, hands = self.discard, self.hands
        for q in range(self.num_players):
            tot = m.tot[q]
            if not tot:
                continue
            cards = m.cards[q]
            pile = discard if q == holder or q == runner else hands[q]  # F-4.4
            for c in _COLOURS6:
                pile[c] += cards[c]
            if q == holder or q == runner:
                self.discard_size += tot
            else:
                self.sizes[q] += tot  # may exceed 8 (F-4.4)
        m.claim = -1
        m.up_owner = [-1] * NUM_COLOURS
        m.up_count = [0] * NUM_COLOURS
        m.cards = [[0] * NUM_COLOURS for _ in range(self.num_players)]
        m.tot = [0] * self.num_players
        m.up = [0] * self.num_players
        if not self._refill(m) and self.end_reason is None:
            self.end_reason = "F-5.2"
        self._runner = -1
        self._end_turn()

    def _gain(self, seat: int, tile: int) -> None:
        """F-4.3: a tile pairs at once with an unpaired tile of its colour into a Flower."""
        c = self._tile_colour[tile]
        single = self.singles[seat]
        if single[c]:
            self.flowers[seat].append((single[c], tile))
            single[c] = 0
            self.nflowers[seat] += 1
            if self.nflowers[seat] >= 3 and self.end_reason is None:
                self.end_reason = "F-5.1"
        else:
            single[c] = tile

    def _refill(self, m: Mandala) -> bool:
        """F-4.5: a new dark and light tile on ``m``; False if a stack is empty (F-5.2)."""
        dark, light = self.stacks
        if not dark or not light:
            m.dark = m.light = 0
            m.covered = 0
            return False
        m.dark = dark.pop()
        m.light = light.pop()
        m.covered = 1 << self._tile_colour[m.dark] | 1 << self._tile_colour[m.light]
        return True
