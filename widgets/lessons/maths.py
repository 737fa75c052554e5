"""Live widgets of the maths track (``notebooks/maths.ipynb``): chance, counting, statistics.

Every number comes from the engines or from seeded games: :class:`DrawChance` (the chance that
the next card drawn is the colour a mandala misses, with seeded draws beside it),
:class:`DraftRound` (whose hand an Ohanami player holds at each step of a draft, and how often a
card passed on comes round again), :class:`TileGain` (what the next Flowers tile of a colour adds
to a player's score, tile by tile and on average),
:class:`PairCount` (how many pairs an Ohanami hand offers, counted by the engine's legal picks),
:class:`FirstPlayer` (is the first player favoured? wins of Player 1 over games played live, with
a 95 % interval that narrows as games are added).

>>> chance = DrawChance(deck=40, wanted=6)
>>> chance.fraction
Fraction(3, 20)
>>> come_round_chance(3), come_round_chance(4)
(Fraction(1, 2), Fraction(1, 4))
>>> TileGain(colour="red", single=2).average
Fraction(17, 5)
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
from mandalakit.core.messages import _, ngettext
from mandalakit.core.messages import colour as colour_word  # the argument 'colour' is a colour's name
from mandalakit.core.registry import get_game
from mandalakit.flowers import DEFAULT_TILES, X3, gain_value
from mandalakit.ohanami import from_position, new_game

__all__ = ["DraftRound", "DrawChance", "FirstPlayer", "PairCount", "TileGain", "come_round_chance", "draft_hands",
           "wilson_interval"]


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
        about = escape(_("{percent:.0f}%", percent=100 * float(chance)))
        self.out.value = (f"<p>{said} = <b>{chance.numerator}/{chance.denominator}</b> ≈ {about}.</p>"
                          f"<p>{drawn}</p>")


def draft_hands(players: int, round_no: int = 1, seed: int = 2026) -> list[list[list[int]]]:
    """The hands of an Ohanami round, step by step, from a seeded game of random robots (O-2.2).

    Returns a list of 5 steps, each a list (per player, Player 1 first) of the cards that player
    holds when the step starts: 10, 8, 6, 4 and 2 cards. Hands pass left in rounds 1 and 3 and
    right in round 2, as the engine passes them.

    Raises ``ValueError`` for a player count other than 2-4 or a round other than 1-3.
    """
    if players not in (2, 3, 4) or round_no not in (1, 2, 3):
        raise ValueError(f"Ohanami has 2 to 4 players and rounds 1 to 3; got {players} players, round {round_no}.")
    state = new_game(players, seed=seed)
    bots = [RandomBot(seed=seed + 1 + p) for p in range(players)]
    steps: list[list[list[int]]] = []
    while len(steps) < 5:
        if state.round == round_no and state.step > len(steps):
            # Seen first before anyone picks; at step 5 the last 2 cards are already the picks.
            steps.append([sorted(hand + list(picked or ())) for hand, picked in zip(state.hands, state.picks)])
        seat = state.current_player
        state.apply(bots[seat].choose(None, state.legal_moves()))
    return steps


def _origin(steps, step: int, player: int = 0) -> int:
    """Whose step-1 hand ``player`` holds at ``step`` (1-based), as a seat."""
    held = set(steps[step - 1][player])
    return next(seat for seat, hand in enumerate(steps[0]) if held <= set(hand))


def _return_step(steps) -> int:
    """The first step after step 1 at which Player 1 holds their own first hand again."""
    return next(step for step in range(2, 6) if _origin(steps, step) == 0)


def come_round_chance(players: int) -> Fraction:
    """The chance that a card Player 1 passes on at step 1 comes back to them, when every other
    player keeps 2 cards at random from the hand they hold (O-2.2).

    Counted on the engine's draft: the card survives each other player who holds it with
    chance (m − 2)/m, m the size of that hand. 2 players: 3/4; 3: 1/2; 4: 1/4.
    """
    steps = draft_hands(players)
    back = _return_step(steps)
    chance = Fraction(1)
    for step in range(2, back):
        m = len(steps[step - 1][0])
        chance *= Fraction(m - 2, m)
    return chance


class DraftRound(W.VBox):
    """Whose hand an Ohanami player holds at each step of a round (menus: players, round), and
    how often a card passed on at step 1 comes round again in ``games`` seeded rounds of robots
    that pick at random (O-2.2).

    Raises ``ValueError`` for a player count other than 2-4 or a round other than 1-3.
    """

    def __init__(self, players: int = 4, round_no: int = 1, games: int = 200, seed: int = 2026):
        draft_hands(players, round_no, seed)  # refuses a bad count or round before any widget is made
        self.games, self.seed = games, seed
        self.players = W.Dropdown(options=[2, 3, 4], value=players, description=_("players"),
                                  style={"description_width": "initial"})
        self.round = W.Dropdown(options=[(_("round 1: hands pass to the left"), 1),
                                         (_("round 2: hands pass to the right"), 2),
                                         (_("round 3: hands pass to the left"), 3)],
                                value=round_no, description=_("round"), style={"description_width": "initial"})
        self.out = W.HTML()
        self.out.add_class("mk-draft-round")
        # A menu set to no choice (a page may send one) keeps the last drawing.
        self.players.observe(lambda c: c["new"] is not None and self._update(), "value")
        self.round.observe(lambda c: c["new"] is not None and self._update(), "value")
        for menu in (self.players, self.round):  # side by side on a wide page, one under the other on a phone
            menu.layout = W.Layout(width="auto", max_width="100%")
        super().__init__([W.HBox([self.players, self.round], layout=W.Layout(flex_flow="row wrap")), self.out])
        self._update()

    @property
    def came_back(self) -> int:
        """In how many of the seeded rounds the lowest card Player 1 passed on at step 1 came back."""
        n, round_no = self.players.value, self.round.value
        back = 0
        for game in range(self.games):
            steps = draft_hands(n, round_no, self.seed + 10 * game)
            step = _return_step(steps)
            passed = min(set(steps[0][0]) & set().union(*steps[1]))  # in a hand at step 2: not kept
            back += passed in steps[step - 1][0]
        return back

    def _update(self) -> None:
        steps = draft_hands(self.players.value, self.round.value, self.seed)
        rows = []
        for step, hands in enumerate(steps, start=1):
            seat = _origin(steps, step)
            whose = _("your own hand") if seat == 0 else _("the hand first dealt to Player {p:+1}", p=seat)
            rows.append("<li>" + escape(_("Step {step}: {whose}, {n} cards.", step=step, whose=whose,
                                          n=len(hands[0]))) + "</li>")
        back = _return_step(steps)
        came = self.came_back
        said = _("Your own hand comes back at step {step}, with {n} cards.", step=back, n=len(steps[back - 1][0]))
        tried = _("In {games} rounds of robots that pick at random, the lowest card you passed on at step 1 came "
                  "back to you {n} times: {rate:.0f}%.", games=self.games, n=came, rate=100 * came / self.games)
        self.out.value = (f'<ol style="list-style:none;padding-left:0">{"".join(rows)}</ol>'
                          f"<p><b>{escape(said)}</b></p><p>{escape(tried)}</p>")


def _face_words(face: int) -> str:
    """A tile face for a pupil: "2 flowers", "×3"."""
    return "×3" if face == X3 else ngettext("{n} flower", "{n} flowers", face)


class TileGain(W.VBox):
    """What the next Flowers tile of one colour adds to a player's score (F-4.3, F-5.4): the
    player holds ``single`` (a lone tile's face, or ``None``), the next tile is one of the
    colour's other tiles in the tile table, each as likely. A menu chooses the lone tile; a table
    gives each possible tile, what it adds (the engine's scoring) and the average.

    Raises ``ValueError`` for a colour with no tiles or a lone face the colour does not have.
    """

    def __init__(self, colour: str = "red", single: int | None = 1):
        self.faces = sorted((X3 if face == "x3" else face for _back, c, face in DEFAULT_TILES if c == colour),
                            key=lambda f: (f == X3, f))
        if not self.faces or (single is not None and single not in self.faces):
            raise ValueError(f"The tiles of {colour!r} ({self.faces}) hold no lone tile {single!r}.")
        self.colour = colour
        options = [(_("no tile of this colour"), -1)] + [(_face_words(f), f) for f in dict.fromkeys(self.faces)]
        self.single = W.Dropdown(options=options, value=-1 if single is None else single,
                                 description=_("your lone {colour} tile", colour=colour_word(colour)), style={"description_width": "initial"})
        self.out = W.HTML()
        self.out.add_class("mk-tile-gain")
        self.single.add_class("mk-tile-gain-choice")
        self.single.observe(lambda c: c["new"] is not None and self._update(), "value")  # no choice: as it was
        super().__init__([self.single, self.out])
        self._update()

    @property
    def next_faces(self) -> list[int]:
        """The faces the next tile may have: the colour's tiles but the one held."""
        rest = list(self.faces)
        if self.single.value != -1:
            rest.remove(self.single.value)
        return rest

    def gains(self) -> list[int]:
        """What each possible next tile adds, in the order of :attr:`next_faces`."""
        held = None if self.single.value == -1 else self.single.value
        return [gain_value(held, face) for face in self.next_faces]

    @property
    def average(self) -> Fraction:
        """What the next tile adds on average, exact."""
        gains = self.gains()
        return Fraction(sum(gains), len(gains))

    def _update(self) -> None:
        cell = 'style="border:1px solid #888;padding:2px 10px;text-align:center"'
        tile, adds = escape(_("the next tile")), escape(_("it adds"))
        rows = "".join(f"<tr><td {cell}>{escape(_face_words(f))}</td><td {cell}>{g}</td></tr>"
                       for f, g in zip(self.next_faces, self.gains()))
        mean = self.average
        said = _("On average the next tile adds {total} / {n} = {mean:.1f} points.", total=sum(self.gains()),
                 n=len(self.next_faces), mean=float(mean))
        self.out.value = (f'<table style="border-collapse:collapse;margin:6px 0"><tr><th {cell}>{tile}</th>'
                          f"<th {cell}>{adds}</th></tr>{rows}</table><p>{escape(said)}</p>")


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
        self.cards.observe(lambda c: c["new"] is not None and self._update(), "value")  # no choice: as it was
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
        self.out.value = ("<p>" + escape(_("Player 1 won {wins} of {games} games: {rate:.0f}%.", wins=f"{self.wins:g}",
                                           games=self.played, rate=100 * self.wins / self.played)) + "</p><p>"
                          + escape(_("95 % interval: from {low:.0f}% to {high:.0f}%.", low=100 * low, high=100 * high)) + "</p>")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of Player 1's win rate so far (:func:`wilson_interval`)."""
        return wilson_interval(round(self.wins), self.played)
