"""The drawings look like the games' tables (issue 20): round mandalas with the mountain across,
Ohanami rows that wrap onto labelled continuation lines."""

import re
import xml.etree.ElementTree as ET

import pytest

from mandalakit import mandala
from mandalakit.ohanami import from_position as ohanami_position

NS = "{http://www.w3.org/2000/svg}"


def _card_tops(text: str) -> dict[str, float]:
    """``data-mk-key`` to the top of the card's body."""
    tops = {}
    for g in ET.fromstring(text).iter(f"{NS}g"):
        if g.get("data-mk-key"):
            tops[g.get("data-mk-key")] = float(g.findall(f"{NS}rect")[1].get("y"))
    return tops


@pytest.mark.parametrize("width, radius", [(None, 190), (360, 170), (340, 160)])
def test_M_1_2_each_mandala_is_a_disc_with_the_other_field_far_the_mountain_across_and_yours_near(width, radius):
    state = mandala.from_position({"hands": [{"red": 2}, {"black": 1}], "mountains": {"A": {"red": 1}, "B": {"green": 1}},
                                   "fields": {"A": [{"black": 1}, {"yellow": 2}], "B": [{}, {}]}}, seed=1)
    text = state.to_svg(0, width=width)
    root = ET.fromstring(text)
    discs = [c for c in root.iter(f"{NS}circle") if float(c.get("r")) == radius]
    assert len(discs) == 2
    tops = _card_tops(text)
    far, mountain, near = tops["fieldA1:yellow"], tops["mountainA:red"], tops["fieldA0:black"]
    assert far < mountain < near
    cx, cy = float(discs[0].get("cx")), float(discs[0].get("cy"))
    assert far < cy < near and abs((far + near) / 2 - cy) < 30
    groups = {g.get("data-mk-target"): g for g in root.iter(f"{NS}g") if g.get("data-mk-target")}
    x, y, w, h = (float(groups["mountain:A"][1].get(k)) for k in ("x", "y", "width", "height"))
    assert y < cy < y + h and x < cx - radius + 20 and x + w > cx + radius - 20  # the mountain goes across
    assert "your field" in text and "Player 2&#x27;s field" in text


def test_O_2_4_a_long_row_goes_on_under_itself_on_lines_labelled_as_its_continuation():
    long_row = list(range(20, 81, 5))  # 13 cards
    state = ohanami_position({"round": 3, "step": 2, "hands": [list(range(1, 9)), list(range(9, 17))],
                              "rows": [[long_row, [100, 101]], [[21, 26]]],
                              "round_rows": [[[long_row[:5]], [long_row, [100, 101]]], [[[21]], [[21, 26]]]]})
    for width, lines in ((None, 1), (360, 3)):  # 13 cards a line wide; 6 a line at 360 px
        text = state.to_svg(0, width=width)
        words = re.findall(r">([^<>]+)</text>", text)
        assert words.count("row 1") == 2 and words.count("row 2") == 1  # each seat's first row, and mine
        assert sum(w.startswith("row 1,") for w in words) == lines - 1
        assert not any(w.startswith("row 2,") for w in words)
        assert "row 4" not in words
