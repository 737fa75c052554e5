"""``mandalakit bench``: the reference engine's rate beside the fast path's, and their ratio.

Both rates are games per second of this process's CPU time on one core, so a busy machine
disturbs them less than wall-clock rates; the load average is printed beside them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping

from ..core.bots import play
from ..core.registry import get_game


def reference(game: str, players: int | None, seconds: float, seed: int, rules: Mapping | None,
              bots: str = "random") -> dict:
    """The reference engine's rate with ``bots`` in every seat: :func:`mandalakit.simulate.bench`
    for random bots, whole games of :func:`mandalakit.core.bots.play` for the others.

    Raises :class:`~mandalakit.core.errors.RulesError` as :func:`mandalakit.simulate.bench` does,
    and for a bot the game does not have.
    """
    import numpy as np

    from ..simulate import bench

    spec = get_game(game)
    bots = spec.check_bot(bots)
    out = bench(game, players, seconds=seconds if bots == "random" else min(seconds, 0.01), seed=seed, rules=rules)
    if bots == "random":
        return out
    players, rules = out["players"], spec.make_rules(rules)
    rng = np.random.default_rng(seed)
    games = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = spec.new_game(players, seed=rng, rules=rules)
        play(state, [spec.make_bot(bots, seed=rng) for _ in range(players)])
        decisions += sum(1 for seat, _move in state.history if seat >= 0)
        games += 1
        elapsed = time.process_time() - start
    return {**out, "games": games, "decisions": decisions, "seconds": elapsed, "games_per_s": games / elapsed,
            "decisions_per_s": decisions / elapsed}


def compare(game: str, players: int | None, seconds: float, seed: int, rules: Mapping | None,
            bots: str = "random") -> tuple[dict, dict | None]:
    """``(reference, fast)`` rates (dicts as :func:`mandalakit.simulate.bench` returns); ``fast``
    is None where :mod:`mandalakit.fast` does not play these bots and rules (or numba is missing)."""
    from .run import bench, usable

    spec = get_game(game)
    ref = reference(game, players, seconds, seed, rules, bots)
    bots = spec.check_bot(bots)
    rules_dict = spec.make_rules(rules).to_dict()
    if not usable(game, [bots] * ref["players"], rules_dict):
        return ref, None
    return ref, bench(game, ref["players"], rules_dict, seconds, seed, bots)


def load_average() -> str:
    """The 1, 5 and 15 minute load averages as the language in force writes them: ``"1.02 0.87
    0.55"``, French ``"1,02 0,87 0,55"`` (:func:`~mandalakit.core.messages.number`); empty where unknown."""
    from ..core.messages import number

    try:
        return " ".join(number(x, ".2f") for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on this kind of system
        return ""
