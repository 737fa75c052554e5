"""Who plays, in people's words: "You", "Player 2", "Bot (greedy)", or a name typed in New game.

Seats are numbered from 0 in the library (records, ``current_player``); people count from 1,
so a seat with no name of its own reads "Player 1" for seat 0.

>>> display_names(["you", "greedy"])
['You', 'Bot (greedy)']
>>> display_names(["you", "you", "random"])
['Player 1', 'Player 2', 'Bot (random)']
>>> display_names(["Ann", "seat 1", "greedy", "greedy"])
['Ann', 'Player 2', 'Bot 3 (greedy)', 'Bot 4 (greedy)']
"""

from __future__ import annotations

from collections.abc import Sequence

from mandalakit.core.messages import BOT_NAMES, _, bot_name

__all__ = ["HUMAN", "display_names", "is_you", "own_name"]

#: Seat kind of a person at the screen (every other seat kind is a bot name of the game).
HUMAN = "you"


def display_names(players: Sequence[str], *, you: bool = True) -> list[str]:
    """The name of each seat as a pupil reads it.

    Parameters
    ----------
    players : sequence of str
        Who plays each seat, as a record names them: ``"you"`` (a person at this screen), a
        bot's name (``"greedy"``), a record's default ``"seat N"``, or a name typed in.
    you : bool
        ``True`` (a play view): a single ``"you"`` seat reads "You". ``False`` (a replay,
        hot-seat): every person reads "Player N".

    Returns
    -------
    list of str
        One name per seat, in the language in force.
    """
    players = [str(p) for p in players]
    single = you and players.count(HUMAN) == 1
    bots = [p for p in players if p in BOT_NAMES]
    names = []
    for seat, player in enumerate(players):
        if player == HUMAN:
            names.append(_("You") if single else _("Player {n}", n=seat + 1))
        elif player in BOT_NAMES:
            level = bot_name(player)
            names.append(_("Bot ({level})", level=level) if bots.count(player) == 1
                         else _("Bot {n} ({level})", n=seat + 1, level=level))
        else:
            names.append(own_name(seat, player) or _("Player {n}", n=seat + 1))
    return names


def own_name(seat: int, player: str) -> str:
    """The name a person gave ``seat`` (``"Ann"``), or ``""`` for a seat kind (``"you"``, a
    bot) or a record's default name (``"seat 0"``)."""
    player = str(player).strip()
    if player == HUMAN or player in BOT_NAMES or player.casefold() == f"seat {seat}":
        return ""
    return player


def is_you(name: str) -> bool:
    """True if ``name`` (from :func:`display_names`) is the person at this screen, so a
    sentence about them reads "You drew 3 cards" rather than "You drew ... their"."""
    return name == _("You")
