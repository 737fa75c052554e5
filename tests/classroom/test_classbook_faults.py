"""The class's book's faults said in words (issue 29): a book that is not a database, unreadable,
read-only, locked or on a full disk. ``make demo`` refuses to start a class on it with one sentence
(widgets/server/pools.py main, through classbook.check_book); during a lesson the pupils keep
working, their answers wait in the kernel with a small notice, and the teacher's page says how
many wait and why."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from mandalakit.widgets.classroom import classbook, pupil
from mandalakit.widgets.classroom.classbook import ClassBook, check_book
from mandalakit.widgets.classroom.classview import ClassView
from mandalakit.widgets.lessons.exercise import Exercise
from mandalakit.widgets.server import pools

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


def _damaged(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / classbook.FILE).write_bytes(b"these are a teacher's notes, not a database\n" * 200)


@contextlib.contextmanager
def _locked(folder: Path):
    """Another program holds the book: an exclusive transaction on another connection."""
    ClassBook(folder)
    holder = sqlite3.connect(folder / classbook.FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@contextlib.contextmanager
def _tiny_disk():
    """A folder on a 256 KB tmpfs (mounted as root; skipped where it cannot be), unmounted after."""
    if os.geteuid() != 0:
        pytest.skip("a tiny disk is mounted as root only")
    mount = Path(tempfile.mkdtemp(prefix="mk-full-"))
    try:
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                          capture_output=True, timeout=30).returncode:
            pytest.skip("no tmpfs can be mounted here")
        try:
            yield mount
        finally:
            subprocess.run(["umount", "-l", str(mount)], capture_output=True, timeout=30)
    finally:
        mount.rmdir()


def _fill(disk: Path) -> None:
    with contextlib.suppress(OSError), (disk / "filler").open("wb") as fh:
        while True:
            fh.write(b"x" * 4096)
            fh.flush()


def _as_nobody(folder: Path, answer) -> None:
    if os.geteuid() == 0:
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    fault = check_book(folder)
    answer.put(fault.kind if fault else "ok")


def _check_as_nobody(folder: Path) -> str:
    """check_book's fault kind as an ordinary user sees it (root reads and writes any file): in a
    forked process that drops root first."""
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    child = context.Process(target=_as_nobody, args=(folder, answer))
    child.start()
    try:
        return answer.get(timeout=60)
    finally:
        child.join(timeout=60)
        if child.is_alive():
            child.kill()


@pytest.fixture()
def shared_folder():
    """A class folder an ordinary user can reach (pytest's tmp_path is the test user's only)."""
    top = Path(tempfile.mkdtemp(prefix="mk-class-"))
    top.chmod(0o755)
    try:
        yield top / "class"
    finally:
        subprocess.run(["rm", "-rf", str(top)], timeout=60)


def test_a_good_book_or_none_starts(tmp_path):
    assert check_book(tmp_path / "class") is None
    ClassBook(tmp_path / "class").attempt("Ada", "ohanami", "1", "21", True)
    assert check_book(tmp_path / "class") is None


def test_a_book_that_is_not_a_database_is_refused_by_name(tmp_path):
    _damaged(tmp_path / "class")
    fault = check_book(tmp_path / "class")
    assert fault.kind == "damaged"
    sentence = fault.sentence()
    assert str(tmp_path / "class" / classbook.FILE) in sentence and "move it aside" in sentence
    assert sentence.count(".") >= 1 and "\n" not in sentence and "Traceback" not in sentence


def test_an_unreadable_book_is_refused(shared_folder):
    ClassBook(shared_folder).attempt("Ada", "ohanami", "1", "21", True)
    shared_folder.chmod(0o755)
    (shared_folder / classbook.FILE).chmod(0o600)  # the server's user is not the file's owner
    assert _check_as_nobody(shared_folder) == "unreadable"


def test_a_read_only_book_is_refused(shared_folder):
    ClassBook(shared_folder).attempt("Ada", "ohanami", "1", "21", True)
    shared_folder.chmod(0o755)
    for path in shared_folder.iterdir():
        path.chmod(0o644)
    assert _check_as_nobody(shared_folder) == "read-only"


def test_a_locked_book_is_refused(tmp_path):
    with _locked(tmp_path / "class"):
        assert check_book(tmp_path / "class").kind == "locked"
    assert check_book(tmp_path / "class") is None


def test_a_book_on_a_full_disk_is_refused():
    with _tiny_disk() as disk:
        ClassBook(disk / "class").attempt("Ada", "ohanami", "1", "21", True)
        _fill(disk)
        fault = check_book(disk / "class")
        book = ClassBook(disk / "class")
        with pytest.raises(sqlite3.OperationalError) as error:
            for i in range(2000):
                book.attempt("Ada", "ohanami", "1", "x" * 190 + str(i), False)
        assert classbook.fault_of(error.value) == "full"
        # quick_check and an empty write transaction need no new page: the start may pass; the
        # first answers then wait in the kernels (test_answers_wait_while_the_book_fails)
        assert fault is None or fault.kind == "full"


def test_make_demo_refuses_a_corrupt_book_in_one_sentence(tmp_path):
    _damaged(tmp_path / "class")
    env = {**os.environ, classbook.ENV: str(tmp_path / "class"), "MANDALAKIT_LESSON": "ohanami",
           "MANDALAKIT_PUPILS": "3"}
    run = subprocess.run([sys.executable, "-m", "mandalakit.widgets.server.pools", str(ROOT / "notebooks")],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"The class's book {tmp_path / 'class' / classbook.FILE} is damaged")
    assert "mv " in line and "Traceback" not in run.stderr


def test_the_pools_check_is_the_first_thing_main_does(tmp_path, monkeypatch, capsys):
    _damaged(tmp_path / "class")
    monkeypatch.setenv(classbook.ENV, str(tmp_path / "class"))
    monkeypatch.setenv("MANDALAKIT_LESSON", "ohanami")
    assert pools.main([str(ROOT / "notebooks")]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "is damaged" in out.err


def _break(kind: str, folder: Path, monkeypatch):
    """Make the book fail as ``kind`` for a pupil's kernel already running (its book opened)."""
    if kind == "damaged":
        for path in folder.glob(classbook.FILE + "*"):
            path.unlink()
        _damaged(folder)
        return
    message = {"unreadable": "unable to open database file", "read-only": "attempt to write a readonly database",
               "locked": "database is locked", "full": "database or disk is full"}[kind]

    def fails(*_args, **_kwargs):
        raise sqlite3.OperationalError(message)

    monkeypatch.setattr(ClassBook, "_write", fails)
    monkeypatch.setattr(classbook, "TRIES", 1)


