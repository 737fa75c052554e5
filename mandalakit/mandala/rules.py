"""Rules options of Mandala (the "Ruling" points of mandala.md)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.contract import RulesBase
from ..core.errors import RulesError, shown

#: M-6.3 / M-7.1: after the deck is first emptied, play on until the next completion.
RESHUFFLE_THEN_LAST_COMPLETION = "reshuffle_then_last_completion"
#: M-6.3: the short summaries' reading: the game ends after the turn that empties the deck.
END_AT_ONCE = "end_at_once"


@dataclass(frozen=True)
class Rules(RulesBase):
    """Options of a Mandala game.

    Attributes
    ----------
    deck_exhaustion : str
        M-6.3. ``"reshuffle_then_last_completion"`` (default, M-7.1): once the deck has been
        emptied, the discard pile is reshuffled whenever needed (M-6.1) and the game ends after
        the next completion is resolved. ``"end_at_once"``: the game ends at the end of the
        turn in which the deck is first emptied (that turn's draws, and a refill that empties
        the deck, are still completed by a reshuffle, M-6.1; a completion after the emptying
        in that turn is still resolved fully, without a new mountain deal, M-5.6).
    """

    deck_exhaustion: str = RESHUFFLE_THEN_LAST_COMPLETION

    def __post_init__(self):
        if self.deck_exhaustion not in (RESHUFFLE_THEN_LAST_COMPLETION, END_AT_ONCE):
            raise RulesError(
                "M-6.3",
                f"deck_exhaustion must be {RESHUFFLE_THEN_LAST_COMPLETION!r} or {END_AT_ONCE!r}, "
                f"not {shown(self.deck_exhaustion)}.",
            )
