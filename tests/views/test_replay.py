"""The generic replay viewer (widgets/play/replay.py) without a kernel, on records of every game."""

from __future__ import annotations

import asyncio
import re

import pytest

from mandalakit import mandala
from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play
from mandalakit.core.errors import RulesError
from mandalakit.core.registry import get_game
from mandalakit.widgets.play.games import part_of
from mandalakit.widgets.play.replay import ReplayViewer

PLAYERS = {"ohanami": 2, "mandala": 2, "flowers": 3}


def finished(game: str, seed: int = 2026) -> dict:
    spec = get_game(game)
    n = PLAYERS[game]
    state = spec.new_game(n, seed=seed, rules=spec.make_rules(None))
    play(state, [spec.make_bot("greedy", seed=seed + 1)] + [RandomBot(seed=seed + i) for i in range(2, n + 1)])
    return records.from_state(state, players=["greedy"] + ["random"] * (n - 1), seed=seed)


@pytest.fixture(scope="module", params=list(PLAYERS))
def record(request):
    return finished(request.param)


@pytest.fixture(scope="module")
def ohanami_record():
    return finished("ohanami")


def card_titles(svg: str) -> set[int]:
    """Ohanami card numbers drawn in an SVG (every card carries a <title>"number suit</title>)."""
    return {int(n) for n in re.findall(r"<title>(\d+) (?:blue|green|grey|pink)", svg)}


def shown_text(svg: str) -> list[str]:
    """The words an SVG draws on the page (its <text> elements)."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


# ----- any game -------------------------------------------------------------------------------
def test_a_replay_between_bots_names_every_seat_by_its_player_never_you(record):
    """The pupil watching a replay plays no seat: the board says "Bot (medium)", not "(you)",
    from every seat's eyes, and so does a move tried on it."""
    viewer = ReplayViewer(record)
    n = len(record["players"])
    for seat in range(n):
        viewer.seat.value = seat
        svg = viewer.board.svg
        assert "(you)" not in svg and all(name in svg for name in viewer.names), seat
        assert viewer.names[0] == "Bot (medium)" and all(n.endswith("(easy)") for n in viewer.names[1:])
    for seat in range(n):  # no caption on the board calls a bot "you", at any event
        viewer.seat.value = seat
        for i in range(viewer.slider.max + 1):
            viewer.slider.value = i
            assert not re.search(r"\byour?\b", " ".join(shown_text(viewer.board.svg)), re.I), (seat, i)
    viewer.seat.value = viewer.slider.value = 0
    while viewer.state.current_player != 0:
        viewer.slider.value += 1
    assert viewer.try_move(str(viewer.state.legal_moves()[0]))
    assert "(you)" not in viewer.move_result.value and "Bot (medium)" in viewer.move_result.value


def test_a_board_drawn_without_names_still_calls_the_viewing_seat_you(record):
    """A board drawn without names calls the viewing seat "You" and the others "Player 2"...;
    names must cover every seat."""
    state = records.replay(record)
    assert ">You" in state.to_svg(0) and ">Player 2" in state.to_svg(0)
    assert ">You" in state.to_svg(1) and ">Player 1" in state.to_svg(1)
    with pytest.raises(ValueError, match="Player 2 has none"):
        state.to_svg(0, names=["Ann"])


