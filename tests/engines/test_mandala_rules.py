"""Worked checks of mandala.md (M-8) and each rule, by rule id, on hand-built positions."""

import json

import numpy as np
import pytest

from mandalakit import IllegalMoveError, NotationError, RulesError
from mandalakit.core import records
from mandalakit.core.contract import CHANCE, TERMINAL, ChanceEvent
from mandalakit.mandala import (COLOURS, GAME, Discard, Field, Mountain, Pick, Rules, draw_count,
                                new_game, parse, river_score, winners)
from mandalakit.mandala import from_position as _from_position
from mandalakit.mandala.cards import BLACK, GREEN, ORANGE, PURPLE, RED, YELLOW


def from_position(position, **kwargs):
    """:func:`mandalakit.mandala.from_position` seeded by default, so every reshuffle is reproducible."""
    kwargs.setdefault("seed", 0)
    return _from_position(position, **kwargs)


# A mandala holding five colours (black in mountain A, the rest in the fields) is one colour
# short of completion (M-5.1); most positions below start from it.
FIVE_IN_A = {
    "mountains": {"A": {"black": 2, "green": 1}, "B": {"purple": 1}},
    "fields": {"A": [{"yellow": 2, "orange": 1}, {"purple": 1}], "B": [{}, {}]},
}


def pos(**overrides):
    """A position dict: FIVE_IN_A plus a small hand for each seat, updated by ``overrides``."""
    base = {"to_move": 0, "hands": [{"red": 2, "green": 1}, {"black": 1, "yellow": 2}], **FIVE_IN_A}
    base.update(overrides)
    return base


def snapshot(state):
    """Everything a refused move must leave untouched."""
    return (state.position() if state.phase == "play" else None, list(state.history), state.current_player,
            [list(h) for h in state.hands], [list(m) for m in state.mountains], [list(c) for c in state.cups],
            [list(r) for r in state.rivers], list(state.deck), list(state.discard), state.phase)


def rest_in_cup(position, seat=1):
    """``position`` with every card it does not place put into ``seat``'s cup, discard pile empty."""
    probe = from_position({**position, "discard": None})
    cups = [dict(c) for c in position.get("cups", [{}, {}])]
    for colour, k in named_counts(probe.discard).items():
        cups[seat][colour] = cups[seat].get(colour, 0) + k
    return {**position, "cups": cups, "discard": {}}


def named_counts(counts):
    return {COLOURS[c]: k for c, k in enumerate(counts) if k}


def refused(state, move, rule):
    """Apply ``move``, expect an IllegalMoveError naming ``rule`` and an unchanged state."""
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(parse(move) if isinstance(move, str) else move)
    assert info.value.rule == rule, str(info.value)
    assert f"[{rule}]" in str(info.value) and len(info.value.message) > 20
    assert snapshot(state) == before
    state.check_invariants()
    return info.value


# ----- M-1 components, M-2 setup ---------------------------------------------------------------
def test_M_1_1_a_new_game_holds_108_cards_18_of_each_colour():
    state = new_game(2, seed=5)
    state.check_invariants()
    event = state.history[0][1]
    assert event.kind == "shuffle" and len(event.outcome) == 108
    assert [event.outcome.count(c) for c in range(6)] == [18] * 6
    assert COLOURS == ("black", "green", "purple", "yellow", "orange", "red")


def test_M_2_2_M_2_3_deal_order_from_a_typed_in_shuffle():
    state = new_game(2, manual_chance=True)
    assert state.current_player == CHANCE and state.legal_moves() == []
    order = [c for c in range(6) for _ in range(18)]  # top card first: 18 black, 18 green, ...
    state.apply(ChanceEvent("shuffle", tuple(order)))
    state.check_invariants()
    assert state.mountains[0] == [2, 0, 0, 0, 0, 0] and state.mountains[1] == [2, 0, 0, 0, 0, 0]
    assert state.hands[0] == [6, 0, 0, 0, 0, 0] and state.cups[0] == [2, 0, 0, 0, 0, 0]
    assert state.hands[1] == [6, 0, 0, 0, 0, 0] and state.cups[1] == [0, 2, 0, 0, 0, 0]
    assert len(state.deck) == 108 - 4 - 16 == 88 and state.deck[-1] == GREEN
    assert state.current_player == 0 and not state.end_triggered


