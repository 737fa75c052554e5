"""The Ohanami scoring calculator without a kernel: change values in Python, read what it shows.

Also the SVG drawing (``mandalakit.ohanami.render``): what one seat may and may not see (O-2.6).
Replays of Ohanami games are tested with every game's in ``test_replay.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mandalakit import ohanami
from mandalakit.core import records
from mandalakit.core.bots import RandomBot, play
from mandalakit.ohanami import round_score, sakura_points
from mandalakit.ohanami.render import render_svg
from mandalakit.widgets.lessons.ohanami import MOST_IN_ROWS, SUIT_CARDS, ScoringCalculator

BLACK = "#000000"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


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
    calc.blue.value, calc.green.value, calc.grey.value, calc.pink.value = 4, 0, 0, 0
    calc.round_no.value = 1
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


def test_O_3_4_marginal_value_grows_by_one_and_drops_to_0_at_the_cap():
    calc = ScoringCalculator(pink=0)
    marginal = list(calc.figure.data[1].y)
    assert marginal[:15] == [k + 1 for k in range(15)]
    assert marginal[15:] == [0] * (30 - 15 + 1)  # O-3.4: the 16th pink card adds nothing
    calc.cap.value = 0  # open formula: the next card always adds k + 1
    assert list(calc.figure.data[1].y) == [k + 1 for k in range(31)]


def test_marginal_value_has_its_own_panel_scaled_to_it():
    """The marginal value is drawn on its own y axis (lower panel), not along the bottom of T(k)'s."""
    calc = ScoringCalculator(pink=6)
    bars, marginal, formula = calc.figure.data
    assert (bars.yaxis or "y") == (formula.yaxis or "y") == "y" and marginal.yaxis == "y2"
    lower, upper = calc.figure.layout.yaxis2.domain, calc.figure.layout.yaxis.domain
    assert lower[1] <= upper[0]  # two panels, one above the other
    assert marginal.marker.color[6] == BLACK and list(marginal.marker.color).count(BLACK) == 1


def test_O_1_2_O_2_1_sliders_go_up_to_the_deck_or_the_30_cards_a_players_rows_hold():
    assert SUIT_CARDS == {"blue": 34, "green": 35, "grey": 17, "pink": 34}
    calc = ScoringCalculator()
    assert calc.pink.max == 30 and len(calc.figure.data[0].y) == 31
    assert (calc.blue.max, calc.green.max, calc.grey.max) == (30, 30, 17)
    calc.cap.value = 0
    calc.pink.value = 30
    assert shown_total(calc) == sakura_points(30, cap=None) == 465
    assert calc.figure.data[0].y[30] == 465


#: Where a lesson says the pink slider stops, in English or French.
PINK_STOPS = re.compile(r"(?:Pink stops at|Le rose s’arrête à) (\d+)")


@pytest.mark.parametrize("lesson", ["ohanami.ipynb", "fr/ohanami.ipynb"])
def test_O_2_1_the_lesson_says_where_the_pink_slider_stops_and_why(lesson):
    """The lessons said « Pink goes up to 34, every pink card in the deck » while the slider stops at 30,
    the cards a player's rows hold by the end (O-2.1): the text names the slider's end and its rule."""
    cells = json.loads((NOTEBOOKS / lesson).read_text(encoding="utf-8"))["cells"]
    text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    said = PINK_STOPS.findall(text)
    assert [int(n) for n in said] == [ScoringCalculator().pink.max] == [MOST_IN_ROWS]
    sentence = text[text.index(PINK_STOPS.search(text)[0]):].split(". ")[0]
    assert "(O-2.1)" in sentence and f"{SUIT_CARDS['pink']}" in sentence, sentence


@pytest.mark.parametrize("round_no, counts, cards", [(3, (30, 30, 17, 30), 107), (1, (10, 8, 3, 6), 27),
                                                     (2, (10, 8, 3, 0), 21)])
def test_O_2_1_counts_no_player_can_hold_are_kept_and_called_impossible(round_no, counts, cards):
    """Sliders at their ends gave 481 points: more cards than a player's rows hold (10 a round)."""
    calc = ScoringCalculator(**dict(zip(("blue", "green", "grey", "pink"), counts)), round_no=round_no)
    assert calc.counts == counts  # kept as set
    words = (f"Impossible at the end of round {round_no}: these are {cards} cards, but a player's rows hold at "
             f"most {10 * round_no} by then (10 cards dealt a round, O-2.1).")
    shown = words.replace(", O-2.1)", ")").replace("'", "&#x27;")  # the page shows the id as a tag after the sentence
    assert calc.problem == words and shown in calc.total.value and 'title="Rule O-2.1: Three rounds.' in calc.total.value
    assert "mk-total-value" not in calc.total.value  # no score for counts no game reaches


@pytest.mark.parametrize("round_no, cap, words", [
    (1, 15, "The most a game allows at the end of round 1: 30 points (10 blue)."),
    (2, 15, "The most a game allows at the end of round 2: 80 points (20 green)."),
    (3, 15, "The most a game allows at the end of round 3: 225 points (15 grey, 15 pink)."),
    (3, 0, "The most a game allows at the end of round 3: 465 points (30 pink)."),
])
def test_O_2_1_O_3_the_calculator_shows_the_most_a_game_allows(round_no, cap, words):
    calc = ScoringCalculator(blue=30, green=30, grey=17, pink=30, round_no=round_no, cap=cap or None)
    assert words in calc.total.value
    calc.blue.value, calc.green.value, calc.grey.value, calc.pink.value = calc.best[1]
    assert calc.problem == "" and shown_total(calc) == calc.best[0] == int(words.split(": ")[1].split()[0])
    assert words in calc.total.value


