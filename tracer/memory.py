"""Memory helpers shared by the readers of large inputs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector off for a while.

    Reading a large tree or replaying a long trace allocates millions of short-lived
    tuples, events and nodes, none of which form a reference cycle: the collector would
    only rescan the (large) structure over and over, which roughly doubles the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