def test_M_2_1_a_shuffle_must_list_18_cards_of_each_colour():
    state = new_game(2, manual_chance=True)
    with pytest.raises(IllegalMoveError, match=r"\[M-2.1\]"):
        state.apply(ChanceEvent("shuffle", (0,) * 108))
    with pytest.raises(IllegalMoveError, match=r"\[M-2.1\]"):
        state.apply(ChanceEvent("reshuffle", tuple(c for c in range(6) for _ in range(18))))
    assert state.current_player == CHANCE and state.history == [] and state.deck == []


def test_M_2_5_first_player_from_the_setup():
    assert new_game(2, seed=1, setup={"first_player": 1}).current_player == 1
    assert new_game(2, seed=1).setup == {"first_player": 0}
    with pytest.raises(RulesError, match=r"\[M-2.5\]"):
        new_game(2, seed=1, setup={"first_player": 2})
    with pytest.raises(RulesError, match=r"\[options\]"):
        new_game(2, seed=1, setup={"dealer": 0})


@pytest.mark.parametrize("players", [1, 3, 4])
def test_M_2_mandala_is_for_exactly_two_players(players):
    with pytest.raises(RulesError, match=r"\[M-2\].*exactly 2"):
        new_game(players, seed=0)


def test_M_2_4_observation_holds_own_hand_and_cup_but_only_sizes_of_the_opponent():
    state = from_position(pos(cups=[{"red": 1}, {"black": 3}]))
    obs = state.observation(0)
    assert obs.hand == (0, 1, 0, 0, 0, 2) and obs.cup == (0, 0, 0, 0, 0, 1)
    assert obs.hand_sizes == (3, 3) and obs.cup_sizes == (1, 3)
    assert obs.mountains[0] == (2, 1, 0, 0, 0, 0) and obs.fields[0][1] == (0, 0, 1, 0, 0, 0)
    # The opponent's hand and cup may be anything of the same sizes: the observation is the same.
    other = from_position(pos(hands=[{"red": 2, "green": 1}, {"orange": 3}], cups=[{"red": 1}, {"purple": 3}]))
    assert other.observation(0) == obs
    assert other.observation(1) != state.observation(1)
    with pytest.raises(RulesError, match=r"\[M-2.4\]"):
        state.observation(2)


def test_M_2_4_determinize_resamples_opponent_hand_cup_and_deck_only():
    state = new_game(2, seed=11)
    rng = np.random.default_rng(0)
    samples = [state.determinize(0, rng) for _ in range(20)]
    for s in samples:
        assert s.observation(0) == state.observation(0)
        s.check_invariants()
    assert any(s.hands[1] != state.hands[1] for s in samples)
    assert any(s.cups[1] != state.cups[1] for s in samples)
    assert all(s.hands[0] == state.hands[0] and s.cups[0] == state.cups[0] for s in samples)


# ----- M-3 rule of colour --------------------------------------------------------------------------
def test_M_3_1_a_colour_in_the_mountain_cannot_go_into_a_field_of_that_mandala():
    state = from_position(pos(hands=[{"black": 2, "red": 1}, {"red": 1}]))
    assert Field(0, BLACK, 1) not in state.legal_moves()
    err = refused(state, "field A black 1", "M-3.1")
    assert "mountain A" in err.message
    assert Mountain(0, BLACK) in state.legal_moves()


def test_M_3_1_a_colour_in_a_field_cannot_go_into_the_mountain_or_the_other_field():
    state = from_position(pos(hands=[{"purple": 2, "yellow": 1}, {"yellow": 2, "red": 1}]))
    refused(state, "field A purple 1", "M-3.1")  # purple lies in seat 1's field of A
    refused(state, "mountain A yellow", "M-3.1")  # yellow lies in seat 0's own field of A
    assert Field(0, YELLOW, 1) in state.legal_moves()
    state.apply(parse("field A yellow 1"))
    refused(state, "field A yellow 1", "M-3.1")  # now seat 1 to move: yellow is seat 0's colour


