"""Hand-built Ohanami positions (from_position): what they build, and every refusal by rule id."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mandalakit.core import records
from mandalakit.core.bots import RandomBot
from mandalakit.core.errors import IllegalMoveError, RulesError
from mandalakit.ohanami import Rules, from_position, new_game, parse


def lesson(**changes):
    """Round 1, step 2, seat 0 to pick: seat 0 has the row 20-35, seat 1 the rows 50 and 60."""
    return {"round": 1, "step": 2, "hands": [[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16]],
            "rows": [[[20, 35]], [[50], [60]]], **changes}


def test_the_lesson_position_is_built_with_its_defaults():
    state = from_position(lesson())
    assert (state.round, state.step, state.phase, state.current_player) == (1, 2, "pick", 0)
    assert state.discards == [[], []]  # 2 cards placed in step 1: nothing discarded
    assert state.deck == [c for c in range(1, 121) if c not in set(range(1, 17)) | {20, 35, 50, 60}]
    assert state.history == [] and state.setup == {"position": state.position()}
    state.check_invariants()


def test_left_out_discards_take_the_lowest_free_cards_seat_by_seat():
    state = from_position({"step": 3, "hands": [list(range(1, 7)), list(range(7, 13))], "rows": [[[50]], []]})
    assert state.discards == [[13, 14, 15], [16, 17, 18, 19]]  # 4 cards placed or discarded by step 3
    assert state.deck[:2] == [20, 21] and len(state.deck) == 100


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 200))
def test_every_reachable_position_is_rebuilt_exactly(players, seed, moves):
    state = new_game(players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(bot.choose(None, state.legal_moves()))
    if state.is_terminal():
        with pytest.raises(RulesError, match="O-2.1"):
            state.position()
        return
    rebuilt = from_position(json.loads(json.dumps(state.position())))
    assert rebuilt.position() == state.position()
    assert [rebuilt.observation(p) for p in range(players)] == [state.observation(p) for p in range(players)]
    while not state.is_terminal():  # the same moves give the same game
        move = bot.choose(None, state.legal_moves())
        assert rebuilt.legal_moves() == state.legal_moves()
        state.apply(move)
        rebuilt.apply(move)
        rebuilt.check_invariants()
    assert rebuilt.result() == state.result()


def test_a_game_from_a_position_replays_from_its_record():
    state = from_position(lesson())
    for text in ("pick 1 8", "pick 9 16", "place 8>x 1>2", "place 9>3 16>x"):
        state.apply(parse(text))
    record = json.loads(json.dumps(records.from_state(state)))
    assert record["setup"]["position"]["hands"][0] == [1, 2, 3, 4, 5, 6, 7, 8]
    replayed = records.replay(record)
    assert replayed.position() == state.position() and replayed.rows == [[[20, 35], [1]], [[50], [60], [9]]]


def test_O_2_6_a_built_pick_stays_hidden_and_in_the_hand_until_every_seat_has_picked():
    state = from_position(lesson(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14, 15, 16]], picks=[[7, 8], None]))
    assert state.current_player == 1 and state.phase == "pick"
    assert state.observation(1) == from_position(lesson()).observation(1)  # seat 1 cannot tell
    assert state.observation(0).own_pick == (7, 8) and state.observation(0).hand == (1, 2, 3, 4, 5, 6, 7, 8)
    state.apply(parse("pick 9 16"))
    assert state.observation(1).revealed == ((7, 8), (9, 16))


def test_O_2_3_a_built_placement_waits_for_the_other_seats():
    state = from_position(lesson(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14]], picks=[[7, 8], [15, 16]],
                                 places=["place 8>x 7>2", None]))
    assert state.current_player == 1 and state.places[0] == parse("place 7>2 8>x")  # read as the listed move
    assert state.rows[0] == [[20, 35]]  # placed once every seat has placed
    state.apply(parse("place 15>x 16>x"))
    assert state.rows[0] == [[20, 35], [7]] and state.step == 3


def test_O_2_2_step_5_takes_the_last_two_cards_without_a_pick():
    state = from_position({"step": 5, "hands": [[1, 2], [3, 4]]})
    assert state.phase == "place" and state.picks == [(1, 2), (3, 4)] and state.current_player == 0
    assert from_position({"step": 5, "hands": [[], []], "picks": [[1, 2], [3, 4]]}).position() == state.position()


def test_O_3_ended_rounds_are_scored_from_their_rows_with_the_rules():
    position = {"round": 3, "step": 3, "hands": [list(range(100, 106)), list(range(110, 116))],
                "rows": [[[1, 5, 11, 13, 17, 19]], [[2, 4, 8, 10]]],
                "round_rows": [[[[5]], [[1, 5, 11]]], [[[4, 8]], [[2, 4, 8, 10]]]]}
    assert from_position(position).round_scores == [[0, 0], [6, 12]]  # pink scores only in round 3
    state = from_position(position, rules=Rules(sakura_cap=2))
    state.apply(parse("pick 100 101"))
    assert state.position()["round_rows"] == position["round_rows"] and state.rules.sakura_cap == 2


@pytest.mark.parametrize("changes, rule, words", [
    (dict(hands=[[1, 2, 3, 4, 5, 6, 7, 20], [9, 10, 11, 12, 13, 14, 15, 16]]), "O-1.1", "Card 20 is in two places"),
    (dict(hands=[[1, 2, 3, 4, 5, 6, 7, 7], [9, 10, 11, 12, 13, 14, 15, 16]]), "O-1.1", "twice in the hand of player 1"),
    (dict(hands=[[1, 2, 3, 4, 5, 6, 7, 121], [9, 10, 11, 12, 13, 14, 15, 16]]), "O-1.1", "from 1 to 120, not 121"),
    (dict(deck=list(range(61, 121))), "O-1.1", "Cards are missing from this position (17, 18, 19, 21, "),
    (dict(deck=list(range(61, 121)), discards=[[], []]), "O-1.1", "missing"),
    (dict(step=3, hands=[list(range(1, 7)), list(range(9, 15))],  # 2 free cards left for 4 discards
          deck=[c for c in range(1, 121) if c not in {*range(1, 7), *range(9, 15), 20, 35, 50, 60}][2:]),
     "O-2.1", "the deck holds the 100 cards not dealt yet, not 102"),
    (dict(round=4), "O-2.1", "from 1 to 3"),
    (dict(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14, 15, 16]]), "O-2.2", "player 1 holds 6"),
    (dict(picks=[[17, 18, 19], None]), "O-2.2", "picks 2 cards, not 3"),
    (dict(discards=[[40], []]), "O-2.3", "has placed or discarded 3 cards"),
    (dict(rows=[[[20, 35, 36]], [[50], [60]]]), "O-2.3", "3 cards (3 in rows)"),
    (dict(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14]], picks=[[7, 8], [15, 16]],
          places=["place 7>1 8>x", "place 15>x 16>x"]), "O-2.3", "step 2 is over"),
    (dict(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14, 15, 16]], picks=[[7, 8], None],
          places=["place 7>1 8>x", None]), "O-2.3", "player 2 has not picked yet"),
    (dict(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14]], picks=[[7, 8], [15, 16]],
          places=["place 21>1 8>x", None]), "O-2.3", "exactly their picked cards 7 and 8"),
    (dict(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14]], picks=[[7, 30], [15, 16]],
          places=["place 30>1 7>x", None]), "O-2.4", "Card 30 does not fit row 1 (20-35)"),
    (dict(rows=[[[35, 20]], [[50], [60]]]), "O-2.4", "ascending order"),
    (dict(rows=[[[]], [[50], [60]]]), "O-2.4", "at least one card"),
    (dict(step=3, rows=[[[20], [35], [36], [37]], [[50], [60]]], hands=[list(range(1, 7)), list(range(9, 15))]),
     "O-2.4", "at most 3"),
    (dict(round=2, round_rows=[[[[21]]], [[]]]), "O-2.4", "do not grow out of its rows at the end of round 1"),
    (dict(round=2), "O-3", "round_rows gives it 1 list of rows"),
    (dict(round=2, rows=[[[20, 35, 36]], [[50], [60]]], round_rows=[[[]], [[]]]), "O-2.3", "at most 2 can be placed"),
    (dict(hands=[[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14]], picks=[None, [15, 16]]), "O-2.6",
     "player 2 has picked but player 1 has not"),
    (dict(hands=[[1, 2, 3, 4, 5, 6], [9, 10, 11, 12, 13, 14]], picks=[[7, 8], [15, 16]],
          places=[None, "place 15>x 16>x"]), "O-2.6", "player 2 has placed but player 1 has not"),
    (dict(colour="pink"), "options", "Unknown position key(s) 'colour'"),
])
def test_impossible_positions_are_refused_with_the_rule(changes, rule, words):
    with pytest.raises(RulesError) as err:
        from_position(lesson(**changes))
    assert err.value.rule == rule and words in err.value.message


@pytest.mark.parametrize("changes, rule", [
    (dict(round="1"), "O-2.1"),                                       # text for a number
    (dict(step=True), "O-2.2"),                                       # a bool is not a number
    (dict(step=2.0), "O-2.2"),
    (dict(hands={"0": [1, 2]}), "O-2.1"),                             # an object where a list is expected
    (dict(hands="1 2 3"), "O-2.1"),
    (dict(hands=[[1, 2, 3, 4, 5, 6, 7, "8"], [9, 10, 11, 12, 13, 14, 15, 16]]), "O-1.1"),
    (dict(hands=[[1, 2, 3, 4, 5, 6, 7, 10 ** 5000], [9, 10, 11, 12, 13, 14, 15, 16]]), "O-1.1"),
    (dict(rows=[{"0": [20, 35]}, []]), "O-2.4"),
    (dict(rows=[[[20, 35]], [[50], 60]]), "O-2.4"),
    (dict(picks=[7, None]), "O-2.2"),
    (dict(picks="7 8"), "O-2.2"),
    (dict(places=[["place", "7>1"], None]), "O-2.3"),
    (dict(places=["pick 7 8", None]), "O-2.3"),
    (dict(places=["place 7>1 " + "8" * 500 + ">x", None]), "notation"),
    (dict(discards=[None, []]), "O-2.3"),
    (dict(deck={"top": 61}), "O-2.1"),
    (dict(round_rows=[[[20, 35]], []]), "O-2.4"),
    (dict(round_rows=[{}, []]), "O-3"),
])
def test_every_field_is_type_checked_with_one_clear_error(changes, rule):
    with pytest.raises(RulesError) as err:
        from_position(lesson(**changes))
    assert err.value.rule == rule and len(err.value.message) < 200


@pytest.mark.parametrize("position", [None, [], "hands", 5, [[1, 2], [3, 4]], {"hands": None}])
def test_a_position_that_is_not_a_mapping_with_hands_is_refused(position):
    with pytest.raises(RulesError):
        from_position(position)


def test_refusals_quote_at_most_60_characters_of_the_input():
    with pytest.raises(RulesError) as err:
        from_position(lesson(deck="x" * 5000))
    assert "..." in err.value.message and len(err.value.message) < 120
    with pytest.raises(RulesError) as err:
        from_position(lesson(**{"y" * 5000: 1}))
    assert len(err.value.message) < 200


def test_new_game_takes_the_position_as_setup_and_checks_the_players():
    state = new_game(2, setup={"position": lesson()})
    assert state.position() == from_position(lesson()).position()
    with pytest.raises(RulesError, match=r"\[O-2.1\].*2 hands.*3 players"):
        new_game(3, setup={"position": lesson()})
    with pytest.raises(RulesError, match=r"\[options\]"):
        new_game(2, setup={"first_player": 1})
    with pytest.raises(RulesError, match=r"\[options\].*manual_chance"):
        new_game(2, manual_chance="no")


def test_position_is_refused_before_the_deal():
    with pytest.raises(RulesError, match="O-2.1"):
        new_game(2, manual_chance=True).position()


def test_a_refused_move_of_a_built_position_names_its_rule():
    state = from_position(lesson())
    with pytest.raises(IllegalMoveError, match=r"\[O-2.2\]"):
        state.apply(parse("pick 9 10"))
