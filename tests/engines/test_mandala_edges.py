"""Hand-built positions for each edge of a completion (M-5, M-6, M-7), by rule id.

Every position starts with mandala A one colour short of completion: black and green in the
mountain, yellow and orange in seat 0's field, purple in seat 1's field. Playing a red card
into A completes it (M-5.1).
"""

import numpy as np
import pytest

from mandalakit import RulesError
from mandalakit.core.bots import random_playout
from mandalakit.core.contract import CHANCE, ChanceEvent
from mandalakit.mandala import COLOURS, Discard, Field, Mountain, Pick, Rules, parse
from mandalakit.mandala import from_position as _from_position
from mandalakit.mandala.cards import BLACK, GREEN, ORANGE, PURPLE, RED, YELLOW


def from_position(position, **kwargs):
    """:func:`mandalakit.mandala.from_position` seeded by default, so every reshuffle is reproducible."""
    kwargs.setdefault("seed", 0)
    return _from_position(position, **kwargs)


END_AT_ONCE = Rules(deck_exhaustion="end_at_once")


def pos(fields_a=({"yellow": 2, "orange": 1}, {"purple": 1}), mountain_a=None, **overrides):
    base = {
        "to_move": 0,
        "hands": [{"red": 2, "green": 1}, {"red": 1, "yellow": 2}],
        "mountains": {"A": mountain_a or {"black": 2, "green": 1}, "B": {"purple": 1}},
        "fields": {"A": list(fields_a), "B": [{}, {}]},
    }
    base.update(overrides)
    return base


def rest_in_cup(position, seat=1):
    """``position`` with every card it does not place put into ``seat``'s cup, discard pile empty."""
    probe = from_position({**position, "discard": None})
    cups = [dict(c) for c in position.get("cups", [{}, {}])]
    for c, k in enumerate(probe.discard):
        if k:
            cups[seat][COLOURS[c]] = cups[seat].get(COLOURS[c], 0) + k
    return {**position, "cups": cups, "discard": {}}


def play(state, *moves):
    for move in moves:
        state.apply(parse(move))
        state.check_invariants()
    return state


def pickers(state):
    """Resolve a destruction picking the first legal colour each time; return who picked."""
    seats = []
    while state.phase == "pick":
        seats.append(state.current_player)
        state.apply(state.legal_moves()[0])
        state.check_invariants()
    return seats


# ----- tied fields (M-5.2) ------------------------------------------------------------------------------
@pytest.mark.parametrize("mover", [0, 1])
def test_M_5_2_tied_fields_the_seat_that_did_not_complete_picks_first(mover):
    state = from_position(pos(fields_a=({"yellow": 2}, {"purple": 1, "orange": 1}), to_move=mover))
    assert state.field_sizes[0] == [2, 2]
    state.apply(Mountain(0, RED))
    assert state.phase == "pick" and state.mover == mover
    assert pickers(state) == [1 - mover, mover, 1 - mover]  # 3 mountain colours: black, green, red


def test_M_5_2_tied_empty_fields_the_whole_mountain_is_discarded_through_the_picks():
    # Both fields empty (0 vs 0): the completer's opponent picks first; every pick is discarded (M-5.5).
    position = pos(fields_a=({}, {}), mountain_a={"black": 2, "green": 1, "yellow": 1, "orange": 1, "purple": 1})
    state = from_position(position)
    discard = sum(state.discard)
    state.apply(Mountain(0, RED))
    assert pickers(state) == [1, 0, 1, 0, 1, 0]
    assert sum(state.discard) == discard + 7
    assert state.rivers == [[], []] and state.cups == [[0] * 6, [0] * 6]


# ----- picks by a seat with an empty field (M-5.5) --------------------------------------------------------
def test_M_5_5_empty_field_picks_go_to_the_discard_pile_and_deny_the_colour():
    state = from_position(pos(fields_a=({"yellow": 2, "orange": 1, "purple": 1}, {})))
    discard = list(state.discard)
    play(state, "field A red 1")  # completes A; seat 0 has 5 field cards, picks first
    assert state.current_player == 0
    play(state, "pick green", "pick black")  # seat 1 (empty field) denies the 2 black
    assert state.discard[BLACK] == discard[BLACK] + 2
    assert state.rivers[1] == [] and state.cups[1] == [0] * 6
    assert state.rivers[0] == [GREEN] and state.cups[0][GREEN] == 0
    # The fields then go to the discard pile too (M-5.6), seat 0's 5 cards among them.
    assert state.discard[YELLOW] == discard[YELLOW] + 2 and state.discard[RED] == discard[RED] + 1
    assert state.phase == "play" and state.current_player == 1