def test_M_3_2_the_two_mandalas_are_independent():
    state = from_position(pos(hands=[{"black": 2, "red": 1}, {"red": 1}]))
    moves = state.legal_moves()
    assert Field(1, BLACK, 1) in moves and Field(1, BLACK, 2) in moves  # black lives in mountain A only
    state.apply(Field(1, BLACK, 2))
    assert state.fields[1][0][BLACK] == 2 and state.mountains[0][BLACK] == 2


def test_M_3_3_a_field_play_goes_into_the_own_field():
    state = from_position(pos(to_move=1, hands=[{"red": 2}, {"red": 3}]))
    state.apply(Field(1, RED, 2))
    assert state.fields[1][1][RED] == 2 and state.fields[1][0][RED] == 0


# ----- M-4 the three actions -----------------------------------------------------------------------
@pytest.mark.parametrize("hand,drawn", [(8, 1), (4, 3), (6, 3), (7, 2), (1, 3)])
def test_M_4_1_mountain_play_draws_up_to_three_without_passing_eight(hand, drawn):
    # M-8: hand 8 -> plays to 7 -> draws 1; hand 4 -> 3 -> draws 3.
    state = from_position(pos(hands=[{"red": hand}, {"black": 1}]))
    deck = len(state.deck)
    state.apply(Mountain(1, RED))
    assert state.hand_sizes[0] == hand - 1 + drawn == hand - 1 + draw_count(hand - 1)
    assert len(state.deck) == deck - drawn and state.mountains[1][RED] == 1
    assert state.current_player == 1


def test_M_4_1_draws_come_from_the_top_of_the_deck():
    state = from_position(pos(deck=["orange", "purple", "red", "black"]))
    state.apply(Mountain(1, RED))
    assert state.hands[0] == [0, 1, 1, 0, 1, 2]  # green 1, red 1 left; then orange, purple, red drawn
    assert state.deck == [BLACK]


def test_M_4_1_an_unheld_colour_is_refused():
    state = from_position(pos())
    refused(state, "mountain B purple", "M-4.1")


def test_M_4_2_field_play_of_several_cards_draws_nothing():
    state = from_position(pos(hands=[{"red": 4, "green": 1}, {"red": 2}]))
    deck = list(state.deck)
    state.apply(Field(1, RED, 3))
    assert state.fields[1][0][RED] == 3 and state.hands[0] == [0, 1, 0, 0, 0, 1] and state.deck == deck
    refused(state, Field(1, RED, 1), "M-3.1")  # seat 1 may not use seat 0's colour in B


def test_M_4_2_more_cards_than_held_is_refused():
    refused(from_position(pos()), "field B red 3", "M-4.2")


def test_M_4_3_discard_puts_cards_on_the_pile_and_draws_as_many():
    state = from_position(pos(hands=[{"red": 2, "green": 1}, {"black": 1}], deck=["purple", "yellow", "black"]))
    discard = list(state.discard)
    state.apply(Discard(RED, 2))
    assert state.discard[RED] == discard[RED] + 2 and state.hands[0] == [0, 1, 1, 1, 0, 0]
    assert state.deck == [BLACK] and state.current_player == 1 and state.destroying == -1
    refused(state, "discard red 1", "M-4.3")


def test_M_4_3_a_discard_never_completes_a_mandala():
    state = from_position(pos(hands=[{"red": 2, "green": 1}, {"black": 1}]))
    state.apply(Discard(RED, 1))
    assert state.phase == "play" and state.ncolours[0] == 5 and state.current_player == 1


def test_M_4_4_three_reds_field_play_of_one_or_two_is_legal_but_not_three():
    # M-8: hand = 3 reds.
    state = from_position(pos(hands=[{"red": 3}, {"black": 1}]))
    moves = state.legal_moves()
    assert Field(1, RED, 1) in moves and Field(1, RED, 2) in moves and Field(1, RED, 3) not in moves
    err = refused(state, Field(1, RED, 3), "M-4.4")
    assert "empty hand" in err.message
    assert Discard(RED, 3) in moves and Mountain(1, RED) in moves


