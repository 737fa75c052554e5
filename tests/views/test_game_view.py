"""GameView without a browser: clicks, seats, hot-seat cover, undo, hint, records (issue 9).

The views hold no game logic, so the tests compare them with the engine: the moves reachable
by clicks are the legal moves, a refused click names the engine's rule, a result sentence is
the engine's result.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

import numpy as np
import pytest
from traitlets import TraitError

from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play
from mandalakit.core.contract import CHANCE
from mandalakit.core.errors import MandalakitError
from mandalakit.core.registry import get_game
from mandalakit.widgets import GameView
from mandalakit.widgets.play.clicks import ClickTree, targets_in
from mandalakit.widgets.play.games import part_of

def _upload(view, name: str, data: bytes) -> None:
    """What the page's file chooser sends to the kernel."""
    view.record_panel.upload.value = ({"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
                          "last_modified": datetime.now(timezone.utc)},)


GAMES = [("ohanami", 2), ("ohanami", 4), ("mandala", 2), ("flowers", 2), ("flowers", 4)]


def _positions(game: str, players: int, seed: int, every: int = 3):
    """Positions of a seeded random game (every ``every``-th decision, and the last one)."""
    state = get_game(game).new_game(players, seed=seed)
    bot = RandomBot(seed=seed + 1)
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield state.clone()
        state.apply(bot.choose(None, state.legal_moves()))
        n += 1


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_moves_reachable_by_clicks_are_the_legal_moves(game, players):
    part = part_of(game)
    for seed in range(3):
        for state in _positions(game, players, seed):
            tree = ClickTree(state, part)
            assert tree.reachable() == set(state.legal_moves())
            for path, move in tree.moves.items():  # each path, clicked, makes its move
                selection: tuple = ()
                for target in path[:-1]:
                    outcome = tree.click(selection, target)
                    assert outcome.kind == "more"
                    selection = outcome.selection
                assert tree.click(selection, path[-1]).move == move


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_click_sequence_ends_in_a_legal_move_or_a_refusal_naming_a_rule(game, players):
    """Random clicks on whatever the board draws as clickable (and the chips)."""
    part = part_of(game)
    rng = np.random.default_rng(7)
    refusals = 0
    for state in _positions(game, players, seed=11, every=5):
        seat = state.current_player
        tree = ClickTree(state, part)
        svg = state.to_svg(seat)
        drawn = targets_in(svg)
        assert tree.active(()) <= set(drawn) | {t for t in tree.active(()) if ":" not in t or t.startswith("n:")}
        for _ in range(8):
            selection: tuple = ()
            for _click in range(6):
                choices = sorted(set(drawn) | tree.active(selection))
                outcome = tree.click(selection, choices[rng.integers(len(choices))])
                if outcome.kind == "move":
                    assert outcome.move in state.legal_moves()
                    break
                if outcome.kind == "attempt":
                    probe = state.clone()
                    try:
                        probe.apply(probe.parse_move(outcome.text))
                    except MandalakitError as error:
                        assert error.names_a_rule, (outcome.text, str(error))
                        refusals += 1
                    else:  # the engine accepts: then it is a listed move
                        assert state.listed_move(state.parse_move(outcome.text)) in state.legal_moves()
                    break
                selection = outcome.selection
    assert refusals > 0  # the sequences did reach refusals (a move some rule refuses)


def test_M_3_1_click_refused_by_the_rule_of_colour_leaves_the_state_unchanged():
    # A seed where both seats hold black: seat 0 puts black in mountain A, then seat 1 tries
    # its own field of A with black.
    seed = next(s for s in range(50) if all(get_game("mandala").new_game(2, seed=s).hands[p][0] for p in (0, 1)))
    view = GameView("mandala", seats=["you", "you"], seed=seed)
    view.uncover()
    assert view.viewer == 0 and view.board.svg
    view.click("hand:black")
    assert view.selection == ("hand:black",)
    assert {"mountain:A", "mountain:B", "discard"} <= view.active
    view.click("mountain:A")
    assert str(view.state.history[1][1]) == "mountain A black"
    view.uncover()
    before = [str(e) for _, e in view.state.history]
    view.click("hand:black")
    assert "field:A" not in view.active
    view.click("field:A")
    assert "Not allowed" in view.message.value and ">M-3.1</summary>" in view.message.value
    assert [str(e) for _, e in view.state.history] == before
    assert view.selection == ("hand:black",)  # what was chosen stays chosen


