"""Half-flower tiles and the tile table (F-1.3 to F-1.5).

The tile set is **data**: a table of 36 rows ``(back, colour, face)`` where ``face`` is a
number of flowers (a whole number from 1) or ``"x3"`` for the ×3 multiplier. The default
table ships with the package as ``tiles.csv`` and gives every colour the faces 1, 1, 2, 2, 3
and ×3 (F-1.5).

.. warning::
   The default faces are an **assumption**: the printed distribution is not known to us
   (ruling F-1.5). They stay a placeholder until checked against a physical copy of the game.
   Pass your own table to :class:`~mandalakit.flowers.rules.Rules` to play with other values.

Tile ids are the 1-based row numbers of the table: tile 1 is the first row. Chance events
of the tile stacks list tile ids, and error messages name the bad row by the same number.

Examples
--------
>>> rows = read_tiles_csv("my_tiles.csv")            # doctest: +SKIP
>>> rules = Rules(tiles=rows)                         # doctest: +SKIP
>>> rules = Rules.from_csv("my_tiles.csv")            # same thing  # doctest: +SKIP
"""

from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..core.errors import RulesError, quote, shown, shown_path
from ..core.messages import N_, _, colour, colour_words, ngettext, os_reason
from .cards import BACK_OF_COLOUR, BACKS, COLOURS, DARK, LIGHT, NUM_COLOURS

#: Face code of the ×3 multiplier; a flower face is its number of flowers (1 or more).
X3 = 0
X3_TEXT = "x3"
TILES_PER_COLOUR = 6  # F-1.3
NUM_TILES = TILES_PER_COLOUR * NUM_COLOURS  # 36
MAX_FLOWERS = 99  # a sanity bound: larger faces are certainly typing mistakes
MAX_TABLE_CHARS = 100_000  # bytes; a tile table file is about 1,000 characters; far more is not one

#: A normalised table row: (back, colour, face) with face an int >= 1 or "x3".
Row = tuple[str, str, "int | str"]


@dataclass(frozen=True, slots=True)
class Tile:
    """One half-flower tile (F-1.3, F-1.4).

    Attributes
    ----------
    id : int
        Its row number in the tile table (1 to 36).
    colour : int
        Colour code (see :data:`~mandalakit.flowers.cards.COLOURS`).
    face : int
        Number of flowers, or :data:`X3` (0) for the ×3 multiplier.
    """

    id: int
    colour: int
    face: int

    @property
    def back(self) -> int:
        """Back code, :data:`~mandalakit.flowers.cards.DARK` or ``LIGHT`` (F-1.3)."""
        return BACK_OF_COLOUR[self.colour]

    @property
    def face_text(self) -> str:
        """``"2"`` or ``"x3"``."""
        return X3_TEXT if self.face == X3 else str(self.face)

    @property
    def words(self) -> str:
        """The tile for a sentence in the language in force: ``"orange 1"``; French ``"grise x3"``."""
        return _("{colour} {face}", colour=colour(COLOURS[self.colour]), face=self.face_text)

    def __str__(self) -> str:
        return f"{COLOURS[self.colour]} {self.face_text}"


def _bad(row_no: int, where: str, rule: str, message: str) -> RulesError:
    return RulesError(rule, _("Tile table row {row}{where}: {problem}", row=row_no, where=where, problem=message))


def _face(value, row_no: int, where: str):
    """Normalise a face: an int >= 1 or ``"x3"`` (F-1.4)."""
    if isinstance(value, str):
        text = value.strip().lower().replace("×", "x")
        if text in ("x3", "*3"):
            return X3_TEXT
        if not (text.isascii() and text.isdigit()):  # int() would also take "1_0", "+1", "٢"
            raise _bad(row_no, where, "F-1.4", _("the face {value} is neither a number of flowers nor x3.",
                                                 value=shown(value)))
        digits = text.lstrip("0") or "0"
        if len(digits) > len(str(MAX_FLOWERS)):  # and int() refuses strings of over 4300 digits
            raise _bad(row_no, where, "F-1.4", _("a face shows 1 to {most} flowers or x3, not {value}.", most=MAX_FLOWERS,
                                                 value=quote(text)))
        value = int(digits)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(row_no, where, "F-1.4", _("the face {value} is neither a number of flowers nor x3.",
                                             value=shown(value)))
    if not 1 <= value <= MAX_FLOWERS:
        raise _bad(row_no, where, "F-1.4",
                   _("a face shows 1 to {most} flowers or x3, not {value}.", most=MAX_FLOWERS, value=quote(str(value))))
    return value


