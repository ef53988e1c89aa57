"""Writing pictures: whole files or nothing, by the rules of :mod:`tracer.writing`."""

from __future__ import annotations

import os

from ...writing import write_output_bytes

__all__ = ["write_bytes", "write_output"]


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically: a reader never sees half a picture."""
    write_output_bytes(path, data)


def write_output(out: str | os.PathLike[str], data: bytes) -> None:
    """Write to ``out``, or to standard output when ``out`` is ``-``."""
    write_output_bytes(out, data)
