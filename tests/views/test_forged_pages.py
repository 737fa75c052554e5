"""Issue 19: no page input names a file, a module or a code path, and every forged value gets a
sentence in the page, never a traceback. The messages go in where a page's do (the widget's
comm message handler, :mod:`_forge`); ``python tests/_forge.py 1000`` prints the figures of the
1,000-message run per page (also the ``slow`` test below)."""

from __future__ import annotations

import json

import pytest
from _forge import NOTEBOOKS, ROOT, Run, _deliver, _message, _watch, dashboard_pages, forge, page_widgets, warm_up

from mandalakit import flowers
from mandalakit.core import records
from mandalakit.core.bots import play
from mandalakit.core.errors import RulesError
from mandalakit.widgets import GameView
from mandalakit.widgets.play.typed import MAX_MOVE_CHARS
from mandalakit.widgets.play.replay import ReplayViewer

PAGES = [p for p in dashboard_pages() if p.stem not in ("index", "rl")]  # the index and the training page: no widget
ENGLISH = [p for p in PAGES if p.parent == NOTEBOOKS]  # the other languages build the same widgets: slow test


@pytest.fixture(scope="module", autouse=True)
def _warm():
    warm_up()


def _update(widget, **state):
    return _message(widget, {"method": "update", "state": state, "buffer_paths": []})


def _click(widget):
    return _message(widget, {"method": "custom", "content": {"event": "click"}})


def _sent(*messages) -> Run:
    run = Run("test")
    with _watch(run) as errors:
        for widget, msg in messages:
            _deliver(run, errors, widget, msg)
    return run


def test_F_1_5_a_forged_rules_box_opens_no_file_and_is_refused_in_words():
    view = GameView("flowers", seats=["you", "greedy"], seed=3)
    box = view.form.rule_box.children[0]
    before = view.state.clone()
    run = _sent((box, _update(box, description="tiles", value="/etc/passwd")), (view.form.start_button,
                                                                                _click(view.form.start_button)))
    assert run.files == [] and run.escaped == []
    # the menu sets the option named by the game's Rules (single_play_draw), whatever the page calls it,
    # and keeps a value of its own list: the forged text never reaches the rules
    assert "root:" not in view.form.form_message.value and "tiles" not in view.form.form_message.value
    assert view.state.rules == flowers.Rules() and view.state.history != before.history


def test_F_1_5_rules_never_open_a_path_and_from_csv_does(tmp_path):
    for value in ("/etc/passwd", tmp_path / "tiles.csv", b"/etc/passwd"):
        with pytest.raises(RulesError, match=r"\[F-1.5\] A tile table is a list of .* Rules.from_csv\(path\)"):
            flowers.Rules(tiles=value)
    (tmp_path / "tiles.csv").write_text("back,colour,face\n" + "".join(f"{b},{c},{f}\n" for b, c, f in
                                                                       flowers.DEFAULT_TILES))
    assert flowers.Rules.from_csv(tmp_path / "tiles.csv") == flowers.Rules()
    # the command line reads a file option's path; a page's text never is one
    assert flowers.Rules.option_from_command_line("tiles", str(tmp_path / "tiles.csv")) == flowers.DEFAULT_TILES
    assert flowers.Rules.option_from_command_line("tiles", "none") is None
    assert flowers.Rules.option_from_text("tiles", "/etc/passwd") == "/etc/passwd"


def test_F_1_5_a_record_naming_a_file_as_its_tiles_opens_nothing():
    state = flowers.new_game(2, seed=1)
    record = records.from_state(state, players=["you", "greedy"], seed=1)
    record["rules"]["tiles"] = "/etc/passwd"
    view = GameView("flowers", seats=["you", "greedy"], seed=3)
    run = _sent((view.record_panel.upload, _message(view.record_panel.upload, {"method": "update", "state": {"value": [
        {"name": "r.json", "type": "", "size": 10, "content": None, "last_modified": 0}]},
        "buffer_paths": [["value", 0, "content"]]}, [json.dumps(record).encode()])))
    assert run.files == [] and run.escaped == []
    assert "never the name of a file to read" in view.message.value and "root:" not in view.message.value


@pytest.mark.parametrize("entry", [
    {"content": "text", "size": 4}, {"content": -1, "size": 4}, {"content": 10**10, "size": 4},
    {"content": None, "size": "big"}, {"content": None, "size": -5},
])
def test_a_forged_upload_entry_is_refused_in_one_sentence_and_allocates_nothing(entry):
    view = GameView("ohanami", seats=["you", "greedy"], seed=3)
    history = list(view.state.history)
    buffers, paths = [], []
    if isinstance(entry, dict):
        entry = {"name": "r.json", "type": "", "last_modified": 0, **entry}
        if entry["content"] is None:
            buffers, paths = [b"{}"], [["value", 0, "content"]]
    run = _sent((view.record_panel.upload, _message(view.record_panel.upload, {"method": "update", "state": {"value": [entry]},
                                                     "buffer_paths": paths}, buffers)))
    assert run.escaped == [] and run.files == []
    assert "The page sent no file that can be read" in view.message.value and "The current game is kept." in \
        view.message.value
    assert view.state.history == history and view.record_panel.upload.value == ()


