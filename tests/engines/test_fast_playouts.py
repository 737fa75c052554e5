"""Search playouts on the fast path (mandalakit.fast.playout) are the reference rollouts move for
move: from seeded mid-game positions reached by random legal play, at every depth and player
count, the fast kernel's moves are legal in the engine, are the moves the reference rollout
makes with the same generator (the greedy bot's numbers drawn in the same order, ties broken the
same way), end at the same scores and winners, and leave the generator in the same state."""

from __future__ import annotations

import copy
import re

import numpy as np
import pytest
from _positions import endless_mandala_position

from mandalakit.core.registry import get_game
from mandalakit.core.search import ISMCTSBot, PIMCBot
from mandalakit.fast import _jit
from mandalakit.fast.playout import KERNELS, playout, usable



def positions(game: str, players: int, count: int, seed: int):
    """``count`` positions of seeded games at a decision, after 0 to all but one of the game's
    random legal decisions (every depth alike)."""
    spec = get_game(game)
    rng = np.random.default_rng(seed)
    for k in range(count):
        state = spec.new_game(players, seed=int(rng.integers(1 << 31)))
        moves = []
        game_rng = np.random.default_rng(k)
        end = state.clone()
        while not end.is_terminal():
            moves.append(end.random_move(game_rng.random()))
            end.apply(moves[-1])
        for move in moves[:int(rng.integers(0, len(moves)))]:
            state.apply(move)
        state.rng = None  # every card is known: no chance left to draw
        yield k, state


def reference(state, rollout: str, rng, uniform: list, left: int | None = None) -> list:
    """The search's reference rollout (``_Searcher.playout``), in place, chance drawn from ``rng``
    as a search's clone draws it: its ``(seat, move)`` list, each move checked legal."""
    greedy = get_game(state.game).make_bot("greedy", seed=rng)
    state.rng = rng
    moves = []
    left = -1 if left is None else left
    while state.current_player >= 0 and left:
        seat = state.current_player
        legal = state.legal_moves()
        if rollout == "random":
            if not uniform:
                uniform[:] = rng.random(512).tolist()
            move = state.random_move(uniform.pop())
        else:
            move = legal[0] if len(legal) == 1 else greedy.choose(state.observation(seat), legal)
        assert move in legal
        moves.append((seat, move))
        state.apply(move)
        left -= 1
    return moves


def snapshot(state) -> str:
    """Everything ``state`` holds, as comparable text (a Flowers mandala by its fields)."""
    return repr({k: [{f: getattr(m, f) for f in m.__slots__} for m in v] if k == "mandalas" else v
                 for k, v in vars(state).items()})


CASES = [(g, p, r) for g in KERNELS for p in range(get_game(g).min_players, get_game(g).max_players + 1)
         for r in KERNELS[g].ROLLOUTS]


@pytest.mark.parametrize(("game", "players", "rollout"), CASES)
def test_a_fast_playout_is_the_reference_rollout_move_for_move(game, players, rollout):
    """O-2.2 to O-3.5, M-4 to M-7.4: from each position the fast kernel makes the moves the reference
    rollout makes (each legal there), and ends at the same scores and winners with the generator
    (and the random bots' buffer) in the same state."""
    checked = picking = 0
    for k, state in positions(game, players, 150, seed=players):
        start = state.clone()
        fast_rng, ref_rng = np.random.default_rng(k), np.random.default_rng(k)
        fast_uniform, ref_uniform = [0.25, 0.75][:k % 3], [0.25, 0.75][:k % 3]  # a part-used buffer too
        end = playout(state, rollout, fast_rng, fast_uniform)
        assert snapshot(state) == snapshot(start)  # the state played from is left as it was
        picking += state.phase in ("pick", "choose")
        ref = state.clone()
        assert end.moves() == reference(ref, rollout, ref_rng, ref_uniform)
        assert end.is_terminal() and ref.is_terminal()
        assert end.scores() == ref.scores() and end.winners == ref.result().winners
        assert fast_rng.random() == ref_rng.random() and fast_uniform == ref_uniform
        checked += 1
    assert checked == 150 and (game == "ohanami" or picking >= 5)  # M-5.3, F-4.1: first played in the engine


@pytest.mark.parametrize("game", list(KERNELS))
def test_a_fast_playout_cut_after_some_decisions_is_valued_by_the_scores_so_far(game):
    """``left`` decisions and no more, as ``rollout_depth`` cuts the reference rollout."""
    for k, state in positions(game, get_game(game).max_players, 20, seed=9):
        left = 1 + k * 3
        end = playout(state, "greedy", np.random.default_rng(k), left=left)
        ref = state.clone()
        moves = reference(ref, "greedy", np.random.default_rng(k), [], left)
        assert end.moves() == moves and len(moves) <= left
        assert end.scores() == ref.scores() and end.is_terminal() == ref.is_terminal()


