"""The landing page's pictures and the teacher's guide page (widgets/pictures.py, widgets/guide.py)."""

from __future__ import annotations

from pathlib import Path

from mandalakit import language
from mandalakit.widgets.guide import PRINT_CSS, guide
from mandalakit.widgets.pictures import game_gallery, midgame

ROOT = Path(__file__).resolve().parents[1]


def test_the_gallery_draws_each_game_part_way_through_with_players_named_in_words():
    html = game_gallery().data
    assert html.count("<svg") == 3
    for name in ("Ohanami", "Mandala", "Flowers", "Player 1", "2 to 4 players"):
        assert name in html
    with language("fr"):
        french = game_gallery().data
    assert "Joueur 1" in french and "2\u00a0à 4\u00a0joueurs" not in french and "2 à 4 joueurs" in french


def test_midgame_is_seeded_and_played():
    one, two = midgame("mandala", 2, 16), midgame("mandala", 2, 16)
    assert one.history == two.history and len(one.history) > 16  # the deal, then 16 decisions
    assert midgame("ohanami", 2, 14).to_svg(0) == midgame("ohanami", 2, 14).to_svg(0)


def test_the_guides_exist_in_both_languages_and_print_a_worksheet_per_sheet(capsys):
    for path in (ROOT / "docs" / "teachers.md", ROOT / "docs" / "fr" / "enseignants.md"):
        assert guide(path).data.startswith("# ")
    assert "@media print" in PRINT_CSS and "break-before: page" in PRINT_CSS