@pytest.mark.parametrize(("kind", "words"), [
    ("damaged", "the class&#x27;s file is damaged"),
    ("unreadable", "the class&#x27;s file cannot be opened (no permission)"),
    ("read-only", "the class&#x27;s file cannot be written (it is read-only)"),
    ("locked", "another program is holding the class&#x27;s file"),
    ("full", "the disk is full")])
def test_answers_wait_while_the_book_fails(tmp_path, monkeypatch, kind, words):
    folder = tmp_path / "class"
    monkeypatch.setenv(classbook.ENV, str(folder))
    monkeypatch.setattr(classbook, "_books", {})
    name = pupil.PupilName("ohanami")
    exercise = Exercise("How many?", 21, hint="Add.")
    name.set_state({"name": "Ada", "browser": "ab" * 16})
    exercise.value = "20"
    exercise.check()
    with monkeypatch.context() as broken:
        _break(kind, folder, broken)
        for answer in ("19", "21"):
            exercise.value = answer
            assert exercise.check() is (answer == "21")  # the pupil keeps working
        assert "Right!" in exercise.feedback and "Traceback" not in exercise.feedback
        assert "they wait on this page" in name.notice
        teacher = ClassView(ClassBook(tmp_path / "elsewhere"))  # the teacher's page reads the class folder's notes
        teacher.book.folder = folder
        teacher._say_waiting()
        assert "2 answers wait in the pupils&#x27; pages: " + words in teacher.waiting.value
        if kind == "damaged":  # the teacher moves the damaged file aside
            for path in folder.glob(classbook.FILE + "*"):
                path.rename(path.with_name("old-" + path.name))
    exercise.value = "22"
    exercise.check()  # the next answer finds the book working again: every waiting answer is kept
    kept = [a.answer for a in ClassBook(folder).attempts()]
    assert kept == (["19", "21", "22"] if kind == "damaged" else ["20", "19", "21", "22"])
    assert name.notice == "" and classbook.waiting_answers(folder) == {}


def test_a_page_opened_on_a_broken_book_draws_and_says_so(tmp_path, monkeypatch):
    folder = tmp_path / "class"
    _damaged(folder)
    monkeypatch.setenv(classbook.ENV, str(folder))
    monkeypatch.setattr(classbook, "_books", {})
    name = pupil.PupilName("ohanami")  # no traceback: the page draws
    exercise = Exercise("How many?", 21)
    name.set_state({"name": "Ada", "browser": "cd" * 16})
    exercise.value = "21"
    assert exercise.check() and "they wait on this page" in name.notice


def test_the_pupils_kernels_keep_no_history_database():
    from mandalakit.widgets.server import kernel

    code = ("import sys; from unittest import mock; import mandalakit.widgets.server.kernel as k; "
            "import ipykernel.kernelapp as a; a.launch_new_instance = lambda: print(sys.argv[1:]); k.main()")
    run = subprocess.run([sys.executable, "-c", code, "-f", "x.json"], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == repr([kernel.NO_HISTORY, "-f", "x.json"]), run.stderr


def test_the_class_page_on_a_damaged_book_draws_and_says_so(tmp_path, monkeypatch):
    _damaged(tmp_path / "class")
    monkeypatch.setenv(classbook.ENV, str(tmp_path / "class"))
    monkeypatch.setattr(classbook, "_books", {})
    view = ClassView(classbook.current())  # as notebooks/class.ipynb makes it: no traceback
    assert "could not be read: the class&#x27;s file is damaged. Trying again" in view.status.value
