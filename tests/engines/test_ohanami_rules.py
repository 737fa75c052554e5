"""Worked checks of ohanami.md (O-4) and each rule, by rule id."""

import pytest

from mandalakit import IllegalMoveError, RulesError
from mandalakit.ohanami import Rules, from_position, new_game, parse, placements, round_score, sakura_points, suit_name
from mandalakit.ohanami.cards import SUIT_OF, SUITS
from mandalakit.ohanami.moves import Pick, Place
from mandalakit.ohanami.state import OhanamiState


def test_O_1_2_suit_counts():
    counts = {s: sum(1 for n in range(1, 121) if suit_name(n) == s) for s in SUITS}
    assert counts == {"blue": 34, "green": 35, "grey": 17, "pink": 34}


def test_O_1_2_no_two_consecutive_cards_share_a_suit():
    assert all(SUIT_OF[n] != SUIT_OF[n + 1] for n in range(1, 120))


@pytest.mark.parametrize("card,suit", [(35, "grey"), (42, "grey"), (45, "green"), (44, "blue"),
                                       (25, "pink"), (1, "pink"), (120, "green")])
def test_O_4_suits_of_worked_cards(card, suit):
    assert suit_name(card) == suit


def test_O_3_worked_round_scores_and_total():
    scores = [round_score(1, (4, 0, 0, 0)), round_score(2, (7, 5, 0, 0)), round_score(3, (10, 8, 3, 6))]
    assert scores == [12, 41, 104]
    assert sum(scores) == 157


def test_O_3_3_sakura_table():
    assert [sakura_points(k) for k in range(1, 16)] == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120]


def test_O_3_4_sakura_cap_ruling():
    assert sakura_points(16) == 120 and sakura_points(20) == 120
    assert sakura_points(16, cap=None) == 136
    assert sakura_points(12, cap=10) == 55
    with pytest.raises(RulesError, match="O-3.4"):
        Rules(sakura_cap=0)


def test_O_4_pink_counted_over_all_rows():
    # Pink 2 + 1 in two rows -> k = 3 -> 6, not T(2) + T(1) = 4.
    assert round_score(3, (0, 0, 0, 3)) == 6


def test_O_4_marginal_value_of_blue_and_green():
    blue_r1 = sum(round_score(r, (1, 0, 0, 0)) for r in (1, 2, 3))
    green_r2 = sum(round_score(r, (0, 1, 0, 0)) for r in (2, 3))
    assert (blue_r1, green_r2) == (9, 8)


def _rows_after(rows, card):
    """Destinations (row numbers, 0 = discard) a single card may take beside a discard."""
    return sorted({r for m in placements((card, 121), rows) for c, r in m.steps if c == card})


def test_O_2_4_row_accepts_only_its_ends():
    rows = [[20, 35, 60]]
    assert 1 in _rows_after(rows, 19) and 1 in _rows_after(rows, 61)
    assert 1 not in _rows_after(rows, 40)


def test_O_2_4_no_fourth_row_so_40_can_only_be_discarded():
    rows = [[10, 90], [20, 100], [30, 110]]
    assert _rows_after(rows, 40) == [0]


def test_O_2_4_card_40_fits_three_open_ends():
    rows = [[10, 30], [50, 70], [90, 110]]
    assert _rows_after(rows, 40) == [0, 1, 2, 3]


def _state_at_placement(rows0, pick0, rows1=((1,),), pick1=(2, 3)):
    """A 2-player position of round 1 in the place phase, seat 0 to place ``pick0`` onto
    ``rows0``; the step is the first in which the seats can have placed their rows' cards."""
    rows = [[list(r) for r in rows0], [list(r) for r in rows1]]
    step = 1 + (max(sum(map(len, r)) for r in rows) + 1) // 2
    used = {c for seat in rows for r in seat for c in r} | set(pick0) | set(pick1)
    free = [c for c in range(1, 121) if c not in used]
    k = 10 - 2 * step
    return from_position({"round": 1, "step": step, "rows": rows, "picks": [list(pick0), list(pick1)],
                          "hands": [free[:k], free[k:2 * k]]})


def test_O_2_5_two_cards_placed_in_chosen_order():
    state = _state_at_placement([[50]], (40, 45))
    moves = [str(m) for m in state.legal_moves()]
    assert "place 45>1 40>1" in moves
    assert "place 40>1 45>1" not in moves  # 40 first leaves 45 inside 40-50
    with pytest.raises(IllegalMoveError, match=r"\[O-2.4\]"):
        state.apply(parse("place 40>1 45>1"))


