"""Class mode in the kernel: a pupil named once (widgets/classroom/pupil.py), their answers kept in the
class's book, and the teacher's page over it (widgets/classroom/classview.py)."""

from __future__ import annotations

import base64
import sqlite3

import pytest

from mandalakit.widgets.classroom import classbook
from mandalakit.widgets.classroom import pupil
from mandalakit.widgets.classroom.classbook import ClassBook
from mandalakit.widgets.classroom.classview import ClassView, summarise


@pytest.fixture()
def class_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(classbook.ENV, str(tmp_path / "class"))
    return tmp_path / "class"


def test_answers_before_the_name_wait_and_are_kept_once_it_comes(class_folder):
    name = pupil.PupilName("ohanami")
    assert name.active
    pupil.note_attempt("1", "20", False)
    pupil.note_attempt("1", "21", True)
    assert ClassBook(class_folder).attempts() == []  # no name yet: waiting in the kernel
    name.set_state({"name": "  Ada \n Lovelace  "})  # as the page sends it
    kept = ClassBook(class_folder).attempts()
    assert [(a.pupil, a.lesson, a.exercise, a.answer, a.right) for a in kept] == [
        ("Ada Lovelace", "ohanami", "1", "20", False), ("Ada Lovelace", "ohanami", "1", "21", True)]
    pupil.note_game({"game": "mandala", "events": []}, won=True)
    assert [(g.pupil, g.won) for g in ClassBook(class_folder).games()] == [("Ada Lovelace", True)]


def test_a_forged_name_is_cut_to_one_short_line(class_folder):
    name = pupil.PupilName("mandala")
    name.set_state({"name": "x" * 100_000})
    assert name.name == "x" * classbook.NAME_MAX
    name.set_state({"name": 12})
    assert name.name == ""