def test_replay_of_any_game_steps_through_board_score_panel_and_caption(record):
    viewer = ReplayViewer(record)
    events = record["events"]
    setup = next(i for i, e in enumerate(events) if e["by"] != "chance")
    assert viewer.slider.min == viewer.slider.value == setup and viewer.slider.max == len(events)
    part = part_of(record["game"])
    for i in (setup, setup + 1, len(events) // 2, len(events)):
        viewer.slider.value = i
        state = records.replay(record, upto=i)
        assert viewer.board.svg == state.to_svg(0, names=viewer.names)
        assert viewer.score.value == part.score_panel(state, 0, viewer.names)
        assert f'<span class="mk-event-index">{i}</span>' in viewer.caption.value
    assert viewer.state.is_terminal()
    viewer.board.width = 400  # a narrow page: the drawing is laid out for it
    assert viewer.board.svg == viewer.state.to_svg(0, width=400, names=viewer.names) != viewer.state.to_svg(
        0, names=viewer.names)
    assert part.result_words(viewer.state, viewer.names) in viewer.caption.value
    viewer.first.click()
    viewer.back.click()  # stays at the first position
    assert viewer.slider.value == setup
    viewer.forward.click()
    assert viewer.slider.value == setup + 1


def test_the_board_stays_with_one_seat_at_every_event(record):
    """The board is seen by the chosen seat (seat 0 by default), not by whichever seat acts."""
    viewer = ReplayViewer(record)
    turns = set()
    for i in range(viewer.slider.min, viewer.slider.max + 1):
        viewer.slider.value = i
        turns.add(viewer.state.current_player)
        assert viewer.viewer == 0 and viewer.board.svg == viewer.state.to_svg(0, names=viewer.names)
    assert {0, 1} <= turns  # both seats acted: a board following the turn would have flipped
    viewer.seat.value = 1
    assert viewer.board.svg == viewer.state.to_svg(1, names=viewer.names)
    first = records.replay(record, upto=viewer.slider.min)
    assert ReplayViewer(record, seat=1).board.svg == first.to_svg(1, names=viewer.names)


def test_chance_events_are_summed_up_never_listed(record):
    viewer = ReplayViewer(record)
    setup = [e["event"] for e in record["events"] if e["by"] == "chance"]
    caption = viewer.caption.value
    assert "shuffled" in caption and not re.search(r"\d+ \d+ \d+", caption)
    assert all(event not in caption for event in setup)
    if record["game"] == "flowers":  # F-2.1: the light tile stack is the last one shuffled
        assert "The light tiles are shuffled" in caption


def test_a_seat_that_is_not_in_the_game_is_refused(record):
    with pytest.raises(RulesError):
        ReplayViewer(record, seat=PLAYERS[record["game"]])


def test_a_legal_move_preview_on_a_phone_is_drawn_for_the_boards_width(record):
    """The position after a move tried is laid out for the width the page gave the board, as the
    board is (the wide drawing, scaled to a 390 px phone, had Mandala's text at 6 px)."""
    viewer = ReplayViewer(record)
    viewer.board.width = 390
    move = viewer.state.legal_moves()[-1]
    assert viewer.try_move(str(move)) is True
    after = viewer.state.clone()
    after.apply(move)
    path = next(iter(part_of(record["game"]).paths(viewer.state, move)))
    marks = {t: "selected" for t in path}
    narrow = after.to_svg(0, marks=marks, names=viewer.names, width=390)
    assert narrow in viewer.move_result.value and narrow != after.to_svg(0, marks=marks, names=viewer.names)


def test_a_bad_record_is_refused_with_its_event_index(ohanami_record):
    bad = dict(ohanami_record, events=list(ohanami_record["events"]))
    bad["events"][1] = {"by": 0, "event": "pick 1 1"}
    with pytest.raises(records.RecordError) as info:
        ReplayViewer(bad)
    assert info.value.index == 1


def test_a_legal_move_preview_outlines_where_it_acts(record):
    viewer = ReplayViewer(record)
    state = viewer.state
    assert state.current_player == 0  # the first seat acts first in every game
    move = state.legal_moves()[-1]
    assert viewer.try_move(str(move)) is True
    result = viewer.move_result.value
    assert "Legal" in result and f"<code>{str(move).replace('>', '&gt;')}</code>" in result
    outlined = set(re.findall(r'data-mk-target="([^"]+)"[^>]*class="mk-selected"', result))
    path = next(iter(part_of(record["game"]).paths(state, move)))
    assert outlined and outlined <= set(path)
    after = state.clone()
    after.apply(move)
    assert after.to_svg(0, marks={t: "selected" for t in path}, names=viewer.names) in result
    assert viewer.board.svg == state.to_svg(0, names=viewer.names) and viewer.state is state  # the replay is unchanged


def test_a_move_is_tried_once_and_cleared_when_the_position_changes(record, monkeypatch):
    viewer = ReplayViewer(record)
    tried = []
    real = viewer.try_move
    monkeypatch.setattr(viewer, "try_move", lambda text: tried.append(text) or real(text))
    move = str(viewer.state.legal_moves()[0])
    viewer.move_text.value = move  # Enter
    viewer.try_button.click()  # then the button: the same text on the same position
    assert tried == [move] and "Legal" in viewer.move_result.value
    viewer.forward.click()  # another position: the answer is gone, nothing is tried again
    viewer.forward.click()
    assert tried == [move] and viewer.move_result.value == ""
    viewer.try_button.click()  # the pupil asks again: tried on this position
    assert tried == [move, move] and viewer.move_result.value
    viewer.move_text.value = ""
    assert viewer.move_result.value == ""


def test_figure_is_the_games_own(record):
    viewer = ReplayViewer(record)
    if record["game"] == "ohanami":
        assert viewer.chart is not None and viewer.figure.layout.title.text.startswith("Scores per round")
    else:
        assert viewer.chart is None and viewer.figure is None


# ----- Ohanami: hidden choices (O-2.6) and the scores per round --------------------------------
def test_O_2_6_replay_hides_other_seats_open_choices(ohanami_record):
    viewer = ReplayViewer(ohanami_record, seat=1)
    viewer.slider.value = 2  # after seat 0's first pick; seat 1 has not picked yet
    state = viewer.state
    assert state.phase == "pick" and state.current_player == 1
    seat0_pick = "cards {} and {}".format(*ohanami_record["events"][1]["event"].split()[1:])
    assert seat0_pick not in viewer.caption.value and "hidden" in viewer.caption.value
    assert not card_titles(viewer.board.svg) & set(state.hands[0])  # seat 0's hand never drawn
    viewer.seat.value = 0  # seat 0 may see its own pick
    assert seat0_pick in viewer.caption.value
    viewer.seat.value = 1
    viewer.slider.value = 3  # seat 1 picked too: every pick is revealed (O-2.3)
    seat1_pick = "{} and {}".format(*ohanami_record["events"][2]["event"].split()[1:])
    assert seat1_pick in viewer.caption.value  # the picks are told once revealed


def test_round_scores_appear_when_a_round_ends(ohanami_record):
    viewer = ReplayViewer(ohanami_record)
    assert all(trace.y == (None, None, None) for trace in viewer.figure.data)
    for i in range(viewer.slider.min, viewer.slider.max + 1):
        viewer.slider.value = i
        done = len(viewer.state.round_scores[0])
        for seat, trace in enumerate(viewer.chart.spec["data"]):
            assert trace["y"] == list(viewer.state.round_scores[seat]) + [None] * (3 - done)
        assert bool(viewer.figure.layout.annotations) is (done == 0)  # "no round scored yet"
    assert "3 of 3 rounds" in viewer.figure.layout.title.text


def test_try_move_shows_the_engine_refusal_with_rule_id(ohanami_record):
    viewer = ReplayViewer(ohanami_record)
    hand = viewer.state.hands[0]
    absent = next(c for c in range(1, 121) if c not in hand)
    assert viewer.try_move(f"pick {absent} {hand[0]}") is False
    assert "mk-refusal" in viewer.move_result.value and "O-2.2" in viewer.move_result.value
    assert viewer.try_move("pick nonsense") is False
    assert "Not a move" in viewer.move_result.value


def test_O_2_6_try_move_tells_a_seat_nothing_about_another_seats_hand(ohanami_record):
    viewer = ReplayViewer(ohanami_record, seat=1)  # seat 0 to pick; the board is seen by seat 1
    hand0 = set(viewer.state.hands[0])
    for text in (f"pick {min(hand0)} {max(hand0)}", f"pick {min(hand0)} 999", "pick 1 2"):
        assert viewer.try_move(text) is False
        assert "Not your turn" in viewer.move_result.value and "O-2.6" in viewer.move_result.value
        assert not card_titles(viewer.move_result.value) & hand0
    viewer.seat.value = 0  # now the board is seen by the seat to act: the move is tried
    assert viewer.try_move(f"pick {min(hand0)} {max(hand0)}") is True
    assert hand0 <= card_titles(viewer.move_result.value)  # the board after the move: seat 0's own hand


# ----- play -----------------------------------------------------------------------------------
def test_pause_and_play_again_keep_one_stepping_task(ohanami_record):
    viewer = ReplayViewer(ohanami_record)
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


def test_play_toggle_runs_to_the_end(ohanami_record):
    viewer = ReplayViewer(ohanami_record)
    viewer.interval = 0

    async def main():
        viewer.play.value = True  # starts the stepping task on the running loop
        assert viewer.play.description.startswith("■")
        await asyncio.wait_for(viewer._task, timeout=10)

    asyncio.run(main())
    assert viewer.slider.value == viewer.slider.max
    assert viewer.play.value is False and viewer.play.description.startswith("▶")


def test_try_it_with_an_empty_box_says_what_to_type():
    game = mandala.new_game(2, seed=3)
    play(game, [RandomBot(seed=1), RandomBot(seed=2)])
    viewer = ReplayViewer(records.from_state(game, players=["a", "b"], seed=3))
    viewer.try_button.click()
    example = str(viewer.state.legal_moves()[0])
    assert f"Type a move first, e.g. {example}." in viewer.move_result.value
    viewer.slider.value = viewer.slider.max  # the game is over: no move to suggest
    viewer.try_button.click()
    assert "nobody is to move" in viewer.move_result.value
