"""The hard bot's fast kernels are readied when its game starts, not at its first move (issue 30);
its CPU time a move is printed by ``make bench-ui`` (widgets/play/bench.py)."""

import pytest

from mandalakit.fast import compiled
from mandalakit.widgets import GameView
from mandalakit.widgets.play import warm


@pytest.mark.skipif(not compiled(), reason="the fast extra (numba) is not installed")
def test_a_game_against_the_hard_bot_readies_its_kernels_first(monkeypatch):
    readied = []
    monkeypatch.setattr(warm, "_READY", set())
    real = warm.warm
    monkeypatch.setattr("mandalakit.widgets.play.session.warm", lambda game: readied.append(game) or real(game))
    GameView("mandala", seats=["you", "medium"], seed=1, bot_delay=0)
    assert readied == []  # no search bot: nothing to ready
    view = GameView("ohanami", seats=["you", "hard"], seed=1, bot_delay=0)
    assert readied == ["ohanami"] and "ohanami" in warm._READY
    assert warm.warm("ohanami") == 0.0  # once a process
    assert view.bots[1]._fast  # its rollouts run on the fast path