def test_axes_start_at_0():
    calc = ScoringCalculator(pink=17)
    layout = calc.figure.layout
    for axis in (layout.xaxis, layout.xaxis2):
        assert axis.range[0] < 0 < axis.range[0] + 1  # k = 0 is the first tick, its bar drawn
    assert layout.yaxis.range[0] == 0 and layout.yaxis2.rangemode == "tozero"
    assert layout.yaxis.range[1] >= 120  # the capped bars fit; the open formula leaves the top later


def test_chosen_round_stands_out_and_the_text_box_is_as_tall_as_the_longest_round():
    """The box's height comes from the three rounds' texts, hidden in its place (not a fixed height, which left
    a blank gap under the text on a phone): choosing another round does not move the chart."""
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    style = calc.children[0].value
    assert ".mk-calc-round" in style and "mod-active" in style and "background: #000000" in style
    assert calc.total.layout.height is None and calc.room.layout.visibility == "hidden"
    assert calc.total.layout.grid_area == calc.room.layout.grid_area == "text"
    room = calc.room.value
    assert "<b>round 3</b>" in room and all(f"Impossible at the end of round {n}:" in room for n in (1, 2))
    calc.blue.value, calc.green.value, calc.grey.value, calc.pink.value = 4, 0, 0, 0  # 10 cards at most by round 1
    calc.round_no.value = 1  # a shorter sentence: the room, and so the box, stays
    assert "<b>round 1</b>" in calc.total.value and calc.total.value in calc.room.value
    calc.round_no.value = 2
    assert calc.total.value in calc.room.value and "pink scores only at the end of round 3" in calc.total.value


def test_each_rounds_text_is_computed_once_per_change(monkeypatch):
    """``total`` shows the chosen round's text and ``room`` all three: one computation of each
    (the chosen round's was made twice), and the same texts as before."""
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    made = []  # the arguments of each text computed
    text = calc._text
    monkeypatch.setattr(calc, "_text", lambda rnd, *rest: made.append((rnd, *rest)) or text(rnd, *rest))
    calc.pink.value = 7
    assert len(made) == len(set(made)) and {args[0] for args in made} == {1, 2, 3}
    assert calc.total.value == text(3, "") and shown_total(calc) == round_score(3, (10, 8, 3, 7))
    assert all(text(rnd, calc._problem(rnd)) in calc.room.value for rnd in (1, 2, 3))


def test_O_2_1_the_text_box_keeps_room_for_each_rounds_breakdown_and_refusal():
    """A refusal appearing (counts no round allows) left the box only the refusals' height: on a
    phone the chart under it jumped. The room holds each round's breakdown and its longest refusal
    (the 107 cards the sliders reach), whichever shows: a round refused keeps its last breakdown."""
    calc = ScoringCalculator(blue=10, green=8, grey=3, pink=6)
    refusal = "Impossible at the end of round {n}: these are 107 cards"
    assert all(refusal.format(n=n) in calc.room.value for n in (1, 2, 3))
    assert calc.problem == "" and "mk-calc-problem" not in calc.total.value
    calc.pink.value = 30  # 51 cards: no round allows them
    assert calc.problem and "mk-calc-problem" in calc.total.value
    room = calc.room.value
    assert all(f"<b>round {n}</b>" in room and refusal.format(n=n) in room for n in (1, 2, 3))
    assert "sakura for 6 pink" in room and "sakura for 30 pink" not in room  # the breakdown last shown


def test_cap_choice_changes_bars_and_total():
    calc = ScoringCalculator(pink=17)
    assert shown_total(calc) == 120  # O-3.4: capped at 15 pink = 120
    assert calc.figure.data[2].y[17] == 153  # the open formula, for comparison
    calc.cap.value = 0  # no cap: open formula
    assert calc.sakura_cap is None
    assert shown_total(calc) == sakura_points(17, cap=None) == 153
    assert calc.figure.data[0].y[17] == 153
    calc.cap.value = 10
    assert calc.figure.data[0].y[17] == 55
    assert shown_total(calc) == round_score(3, (0, 0, 0, 17), cap=10)


# ----- render_svg -----------------------------------------------------------------------------
def test_svg_shows_own_hand_and_pick_but_never_another_hand():
    state = ohanami.new_game(3, seed=5)
    own = state.legal_moves()[0]
    state.apply(own)  # seat 0 picks; seats 1 and 2 still choose
    svg0 = render_svg(state, 0)
    svg1 = render_svg(state)  # None: the seat to act, seat 1
    assert "your turn: pick 2 cards of your hand" in svg1 and "your turn" not in svg0
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
    assert svg.startswith("<svg") and "the game is over" in svg
    winners = state.result().winners
    said = ("share the victory!" if len(winners) > 1 else "You win!" if winners == (0,)
            else f"Player {winners[0] + 1} wins!")
    assert said in svg
    rows = {c for rows in state.rows for r in rows for c in r}
    assert rows <= card_titles(svg)
    for suit in ohanami.SUITS:  # colours are always named too
        assert f">{suit}</text>" in svg


def test_svg_refuses_a_seat_that_does_not_exist():
    with pytest.raises(ValueError):
        render_svg(ohanami.new_game(2, seed=1), 5)
