"""Live widgets of the maths track (``notebooks/maths.ipynb``): chance, counting, statistics.

Every number comes from the engines or from seeded games: :class:`DrawChance` (the chance that
the next card drawn is the colour a mandala misses, with seeded draws beside it),
:class:`PairCount` (how many pairs an Ohanami hand offers, counted by the engine's legal picks),
:class:`FirstPlayer` (is the first player favoured? wins of Player 1 over games played live, with
a 95 % interval that narrows as games are added).

>>> chance = DrawChance(deck=40, wanted=6)
>>> chance.fraction
Fraction(3, 20)
>>> PairCount(cards=10).pairs
45
>>> stats = FirstPlayer("mandala", games=10)
>>> stats.played, 0 <= stats.wins <= 10
(10, True)
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from math import sqrt

import ipywidgets as W
import numpy as np

from mandalakit.core.bots import RandomBot, play
from mandalakit.core.messages import _
from mandalakit.core.registry import get_game
from mandalakit.ohanami import from_position

__all__ = ["DrawChance", "FirstPlayer", "PairCount", "wilson_interval"]


class DrawChance(W.VBox):
    """The chance that the next card drawn is of the one colour a mandala still misses:
    ``wanted`` such cards among ``deck`` (sliders), as a fraction, and 100 seeded draws to
    compare with.

    Raises ``ValueError`` when ``wanted`` is more than ``deck`` or ``deck`` is under 1.
    """

    def __init__(self, deck: int = 40, wanted: int = 6, seed: int = 2026):
        if deck < 1 or not 0 <= wanted <= deck:
            raise ValueError(f"A deck of {deck} cards cannot hold {wanted} wanted cards.")
        self.seed = seed
        self.deck = W.IntSlider(value=deck, min=1, max=90, description=_("cards in the deck"),
                                style={"description_width": "initial"})
        self.wanted = W.IntSlider(value=wanted, min=0, max=deck, description=_("of the missing colour"),
                                  style={"description_width": "initial"})
        self.out = W.HTML()
        self.out.add_class("mk-draw-chance")
        self.deck.observe(self._deck_changed, "value")
        self.wanted.observe(lambda _c: self._update(), "value")
        super().__init__([self.deck, self.wanted, self.out])
        self._update()

    @property
    def fraction(self) -> Fraction:
        """The chance, exact."""
        return Fraction(self.wanted.value, self.deck.value)

    def _deck_changed(self, change) -> None:
        self.wanted.max = change["new"]
        self._update()

    def _update(self) -> None:
        rng = np.random.default_rng(self.seed)
        hits = int((rng.integers(self.deck.value, size=100) < self.wanted.value).sum())
        chance = self.fraction
        said = escape(_("Chance: {wanted} in {deck}", wanted=self.wanted.value, deck=self.deck.value))
        drawn = escape(_("In 100 draws from a shuffled deck: {hits} times the missing colour.", hits=hits))
        self.out.value = (f"<p>{said} = <b>{chance.numerator}/{chance.denominator}</b> ≈ {float(chance):.0%}.</p>"
                          f"<p>{drawn}</p>")


class PairCount(W.VBox):
    """How many different pairs a hand of Ohanami offers: the engine's legal picks (O-2.2) for a
    hand of ``cards`` (10, 8, 6, 4 or 2), with the count n(n − 1)/2 beside it.

    Raises ``ValueError`` for a hand size the draft never has.
    """

    def __init__(self, cards: int = 10):
        if cards not in (10, 8, 6, 4, 2):
            raise ValueError(f"An Ohanami hand holds 10, 8, 6, 4 or 2 cards; got {cards}.")
        self.cards = W.Dropdown(options=[10, 8, 6, 4, 2], value=cards, description=_("cards in hand"),
                                style={"description_width": "initial"})
        self.out = W.HTML()
        self.out.add_class("mk-pair-count")
        self.cards.observe(lambda _c: self._update(), "value")
        super().__init__([self.cards, self.out])
        self._update()

    @property
    def pairs(self) -> int:
        """The picks the engine allows from a hand of this size."""
        n = self.cards.value
        step = (12 - n) // 2
        position = {"round": 1, "step": step, "hands": [list(range(1, n + 1)), list(range(11, 11 + n))]}
        return len(from_position(position).legal_moves())

    def _update(self) -> None:
        n = self.cards.value
        said = escape(_("Different pairs to keep from {n} cards: {pairs}", n=n, pairs=self.pairs))
        self.out.value = f"<p>{said} = {n} × {n - 1} / 2.</p>"


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (``z`` = 1.96), as (low, high) in 0..1.

    Raises ``ValueError`` for no games or impossible counts.
    """
    if games < 1 or not 0 <= wins <= games:
        raise ValueError(f"{wins} wins in {games} games is no win rate.")
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class FirstPlayer(W.VBox):
    """Is the first player favoured? Seeded games of ``game`` between two random robots, more
    added with a button: Player 1's wins (a shared victory counts half) and the 95 % interval,
    which narrows as games are played.
    """

    def __init__(self, game: str = "mandala", games: int = 40, batch: int = 20, seed: int = 2026):
        self.spec, self.batch, self.seed = get_game(game), batch, seed
        self.played, self.wins = 0, 0.0
        self.more = W.Button(description=_("play {n} more games", n=batch))
        self.more.on_click(lambda _b: self.play(self.batch))
        self.out = W.HTML()
        self.out.add_class("mk-first-player")
        super().__init__([self.more, self.out])
        self.play(games)

    def play(self, games: int) -> None:
        """Play ``games`` more seeded games and update the result."""
        for _game in range(games):
            seed = self.seed + self.played
            state = play(self.spec.new_game(2, seed=seed), [RandomBot(seed=seed + 1), RandomBot(seed=seed + 2)])
            winners = state.result().winners
            self.wins += (1 / len(winners)) if 0 in winners else 0
            self.played += 1
        low, high = self.interval
        self.out.value = ("<p>" + escape(_("Player 1 won {wins} of {games} games: {rate:.0%}.", wins=f"{self.wins:g}",
                                           games=self.played, rate=self.wins / self.played)) + "</p><p>"
                          + escape(_("95 % interval: from {low:.0%} to {high:.0%}.", low=low, high=high)) + "</p>")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of Player 1's win rate so far (:func:`wilson_interval`)."""
        return wilson_interval(round(self.wins), self.played)