def test_M_4_4_last_card_into_a_mountain_needs_something_to_draw():
    # Neither hand can ever play again, so this is a stalemate (M-7.5): only the printed rules
    # ("play_on") let it be played.
    position = rest_in_cup(pos(hands=[{"red": 1}, {"black": 1}], deck=[], end_triggered=True))
    state = from_position(position, rules=Rules(stalemate="play_on"))
    assert state.legal_moves() == [Discard(RED, 1)]
    refused(state, Mountain(1, RED), "M-4.4")
    state.apply(Discard(RED, 1))  # the discarded card comes straight back (M-6.1 reshuffle)
    assert state.hands[0] == [0, 0, 0, 0, 0, 1]
    assert [ev for by, ev in state.history if by == CHANCE] == [ChanceEvent("reshuffle", (RED,))]


def test_M_4_5_only_the_mandala_played_into_is_checked():
    # A has five colours; a play into B cannot complete A (and B is far from complete).
    state = from_position(pos(hands=[{"red": 2, "green": 1}, {"black": 1}]))
    state.apply(Mountain(1, RED))
    assert state.phase == "play" and state.destroying == -1 and state.current_player == 1


# ----- M-5 completing a mandala ---------------------------------------------------------------------
def test_M_5_1_the_sixth_colour_completes_the_mandala():
    state = from_position(pos())
    state.apply(Mountain(0, RED))
    assert state.phase == "pick" and state.destroying == 0
    state = from_position(pos())
    state.apply(Field(0, RED, 1))
    assert state.phase == "pick" and state.destroying == 0


def test_M_5_2_more_cards_in_field_picks_first():
    # Seat 0 has 3 cards in its field of A, seat 1 has 1: seat 0 picks first whoever completes.
    for mover in (0, 1):
        state = from_position(pos(to_move=mover, hands=[{"red": 2}, {"red": 2}]))
        state.apply(Mountain(0, RED))
        assert state.current_player == 0 and state.mover == mover


def test_M_5_2_worked_check_fields_four_and_four_the_other_player_picks_first():
    # M-8: fields 4 vs 4 and A completed -> B picks first (here seat 0 = A, seat 1 = B).
    position = pos(hands=[{"red": 2}, {"red": 2}])
    position["fields"] = {"A": [{"yellow": 3, "orange": 1}, {"purple": 4}], "B": [{}, {}]}
    state = from_position(position)
    assert state.field_sizes[0] == [4, 4]
    state.apply(Mountain(0, RED))
    assert state.current_player == 1
    state = from_position({**position, "to_move": 1})
    state.apply(Mountain(0, RED))
    assert state.current_player == 0


def test_M_5_3_picks_alternate_take_all_of_a_colour_until_the_mountain_is_empty():
    state = from_position(pos(hands=[{"red": 2}, {"black": 1}]))
    state.apply(Mountain(0, RED))  # mountain A: black 2, green 1, red 1 -> 3 colours
    assert state.legal_moves() == [Pick(BLACK), Pick(GREEN), Pick(RED)]
    refused(state, "pick purple", "M-5.3")
    refused(state, "discard red 1", "M-5.3")
    seats = []
    while state.phase == "pick":
        seats.append(state.current_player)
        state.apply(state.legal_moves()[0])
    assert seats == [0, 1, 0]  # ceil(3/2) = 2 picks for the first picker
    assert state.mountains[0] != [0] * 6  # refilled with 2 new cards (M-5.6)
    assert sum(state.mountains[0]) == 2 and state.current_player == 1


def test_M_5_4_a_new_colour_puts_one_card_in_the_river_and_the_rest_in_the_cup():
    state = from_position(pos(hands=[{"red": 2}, {"black": 1}]))
    state.apply(Mountain(0, RED))
    state.apply(Pick(BLACK))  # 2 black: one to the river, one to the cup
    assert state.rivers[0] == [BLACK] and state.cups[0][BLACK] == 1
    state.apply(Pick(GREEN))  # seat 1: 1 green -> river, nothing to the cup
    assert state.rivers[1] == [GREEN] and state.cups[1][GREEN] == 0