@pytest.mark.parametrize("start, written, listed, rows", [
    ([], "place 21>1 7>2", "place 7>1 21>2", [[7], [21]]),  # two new rows have no order of their own (O-2.4)
    ([[50]], "place 21>2 7>3", "place 7>2 21>3", [[50], [7], [21]]),
    ([], "place 21>x 7>1", "place 7>1 21>x", [[7]]),        # a discard and a placement in either order
    ([], "place 21>1 7>1", "place 7>1 21>1", [[7, 21]]),    # one new row, either card first
    ([[10]], "place 21>1 7>1", "place 7>1 21>1", [[7, 10, 21]]),  # below then on top, or the reverse
])
def test_O_2_5_a_placement_written_in_another_order_is_the_listed_move(start, written, listed, rows):
    state = _state_at_placement(start, (7, 21))
    assert written not in map(str, state.legal_moves()) and listed in map(str, state.legal_moves())
    assert str(state.listed_move(parse(written))) == listed
    state.apply(parse(written))
    state.apply(state.legal_moves()[0])  # seat 1 places; the step ends
    assert state.rows[0] == rows and str(state.history[-2][1]) == listed


def test_O_2_5_listed_move_refuses_what_apply_refuses_and_changes_nothing():
    state = _state_at_placement([[50]], (40, 45))
    before = (state.observation(0), len(state.history))
    with pytest.raises(IllegalMoveError) as err:
        state.listed_move(parse("place 40>1 45>1"))  # 40 first leaves 45 inside 40-50
    assert err.value.rule == "O-2.4" and (state.observation(0), len(state.history)) == before
    assert str(state.listed_move(parse("place 45>1 40>1"))) == "place 45>1 40>1"
    with pytest.raises(IllegalMoveError, match=r"\[O-2.3\]"):
        state.listed_move(parse("pick 40 45"))


def test_O_2_2_a_pick_stands_for_itself_with_its_cards_ascending():
    state = new_game(2, seed=3)
    a, b = sorted(state.hands[0][:2])
    assert state.listed_move(Pick((b, a))) == Pick((a, b)) == state.listed_move(parse(f"pick {b} {a}"))


def test_O_2_4_illegal_placement_leaves_state_unchanged():
    state = _state_at_placement([[20, 35, 60]], (40, 61))
    before = (state.observation(0), len(state.history), state.current_player)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(parse("place 40>1 61>x"))
    assert err.value.rule == "O-2.4" and "higher than 60 or lower than 20" in err.value.message
    assert (state.observation(0), len(state.history), state.current_player) == before
    state.apply(parse("place 61>1 40>x"))
    assert state.current_player == 1


def test_O_2_4_fourth_row_refused():
    state = _state_at_placement([[10, 90], [20, 100], [30, 110]], (40, 5))
    with pytest.raises(IllegalMoveError, match="fourth"):
        state.apply(parse("place 40>4 5>1"))


def test_O_2_3_place_only_the_picked_cards():
    state = _state_at_placement([[50]], (40, 45))
    with pytest.raises(IllegalMoveError, match=r"\[O-2.3\]"):
        state.apply(parse("place 41>1 45>x"))


def test_O_2_2_pick_from_own_hand_only():
    state = new_game(2, seed=3)
    other = state.hands[1][0]
    mine = state.hands[0][0]
    with pytest.raises(IllegalMoveError) as err:
        state.apply(parse(f"pick {mine} {other}"))
    assert err.value.rule == "O-2.2" and str(other) in err.value.message
    assert state.current_player == 0 and state.picks == [None, None]


def test_O_2_2_hands_shrink_and_pass_left_then_right():
    state = new_game(3, seed=5)
    assert [len(h) for h in state.hands] == [10, 10, 10]
    hand0 = list(state.hands[0])
    for seat in range(3):
        state.apply(state.legal_moves()[0])
    kept = state.picks[0]
    for seat in range(3):
        state.apply(state.legal_moves()[0])  # discard both
    assert sorted(state.hands[1]) == sorted(c for c in hand0 if c not in kept)  # round 1: left
    # Play to round 2 and check passing to the right.
    while state.round == 1:
        state.apply(state.legal_moves()[0])
    hand0 = list(state.hands[0])
    for seat in range(3):
        state.apply(state.legal_moves()[0])
    kept = state.picks[0]
    for seat in range(3):
        state.apply(state.legal_moves()[0])
    assert sorted(state.hands[2]) == sorted(c for c in hand0 if c not in kept)  # round 2: right


