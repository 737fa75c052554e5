"""The widgets of the Mandala and Flowers lessons (issue 10), driven without a kernel.

Each verdict, score and explanation they show must be the engine's: refusals carry the rule
that the engine raised, scores come from river_score and flower_score.
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit import flowers, mandala
from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play
from mandalakit.core.errors import RulesError
from mandalakit.mandala import COLOURS as M_COLOURS
from mandalakit.mandala import river_score
from mandalakit.widgets.play.log import without_rule_ids
from mandalakit.widgets.play.board import drawing
from mandalakit.widgets.lessons.flowers import PlayExplorer, TileTable
from mandalakit.widgets.lessons.mandala import ColourRule, RiverScore
from mandalakit.widgets.play.replay import ReplayViewer
from mandalakit.widgets.lessons.rules import rules_html


def shown(sentence: str) -> str:
    """``sentence`` as a page shows it: its rule ids as tags after it (issue 30)."""
    return without_rule_ids(sentence)[0]


# Seat 0 holds every colour; mandala A: black, orange in the mountain, red in seat 0's field,
# green in seat 1's; mandala B: yellow in the mountain, black in seat 0's field, purple in seat 1's.
COLOUR_POSITION = {
    "hands": [{"black": 1, "green": 1, "purple": 2, "yellow": 1, "orange": 1, "red": 2}, {"yellow": 3}],
    "mountains": {"A": {"black": 2, "orange": 1}, "B": {"yellow": 2}},
    "fields": {"A": [{"red": 2}, {"green": 1}], "B": [{"black": 1}, {"purple": 2}]},
}


def _accepted(rule_view, colour):
    return [target for target, _move, refusal in rule_view.verdicts(colour) if refusal is None]


def test_M_3_1_colour_rule_shows_the_engines_verdict_for_each_area():
    view = ColourRule(mandala.from_position(COLOUR_POSITION, seed=1))
    assert view.colour.value == "black"
    view.colour.value = "green"
    assert _accepted(view, "green") == ["mountain:B", "field:B"]
    refusals = {t: r for t, _m, r in view.verdicts("green") if r is not None}
    assert {r.rule for r in refusals.values()} == {"M-3.1"}
    html = view.table.value
    assert html.count("refused</b>") == 2 and html.count(">M-3.1</summary>") == 5 and html.count("takes it") == 2
    assert "the other player’s field of mandala A" in html  # the engine's sentence
    assert "Within one mandala, a colour may live in only one" in html  # the rule's text, quoted once
    svg = view.board.svg
    for target in ("mountain:B", "field:B", "hand:green"):
        assert f'data-mk-target="{target}"' in svg
    assert svg.count("mk-active") == 2 and svg.count("mk-selected") == 1


def test_M_3_2_mandalas_are_independent_and_a_click_on_the_hand_chooses_the_colour():
    view = ColourRule(mandala.from_position(COLOUR_POSITION, seed=1))
    view.board._on_target("mountain:A")  # not a card: ignored
    assert view.colour.value == "black"
    view.board._on_target("hand:red")
    assert view.colour.value == "red"
    assert _accepted(view, "red") == ["field:A", "mountain:B", "field:B"]
    assert _accepted(view, "black") == ["mountain:A", "field:B"]


def test_colour_rule_board_is_laid_out_for_the_width_the_page_reports():
    view = ColourRule(mandala.from_position(COLOUR_POSITION, seed=1))
    wide = view.board.svg
    view.board.width = 400
    assert view.board.svg != wide and 'data-mk-target="mountain:A"' in view.board.svg
    marks = {f"hand:{view.colour.value}": "selected"}
    marks.update({target: "active" for target, _move, refusal in view.verdicts() if refusal is None})
    assert view.board.svg == view.state.to_svg(view.seat, marks=marks, width=400, names=["Player 1", "Player 2"])


def test_M_5_1_colour_rule_says_when_a_play_completes_the_mandala():
    position = {"hands": [{"red": 2, "green": 1}, {"black": 1}],
                "mountains": {"A": {"black": 1, "green": 1, "purple": 1, "yellow": 1, "orange": 1}}}
    view = ColourRule(mandala.from_position(position, seed=1))
    view.colour.value = "red"
    assert view.table.value.count("It completes the mandala") == 2  # mountain A and field A


def test_M_7_3_river_score_of_the_worked_example_and_its_best_order():
    calc = RiverScore(["red", "green", "black"], {"red": 3, "green": 2, "purple": 4})
    assert (calc.score, calc.best_score, calc.worst_score) == (7, 13, 7)  # red on 1 is already worst
    assert [M_COLOURS[c] for c in calc.best_river] == ["black", "green", "red"]
    assert "= <b" in calc.total.value and "4 cup cards of colours not in the river score 0" in calc.total.value
    rows = [r for r in calc.table.value.split("<tr>")[2:]]  # red, green, black, then the total
    cells = [[c.split(">", 1)[1] for c in row.split("</td>")[:-1]] for row in rows[:3]]
    assert [row[3] for row in cells] == ["3", "4", "0"] and [row[5] for row in cells] == ["9", "4", "0"]
    calc.cup["black"].value = "5"  # black now belongs on the highest space
    assert calc.best_score == river_score(calc.best_river, calc.cup_counts) == 3 * 5 + 2 * 3 + 1 * 2


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(6)).flatmap(lambda order: st.tuples(
    st.integers(0, 6).map(lambda n: order[:n]), st.lists(st.integers(0, 17), min_size=6, max_size=6))))
def test_M_7_3_best_order_is_the_best_of_all_orders_rearrangement_inequality(case):
    river, cup = case
    calc = RiverScore([M_COLOURS[c] for c in river], dict(zip(M_COLOURS, cup)))
    scores = [river_score(list(order), cup) for order in permutations(river)]
    assert calc.score == river_score(list(river), cup)
    assert calc.best_score == max(scores) and calc.worst_score == min(scores)


@pytest.mark.parametrize("spaces, cup, words", [
    (["red", "", "green"], {}, "Space 2 is empty"),                  # M-5.4: from the left
    (["red", "green", "red"], {}, "Red is on two spaces"),           # M-5.4: a colour once
    (["red"], {"red": 18}, "There are 18 red cards in all (M-1.1)"),
])
def test_M_5_4_river_score_refuses_a_river_no_game_can_make(spaces, cup, words):
    calc = RiverScore((), cup)
    for widget, value in zip(calc.spaces, spaces):
        widget.value = value
    assert words in calc.problem and without_rule_ids(words)[0] in calc.total.value  # the id as a tag (issue 30)
    assert calc.table.value == ""


@pytest.mark.parametrize("colour, typed, words", [
    ("red", "3.5", "Red in the cup: 3.5 is not a whole number of cards (M-1.1). Type a number from 0 to 18."),
    ("red", "three", "Red in the cup: three is not a whole number of cards (M-1.1). Type a number from 0 to 18."),
    ("red", "-3", "Red in the cup: -3 is below zero, and a cup cannot hold fewer than 0 cards. Type a number from 0 "
                "to 18."),
    ("red", "99", "Red in the cup: 99 is more than the game has. There are 18 red cards in all (M-1.1), so a cup "
                "holds at most 18."),
    ("red", "9" * 5000, "Red in the cup: " + "9" * 57 + "... is more than the game has."),
    ("green", "18", "Green in the cup: 18 is more than the game has. There are 18 green cards in all (M-1.1) and one "
                  "lies on the river, so the cup holds at most 17."),
])
def test_M_1_1_river_score_keeps_an_impossible_cup_count_as_typed_and_says_why(colour, typed, words):
    """A box that turned -3 into 0, 99 into 18 or 3.5 into 35 without a word taught nothing: the count stays as
    typed, the rule is told."""
    calc = RiverScore(["green"], {"green": 2})
    calc.cup[colour].value = typed
    assert calc.cup[colour].value == typed and words in calc.problem and without_rule_ids(words)[0] in calc.total.value
    assert calc.table.value == "" and "mk-river-value" not in calc.total.value  # no score for a cup no game has
    if "whole" in words:  # -3 and 99 are counts, if not of this game; 3.5 and three are none
        with pytest.raises(ValueError, match="not a whole number"):
            calc.cup_counts
    calc.cup[colour].value = "17" if colour == "green" else " 18 "  # the most the game allows is a score again
    assert calc.problem == "" and "mk-river-value" in calc.total.value


FLOWERS_POSITION = dict(
    hands=["1 purple, 2 red, 2 orange, 2 yellow", "3 yellow, 2 grey"],
    mandalas=[
        {"tiles": ("grey 1", "green 2"), "claim": 1, "up": {1: "1 red", 0: "1 orange"}, "down": {0: "1 grey"}},
        {"tiles": ("purple x3", "yellow 3"), "claim": 0, "up": {0: "2 red"}},
        {"tiles": ("red 2", "orange 1"), "claim": 1, "up": {1: "2 purple, 1 grey", 0: "1 green"}},
    ],
)


def _explorer(**position):
    return PlayExplorer(flowers.from_position(2, **(position or FLOWERS_POSITION), seed=1))


def _choose(view, colour, count, mandala_no):
    view.colour.value, view.count.value, view.mandala.value = colour, count, mandala_no
    return view.explanation.value


def test_F_3_2_F_3_6_a_new_colour_goes_face_up_and_more_cards_take_the_claim_marker():
    view = _explorer()
    text = _choose(view, "purple", 1, 1)
    assert shown("Face up (F-3.2)") in text and "player 1 takes the claim marker from player 2" in text
    assert "2 cards drawn; player 1 now holds 8 cards" in text  # F-3.3: min(4, 8 - 6)
    assert "still missing yellow" in text
    after = view.outcome().observation(0).mandalas[0]
    assert after.claim == 0 and after.face_up[1] == (0, 1)  # the engine agrees
    assert "Cards there before the play: player 1: 2 cards, 1 face up; player 2: 1 card, 1 face up" in text
    assert view.board_title.value.startswith("<p><b>After the play</b>") and view.board.svg.startswith("<svg")
    named = ["Player 1", "Player 2"]  # as the steps above the board name them, never "you"
    assert view.board.svg == view.outcome().to_svg(0, names=named) and "claim marker: you" not in view.board.svg
    view.board.width = 400  # the page is narrow: the drawing is laid out for it
    assert view.board.svg == view.outcome().to_svg(0, width=400, names=named) != view.outcome().to_svg(0, names=named)
    view.board.width = 640  # beside its text on a wide page: the wide layout, shrunk to fit
    assert view.board.svg == view.outcome().to_svg(0, names=named)


def test_F_3_2_a_colour_face_up_there_goes_face_down_and_a_tie_keeps_the_marker():
    view = _explorer()
    assert shown("Face down (F-3.2): player 2&#x27;s red cards already lie face up") in _choose(view, "red", 1, 1)
    assert shown("Face down (F-3.2): red is a tile colour of mandala 3 (red 2)") in _choose(view, "red", 2, 3)
    text = _choose(view, "yellow", 2, 3)  # 3 cards against seat 1's 3: a tie (F-3.6)
    assert "the claim marker stays with player 2" in text and "nothing drawn" in text
    assert shown("Complete (F-3.7)") in text
    assert shown("Player 2 (claim marker) chooses a tile (F-4.1); player 1 takes the other") in text


def test_F_4_2_the_holder_takes_both_tiles_when_nobody_else_has_a_face_up_card():
    view = _explorer(hands=["2 yellow, 1 red", "2 grey"],
                     mandalas=[{"tiles": ("red 2", "orange 1"), "claim": 0,
                                "up": {0: "2 purple, 1 grey, 1 green"}, "down": {1: "1 grey"}}])
    text = _choose(view, "yellow", 1, 1)
    assert "Player 1 (claim marker) takes both tiles" in text and "the claim marker stays with player 1" in text


def test_F_3_4_a_refused_play_shows_the_rule_and_the_count_follows_the_colour():
    view = _explorer(hands=["2 red", "3 yellow"])
    assert list(view.count.options) == [1, 2]
    text = _choose(view, "red", 2, 1)
    assert "Not allowed" in text and ">F-3.4</summary>" in text and view.board.svg == view.board_title.value == ""
    view = _explorer()
    _choose(view, "red", 2, 1)
    view.colour.value = "purple"  # one purple card: the count comes down to 1
    assert list(view.count.options) == [1] and view.count.value == 1 and "Face up" in view.explanation.value


def test_F_5_4_tile_table_scores_every_pair_of_the_faces_typed():
    table = TileTable()
    assert (table.pair_total, table.best_flower, len(table.pair_scores)) == (76, 9, 15)
    assert "5.07" in table.table.value and "1.50" in table.table.value
    assert table.table.value.index("×3 + 3") < table.table.value.index("3 + 2")  # the best Flower first
    assert table.faces_text.value == "1 1 2 2 3 ×3"  # the face as the tile shows it, not typed notation
    table.faces_text.value = "1 2 3 4 x3 ×3"  # either way of writing the multiplier
    assert table.best_flower == 12 and sorted(table.pair_scores).count(0) == 1  # two ×3 score 0
    assert table.rules.tiles != flowers.DEFAULT_TILES


@pytest.mark.parametrize("faces, rule", [("1 2 3 4 5 q", "F-1.4"), ("1 2 3", "F-1.3"), ("1 2 3 4 5 100", "F-1.4")])
def test_F_1_5_tile_table_refuses_a_bad_table_by_rule(faces, rule):
    table = TileTable(faces)
    assert "Not allowed" in table.table.value and f">{rule}</summary>" in table.table.value and "<table" not in table.table.value
    with pytest.raises(RulesError):
        table.faces


def test_rules_html_quotes_sections_and_rules_by_id():
    html = rules_html("M-3", "M-7.3", "M-7.4").data
    assert html.count("<b>End of the game</b>") == 1 and ">M-7</summary>" in html and ">M-3.3</summary>" in html
    assert "<b>own</b>" in html and "<li>Ruling:" in rules_html("M-6.3").data  # the ids as tags (issue 30)
    with pytest.raises(RulesError):
        rules_html("M-3.9")



@pytest.mark.parametrize("game", [mandala, flowers])
def test_a_lessons_drawing_is_laid_out_for_the_width_the_page_tells(game):
    """A board a lesson only shows (``drawing``) is redrawn for a narrow page, as a play view's
    board is, rather than the wide drawing scaled down to unreadable text; it draws a copy."""
    state = game.new_game(2, seed=3)
    view = drawing(state, 0)
    wide = state.to_svg(0)
    assert view.svg == wide and not view.clickable  # an image, with no buttons in it
    view.width = 380
    assert view.svg == state.to_svg(0, width=380) != wide
    state.apply(state.legal_moves()[0])  # the lesson's state goes on: the drawing shows it as it was
    view.width = 390
    assert view.svg != state.to_svg(0, width=390)


def test_a_lessons_replay_offers_no_box_for_the_games_notation():
    game = play(flowers.new_game(2, seed=5), [RandomBot(seed=1), RandomBot(seed=2)])
    record = records.from_state(game, players=["random", "random"], seed=5)
    shown = ReplayViewer(record)
    assert shown.move_text in [w for box in shown.children for w in getattr(box, "children", ())]
    pupil = ReplayViewer(record, typing=False)
    assert pupil.move_text not in [w for box in pupil.children for w in getattr(box, "children", ())]
    assert pupil.move_result not in pupil.children
