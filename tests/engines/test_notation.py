"""The move notations of the three games accept exactly their documented grammar.

Each refusal is a NotationError with a sentence; rule ids where a rule says why.
"""

import pytest

from mandalakit import IllegalMoveError, MandalakitError, NotationError
from mandalakit import flowers, mandala, ohanami
from mandalakit.core.messages import language
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


@pytest.mark.parametrize("text", ["place", "place 20>1>2 34>x",
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


# ----- a move the notation cannot write but a pupil will try is refused by the rule it breaks ---------------
def refusal(game, text):
    with pytest.raises(NotationError) as err:
        game.parse(text)
    return err.value


@pytest.mark.parametrize("text", ["mountain A red green", "mountain A red Green", "mountain B black red purple"])
def test_M_4_1_a_mountain_play_of_two_colours_is_refused_by_M_4_1(text):
    err = refusal(mandala, text)
    assert err.rule == "M-4.1" and "exactly one card" in err.message and "'mountain A red'" in err.message


@pytest.mark.parametrize("text", ["mountain A red 2", "mountain B black 3", "mountain A red 0"])
def test_M_4_1_a_mountain_play_of_several_cards_is_refused_by_M_4_1(text):
    err = refusal(mandala, text)
    assert err.rule == "M-4.1" and err.message.startswith("A mountain play is exactly one card, not ")
    assert "into your field: 'field A red " in err.message


def test_M_4_1_a_mountain_play_of_one_card_written_with_its_count_is_refused_by_M_4_1():
    """Tagged by its rule like every count on a mountain play ('mountain A red 2') and on a pick
    (M-5.3); the sentence then does not name the rule a second time."""
    err = refusal(mandala, "mountain A red 1")
    assert err.rule == "M-4.1" and err.message == ("A mountain play is always one card, so it is written without a "
                                                   "count: 'mountain A red'.")


@pytest.mark.parametrize("text", ["field A red green 2", "field B red 1 green 1", "field A red green"])
def test_M_4_2_a_field_play_of_two_colours_is_refused_by_M_4_2(text):
    err = refusal(mandala, text)
    assert err.rule == "M-4.2" and "a field play is cards of one colour, as in" in err.message


@pytest.mark.parametrize("game,text,rule", [(mandala, "field A red 0", "M-4.2"), (mandala, "discard red 0", "M-4.3"),
                                            (mandala, "field B red 000", "M-4.2")])
def test_M_4_2_and_M_4_3_a_play_or_discard_of_no_card_is_refused_by_its_rule(game, text, rule):
    err = refusal(game, text)
    assert err.rule == rule and err.message.endswith("1 or more cards of one colour, not 0.")


@pytest.mark.parametrize("text", ["discard red green 2", "discard red 1 green 1", "discard yellow orange"])
def test_M_4_3_a_discard_of_two_colours_is_refused_by_M_4_3(text):
    err = refusal(mandala, text)
    assert err.rule == "M-4.3" and "a discard is cards of one colour, as in" in err.message
    assert err.message.startswith(repr(text))


@pytest.mark.parametrize("text,rule", [("pick red green", "M-5.3"), ("pick red 2", "M-5.3"), ("pick 2 red", "M-5.3")])
def test_M_5_3_a_pick_of_two_colours_or_of_part_of_a_colour_is_refused_by_M_5_3(text, rule):
    assert refusal(mandala, text).rule == rule


@pytest.mark.parametrize("text", ["field A opponent red 2", "field B their green 1", "field A red 2 other",
                                  "river red", "cup red 2", "River A red", "field river red 2",
                                  "mountain A red cup", "discard red 2 cup"])
def test_M_3_3_play_into_the_other_field_a_river_or_a_cup_is_refused_by_M_3_3(text):
    err = refusal(mandala, text)
    assert err.rule == "M-3.3" and "only into the mountains and into their own field" in err.message


@pytest.mark.parametrize("text", ["mountain C red", "field C red 2", "field 1 red 2"])
def test_M_1_2_a_mandala_other_than_A_or_B_is_refused_by_M_1_2(text):
    assert refusal(mandala, text).rule == "M-1.2"


@pytest.mark.parametrize("text", ["play 2 red green on 3", "play 1 red 1 green on 2", "PLAY 2 Red GREEN on 1"])
def test_F_3_1_a_play_of_two_colours_is_refused_by_F_3_1(text):
    err = refusal(flowers, text)
    assert err.rule == "F-3.1" and "a play is cards of one colour, as in" in err.message


@pytest.mark.parametrize("text", ["play 2 red on 1 2", "play 2 red on 1 and 2", "play 2 red on opponent 1",
                                  "play 0 red on 1", "play 00 red on 2"])
def test_F_3_1_a_play_onto_two_mandalas_another_side_or_of_no_card_is_refused_by_F_3_1(text):
    assert refusal(flowers, text).rule == "F-3.1"


@pytest.mark.parametrize("text,n", [("play 2 red on 4", 4), ("play 1 red on 0", 0), ("play 1 red on 00", 0)])
def test_F_1_2_a_mandala_other_than_1_to_3_is_refused_by_F_1_2(text, n):
    err = refusal(flowers, text)
    assert err.rule == "F-1.2" and err.message.startswith(f"There is no mandala {n}: the three mandalas are numbered")


def test_F_4_1_a_take_of_both_tiles_is_refused_by_F_4_1():
    err = refusal(flowers, "take red green")
    assert err.rule == "F-4.1" and "keeps one of the two tiles" in err.message


@pytest.mark.parametrize("text,n", [("pick 12", 1), ("pick 1 2 3", 3), ("pick 1 2 3 4 5 6 7 8 9 10", 10)])
def test_O_2_2_a_pick_of_one_or_three_cards_is_refused_by_O_2_2(text, n):
    err = refusal(ohanami, text)
    assert err.rule == "O-2.2" and err.message.startswith(f"{text!r} names {n} card{'s' if n > 1 else ''}, but a pick")


def test_O_2_2_a_pick_of_one_card_twice_is_refused_by_O_2_2():
    assert refusal(ohanami, "pick 7 007").rule == "O-2.2"


@pytest.mark.parametrize("text,n", [("place 20>1", 1), ("place 20>1 34>x 35>2", 3), ("place 1>x 2>x 3>x 4>x", 4)])
def test_O_2_3_a_placement_of_one_or_three_cards_is_refused_by_O_2_3(text, n):
    err = refusal(ohanami, text)
    assert err.rule == "O-2.3" and err.message.startswith(f"{text!r} places {n} card{'s' if n > 1 else ''}, but")


def test_O_2_3_placing_a_card_that_was_not_picked_is_refused_by_O_2_3():
    from mandalakit import IllegalMoveError

    state = ohanami.new_game(2, seed=4)
    for _ in range(2):  # both seats pick
        state.apply(state.legal_moves()[0])
    seat = state.current_player
    picked = state.picks[seat]
    other = next(c for c in range(1, 121) if c not in picked)
    history = list(state.history)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(ohanami.parse(f"place {picked[0]}>1 {other}>x"))
    assert err.value.rule == "O-2.3" and f"picked cards {picked[0]} and {picked[1]}" in err.value.message
    assert state.history == history and state.rows[seat] == []


def test_O_2_4_a_fourth_row_is_refused_by_O_2_4():
    assert refusal(ohanami, "place 45>4 40>x").rule == "O-2.4"


# ----- words are separated by plain spaces and folded to lower case for A to Z only ---------------------------
ODD_SPACES = ["\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u2003", "\u2028",
              "\u3000"]


@pytest.mark.parametrize("space", ODD_SPACES)
@pytest.mark.parametrize("game,text", [(ohanami, "pick 1 2"), (ohanami, "place 1>1 2>x"), (ohanami, "shuffle 1 2"),
                                       (mandala, "field A red 2"), (mandala, "reshuffle 1 2"),
                                       (flowers, "play 2 red on 3"), (flowers, "dark 7 2")])
def test_words_are_separated_by_plain_spaces_only(game, text, space):
    assert game.parse(text + "   ") == game.parse("  " + text.replace(" ", "   "))  # spaces, however many
    for odd in (text.replace(" ", space, 1), text.replace(" ", space), text + space):
        err = refusal(game, odd)
        assert err.rule == "notation" and f"U+{ord(space):04X}" in err.message and "plain space" in err.message


def test_the_fuzzed_pick_with_file_separators_is_not_pick_1_2():
    err = refusal(ohanami, "pick\x1c1\x1d2")
    assert err.message.startswith("'pick\\x1c1\\x1d2' holds U+001C (a control character), which is not a plain space")


@pytest.mark.parametrize("game,text,rule", [
    (mandala, "pick blac\u212a", "M-1.1"), (mandala, "pic\u212a black", "notation"), (mandala, "mountain \u0430 red", "M-1.2"),
    (mandala, "mountain A blac\u212a", "M-1.1"), (flowers, "ta\u212ae red", "notation"), (flowers, "take gr\u0435y", "F-4.1"),
    (flowers, "play 2 red \u043en 3", "notation"), (ohanami, "pic\u212a 1 2", "notation"),
])
def test_case_folds_for_the_letters_a_to_z_only(game, text, rule):
    err = refusal(game, text)  # Kelvin sign K (U+212A) lowers to "k"; Cyrillic а, е, о look like a, e, o
    assert err.rule == rule and "Write it with the letters a to z." in err.message


def test_ascii_case_still_folds():
    assert mandala.parse("PICK Black") == mandala.parse("pick black") and mandala.parse("Mountain b RED").mandala == 1
    assert flowers.parse("Play 2 GREY On 1") == flowers.parse("play 2 grey on 1")
    assert mandala.colour_code("BLACK") == 0 and flowers.colour_code(" Grey ") == 0
    with pytest.raises(NotationError):
        mandala.colour_code("blac\u212a")


#: One text per refusal whose sentence used to repeat its own rule id: "[O-1.1] ... (O-1.1)".
RULE_ONCE = [(ohanami.parse, t) for t in ("pick 999 1", "place 1>4 2>x", "pick 1", "pick 3 3", "place 1>1",
                                          "place 1>1 1>2")] + \
            [(mandala.parse, t) for t in ("mountain A red green", "field A red green 2", "discard red green 2",
                                          "pick red green", "field A red 2 opponent", "pick red 2", "mountain A red 2",
                                          "field A red 0", "discard red 0", "river red")] + \
            [(flowers.parse, t) for t in ("take red green", "play 2 red green on 3", "play 2 red on their 3",
                                          "play 2 red on 1 2", "play 0 red on 1", "play 2 red on 4")] + \
            [(lambda hand: flowers.from_position(2, hands=[hand, "2 green"]), "1000 red")]


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("refuse,text", RULE_ONCE)
def test_a_refusal_names_its_rule_once(refuse, text, code):
    """The rule id is the refusal's tag ("[O-1.1] There is no card 999; ..."), not again in its sentence."""
    with language(code), pytest.raises(MandalakitError) as err:
        refuse(text)
    assert err.value.names_a_rule and str(err.value).count(err.value.rule) == 1, str(err.value)


@pytest.mark.parametrize("game", ["ohanami", "mandala", "flowers"])
def test_text_given_to_apply_points_to_parse_and_changes_nothing(game):
    from mandalakit.core.registry import get_game

    state = get_game(game).new_game(2, seed=1)
    before = repr(vars(state))
    with pytest.raises(IllegalMoveError, match=r"^\[notation\] apply takes a move, not text: read the text with "
                                               r"the game's parse first, state\.apply\(state\.parse_move\('pick 1 2'\)\)\.$"):
        state.apply("pick 1 2")
    assert repr(vars(state)) == before


@pytest.mark.parametrize(("game", "known"), [("ohanami", "sakura_cap"),
                                             ("mandala", "deck_exhaustion, stalemate, stall_turns"),
                                             ("flowers", "single_play_draw, tiles")])
def test_an_unknown_rules_option_names_the_known_ones(game, known):
    from mandalakit import RulesError
    from mandalakit.core.registry import get_game

    with pytest.raises(RulesError, match=rf"^\[options\] Unknown rules option 'foo'; known options are {known}\.$"):
        get_game(game).rules(foo=1)
