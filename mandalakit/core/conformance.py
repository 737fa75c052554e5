"""The generic conformance check of the engine contract, run on every game.

``check_game(spec, players, seed)`` plays one random legal game and asserts, at every step:
card conservation (``check_invariants``), notation round-trip of every legal move, clone
independence, observations unchanged when hidden cards are resampled (``determinize``),
that illegal input leaves the state unchanged, and that "accepted" and "listed" agree: every
rewriting of a listed move (its words permuted) is refused by ``apply`` or stands for a listed
move (``listed_move``) with the same effect; at the end: determinism (same seed, same game),
record round-trip and conservation between the first events of the replay (manual chance).
Per-game tests add the independent score recount.
"""

from __future__ import annotations

import json
import re
from itertools import islice, permutations

import numpy as np

from . import records
from .bots import RandomBot
from .contract import CHANCE, GameSpec, State
from .errors import IllegalMoveError


def _signature(state: State) -> list[str]:
    return [f"{by}:{ev}" for by, ev in state.history]


def play_random(spec: GameSpec, players: int, seed: int, rules=None, *, check_every_step: bool = True) -> State:
    """Play one random legal game, checking the contract at every step; return the end state."""
    state = spec.new_game(players, seed=seed, rules=rules)
    bot = RandomBot(seed + 1_000_003)
    probe_rng = np.random.default_rng(seed + 7)
    steps = 0
    while not state.is_terminal():
        assert state.current_player != CHANCE, "a seeded state must resolve chance itself"
        moves = state.legal_moves()
        assert moves, f"seat {state.current_player} has no legal move at a non-terminal state"
        if check_every_step:
            state.check_invariants()
            check_position(state, moves, probe_rng)
        state.apply(bot.choose(None, moves))
        steps += 1
        assert steps < 100_000, "game does not end"
    state.check_invariants()
    assert state.legal_moves() == []
    return state


def check_position(state: State, moves: list, rng: np.random.Generator) -> None:
    """Contract checks at one decision point (see module docstring)."""
    for move in moves:
        assert state.parse_move(str(move)) == move, f"notation round-trip failed for {move}"
    assert len(set(map(str, moves))) == len(moves), "legal moves listed twice"
    for u in (0.0, 0.3, 0.5, 0.999999):
        assert state.random_move(u) == moves[int(u * len(moves))], "random_move disagrees with legal_moves"
    seat = state.current_player
    before = _signature(state)
    obs = [state.observation(p) for p in range(state.num_players)]
    # Clone independence: playing on a clone changes nothing here.
    twin = state.clone()
    twin.apply(moves[int(rng.integers(len(moves)))])
    assert _signature(state) == before and [state.observation(p) for p in range(state.num_players)] == obs
    # Hidden information: resampling what seat p cannot see leaves p's observation unchanged.
    for p in range(state.num_players):
        sample = state.determinize(p, rng)
        assert sample.observation(p) == obs[p], f"observation of seat {p} depends on hidden cards"
        sample.check_invariants()
    # Illegal input is refused with a rule id and changes nothing.
    for bad in ("", "nonsense 1 2"):
        try:
            state.apply(state.parse_move(bad))
        except IllegalMoveError as exc:
            assert exc.rule and exc.message
        else:  # pragma: no cover - a failing check
            raise AssertionError(f"{bad!r} was accepted")
    assert _signature(state) == before and state.current_player == seat
    check_written_variants(state, moves, rng)


#: Most rewritings tried per listed move (a move of 6 words has 120 orders of its last 5).
_MAX_VARIANTS = 120


def written_variants(text: str) -> list[str]:
    """The rewritings of a move's notation ``text`` with its words after the first (numbers,
    names, rows) permuted, separators kept in place: ``"place 7>1 21>2"`` gives
    ``"place 21>1 7>2"``, ``"place 21>2 7>1"``, ... (at most 120, ``text`` excluded)."""
    parts = re.split(r"(\w+)", text)
    words = parts[1::2]
    head, rest = words[:1], words[1:]
    variants = []
    for order in islice(dict.fromkeys(permutations(rest)), _MAX_VARIANTS + 1):
        parts[1::2] = head + list(order)
        variants.append("".join(parts))
    return [v for v in variants if v != text][:_MAX_VARIANTS]


def check_written_variants(state: State, moves: list, rng: np.random.Generator, samples: int = 2) -> None:
    """Accepted and listed agree near ``samples`` listed moves drawn with ``rng``: every
    rewriting that parses is refused by both :meth:`~State.listed_move` and ``apply`` (with
    :class:`IllegalMoveError` and the same rule id), or stands for a listed move whose effect
    is the same."""
    listed = set(moves)
    for i in rng.choice(len(moves), size=min(samples, len(moves)), replace=False):
        for text in written_variants(str(moves[i])):
            try:
                move = state.parse_move(text)
            except IllegalMoveError:
                continue
            twin = state.clone()
            try:
                stands_for = state.listed_move(move)
            except IllegalMoveError as refusal:
                try:
                    twin.apply(move)
                except IllegalMoveError as exc:
                    assert exc.rule == refusal.rule, f"apply and listed_move refuse {text!r} by different rules"
                    continue
                raise AssertionError(f"apply accepts {text!r} but listed_move refuses it") from None
            assert stands_for in listed, f"{text!r} is accepted as {stands_for}, which legal_moves does not list"
            twin.apply(move)
            other = state.clone()
            other.apply(stands_for)
            assert _signature(twin) == _signature(other), f"{text!r} and {stands_for} are applied differently"
            assert [twin.observation(p) for p in range(state.num_players)] == \
                [other.observation(p) for p in range(state.num_players)]


def check_game(spec: GameSpec, players: int, seed: int, rules=None) -> State:
    """Full conformance of one seeded game: step checks, determinism, record round-trip."""
    state = play_random(spec, players, seed, rules)
    again = play_random(spec, players, seed, rules, check_every_step=False)
    assert _signature(again) == _signature(state), "same seed gave a different game"
    record = records.from_state(state, players=["random"] * players, seed=seed)
    text = json.dumps(record)
    replayed = records.replay(json.loads(text))
    assert _signature(replayed) == _signature(state)
    for upto in range(1, 5):  # between the setup's chance events, which a replay applies one by one
        records.replay(json.loads(text), upto=upto).check_invariants()
    assert replayed.result() == state.result()
    assert json.dumps(records.from_state(replayed, players=["random"] * players, seed=seed)) == text
    return state