def test_M_5_4_a_colour_already_in_the_river_goes_wholly_to_the_cup():
    state = from_position(pos(hands=[{"red": 2}, {"black": 1}], rivers=[["black"], []]))
    state.apply(Mountain(0, RED))
    state.apply(Pick(BLACK))
    assert state.rivers[0] == [BLACK] and state.cups[0][BLACK] == 2


def test_M_5_5_a_seat_with_an_empty_field_picks_into_the_discard_pile():
    position = pos(hands=[{"red": 2}, {"black": 1}])
    position["fields"] = {"A": [{"yellow": 2, "orange": 1, "purple": 1}, {}], "B": [{}, {}]}
    state = from_position(position)
    state.apply(Mountain(0, RED))
    state.apply(Pick(RED))  # seat 0 first (4 cards against 0)
    discard = list(state.discard)
    assert state.current_player == 1
    state.apply(Pick(BLACK))  # seat 1 has no card in field A: 2 black to the discard pile
    assert state.discard[BLACK] == discard[BLACK] + 2 and state.rivers[1] == [] and state.cups[1][BLACK] == 0


def test_M_5_6_fields_are_discarded_and_the_mountain_dealt_through_a_reshuffle():
    state = from_position(pos(hands=[{"red": 2}, {"black": 1}], deck=["purple", "purple", "green", "red"]),
                          manual_chance=True)
    discard = list(state.discard)
    state.apply(Mountain(0, RED))  # draws purple, purple, green
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    assert state.fields[0] == [[0] * 6, [0] * 6] and state.field_sizes[0] == [0, 0]
    assert state.discard[YELLOW] == discard[YELLOW] + 2 and state.discard[ORANGE] == discard[ORANGE] + 1
    assert state.discard[PURPLE] == discard[PURPLE] + 1
    # The deck had 4 cards: 3 drawn, the refill deals the last (M-6.2) and, after a reshuffle
    # of the discard pile (M-6.1), a second card; the end waits for a later completion (M-7.1).
    assert state.mountains[0] == [0, 0, 0, 0, 0, 1] and state.current_player == CHANCE
    outcome = tuple(c for c in (ORANGE, BLACK, GREEN, PURPLE, YELLOW, RED) for _ in range(state.discard[c]))
    state.apply(ChanceEvent("reshuffle", outcome))
    assert state.mountains[0] == [0, 0, 0, 0, 1, 1] and state.owner[0] == [-1, -1, -1, -1, 0, 0]
    assert state.end_triggered and not state.is_terminal() and state.current_player == 1


# ----- M-6 deck ----------------------------------------------------------------------------------------
def test_M_6_1_an_empty_deck_is_refilled_by_a_recorded_reshuffle():
    position = rest_in_cup(pos(hands=[{"red": 4}, {"black": 1}], deck=["green"]))
    position["discard"] = {"purple": 2, "red": 1}
    position["cups"][1]["purple"] -= 2
    position["cups"][1]["red"] -= 1
    state = from_position(position, manual_chance=True)
    state.apply(Mountain(1, RED))  # 3 left, draws 3: green, then the deck is empty
    assert state.current_player == CHANCE and state.phase == "chance" and state.legal_moves() == []
    assert state.end_triggered and state.hands[0][GREEN] == 1
    refused(state, ChanceEvent("reshuffle", (PURPLE, PURPLE)), "M-6.1")
    refused(state, "discard red 1", "chance")
    state.apply(ChanceEvent("reshuffle", (RED, PURPLE, PURPLE)))  # top card first
    assert state.hands[0] == [0, 1, 1, 0, 0, 4] and state.deck == [PURPLE] and state.discard == [0] * 6
    assert state.current_player == 1
    state.check_invariants()


def test_M_6_1_a_seeded_game_reshuffles_by_itself_and_records_the_event():
    position = pos(hands=[{"red": 4}, {"black": 1}], deck=["green"])
    state = from_position(position, seed=3)
    state.apply(Mountain(1, RED))
    kinds = [(by, getattr(ev, "kind", None)) for by, ev in state.history]
    assert kinds == [(0, None), (CHANCE, "reshuffle")]
    assert state.hand_sizes[0] == 6 and state.current_player == 1
    assert len(state.history[1][1].outcome) == len(state.deck) + 2
    state.check_invariants()