def test_an_uploaded_file_name_is_cut_and_a_large_size_refused():
    view = GameView("ohanami", seats=["you", "greedy"], seed=3)
    state = view.state.clone()
    play(state, [view.spec.make_bot("random", seed=1), view.spec.make_bot("random", seed=2)])
    data = json.dumps(records.from_state(state, players=["you", "random"], seed=3)).encode()
    entry = {"name": "n" * 1_000_000, "type": "", "size": len(data), "content": None, "last_modified": 0}
    _sent((view.record_panel.upload, _message(view.record_panel.upload, {"method": "update", "state": {"value": [entry]},
                                               "buffer_paths": [["value", 0, "content"]]}, [data])))
    assert "Record loaded: nnn" in view.message.value and len(view.message.value) < 200
    entry = {**entry, "name": "r.json", "size": 10**12}
    _sent((view.record_panel.upload, _message(view.record_panel.upload, {"method": "update", "state": {"value": [entry]},
                                               "buffer_paths": [["value", 0, "content"]]}, [data])))
    assert "larger than 1 MB" in view.message.value


def test_view_of_set_to_no_choice_draws_the_game_on():
    view = GameView("mandala", seats=["greedy", "random"], seed=3, bot_delay=0)  # bots only: finished at once
    assert view.state.is_terminal()
    run = _sent((view.record_panel.view_of, _update(view.record_panel.view_of, index=None)))
    assert run.escaped == [] and view.viewer == 0 and "<svg" in view.board.svg
    state = view.state
    replay = ReplayViewer(records.from_state(state, players=["greedy", "random"], seed=3))
    run = _sent((replay.seat, _update(replay.seat, index=None)))
    assert run.escaped == [] and replay.viewer == 0


def test_from_record_refuses_an_event_that_is_not_a_number():
    view = GameView("ohanami", seats=["you", "greedy"], seed=3)
    with pytest.raises(RulesError, match="at must be the number of an event of the record .* not 'x'"):
        GameView.from_record(view.session.record(), at="x")


def test_a_typed_move_longer_than_the_cap_is_refused_before_it_is_read():
    view = GameView("ohanami", seats=["you", "greedy"], seed=3)
    history = list(view.state.history)
    run = _sent((view.move_text, _update(view.move_text, value="pick " + "1 " * 10_000_000)))
    assert run.escaped == [] and run.slowest < 1.0
    assert f"A move is at most {MAX_MOVE_CHARS} characters long; this text has 20,000,005." in view.message.value
    assert view.state.history == history


def _widgets(page, monkeypatch, tmp_path) -> list:
    """The page's widgets in class mode (the class page's table and buttons, the pupils' name
    boxes); a page without any (the teacher's guide, the rules page) is plain text, nothing to forge. The class
    page's own file, ``answers.csv`` of the class folder (its *Export* button), is the one file a
    page may open: no value the page sends names it (:func:`_named_by_the_page`)."""
    monkeypatch.setenv("MANDALAKIT_CLASS", str(tmp_path / "class"))
    made = page_widgets(page)
    if not made:
        assert page.stem in {"teachers", "rules"}, f"{page} makes no widget"
        pytest.skip(f"{page.name} is text only: no widget to send forged messages to")
    return made


def _named_by_the_page(run, tmp_path) -> list:
    """The files the run opened, but the class page's export in its class folder."""
    export = str(tmp_path / "class" / "answers.csv")
    return [opened for opened in run.files if opened[1] != export]


@pytest.mark.parametrize("page", ENGLISH, ids=lambda p: p.stem)
def test_every_widget_of_a_page_takes_forged_messages_without_a_file_or_a_traceback(page, monkeypatch, tmp_path):
    run = forge(page.name, _widgets(page, monkeypatch, tmp_path), count=60)
    assert run.forged == 60 and _named_by_the_page(run, tmp_path) == [] and run.escaped == [], run.escaped[:1]


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_a_thousand_forged_messages_per_page(page, monkeypatch, tmp_path):
    run = forge(page.name, _widgets(page, monkeypatch, tmp_path), count=1000)
    print(run.line())
    assert run.forged == 1000 and _named_by_the_page(run, tmp_path) == [] and run.escaped == [] and run.slowest < 10, run.escaped[:1]


def test_the_forging_reaches_the_pages_of_the_repository():
    assert {p.stem for p in PAGES} >= {"play-ohanami", "play-mandala", "play-flowers", "analysis", "ohanami",
                                       "mandala", "flowers"} and ROOT.is_dir()


def test_the_analysis_menus_set_to_no_choice_keep_the_charts():
    from mandalakit.widgets.analysis.analysis import AnalysisDashboard, load_datasets

    dashboard = AnalysisDashboard(load_datasets(ROOT / "datasets"), game="ohanami")
    seats = dashboard.seats_text.value
    for menu in (dashboard.lineup, dashboard.players, dashboard.game):
        run = _sent((menu, _update(menu, index=None)))
        assert run.escaped == [] and dashboard.seats_text.value == seats
    dashboard.players.index = 0  # nothing to draw while the game menu has no choice ...
    assert dashboard.seats_text.value == seats
    dashboard.game.value = "ohanami"  # ... the next choice draws again
    assert dashboard.seats_text.value == seats and dashboard.players.value == 2
