"""The index file: its tables, its format name and version, and the fingerprint of the
trace it was built from (so that an index of another trace, or of a trace since
rewritten, is refused).

An index is one SQLite database (Python's own ``sqlite3``: no new dependency; why SQLite
and not DuckDB or Parquet is in docs/service.md, "Browsing a big trace"):

* ``meta(key, value)``: ``format`` (``gametree-index``), ``version``, ``trace_size`` and
  ``trace_head`` (the fingerprint), ``header``, ``result`` and ``stats`` (JSON), and the
  counts ``events`` and ``nodes``;
* ``nodes``: one row per node the search reached, numbered in the order the search
  opened them (``ord``, from 0 at the root), so that a subtree is the run of numbers
  ``ord .. ord + size - 1``.
"""

from __future__ import annotations

import hashlib
import os

from ...errors import MissingInput

__all__ = ["COLUMNS", "FORMAT", "HEAD_BYTES", "VERSION", "fingerprint", "no_such_file"]

FORMAT = "gametree-index"
VERSION = 1

HEAD_BYTES = 1 << 20
"""How much of the trace's head is hashed into the fingerprint: with the file's size it
tells a rewritten trace from the one indexed without reading gigabytes."""

COLUMNS = ("ord", "id", "parent", "depth", "rank", "move", "player", "value", "alpha",
           "beta", "cut", "pruned", "children", "first", "last", "size")
"""A node's row: its number, its id, its parent's number (null at the root), its depth,
its rank among its parent's children in search order (from 1), the move that reaches it,
who moves there (``max``, ``min``, ``chance``, or ``leaf``), its final value and the
window it was opened with (numbers, or ``"+inf"`` / ``"-inf"``), the kind of the cut
made at it (``alpha``, ``beta``, ``star1`` or null) and the children that cut pruned, the
children it generated, the ordinals (from 1) of the first and last events of its
subtree, and the nodes in its subtree (itself included)."""

DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE nodes (
    ord INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    parent INTEGER,
    depth INTEGER NOT NULL,
    rank INTEGER,
    move TEXT,
    player TEXT NOT NULL,
    value,
    alpha,
    beta,
    cut TEXT,
    pruned INTEGER NOT NULL,
    children INTEGER NOT NULL,
    first INTEGER NOT NULL,
    last INTEGER NOT NULL,
    size INTEGER NOT NULL
);
"""

AFTER_LOAD = "CREATE INDEX nodes_parent ON nodes(parent, rank);"
"""Made once the rows are in (faster than keeping it up to date row by row)."""


def no_such_file(file: str) -> MissingInput:
    """The error for a trace or an index that is not a file (building or opening): not
    there, a folder, a pipe or a device, each said as what it is."""
    from ...jsonio import not_a_file

    return not_a_file(file)


def fingerprint(path: str | os.PathLike[str]) -> tuple[int, str]:
    """The size of the file at ``path`` and the SHA-256 of its first :data:`HEAD_BYTES`."""
    with open(path, "rb") as handle:
        head = handle.read(HEAD_BYTES)
        size = os.fstat(handle.fileno()).st_size
    return size, hashlib.sha256(head).hexdigest()
