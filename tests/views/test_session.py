"""The turn loop without any widget: :class:`mandalakit.widgets.play.session.Session`.

Seats, bots and their pace, undo, the look back and the record, played in plain Python; the
play view and the replay viewer draw what these tests check.
"""

import asyncio
import subprocess
import sys

import pytest

from mandalakit.core import records
from mandalakit.core.errors import IllegalMoveError, RecordError, RulesError
from mandalakit.core.messages import language
from mandalakit.core.registry import get_game
from mandalakit.widgets.play.session import Session


def _events(state) -> list:
    return records.from_state(state)["events"]


class Told:
    """A listener that writes down what the session tells."""

    def __init__(self, session: Session):
        self.said: list = []
        session.listen(started=lambda: self.said.append("started"),
                       moved=lambda before, after, bot: self.said.append(("bot" if bot else "move", len(before.history),
                                                                          len(after.history))),
                       changed=lambda: self.said.append("changed"))


def _play_first_moves(session: Session, n: int) -> list[int]:
    """Play the first legal move ``n`` times for the person; the history length before each."""
    lengths = []
    for _ in range(n):
        assert session.may_move
        lengths.append(len(session.state.history))
        session.play(session.state.legal_moves()[0])
    return lengths


def test_the_session_module_imports_no_widget_library():
    code = ("import sys, mandalakit.widgets.play.session as s; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'ipywidgets', 'anywidget', 'traitlets'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
def test_a_seeded_game_plays_to_its_end_and_the_bot_answers_as_the_bot_alone_would(game):
    session = Session(game, ["you", "greedy"], seed=4, bot_delay=0)
    told = Told(session)
    session.start()
    assert told.said[0] == "started" and session.to_act == 0 and session.may_move
    while not session.state.is_terminal():
        session.play(session.state.legal_moves()[-1])
        assert session.state.is_terminal() or session.to_act == 0  # the bot answered at once
    # The bot's moves are those the same bot, alone with the record's positions, chooses.
    record = session.record()
    bot = get_game(game).make_bot("greedy", seed=4 + 1 + 1)
    bot_turns = [i for i, event in enumerate(record["events"]) if event["by"] == 1]
    assert bot_turns
    for i in bot_turns:
        position = records.replay(record, upto=i)
        assert str(bot.choose(position.observation(1), position.legal_moves())) == record["events"][i]["event"]
    assert records.replay(record).result() == session.state.result()
    assert told.said.count("started") == 1 and ("bot", bot_turns[0], bot_turns[0] + 1) in told.said


def test_a_typed_move_is_judged_on_a_copy_and_a_bad_one_is_refused_with_its_rule():
    session = Session("mandala", ["you", "medium"], seed=3, bot_delay=0)
    session.start()
    history = list(session.state.history)
    move, after = session.judge("  mountain A black ")
    assert str(move) == "mountain A black" and len(after.history) == len(history) + 1
    with language("fr"):  # in the page's words
        assert session.judge("montagne A noire")[0] == move
    assert session.state.history == history  # judged on a copy
    with pytest.raises(IllegalMoveError, match="M-"):
        session.judge("mountain A red")  # no red card in this hand: refused by the engine's rule
    assert session.state.history == history


def test_undo_takes_back_the_persons_move_and_the_bot_answer_after_it():
    session = Session("ohanami", ["you", "greedy", "random"], seed=4, bot_delay=0)
    session.start()
    assert not session.can_undo and session.undo() is False
    lengths = _play_first_moves(session, 3)
    before_third = records.replay(session.record(), upto=lengths[2])
    assert session.undo() is True
    assert len(session.state.history) == lengths[2] and _events(session.state) == _events(before_third)
    assert session.to_act == 0 and session.may_move
    assert session.undo() and session.undo() and not session.can_undo
    assert len(session.state.history) == lengths[0]


def test_looking_back_shows_the_replayed_position_pauses_the_bots_and_play_from_here_goes_on_from_it():
    session = Session("mandala", ["you", "greedy"], seed=5, bot_delay=0)
    told = Told(session)
    session.start()
    _play_first_moves(session, 4)
    record = session.record()
    end = len(session.state.history)
    session.look_back(3)
    assert session.reviewing and session.at == 3 and not session.may_move
    assert _events(session.shown) == _events(records.replay(record, upto=3))
    assert session.state_at(3) is session.shown  # replayed once, then kept
    assert session.state_at(end) is session.state and session.state_at(end + 5) is session.state
    assert session._bot_step() is False  # the bots wait while a pupil looks back
    session.look_back(-4)
    assert session.at == 0
    session.look_back(99)
    assert session.at == end and not session.reviewing and session.play_from_here() is False
    session.look_back(3)
    del told.said[:]
    assert session.play_from_here() is True
    assert told.said[0] == "started" and not session.can_undo and not session.reviewing
    assert _events(session.state)[:3] == record["events"][:3]
    assert len(session.state.history) >= 3 and (session.state.is_terminal() or session.to_act == 0)


def test_after_an_undo_the_positions_looked_back_at_are_those_of_the_new_line():
    session = Session("flowers", ["you", "random"], seed=2, bot_delay=0)
    session.start()
    lengths = _play_first_moves(session, 3)
    late = lengths[2] + 1
    session.look_back(late)
    old = _events(session.shown)
    session.undo()
    assert len(session.state.legal_moves()) > 1
    session.play(session.state.legal_moves()[-1])  # another move than the first one
    assert len(session.state.history) > late
    assert _events(session.state_at(late)) == _events(session.state)[:late] != old


def test_the_record_round_trips_with_its_seats_players_and_events():
    session = Session("ohanami", ["you", "hard"], seed=6, players=["Ann", "x"], bot_delay=0)
    session.start()
    _play_first_moves(session, 2)
    record = session.record()
    assert [p["name"] for p in record["players"]] == ["Ann", "pimc"] and record["seed"] == 6
    again = Session.from_record(record, bot_delay=0)
    assert again.seats == ["you", "pimc"] and again.players == ["Ann", "pimc"]
    assert _events(again.state) == record["events"] and not again.can_undo
    assert again.record()["events"] == record["events"]
    assert again.seed == 6 and again.record()["seed"] == 6  # saved again under the record's seed
    with pytest.raises(RecordError):
        Session("mandala", ["you", "greedy"], seed=1).load(record)  # a record of another game


def test_a_records_session_that_is_not_started_never_plays_its_bots():
    session = Session("mandala", ["greedy", "you"], seed=3, bot_delay=0)
    session.start()
    session.play(session.state.legal_moves()[0])
    record = session.record()
    record["events"] = record["events"][:-1]  # cut after the person's move: the bot is to act
    replayed = Session.from_record(record, bot_delay=0)  # what the replay viewer looks through
    assert replayed.seats[0] == "greedy" and replayed.to_act == 0
    replayed.look_back(0)
    replayed.look_back(len(record["events"]))
    assert _events(replayed.state) == record["events"]


def test_bad_seats_are_refused_in_one_sentence():
    with pytest.raises(RulesError, match="seats must be a list"):
        Session("mandala", "you")
    with pytest.raises(RulesError, match="clever"):
        Session("mandala", ["you", "clever"])


def test_hot_seat_covers_the_screen_between_people_until_the_next_one_looks():
    session = Session("mandala", ["you", "you"], seed=2, bot_delay=0)
    session.start()
    assert session.looking is None and not session.may_move
    assert session.uncover() and session.looking == 0 and session.may_move
    session.play(session.state.legal_moves()[0])
    assert session.to_act == 1 and session.looking is None  # the cover is up for the next person
    assert session.uncover() and session.may_move


def test_bots_move_at_their_pace_on_an_event_loop_and_wait_while_a_pupil_looks_back():
    async def play():
        session = Session("mandala", ["you", "random"], seed=7, bot_delay=0.05)
        changed = asyncio.Event()
        session.listen(changed=changed.set)
        session.start()
        changed.clear()
        session.play(session.state.legal_moves()[0])
        assert session.to_act == 1  # the bot waits its delay first
        changed.clear()
        await asyncio.wait_for(changed.wait(), 10)
        assert session.to_act == 0
        # Looking back while the bot waits: it does not move, and goes on once the pupil is back.
        session.play(session.state.legal_moves()[0])
        session.look_back(1)
        await asyncio.sleep(0.2)
        assert session.to_act == 1 and session.reviewing
        changed.clear()
        session.look_back(len(session.state.history))
        await asyncio.wait_for(changed.wait(), 10)
        assert session.to_act == 0 and not session.reviewing
        session.cancel()

    asyncio.run(play())
