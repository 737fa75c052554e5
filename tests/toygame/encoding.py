"""Toy's action numbering (card - 1) and observation tensors."""

from __future__ import annotations

from functools import lru_cache

from mandalakit.rl.actions import TableCodec
from mandalakit.rl.observations import ObservationEncoder, rotate, seat_one_hot

from . import CARDS, Play


@lru_cache(maxsize=None)
def action_codec() -> TableCodec:
    return TableCodec("toy", [Play(c) for c in range(1, CARDS + 1)], [("play", "card - 1 (T-2)")])


def observation_encoder(players: int) -> ObservationEncoder:
    pieces = [("to_act", (players,), "one-hot: the seat to play (0 = the observer)"),
              ("hand", (CARDS,), "own hand: 1 at card - 1"), ("hand_sizes", (players,), "cards in hand per seat"),
              ("deck_size", (1,), "cards left in the deck"), ("last", (1,), "the last card played, 0 before any"),
              ("scores", (players,), "score per seat"), ("played", (CARDS,), "1 at card - 1 of every card played")]

    def fill(o, v, n):
        seat_one_hot(v["to_act"], o.to_act, o.player, n)
        v["hand"][[c - 1 for c in o.hand]] = 1
        v["hand_sizes"][:] = rotate(o.hand_sizes, o.player)
        v["deck_size"][0], v["last"][0] = o.deck_size, o.last
        v["scores"][:] = rotate(o.scores, o.player)
        v["played"][[c - 1 for c in o.played]] = 1

    return ObservationEncoder("toy", players, pieces, fill)