def normalise_table(rows: Iterable, *, lines: list[int] | None = None, source: str = "") -> tuple[Row, ...]:
    """Check a tile table and return it as a tuple of ``(back, colour, face)`` rows.

    Parameters
    ----------
    rows : iterable
        36 rows, each a sequence ``(back, colour, face)`` or a mapping with those keys.
        ``back`` is ``"dark"`` or ``"light"``, ``colour`` one of the six colours, ``face`` a
        whole number of flowers (1 or more, as int or text) or ``"x3"`` (also ``"×3"``).
    lines, source : optional
        Line numbers of the rows in a file and the file name, for error messages.

    Returns
    -------
    tuple of (str, str, int or str)
        Lower-case names; faces as int or ``"x3"``.

    Raises
    ------
    RulesError
        Naming the first bad row: wrong number of fields (F-1.5), unknown colour or back, a
        back that does not match the colour, more than 6 tiles of a colour (F-1.3), a bad
        face (F-1.4); or a table without 36 rows (F-1.3).
    """
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        text = (N_("A tile table must be a CSV path or a list of (back, colour, face) rows, not {value} (write "
                   "./NAME for a file with that name).") if isinstance(rows, int) else
                N_("A tile table must be a CSV path or a list of (back, colour, face) rows, not {value}."))
        raise RulesError("F-1.5", _(text, value=shown(rows)))
    out: list[Row] = []
    per_colour = [0] * NUM_COLOURS
    for i, raw in enumerate(rows):
        row_no = i + 1
        where = ""
        if lines is not None:
            where = (_(" (line {line} of {source})", line=lines[i], source=source) if source else
                     _(" (line {line})", line=lines[i]))
        if isinstance(raw, Mapping):
            try:
                raw = (raw["back"], raw["colour"], raw["face"])
            except KeyError as exc:
                raise _bad(row_no, where, "F-1.5",
                           _("the column {name} is missing; a row has back, colour and face.",
                             name=shown(exc.args[0]))) from None
        if isinstance(raw, (str, bytes)) or not isinstance(raw, Iterable):
            raise _bad(row_no, where, "F-1.5", _("{value} is not a (back, colour, face) row.", value=shown(raw)))
        fields = list(raw)
        if len(fields) != 3:
            raise _bad(row_no, where, "F-1.5",
                       _("a row has 3 fields (back, colour, face), this one has {n}: {value}.", n=len(fields),
                         value=shown(fields)))
        back, colour, face = fields
        if not isinstance(back, str) or back.strip().lower() not in BACKS:
            raise _bad(row_no, where, "F-1.3", _("the back {value} is neither 'dark' nor 'light'.", value=shown(back)))
        if not isinstance(colour, str) or colour.strip().lower() not in COLOURS:
            raise _bad(row_no, where, "F-1.3", _("{value} is not a tile colour; the colours are {colours}.",
                                                 value=shown(colour), colours=colour_words(COLOURS)))
        back, colour = back.strip().lower(), colour.strip().lower()
        code = COLOURS.index(colour)
        if BACKS[BACK_OF_COLOUR[code]] != back:
            raise _bad(row_no, where, "F-1.3",
                       _("{colour} tiles have a {right} back, not {back} (dark: grey, purple, red; light: green, "
                         "orange, yellow).", colour=colour, right=BACKS[BACK_OF_COLOUR[code]], back=back))
        per_colour[code] += 1
        if per_colour[code] > TILES_PER_COLOUR:
            raise _bad(row_no, where, "F-1.3",
                       _("this is a 7th {colour} tile; there are exactly {per} per colour.", colour=colour,
                         per=TILES_PER_COLOUR))
        out.append((back, colour, _face(face, row_no, where)))
    if len(out) != NUM_TILES:
        short = [f"{COLOURS[c]} ({n})" for c, n in enumerate(per_colour) if n != TILES_PER_COLOUR]
        table = _("the table {source}", source=source) if source else _("this table")
        raise RulesError("F-1.3", ngettext("A tile table has {tiles} rows, {per} per colour; {table} has {n} row",
                                           "A tile table has {tiles} rows, {per} per colour; {table} has {n} rows",
                                           len(out), tiles=NUM_TILES, per=TILES_PER_COLOUR, table=table)
                         + (_("; colours short of {per}: {short}", per=TILES_PER_COLOUR, short=", ".join(short))
                            if short else "") + ".")
    return tuple(out)


