"""The card colours: CIEDE2000 distance between every two, contrast with the mat and the page."""

import pytest

from mandalakit.core import colour_check, svg


@pytest.mark.parametrize("lab1, lab2, expected", [
    # Sharma, Wu and Dalal (2005), Table 1: pairs 1, 2, 7, 17, 19 and 25
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
    ((50, 0, 0), (50, -1, 2), 2.3669),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ((50, 2.5, 0), (50, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
])
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert colour_check.delta_e_2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert colour_check.delta_e_2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_and_contrast_of_known_colours():
    assert colour_check.lab("#ffffff") == pytest.approx((100, 0, 0), abs=0.01)
    assert colour_check.lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert colour_check.contrast("#ffffff", "#777777") == pytest.approx(4.48, abs=0.01)


def test_every_two_card_colours_differ_by_25_delta_e_and_each_has_3_to_1_on_its_background(capsys):
    print(colour_check.report())
    assert colour_check.failures() == []
    closest = colour_check.pairs()[0]
    assert closest[2] >= colour_check.MIN_DELTA_E
    assert {c for c, _bg, _k, _t in colour_check.contrasts()} == set(svg.PALETTE) - {"back"}
    red_orange = colour_check.delta_e(svg.fill("red"), svg.fill("orange"))
    assert red_orange >= 25  # issue 20: the old #D55E00 and #E69F00 were 22.2 apart


def test_the_check_fails_on_a_palette_with_two_close_colours(monkeypatch):
    monkeypatch.setitem(svg.PALETTE, "orange", ("#B0102A", "#ffffff"))  # almost the red
    assert any(f.startswith("red and orange") or f.startswith("orange and red") for f in colour_check.failures())


def test_rules_code_never_imports_drawing_code():
    """style.md: drawing reads a state and returns SVG; the engines import no render module and no
    core.svg (Mandala's engine took its words for an area from core.svg)."""
    import subprocess
    import sys

    code = ("import sys, mandalakit.mandala, mandalakit.flowers, mandalakit.ohanami; "
            "print(sorted(m for m in sys.modules if m.endswith(('.render', '.svg', '.colour_check'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"