def test_M_6_2_the_first_emptying_of_the_deck_triggers_the_end():
    state = from_position(pos(deck=["green", "yellow"]))
    assert not state.end_triggered
    state.apply(Discard(RED, 1))
    assert not state.end_triggered and len(state.deck) == 1
    state.apply(Discard(BLACK, 1))
    assert state.end_triggered and state.deck == [] and not state.is_terminal()


def test_M_6_3_with_deck_and_discard_pile_empty_a_draw_yields_fewer_cards():
    position = rest_in_cup(pos(hands=[{"red": 2, "green": 1}, {"black": 1}], deck=["orange"], end_triggered=True))
    state = from_position(position)
    state.apply(Mountain(1, RED))  # 2 left, 3 owed, only 1 card anywhere
    assert state.hand_sizes[0] == 3 and state.hands[0][ORANGE] == 1 and state.deck == []
    assert [by for by, _ in state.history] == [0]  # no reshuffle event


def test_M_6_3_unknown_deck_exhaustion_option_is_refused():
    with pytest.raises(RulesError, match=r"\[M-6.3\]"):
        Rules(deck_exhaustion="never")
    with pytest.raises(RulesError, match=r"\[options\]"):
        GAME.make_rules({"deck": 1})
    assert GAME.make_rules({"deck_exhaustion": "end_at_once"}) == Rules("end_at_once")


# ----- M-7 end of the game ------------------------------------------------------------------------------
def test_M_7_1_after_the_deck_empties_play_continues_until_the_next_completion():
    state = from_position(pos(hands=[{"red": 2, "green": 1}, {"black": 1, "red": 1}], deck=["green"]))
    state.apply(Discard(GREEN, 1))  # deck emptied: end triggered, no completion
    assert state.end_triggered and state.current_player == 1
    state.apply(Discard(BLACK, 1))  # reshuffle, still no completion
    assert state.current_player == 0 and any(by == CHANCE for by, _ in state.history[1:])
    state.apply(Mountain(0, RED))  # completes A: the last destruction
    while state.phase == "pick":
        state.apply(state.legal_moves()[0])
    assert state.is_terminal() and state.mountains[0] == [0] * 6  # no new mountain (M-5.6)


def test_M_7_2_a_sixth_river_space_ends_the_game_after_the_destruction():
    position = pos(hands=[{"red": 2}, {"black": 1}], rivers=[["purple", "yellow", "orange", "green", "red"], []])
    state = from_position(position)
    state.apply(Mountain(0, RED))  # mountain A: black 2, green 1, red 1
    state.apply(Pick(BLACK))  # sixth river space for seat 0
    assert state.river_full and state.current_player == 1
    state.apply(Pick(GREEN))
    state.apply(Pick(RED))  # the destruction finishes
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.mountains[0] == [0] * 6 and state.rivers[0][-1] == BLACK and len(state.rivers[0]) == 6
    assert state.cups[0][BLACK] == 1 and state.cups[0][RED] == 1


def test_M_7_3_worked_score_river_red_green_black():
    # M-8: river [red, green, black], cup 3 red + 2 green + 4 purple -> 3*1 + 2*2 + 0 = 7.
    cup = [0] * 6
    cup[RED], cup[GREEN], cup[PURPLE] = 3, 2, 4
    assert river_score([RED, GREEN, BLACK], cup) == 7
    assert river_score([], cup) == 0 and river_score([PURPLE], cup) == 4


def test_M_7_3_the_state_scores_river_times_cup():
    state = from_position(pos(rivers=[["red", "green", "black"], ["purple"]],
                              cups=[{"red": 3, "green": 2, "purple": 4}, {"purple": 2, "red": 5}]))
    assert state.scores() == (7, 2)


def test_M_7_4_tie_breaks_score_then_fewer_cup_cards_then_shared():
    assert winners([9, 7], [1, 30]) == (0,)
    assert winners([7, 7], [6, 5]) == (1,)
    assert winners([7, 7], [5, 5]) == (0, 1)