# ----- a colour already in the river (M-5.4) ----------------------------------------------------------------
def test_M_5_4_a_colour_already_in_the_river_goes_wholly_to_the_cup():
    state = from_position(pos(rivers=[["green", "black"], ["black"]], cups=[{"black": 1}, {}]))
    play(state, "mountain A red", "pick black")
    assert state.rivers[0] == [GREEN, BLACK] and state.cups[0][BLACK] == 3
    play(state, "pick green")  # seat 1: green is new for it -> river, no cup card
    assert state.rivers[1] == [BLACK, GREEN] and state.cups[1][GREEN] == 0
    play(state, "pick red")
    assert state.rivers[0] == [GREEN, BLACK, RED] and state.cups[0][RED] == 0
    assert state.scores()[0] == 2 * 3


# ----- the sixth river colour reached mid-destruction (M-7.2) -------------------------------------------------
def test_M_7_2_sixth_river_colour_mid_destruction_finishes_the_picks_then_ends():
    river = ["purple", "yellow", "orange", "red", "green"]
    position = pos(rivers=[river, []], mountain_a={"black": 2, "green": 3})
    state = from_position(position)
    deck = list(state.deck)
    play(state, "mountain A red")  # mountain A: black 2, green 3, red 1; seat 0 picks first (3 vs 1)
    play(state, "pick black")  # the sixth space: value 6
    assert len(state.rivers[0]) == 6 and state.river_full and not state.is_terminal()
    play(state, "pick green")  # seat 1 goes on picking
    play(state, "pick red")  # seat 0 too: red is in its river -> cup
    assert state.is_terminal()
    assert state.fields[0] == [[0] * 6, [0] * 6] and state.mountains[0] == [0] * 6  # no new mountain
    assert state.deck == deck[:-3]  # only the 3 cards of the mountain play's draw left the deck
    assert state.cups[0][BLACK] == 1 and state.cups[0][RED] == 1
    assert state.result().scores == (6 * 1 + 4 * 1, 1 * 2)  # seat 1: green in space 1, 2 in cup
    assert state.result().players[0]["river"] == river + ["black"]
    assert state.end_reason == "M-7.2"


# ----- the deck emptied in the same turn as a completion (M-7.1) ------------------------------------------------
@pytest.mark.parametrize("rules", [Rules(), END_AT_ONCE])
def test_M_7_1_deck_emptied_by_the_draw_of_the_completing_mountain_play(rules):
    state = from_position(pos(deck=["orange", "purple", "yellow"]), rules=rules)
    play(state, "mountain A red")  # draws the last 3 cards (M-4.1) before the completion check
    assert state.end_triggered and state.deck == [] and state.phase == "pick"
    pickers(state)
    assert state.is_terminal() and state.mountains[0] == [0] * 6  # resolved fully, no new mountain
    assert state.hands[0] == [0, 1, 1, 1, 1, 1]
    assert state.end_reason == ("M-6.3" if rules == END_AT_ONCE else "M-7.1")


def test_M_7_1_a_refill_that_empties_the_deck_deals_both_cards_and_play_goes_on():
    # The refill comes after its completion: the deck's last card, then the discard pile becomes
    # the new deck (a chance event) and the second card is dealt; the end is triggered for later.
    state = from_position(pos(deck=["orange", "purple", "yellow", "black"]), manual_chance=True)
    play(state, "mountain A red")  # 3 drawn, 1 left
    assert pickers(state) == [0, 1, 0]
    assert state.current_player == CHANCE and state.end_triggered and state.deck == []
    assert state.mountains[0] == [1, 0, 0, 0, 0, 0]  # the deck's last card, black
    pile = state.discard
    outcome = (YELLOW,) + tuple(c for c in range(6) for _ in range(pile[c] - (c == YELLOW)))
    state.apply(ChanceEvent("reshuffle", outcome))
    state.check_invariants()
    assert state.mountains[0] == [1, 0, 0, 1, 0, 0] and len(state.deck) == sum(pile) - 1
    assert not state.is_terminal() and state.phase == "play" and state.current_player == 1
    assert [str(e).split()[0] for _, e in state.history] == ["mountain", "pick", "pick", "pick", "reshuffle"]


def test_M_7_1_after_a_refill_that_empties_the_deck_the_game_ends_at_a_later_completion():
    state = from_position(pos(deck=["orange", "purple", "yellow", "black"]), seed=4)
    play(state, "mountain A red")
    pickers(state)
    assert state.end_triggered and not state.is_terminal() and sum(state.mountains[0]) == 2
    done = len(state.history)
    random_playout(state, np.random.default_rng(4))
    later = [type(e) for by, e in state.history[done:] if by >= 0]
    assert state.is_terminal() and later[-1] is Pick  # the game ended by resolving a later destruction
    assert state.end_reason == "M-7.1"


