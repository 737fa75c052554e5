"""The end of a Flowers turn and of the game (F-5): three Flowers, an empty tile stack, everyone passing.

:class:`Ending` holds these rules as methods of :class:`~.state.FlowersState` (a mix-in: the
state's data and contract live in :mod:`.state`). The other two ends are noted where they
happen (F-5.1 in :meth:`~.completion.Completion._gain`, F-5.2 in
:meth:`~.completion.Completion._resolve`) and take effect here at the end of the turn.
"""

from __future__ import annotations

from ..core.contract import TERMINAL
from ..core.errors import IllegalMoveError
from ..core.messages import _
from .phases import OVER, PLAY


class Ending:
    """When a turn passes and when the game ends (F-5.1 to F-5.3)."""

    def _pass(self, seat: int) -> None:
        """F-5.3: pass only without a legal play; everyone passing in a row ends the game."""
        if self.sizes[seat] >= 2 or (self.sizes[seat] == 1 and self._can_draw()):
            raise IllegalMoveError("F-5.3", _("Player {seat:+1} has a legal play, so they may not pass.", seat=seat))
        self.passes += 1
        if self.passes >= self.num_players:
            self.end_reason = "F-5.3"
            self._finish()
        else:
            self._next_turn()

    def _end_turn(self) -> None:
        """F-5.1/F-5.2: the game ends at the end of this turn; otherwise the next seat plays."""
        self._pending = -1
        if self.end_reason is not None:
            self._finish()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.phase = PLAY
        self.active = (self.active + 1) % self.num_players
        self.current_player = self.active

    def _finish(self) -> None:
        self.phase = OVER
        self.current_player = TERMINAL
        self._pending = -1
