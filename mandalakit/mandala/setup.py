"""Starting a Mandala game: a new deal (M-2) or a hand-built position (M-1 to M-7 checked).

:func:`new_game` and :func:`from_position` are the two ways to get a
:class:`~.state.MandalaState`. This module builds on :mod:`.state` and :mod:`.position`;
neither of them imports it.
"""

from __future__ import annotations

from numbers import Integral

from ..core.contract import check_players, check_rules, make_rng
from ..core.errors import RulesError, quote, shown
from ..core.messages import _
from .position import build_position
from .rules import Rules
from .state import MandalaState


def new_game(
    players: int = 2,
    *,
    seed=None,
    rules: Rules | None = None,
    setup: dict | None = None,
    manual_chance: bool = False,
) -> MandalaState:
    """Start a Mandala game.

    Parameters
    ----------
    players : int
        Must be 2 (Mandala is a two-player game).
    seed : int, numpy.random.Generator or None
        Seed of the game's own generator, which shuffles the deck and every reshuffle.
    rules : Rules, optional
        Options (M-6.3 ``deck_exhaustion``); default ``Rules()``.
    setup : dict, optional
        ``{"first_player": 0 or 1}`` (M-2.5, default 0), or ``{"position": {...}}`` to start
        from a hand-built position (see :func:`from_position`). Stored on ``state.setup``.
    manual_chance : bool
        If true the game has no generator and waits for the ``shuffle`` event (and every
        ``reshuffle``) from the caller: record replay, typed-in physical games.

    Raises
    ------
    RulesError
        For a player count other than 2 (``M-2``), an invalid setup or position.
    """
    check_players("mandala", players, 2, 2, "M-2")
    rules = check_rules("mandala", rules, Rules)
    setup = dict(setup or {})
    unknown = sorted(set(setup) - {"first_player", "position"})
    if unknown or len(setup) > 1:
        raise RulesError("options", _("A Mandala setup is {{'first_player': 0 or 1}} or {{'position': {{...}}}}; "
                                      "got keys {keys}.", keys=quote(", ".join(map(repr, setup))) or _("none")))
    rng = None if manual_chance else make_rng(seed)
    if "position" in setup:
        return build_position(setup["position"], rules, rng)
    first = setup.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, Integral) or first not in (0, 1):
        raise RulesError("M-2.5", _("The first player must be 0 (player 1) or 1 (player 2), not {value}.",
                                    value=shown(first)))
    first = int(first)
    state = MandalaState(rules, rng, {"first_player": first}, first)
    state._after_apply()
    return state


def from_position(position: dict, *, seed=None, rules: Rules | None = None,
                  manual_chance: bool = False) -> MandalaState:
    """Build a state at the start of a turn from a hand-built position (tests, lessons, puzzles).

    Same as ``new_game(2, seed=seed, rules=rules, setup={"position": position}, ...)``. The
    completed position is stored in ``state.setup["position"]``, so records of games started
    this way replay exactly.

    Parameters
    ----------
    position : dict
        JSON-ready, colours by name, counts as ``{colour: count}``, mandalas ``"A"`` and
        ``"B"`` (in any case); every key but ``hands`` is optional::

            {
              "to_move": 0,                                  # seat whose turn it is
              "hands": [{"red": 3}, {"green": 2}],           # per seat, at least 1 card each
              "cups": [{"red": 2}, {}],
              "rivers": [["red", "green"], []],              # left (value 1) to right
              "mountains": {"A": {"black": 1}, "B": {}},
              "fields": {"A": [{"orange": 2}, {}], "B": [{}, {}]},
              "deck": ["yellow", "red"],                     # top card first
              "discard": {"purple": 4},
              "end_triggered": False,                        # M-6.2 already happened?
              "stalled_turns": 0,                            # M-7.6: turns ended since then
            }

        The cards not placed anywhere (the 108 of M-1.1, 18 per colour) fill whichever of
        ``deck`` and ``discard`` is left out: the deck in the fixed order black, green, purple,
        yellow, orange, red, black, ... (top first), or the discard pile. If both are given,
        the position must account for all 108 cards.
    seed, rules, manual_chance
        As for :func:`new_game` (the seed drives later reshuffles).

    Raises
    ------
    RulesError
        With the rule id when the position is impossible: wrong card totals (``M-1.1``),
        a colour in two areas of a mandala (``M-3.1``), an already complete mandala
        (``M-5.1``), a bad river (``M-1.3``, ``M-7.2``), an empty hand (``M-4.4``), an empty
        deck without ``end_triggered`` (``M-6.2``), no mandala able to complete again
        (``M-7.5``, unless ``stalemate="play_on"``). With the tag ``options`` when an entry
        has the wrong type (a list or text where an object of counts is expected, an object
        where a list is expected); ``end_triggered`` must be true or false (``M-6.2``),
        ``to_move`` 0 or 1 (``M-2.5``), ``stalled_turns`` a whole number, 0 unless
        ``end_triggered``, and not past ``stall_turns`` (``M-7.6``), colours and mandalas known names (``M-1.1``,
        ``M-1.2``). Every refusal quotes at most 60 characters of what was written.
    """
    return new_game(2, seed=seed, rules=rules, setup={"position": position}, manual_chance=manual_chance)
