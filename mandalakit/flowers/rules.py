"""Rules options of Flowers (the "Ruling" points of flowers.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import ClassVar

from ..core.contract import RulesBase
from ..core.errors import RulesError, shown
from ..core.messages import _
from .tiles import DEFAULT_TILES, Row, TileSet, normalise_table, read_tiles_csv, tile_set


@dataclass(frozen=True)
class Rules(RulesBase):
    """Options of a Flowers game. Frozen and hashable; ``to_dict()`` is JSON-ready.

    Attributes
    ----------
    single_play_draw : int
        F-3.3: a player who played exactly 1 card draws up to this many cards, without
        exceeding 8 in hand. Default 4 (the pre-release text said 2).
    tiles : tuple of (back, colour, face)
        F-1.5: the tile table, 36 rows (tile id = row number). Default: the table shipped
        as ``mandalakit/flowers/tiles.csv``, per colour faces 1, 1, 2, 2, 3 and ×3 — **an
        assumption until checked against a printed copy**. Accepts any list of rows /
        mappings, or ``None`` for the default; it is checked and stored as a tuple of
        ``(back, colour, face)`` with face an int or ``"x3"``, so a game record keeps the
        table and replays with it. A CSV file (header ``back,colour,face``) is read only by
        :meth:`from_csv` (and ``--rule tiles=PATH`` on the command line): text or a path
        given as ``tiles`` is refused, never opened, so a page or a record names no file.

    Raises
    ------
    RulesError
        For a negative or non-integer ``single_play_draw`` (F-3.3) or a malformed tile table
        (the message names the bad row, F-1.3 to F-1.5; text or a path: F-1.5).
    """

    #: ``--rule tiles=PATH`` reads the CSV file PATH (:meth:`RulesBase.option_from_command_line`).
    file_options: ClassVar = {"tiles": read_tiles_csv}

    single_play_draw: int = 4
    # "| None": None (``--rule tiles=none``) gives the default table; None is never stored.
    tiles: tuple[Row, ...] | None = field(default=DEFAULT_TILES, repr=False)

    def __post_init__(self):
        n = self.single_play_draw
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 8:
            raise RulesError("F-3.3", _("single_play_draw must be a whole number from 0 to 8, not {value}.",
                                        value=shown(n)))
        tiles = self.tiles
        if tiles is None:
            tiles = DEFAULT_TILES
        elif isinstance(tiles, (str, bytes, os.PathLike)):
            raise RulesError("F-1.5", _("A tile table is a list of (back, colour, face) rows, not the text {value}; "
                                        "a table in a CSV file is read with Rules.from_csv(path).",
                                        value=shown(os.fsdecode(tiles) if isinstance(tiles, os.PathLike) else tiles)))
        elif tiles is not DEFAULT_TILES:
            tiles = normalise_table(tiles)
        object.__setattr__(self, "tiles", tiles)

    @classmethod
    def from_csv(cls, path: str | os.PathLike, **options) -> Rules:
        """Rules with the tile table read from the CSV file ``path`` (F-1.5)."""
        return cls(tiles=read_tiles_csv(path), **options)

    @property
    def tile_set(self) -> TileSet:
        """The checked tiles by id and the ids of each back (cached per table)."""
        return tile_set(self.tiles)

    @property
    def default_tiles(self) -> bool:
        """True when the tile table is the shipped default (an assumption, F-1.5)."""
        return self.tiles == DEFAULT_TILES

    def __repr__(self) -> str:
        table = "default" if self.default_tiles else "custom"
        return f"Rules(single_play_draw={self.single_play_draw}, tiles=<{table} table of {len(self.tiles)} tiles>)"

    def to_dict(self) -> dict:
        """JSON-ready options: ``{"single_play_draw": 4, "tiles": [[back, colour, face], ...]}``."""
        return {"single_play_draw": self.single_play_draw, "tiles": [list(r) for r in self.tiles]}