def test_typed_move_and_illegal_typed_move():
    view = GameView("flowers", seats=["you", "random"], seed=2)
    before = len(view.state.history)
    assert view.play_text("play 9 grey on 1") is False
    assert ">F-" in view.message.value or "Not a move" in view.message.value
    assert len(view.state.history) == before
    move = str(view.state.legal_moves()[0])
    assert view.play_text(move) is True
    assert str(view.state.history[before][1]) == move


def test_bots_move_and_undo_goes_back_to_the_human_decision():
    view = GameView("ohanami", seats=["you", "greedy", "random"], seed=4, bot_delay=0)
    start = [str(e) for _, e in view.state.history]
    move = view.state.legal_moves()[0]
    view.play_text(str(move))
    assert view.state.current_player == 0  # both bots picked, seat 0 places now
    assert len(view.state.history) == len(start) + 3
    view.undo()
    assert [str(e) for _, e in view.state.history] == start
    assert view.state.current_player == 0


def test_hot_seat_cover_hides_the_other_hands():
    view = GameView("ohanami", seats=["you", "you"], seed=5)
    assert view.viewer is None and view.board.svg == "" and "Player 1" in view.cover_text.value
    view.uncover()
    hand1 = set(view.state.hands[1])
    assert not {f'data-mk-target="card:{c}"' for c in hand1} & set(re.findall(r'data-mk-target="card:\d+"', view.board.svg))
    view.play_text(str(view.state.legal_moves()[0]))
    assert view.viewer is None and view.board.svg == "" and view.score.value == ""  # covered again
    view.uncover()
    assert view.viewer == 1


def test_the_width_the_page_reports_lays_the_board_out_for_it():
    view = GameView("mandala", seats=["you", "random"], seed=8)
    wide = view.board.svg
    assert re.match(r'<svg [^>]*width="800"', wide)
    view.board.width = 400  # what board_view.js reports on a 420 px phone
    assert re.match(r'<svg [^>]*width="400"', view.board.svg)
    assert sorted(targets_in(view.board.svg)) == sorted(targets_in(wide))
    hand = next(t for t in targets_in(wide) if t.startswith("hand:"))
    view.click(hand)
    assert re.match(r'<svg [^>]*width="400"', view.board.svg)
    assert f'data-mk-target="{hand}"' in view.board.svg and 'class="mk-selected"' in view.board.svg
    view.clear()
    view.board.width = 0  # unknown: the wide layout
    assert view.board.svg == wide


def test_hint_names_a_legal_move_and_says_why():
    """Issue 23: the hint is the search's move (mandalakit.core.hints), its clicks and its reason;
    issue 30: said as a pupil thinks of it, with a reason from the board, not the search's figures."""
    view = GameView("mandala", seats=["you", "random"], seed=8)
    view.hint()
    move = view.state.parse_move(re.search(r'data-move="([^"]+)"', view.message.value).group(1))
    assert move in view.state.legal_moves()
    assert "<code>" not in view.message.value and view.events.latest.kind == "hint"
    said, why = re.fullmatch(r"Hint: (.+?)\. (.+)", view.events.latest.text).groups()
    assert said == view.part.advice(view.state, move) and "played out" not in why and "won" not in why
    path = next(iter(view.part.paths(view.state, move)))
    assert view.board.hint == [path[0]]  # the hint lights its first click on the board
    view.click(path[0])
    assert view.board.hint == list(path[1:2])