def test_outside_class_mode_nothing_is_drawn_or_kept(tmp_path, monkeypatch):
    monkeypatch.delenv(classbook.ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    name = pupil.PupilName("ohanami")
    name.set_state({"name": "Ada"})
    pupil.note_attempt("1", "21", True)
    assert not name.active and list(tmp_path.iterdir()) == []


def test_the_class_page_counts_right_wrong_and_the_commonest_wrong_answers(class_folder):
    book = ClassBook(class_folder)
    for who, answer, right, at in [("Ada", "20", False, 1), ("Bo", "20", False, 2), ("Cy", "15", False, 3),
                                   ("Ada", "21", True, 4), ("Bo", "20", False, 5)]:
        book.attempt(who, "ohanami", "1", answer, right, at=at)
    book.game("Cy", {"game": "ohanami"}, True, at=6)
    pupils, exercises = summarise(book.attempts(), book.games())
    assert [(p.pupil, p.right, p.wrong, p.games, p.won) for p in pupils] == [
        ("Ada", 1, 1, 0, 0), ("Bo", 0, 2, 0, 0), ("Cy", 0, 1, 1, 1)]
    (ex,) = exercises
    assert (ex.tried, ex.right, ex.wrong_answers) == (3, 1, (("20", 2), ("15", 1)))
    view = ClassView(book)
    assert "3 pupils" in view.status.value and "20&nbsp;(2&nbsp;pupils), 15&nbsp;(1&nbsp;pupil)" in view.exercises.value


def test_the_page_refreshes_on_each_tick_and_exports_and_clears(class_folder):
    book = ClassBook(class_folder)
    view = ClassView(book)
    assert "Nobody has answered yet" in view.pupils.value
    book.attempt("Ada", "ohanami", "1", "21", True)
    view._ticker._handle_custom_msg({"kind": "tick"}, [])  # as the page's timer sends it
    assert "Ada" in view.pupils.value
    view.export_button.click()
    data = view.download.value.split("base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode().splitlines()[1].startswith("Ada,ohanami,1,,21,yes,")
    assert (class_folder / "answers.csv").exists()
    view.clear_button.click()
    assert book.attempts()  # asked first, nothing forgotten yet
    yes = view.confirm.children[1]
    yes.click()
    assert book.attempts() == [] and "Nobody has answered yet" in view.pupils.value


def test_each_exercise_attempt_of_a_named_pupil_is_kept_with_the_exercise_number(class_folder):
    from mandalakit.widgets.lessons.exercise import Exercise

    name = pupil.PupilName("ohanami")
    first, second = Exercise("6 pink?", 21), Exercise("2 of 10?", 45)
    assert (first.number, second.number) == (1, 2)
    name.set_state({"name": "Ada"})
    for exercise, answer in [(first, "20"), (first, "20"), (first, "21"), (second, "word"), (second, "45")]:
        exercise.value = answer
        exercise.check()
    kept = [(a.exercise, a.answer, a.right) for a in ClassBook(class_folder).attempts()]
    # the same answer checked twice is one attempt; a word where a number is asked is none
    assert kept == [("1", "20", False), ("1", "21", True), ("2", "45", True)]


def test_a_pupils_finished_game_is_kept_with_whether_they_won(class_folder):
    import numpy as np

    from mandalakit.widgets.play.game_view import GameView

    pupil.PupilName("play-mandala").set_state({"name": "Ada"})
    view = GameView("mandala", seats=["you", "greedy"], seed=4, bot_delay=0)
    rng = np.random.default_rng(4)
    while not view.state.is_terminal():
        view.play_text(str(view.state.legal_moves()[int(rng.integers(len(view.state.legal_moves())))]))
    (game,) = ClassBook(class_folder).games()
    assert (game.pupil, game.game, game.won) == ("Ada", "mandala", 0 in view.state.result().winners)
    assert len(game.record["events"]) == len(view.state.history)


def test_each_tick_is_answered_and_the_book_is_read_again_only_when_written(class_folder, monkeypatch):
    book = ClassBook(class_folder)
    view = ClassView(book)
    reads, answers = [], []
    monkeypatch.setattr(book, "attempts", lambda real=book.attempts: reads.append(1) or real())
    monkeypatch.setattr(view._ticker, "send", lambda content, buffers=None: answers.append(content))
    for _ in range(3):
        view._ticker._handle_custom_msg({"kind": "tick"}, [])
    # each tick answered (the page sends the next one only then), the unchanged book not read
    assert answers == [{"kind": "done"}] * 3 and reads == []
    ClassBook(class_folder).attempt("Ada", "ohanami", "1", "21", True)  # a pupil's kernel writes
    view._ticker._handle_custom_msg({"kind": "tick"}, [])
    assert reads == [1] and "Ada" in view.pupils.value and len(answers) == 4


def test_a_tick_is_answered_even_when_the_book_cannot_be_read(class_folder, monkeypatch):
    view = ClassView(ClassBook(class_folder))
    answers = []
    monkeypatch.setattr(view._ticker, "send", lambda content, buffers=None: answers.append(content))

    def unreadable():
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(view.book, "version", unreadable)
    view._ticker._handle_custom_msg({"kind": "tick"}, [])
    assert answers == [{"kind": "done"}]
    assert ("could not be read: the disk holding the class&#x27;s file has a fault. Trying again"
            in view.status.value)


def test_pupils_are_listed_by_name_with_their_exercise_right_or_not_yet(class_folder):
    book = ClassBook(class_folder)
    for who, lesson, exercise, right, at in [("zoé", "ohanami", "2", False, 1), ("Ada", "ohanami", "1", True, 2),
                                            ("Élise", "ohanami", "3", False, 3), ("Ada", "ohanami", "2", True, 4)]:
        book.attempt(who, lesson, exercise, "7", right, at=at)
    view = ClassView(book)
    rows = [row.split("</td>")[:2] for row in view.pupils.value.split("<tr>")[2:]]
    assert [(name.rsplit(">", 1)[1], on.rsplit(">", 1)[1]) for name, on in rows] == [
        ("Ada", "2 (right)"), ("Élise", "3 (not yet right)"), ("zoé", "2 (not yet right)")]
    # the exercises come first, above the class list: what the class gets wrong is seen without scrolling
    assert view.children.index(view.exercises) < view.children.index(view.pupils)
    book.attempt("Bo", "fr/mandala", "1", "7", True, at=5)  # a second lesson: each exercise names its lesson
    view.refresh()
    assert "ohanami · 2 (right)" in view.pupils.value and "fr/mandala · 1" in view.exercises.value
