"""The Record panel and the New game form on their own: child widgets that know their table only
through the callbacks it gives them."""

import json
from datetime import datetime, timezone

from mandalakit.core.errors import RulesError
from mandalakit.core.registry import get_game
from mandalakit.widgets.play.new_game_form import NewGameForm
from mandalakit.widgets.play.record_panel import MAX_UPLOAD_BYTES, RecordPanel
from mandalakit.widgets.play.session import Session


def _panel(calls: list, record: dict, load=None) -> RecordPanel:
    return RecordPanel(record=lambda: record, load=load or (lambda r: calls.append(("load", r["game"]))),
                       look=lambda i: calls.append(("look", i)), shown=lambda: calls.append("shown"),
                       play_from_here=lambda: calls.append("here"),
                       refuse=lambda error, instead: calls.append(("refuse", error.message, instead)),
                       note=lambda words: calls.append(("note", words)))


def _file(name: str, data: bytes) -> tuple:
    return ({"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
             "last_modified": datetime.now(timezone.utc)},)


def test_the_record_panel_tells_its_table_what_the_pupil_did_and_nothing_else():
    session = Session("mandala", ["you", "greedy"], seed=3, bot_delay=0)
    session.start()
    record = session.record()
    calls: list = []
    panel = _panel(calls, record)
    panel.follow(7)  # the table's latest position: no "look" back to the table
    assert (panel.review.max, panel.review.value, calls) == (7, 7, [])
    panel.review.value = 2
    panel.name_seats(["You", "Bot (medium)"])
    panel.view_of.value = 1
    panel.play_here.click()
    assert calls == [("look", 2), "shown", "here"] and panel.seat == 1
    link = panel.prepare_download()
    assert f'download="mandala-seed3-{len(record["events"])}.json"' in link and panel.download.value == link
    panel.forget()
    assert panel.download.value == ""
    del calls[:]
    panel.upload.value = _file("game.json", json.dumps(record).encode())
    assert calls == [("load", "mandala"), ("note", "Record loaded: game.json.")] and panel.upload.value == ()


def test_a_file_the_record_panel_cannot_read_or_its_table_refuses_is_refused_once():
    calls: list = []

    def refuse_it(_record):
        raise RulesError("options", "Not this one.")

    panel = _panel(calls, {}, load=refuse_it)
    panel.upload.value = _file("big.json", b" " * (MAX_UPLOAD_BYTES + 1))
    panel.upload.value = _file("latin.json", "{\"é\": 1}".encode("latin-1"))
    panel.upload.value = _file("good.json", b'{"format": "mandalakit-record"}')
    kinds = [(c[0], c[2]) for c in calls]
    assert len(calls) == 3 and [k for k, _i in kinds] == ["refuse"] * 3
    assert "larger than 1 MB" in calls[0][1] and "UTF-8" in calls[1][1]
    assert kinds[0][1] == "The current game is kept." and kinds[1][1] == ""


def test_the_new_game_form_starts_through_its_callback_and_says_what_it_started_or_why_not():
    spec = get_game("ohanami")
    started: list = []

    def start(seats, players, seed, rules):  # what a table does: start it, then show it in the form
        started.append((seats, players, seed, rules))
        form.fill(spec, seats, players, spec.make_rules(rules), seed)

    form = NewGameForm(start=start)
    form.fill(spec, ["you", "greedy"], ["you", "greedy"], spec.make_rules(None), 5)
    form.seed_text.value = "12"
    form.start()
    assert started == [(["you", "greedy"], ["you", "greedy"], 12, spec.make_rules(None).to_dict())]
    assert form.form_message.value == '<div role="status">New game: deal 12.</div>'
    form.again_button.click()
    assert started[-1][2] == 12 and len(started) == 2

    def refuse(*_args):
        raise RulesError("options", "No such deal.")

    form = NewGameForm(start=refuse)
    form.fill(spec, ["you", "greedy"], ["you", "greedy"], spec.make_rules(None), 5)
    form.start()
    assert "No such deal." in form.form_message.value and "The current game is kept." in form.form_message.value
