"""The trace writer for engines: ``gametrace.h`` (C, C++ and Rust through its C ABI,
in ``include/``) and :class:`TraceWriter` (Python), which write the engine stream of
the trace format (version 2), and its check for ``gametrace validate``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .checking import is_engine_header
from .stream import check_engine_stream
from .writer import TraceWriter

__all__ = ["TraceWriter", "check_engine_stream", "include_folder", "is_engine_header"]


def include_folder() -> Path:
    """The folder holding ``gametrace.h`` (``cc -I"$(gametrace sdk --include)"``)."""
    return Path(str(resources.files("tracer") / "sdk" / "include"))
