"""The index file: its tables, its format name and version, and the fingerprint of the
trace it was built from (so that an index of another trace, or of a trace since
rewritten, is refused).

An index is one SQLite database (Python's own ``sqlite3``: no new dependency; why SQLite
and not DuckDB or Parquet is in docs/service.md, "Browsing a big trace"):

* ``meta(key, value)``: ``format`` (``gametree-index``), ``version``, ``trace_size`` and
  ``trace_head`` (the fingerprint), ``header``, ``result`` and ``stats`` (JSON), and the
  counts ``events`` and ``nodes``;
* ``nodes``: one row per search of a node (a node searched again has a row for each
  search, ``search`` 1, 2, ...), numbered in the order the search
  opened them (``ord``, from 0 at the root), so that a subtree is the run of numbers
  ``ord .. ord + size - 1``.

Damage is found by checksums, never assumed away (version 2): each row carries the
CRC-32 of its columns (``crc``, checked whenever the row is read, so that a lookup costs
what it did), and ``meta`` the SHA-256 of its other entries (``checksum``, checked when
the index is opened); a number the meta promises that has no row is damage too.  An
index of an older version (1: no checksums; 2: one row per node, re-searches refused) is
refused with one line saying to build it again.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import MissingInput

__all__ = ["COLUMNS", "FORMAT", "HEAD_BYTES", "TEXT_COLUMNS", "VERSION", "fingerprint",
           "meta_checksum", "no_such_file", "row_checksum"]

FORMAT = "gametree-index"
VERSION = 3
"""2: the rows' and the meta's checksums; 3: a row per search of a node (``search``), so
that re-searches and version-2 engine traces are indexed."""

HEAD_BYTES = 1 << 20
"""How much of the trace's head is hashed into the fingerprint: with the file's size it
tells a rewritten trace from the one indexed without reading gigabytes."""

COLUMNS = ("ord", "id", "parent", "depth", "rank", "move", "player", "value", "alpha",
           "beta", "cut", "pruned", "children", "first", "last", "size", "search")
"""A node's row: its number, its id, its parent's number (null at the root), its depth,
its rank among its parent's children in search order (from 1), the move that reaches it,
who moves there (``max``, ``min``, ``chance``, or ``leaf``), its final value and the
window it was opened with (numbers, or ``"+inf"`` / ``"-inf"``), the kind of the cut
made at it (``alpha``, ``beta``, ``star1`` or null) and the children that cut pruned, the
children it generated, the ordinals (from 1) of the first and last events of its
subtree, the nodes in its subtree (itself included), and which search of the node the
row is (from 1): a node searched again (iterative deepening, a re-search with a new
window) has one row per search, numbered in the order they were made, each under the
parent's search that made it."""

TEXT_COLUMNS = ("id", "move", "player", "cut")
"""The columns holding text (the others hold integers, or numbers: value, alpha, beta)."""

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
    size INTEGER NOT NULL,
    search INTEGER NOT NULL,
    crc INTEGER NOT NULL
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


def row_checksum(row: Sequence[Any]) -> int:
    """The CRC-32 of a node's row (its :data:`COLUMNS`, in order): what the ``crc``
    column holds.  ``repr`` of ints, floats, strings and None is exact and escapes every
    character that is not printable, so the same row always gives the same text."""
    return zlib.crc32(repr(tuple(row)).encode("utf-8"))


def meta_checksum(meta: Mapping[str, str]) -> str:
    """The SHA-256 of the ``meta`` entries but ``checksum`` itself, sorted by key."""
    digest = hashlib.sha256()
    for key, value in sorted(meta.items()):
        if key != "checksum":
            digest.update(f"{len(key)}:{key}{len(value)}:{value}".encode("utf-8",
                                                                          "surrogatepass"))
    return digest.hexdigest()
