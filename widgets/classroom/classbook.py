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
import errno
import hashlib
import json
import os
import re
import sqlite3
import threading
import time
import unicodedata
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ENV", "FILE", "Attempt", "BookFault", "ClassBook", "Game", "active", "check_book", "current", "fault_of"]

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
CREATE TABLE IF NOT EXISTS browsers (
    browser TEXT PRIMARY KEY,
    pupil   TEXT NOT NULL,
    at      REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    key    TEXT PRIMARY KEY,
    pupil  TEXT NOT NULL,
    game   TEXT NOT NULL,
    won    INTEGER NOT NULL,
    record TEXT NOT NULL,
    at     REAL NOT NULL
);
"""
#: Columns added since the first books (a book of an earlier class gets them, empty, when opened).
_ADDED = {"attempts": {"attempt": "INTEGER", "browser": "TEXT"}}

#: A browser's secret id as the pupil's page makes it: 128 random bits in 32 hex digits.
BROWSER_ID = re.compile(r"[0-9a-f]{32}")


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
    attempt: int | None = None  # the attempt's number at that exercise (1, 2, ...); None in older books


@dataclass(frozen=True)
class Game:
    """One finished game: who played it (the person at the screen), which game, whether they won,
    its record (a JSON document, :mod:`mandalakit.core.records`; ``None`` when not read), when."""

    pupil: str
    game: str
    won: bool
    record: dict | None
    at: float


def printable(value: str) -> str:
    r"""``value`` on one line without control, format or private characters: no line breaks or
    runs of spaces in a table a teacher reads, and no bidirectional overrides (U+202A-202E,
    U+2066-2069) or zero-width characters that would make a name show as another.

    >>> printable("Ada\u202e nosaJ\x07  Lovelace")
    'Ada nosaJ Lovelace'
    """
    value = " ".join(value.split())
    return " ".join("".join(c for c in value if unicodedata.category(c)[0] != "C").split())


def _text(value, longest: int, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {type(value).__name__}.")
    value = printable(value)
    if not value:
        raise ValueError(f"{what} is empty.")
    return value[:longest]


class ClassBook:
    """The class's SQLite file in ``folder`` (made if missing, with the folder).

    Parameters
    ----------
    folder : str or PathLike
        The class folder; the file is ``folder / FILE``.
    check : bool
        Open the file now (default); with ``False`` it is opened at the first read or write.

    Raises
    ------
    OSError or sqlite3.Error
        If ``check`` and the folder cannot be made or the file cannot be opened
        (:func:`fault_of` says why).
    """

    def __init__(self, folder: str | os.PathLike, *, check: bool = True):
        self.folder = Path(folder)
        self.path = self.folder / FILE
        self._local = threading.local()
        if check:  # made now: a folder that cannot be written fails here, not at a pupil's answer
            self._db()

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
            for table, columns in _ADDED.items():
                have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                for column, kind in columns.items():
                    if column not in have:
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
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
                key: str | None = None, at: float | None = None, attempt: int | None = None,
                browser: str | None = None) -> bool:
        """Keep one checked answer; returns False if an attempt with this ``key`` is kept already.

        ``attempt`` is its number at that exercise (1, 2, ...); ``browser`` the page's secret
        browser id (:data:`BROWSER_ID`), kept only as a hash, so the pupil's page can find the
        pupil's answers again after a reload (:meth:`attempts_of`).

        Raises ``ValueError`` for a name, lesson, exercise or answer that is not text or is empty
        (an answer may be empty: kept as typed); texts are cut to :data:`NAME_MAX` and
        :data:`ANSWER_MAX` characters, without control characters (:func:`printable`).
        """
        answer = answer if isinstance(answer, str) else str(answer)
        values = (key or uuid.uuid4().hex, _text(pupil, NAME_MAX, "A pupil's name"), _text(lesson, 100, "A lesson"),
                  _text(exercise, 100, "An exercise"), printable(answer)[:ANSWER_MAX], int(bool(right)),
                  time.time() if at is None else float(at), None if attempt is None else int(attempt),
                  _hashed(browser))
        return self._write("INSERT OR IGNORE INTO attempts (key, pupil, lesson, exercise, answer, right, at, "
                           "attempt, browser) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", values)

    def name_browser(self, browser: str, pupil: str) -> None:
        """Remember that the browser with the secret id ``browser`` is ``pupil``'s (the last name given
        there). Raises ``ValueError`` for an id that is not :data:`BROWSER_ID` or an empty name."""
        if not BROWSER_ID.fullmatch(browser or ""):
            raise ValueError("A browser id is 32 hexadecimal digits.")
        self._write("INSERT OR REPLACE INTO browsers VALUES (?, ?, ?)",
                    (_hashed(browser), _text(pupil, NAME_MAX, "A pupil's name"), time.time()))

    def pupil_of(self, browser: str) -> str | None:
        """The name last given in the browser with the secret id ``browser``, or ``None``."""
        if not BROWSER_ID.fullmatch(browser or ""):
            return None
        row = self._db().execute("SELECT pupil FROM browsers WHERE browser = ?", (_hashed(browser),)).fetchone()
        return row[0] if row else None

    def attempts_of(self, browser: str, lesson: str) -> list[Attempt]:
        """The attempts made in ``lesson`` from the browser with the secret id ``browser``, oldest
        first (none for an id that is not :data:`BROWSER_ID`): only a page that holds the id finds them."""
        if not BROWSER_ID.fullmatch(browser or ""):
            return []
        rows = self._db().execute(
            "SELECT pupil, lesson, exercise, answer, right, at, attempt FROM attempts WHERE browser = ? AND lesson = ?"
            " ORDER BY at, rowid", (_hashed(browser), lesson)).fetchall()
        return [Attempt(p, les, ex, ans, bool(right), at, n) for p, les, ex, ans, right, at, n in rows]

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
        rows = self._rows("SELECT pupil, lesson, exercise, answer, right, at, attempt FROM attempts ORDER BY at, rowid")
        return [Attempt(p, lesson, ex, ans, bool(right), at, n) for p, lesson, ex, ans, right, at, n in rows]

    def games(self, records: bool = True) -> list[Game]:
        """Every game kept, oldest first; with ``records=False`` each game's ``record`` is ``None``
        (a game's record is tens of KB: the class page counts games without reading them)."""
        if not records:
            rows = self._rows("SELECT pupil, game, won, at FROM games ORDER BY at, rowid")
            return [Game(p, g, bool(won), None, at) for p, g, won, at in rows]
        rows = self._rows("SELECT pupil, game, won, record, at FROM games ORDER BY at, rowid")
        return [Game(p, g, bool(won), json.loads(record), at) for p, g, won, record, at in rows]

    def export_csv(self, path: str | os.PathLike) -> Path:
        """Write every attempt as a CSV table (pupil, lesson, exercise, attempt, answer, right, time
        in ISO 8601, UTC) for a spreadsheet; returns the path. No cell runs as a formula
        (:func:`as_text`). UTF-8 with a byte order mark: a spreadsheet opened by a double click
        (Excel) reads "Zoé" as written, not "ZoÃ©"."""
        path = Path(path)
        with path.open("w", newline="", encoding="utf-8-sig") as fh:
            out = csv.writer(fh)
            out.writerow(["pupil", "lesson", "exercise", "attempt", "answer", "right", "time"])
            for a in self.attempts():
                out.writerow([as_text(a.pupil), as_text(a.lesson), as_text(a.exercise),
                              "" if a.attempt is None else a.attempt, as_text(a.answer), "yes" if a.right else "no",
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
                db.execute("DELETE FROM browsers")
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


def _hashed(browser: str | None) -> str | None:
    """What the book keeps of a browser's secret id: its SHA-256 (the file never holds the id)."""
    return hashlib.sha256(browser.encode("ascii")).hexdigest() if browser and BROWSER_ID.fullmatch(browser) else None


#: A spreadsheet reads a cell beginning with one of these as a formula (``=HYPERLINK(...)``, ``+1``, ``@SUM``).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: str) -> str:
    """``cell`` as a spreadsheet shows it as text, never runs it: one beginning with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading single quote (OWASP's "CSV injection").

    >>> as_text("=1+1"), as_text("21")
    ("'=1+1", '21')
    """
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


class BookFault(Exception):
    """The class's book cannot be used: ``kind`` says why (``"damaged"``, ``"unreadable"``,
    ``"read-only"``, ``"locked"``, ``"full"``, ``"disk"`` (a read or write error of the disk) or ``"other"``), ``path`` which file."""

    def __init__(self, kind: str, path: Path, detail: str = ""):
        super().__init__(f"{kind}: {path} ({detail})")
        self.kind, self.path, self.detail = kind, Path(path), detail

    def sentence(self) -> str:
        """One sentence for the teacher starting a class: the file, what is wrong, what to do."""
        aside = f"move it aside (mv {self.path} {self.path}.old) to start a new, empty book"
        what = {"damaged": f"is damaged (it is not a class book, or is no longer one): {aside}",
                "unreadable": f"cannot be read by this user: give it back read and write permission, or {aside}",
                "read-only": f"cannot be written (read-only file or folder): make it writable, or {aside}",
                "locked": f"is held by another program (another class server?): stop that program, or {aside}",
                "full": "cannot be written: the disk is full; free some space and start again",
                "disk": f"cannot be read or written (a disk error): check the disk, or {aside}"}
        return f"The class's book {self.path} {what.get(self.kind, 'cannot be used (' + self.detail + '): ' + aside)}."


def fault_of(exc: BaseException) -> str:
    """What kind of :class:`BookFault` an error of SQLite or of the file system is.

    >>> fault_of(sqlite3.DatabaseError("file is not a database")), fault_of(OSError(28, "No space"))
    ('damaged', 'full')
    """
    if isinstance(exc, BookFault):
        return exc.kind
    text = str(exc).lower()
    if isinstance(exc, PermissionError) or "unable to open" in text or "authoriz" in text:
        return "unreadable"
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC or "disk is full" in text:
        return "full"
    if isinstance(exc, OSError) and exc.errno == errno.EROFS or "readonly" in text or "read-only" in text:
        return "read-only"
    if "locked" in text or "busy" in text:
        return "locked"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return "damaged"
    if "i/o error" in text or isinstance(exc, OSError) and exc.errno == errno.EIO:
        return "disk"
    return "other"


def check_book(folder: str | os.PathLike) -> BookFault | None:
    """Whether a class can start on the book in ``folder``: ``None`` if it can (no book yet, or a
    book that reads and writes), else the :class:`BookFault` met. Reads the whole file
    (``PRAGMA quick_check``) and tries a write transaction without keeping anything; waits at most
    about a second for a lock held by another program. Never raises."""
    folder = Path(folder)
    path = folder / FILE
    try:
        if not path.exists():
            if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
                return BookFault("read-only", path, "the folder cannot be written")
            return None
        if not os.access(path, os.R_OK):
            return BookFault("unreadable", path, "no permission to read")
        if not os.access(path, os.W_OK) or not os.access(folder, os.W_OK | os.X_OK):
            return BookFault("read-only", path, "no permission to write")
        db = sqlite3.connect(path, timeout=1.0, isolation_level=None)
        try:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                return BookFault("damaged", path, "the check found damaged pages")
            db.execute("BEGIN IMMEDIATE")
            db.execute("ROLLBACK")
        finally:
            db.close()
    except (sqlite3.Error, OSError) as exc:
        return BookFault(fault_of(exc), path, str(exc))
    return None


#: The class folder's folder where each pupil's kernel says how many answers wait in it, and why.
WAITING = "waiting"


def report_waiting(folder: str | os.PathLike, waiting: int, kind: str = "") -> None:
    """Say, for the teacher's page, that ``waiting`` answers of this kernel wait for the book
    (``kind``: :func:`fault_of`); 0 removes this kernel's note. One small file per kernel process
    (``WAITING/<pid>.json``); where even that cannot be written, nothing is said (never raises)."""
    path = Path(folder) / WAITING / f"{os.getpid()}.json"
    try:
        if not waiting:
            path.unlink(missing_ok=True)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part")
        part.write_text(json.dumps({"waiting": int(waiting), "kind": kind}), encoding="utf-8")
        os.replace(part, path)
    except OSError:
        pass


def waiting_answers(folder: str | os.PathLike) -> dict[str, int]:
    """How many answers wait in the pupils' kernels, by :func:`fault_of` kind (the notes of
    :func:`report_waiting` whose kernel still runs); ``{}`` when none wait. Never raises."""
    counts: dict[str, int] = {}
    try:
        notes = list((Path(folder) / WAITING).glob("*.json"))
    except OSError:
        return counts
    for note in notes:
        try:
            os.kill(int(note.stem), 0)  # a kernel that ended took its answers with it: its note is old
        except (ValueError, ProcessLookupError):
            continue
        except PermissionError:
            pass
        try:
            data = json.loads(note.read_text(encoding="utf-8"))
            counts[str(data["kind"])] = counts.get(str(data["kind"]), 0) + int(data["waiting"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return counts


_books: dict[str, ClassBook] = {}


def active() -> bool:
    """Whether class mode is on (:data:`ENV` names the class folder)."""
    return bool(os.environ.get(ENV))


def current() -> ClassBook | None:
    """The class's book when class mode is on (:data:`ENV` names the folder), else ``None``; the
    same book (and connection) for every call in a process. Never raises: the file is opened at
    the first read or write, which raise ``sqlite3.Error`` or ``OSError`` if it cannot be
    (:func:`fault_of` says why)."""
    folder = os.environ.get(ENV)
    if not folder:
        return None
    if folder not in _books:
        _books[folder] = ClassBook(folder, check=False)
    return _books[folder]


def by_pupil(attempts: list[Attempt]) -> Iterator[tuple[str, list[Attempt]]]:
    """Attempts grouped by pupil, pupils in the order they first answered."""
    groups: dict[str, list[Attempt]] = {}
    for a in attempts:
        groups.setdefault(a.pupil, []).append(a)
    yield from groups.items()