def test_M_6_3_end_at_once_a_refill_that_empties_the_deck_is_dealt_then_the_game_ends():
    state = from_position(pos(deck=["orange", "purple", "yellow", "black"]), rules=END_AT_ONCE, seed=0)
    play(state, "mountain A red")
    pickers(state)
    assert state.end_triggered and state.is_terminal() and sum(state.mountains[0]) == 2
    assert [getattr(e, "kind", "move") for _, e in state.history][-1] == "reshuffle"
    assert state.end_reason == "M-6.3"


def test_M_7_1_completion_after_a_reshuffle_in_the_same_turn_is_the_last():
    position = pos(deck=["orange"])
    state = from_position(position, seed=1)
    assert sum(state.discard) > 0
    play(state, "mountain A red")  # 1 drawn, deck emptied, reshuffle, 2 more drawn, then A completes
    assert [by for by, _ in state.history] == [0, CHANCE]
    assert state.end_triggered and state.phase == "pick"
    pickers(state)
    assert state.is_terminal()


# ----- a reshuffle (M-6.1) ---------------------------------------------------------------------------------
def test_M_6_1_reshuffle_mid_draw_with_manual_chance_then_the_completion_check():
    position = rest_in_cup(pos(deck=["orange"]))
    position["discard"] = {"yellow": 1, "black": 2}
    position["cups"][1]["yellow"] -= 1
    position["cups"][1]["black"] -= 2
    state = from_position(position, manual_chance=True)
    play(state, "mountain A red")
    assert state.current_player == CHANCE and state.hands[0] == [0, 1, 0, 0, 1, 1]
    assert state.destroying == -1  # the completion check waits for the draw (M-7.1)
    with pytest.raises(Exception, match=r"\[M-6.1\]"):
        state.apply(ChanceEvent("reshuffle", (BLACK, BLACK, RED)))
    state.apply(ChanceEvent("reshuffle", (YELLOW, BLACK, BLACK)))
    state.check_invariants()
    assert state.hands[0] == [1, 1, 0, 1, 1, 1] and state.deck == [BLACK]
    assert state.phase == "pick" and state.destroying == 0 and state.current_player == 0
    assert [str(e) for _, e in state.history] == ["mountain A red", "reshuffle 3 0 0"]


def test_M_6_1_discard_then_reshuffle_brings_the_discarded_cards_back_into_play():
    position = rest_in_cup(pos(deck=["orange"]))
    state = from_position(position, manual_chance=True)
    play(state, "discard red 2")  # 1 drawn (orange), the deck is empty, the pile is just 2 red
    assert state.current_player == CHANCE and state.discard == [0, 0, 0, 0, 0, 2]
    state.apply(ChanceEvent("reshuffle", (RED, RED)))
    assert state.hands[0] == [0, 1, 0, 0, 1, 1] and state.deck == [RED] and state.current_player == 1


# ----- both deck_exhaustion options (M-6.3) ------------------------------------------------------------------
def test_M_6_3_default_play_goes_on_after_the_deck_is_emptied_without_a_completion():
    state = from_position(pos(deck=["orange"]))
    play(state, "discard green 1")
    assert state.end_triggered and not state.is_terminal() and state.current_player == 1
    play(state, "field B yellow 2", "mountain A red")  # seat 0 completes A: the last destruction
    assert pickers(state) and state.is_terminal()


def test_M_6_3_end_at_once_the_game_ends_after_the_turn_that_empties_the_deck():
    state = from_position(pos(deck=["orange"]), rules=END_AT_ONCE)
    play(state, "discard green 1")
    assert state.end_triggered and state.is_terminal() and state.hands[0][ORANGE] == 1
    assert state.result().scores == (0, 0) and state.result().winners == (0, 1)  # no cups: shared


def test_M_6_3_end_at_once_still_completes_the_draw_of_the_last_turn():
    state = from_position(pos(deck=["orange"]), rules=END_AT_ONCE, seed=2)
    play(state, "mountain B red")  # 1 left, draws 3: orange, then a reshuffle for 2 more
    assert state.is_terminal() and state.hand_sizes[0] == 5
    assert [getattr(e, "kind", "move") for _, e in state.history] == ["move", "reshuffle"]


def test_M_6_3_end_at_once_a_field_play_in_the_last_turn_ends_nothing_early():
    # The deck empties in seat 0's turn only; seat 1's later turn never comes.
    state = from_position(pos(deck=["orange", "purple"]), rules=END_AT_ONCE)
    play(state, "field B red 1")  # no draw: the deck still holds 2
    assert not state.is_terminal() and state.current_player == 1
    play(state, "discard yellow 2")
    assert state.is_terminal() and state.hands[1][ORANGE] == 1 and state.hands[1][PURPLE] == 1


