"""Starting a Flowers game (F-2): who plays first, then the shuffles and the deal.

:func:`new_game` is how a game starts; a hand-made position comes from
:func:`~.position.from_position`. This module builds on :mod:`.state`, which does not import it.
"""

from __future__ import annotations

import numpy as np

from ..core.contract import check_players, check_rules, game_rng
from ..core.errors import RulesError, quote, shown
from ..core.messages import _
from .rules import Rules
from .state import FlowersState


def new_game(
    players: int = 2,
    *,
    seed=None,
    rules: Rules | None = None,
    setup: dict | None = None,
    manual_chance: bool = False,
) -> FlowersState:
    """Start a Flowers game.

    Parameters
    ----------
    players : int
        2, 3 or 4 (F-2.3).
    seed : int, numpy.random.Generator or None
        Seed of the game's own generator, which shuffles the deck and the two tile stacks
        (same seed, same game).
    rules : Rules, optional
        Options (``single_play_draw``, ``tiles``); default ``Rules()``.
    setup : dict, optional
        ``{"first_player": seat}`` (default seat 0): who starts with 5 cards and plays first.
    manual_chance : bool
        If true the game has no generator and waits for the ``shuffle``, ``dark`` and
        ``light`` events, and later for every ``reshuffle`` (record replay, physical games).

    Raises
    ------
    RulesError
        For a player count outside 2-4 (F-2.3), rules of another game, a bad setup, seed or
        ``manual_chance``.
    """
    players = check_players("flowers", players, 2, 4, "F-2.3")
    rules = check_rules("flowers", rules, Rules)
    setup = dict(setup or {})
    unknown = sorted(set(setup) - {"first_player"})
    if unknown:
        raise RulesError("options", _("Flowers setup knows only 'first_player'; got {keys} (a hand-built position "
                                      "cannot be replayed from the start).", keys=quote(", ".join(map(repr, unknown)))))
    first = setup.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, (int, np.integer)) or not 0 <= first < players:
        raise RulesError("F-2.3", _("first_player must be a number from 0 (player 1) to {last} (player {players}), "
                                    "not {value}.", last=players - 1, players=players,
                                    value=shown(first)))
    state = FlowersState(players, rules, game_rng(seed, manual_chance), int(first))
    state._after_apply()
    return state
