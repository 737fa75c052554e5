"""Ohanami views without a kernel: build the widgets, change values in Python, read what they show.

Also the SVG drawing (``mandalakit.ohanami.render``): what one seat may and may not see (O-2.6).
"""

from __future__ import annotations

import asyncio
import re

import pytest

from mandalakit import ohanami
from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play
from mandalakit.ohanami import round_score, sakura_points
from mandalakit.ohanami.render import render_svg
from mandalakit.widgets.ohanami import ReplayViewer, ScoringCalculator

BLACK = "#000000"


def shown_total(calc: ScoringCalculator) -> int:
    return int(re.search(r'class="mk-total-value">(\d+)<', calc.total.value).group(1))


def card_titles(svg: str) -> set[int]:
    """Card numbers drawn in an SVG (every card carries a <title>"number suit</title>)."""
    return {int(n) for n in re.findall(r"<title>(\d+) (?:blue|green|grey|pink)", svg)}


@pytest.fixture(scope="module")
def finished_record():
    game = ohanami.new_game(2, seed=2026)
    play(game, [ohanami.GreedyBot(seed=1), RandomBot(seed=2)])
    return records.from_state(game, players=["greedy", "random"], seed=2026)


# ----- ScoringCalculator ----------------------------------------------------------------------
def test_calculator_shows_the_o4_worked_scores():
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    assert calc.score == shown_total(calc) == 104  # O-4, round 3
    calc.round_no.value = 1
    calc.blue.value = 4
    assert shown_total(calc) == 12  # O-4, round 1
    calc.round_no.value = 2
    calc.blue.value, calc.green.value = 7, 5
    assert shown_total(calc) == 41  # O-4, round 2
    assert "pink scores only at the end of round 3" in calc.total.value


def test_changing_pink_moves_the_highlight_and_the_total():
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    bars = calc.figure.data[0]
    assert list(bars.y[:8]) == [0, 1, 3, 6, 10, 15, 21, 28]
    assert bars.marker.color[6] == BLACK and list(bars.marker.color).count(BLACK) == 1
    calc.pink.value = 7
    assert shown_total(calc) == 104 - 21 + 28
    assert calc.figure.data[0].marker.color[7] == BLACK
    assert calc.figure.data[0].marker.color[6] != BLACK
    assert "k = 7" in calc.figure.layout.title.text
    assert "would add 8" in calc.total.value  # marginal value T(8) - T(7) = 8


def test_marginal_line_is_k_plus_one_until_the_cap():
    calc = ScoringCalculator(pink=0, max_pink=20)
    marginal = list(calc.figure.data[1].y)
    assert marginal[:15] == [k + 1 for k in range(15)]
    assert marginal[15:] == [0] * 6  # O-3.4: the 16th pink card adds nothing


def test_cap_choice_changes_bars_and_total():
    calc = ScoringCalculator(pink=17, max_pink=20)
    assert shown_total(calc) == 120  # O-3.4: capped at 15 pink = 120
    assert calc.figure.data[2].visible is True  # the open formula, for comparison
    calc.cap.value = 0  # no cap: open formula
    assert calc.sakura_cap is None
    assert shown_total(calc) == sakura_points(17, cap=None) == 153
    assert calc.figure.data[0].y[17] == 153
    assert calc.figure.data[2].visible is False
    calc.cap.value = 10
    assert calc.figure.data[0].y[17] == 55
    assert shown_total(calc) == round_score(3, (0, 0, 0, 17), cap=10)


# ----- ReplayViewer ---------------------------------------------------------------------------
def test_replay_steps_change_board_caption_and_scores(finished_record):
    viewer = ReplayViewer(finished_record)
    n = len(finished_record["events"])
    assert viewer.slider.min == 1 and viewer.slider.max == n  # starts after the shuffle
    assert "shuffled" in viewer.caption.value
    assert all(trace.y == (None, None, None) for trace in viewer.figure.data)
    board0 = viewer.board.value
    viewer.forward.click()
    assert viewer.slider.value == 2 and viewer.board.value != board0
    viewer.last.click()
    final = records.replay(finished_record)
    for seat, trace in enumerate(viewer.figure.data):
        assert list(trace.y) == list(final.round_scores[seat])
    assert "3 of 3 rounds" in viewer.figure.layout.title.text
    assert "Final scores" in viewer.board.value
    viewer.first.click()
    assert viewer.slider.value == 1
    viewer.back.click()  # stays at the first position
    assert viewer.slider.value == 1


def test_round_scores_appear_when_a_round_ends(finished_record):
    viewer = ReplayViewer(finished_record)
    for i in range(viewer.slider.min, viewer.slider.max + 1):
        viewer.slider.value = i
        done = len(viewer.state.round_scores[0])
        ys = viewer.figure.data[0].y
        assert [y is not None for y in ys] == [r < done for r in range(3)]
        assert viewer.figure.layout.annotations[0].visible is (done == 0)  # "no round scored yet"


def test_replay_hides_other_seats_open_choices(finished_record):
    viewer = ReplayViewer(finished_record, seat=1)
    viewer.slider.value = 2  # after seat 0's first pick; seat 1 has not picked yet
    state = viewer.state
    assert state.phase == "pick" and state.current_player == 1
    seat0_pick = finished_record["events"][1]["event"]
    assert seat0_pick not in viewer.caption.value and "hidden" in viewer.caption.value
    assert not card_titles(viewer.board.value) & set(state.hands[0])  # seat 0's hand never drawn
    viewer.seat.value = 0  # seat 0 may see its own pick
    assert seat0_pick in viewer.caption.value


