"""The landing page's pictures and the teacher's guide page (widgets/lessons/pictures.py, widgets/lessons/guide.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mandalakit import language
from mandalakit.widgets.lessons.guide import PRINT_CSS, guide
from mandalakit.widgets.lessons.pictures import game_gallery, midgame

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_staircase_of_k_pink_cards_has_T_k_squares_and_doubled_fills_k_by_k_plus_1():
    from mandalakit.widgets.lessons.pictures import staircase
    for k in (1, 4, 7):
        assert staircase(k).count("<rect") == k * (k + 1) // 2  # O-3.3: 1 + 2 + ... + k
        assert staircase(k, doubled=True).count("<rect") == k * (k + 1)
    with pytest.raises(ValueError):
        staircase(0)


def test_O_2_4_the_rows_a_card_may_join_come_from_the_engine():
    from mandalakit import ohanami
    from mandalakit.widgets.lessons.ohanami import rows_for
    state = ohanami.from_position({"round": 1, "step": 4, "hands": [[5, 110], [7, 100]], "picks": [[40, 95], [13, 88]],
                                   "rows": [[[20, 35, 60], [70, 90]], [[10, 30], [55]]]})
    assert rows_for(state, 40) == {"row:2", "row:3"}  # not inside 20..60; below 70; a new row
    assert rows_for(state, 95) == {"row:1", "row:2", "row:3"}


def test_a_board_question_marks_choices_checks_hints_and_shows_the_answer():
    from mandalakit.widgets.lessons.exercise import BoardQuestion
    drawn = []
    question = BoardQuestion("Where?", lambda marks, width: drawn.append(dict(marks)) or "<svg/>", {"row:2", "row:3"},
                             targets={"row:1", "row:2", "row:3"}, hint="Not in the middle.", explanation="Rows 2 and 3.")
    assert drawn[-1] == {"row:1": "active", "row:2": "active", "row:3": "active"}
    question.click("row:1")
    question.click("hand:5")  # not a choice: ignored
    assert drawn[-1]["row:1"] == "selected" and question.chosen == {"row:1"}
    assert not question.check() and "Not in the middle." in question.feedback.value
    for target in ("row:1", "row:2", "row:3"):
        question.click(target)
    assert question.check() and "Rows 2 and 3." in question.feedback.value and question.attempts == 2
    question.chosen.clear()
    question.show_answer()
    assert question.chosen == {"row:2", "row:3"} and "mk-exercise-answer" in question.feedback.value
    with pytest.raises(ValueError):
        BoardQuestion("?", lambda marks, width: "", {"row:4"}, targets={"row:1"})