def parse_tiles_csv(text: str, source: str = "") -> tuple[Row, ...]:
    """Read a tile table from CSV text with the header ``back,colour,face``.

    Blank lines and lines starting with ``#`` are ignored. Raises :class:`RulesError` naming
    the row and line (see :func:`normalise_table`).
    """
    rows, lines = [], []
    header_seen = False
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))  # the BOM of Excel's "CSV UTF-8"
    for fields in reader:
        line = reader.line_num
        if not fields or not "".join(fields).strip() or fields[0].lstrip().startswith("#"):
            continue
        cells = [f.strip() for f in fields]
        if not header_seen:
            header_seen = True
            if [c.lower() for c in cells] != ["back", "colour", "face"]:
                raise RulesError("F-1.5", _("The tile table{source} must start with the header 'back,colour,face' "
                                            "(line {line} reads {value}).", source=" " + source if source else "",
                                            line=line, value=shown(",".join(cells))))
            continue
        rows.append(cells)
        lines.append(line)
    return normalise_table(rows, lines=lines, source=source)


def read_tiles_csv(path: str | os.PathLike) -> tuple[Row, ...]:
    """Read and check a tile table from a CSV file (see :func:`parse_tiles_csv`).

    Only an ordinary file of at most :data:`MAX_TABLE_CHARS` bytes is read. It is opened
    without waiting (``O_NONBLOCK``) and checked before anything is read, so a pipe with no
    writer, a device (``/dev/zero``), a folder or a huge file is refused at once.

    Raises
    ------
    RulesError
        If the path is not an ordinary file, is too long, cannot be read, is not UTF-8 text,
        or a row is bad (the message names the row and line). Rule F-1.5.
    """
    name = shown_path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise RulesError("F-1.5", _("Cannot read the tile table {name}: {problem}.", name=name,
                                    problem=os_reason(exc))) from None
    except (ValueError, TypeError):  # a path with a NUL character, or not a path at all
        raise RulesError("F-1.5", _("{name} is not a file name.", name=name)) from None
    try:
        data = _read_ordinary_file(fd, name)
    finally:
        os.close(fd)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError("F-1.5", _("The tile table {name} is not a UTF-8 text (CSV) file.", name=name)) from None
    return parse_tiles_csv(text, os.path.basename(os.fspath(path)))


def _read_ordinary_file(fd: int, name: str) -> bytes:
    """The bytes of the open file ``fd``, refused (F-1.5, ``name`` in the sentence) unless it is
    an ordinary file of at most :data:`MAX_TABLE_CHARS` bytes. The read is bounded too: a
    file of the system (``/proc``) says it is empty whatever it holds."""
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise RulesError("F-1.5", _("{name} is a folder; a tile table is a CSV file.", name=name))
        if not stat.S_ISREG(info.st_mode):
            raise RulesError("F-1.5", _("{name} is not an ordinary file (it is a pipe, a device or a socket); a tile "
                                        "table is a CSV file.", name=name))
        chunks, size = [], 0
        while size <= MAX_TABLE_CHARS and info.st_size <= MAX_TABLE_CHARS:
            chunk = os.read(fd, MAX_TABLE_CHARS + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise RulesError("F-1.5", _("Cannot read the tile table {name}: {problem}.", name=name,
                                    problem=os_reason(exc))) from None
    if size > MAX_TABLE_CHARS or info.st_size > MAX_TABLE_CHARS:
        raise RulesError("F-1.5", _("The tile table {name} is longer than {most:,} characters; a tile table has one "
                                    "short row per tile.", name=name, most=MAX_TABLE_CHARS))
    return b"".join(chunks)


def _default_table() -> tuple[Row, ...]:
    text = resources.files(__package__).joinpath("tiles.csv").read_text(encoding="utf-8")
    return parse_tiles_csv(text, "tiles.csv")


#: The default tile table shipped as ``tiles.csv`` (F-1.5). An assumption, see the module text.
DEFAULT_TILES: tuple[Row, ...] = _default_table()


@dataclass(frozen=True)
class TileSet:
    """A checked tile table ready for play.

    Attributes
    ----------
    tiles : tuple of Tile or None
        ``tiles[id]`` for id 1..36; index 0 is ``None``.
    dark, light : tuple of int
        Tile ids of each back, in table order.
    """

    tiles: tuple
    dark: tuple[int, ...]
    light: tuple[int, ...]

    def stack(self, back: int) -> tuple[int, ...]:
        return self.dark if back == DARK else self.light


@lru_cache(maxsize=32)
def tile_set(table: tuple[Row, ...]) -> TileSet:
    """The :class:`TileSet` of a normalised table (cached: tables are hashable)."""
    tiles = [None] + [
        Tile(i + 1, COLOURS.index(colour), X3 if face == X3_TEXT else face) for i, (_, colour, face) in enumerate(table)
    ]
    dark = tuple(t.id for t in tiles[1:] if t.back == DARK)
    light = tuple(t.id for t in tiles[1:] if t.back == LIGHT)
    return TileSet(tuple(tiles), dark, light)
