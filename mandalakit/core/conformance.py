"""The generic conformance check of the engine contract, run on every game.

``check_game(spec, players, seed)`` plays one random legal game and asserts, at every step:
card conservation (``check_invariants``), notation round-trip of every legal move, clone
independence, observations unchanged when hidden cards are resampled (``determinize``),
that illegal input leaves the state unchanged, what the game's declaration says of a decision
(action numbers, moves waiting for a simultaneous choice, unseen cards, hint facts), and that
"accepted" and "listed" agree: every
rewriting of a listed move (its words permuted) is refused by ``apply`` or stands for a listed
move (``listed_move``) with the same effect; at the end: determinism (same seed, same game),
record round-trip and conservation between the first events of the replay (manual chance), and
every field of the game's :class:`GameSpec` (:func:`check_declaration`).
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
            if steps < DECLARATION_STEPS:
                check_step_declaration(spec, state, moves)
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


#: Decisions of a game at which :func:`check_step_declaration` runs (a hint's facts and the
#: action numbers cost more than the other step checks).
DECLARATION_STEPS = 40

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


def check_declaration(spec: GameSpec, state: State) -> None:
    """Every field of ``spec`` holds what it declares, checked on ``state``, a finished game of
    it played by :func:`play_random` (its history: every decision and chance event)."""
    from .registry import GAMES, get_game

    assert spec.name in GAMES and get_game(spec.name) is spec, f"{spec.name} is not registered as its GAME"
    assert state.game == spec.name and spec.min_players <= state.num_players <= spec.max_players
    assert 1 <= spec.min_players <= spec.max_players and spec.player_rule
    assert isinstance(spec.title, str) and spec.title, "a game has a title"
    assert isinstance(spec.make_rules(), spec.rules)
    assert spec.from_position is None or callable(spec.from_position)
    for level, bot in spec.levels.items():
        assert bot in spec.bots, f"level {level} stands for {bot}, which is not a bot of the game"
    for name in spec.bots:
        bot = spec.make_bot(name, seed=1)
        assert callable(getattr(bot, "choose", None)), f"bot {name} has no choose"
    assert isinstance(spec.seat_summary(state, 0), dict)
    # Drawing: the renderer draws every seat's view and the score screen of the finished game.
    renderer = spec.module("renderer")
    assert renderer is not None and callable(renderer.render_svg) and callable(renderer.render_scores)
    for p in range(state.num_players):
        assert state.to_svg(p).lstrip().startswith("<svg"), "to_svg draws no SVG"
    assert "<svg" in state.scores_svg(0)
    # The facts of the research frameworks, from the game's history.
    decisions = [move for by, move in state.history if by >= 0]
    codes = [code for by, event in state.history if by == CHANCE for code in event.outcome]
    assert 0 < len(decisions) <= spec.max_decisions, f"{len(decisions)} decisions, max_decisions {spec.max_decisions}"
    assert all(0 <= code < spec.chance_outcomes for code in codes), "a chance code beyond chance_outcomes"
    assert isinstance(spec.layout_version, int) and spec.layout_version >= 1
    assert spec.simultaneous == (spec.waiting_moves is not None), "a simultaneous game says what waits"
    if spec.encoding:
        codec = spec.action_codec()
        assert codec is spec.action_codec(), "the action codec is made once"
        numbers = [codec.encode(move) for move in decisions]
        assert all(0 <= n < codec.size for n in numbers)
        assert len(codec._names) == codec.size
        encoder = spec.observation_encoder(state.num_players)
        for p in range(state.num_players):
            x = encoder.encode(state.observation(p))
            assert x.shape == (encoder.size,) and x.dtype == np.float32 and np.isfinite(x).all()
    for part, names in (("fast", ("BOTS", "supports")), ("playout", ("ROLLOUTS", "loadable", "load", "play"))):
        if getattr(spec, part):
            module = spec.module(part)
            assert all(hasattr(module, name) for name in names), f"the {part} kernel lacks one of {names}"
    if spec.hints:
        assert callable(spec.module("hints").hint_facts)
    assert all(isinstance(lang, str) and all(isinstance(w, tuple) and w for w in words.values())
               for lang, words in spec.words.items()), "words: language -> word -> the words typed for it"
    assert all(isinstance(c, str) for c in spec.colours)
    # What the views and the analysis page say of the game, in words of its own.
    options = spec.make_rules().to_dict()
    for name, (label, rule, words) in spec.option_words.items():
        assert name in options, f"option_words names {name}, not an option of the game's Rules"
        assert isinstance(label, str) and label and isinstance(rule, str) and rule
        for text, said in words.items():  # each value offered is one the game plays
            spec.make_rules({name: spec.rules.option_from_text(name, text)})
            assert isinstance(said, str) and said
    assert all(isinstance(name, str) and name for name in spec.tables)
    if spec.gallery:
        players, decisions, line = spec.gallery
        assert spec.min_players <= players <= spec.max_players and decisions >= 0 and isinstance(line, str) and line


def check_step_declaration(spec: GameSpec, state: State, moves: list) -> None:
    """What ``spec`` declares of a decision, checked at ``state`` (its legal ``moves``): their
    action numbers are distinct and decode back, the observation of the seat has its tensor, a
    simultaneous game's seat to act waits with exactly these moves, the unseen cards are counted
    from the hidden ones, and a hint's facts are computed."""
    seat = state.current_player
    if spec.encoding:
        codec = spec.action_codec()
        legal = codec.legal(state)
        assert sorted(map(str, legal.values())) == sorted(map(str, moves)), "two moves with one action number"
        for action, move in legal.items():
            assert codec.decode(state, action) == move
    if spec.waiting_moves is not None:
        assert sorted(map(str, spec.waiting_moves(state, seat))) == sorted(map(str, moves))
    if spec.unseen is not None:
        unseen = spec.unseen(state, seat)
        assert all(isinstance(n, int) and n >= 0 for n in unseen.values())
        assert unseen == spec.unseen(state.determinize(seat, np.random.default_rng(0)), seat), \
            "the unseen cards depend on what is hidden"
    if spec.from_observation is not None:
        assert spec.from_observation(state.observation(seat), state.rules).observation(seat) == state.observation(seat)
        if spec.hints:
            facts = spec.module("hints").hint_facts(spec.from_observation(state.observation(seat), state.rules),
                                                    seat, moves[0])
            from .hints import Hint

            assert set(facts) <= set(Hint.__dataclass_fields__), f"hint facts {set(facts)} are no Hint fields"


def check_game(spec: GameSpec, players: int, seed: int, rules=None) -> State:
    """Full conformance of one seeded game: step checks, determinism, record round-trip, and
    every field of the game's declaration (:func:`check_declaration`)."""
    state = play_random(spec, players, seed, rules)
    check_declaration(spec, state)
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
