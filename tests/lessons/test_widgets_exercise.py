"""Exercises answered in the page (issue 10): checked on click, hint when wrong, answer on request."""

import json

import pytest

from mandalakit.widgets.lessons.exercise import Exercise, read_answer


def _page_sends(ex, content):
    """What the page's module sends (widgets/static/exercise.js), as the kernel receives it."""
    ex._message(ex, content, [])


def test_wrong_then_right():
    ex = Exercise("T(6)?", 21, hint="1 + 2 + ... + 6", explanation="T(6) = 21 (O-3.3)")
    assert ex.feedback == ""  # nothing shown before an attempt
    ex.value = "20"
    assert ex.check() is False
    assert "Not yet" in ex.feedback and "1 + 2 + ... + 6" in ex.feedback and "21" not in ex.feedback
    ex.value = "21"
    assert ex.check() is True and "Right" in ex.feedback and ex.attempts == 2


def test_the_answer_is_not_in_the_page_before_an_attempt():
    ex = Exercise("How many?", 4817, hint="count", explanation="because 4817")
    assert "4817" not in json.dumps(ex.get_state(), default=str)


def test_unreadable_answer_is_not_an_attempt():
    ex = Exercise("?", (12, 41), hint="h")
    ex.value = "twelve"
    assert ex.check() is False and ex.attempts == 0 and "commas" in ex.feedback


def test_a_count_below_zero_is_not_an_attempt_but_told_how_to_answer():
    for answer, typed in ((3, "-1"), (3, "-0"), (3, "+3"), ((12, 41), "12, -41")):
        ex = Exercise("How many?", answer, hint="count them")
        ex.value = typed
        assert ex.check() is False and ex.attempts == 0, typed
        assert "mk-exercise-unread" in ex.feedback and "count them" not in ex.feedback, typed
    ex.value = "3" if answer == 3 else "12, 41"
    assert ex.check() is True and ex.attempts == 1


def test_an_exercise_cannot_ask_for_a_count_below_zero():
    for answer in (-2, (3, -1)):
        with pytest.raises(ValueError, match="0 or more"):
            Exercise("?", answer)
    assert Exercise("?", False).answer is False and Exercise("?", (0, 5)).answer == (0, 5)


def test_show_answer_and_choices():
    ex = Exercise("Which?", "T(3)", choices=["T(2) + T(1)", "T(3)"], explanation="pink counts over all rows")
    _page_sends(ex, {"kind": "show"})
    assert "T(3)" in ex.feedback and "pink counts over all rows" in ex.feedback
    ex.value = "T(2) + T(1)"
    assert ex.check() is False
    ex.value = "T(3)"
    assert ex.check() is True


def test_read_answer_kinds():
    assert read_answer("12 41, 104", (0,)) == (12, 41, 104)
    assert read_answer("١٢", 0) is None  # ASCII digits only
    assert read_answer("no", True) is False
    assert read_answer(" Field ", "x") == "field"


def test_choices_start_with_nothing_chosen():
    ex = Exercise("Which?", "b", choices=["a", "b"])
    assert ex.value == "" and ex.choices == ["a", "b"]
    assert ex.check() is False and ex.attempts == 0 and "Choose" in ex.feedback
    ex.value = "c"  # not one of the choices (a forged value)
    assert ex.check() is False and ex.attempts == 0


def test_enter_in_the_box_checks_the_answer_once():
    ex = Exercise("T(6)?", 21, hint="1 + 2 + ... + 6")
    _page_sends(ex, {"kind": "check", "value": "21"})  # Enter
    _page_sends(ex, {"kind": "check", "value": "21"})  # then the button: the same answer
    assert ex.value == "21" and ex.attempts == 1 and "Right" in ex.feedback
    _page_sends(ex, {"kind": "check", "value": "six"})
    assert "whole number" in ex.feedback and ex.attempts == 1


def test_forged_messages_are_ignored():
    ex = Exercise("T(6)?", 21)
    for content in (None, [], {"kind": "check", "value": 21}, {"kind": "open"}, {"value": "21"}):
        _page_sends(ex, content)
    assert ex.feedback == "" and ex.attempts == 0
    _page_sends(ex, {"kind": "check", "value": "2" * 10_000})
    assert len(ex.value) == 200 and "Not yet" in ex.feedback
