"""Hints that explain: a move and a sentence saying why, from what a small search measured.

>>> from mandalakit.core.hints import hint
>>> from mandalakit.mandala import new_game
>>> state = new_game(2, seed=3)
>>> advice = hint("mandala", state.observation(0), state.legal_moves(), seed=1)  # doctest: +SKIP
>>> advice.sentence  # doctest: +SKIP
'With this move you won 9 of the 15 games the search played out, with about 31 points at the end: ...'

The search is the game's ``pimc`` bot (:class:`~mandalakit.core.search.PIMCBot`: the moves the
greedy bot likes best, each tried on the same samples of the hidden cards and played on to the
end by greedy bots) at half its rollouts, well under a second of CPU time. ``seconds`` also bounds
its wall-clock time, for a page that must answer a click quickly on a busy machine (the board
views pass :data:`HINT_SECONDS`): the search then stops early with fewer rollouts, and the
sentence quotes how many it played. Every number the sentence quotes is a field of the
:class:`Hint`, so a test can check the sentence against them.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass

from .contract import Seed
from .messages import _, colour, ngettext
from .registry import get_game
from .search import PIMCBot

#: Share of the ``pimc`` bot's rollouts a hint uses.
HINT_SHARE = 2
#: Wall-clock seconds of search the board views give a hint (a click answers in well under a second).
HINT_SECONDS = 0.3
#: Where a hint's rollouts are played (:class:`~mandalakit.core.search.PIMCBot`'s ``playouts``):
#: in the engine, always. The fast path's first use in a process compiles or loads its kernels
#: (10-20 s on a fresh install), and a hint must answer a click in under a second.
HINT_PLAYOUTS = "reference"


@dataclass(frozen=True)
class Hint:
    """A hinted move and why.

    Attributes
    ----------
    move : the move (one of the legal moves)
    sentence : str
        Why, in the language in force, quoting the numbers below.
    expected : int
        The seat's mean final score after the move, over the search's rollouts (points, rounded).
    gain : int or None
        ``expected`` minus that of the next best move searched (points, rounded); ``None`` if
        only one move was searched.
    wins : int
        Rollouts after the move that the seat won (shared victories count 1/k; rounded).
    rollouts : int
        Rollouts that measured the move.
    draws : int
        Cards the move draws (Mandala M-4.1, M-4.3; Flowers F-3.3); 0 if none or unknown.
    likely : tuple (colour name, likely count, cards of that colour unseen, cards unseen) or None
        The colour most common among the cards the seat cannot see, and how many of the
        ``draws`` are likely of it (``draws × unseen of it / unseen``, rounded).
    """

    move: object
    sentence: str
    expected: int
    gain: int | None
    wins: int
    rollouts: int
    draws: int = 0
    likely: tuple | None = None


def hint(game: str, observation, legal_moves: Sequence, *, seed: Seed = 0, rules=None,
         seconds: float | None = None) -> Hint:
    """The move a small search prefers for ``observation``'s seat, and why (see the module).

    Parameters
    ----------
    game : str
    observation : the game's Observation, at a decision of its seat
    legal_moves : sequence
        The legal moves of that decision.
    seed : int, Generator or None
        The search's generator (same seed, same hint).
    rules : the game's Rules, optional
    seconds : float or None
        Most wall-clock seconds of search (at least one sample of the hidden cards is searched);
        ``None``: only the rollouts bound it, and the same seed gives the same hint.

    Returns
    -------
    Hint
    """
    spec = get_game(game)
    settings = dict(spec.bots["pimc"].keywords)
    settings["iterations"] = max(8, settings["iterations"] // HINT_SHARE)
    bot = PIMCBot(game, seed, **{**settings, "rules": rules, "seconds": seconds, "playouts": HINT_PLAYOUTS})
    move = bot.choose(observation, legal_moves)
    stats = bot.stats[move]
    others = sorted((s.mean_points for m, s in bot.stats.items() if s.visits and m != move), reverse=True)
    expected = round(stats.mean_points)
    gain = round(stats.mean_points - others[0]) if others else None
    wins = round(stats.wins)
    if len(legal_moves) == 1:
        sentence = _("It is the only move you can make.")
    else:
        sentence = ngettext("With this move you won {wins} of the {n} game the search played out, with about {points} "
                            "points at the end",
                            "With this move you won {wins} of the {n} games the search played out, with about {points} "
                            "points at the end", stats.visits, wins=wins, points=expected)
        if gain is None:
            sentence += "."
        elif gain > 0:
            sentence += ngettext(": {n} more than with the next best move.", ": {n} more than with the next best move.",
                                 gain)
        elif gain == 0:
            sentence += _(": as many as with the next best move.")
        else:
            sentence += ngettext(": {n} fewer than with another move, whose games ended less well for you.",
                                 ": {n} fewer than with another move, whose games ended less well for you.", -gain)
    draws, likely = _draws(spec, observation, move, rules)
    if likely is not None:
        name, k, of_colour, unseen = likely
        sentence += " " + ngettext("It draws {n} card:", "It draws {n} cards:", draws) + " " + ngettext(
            "{n} of the {unseen} cards you cannot see is {colour}",
            "{n} of the {unseen} cards you cannot see are {colour}", of_colour, unseen=unseen,
            colour=colour(name, of_colour))
        if k:  # each count agrees with its own noun: "about 1 of them is likely red"
            sentence += ngettext(", so about {n} of them is likely {colour}.",
                                 ", so about {n} of them are likely {colour}.", k, colour=colour(name, k))
        else:
            sentence += _(", the colour you are most likely to draw.")
    return Hint(move, sentence, expected, gain, wins, stats.visits, draws, likely)


def _draws(spec, observation, move, rules) -> tuple[int, tuple | None]:
    """Cards ``move`` draws into the seat's hand (0 in Ohanami and for moves that draw none),
    and the likeliest colour among the cards the seat cannot see."""
    if spec.name == "ohanami":
        return 0, None
    state = spec.from_observation(observation, rules)
    me = observation.player
    unseen = _unseen(state, me)
    before = sum(state.hands[me])
    state.rng = None  # a draw that needs a reshuffle stops at the chance node: nothing drawn yet
    state.apply(move)
    # Cards that leave the hand: a count, or the one card of a Mandala mountain play; none for a
    # pick, a tile choice or a pass.
    played = getattr(move, "count", 1 if hasattr(move, "mandala") else 0)
    draws = sum(state.hands[me]) - (before - played)
    total = sum(unseen)
    if draws <= 0 or not total:
        return max(draws, 0), None
    c = max(range(len(unseen)), key=unseen.__getitem__)
    name = importlib.import_module(f"mandalakit.{spec.name}.cards").COLOURS[c]
    return draws, (name, round(draws * unseen[c] / total), unseen[c], total)


def _unseen(state, me: int) -> list[int]:
    """Cards of each colour seat ``me`` cannot see in a state built from its observation: the
    deck, the other hands and, in Mandala, the other seat's cup."""
    counts = [0] * len(state.hands[me])
    for c in state.deck:
        counts[c] += 1
    hidden = [hand for p, hand in enumerate(state.hands) if p != me]
    if state.game == "mandala":
        hidden.append(state.cups[1 - me])
    for cards in hidden:
        for c, n in enumerate(cards):
            counts[c] += n
    return counts
