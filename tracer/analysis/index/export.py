"""An index's rows as Parquet (``gametrace index TRACE --parquet DIR``): ``nodes.parquet``,
one row per search of a node with the index's columns, so that DuckDB, Polars or pandas
open it as it is (``SELECT ... FROM 'DIR/nodes.parquet'``).  Written with pyarrow (the
``analysis`` extra) a batch of rows at a time, from the index, never the trace: memory is
bounded by the batch, and the files are written whole or not at all."""

from __future__ import annotations

import os
from typing import Any

from .reader import open_index
from .schema import COLUMNS, TEXT_COLUMNS

__all__ = ["NODES_FILE", "export_parquet"]

NODES_FILE = "nodes.parquet"
"""The file of the nodes' rows in the folder."""

_BATCH = 100_000
"""Rows read from the index and written to Parquet at a time."""

_NUMBERS = ("value", "alpha", "beta")
"""The columns holding a number or ``"+inf"`` / ``"-inf"``: written as doubles (an
unbounded end as an infinity, which Parquet and DuckDB keep)."""


def _schema() -> Any:
    import pyarrow as pa

    kinds = {**{c: pa.string() for c in TEXT_COLUMNS}, **{c: pa.float64() for c in _NUMBERS}}
    return pa.schema([(c, kinds.get(c, pa.int64())) for c in COLUMNS])


def _number(x: Any) -> float | None:
    if x is None:
        return None
    if isinstance(x, str):
        return float("inf") if x == "+inf" else float("-inf")
    return float(x)


def export_parquet(index: str | os.PathLike[str], folder: str | os.PathLike[str]) -> int:
    """Write the rows of the index at ``index`` into ``folder``/:data:`NODES_FILE` (the
    folder made when missing, the file replaced whole).  Returns the rows written."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from ...writing import staged_folder

    schema = _schema()
    numbers = [COLUMNS.index(c) for c in _NUMBERS]
    written = 0
    with open_index(index) as opened, staged_folder(folder) as staging, \
            pq.ParquetWriter(os.path.join(staging, NODES_FILE), schema) as writer:
        for first in range(0, opened.nodes, _BATCH):
            rows = opened.rows_between(first, first + _BATCH)
            columns: list[list[Any]] = [list(c) for c in zip(*rows, strict=True)]
            for i in numbers:
                columns[i] = [_number(x) for x in columns[i]]
            writer.write_batch(pa.record_batch(columns, schema=schema))
            written += len(rows)
    return written