def test_try_move_shows_the_engine_refusal_with_rule_id(finished_record):
    viewer = ReplayViewer(finished_record)
    viewer.slider.value = 1  # seat 0 to pick from its first hand
    shown = viewer.board.value
    hand = viewer.state.hands[0]
    absent = next(c for c in range(1, 121) if c not in hand)
    assert viewer.try_move(f"pick {absent} {hand[0]}") is False
    assert "mk-refusal" in viewer.move_result.value and "O-2.2" in viewer.move_result.value
    assert viewer.try_move("pick nonsense") is False
    assert "Not a move" in viewer.move_result.value and "rule notation" not in viewer.move_result.value
    legal = str(viewer.state.legal_moves()[0])
    assert viewer.try_move(legal) is True
    assert "Legal" in viewer.move_result.value and "<svg" in viewer.move_result.value
    assert viewer.board.value == shown and viewer.slider.value == 1  # the replay is unchanged
    viewer.move_text.value = f"pick {absent} {hand[0]}"  # typing (Enter) tries it too
    assert "O-2.2" in viewer.move_result.value


def test_O_2_6_try_move_tells_a_seat_nothing_about_another_seats_hand(finished_record):
    viewer = ReplayViewer(finished_record, seat=1)
    viewer.slider.value = 1  # seat 0 to pick; the board is seen by seat 1
    hand0 = set(viewer.state.hands[0])
    for text in (f"pick {min(hand0)} {max(hand0)}", f"pick {min(hand0)} 999", "pick 1 2"):
        assert viewer.try_move(text) is False
        assert "Not your turn" in viewer.move_result.value
        assert not card_titles(viewer.move_result.value) & hand0
    viewer.seat.value = 0  # now the board is seen by the seat to act: the move is tried
    assert viewer.try_move(f"pick {min(hand0)} {max(hand0)}") is True
    assert "seen by seat 0" in viewer.move_result.value


def test_typed_move_follows_the_shown_position_and_clears(finished_record):
    viewer = ReplayViewer(finished_record)
    viewer.slider.value = 1
    hand = viewer.state.hands[0]
    viewer.move_text.value = f"pick {hand[0]} {hand[1]}"
    assert "Legal" in viewer.move_result.value
    viewer.slider.value = 2  # seat 1 to act now, with another hand: the same text is tried again
    assert "mk-refusal" in viewer.move_result.value
    viewer.move_text.value = ""
    assert viewer.move_result.value == ""


def test_pause_and_play_again_keep_one_stepping_task(finished_record):
    viewer = ReplayViewer(finished_record)
    viewer.interval = 0.01

    async def main():
        viewer.play.value = True
        first = viewer._task
        await asyncio.sleep(0.03)
        viewer.play.value = False
        viewer.play.value = True  # before the first task wakes up again
        second = viewer._task
        await asyncio.sleep(0)
        assert first.cancelled() and second is not first and not second.done()
        assert viewer.play.value is True  # the cancelled task does not switch play off
        viewer.interval = 0
        await asyncio.wait_for(second, timeout=10)

    asyncio.run(main())
    assert viewer.slider.value == viewer.slider.max and viewer.play.value is False


def test_play_toggle_runs_to_the_end(finished_record):
    viewer = ReplayViewer(finished_record)
    viewer.interval = 0

    async def main():
        viewer.play.value = True  # starts the stepping task on the running loop
        assert viewer.play.description.startswith("■")
        await asyncio.wait_for(viewer._task, timeout=10)

    asyncio.run(main())
    assert viewer.slider.value == viewer.slider.max
    assert viewer.play.value is False and viewer.play.description.startswith("▶")


def test_bad_record_is_refused_with_index_and_rule(finished_record):
    bad = dict(finished_record, events=list(finished_record["events"]))
    bad["events"][1] = {"by": 0, "event": "pick 1 1"}
    with pytest.raises(records.RecordError) as info:
        ReplayViewer(bad)
    assert info.value.index == 1


# ----- render_svg -----------------------------------------------------------------------------
def test_svg_shows_own_hand_and_pick_but_never_another_hand():
    state = ohanami.new_game(3, seed=5)
    own = state.legal_moves()[0]
    state.apply(own)  # seat 0 picks; seats 1 and 2 still choose
    svg0 = render_svg(state, 0)
    svg1 = render_svg(state)  # None: the seat to act, seat 1
    assert "seen by seat 1" in svg1
    assert set(state.hands[0]) <= card_titles(svg0)
    assert "your pick: {} and {}".format(*own.cards) in svg0
    assert not card_titles(svg1) & (set(state.hands[0]) | set(state.hands[2]))
    assert "your pick" not in svg1
    for seat in (1, 2):
        state.apply(state.legal_moves()[0])
    # place phase: every pick is revealed (O-2.3), hands still hidden
    svg1 = render_svg(state, 1)
    revealed = {c for pk in state.picks for c in pk}
    assert revealed <= card_titles(svg1)
    assert not card_titles(svg1) & (set(state.hands[0]) | set(state.hands[2]))


def test_svg_of_a_finished_game_names_the_winner(finished_record):
    state = records.replay(finished_record)
    svg = state.to_svg()
    assert svg.startswith("<svg") and "seen by seat 0" in svg
    winners = state.result().winners
    assert f"seat {winners[0]}" in svg and ("wins" in svg or "share" in svg)
    rows = {c for rows in state.rows for r in rows for c in r}
    assert rows <= card_titles(svg)
    for suit in ohanami.SUITS:  # colours are always named too
        assert f">{suit}</text>" in svg


def test_svg_refuses_a_seat_that_does_not_exist():
    with pytest.raises(ValueError):
        render_svg(ohanami.new_game(2, seed=1), 5)
