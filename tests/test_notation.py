"""The move notations of the three games accept exactly their documented grammar.

Each refusal is a NotationError with a sentence; rule ids where a rule says why.
"""

import pytest

from mandalakit import NotationError
from mandalakit import flowers, mandala, ohanami
from mandalakit.ohanami.moves import DISCARD, Place


# ----- Ohanami: 'place C>R C>R' with rows 1-3 or x (O-2.3 to O-2.5) ----------------------------------------
def test_ohanami_place_reads_rows_and_discards():
    assert ohanami.parse("place 20>3 34>x") == Place(((20, 3), (34, DISCARD)))


@pytest.mark.parametrize("text", ["place 20>0 34>x", "place 20>00 34>x", "place 20>1 34>0",
                                  "place 20>4 34>x", "place 20>9 34>1", "place 20>1000 34>x"])
def test_ohanami_rows_outside_1_to_3_are_refused(text):
    with pytest.raises(NotationError) as err:
        ohanami.parse(text)
    assert err.value.rule == "O-2.4"
    assert "rows are numbered 1 to 3" in err.value.message


@pytest.mark.parametrize("text", ["place 20>1", "place 20>1 34>x 35>2", "place", "place 20>1>2 34>x",
                                  "place 20> 34>x", "place >1 34>x", "place 20>X 34>x", "place 20>y 34>x",
                                  "place 20=1 34>x", "place 20 >1 34>x"])
def test_ohanami_place_outside_the_grammar_is_refused(text):
    with pytest.raises(NotationError) as err:
        ohanami.parse(text)
    assert err.value.message.endswith("(rows 1-3, x = discard).")


@pytest.mark.parametrize("text", ["place 0>1 34>x", "place 121>1 34>x"])
def test_ohanami_place_refuses_cards_that_do_not_exist(text):
    with pytest.raises(NotationError) as err:
        ohanami.parse(text)
    assert err.value.rule == "O-1.1"


def test_ohanami_place_refuses_one_card_twice():
    with pytest.raises(NotationError) as err:
        ohanami.parse("place 20>1 20>x")
    assert err.value.rule == "O-2.3" and "twice" in err.value.message


# ----- numbers are plain ASCII digits 0-9 in every notation ------------------------------------------------
# int() alone also reads "1_0" (10), "+3", "-0" and digits of other scripts ("٣" is 3, "１" is 1).
NOT_DIGITS = ["1_0", "+3", "-0", "\u0663", "\uff11", "\u00b2", "3.0", "0x1"]


@pytest.mark.parametrize("word", NOT_DIGITS)
@pytest.mark.parametrize("template", ["pick {} 20", "pick 20 {}", "place {}>1 20>x", "place 20>{} 34>x",
                                      "shuffle 5 {} 7"])
def test_ohanami_numbers_are_ascii_digits(template, word):
    with pytest.raises(NotationError):
        ohanami.parse(template.format(word))


@pytest.mark.parametrize("word", NOT_DIGITS)
@pytest.mark.parametrize("template", ["field A red {}", "discard red {}", "shuffle 1 {} 2", "reshuffle {} 0"])
def test_mandala_numbers_are_ascii_digits(template, word):
    with pytest.raises(NotationError):
        mandala.parse(template.format(word))


@pytest.mark.parametrize("word", NOT_DIGITS)
@pytest.mark.parametrize("template", ["play {} red on 1", "play 1 red on {}", "shuffle 1 {} 2", "dark {} 2",
                                      "light 3 {}", "reshuffle {}"])
def test_flowers_numbers_are_ascii_digits(template, word):
    with pytest.raises(NotationError):
        flowers.parse(template.format(word))


def test_pick_1_0_is_not_read_as_card_10():
    with pytest.raises(NotationError) as err:
        ohanami.parse("pick 1_0 2")
    assert "'1_0'" in err.value.message and "digits 0 to 9" in err.value.message


@pytest.mark.parametrize("game,text,rule", [
    (mandala, "field A red 1_0", "notation"), (mandala, "shuffle 1 +2", "notation"),
    (flowers, "play 1_0 red on 1", "notation"), (flowers, "play 2 red on \u0663", "notation"),
    (flowers, "dark 7 +2", "notation"),
])
def test_digit_refusals_say_why(game, text, rule):
    with pytest.raises(NotationError) as err:
        game.parse(text)
    assert err.value.rule == rule and "digits 0 to 9" in err.value.message


@pytest.mark.parametrize("game,text", [
    (ohanami, "pick 12 45"), (ohanami, "place 45>1 40>x"), (ohanami, "shuffle 3 1 2"),
    (mandala, "field B green 12"), (mandala, "discard yellow 3"), (mandala, "shuffle 0 5 5"),
    (mandala, "reshuffle 1 1 4"), (flowers, "play 12 red on 3"), (flowers, "dark 7 2"), (flowers, "light 25 19"),
    (flowers, "reshuffle 2 2 4"),
])
def test_digit_notation_still_round_trips(game, text):
    assert str(game.parse(text)) == text and game.parse(str(game.parse(text))) == game.parse(text)


def test_chance_event_words_are_case_insensitive_where_moves_are():
    assert mandala.parse("Reshuffle 1 2") == mandala.parse("reshuffle 1 2")
    assert flowers.parse("DARK 7 2") == flowers.parse("dark 7 2")