def test_result_words_match_the_engine():
    view = GameView("mandala", seats=["greedy", "random"], seed=1, bot_delay=0)
    assert view.state.is_terminal()
    result = view.state.result()
    text = view.status.value
    for score in result.scores:
        assert str(score) in text
    assert view.names[result.winners[0]] in text


def test_upload_of_a_tampered_record_shows_the_error_and_keeps_the_game():
    game = get_game("mandala").new_game(2, seed=6)
    for _ in range(6):
        game.apply(game.legal_moves()[-1])
    record = records.from_state(game, players=["a", "b"], seed=6)
    record["events"][3]["event"] = "field B black 99"
    view = GameView("mandala", seats=["you", "greedy"], seed=2)
    before = [str(e) for _, e in view.state.history]
    data = json.dumps(record).encode()
    _upload(view, "bad.json", data)
    assert "event 3" in view.message.value and "current game is kept" in view.message.value
    assert [str(e) for _, e in view.state.history] == before


def test_upload_too_large_or_not_json():
    view = GameView("ohanami", seats=["you", "greedy"], seed=2)
    big = b" " * 1_000_001
    _upload(view, "big.json", big)
    assert "larger than 1 MB" in view.message.value
    junk = b"{not json"
    _upload(view, "j.json", junk)
    assert "not valid JSON" in view.message.value


def test_load_record_then_play_from_here():
    game = get_game("flowers").new_game(3, seed=9)
    for _ in range(10):
        game.apply(game.legal_moves()[0])
    record = records.from_state(game, players=["ann", "bob", "cy"])  # three people: hot-seat
    view = GameView("flowers", seats=["you", "greedy"], seed=2, bot_delay=0)
    view.load_record(record)
    assert view.state.num_players == 3 and len(view.state.history) == len(game.history)
    view.record_panel.review.value = 4
    assert view.reviewing
    view.click("hand:grey")  # refused: looking back
    assert "looking back" in view.message.value
    view.play_from_here()
    assert [str(e) for _, e in view.state.history][:4] == [str(e) for _, e in game.history][:4]
    assert not view.reviewing


def test_saved_record_replays_to_the_same_game():
    view = GameView("ohanami", seats=["greedy", "random"], seed=3, bot_delay=0)
    view.prepare_download()
    href = re.search(r'href="data:application/json;base64,([^"]+)"', view.record_panel.download.value).group(1)
    import base64

    record = json.loads(base64.b64decode(href))
    assert records.replay(record).result().scores == view.state.result().scores


def test_new_game_panel_refuses_bad_options_and_keeps_the_game():
    """Rule options are menus in words, read back by the Rules field names; the refusal and the
    news of a new game stand under the start button (on a phone the pupil sees what it did)."""
    view = GameView("ohanami", seats=["you", "greedy"], seed=2)
    before = [str(e) for _, e in view.state.history]
    menu = view.form.rule_menus["sakura_cap"]
    assert [label for label, _v in menu.options][:2] == ["15 (the printed table)", "no limit"]
    with pytest.raises(TraitError):  # a forged value the menu does not offer
        menu.value = "many"
    assert [str(e) for _, e in view.state.history] == before
    menu.value = "none"
    view.form.seed_text.value = "12"
    view.form.start()
    assert view.seed == 12 and view.state.rules.sakura_cap is None
    assert view.form.form_message.value == '<div role="status">New game: deal 12; Pink cards scored at most: no limit.</div>'
    menu = view.form.rule_menus["sakura_cap"]
    menu.value = "8"
    view.form.seed_text.value = "1" * 40
    view.form.start()
    assert "the value of seed has more than 18 digits" in view.form.form_message.value and view.seed == 12
    view.form.seed_text.value = " 13 "
    view.form.start()
    assert view.seed == 13 and view.state.rules.sakura_cap == 8
    assert "New game: deal 13; Pink cards scored at most: 8." in view.form.form_message.value
    assert "deal 13" in view.message.value  # the new game is the latest event


