"""Rules options of Mandala (the "Ruling" points of mandala.md)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.contract import RulesBase
from ..core.errors import RulesError, shown
from ..core.messages import _

#: M-6.3 / M-7.1: after the deck is first emptied, play on until the next completion.
RESHUFFLE_THEN_LAST_COMPLETION = "reshuffle_then_last_completion"
#: M-6.3: the short summaries' reading: the game ends after the turn that empties the deck.
END_AT_ONCE = "end_at_once"
#: M-7.5: the game ends after a turn that leaves no mandala able to complete.
STALEMATE_END = "end"
#: M-7.5 not applied (the printed rules): play goes on, and such a game may never end.
STALEMATE_PLAY_ON = "play_on"
#: M-7.6: turns in a row with no completion, after the deck triggered the end, that end the game.
STALL_TURNS = 100


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
    stalemate : str
        M-7.5. ``"end"`` (default): the game ends at the end of a turn after which no mandala
        can complete again, for example because every card of some colour lies in rivers and
        cups (see :meth:`MandalaState.can_complete`); it is scored as usual (M-7.3, M-7.4),
        and nothing could have changed the scores any more. ``"play_on"``: the printed rules,
        which say nothing of it: play goes on, so such a game may never end (the bots' loop
        stops it after ``max_decisions``).
    stall_turns : int or None
        M-7.6. Once the deck has triggered the end (M-7.1), the game ends at the end of the
        ``stall_turns``-th turn after the one that triggered it if no mandala was completed
        in between (a completion then ends the game anyway, M-7.1). Default 100; ``None``: no
        limit, so two players who only discard and redraw may play for ever.

    Raises
    ------
    RulesError
        For any other value of ``deck_exhaustion`` (M-6.3), ``stalemate`` (M-7.5) or
        ``stall_turns`` (M-7.6: a whole number of at least 1, or ``None``).
    """

    deck_exhaustion: str = RESHUFFLE_THEN_LAST_COMPLETION
    stalemate: str = STALEMATE_END
    stall_turns: int | None = STALL_TURNS

    def __post_init__(self):
        if self.deck_exhaustion not in (RESHUFFLE_THEN_LAST_COMPLETION, END_AT_ONCE):
            raise RulesError(
                "M-6.3",
                _("deck_exhaustion must be {a!r} or {b!r}, not {value}.", a=RESHUFFLE_THEN_LAST_COMPLETION,
                  b=END_AT_ONCE, value=shown(self.deck_exhaustion)),
            )
        if self.stalemate not in (STALEMATE_END, STALEMATE_PLAY_ON):
            raise RulesError("M-7.5", _("stalemate must be {a!r} or {b!r}, not {value}.", a=STALEMATE_END,
                                        b=STALEMATE_PLAY_ON, value=shown(self.stalemate)))
        turns = self.stall_turns
        if turns is not None and (isinstance(turns, bool) or not isinstance(turns, int) or turns < 1):
            raise RulesError("M-7.6", _("stall_turns must be a whole number of at least 1, or none (no limit); got "
                                        "{value}.", value=shown(turns)))

    @property
    def turns_after_trigger(self) -> int:
        """Turns played after the one in which the deck triggered the end (M-6.2) at the end of
        which the game ends at the latest: 0 under ``deck_exhaustion="end_at_once"`` (M-6.3),
        else ``stall_turns`` (M-7.6), -1 for no limit."""
        if self.deck_exhaustion == END_AT_ONCE:
            return 0
        return -1 if self.stall_turns is None else self.stall_turns