@pytest.mark.parametrize("game,template", [
    (ohanami, "pick 1 {}"), (ohanami, "place 1>{} 2>x"), (ohanami, "shuffle {}"), (mandala, "field A red {}"),
    (mandala, "shuffle {}"), (flowers, "play {} red on 1"), (flowers, "play 1 red on {}"), (flowers, "dark {}"),
])
def test_very_long_numbers_are_a_notation_error(game, template):
    with pytest.raises(NotationError) as err:  # int() itself refuses more than 4300 digits with a ValueError
        game.parse(template.format("9" * 5000))
    assert len(err.value.message) < 300


@pytest.mark.parametrize("game,text", [(ohanami, "shuffle 3 a"), (mandala, "reshuffle 1 +2"), (flowers, "dark 7 \u0663")])
def test_chance_event_refusals_keep_the_outcome_sentence(game, text):
    with pytest.raises(NotationError, match=r"outcome of a \w+ event must be whole numbers written with the digits"):
        game.parse(text)


# ----- refusals quote the text cut to 60 characters, without the padding around it -------------------------
JUNK = "z" * 200
PAD = " " * 200


@pytest.mark.parametrize("game,text", [
    (ohanami, "pick 5 5" + PAD), (ohanami, PAD + "pick 5 5"), (ohanami, "pick 5 5 " + JUNK), (ohanami, JUNK),
    (ohanami, "place 1>1 2>" + JUNK), (ohanami, "place 1>1 1>x" + PAD), (ohanami, "pick 1 " + JUNK),
    (mandala, "mountain A " + JUNK), (mandala, "mountain " + JUNK + " red"), (mandala, "pick " + JUNK),
    (mandala, JUNK), (mandala, "field A red " + JUNK), (mandala, "shuffle 1 " + JUNK), (mandala, PAD + "fly" + PAD),
    (flowers, "take " + JUNK), (flowers, "play 1 " + JUNK + " on 1"), (flowers, "play 0 red on 1" + PAD),
    (flowers, "play 1 red on 9" + PAD), (flowers, JUNK), (flowers, "dark " + JUNK), (flowers, PAD + "fly" + PAD),
])
def test_refusals_quote_at_most_60_characters(game, text):
    with pytest.raises(NotationError) as err:
        game.parse(text)
    message = err.value.message
    assert "z" * 58 not in message and " " * 10 not in message, message


def test_pick_of_one_card_twice_quotes_the_move_without_its_padding():
    with pytest.raises(NotationError) as err:
        ohanami.parse("   pick 5 5" + PAD)
    assert err.value.rule == "O-2.2" and err.value.message.startswith("'pick 5 5' names card 5 twice")


def test_a_cut_quote_ends_with_dots():
    with pytest.raises(NotationError) as err:
        mandala.parse(JUNK)
    assert err.value.message.startswith("'" + "z" * 57 + "...'")


@pytest.mark.parametrize("game, text, move", [
    (ohanami, "pick " + "0" * 5000 + "2 50", "pick 2 50"),
    (mandala, "field A red " + "0" * 5000 + "2", "field A red 2"),
    (flowers, "play " + "0" * 5000 + "2 red on 1", "play 2 red on 1"),
])
def test_numbers_padded_with_thousands_of_zeros_are_read_not_crashed_on(game, text, move):
    # int() refuses strings of over 4300 digits, leading zeros included.
    assert str(game.parse(text)) == move


@pytest.mark.parametrize("game", [ohanami, mandala, flowers])
def test_the_end_of_game_refusal_quotes_at_most_60_characters(game):
    from mandalakit import IllegalMoveError
    from mandalakit.core.bots import RandomBot, play

    state = game.new_game(2, seed=3)
    play(state, [RandomBot(seed=1), RandomBot(seed=2)])
    with pytest.raises(IllegalMoveError) as err:
        state.apply(game.parse("shuffle " + "1 " * 300))
    assert err.value.rule == "end" and len(err.value.message) < 120 and "..." in err.value.message


@pytest.mark.parametrize("game, setup", [
    (ohanami, {"A" * 500: 1}), (mandala, {"A" * 500: 1}), (mandala, {"first_player": "B" * 500}),
    (flowers, {"A" * 500: 1}), (flowers, {"first_player": 10 ** 400}),
])
def test_setup_refusals_quote_at_most_60_characters(game, setup):
    from mandalakit import RulesError

    with pytest.raises(RulesError) as err:
        game.new_game(2, seed=1, setup=setup)
    assert "..." in err.value.message and len(err.value.message) < 200


def test_shown_cuts_values_and_describes_numbers_too_long_to_print():
    from mandalakit.core.errors import shown, shown_path

    assert shown(" 5") == "' 5'" and shown("A" * 5000).endswith("...") and len(shown(["A" * 5000] * 100)) == 60
    assert "digits" in shown(10 ** 5000)
    assert shown_path("") == "''" and shown_path("a" * 300).endswith("a" * 37) and len(shown_path("a" * 300)) == 60


def test_errors_know_rule_ids_from_tags():
    from mandalakit import IllegalMoveError

    assert IllegalMoveError("O-2.4", "x").names_a_rule and IllegalMoveError("F-6", "x").names_a_rule
    assert not NotationError("x").names_a_rule and not IllegalMoveError("end", "x").names_a_rule