def test_O_2_2_fifth_step_takes_last_two_cards_without_choice():
    state = new_game(2, seed=1)
    while state.step < 5:
        state.apply(state.legal_moves()[0])
    assert state.phase == "place" and all(len(p) == 2 for p in state.picks)


def test_O_2_1_deal_uses_deck_per_round_and_player_count():
    state = new_game(4, seed=2)
    dealt = sorted(c for h in state.hands for c in h)
    assert len(dealt) == 40 and len(set(dealt)) == 40
    with pytest.raises(RulesError, match=r"\[O-2.1\].*2 to 4"):
        new_game(5)
    with pytest.raises(RulesError, match=r"\[O-2.1\]"):
        new_game(1)


def test_O_2_6_others_pick_hidden_until_all_have_picked():
    state = new_game(3, seed=4)
    before = state.observation(1)
    state.apply(state.legal_moves()[0])  # seat 0 picks
    after = state.observation(1)
    assert after == before  # seat 1 sees nothing of seat 0's pick
    assert state.observation(0).own_pick is not None
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    assert state.observation(1).revealed is not None and len(state.observation(1).revealed) == 3


def test_O_2_6_placements_hidden_until_all_have_placed():
    state = new_game(2, seed=4)
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    before = state.observation(1)
    state.apply(state.legal_moves()[-1])  # seat 0 places (last option starts rows)
    assert state.observation(1) == before
    assert state.observation(0).own_place is not None


def _play_to_end(state, pick_index=0):
    while not state.is_terminal():
        moves = state.legal_moves()
        state.apply(moves[pick_index % len(moves)])
    return state


@pytest.mark.parametrize("rows1, winners", [
    ([[2, 4]], (0,)),          # 2 blue in round 3 = 6 = T(3) of seat 0's 3 pink: more pink wins
    ([[13, 17, 19]], (0, 1)),  # 3 pink each: still tied, a shared victory (Ruling)
])
def test_O_3_5_tie_break_more_pink_then_shared(rows1, winners):
    # Round 3, step 5: the rows were all started in round 3; both seats discard their last 2 cards.
    state = from_position({"round": 3, "step": 5, "hands": [[60, 61], [62, 63]], "rows": [[[1, 5, 11]], rows1],
                           "round_rows": [[[], []], [[], []]]})
    state.apply(parse("place 60>x 61>x"))
    state.apply(parse("place 62>x 63>x"))
    assert state.result().scores == (6, 6) and state.result().winners == winners


def test_O_3_5_no_result_before_the_end():
    with pytest.raises(IllegalMoveError, match="O-3.5"):
        new_game(2, seed=0).result()


def test_O_3_result_holds_rows_and_score_per_round():
    state = _play_to_end(new_game(2, seed=11), pick_index=3)
    result = state.result()
    for p, detail in enumerate(result.players):
        assert len(detail["rounds"]) == 3
        assert sum(r["score"] for r in detail["rounds"]) == result.scores[p] == detail["score"]
        assert len(detail["rounds"][-1]["rows"]) <= 3


def test_notation_round_trip_and_errors():
    assert str(parse("pick 45 12")) == "pick 12 45"
    assert parse("place 45>1 40>x") == Place(((45, 1), (40, 0)))
    assert parse(str(Pick((3, 7)))) == Pick((3, 7))
    for bad in ("pick 12", "place 45-1", "pick a b", "jump 1 2", "pick 12 12"):
        with pytest.raises(IllegalMoveError):
            parse(bad)


def test_state_is_an_ohanami_state_and_renders_nothing_hidden_in_repr():
    state = new_game(2, seed=0)
    assert isinstance(state, OhanamiState)
    assert "2p" in repr(state)


def test_O_1_1_notation_refuses_cards_that_do_not_exist():
    with pytest.raises(IllegalMoveError) as err:
        parse("pick 999 1")
    assert err.value.rule == "O-1.1" and "no card 999" in err.value.message


@pytest.mark.parametrize("options", [{"sakura_cap": "y" * 500}, {"y" * 500: 1}])
def test_O_3_4_option_refusals_quote_at_most_60_characters(options):
    with pytest.raises(RulesError) as err:
        Rules.from_dict(options)
    assert "..." in err.value.message and len(err.value.message) < 160