def test_M_7_4_result_of_a_finished_game_lists_rivers_cups_and_shared_victory():
    position = pos(hands=[{"red": 2}, {"black": 1}], rivers=[["purple", "yellow", "orange", "green", "red"], []])
    state = from_position(position)
    with pytest.raises(IllegalMoveError, match=r"\[M-7.4\]"):
        state.result()
    for move in ("mountain A red", "pick black", "pick green", "pick red"):
        state.apply(parse(move))
    result = state.result()
    assert result.scores == (5 * 1 + 6 * 1, 0)
    assert result.winners == (0,)
    assert result.players[0]["river"] == ["purple", "yellow", "orange", "green", "red", "black"]
    assert result.players[0]["cup"] == {"black": 1, "green": 0, "purple": 0, "yellow": 0, "orange": 0, "red": 1}
    assert result.players[1] == {"river": ["green"], "cup": dict.fromkeys(COLOURS, 0), "cup_size": 0, "score": 0}
    json.dumps(result.to_dict())


# ----- M-8 conservation, notation, records ----------------------------------------------------------------
def test_M_8_card_conservation_through_a_seeded_game():
    state = new_game(2, seed=42)
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        state.check_invariants()
        total = np.zeros(6, int)
        for area in [*state.hands, *state.cups, *state.mountains, *state.fields[0], *state.fields[1], state.discard]:
            total += area
        for c in state.deck + state.rivers[0] + state.rivers[1]:
            total[c] += 1
        assert total.tolist() == [18] * 6
        moves = state.legal_moves()
        state.apply(moves[int(rng.integers(len(moves)))])


@pytest.mark.parametrize("text", ["mountain A red", "field B green 2", "discard yellow 3", "pick orange",
                                  "reshuffle 0 5 5"])
def test_notation_round_trip(text):
    assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize("text,rule", [("", "notation"), ("play red", "notation"), ("pick pink", "M-1.1"),
                                       ("mountain C red", "M-1.2"), ("field A red 0", "M-4.2")])
def test_bad_notation_names_the_rule(text, rule):
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.rule == rule


def test_moves_with_impossible_values_are_refused_at_construction():
    with pytest.raises(NotationError):
        Mountain(2, RED)
    with pytest.raises(NotationError):
        Field(0, 6, 1)
    with pytest.raises(NotationError):
        Discard(RED, 0)


def test_a_move_after_the_end_is_refused():
    river = ["purple", "yellow", "orange", "green", "red"]
    state = from_position(pos(hands=[{"red": 2}, {"black": 1}], rivers=[river, []]))
    for move in ("mountain A red", "pick black", "pick green", "pick red"):
        state.apply(parse(move))
    refused(state, Discard(RED, 1), "end")
    assert state.legal_moves() == []


def test_record_of_a_game_from_a_hand_built_position_replays():
    state = from_position(pos(deck=["green"]), seed=8)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        moves = state.legal_moves()
        state.apply(moves[int(rng.integers(len(moves)))])
    record = records.from_state(state, players=["a", "b"])
    replayed = records.replay(json.loads(json.dumps(record)))
    assert [str(e) for _, e in replayed.history] == [str(e) for _, e in state.history]
    assert replayed.result() == state.result()
    assert record["setup"]["position"]["deck"] == ["green"]


def test_position_round_trip_and_impossible_positions():
    state = new_game(2, seed=4)
    again = from_position(state.position())
    assert again.observation(0) == state.observation(0) and again.observation(1) == state.observation(1)
    assert again.deck == state.deck
    with pytest.raises(RulesError, match=r"\[M-3.1\]"):
        from_position(pos(mountains={"A": {"yellow": 1}}))
    with pytest.raises(RulesError, match=r"\[M-1.1\]"):
        from_position(pos(hands=[{"red": 19}, {"black": 1}]))
    with pytest.raises(RulesError, match=r"\[M-5.1\]"):
        from_position(pos(mountains={"A": {"black": 1, "green": 1, "red": 1}, "B": {}}))
    with pytest.raises(RulesError, match=r"\[M-4.4\]"):
        from_position(pos(hands=[{}, {"black": 1}]))
    with pytest.raises(RulesError, match=r"\[M-6.2\]"):
        from_position(pos(deck=[]))


