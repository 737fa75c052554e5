"""Starting an Ohanami game: a new deal (O-2.1) or a hand-built position (O-1 to O-3 checked).

An :class:`~.state.OhanamiState` comes from :func:`new_game` (a shuffled deck, or a position
passed in its setup) or from :func:`from_position` (lessons and rule tests). The state and
the position's checks (:mod:`.position`) never import this module, so they import in no circle.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.contract import check_mapping, check_players, check_rules, game_rng
from ..core.errors import RulesError, quote
from ..core.messages import _
from .position import position_state
from .rules import Rules
from .state import OhanamiState


def new_game(
    players: int = 2,
    *,
    seed=None,
    rules: Rules | None = None,
    setup: dict | None = None,
    manual_chance: bool = False,
) -> OhanamiState:
    """Start an Ohanami game.

    Parameters
    ----------
    players : int
        2, 3 or 4 (O-2.1).
    seed : int, numpy.random.Generator or None
        Seed of the game's own generator, which shuffles the deck (same seed, same game).
    rules : Rules, optional
        Options (O-3.4 ``sakura_cap``); default ``Rules()``.
    setup : dict, optional
        Empty, or ``{"position": {...}}`` to start from a hand-built position (see
        :func:`from_position`). Stored on ``state.setup``.
    manual_chance : bool
        If true the game has no generator and waits for a ``shuffle`` event (record replay,
        typed-in physical games).

    Raises
    ------
    RulesError
        For a player count outside 2-4, an unknown setup key, an impossible position, a bad
        seed or ``manual_chance``.
    """
    players = check_players("ohanami", players, 2, 4, "O-2.1")
    rules = check_rules("ohanami", rules, Rules)
    rng = game_rng(seed, manual_chance)
    setup = check_mapping({} if setup is None else setup, _("The setup"), "options")
    unknown = sorted(map(str, set(setup) - {"position"}))
    if unknown:
        raise RulesError("options", _("An Ohanami setup is empty or {{'position': {{...}}}}; got {keys}.",
                                      keys=quote(", ".join(map(repr, unknown)))))
    if "position" in setup:
        return position_state(setup["position"], rules, rng, players)
    state = OhanamiState(players, rules, rng)
    state._after_apply()
    return state


def from_position(position: Mapping, *, seed=None, rules: Rules | None = None,
                  manual_chance: bool = False) -> OhanamiState:
    """Build a state in the middle of a draft step from a hand-built position (lessons, tests).

    Same as ``new_game(len(position["hands"]), rules=rules, setup={"position": position})``.
    The completed position is stored in ``state.setup["position"]`` and returned by
    ``state.position()``; ``from_position(state.position())`` continues the same game.

    Parameters
    ----------
    position : mapping
        JSON-ready; cards are numbers 1 to 120, seats are list indices; every key but
        ``hands`` may be left out (or be ``None``)::

            {
              "round": 1,                   # 1 to 3 (O-2.1)
              "step": 2,                    # draft step 1 to 5 (O-2.2)
              "hands": [[...], [...]],      # per seat: the cards held, without this step's pick
              "picks": [[12, 45], None],    # per seat: the 2 cards picked this step, or None
              "places": [None, None],       # per seat: its placement this step, as
                                            #   "place 45>1 12>x", or None
              "rows": [[[20, 35]], []],     # per seat: its rows, each ascending (O-2.4)
              "discards": [[], [3, 90]],    # per seat: the cards it discarded face down
              "deck": [...],                # the cards not dealt yet, top first
              "round_rows": [[], []],       # per seat: its rows at the end of each ended round
            }

        Seats choose one at a time from seat 0 (O-2.6), so the seats that have picked come
        first, and placements are only made once every seat has picked; the seat to act is
        the first without a pick (or, once all have picked, without a placement). In step 5
        the last 2 cards are picked without a choice. Each seat holds ``12 - 2 * step``
        cards with its pick (O-2.2) and has placed or discarded 2 cards in every earlier step
        of the game (O-2.3). ``round_rows`` is needed from round 2 on: it gives the rows each
        ended round was scored on (O-3), earlier versions of the current rows (O-2.4: cards
        never move).

        Cards given nowhere go first to the discards left out (seat by seat, lowest cards
        first, as many as each seat has discarded), then to the deck if it is left out
        (ascending). If both are given, every card 1 to 120 must be somewhere.
    seed, manual_chance
        As for :func:`new_game` (the generator deals the next rounds).
    rules : Rules, optional
        Options (O-3.4 ``sakura_cap``, which also scores the ended rounds).

    Returns
    -------
    OhanamiState
        With an empty history; ``current_player`` is the seat to act.

    Raises
    ------
    RulesError
        With the rule id when the position is impossible: a card twice, unknown or missing
        (``O-1.1``), a wrong round (``O-2.1``), hand or pick sizes that do not fit the step
        (``O-2.2``), a wrong number of cards placed or discarded, an illegal placement
        (``O-2.3``, ``O-2.4``), a row that is not ascending or a fourth row, ended-round rows
        that are not earlier versions of the rows (``O-2.4``), a pick or placement out of
        seat order (``O-2.6``); with the rule of the field (or ``"options"``) for a field of
        the wrong type. At most 60 characters of bad input are quoted.

    Examples
    --------
    Round 1, step 2, seat 0 to pick. In step 1 seat 0 started a row with 20 and put 35 on
    it, seat 1 started two rows, 50 and 60; the other 100 cards are in the deck, ascending.

    >>> from mandalakit.ohanami import from_position
    >>> state = from_position({
    ...     "round": 1, "step": 2,
    ...     "hands": [[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16]],
    ...     "rows": [[[20, 35]], [[50], [60]]],
    ... })
    >>> state.current_player, len(state.legal_moves()), len(state.deck)
    (0, 28, 100)

    Both seats pick. Seat 0 may put 8 below 20, then 1 below 8 (O-2.5); a placement written
    in another order that ends the same is the same move:

    >>> state.apply(state.parse_move("pick 1 8"))
    >>> state.apply(state.parse_move("pick 9 16"))
    >>> str(state.listed_move(state.parse_move("place 8>1 1>1")))
    'place 8>1 1>1'
    >>> str(state.listed_move(state.parse_move("place 8>x 1>2")))
    'place 1>2 8>x'

    A position that cannot arise is refused with the rule it breaks:

    >>> from_position({"step": 2, "hands": [[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11]]})
    Traceback (most recent call last):
    ...
    mandalakit.core.errors.RulesError: [O-2.2] In step 2 every player holds 8 cards ... player 2 holds 3.
    """
    hands = position.get("hands") if isinstance(position, Mapping) else None
    players = len(hands) if isinstance(hands, (list, tuple)) else 2  # else the position is refused
    return new_game(players, seed=seed, rules=rules, setup={"position": position}, manual_chance=manual_chance)
