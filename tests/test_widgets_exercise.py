"""Exercises answered in the page (issue 10): checked on click, hint when wrong, answer on request."""

from mandalakit.widgets.exercise import Exercise, read_answer


def test_wrong_then_right():
    ex = Exercise("T(6)?", 21, hint="1 + 2 + ... + 6", explanation="T(6) = 21 (O-3.3)")
    assert ex.feedback.value == ""  # nothing shown before an attempt
    ex.answer_box.value = "20"
    assert ex.check() is False
    assert "Not yet" in ex.feedback.value and "1 + 2 + ... + 6" in ex.feedback.value and "21" not in ex.feedback.value
    ex.answer_box.value = "21"
    assert ex.check() is True and "Right" in ex.feedback.value and ex.attempts == 2


def test_unreadable_answer_is_not_an_attempt():
    ex = Exercise("?", (12, 41), hint="h")
    ex.answer_box.value = "twelve"
    assert ex.check() is False and ex.attempts == 0 and "commas" in ex.feedback.value


def test_show_answer_and_choices():
    ex = Exercise("Which?", "T(3)", choices=["T(2) + T(1)", "T(3)"], explanation="pink counts over all rows")
    ex.show_answer()
    assert "T(3)" in ex.feedback.value
    ex.answer_box.value = "T(2) + T(1)"
    assert ex.check() is False
    ex.answer_box.value = "T(3)"
    assert ex.check() is True


def test_read_answer_kinds():
    assert read_answer("12 41, 104", (0,)) == (12, 41, 104)
    assert read_answer("١٢", 0) is None  # ASCII digits only
    assert read_answer("no", True) is False
    assert read_answer(" Field ", "x") == "field"


def test_choices_show_the_empty_entry_until_one_is_chosen():
    ex = Exercise("Which?", "b", choices=["a", "b"])
    assert ex.answer_box.label == "—" and ex.answer_box.value is None  # not an empty box
    assert ex.check() is False and ex.attempts == 0


def test_enter_in_the_box_checks_the_answer():
    ex = Exercise("T(6)?", 21, hint="1 + 2 + ... + 6")
    ex.answer_box.value = "21"  # what the page sends on Enter (continuous_update=False)
    assert ex.attempts == 1 and "Right" in ex.feedback.value
    ex.answer_box.value = "six"
    assert "whole number" in ex.feedback.value and ex.attempts == 1
