"""Forged widget values (issue 11): a page's kernel websocket lets a client set any synced
value; the kernel answers with a value the widget accepts and the dashboard keeps working."""

from __future__ import annotations

import pytest
from traitlets import TraitError

from mandalakit.widgets.play.game_view import GameView
from mandalakit.widgets.lessons.ohanami import ScoringCalculator


def test_O_3_3_a_slider_set_past_its_bounds_is_clamped_and_scored():
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    calc.pink.set_state({"value": 10_000})  # what a forged comm "update" does
    assert calc.pink.value == calc.pink.max
    calc.pink.set_state({"value": -5})
    assert calc.pink.value == calc.pink.min == 0
    # The widget still answers a pupil's next move: T(7) = 28 pink points at the end (O-3.3).
    calc.pink.set_state({"value": 7})
    assert calc.chart.spec["data"][0]["y"][7] == 28


def test_a_selection_set_to_nothing_keeps_the_seats_and_a_wrong_index_is_refused():
    view = GameView()
    choice = view.form.players_choice
    seats = len(view.form.seat_box.children)
    choice.set_state({"index": None})  # a forged "nothing selected"
    assert choice.value is None and len(view.form.seat_box.children) == seats
    for index in (99, -3):  # ipywidgets refuses it and keeps the state
        with pytest.raises(TraitError, match="index out of bounds"):
            choice.set_state({"index": index})
    choice.set_state({"index": 1})  # the pupil's next choice still works
    assert choice.value == choice.options[1] and len(view.form.seat_box.children) == choice.value
