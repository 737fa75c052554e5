"""Refusals worded through the message catalogues (:mod:`.errors` itself imports no messages,
so that :mod:`.messages` may import it)."""

from __future__ import annotations

from .errors import EndlessGameError, IllegalMoveError, quote
from .messages import _

__all__ = ["endless_game", "text_not_move"]


def text_not_move(text: str) -> IllegalMoveError:
    """The refusal of text given to ``State.apply`` where a move is expected (tag ``"notation"``):
    it points to the game's ``parse`` (``state.parse_move``), which reads the text."""
    return IllegalMoveError("notation", _("apply takes a move, not text: read the text with the game's parse first, "
                                          "state.apply(state.parse_move('{text}')).", text=quote(text)))


def endless_game(decisions: int) -> EndlessGameError:
    """The stop of a game that has not ended within ``decisions`` decisions (a ``RuntimeError``)."""
    return EndlessGameError(_("A game did not end within {n:,} decisions: under these rules the bots can play "
                              "for ever; choose rules that end every game (for Mandala, a number of turns for "
                              "stall_turns).", n=decisions), decisions)
