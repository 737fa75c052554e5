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
UUID unless given), so a write tried twice after an error is kept once.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import closing
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
    its record (a JSON document, :mod:`mandalakit.core.records`), when."""

    pupil: str
    game: str
    won: bool
    record: dict
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
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE
        with closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at each checkpoint, safe from corruption
        return db

    def _write(self, sql: str, values: tuple) -> bool:
        """Run one INSERT in its own transaction; True if a row was added (False: key already kept)."""
        for attempt in range(TRIES):
            try:
                with closing(self._connect()) as db:
                    return db.execute(sql, values).rowcount == 1
            except sqlite3.OperationalError as exc:  # "database is locked" after BUSY_SECONDS
                if "locked" not in str(exc) and "busy" not in str(exc) or attempt == TRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return False  # pragma: no cover (the loop returns or raises)

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
        with closing(self._connect()) as db:
            return db.execute(sql).fetchall()

    def attempts(self) -> list[Attempt]:
        """Every attempt kept, oldest first."""
        rows = self._rows("SELECT pupil, lesson, exercise, answer, right, at FROM attempts ORDER BY at, rowid")
        return [Attempt(p, lesson, ex, ans, bool(right), at) for p, lesson, ex, ans, right, at in rows]

    def games(self) -> list[Game]:
        """Every game kept, oldest first."""
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
        """Forget the whole class: every attempt and game (the file stays, empty)."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM attempts")
            db.execute("DELETE FROM games")
            db.execute("COMMIT")
            db.execute("VACUUM")


def current() -> ClassBook | None:
    """The class's book when class mode is on (:data:`ENV` names the folder), else ``None``."""
    folder = os.environ.get(ENV)
    return ClassBook(folder) if folder else None


def by_pupil(attempts: list[Attempt]) -> Iterator[tuple[str, list[Attempt]]]:
    """Attempts grouped by pupil, pupils in the order they first answered."""
    groups: dict[str, list[Attempt]] = {}
    for a in attempts:
        groups.setdefault(a.pupil, []).append(a)
    yield from groups.items()