@pytest.mark.skipif(not _jit.compiled(), reason="the fast path needs numba (the fast extra)")
@pytest.mark.parametrize("rollout", ("greedy", "random"))
@pytest.mark.parametrize("bot", (PIMCBot, ISMCTSBot), ids=lambda b: b.name)
@pytest.mark.parametrize("game", list(KERNELS))
def test_a_search_bot_measures_and_chooses_the_same_on_both_paths(game, bot, rollout):
    """The named option ``playouts``: "fast" and "reference" give the same statistics and move."""
    assert usable(game, rollout)
    for _k, state in positions(game, 2, 3, seed=4):
        seat = state.current_player
        obs, legal = state.observation(seat), state.legal_moves()
        out = []
        for playouts in ("fast", "reference"):
            b = bot(game, seed=7, iterations=24, rollout=rollout, candidates=4, playouts=playouts)
            out.append((b.choose(obs, legal), {str(m): (s.visits, s.reward, s.points, s.wins)
                                               for m, s in b.stats.items()}))
        assert out[0] == out[1]


def test_without_numba_fast_is_refused_and_auto_rolls_out_in_the_engine(monkeypatch):
    """``playouts="fast"`` needs numba and says so; "auto" (the default) then uses the engine."""
    from mandalakit.fast import playout as module

    monkeypatch.setattr(module, "compiled", lambda: False)
    with pytest.raises(ValueError, match="fast path"):
        PIMCBot("mandala", seed=1, playouts="fast")
    assert PIMCBot("mandala", seed=1)._fast is False
    monkeypatch.setattr(module, "compiled", lambda: True)
    assert PIMCBot("mandala", seed=1, rollout="random")._fast is True
    assert PIMCBot("mandala", seed=1, playouts="reference")._fast is False
    with pytest.raises(ValueError, match="playouts must be one of auto, fast, reference"):
        PIMCBot("mandala", seed=1, playouts="compiled")


def test_the_kernel_runs_as_plain_python_without_numba(monkeypatch):
    """Without numba the same kernel runs as Python on the same arrays, with the same moves."""
    loops = {"ohanami": "_play", "mandala": "_run", "flowers": "_run"}  # the compiled loop each module calls
    for game, kernel in KERNELS.items():
        _k, state = next(positions(game, 2, 1, seed=2))
        compiled_end = playout(state, "greedy", np.random.default_rng(3))
        loop = getattr(kernel, loops[game])
        monkeypatch.setattr(kernel, loops[game], getattr(loop, "py_func", loop))
        plain_end = playout(state, "greedy", np.random.default_rng(3))
        assert plain_end.moves() == compiled_end.moves() and plain_end.scores() == compiled_end.scores()


@pytest.mark.skipif(not _jit.compiled(), reason="the fast path needs numba (the fast extra)")
def test_M_7_6_ends_greedy_rollouts_that_only_discard_at_the_same_decision_on_both_paths(monkeypatch):
    """M-7.6, M-4.3: in the Mandala position where two greedy bots may only discard once the deck
    has run out (seed 7, deal 0, see test_search.py), fast rollouts end by M-7.6 as the
    engine's do, valued by the same scores: the search measures the same on both paths."""
    spec = get_game("mandala")
    state, bots = endless_mandala_position()
    obs, legal = state.observation(1), state.legal_moves()
    from mandalakit.fast import playout as module

    ends = []
    real = module.playout
    monkeypatch.setattr(module, "playout", lambda *args: ends.append(real(*args)) or ends[-1])
    out = []
    for playouts in ("fast", "reference"):
        bot = spec.bots["pimc"](seed=copy.deepcopy(bots[1].rng), iterations=160, playouts=playouts)
        out.append((bot.choose(obs, legal), {str(m): (s.visits, s.reward, s.points) for m, s in bot.stats.items()}))
    assert ends and all(end.is_terminal() for end in ends)
    assert max(len(end.moves()) for end in ends) > 100  # the 100 turns of M-7.6 after the trigger
    assert out[0] == out[1]


@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
def test_a_finished_game_plays_nothing_and_keeps_its_scores(game):
    """O-5, M-7, F-6: a playout of an ended game is that game: its scores and winners, no move."""
    from mandalakit.core.bots import play

    spec = get_game(game)
    state = spec.new_game(2, seed=3)
    play(state, [spec.make_bot("greedy", seed=1), spec.make_bot("greedy", seed=2)])
    end = playout(state, "greedy", np.random.default_rng(1))
    assert end.scores() == state.scores() and end.winners == state.result().winners
    assert end.is_terminal() and end.moves() == []


@pytest.mark.parametrize("rollout, rng, error, words", [
    ("heuristic", np.random.default_rng(1), ValueError, "No fast playout of mandala by 'heuristic' bots"),
    ("GREEDY", np.random.default_rng(1), ValueError, "by greedy or random bots"),
    ("greedy", 3, TypeError, "rng must be a numpy Generator on PCG64"),
    ("greedy", None, TypeError, "not None"),
])
def test_a_playout_asked_wrongly_says_why(rollout, rng, error, words):
    with pytest.raises(error, match=re.escape(words)):
        playout(get_game("mandala").new_game(2, seed=1), rollout, rng)
