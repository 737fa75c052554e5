"""Brazilian Portuguese pages (issue 31): numbers as pt-BR writes them, colour words that agree
with their counts."""

from __future__ import annotations

import pytest

from mandalakit import language
from mandalakit.core import messages


def test_portuguese_numbers_have_a_decimal_comma_thousands_dots_and_percent_after_the_number():
    """CLDR's pt (Brazil) percent pattern is ``#,##0%``: « 91,2% », no space (French keeps « 91,2 % »)."""
    with language("pt"):
        assert messages.number(0.912, ".1%") == "91,2%"
        assert messages.number(0.5, ".0%") == "50%"
        assert messages.number(20_000_000, ",") == "20.000.000"
        assert messages.number(1234567.891, ",.1f") == "1.234.567,9"
        assert messages.number(0.42, "+.2f") == "+0,42" and messages.number(7) == "7"
        assert messages.percent_sign() == "%"
        assert messages._("{share:.1%} of the games", share=0.912) == "91,2% of the games"  # no entry: the id
    with language("fr"):
        assert messages.number(0.912, ".1%") == "91,2\u00a0%" and messages.percent_sign() == "\u00a0%"
    assert messages.number(0.912, ".1%") == "91.2%" and messages.percent_sign() == "%"


@pytest.mark.parametrize("code, terms", [
    ("en", "score = 1 × 1 red + 2 × 3 green + 3 × 0 black = "),
    ("fr", "score = 1 × 1 rouge + 2 × 3 vertes + 3 × 0 noire = "),
    ("pt", "pontuação = 1 × 1 vermelha + 2 × 3 verdes + 3 × 0 preta = ")])
def test_M_7_3_river_score_terms_agree_each_colour_with_its_count_of_cup_cards(code, terms):
    """Issue 31: « 2 × 3 verdes », not « 2 × 3 verde » (0 and 1 take the singular in pt-BR, as in French)."""
    from mandalakit.widgets.lessons.mandala import RiverScore

    with language(code):
        view = RiverScore(["red", "green", "black"], {"red": 1, "green": 3, "black": 0, "yellow": 2})
    assert view.total.value.startswith("<p>" + terms + '<b class="mk-river-value">7</b></p>'), view.total.value