def test_new_game_deals_anew_and_play_this_deal_again_keeps_the_deal():
    view = GameView("mandala", seats=["you", "greedy"], seed=2)
    seeds = set()
    for _ in range(3):
        view.form.start()
        seeds.add(view.seed)
    assert len(seeds) == 3 and 2 not in seeds  # an empty deal number draws a new deal
    view.form.again_button.click()
    assert view.seed in seeds and f"deal {view.seed}" in view.form.form_message.value
    first = [str(e) for _, e in view.state.history]
    view.form.again_button.click()
    assert [str(e) for _, e in view.state.history] == first


def test_names_typed_in_the_form_name_the_players():
    view = GameView("ohanami", seats=["you", "greedy"], seed=2)
    view.form.seat_box.children[1].value = "you"
    view.form.name_box.children[0].value = "Ann"
    view.form.start()
    assert view.names == ["Ann", "Player 2"] and view.players == ["Ann", "you"]
    assert "Ann against Player 2" in view.events.entries[-1].text


def test_unknown_seat_kind_is_refused():
    with pytest.raises(MandalakitError, match="bot of mandala"):
        GameView("mandala", seats=["you", "clever"])


def test_seats_as_one_text_are_refused_in_words():
    with pytest.raises(MandalakitError, match=r"one entry per seat.*not the text 'you'"):
        GameView("mandala", seats="you")


def test_hot_seat_names_the_seats_without_you():
    assert GameView("flowers", seats=["you", "you", "greedy"], seed=2).names == ["Player 1", "Player 2", "Bot (medium)"]


def test_chance_after_a_loaded_record_is_resolved():
    # A record replays without a generator: the view draws the next reshuffle itself.
    view = GameView("mandala", seats=["random", "random"], seed=3, bot_delay=0)
    assert view.state.is_terminal() and view.state.current_player != CHANCE


