"""A recorder that switches a run's recording on and off itself (triggered capture).

A search asks its recorder once, when its :class:`~tracer.search.common.Run` is made,
whether it records; a :class:`Switch` says yes (so that node ids are made as in a full
trace) and is then handed the run, whose ``on`` flag it turns off and on again around the
subtree it captures (:mod:`tracer.search.capture`).  Every other recorder is untouched.
"""

from __future__ import annotations

from typing import Any

from ..events import Event
from ..header import Header, Result

__all__ = ["Switch"]


class Switch:
    """Base of the recorders that gate a run's events (see the module's docstring)."""

    enabled = True
    """True when the run is made: node ids are built as a full trace builds them."""

    def attach(self, run: Any) -> None:
        """Called at the end of ``Run.__init__`` with the run this recorder serves (a
        :class:`~tracer.search.common.Run`, which imports this module)."""
        raise NotImplementedError

    def start(self, header: Header) -> None:
        raise NotImplementedError

    def emit(self, event: Event) -> None:
        raise NotImplementedError

    def finish(self, result: Result) -> None:
        raise NotImplementedError
