"""Result tables written in chunks, so that memory does not grow with the number of games
(issue 25).

``simulate`` and ``tournament`` produce their rows as a stream of pandas DataFrames
(:func:`mandalakit.simulate.simulate_frames`, :func:`mandalakit.tournament.tournament_frames`);
:func:`write_table` writes each one as it comes: a Parquet row group (pyarrow's
``ParquetWriter``) or more lines of a CSV file. Only one chunk of rows is in memory at a time.

>>> from mandalakit.simulate import simulate_frames
>>> write_table(simulate_frames("ohanami", 2, 1000, progress=False), "runs.parquet")  # doctest: +SKIP
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

#: Rows per chunk (a Parquet row group): a few MB of memory for any game.
FRAME_ROWS = 20_000


def joined(frames: Callable[..., Iterator], doc: str) -> Callable:
    """The function that returns the DataFrames of ``frames`` joined into one table
    (``pandas.concat``, the index numbered again), with the same arguments, named as ``frames``
    without its ``_frames`` and documented by ``doc``: :func:`mandalakit.simulate.simulate` is
    ``joined(simulate_frames, ...)``, so the two cannot drift apart."""
    @functools.wraps(frames)
    def table(*args, **kwargs):
        import pandas as pd

        return pd.concat(frames(*args, **kwargs), ignore_index=True)

    table.__signature__ = inspect.signature(frames).replace(return_annotation="pandas.DataFrame")
    table.__name__ = table.__qualname__ = frames.__name__.removesuffix("_frames")
    table.__doc__ = doc
    return table


def frames_of(batches: Iterable[list[dict]], rows: int = FRAME_ROWS) -> Iterator:
    """DataFrames of exactly ``rows`` rows each (the last one fewer) from batches of row dicts
    in table order.

    The cut does not depend on the batches' sizes, so a table cut into row groups is the same,
    byte for byte, whatever the number of workers that made the batches.
    """
    import pandas as pd

    pending: list[dict] = []
    for batch in batches:
        pending.extend(batch)
        while len(pending) >= rows:
            yield pd.DataFrame(pending[:rows])
            del pending[:rows]
    if pending:
        yield pd.DataFrame(pending)


def write_table(frames: Iterable, path: str | Path, suffix: str | None = None,
                metadata: Mapping[bytes, bytes] | None = None) -> None:
    """Write ``frames`` (pandas DataFrames with the same columns, in table order) to ``path``
    one at a time: as CSV (one header line, then every frame's rows) or as Parquet (one row
    group per frame, ``metadata`` added to its schema's), as ``suffix`` says (``".csv"`` or
    ``".parquet"``; default the suffix of ``path``, which may be a temporary name).

    Raises ``ValueError`` for another suffix, or for a frame whose columns do not fit the
    first frame's (a Parquet file has one schema); ``OSError`` if the file cannot be written.
    """
    suffix = (suffix or Path(path).suffix).lower()
    if suffix == ".csv":
        with open(path, "w", encoding="utf-8", newline="") as out:
            for i, frame in enumerate(frames):
                frame.to_csv(out, index=False, header=i == 0)
    elif suffix == ".parquet":
        _write_parquet(frames, path, dict(metadata or {}))
    else:
        raise ValueError(f"write_table writes .csv or .parquet files, not {suffix!r}")


def _write_parquet(frames: Iterable, path: str | Path, metadata: dict[bytes, bytes]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer = schema = None
    try:
        for frame in frames:
            table = pa.Table.from_pandas(frame, preserve_index=False)
            if writer is None:
                schema = table.schema.with_metadata({**(table.schema.metadata or {}), **metadata})
                writer = pq.ParquetWriter(path, schema)
            writer.write_table(table.cast(schema))
    finally:
        if writer is not None:
            writer.close()


def recut(frames: Iterator, rows: int) -> Iterator:
    """DataFrames of exactly ``rows`` rows each (the last one fewer) from ``frames`` (DataFrames
    of the same columns, in table order, of any sizes): the cut does not depend on how the work
    was shared, so a table is written the same whatever played it."""
    import pandas as pd

    pending: list = []
    held = 0
    for frame in frames:
        if not pending and len(frame) == rows and frame.index.equals(pd.RangeIndex(rows)):
            yield frame  # already cut (a fast chunk): no copy
            continue
        pending.append(frame)
        held += len(frame)
        if held < rows:
            continue
        table = pd.concat(pending, ignore_index=True) if len(pending) > 1 else pending[0].reset_index(drop=True)
        cut = held - held % rows
        for a in range(0, cut, rows):
            yield table.iloc[a:a + rows].reset_index(drop=True)
        pending, held = ([table.iloc[cut:]] if cut < held else []), held - cut
    if held:
        yield pd.concat(pending, ignore_index=True)
