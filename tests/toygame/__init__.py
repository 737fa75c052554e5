"""Toy, a fourth game that lives in the tests (issue 32): proof that a game declares itself.

2 or 3 players and the cards 1 to 12. A shuffle deals 3 cards to each seat (T-1); hands are
hidden. In turn each seat plays a card (T-2): it scores its number if it is higher than the last
card played, else nothing, then its player draws the top card of the deck, if any. Seats with
an empty hand are skipped; the game ends when every hand is empty (T-3). The highest score
wins; equal scores share the victory.

Nothing outside this package names it: ``register_game("toy", "toygame")`` (the tests'
``toy`` fixture) is all the kit needs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mandalakit.core.bots import game_bots
from mandalakit.core.contract import CHANCE, TERMINAL, ChanceEvent, GameSpec, Result, RulesBase, State
from mandalakit.core.errors import IllegalMoveError, RulesError
from mandalakit.core.notation import chance_event, number
from mandalakit.core.validators import check_players, check_rules
from mandalakit.core.seeding import game_rng

CARDS, HAND = 12, 3


@dataclass(frozen=True)
class Rules(RulesBase):
    """Toy has no options."""


@dataclass(frozen=True, order=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Observation:
    player: int
    to_act: int
    hand: tuple
    hand_sizes: tuple
    deck_size: int
    last: int
    scores: tuple
    played: tuple


class ToyState(State):
    game = "toy"
    seat_rule = "T-1"

    def __init__(self, players: int, rules: Rules, rng, setup: dict):
        self.num_players, self.rules, self.rng, self.setup = players, rules, rng, setup
        self.history, self.hands, self.deck, self.played = [], [[] for _ in range(players)], [], []
        self.dealt, self.turn, self.last, self.points = False, 0, 0, [0] * players

    @property
    def current_player(self) -> int:
        if not self.dealt:
            return CHANCE
        return self.turn if any(self.hands) else TERMINAL

    def legal_moves(self) -> list:
        seat = self.current_player
        return [Play(c) for c in sorted(self.hands[seat])] if seat >= 0 else []

    def apply(self, move) -> None:
        self._check_turn(move)
        if isinstance(move, ChanceEvent):
            if move.kind != "shuffle" or sorted(move.outcome) != list(range(1, CARDS + 1)):
                raise IllegalMoveError("T-1", "A shuffle is the cards 1 to 12, each once.")
            deck = list(move.outcome)
            self.hands = [deck[p * HAND:(p + 1) * HAND] for p in range(self.num_players)]
            self.deck, self.dealt = deck[self.num_players * HAND:], True
            self.history.append((CHANCE, move))
        else:
            seat, hand = self.turn, self.hands[self.turn]
            if not isinstance(move, Play) or move.card not in hand:
                raise IllegalMoveError("T-2", f"Player {seat + 1} holds no card {getattr(move, 'card', move)}.")
            hand.remove(move.card)
            if move.card > self.last:
                self.points[seat] += move.card
            self.last = move.card
            self.played.append(move.card)
            if self.deck:
                hand.append(self.deck.pop(0))
            self.history.append((seat, move))
            n = self.num_players
            self.turn = next(((seat + k) % n for k in range(1, n + 1) if self.hands[(seat + k) % n]), seat)
        self._after_apply()

    def sample_chance(self, rng: np.random.Generator) -> ChanceEvent:
        return ChanceEvent("shuffle", tuple(int(c) for c in rng.permutation(np.arange(1, CARDS + 1))))

    def observation(self, player: int) -> Observation:
        self._check_seat(player)
        return Observation(player, self.current_player, tuple(sorted(self.hands[player])),
                           tuple(map(len, self.hands)), len(self.deck), self.last, tuple(self.points),
                           tuple(self.played))

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def result(self) -> Result:
        if not self.is_terminal():
            raise IllegalMoveError("T-3", "The game is not over: a hand still holds cards.")
        best = max(self.points)
        return Result(tuple(self.points), tuple(p for p, s in enumerate(self.points) if s == best),
                      tuple({"score": s} for s in self.points))

    def parse_move(self, text: str):
        words = str(text).split()
        if words[:1] == ["shuffle"]:
            return chance_event("shuffle", words[1:], "a card", "'shuffle 3 1 ...'")
        if len(words) == 2 and words[0] == "play":
            return Play(number(words[1], "a card", "'play 7'"))
        raise IllegalMoveError("notation", f"A Toy move is 'play <card>', not {str(text)[:60]!r}.")

    def determinize(self, player: int, rng: np.random.Generator) -> ToyState:
        twin = self.clone()
        others = [p for p in range(self.num_players) if p != player]
        pool = [int(c) for c in rng.permutation([c for p in others for c in twin.hands[p]] + twin.deck)]
        for p in others:
            twin.hands[p], pool = pool[:len(twin.hands[p])], pool[len(twin.hands[p]):]
        twin.deck = pool
        return twin

    def check_invariants(self) -> None:
        if self.dealt:
            cards = sorted([c for hand in self.hands for c in hand] + self.deck + self.played)
            assert cards == list(range(1, CARDS + 1)), "the 12 cards are not all there once"


def new_game(players: int = 2, *, seed=None, rules: Rules | None = None, setup: dict | None = None,
             manual_chance: bool = False) -> ToyState:
    players = check_players("toy", players, 2, 3, "T-1")
    if setup:
        raise RulesError("T-1", f"A Toy setup is empty; got {sorted(setup)!r}.")
    state = ToyState(players, check_rules("toy", rules, Rules), game_rng(seed, manual_chance), {})
    state._after_apply()
    return state


def from_observation(obs: Observation, rules: Rules | None = None) -> ToyState:
    """A state showing seat ``obs.player`` its observation, the hidden cards in ascending order."""
    state = ToyState(len(obs.hand_sizes), check_rules("toy", rules, Rules), None, {})
    hidden = sorted(set(range(1, CARDS + 1)) - set(obs.hand) - set(obs.played))
    for p, size in enumerate(obs.hand_sizes):
        if p == obs.player:
            state.hands[p] = list(obs.hand)
        else:
            state.hands[p], hidden = hidden[:size], hidden[size:]
    state.deck, state.dealt, state.played = hidden, True, list(obs.played)
    state.turn, state.last, state.points = max(obs.to_act, 0), obs.last, list(obs.scores)
    return state


class GreedyBot:
    """Plays its highest card if it scores, else its lowest."""

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, observation, legal_moves):
        best = max(legal_moves)
        return best if observation is None or best.card > observation.last else min(legal_moves)


def from_position(position, *, seed=None, rules=None, manual_chance=False) -> ToyState:
    """Toy positions are its observations' fields (``{"player": 0, "hand": [..], ...}``)."""
    return from_observation(Observation(**{k: tuple(v) if isinstance(v, list) else v for k, v in position.items()}),
                            rules)


GAME = GameSpec(
    name="toy", min_players=2, max_players=3, player_rule="T-1", rules=Rules, new_game=new_game,
    bots=game_bots("toy", GreedyBot, {"iterations": 16, "rollout": "greedy", "candidates": 3, "margin_scale": 10}),
    from_observation=from_observation, from_position=from_position, title="Toy",
    renderer="toygame.render", view="toygame.view", encoding="toygame.encoding",
    max_decisions=CARDS, chance_outcomes=CARDS + 1,
)
