"""The class's book: every exercise attempt and every finished game of a class, kept on the
teacher's machine in one SQLite file, so a reload, a kernel crash or a server restart loses
nothing already answered.

Only in class mode: ``make demo LESSON=...`` sets ``MANDALAKIT_CLASS`` to the class folder
(``class/`` in the repository, or ``CLASS_DIR=...``), and every pupil's kernel writes there
through this module. Without it (a pupil alone, Binder, JupyterLab) :func:`current` is ``None``
and nothing is kept anywhere. Nothing is written outside the class folder; deleting the folder
deletes the class.

>>> import tempfile
>>> book = ClassBook(tempfile.mkdtemp())
>>> book.attempt("Ada", "ohanami", "sakura-6", "20", False, key="a1")
True
>>> book.attempt("Ada", "ohanami", "sakura-6", "21", True, key="a2")
True
>>> book.attempt("Ada", "ohanami", "sakura-6", "21", True, key="a2")  # the same attempt again
False
>>> [(a.pupil, a.answer, a.right) for a in book.attempts()]
[('Ada', '20', False), ('Ada', '21', True)]

The file is in WAL mode (readers never wait for the pupils' writers), each write is one short
transaction, and a write that finds the file busy waits up to :data:`BUSY_SECONDS` and is tried
again :data:`TRIES` times. Each attempt and game carries a key made where it happened (a random
UUID unless given), so a write tried twice after an error is kept once. A book keeps one
connection per thread (a pupil's kernel answers several times a second: opening the file and
checking its tables for each answer cost more than the answer), opened again if the file was
deleted or replaced, so deleting the class folder while the server runs starts a new, empty book.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ENV", "FILE", "Attempt", "ClassBook", "Game", "current"]

#: The environment variable naming the class folder; class mode is on when it is set.
ENV = "MANDALAKIT_CLASS"
#: The database's name inside the class folder.
FILE = "class.sqlite3"
#: How long one write waits for a busy file before it is tried again, and how many tries.
BUSY_SECONDS = 5.0
TRIES = 5
#: Longest text kept of a pupil's name and of an answer: a forged page cannot fill the disk.
NAME_MAX = 40
ANSWER_MAX = 200
#: Largest game record kept (a whole game is a few tens of KB).
RECORD_MAX = 1_000_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    key      TEXT PRIMARY KEY,
    pupil    TEXT NOT NULL,
    lesson   TEXT NOT NULL,
    exercise TEXT NOT NULL,
    answer   TEXT NOT NULL,
    right    INTEGER NOT NULL,
    at       REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_pupil ON attempts (pupil, at);
CREATE TABLE IF NOT EXISTS games (
    key    TEXT PRIMARY KEY,
    pupil  TEXT NOT NULL,
    game   TEXT NOT NULL,
    won    INTEGER NOT NULL,
    record TEXT NOT NULL,
    at     REAL NOT NULL
);
"""


@dataclass(frozen=True)
class Attempt:
    """One answer checked: who, in which lesson and exercise, what was typed, right or not, when
    (seconds since the epoch)."""

    pupil: str
    lesson: str
    exercise: str
    answer: str
    right: bool
    at: float


@dataclass(frozen=True)
class Game:
    """One finished game: who played it (the person at the screen), which game, whether they won,
    its record (a JSON document, :mod:`mandalakit.core.records`; ``None`` when not read), when."""

    pupil: str
    game: str
    won: bool
    record: dict | None
    at: float


