"""Fast batch simulation: whole games of the bots in compiled loops (docs/fast.md).

One module per game (:mod:`.ohanami`, :mod:`.mandala`, :mod:`.flowers`) plays batches of games
with numba-compiled loops (the optional extra: ``pip install 'mandalakit[fast]'``); :mod:`.run`
seeds them, turns them into table rows and records, and measures them. The reference engines
(``mandalakit.ohanami`` and the others) stay the rules of record: every fast game is the game
the reference engine plays from the same seeds, and exports as a record that it replays to the
same result (``tests/engines/test_fast.py``).

Used by :func:`mandalakit.simulate.simulate`, :func:`mandalakit.tournament.tournament` and
``mandalakit bench`` whenever :func:`usable` says so: random bots in every game, greedy bots in
Ohanami. Without numba they use the reference engines, with the same rows.

>>> import numpy as np
>>> from mandalakit import fast
>>> rules = {"sakura_cap": 15}
>>> table = fast.simulate_table("ohanami", 2, ("random", "random"), rules, seed=1, games=1000)  # doctest: +SKIP
>>> batch = fast.playouts("mandala", 2, 10_000, np.random.default_rng(3))  # doctest: +SKIP
>>> batch.scores().mean(axis=0)  # doctest: +SKIP
"""

from __future__ import annotations

from ._jit import compiled
from .run import bench, frames, playouts, record, simulate_rows, simulate_table, usable

__all__ = ["bench", "compiled", "frames", "playouts", "record", "simulate_rows", "simulate_table", "usable"]