def test_pick_phase_refuses_play_moves_and_play_phase_refuses_picks():
    state = from_position(pos())
    with pytest.raises(Exception, match=r"\[M-5.3\]"):
        state.apply(Pick(BLACK))
    play(state, "mountain A red")
    for move in (Discard(RED, 1), Field(1, RED, 1), Mountain(1, RED)):
        with pytest.raises(Exception, match=r"\[M-5.3\]"):
            state.apply(move)
    assert state.current_player == 0 and len(state.history) == 1


# ----- a game that could never end (M-7.5) ---------------------------------------------------------------
PLAY_ON = Rules(stalemate="play_on", stall_turns=None)  # the printed rules: neither M-7.5 nor M-7.6


@pytest.mark.parametrize("rules", [Rules(), END_AT_ONCE])
def test_M_7_5_the_last_black_picked_into_a_river_ends_the_game_at_the_end_of_that_turn(rules):
    # 18 black: 1 in mountain A, 1 in seat 1's river, 16 in the cups; none free.
    position = pos(mountain_a={"black": 1, "green": 1}, rivers=[[], ["black"]], cups=[{"black": 10}, {"black": 6}])
    state = from_position(position, rules=rules)
    play(state, "mountain A red")
    assert pickers(state) == [0, 1, 0]  # seat 0 takes the last black: no mandala can complete again
    assert state.is_terminal() and not state.end_triggered
    assert sum(state.mountains[0]) == 2  # the turn was played to its end, refill included (M-5.6)
    assert state.rivers == [[BLACK, RED], [BLACK, GREEN]]
    assert state.result().scores == (10, 6)  # scored as usual (M-7.3): 10 and 6 black cup cards in space 1
    assert state.end_reason == "M-7.5"


def test_M_7_5_play_on_keeps_playing_after_the_last_black_is_picked():
    position = pos(mountain_a={"black": 1, "green": 1}, rivers=[[], ["black"]], cups=[{"black": 10}, {"black": 6}])
    state = from_position(position, rules=PLAY_ON)
    play(state, "mountain A red")
    pickers(state)
    assert not state.is_terminal() and state.current_player == 1 and not state.can_complete()
    assert state.end_reason is None


def test_M_7_5_a_position_with_every_black_in_rivers_and_cups_is_refused():
    # Mandala A lacks black and red, B lacks all but purple: no black can ever reach either.
    position = pos(mountain_a={"green": 2}, rivers=[["black"], []], cups=[{"black": 12}, {"black": 5}])
    with pytest.raises(RulesError, match=r"\[M-7.5\] Neither mandala can complete again"):
        from_position(position)
    state = from_position(position, rules=PLAY_ON)  # the printed rules: random play never ends
    rng = np.random.default_rng(0)
    for _ in range(2000):
        state.apply(state.random_move(rng.random()))
    assert not state.is_terminal() and state.rivers == [[BLACK], []]
    state = from_position(position, seed=0, rules=Rules(stalemate="play_on"))  # M-7.6 still ends it
    while not state.is_terminal():
        state.apply(state.random_move(rng.random()))
    assert state.end_reason == "M-7.6" and state.stalled_turns == 101


def test_M_7_5_a_colour_left_only_in_the_other_blocked_mandala_ends_the_game():
    # Seat 0 holds the only free red; every other orange lies in the cups. Red into mountain B
    # leaves A without any red to come and B without any orange to come.
    position = pos(hands=[{"red": 1, "green": 1}, {"yellow": 2}], cups=[{"red": 17, "orange": 17}, {}])
    state = from_position(position)
    assert state.can_complete()
    play(state, "mountain B red")
    assert state.is_terminal() and state.free[RED] == state.free[ORANGE] == 0 and sum(state.free) > 0
    state = from_position(position, rules=PLAY_ON)  # no colour lies wholly in rivers and cups
    play(state, "mountain B red")
    assert not state.is_terminal() and not state.can_complete()


def test_M_7_5_hands_too_small_to_play_what_a_mandala_lacks_end_the_game():
    # Deck and discard pile empty: a hand can only shrink (M-6.3). Seat 0 can still play its
    # red into A (2 cards, it keeps one), but not after a field play of its green.
    position = rest_in_cup(pos(hands=[{"red": 1, "green": 1}, {"black": 1}], deck=[], end_triggered=True))
    state = from_position(position)
    assert state.can_complete()
    play(state, "field B green 1")
    assert state.is_terminal() and state.hands == [[0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]]
    state = from_position(position)
    play(state, "mountain A red")
    assert state.phase == "pick"


def test_M_7_5_stalemate_option_is_checked():
    with pytest.raises(RulesError, match=r"\[M-7.5\] stalemate must be 'end' or 'play_on', not 'never'"):
        Rules(stalemate="never")
    assert Rules().stalemate == "end" and Rules.from_dict({"stalemate": "play_on", "stall_turns": None}) == PLAY_ON
