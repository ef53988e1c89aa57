"""The budgets of a search (:class:`Limits`): how many nodes, how many seconds, how many
bytes of trace it may take before it stops cleanly, and which option sets each
(:data:`STOPPED_BY`).  A :class:`~tracer.search.common.Run` checks them as it goes.

They are data of the core, beside the search spec that carries them (:mod:`tracer.spec`),
so that the spec names them without importing the searches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .ranges import check_count, check_seconds

__all__ = ["NO_LIMITS", "STOPPED_BY", "Limits"]


@dataclass(frozen=True)
class Limits:
    """Budgets that stop a search cleanly, and a progress callback (not recorded)."""

    max_nodes: int | None = None
    """Stop after visiting this many nodes (expanded + evaluated)."""
    time_limit: float | None = None
    """Stop after this many seconds of search."""
    progress: Callable[[int, float], None] | None = None
    """Called about twice a second with (nodes visited, seconds elapsed)."""
    max_trace_bytes: int | None = None
    """Stop before the events recorded would take more than this many bytes of JSON text
    (a recorder that writes text, or a :class:`~tracer.record.MemoryRecorder`; the
    header and the result come on top)."""

    def __post_init__(self) -> None:
        check_count("--max-nodes", self.max_nodes, low=1)
        check_seconds("--time-limit", self.time_limit)
        check_count("the trace budget (bytes)", self.max_trace_bytes, low=1)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.max_nodes is not None:
            out["max_nodes"] = self.max_nodes
        if self.time_limit is not None:
            out["time_limit"] = self.time_limit
        if self.max_trace_bytes is not None:
            out["max_trace_bytes"] = self.max_trace_bytes
        return out


NO_LIMITS = Limits()

STOPPED_BY = {"max-nodes": "--max-nodes", "time-limit": "--time-limit",
              "max-trace-bytes": "--max-trace-mb"}
"""Each reason a search stops early (``Result.stopped``) and the command-line option
that sets its budget."""