@pytest.mark.parametrize("change", [
    {"hands": [["red"], {"green": 1}]},
    {"discard": "AB"},
    {"mountains": ["A"]},
    {"mountains": {"A": [], "B": {}}},  # [] is not counts
    {"cups": [[], {}]},
    {"fields": {"A": [{}, "x"]}},
    {"rivers": [{"red": 1}, []]},  # an object is not a list of colours
    {"deck": {"red": 1}},
    {"deck": "red"},  # nor is a text, read letter by letter
    {"position": None},
])
def test_M_1_1_position_areas_of_the_wrong_type_are_refused(change):
    position = change["position"] if "position" in change else {**pos(), **change}
    with pytest.raises(RulesError, match=r"^\[options\] (A|The) .* must be .*, not "):
        from_position(position)


@pytest.mark.parametrize("value", ["false", 0, 1, None, []])
def test_M_6_2_end_triggered_must_be_true_or_false(value):
    with pytest.raises(RulesError, match=r"\[M-6.2\] end_triggered must be true or false"):
        from_position(pos(end_triggered=value))


def test_M_2_5_to_move_and_first_player_are_whole_numbers():
    with pytest.raises(RulesError, match=r"\[M-2.5\] to_move must be 0 \(player 1\) or 1 \(player 2\), not 1.0"):
        from_position(pos(to_move=1.0))
    with pytest.raises(RulesError, match=r"\[M-2.5\] The first player must be 0 \(player 1\) or 1 \(player 2\), not 1.0"):
        new_game(2, seed=1, setup={"first_player": 1.0})
    assert from_position(pos(to_move=np.int64(1))).current_player == 1


def test_M_1_2_position_mandala_names_in_any_case():
    lower = from_position(pos(mountains={"a": {"black": 2, "green": 1}, "b": {"purple": 1}},
                              fields={"a": [{"yellow": 2, "orange": 1}, {"purple": 1}]}))
    assert lower.position() == from_position(pos()).position()
    with pytest.raises(RulesError, match=r"\[options\] The position's mountains name mandala A twice"):
        from_position(pos(mountains={"A": {}, "a": {}}))


_LONG = "x" * 1_000_000


@pytest.mark.parametrize("change", [
    {"hands": [{_LONG: 1}, {"black": 1}]},
    {"hands": [{"red": _LONG}, {"black": 1}]},
    {"discard": {"red": [_LONG]}},
    {"deck": ["red", _LONG]},
    {"rivers": [[_LONG], []]},
    {"mountains": {_LONG: {}}},
    {"cups": [_LONG, {}]},
    {"hands": [{"red": 10 ** 4000}, {"black": 1}]},
])
def test_M_1_1_position_refusals_quote_at_most_60_characters(change):
    with pytest.raises(RulesError) as err:
        from_position({**pos(), **change})
    message = str(err.value)
    assert len(message) < 300 and "x" * 61 not in message and "0" * 61 not in message


def test_svg_shows_both_mandalas_rivers_own_hand_and_colour_names_only():
    state = from_position(pos(rivers=[["red"], ["green", "black"]], cups=[{"red": 2}, {"orange": 3}]))
    svg = state.to_svg(0)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for text in ("Mandala A", "Mandala B", "mountain A", "your field", "Player 2&#x27;s field", "river", "hand", "cup",
                 "red", "green", 'data-mk-target="field:A"', 'data-mk-target="mountain:B"'):
        assert text in svg, text
    assert "seat" not in svg.lower() and "field 0" not in svg
    named = state.to_svg(0, names=["Ann", "Bot (greedy)"], you=True)  # a play page: a pupil's words
    assert "your opponent&#x27;s field" in named and "Bot (greedy)&#x27;s field" not in named
    assert "Bot (greedy)&#x27;s field" in state.to_svg(0, names=["Ann", "Bot (greedy)"], you=False)
    # The drawing depends only on what seat 0 may know: other hidden cards, same picture.
    rng = np.random.default_rng(0)
    for _ in range(5):
        assert state.determinize(0, rng).to_svg(0) == svg
    assert state.to_svg(1) != svg and state._repr_html_() == svg
