"""The Mandala board's mountain label (M-1.2) sits inside its band with an inner margin, as the
cup's label does: clear of the band's top edge and of the cards under it, in both languages and at
the widths the play page draws the board (730 px beside the log at 1024, 390 px on a 420 px phone)."""

from __future__ import annotations

import re

import pytest

from mandalakit.core.bots import RandomBot
from mandalakit.core.contract import CHANCE
from mandalakit.core.messages import language
from mandalakit.core.registry import get_game

#: Of a 12 px bold sans-serif: the height of a capital above the baseline, a descender below it.
CAP, DESCENT = 0.75 * 12, 0.25 * 12
MARGIN = 4  # the least room between the text and the band's edge or the cards


def _mid_game():
    state = get_game("mandala").new_game(2, seed=5)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    for _move in range(14):
        seat = state.current_player
        state.apply(state.legal_moves()[0] if seat == CHANCE else bots[seat].choose(state.observation(seat),
                                                                                      state.legal_moves()))
    return state


@pytest.mark.parametrize("width", [730, 390, None])
@pytest.mark.parametrize("code,word", [("en", "mountain"), ("fr", "la montagne")])
def test_M_1_2_the_mountain_label_keeps_clear_of_its_bands_edge_and_of_the_cards(width, code, word):
    with language(code):
        svg = _mid_game().to_svg(0, width=width)
    bands = [float(y) for y in re.findall(r'<rect x="[^"]+" y="([^"]+)" width="[^"]+" height="84" rx="12"', svg)]
    labels = [float(y) for y in re.findall(rf'<text x="[^"]+" y="([^"]+)"[^>]*>{word} [AB]</text>', svg)]
    assert len(bands) == len(labels) == 2
    for mandala, (top, baseline) in enumerate(zip(bands, labels)):
        cards = [float(y) for y in re.findall(  # a card's frame, after its shadow
            rf'data-mk-key="mountain{"AB"[mandala]}:\w+"[^>]*><title>[^<]*</title><rect [^>]*>'
            rf'<rect x="[^"]+" y="([^"]+)"', svg)]
        assert cards, "every mountain holds cards at the start (M-2.2)"
        assert baseline - CAP >= top + MARGIN  # clear of the band's top edge
        assert baseline + DESCENT + MARGIN <= min(cards)  # and of the cards under it
