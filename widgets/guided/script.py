"""A guided first game written as data: :class:`Script` and its :class:`Step` s.

A script is a prepared deal (the game's ``new_game(seed)``) against a bot level, and the
pupil's moves in the order the guide asks for them. Each step names the move in the game's
notation, the sentence that says why (marked with ``N_``, translated when shown), and
optionally a milestone: a sentence shown once the move and the bot's answer are on the board,
with what on the board it lights (``data-mk-key`` of cards, ``data-mk-flower`` of a Flower).
:class:`~mandalakit.widgets.guided.guided_game.GuidedGame` plays any script; nothing in it
knows a step.

>>> script = script_of("ohanami")
>>> script.level, len(script.steps) > 3, script.steps[0].move
('easy', True, 'pick 87 118')
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

__all__ = ["GAMES", "Script", "Step", "script_of"]

#: The games that have a guided first game, in the landing page's order.
GAMES = ("ohanami", "mandala", "flowers")


@dataclass(frozen=True)
class Step:
    """One move the guide asks for.

    Attributes
    ----------
    move : str
        The expected move in the game's notation (``"pick 87 118"``); it must be legal when
        its step comes (the scripts' test plays each one to the end).
    say : str
        Why this move, in one or two sentences for a 12-year-old (an ``N_`` message id).
    milestone : str
        Shown after the move and the bot's answer, with a *Next* button (empty: none).
    light : tuple of str
        What the milestone lights on the board: ``data-mk-key`` ids of cards (``"card87"``,
        ``"river0:red"``) or ``data-mk-flower`` ids of Flowers (``"0:0"``).
    """

    move: str
    say: str
    milestone: str = ""
    light: tuple[str, ...] = ()


@dataclass(frozen=True)
class Script:
    """A guided first game: the deal, the opponent's level and the steps.

    Attributes
    ----------
    game : str
        A game of :data:`GAMES`.
    seed : int
        The deal (``new_game(2, seed=seed)``; the bot plays with ``seed + 2``, as in the play view).
    level : str
        The opponent's level (``"easy"``): shown as "Bot (easy)".
    welcome, finale : str
        ``N_`` message ids: the first words of the page, and the last before the normal game.
    steps : tuple of Step
    """

    game: str
    seed: int
    level: str
    welcome: str
    finale: str
    steps: tuple[Step, ...]


def script_of(game: str) -> Script:
    """The guided first game of ``game``.

    Raises
    ------
    ValueError
        For a game without a guided first game (the known ones are named).
    """
    if game not in GAMES:
        raise ValueError(f"There is a guided first game for {', '.join(GAMES)}; not for {game!r}.")
    return import_module(f"mandalakit.widgets.guided.{game}").SCRIPT
