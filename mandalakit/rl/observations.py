"""Observation tensors: the engines' observations as flat float32 vectors with named pieces.

A tensor is computed from ``state.observation(player)`` only, the engine's value that holds no
hidden card (M-2.4, F-2.4, O-2.6), so it cannot leak what the seat may not know; the tests
also resample the hidden cards (``determinize``) and check the tensor stays the same.

Seats are relative to the observer: "seat 0" of every piece is the observer, then the next
seats clockwise. Counts are raw card counts (not scaled); one-hot pieces are 0/1. The layout
of each game and player count is :attr:`ObservationEncoder.pieces` (printed in docs/rl.md).

Examples
--------
>>> from mandalakit import mandala
>>> from mandalakit.rl.observations import observation_encoder
>>> enc = observation_encoder("mandala", 2)
>>> state = mandala.new_game(2, seed=1)
>>> x = enc.encode(state.observation(0))
>>> x.shape, x.dtype.name, int(enc.view(x)["hand"].sum())
((142,), 'float32', 6)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.registry import get_game


class ObservationEncoder:
    """The tensor layout of one game and player count.

    Attributes
    ----------
    game : str
    players : int
    pieces : list of (str, tuple of int, str)
        ``(name, shape, meaning)`` in tensor order.
    size : int
        Length of the flat tensor (the product of the shapes, summed).
    """

    def __init__(self, game: str, players: int, pieces: list[tuple[str, tuple[int, ...], str]], fill):
        self.game, self.players, self.pieces = game, players, pieces
        self._slices, at = [], 0
        for name, shape, _ in pieces:
            n = int(np.prod(shape))
            self._slices.append((name, at, at + n, shape))
            at += n
        self.size = at
        self._fill = fill
        self._scratch = np.zeros(self.size, np.float32)  # filled through its views, then copied
        self._views = self.view(self._scratch)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def view(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Named views (no copies) of the pieces of a flat ``tensor`` of shape ``(size,)``."""
        return {name: tensor[start:stop].reshape(shape) for name, start, stop, shape in self._slices}

    def encode(self, observation, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 tensor of shape ``(size,)`` of an engine observation (written into
        ``out`` if given)."""
        self._scratch.fill(0)
        self._fill(observation, self._views, self.players)
        if out is None:
            return self._scratch.copy()
        out[:] = self._scratch
        return out


def _seat(seat: int, player: int, n: int) -> int:
    """``seat`` as seen from ``player``: 0 is the player, then clockwise."""
    return (seat - player) % n


def _rotate(values, player: int) -> list:
    """Per-seat ``values`` reordered so the observer comes first."""
    values = list(values)
    return values[player:] + values[:player]


def _seat_one_hot(v: np.ndarray, seat: int, player: int, n: int) -> None:
    """Set the entry of ``seat`` (as seen from ``player``) in ``v``; nothing for -1, -2 (none, chance, end)."""
    if seat >= 0:
        v[_seat(seat, player, n)] = 1


# ----- Mandala ------------------------------------------------------------------------------------
def _mandala(players: int) -> ObservationEncoder:
    from ..mandala.cards import NUM_COLOURS, RIVER_SPACES
    from ..mandala.phases import CHANCE_PHASE, OVER, PICKING, PLAY

    phases = (PLAY, PICKING, CHANCE_PHASE, OVER)
    c = NUM_COLOURS
    pieces = [
        ("to_act", (2,), "one-hot: the seat to decide (0 = the observer); all 0 at chance or end"),
        ("phase", (4,), "one-hot: play, pick (a destruction, M-5), chance, over"),
        ("mover", (2,), "one-hot: the seat whose turn it is (M-2.5)"),
        ("destroying", (2,), "one-hot: mandala A or B being destroyed (M-5.2); 0 otherwise"),
        ("hand", (c,), "own hand, cards per colour (black, green, purple, yellow, orange, red)"),
        ("cup", (c,), "own cup, cards per colour"),
        ("hand_sizes", (2,), "cards in hand per seat"),
        ("cup_sizes", (2,), "cards in cup per seat"),
        ("rivers", (2, RIVER_SPACES, c), "per seat, per river space (value 1 to 6), one-hot colour (M-1.3)"),
        ("mountains", (2, c), "per mandala A, B: mountain cards per colour"),
        ("fields", (2, 2, c), "per mandala, per seat: field cards per colour"),
        ("discard", (c,), "discard pile, cards per colour (face up, M-1.3)"),
        ("deck_size", (1,), "cards left in the deck"),
        ("end_triggered", (1,), "1 once the deck has been emptied (M-6.2)"),
    ]

    start, at = {}, 0
    for name, shape, _ in pieces:
        start[name] = at
        at += int(np.prod(shape))
    phase_of = {phase: start["phase"] + i for i, phase in enumerate(phases)}
    counts = start["hand"], start["rivers"]  # hand .. cup_sizes: counts, one after the other
    rest = start["mountains"], at  # mountains .. end_triggered too
    rivers = start["rivers"]

    def fill(o, v, n):
        # Three assignments into the flat tensor (the views' base): the one-hots as indices,
        # and the two runs of counts as lists (a dozen small assignments took most of a step).
        p = o.player
        flat = v["to_act"].base
        ones = [phase_of[o.phase], start["mover"] + _seat(o.mover, p, n)]
        if o.to_act >= 0:
            ones.append(start["to_act"] + _seat(o.to_act, p, n))
        if o.destroying >= 0:
            ones.append(start["destroying"] + o.destroying)
        for s, river in enumerate(_rotate(o.rivers, p)):
            base = rivers + s * RIVER_SPACES * c
            ones += [base + space * c + colour for space, colour in enumerate(river)]
        flat[ones] = 1
        flat[counts[0]:counts[1]] = [*o.hand, *o.cup, *_rotate(o.hand_sizes, p), *_rotate(o.cup_sizes, p)]
        fields = [x for f in o.fields for seat in _rotate(f, p) for x in seat]
        flat[rest[0]:rest[1]] = [*o.mountains[0], *o.mountains[1], *fields, *o.discard, o.deck_size, o.end_triggered]

    return ObservationEncoder("mandala", players, pieces, fill)


# ----- Flowers ------------------------------------------------------------------------------------
def _flowers(players: int) -> ObservationEncoder:
    from ..flowers.cards import NUM_COLOURS, NUM_MANDALAS
    from ..flowers.phases import CHOOSE, DRAW, OVER, PLAY, SETUP
    from ..flowers.tiles import NUM_TILES, X3

    phases = (SETUP, PLAY, DRAW, CHOOSE, OVER)
    n, c, m = players, NUM_COLOURS, NUM_MANDALAS
    pieces = [
        ("to_act", (n,), "one-hot: the seat to decide (0 = the observer); all 0 at chance or end"),
        ("active", (n,), "one-hot: the seat whose turn it is (differs while a tile is chosen, F-4.1)"),
        ("phase", (5,), "one-hot: setup, play, draw (a reshuffle is due), choose (a tile), over"),
        ("hand", (c,), "own hand, cards per colour (grey, purple, red, green, orange, yellow)"),
        ("hand_sizes", (n,), "cards in hand per seat"),
        ("deck_size", (1,), "cards left in the deck"),
        ("discard", (c,), "discard pile, cards per colour (F-3.5)"),
        ("tiles", (m, 2, c + 2), "per mandala, its dark and light tile: one-hot colour, flowers, 1 if x3 (F-1.4)"),
        ("claim", (m, n), "per mandala: one-hot claim-marker holder (F-3.6)"),
        ("face_up", (m, n, c), "per mandala, per seat: face-up cards per colour (F-3.2)"),
        ("cards", (m, n, c), "per mandala, per seat: all cards per colour, face up and face down"),
        ("covered", (m, c), "per mandala: 1 for each colour present (tile or face-up card, F-3.7)"),
        ("singles", (n, NUM_TILES), "per seat: unpaired tiles by tile id - 1 (F-4.3)"),
        ("flowers", (n, NUM_TILES), "per seat: tiles in completed flowers by tile id - 1 (F-4.3)"),
        ("stacks", (2,), "tiles left in the dark and the light stack"),
        ("scores", (n,), "score per seat so far (F-5.4)"),
        ("passes", (1,), "passes in a row (F-5.3)"),
        ("pending", (m,), "one-hot: the completed mandala whose tile is being chosen (F-4.1)"),
        ("runner_up", (n,), "one-hot: the seat that gets the other tile (F-4.2)"),
    ]

    def fill(o, v, n):
        p = o.player
        _seat_one_hot(v["to_act"], o.to_act, p, n)
        _seat_one_hot(v["active"], o.active, p, n)
        v["phase"][phases.index(o.phase)] = 1
        v["hand"][:] = o.hand
        v["hand_sizes"][:] = _rotate(o.hand_sizes, p)
        v["deck_size"][0] = o.deck_size
        v["discard"][:] = o.discard
        for i, view in enumerate(o.mandalas):
            for k, tile in enumerate(view.tiles):
                v["tiles"][i, k, tile.colour] = 1
                v["tiles"][i, k, c] = tile.face
                v["tiles"][i, k, c + 1] = tile.face == X3
            _seat_one_hot(v["claim"][i], view.claim, p, n)
            for colour, (seat, count) in enumerate(view.face_up):
                if seat >= 0:
                    v["face_up"][i, _seat(seat, p, n), colour] = count
            v["cards"][i] = _rotate(view.cards, p)
            v["covered"][i] = [view.covered >> colour & 1 for colour in range(c)]
        for s, tiles in enumerate(_rotate(o.singles, p)):
            for tile in tiles:
                v["singles"][s, tile.id - 1] = 1
        for s, pairs in enumerate(_rotate(o.flowers, p)):
            for pair in pairs:
                for tile in pair:
                    v["flowers"][s, tile.id - 1] = 1
        v["stacks"][:] = o.stacks
        v["scores"][:] = _rotate(o.scores, p)
        v["passes"][0] = o.passes
        if o.pending >= 0:
            v["pending"][o.pending] = 1
        _seat_one_hot(v["runner_up"], o.runner_up, p, n)

    return ObservationEncoder("flowers", players, pieces, fill)


# ----- Ohanami ------------------------------------------------------------------------------------
def _ohanami(players: int) -> ObservationEncoder:
    from ..ohanami.cards import DECK_SIZE
    from ..ohanami.moves import MAX_ROWS, parse
    from ..ohanami.state import DEAL, OVER, PICK, PLACE, ROUNDS, STEPS
    from .actions import action_codec

    codec = action_codec("ohanami")
    phases = (PICK, PLACE, DEAL, OVER)
    n, cards = players, DECK_SIZE
    places = codec.size - codec.place_base
    pieces = [
        ("round", (ROUNDS,), "one-hot: round 1 to 3 (O-2.1)"),
        ("step", (STEPS,), "one-hot: draft step 1 to 5 (O-2.2)"),
        ("phase", (4,), "one-hot: pick, place, deal, over"),
        ("hand", (cards,), "own hand: 1 at card number - 1"),
        ("own_pick", (cards,), "own pick of this step, once made (O-2.2)"),
        ("revealed", (n, cards), "per seat: its pick, once every seat has picked (O-2.6)"),
        ("own_place", (places,), "one-hot: own placement of this step once made, as action - 7140"),
        ("rows", (n, MAX_ROWS, cards), "per seat, per row (in the order started): its cards (O-2.4)"),
        ("hand_sizes", (n,), "cards in hand per seat"),
        ("discarded", (1,), "cards discarded face down so far, by everyone (O-2.3)"),
        ("round_scores", (n, ROUNDS), "per seat: the score of each round ended (O-3)"),
    ]

    at, start = 0, {}
    for name, shape, _ in pieces:
        start[name] = at
        at += int(np.prod(shape))
    o_round, o_step, o_phase = start["round"] - 1, start["step"] - 1, start["phase"]
    o_hand, o_pick, o_revealed = start["hand"] - 1, start["own_pick"] - 1, start["revealed"] - 1
    o_place, o_rows = start["own_place"] - codec.place_base, start["rows"] - 1
    phase_of = {phase: o_phase + i for i, phase in enumerate(phases)}

    def fill(o, v, n):
        # The one-hot pieces as flat indices of the tensor (the views' base), set in one
        # assignment: most of a step's time in Ohanami was spent on a dozen small ones.
        p = o.player
        ones = [phase_of[o.phase]]
        if o.round:
            ones.append(o_round + o.round)
        if o.step:
            ones.append(o_step + o.step)
        ones += [o_hand + card for card in o.hand]
        if o.own_pick is not None:
            ones += [o_pick + card for card in o.own_pick]
        if o.revealed is not None:
            for s, picked in enumerate(_rotate(o.revealed, p)):
                base = o_revealed + s * cards
                ones += [base + card for card in picked]
        if o.own_place is not None:
            ones.append(o_place + codec.encode(parse(o.own_place)))
        for s, rows in enumerate(_rotate(o.rows, p)):
            for r, row in enumerate(rows):
                base = o_rows + (s * MAX_ROWS + r) * cards
                ones += [base + card for card in row]
        v["round"].base[ones] = 1
        v["hand_sizes"][:] = _rotate(o.hand_sizes, p)
        v["discarded"][0] = o.discarded
        for s, scores in enumerate(_rotate(o.round_scores, p)):
            v["round_scores"][s, :len(scores)] = scores

    return ObservationEncoder("ohanami", players, pieces, fill)


@lru_cache(maxsize=None)
def observation_encoder(game: str, players: int) -> ObservationEncoder:
    """The :class:`ObservationEncoder` of ``game`` played by ``players``.

    Raises
    ------
    RulesError
        For an unknown game or a player count the game is not played with (M-2, F-2, O-2).
    """
    from ..core.contract import check_players

    spec = get_game(game)
    check_players(game, players, spec.min_players, spec.max_players, spec.player_rule)
    return {"mandala": _mandala, "flowers": _flowers, "ohanami": _ohanami}[game](players)

