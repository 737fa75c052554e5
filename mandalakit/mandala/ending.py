"""The end of a Mandala turn and of the game (M-7), and whether a mandala can still complete (M-7.5).

:class:`Ending` holds these rules as methods of :class:`~.state.MandalaState` (a mix-in: the
state's data and contract live in :mod:`.state`).
"""

from __future__ import annotations

from ..core.contract import TERMINAL
from .moves import Pick
from .phases import _COLOURS, _NONE, OVER, PLAY
from .rules import STALEMATE_END


class Ending:
    """When a turn passes and when the game ends (M-6.3, M-7.1, M-7.2, M-7.5, M-7.6)."""

    def _end_turn(self) -> None:
        """Pass the turn to the other seat (M-2.5), unless the game ends now: M-6.3
        ``end_at_once`` once the deck was emptied, M-7.6 after ``stall_turns`` turns more with no
        completion, M-7.5 once no mandala can complete again."""
        if self.end_triggered:
            self._stalled += 1
            limit = self.rules.turns_after_trigger
            if self._stalled > limit >= 0:
                self._game_over()
                return
        # Cheap first: with 6 cards in deck and discard pile (so at least 8 free cards) and a
        # free card of every colour, can_complete() is true.
        if ((0 in self.free or len(self.deck) + self.discard_size < 6)
                and self.rules.stalemate == STALEMATE_END and not self.can_complete()):
            self._game_over()
            return
        nxt = 1 - self.mover
        self.mover = nxt
        self._turn = nxt
        self.phase = PLAY

    @property
    def end_reason(self) -> str | None:
        """Rule that ended the game, ``None`` before the end (a column of simulation tables).

        ``"M-7.2"`` a river was filled; ``"M-7.1"`` the completion after the deck was emptied;
        ``"M-6.3"`` the deck was emptied under ``deck_exhaustion="end_at_once"``; ``"M-7.6"``
        ``stall_turns`` turns passed with no completion after that; ``"M-7.5"`` no mandala
        could complete any more. Read from the final position (a property, so the
        state keeps its 29 attributes, see ``__init__``): an M-7.1 end comes right after a
        completion, whose last :class:`Pick` leaves its mandala empty with no new mountain
        (M-5.6); M-7.6 and M-7.5 ends come at the end of a turn.
        """
        if self._turn != TERMINAL:
            return None
        if self.river_full:
            return "M-7.2"
        if not self.end_triggered:
            return "M-7.5"
        limit = self.rules.turns_after_trigger
        if not limit:
            return "M-6.3"
        if self._stalled > limit > 0:
            return "M-7.6"
        last = next(move for seat, move in reversed(self.history) if seat >= 0)
        emptied = any(self.ncolours[m] == 0 and not any(self.mountains[m]) for m in range(2))
        if (isinstance(last, Pick) and emptied) or self.rules.stalemate != STALEMATE_END or self.can_complete():
            return "M-7.1"
        return "M-7.5"

    def _game_over(self) -> None:
        self.phase = OVER
        self._turn = TERMINAL
        self.destroying = -1

    def count_free(self) -> None:
        """Count :attr:`free` from hands, deck and discard pile (after a hand-built position or a
        resampling of hidden cards); play keeps it up to date by itself."""
        self.free = self._free_now()

    def _free_now(self) -> list[int]:
        free = [self.hands[0][c] + self.hands[1][c] + self.discard[c] for c in _COLOURS]
        for c in self.deck:
            free[c] += 1
        return free

    def can_complete(self) -> bool:
        """True if a mandala can still complete, at the start of a turn (M-7.5).

        Nothing leaves a mandala before it completes, and rivers and cups never give a card
        back, so only free cards (hands, deck, discard pile: :attr:`free`) can bring mandala
        ``m`` the ``k`` colours it lacks, one play each, while both hands keep a card (M-4.4).

        * With cards in the deck or discard pile, discards and draws can bring any free card
          into either hand, so ``m`` can complete exactly when every colour it lacks has a
          free card and there are at least ``k + 2`` free cards.
        * With deck and discard pile empty, a hand can only shrink (M-6.3: a discard draws
          back the same cards), so ``m`` can complete exactly when the colours it lacks can be
          shared out between the seats holding them, each seat playing at most its hand size
          minus one of them.

        When neither mandala can complete, no card can reach a river or cup again: the scores
        are final and no end of M-7.1 or M-7.2 can come.

        Returns
        -------
        bool
        """
        free = self.free
        pool = len(self.deck) + self.discard_size
        s0, s1 = self.hand_sizes
        h0, h1 = self.hands
        for owner in self.owner:
            lacking = [c for c in _COLOURS if owner[c] == _NONE]
            k = len(lacking)
            if pool:
                if pool + s0 + s1 >= k + 2 and all(free[c] for c in lacking):
                    return True
            elif (all(h0[c] or h1[c] for c in lacking) and k <= s0 + s1 - 2
                  and sum(1 for c in lacking if not h1[c]) < s0 and sum(1 for c in lacking if not h0[c]) < s1):
                return True
        return False
