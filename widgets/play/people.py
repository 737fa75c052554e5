"""Who plays, in people's words: "You", "Player 2", "Bot (medium)", or a name typed in New game.

Seats are numbered from 0 in the library (records, ``current_player``); people count from 1,
so a seat with no name of its own reads "Player 1" for seat 0. A bot reads as the level it
plays at ("Bot (hard)", :data:`~mandalakit.core.contract.LEVELS`), never as the algorithm
behind it (issue 30): a record keeps the bot's own name (``"pimc"``), a pupil reads the level.
A bot behind no level (a record of the ``"heuristic"`` bot) is just "Bot".

>>> display_names(["you", "greedy"])
['You', 'Bot (medium)']
>>> display_names(["you", "you", "random"])
['Player 1', 'Player 2', 'Bot (easy)']
>>> display_names(["Ann", "seat 1", "pimc", "hard"])
['Ann', 'Player 2', 'Bot 3 (hard)', 'Bot 4 (hard)']
>>> display_names(["you", "heuristic"])
['You', 'Bot']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mandalakit.core.contract import LEVELS
from mandalakit.core.messages import BOT_NAMES, _, bot_name

__all__ = ["HUMAN", "display_names", "is_you", "level_of", "own_name"]

#: Seat kind of a person at the screen (every other seat kind is a bot name of the game).
HUMAN = "you"


def level_of(player: str, levels: Mapping[str, str] = LEVELS) -> str:
    """The level (``"hard"``) a bot called ``player`` (``"pimc"`` or ``"hard"``) plays at, or
    ``""`` for a bot behind no level of ``levels`` (a game's ``GameSpec.levels``)."""
    if player in levels:
        return player
    return next((level for level, bot in levels.items() if bot == player), "")


def display_names(players: Sequence[str], *, you: bool = True, levels: Mapping[str, str] = LEVELS) -> list[str]:
    """The name of each seat as a pupil reads it.

    Parameters
    ----------
    players : sequence of str
        Who plays each seat, as a record names them: ``"you"`` (a person at this screen), a
        bot's name (``"greedy"``), a record's default ``"seat N"``, or a name typed in.
    you : bool
        ``True`` (a play view): a single ``"you"`` seat reads "You". ``False`` (a replay,
        hot-seat): every person reads "Player N".
    levels : mapping of str to str
        The game's levels and the bot behind each (``GameSpec.levels``).

    Returns
    -------
    list of str
        One name per seat, in the language in force.
    """
    players = [str(p) for p in players]
    single = you and players.count(HUMAN) == 1
    shown_levels = [level_of(p, levels) for p in players if p in BOT_NAMES]
    names = []
    for seat, player in enumerate(players):
        if player == HUMAN:
            names.append(_("You") if single else _("Player {n}", n=seat + 1))
        elif player in BOT_NAMES:
            level = level_of(player, levels)
            if shown_levels.count(level) == 1:
                names.append(_("Bot ({level})", level=bot_name(level)) if level else _("Bot"))
            else:
                names.append(_("Bot {n} ({level})", n=seat + 1, level=bot_name(level)) if level
                             else _("Bot {n}", n=seat + 1))
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