def _text(value, longest: int, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {type(value).__name__}.")
    value = " ".join(value.split())  # no line breaks or runs of spaces in a table a teacher reads
    if not value:
        raise ValueError(f"{what} is empty.")
    return value[:longest]


class ClassBook:
    """The class's SQLite file in ``folder`` (made if missing, with the folder).

    Parameters
    ----------
    folder : str or PathLike
        The class folder; the file is ``folder / FILE``.

    Raises
    ------
    OSError
        If the folder cannot be made or the file cannot be opened.
    """

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.path = self.folder / FILE
        self._local = threading.local()
        self._db()  # made now: a folder that cannot be written fails here, not at a pupil's answer

    def _db(self) -> sqlite3.Connection:
        """This thread's connection, opened once; opened again (the folder and the file made again)
        when the file was deleted or replaced, or in a forked process."""
        local = self._local
        try:
            inode = os.stat(self.path).st_ino
        except FileNotFoundError:
            inode = None
        if getattr(local, "db", None) is not None:
            if inode == local.inode and local.pid == os.getpid():
                return local.db
            local.db.close()
            local.db = None
        self.folder.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at each checkpoint, safe from corruption
            db.executescript(_SCHEMA)
        except BaseException:
            db.close()
            raise
        local.db, local.inode, local.pid = db, os.stat(self.path).st_ino, os.getpid()
        return db

    @staticmethod
    def _retried(work):
        """``work()``, tried again when the file stays busy ("database is locked")."""
        for attempt in range(TRIES):
            try:
                return work()
            except sqlite3.OperationalError as exc:  # "database is locked" after BUSY_SECONDS
                if "locked" not in str(exc) and "busy" not in str(exc) or attempt == TRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return None  # pragma: no cover (the loop returns or raises)

    def _write(self, sql: str, values: tuple) -> bool:
        """Run one INSERT in its own transaction; True if a row was added (False: key already kept)."""
        return self._retried(lambda: self._db().execute(sql, values).rowcount == 1)

    def attempt(self, pupil: str, lesson: str, exercise: str, answer: str, right: bool, *,
                key: str | None = None, at: float | None = None) -> bool:
        """Keep one checked answer; returns False if an attempt with this ``key`` is kept already.

        Raises ``ValueError`` for a name, lesson, exercise or answer that is not text or is empty
        (an answer may be empty: kept as typed); texts are cut to :data:`NAME_MAX` and
        :data:`ANSWER_MAX` characters.
        """
        answer = answer if isinstance(answer, str) else str(answer)
        values = (key or uuid.uuid4().hex, _text(pupil, NAME_MAX, "A pupil's name"), _text(lesson, 100, "A lesson"),
                  _text(exercise, 100, "An exercise"), answer.strip()[:ANSWER_MAX], int(bool(right)),
                  time.time() if at is None else float(at))
        return self._write("INSERT OR IGNORE INTO attempts VALUES (?, ?, ?, ?, ?, ?, ?)", values)

    def game(self, pupil: str, record: Mapping, won: bool, *, key: str | None = None,
             at: float | None = None) -> bool:
        """Keep one finished game's record; returns False if a game with this ``key`` is kept already.

        Raises ``ValueError`` for a record that is not a JSON object or is over :data:`RECORD_MAX`
        characters.
        """
        text = json.dumps(record, separators=(",", ":"))
        if not isinstance(record, Mapping) or len(text) > RECORD_MAX:
            raise ValueError("A game record must be a JSON object of at most 1 MB.")
        values = (key or uuid.uuid4().hex, _text(pupil, NAME_MAX, "A pupil's name"), str(record.get("game", "?")),
                  int(bool(won)), text, time.time() if at is None else float(at))
        return self._write("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?)", values)

    def _rows(self, sql: str) -> list[tuple]:
        return self._db().execute(sql).fetchall()

    def version(self) -> tuple[int, int]:
        """A value that changes whenever the book was written since this thread last asked: by
        another connection (a pupil's kernel: SQLite's ``data_version``) or by this one (its
        ``total_changes``). A page that shows the book reads it again only then."""
        db = self._db()
        return db.execute("PRAGMA data_version").fetchone()[0], db.total_changes

    def attempts(self) -> list[Attempt]:
        """Every attempt kept, oldest first."""
        rows = self._rows("SELECT pupil, lesson, exercise, answer, right, at FROM attempts ORDER BY at, rowid")
        return [Attempt(p, lesson, ex, ans, bool(right), at) for p, lesson, ex, ans, right, at in rows]

    def games(self, records: bool = True) -> list[Game]:
        """Every game kept, oldest first; with ``records=False`` each game's ``record`` is ``None``
        (a game's record is tens of KB: the class page counts games without reading them)."""
        if not records:
            rows = self._rows("SELECT pupil, game, won, at FROM games ORDER BY at, rowid")
            return [Game(p, g, bool(won), None, at) for p, g, won, at in rows]
        rows = self._rows("SELECT pupil, game, won, record, at FROM games ORDER BY at, rowid")
        return [Game(p, g, bool(won), json.loads(record), at) for p, g, won, record, at in rows]

    def export_csv(self, path: str | os.PathLike) -> Path:
        """Write every attempt as a CSV table (pupil, lesson, exercise, answer, right, time in ISO
        8601, UTC) for a spreadsheet; returns the path."""
        path = Path(path)
        with path.open("w", newline="", encoding="utf-8") as fh:
            out = csv.writer(fh)
            out.writerow(["pupil", "lesson", "exercise", "answer", "right", "time"])
            for a in self.attempts():
                out.writerow([a.pupil, a.lesson, a.exercise, a.answer, "yes" if a.right else "no",
                              time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(a.at))])
        return path

    def clear(self) -> None:
        """Forget the whole class: every attempt and game (the file stays, empty). Pupils still
        answering meanwhile keep writing: each write waits for this one, then lands in the empty
        book. The deleted rows are overwritten, not only unlinked (``secure_delete``, then
        ``VACUUM`` and a checkpoint that empties the write-ahead log), so no name stays in the file.

        Raises ``sqlite3.OperationalError`` if the file stays busy through every try.
        """
        def forget() -> None:
            db = self._db()
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DELETE FROM attempts")
                db.execute("DELETE FROM games")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

        db = self._db()
        db.execute("PRAGMA secure_delete=ON")
        try:
            self._retried(forget)
            self._retried(lambda: db.execute("VACUUM"))
            self._retried(lambda: db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall())
        finally:
            db.execute("PRAGMA secure_delete=OFF")


_books: dict[str, ClassBook] = {}


def current() -> ClassBook | None:
    """The class's book when class mode is on (:data:`ENV` names the folder), else ``None``; the
    same book (and connection) for every call in a process."""
    folder = os.environ.get(ENV)
    if not folder:
        return None
    if folder not in _books:
        _books[folder] = ClassBook(folder)
    return _books[folder]


def by_pupil(attempts: list[Attempt]) -> Iterator[tuple[str, list[Attempt]]]:
    """Attempts grouped by pupil, pupils in the order they first answered."""
    groups: dict[str, list[Attempt]] = {}
    for a in attempts:
        groups.setdefault(a.pupil, []).append(a)
    yield from groups.items()