@pytest.mark.parametrize(("game", "players"), [("mandala", 2), ("flowers", 3), ("ohanami", 2)])
def test_any_record_replays_in_the_view(game, players):
    state = get_game(game).new_game(players, seed=4)
    bot = RandomBot(seed=5)
    while not state.is_terminal():
        state.apply(bot.choose(None, state.legal_moves()))
    record = records.from_state(state, players=[f"p{i}" for i in range(players)])
    view = GameView.from_record(record, at=1)
    view.uncover()
    assert view.record_panel.review.max == len(record["events"]) and view.record_panel.review.value == 1
    assert view.board.svg.startswith("<svg")
    for i in (view.record_panel.review.max // 2, view.record_panel.review.max):
        view.record_panel.review.value = i
        assert view.board.svg.startswith("<svg") and view.score.value
    assert "Game over" in view.status.value


@pytest.mark.parametrize(("game", "seats"), [("ohanami", ["you", "greedy"]), ("mandala", ["you", "greedy"]),
                                             ("flowers", ["you", "greedy", "greedy"])])
def test_clicking_what_the_board_highlights_plays_a_whole_game(game, seats):
    """A pupil who clicks only highlighted targets and chips is never stuck (a target both
    chosen and clickable again is drawn as clickable)."""
    view = GameView(game, seats=seats, seed=2, bot_delay=0)
    clicks = 0
    while not view.state.is_terminal():
        marked = re.findall(r'<g data-mk-target="([^"]+)"[^>]*class="mk-active"', view.board.svg)
        chips = [target for target, _label in view.board.chips]
        assert marked or chips, (clicks, sorted(view.active), view.selection)
        assert set(marked) | set(chips) == view.active
        view.click((marked or chips)[0])
        clicks += 1
    assert "Game over" in view.status.value


def test_saved_game_loads_with_the_same_seats_and_names():
    view = GameView("mandala", seats=["you", "greedy"], seed=3, bot_delay=0)
    view.play_text(str(view.state.legal_moves()[0]))
    view.prepare_download()
    import base64

    record = json.loads(base64.b64decode(re.search(r"base64,([^\"]+)", view.record_panel.download.value).group(1)))
    assert [p["name"] for p in record["players"]] == ["you", "greedy"]
    history = [str(e) for _, e in view.state.history]
    view.load_record(record)
    assert view.seats == ["you", "greedy"] and view.names == ["You", "Bot (medium)"]
    assert [str(e) for _, e in view.state.history] == history and view.state.current_player == 0


def test_a_record_of_another_game_is_refused_and_the_game_kept():
    other = records.from_state(get_game("flowers").new_game(2, seed=1))
    view = GameView("ohanami", seats=["you", "greedy"], seed=2)
    before = [str(e) for _, e in view.state.history]
    with pytest.raises(MandalakitError, match="record of flowers"):
        view.load_record(other)
    assert [str(e) for _, e in view.state.history] == before


def test_O_2_5_a_row_clicked_before_a_card_plays_nothing():
    view = GameView("ohanami", seats=["you", "greedy"], seed=1, bot_delay=0)
    view.play_text(str(view.state.legal_moves()[0]))  # both seats pick; seat 0 places now
    assert view.state.phase == "place"
    before = len(view.state.history)
    for target in ("row:1", "row:2", "discard"):
        view.click(target)
        assert len(view.state.history) == before and view.selection == ()
    card = next(t for t in sorted(view.active) if t.startswith("card:"))
    view.click(card)
    wrong = [t for t in ("row:1", "row:2", "row:3", "discard") if t not in view.active]
    for target in wrong:
        view.click(target)
        assert len(view.state.history) == before


@pytest.mark.parametrize("seats", [["you", "you"], ["you", "greedy"]])
def test_looking_back_in_a_live_game_never_shows_another_seats_hand(seats):
    view = GameView("ohanami", seats=seats, seed=5, bot_delay=0)
    view.uncover()
    view.play_text(str(view.state.legal_moves()[0]))
    other = 1
    view.record_panel.view_of.value = other  # a pupil chooses the other seat's eyes ...
    view.record_panel.review.value = 1  # ... and looks back at the deal
    hand = set(records.replay(view.session.record(), upto=1).hands[other])
    shown = {int(n) for n in re.findall(r'data-mk-target="card:(\d+)"', view.board.svg)}
    assert not shown & hand


def test_the_seat_menus_of_the_new_game_form_speak_the_pages_language():
    """A French page offers « une personne devant cet écran » and a bot of each level, « Robot
    (facile) », « Robot (moyen) », « Robot (difficile) »; the seat kinds stay the bots' own names."""
    from mandalakit.core.messages import language

    with language("fr"):
        view = GameView("mandala", seats=["you", "greedy"], seed=2)
        menu = view.form.seat_box.children[1]
        assert [label for label, _kind in menu.options] == ["une personne devant cet écran", "Robot (facile)",
                                                             "Robot (moyen)", "Robot (difficile)"]
        assert menu.label == "Robot (moyen)" and menu.value == "greedy" and menu.description == "Joueur 2"
        menu.value = "pimc"  # the hard level
        view.form.start()
    assert view.seats == ["you", "pimc"]


def test_a_game_ends_on_the_engines_score_screen_with_play_again_and_save_this_game():
    """Issue 20: the end is a moment, a score table with the breakdown and the winner."""
    view = GameView("ohanami", seats=["you", "greedy"], seed=4, bot_delay=0)
    assert view.end.layout.display == "none" and view.end.picture.value == ""
    rng = np.random.default_rng(4)
    while not view.state.is_terminal():
        targets = sorted(view.active)
        view.click(targets[int(rng.integers(len(targets)))])
    assert view.end.layout.display == "flex"
    assert view.end.picture.value == view.state.scores_svg(view.viewer, width=view.board.width or None,
                                                           names=view.names, you=True)
    res = view.state.result()
    said = "You win!" if res.winners == (0,) else "Bot (medium) wins!" if res.winners == (1,) else "share the victory!"
    assert said in view.end.picture.value
    view.end.save_button.click()
    assert "download=" in view.end.link.value and view.end.link.value == view.record_panel.download.value
    seed = view.seed
    view.end.again_button.click()  # a new deal of the same game, the same seats
    assert view.seed != seed and not view.state.history[1:] and view.seats == ["you", "greedy"]
    assert view.end.layout.display == "none" and view.end.link.value == ""


def test_a_reload_offers_to_resume_the_game_the_browser_kept():
    """The board hands the record of the game in progress to the page after each move; a new
    page that gets it back (board_view.js sends what localStorage kept) offers to resume it,
    and resuming replays it: the same position, seats and deal."""
    view = GameView("mandala", seats=["you", "greedy"], seed=3, bot_delay=0)
    for _ in range(3):
        view.play_text(str(view.state.legal_moves()[0]))
    kept = view.board.record
    assert view.board.store_key == "mandalakit-game-in-progress:mandala"
    assert [str(e) for _, e in records.replay(json.loads(kept)).history] == [str(e) for _, e in view.state.history]
    reloaded = GameView("mandala", seats=["you", "greedy"], bot_delay=0)
    assert reloaded.seed != 3 and reloaded.resume_offer.layout.display == "none"
    for forged in ("", "{", '{"game": "mandala"}', kept.replace('"field', '"fiel'), "x" * 2_000_000):
        reloaded.board._message(reloaded.board, {"kind": "resume", "record": forged}, [])
        assert reloaded.resume_offer.layout.display == "none", forged[:40]
    reloaded.board._message(reloaded.board, {"kind": "resume", "record": kept}, [])
    assert reloaded.resume_offer.layout.display == "flex" and "move 6" in reloaded.resume_offer.text.value
    reloaded.resume_offer.yes.click()
    assert [str(e) for _, e in reloaded.state.history] == [str(e) for _, e in view.state.history]
    assert reloaded.seed == 3 and reloaded.names == ["You", "Bot (medium)"]
    assert reloaded.events.latest.text.startswith("Game resumed at move 6")
    while not reloaded.state.is_terminal():  # a finished game is not kept
        reloaded.play_text(str(reloaded.state.legal_moves()[0]))
    assert reloaded.board.record == ""


def test_the_status_line_says_the_cards_chosen_once_with_their_number():
    """A colour clicked twice was listed twice ("green cards in your hand, green cards in your
    hand"): the status line now counts the cards chosen, in both languages."""
    from mandalakit.core.messages import set_language

    view = GameView("mandala", seats=["you", "greedy"], seed=5, bot_delay=0)
    view.click("hand:green")
    assert "Chosen: 1 green card." in view.status.value
    view.click("hand:green")
    assert "Chosen: 2 green cards." in view.status.value and "in your hand," not in view.status.value
    set_language("fr")
    try:
        view._redraw()
        assert "Choisi\u00a0: 2 cartes vertes." in view.status.value  # « vertes » agrees with « cartes »
    finally:
        set_language("en")


@pytest.mark.parametrize("game,players", GAMES)
def test_new_moves_yields_the_moves_in_order_and_tells_the_chance_events_between_them(game, players):
    """GamePart.new_moves: the moves since ``before`` as (seat, move), each chance event told in
    words just before the moves that follow it, so a game's log keeps the order of the game."""
    spec = get_game(game)
    state = spec.new_game(players, seed=3)
    play(state, [RandomBot(seed=4 + seat) for seat in range(players)])
    record = records.from_state(state)
    events = record["events"][:40]
    before = records.replay({**record, "events": [], "result": None})
    after = records.replay({**record, "events": events, "result": None})
    part = part_of(game)
    entries, told = [], []
    for by, move in part.new_moves(before, after, entries):
        told.append((len(entries), by, str(move)))
    chances = [i for i, e in enumerate(events) if e["by"] == "chance"]
    expected = [(sum(c < i for c in chances), e["by"], e["event"]) for i, e in enumerate(events) if e["by"] != "chance"]
    assert chances and told == expected
    assert [e.text for e in entries] == [part.chance_entry(events[c]["event"]).text for c in chances]
    assert list(part.new_moves(after, after, entries)) == [] and len(entries) == len(chances)
