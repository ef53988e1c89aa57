"""The budgets of a search, which live in the core (:mod:`tracer.limits`): this name is
kept for the modules that still import them from here (the classroom's, the service's),
until they import :mod:`tracer.limits` themselves."""

from __future__ import annotations

from ..limits import NO_LIMITS, STOPPED_BY, Limits

__all__ = ["NO_LIMITS", "STOPPED_BY", "Limits"]
