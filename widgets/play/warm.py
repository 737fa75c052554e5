"""The hard bot answers fast on a page: its search's fast kernels are ready before a pupil arrives.

The hard level's bot (``pimc``) plays its rollouts on the fast path when numba is installed
(:mod:`mandalakit.fast`, the ``fast`` extra, which the dashboard extra brings): about 0.05 s of
CPU time a move against 0.7-0.9 s in the engine. The kernels are compiled once per install into
numba's on-disk cache (10-20 s a game), and each new kernel process loads them from there
(0.1-0.6 s a game). So:

- ``make demo`` compiles them once after installing (``python -m mandalakit.widgets.play.warm``);
- a play view loads its game's kernels when a game with a search bot starts (:func:`warm`, in
  :meth:`~mandalakit.widgets.GameView.new_game`: 0.1-0.6 s at the click of *New game*, not at
  the bot's first move).

Without numba nothing is done and the bots play in the engine (the same moves).
"""

from __future__ import annotations

import time

from mandalakit.core.registry import GAMES, get_game
from mandalakit.core.search import PIMCBot
from mandalakit.fast import compiled

__all__ = ["warm"]

#: Games whose kernels this process has loaded.
_READY: set[str] = set()


def warm(game: str) -> float:
    """Load (or, the first time on this machine, compile) the fast kernels of ``game``'s hard
    bot in this process, by one small search of a new deal; seconds it took (0 if done before,
    or without numba)."""
    if game in _READY or not compiled():
        return 0.0
    start = time.perf_counter()
    spec = get_game(game)
    settings = {**spec.bots[spec.bot_behind("hard")].keywords, "iterations": 2, "playouts": "auto"}
    state = spec.new_game(spec.min_players, seed=0)
    PIMCBot(game, 0, **settings).choose(state.observation(state.current_player), state.legal_moves())
    _READY.add(game)
    return time.perf_counter() - start


def main() -> None:
    """Compile every game's kernels into the on-disk cache (``make demo`` runs it once)."""
    if not compiled():
        print("numba is not installed: the bots play in the engine (pip install 'mandalakit[fast]').")
        return
    for game in GAMES:
        print(f"{game}: the hard bot's kernels ready in {warm(game):.1f} s", flush=True)


if __name__ == "__main__":
    main()
