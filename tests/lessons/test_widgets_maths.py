"""The maths track's widgets against the rules: the Ohanami draft's hands (O-2.2) and what a
Flowers tile adds (F-4.3, F-5.4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mandalakit.flowers import X3
from mandalakit.widgets.lessons.maths import DraftRound, TileGain, come_round_chance, draft_hands


def test_O_2_2_hands_shrink_by_two_and_keep_their_cards_along_the_table():
    steps = draft_hands(3, round_no=1, seed=7)
    assert [len(step[0]) for step in steps] == [10, 8, 6, 4, 2]
    for before, after in zip(steps, steps[1:]):
        # round 1 passes left: Player 1 receives Player 3's hand, less the 2 cards Player 3 kept
        assert set(after[0]) < set(before[2]) and set(after[1]) < set(before[0]) and set(after[2]) < set(before[1])


def test_O_2_2_round_2_passes_the_other_way():
    steps = draft_hands(3, round_no=2, seed=7)
    assert set(steps[1][0]) < set(steps[0][1])  # right: Player 1 receives Player 2's hand


def test_O_2_2_a_card_comes_round_with_the_chance_of_the_hands_it_survives():
    assert [come_round_chance(n) for n in (2, 3, 4)] == [Fraction(3, 4), Fraction(1, 2), Fraction(1, 4)]


@pytest.mark.parametrize("players", [2, 4])
def test_O_2_2_random_robots_bring_a_card_round_about_as_often_as_the_chance_says(players):
    draft = DraftRound(players=players, games=200, seed=11)
    p = float(come_round_chance(players))
    spread = 3 * (p * (1 - p) / 200) ** 0.5 * 200  # three standard deviations of 200 rounds
    assert abs(draft.came_back - 200 * p) <= spread


def test_the_draft_names_whose_hand_player_1_holds_at_each_step():
    text = DraftRound(players=4, games=20).out.value
    assert "Step 1: your own hand, 10 cards." in text
    assert "Step 2: the hand first dealt to Player 4, 8 cards." in text
    assert "Step 5: the hand first dealt to Player 1" not in text and "comes back at step 5, with 2 cards" in text


def test_a_bad_draft_is_refused_in_a_sentence():
    with pytest.raises(ValueError, match="2 to 4 players"):
        DraftRound(players=5)


def test_F_4_3_a_tile_pairing_with_a_lone_2_adds_the_flower_less_the_2():
    gain = TileGain(colour="red", single=2)
    assert gain.next_faces == [1, 1, 2, 3, X3]
    assert gain.gains() == [2, 2, 4, 5, 4]  # (2,1) = 4, (2,2) = 6, (3,2) = 7, (x3,2) = 6, each less 2
    assert gain.average == Fraction(17, 5)
    gain.single.value = -1  # no tile of the colour yet: a tile adds its own flowers, x3 adds nothing
    assert gain.gains() == [1, 1, 2, 2, 3, 0] and gain.average == Fraction(3, 2)
    assert "9 / 6 = 1.5 points" in gain.out.value


def test_a_lone_tile_the_colour_has_not_is_refused():
    with pytest.raises(ValueError, match="no lone tile 7"):
        TileGain(colour="red", single=7)


def test_a_menu_set_to_no_choice_keeps_the_last_drawing():
    draft, gain = DraftRound(players=3, games=10), TileGain(single=2)
    shown = draft.out.value, gain.out.value
    draft.players.value = draft.round.value = gain.single.value = None  # a page may send no choice
    assert (draft.out.value, gain.out.value) == shown
