"""The move notations of the three games accept exactly their documented grammar.

Each refusal is a NotationError with a sentence; rule ids where a rule says why.
"""

import pytest

from mandalakit import NotationError
from mandalakit import ohanami
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
