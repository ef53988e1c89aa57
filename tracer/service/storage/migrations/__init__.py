"""The store's Alembic migrations (``env.py``, ``versions/``): the only code that makes or
changes its tables.  :func:`tracer.service.storage.store.upgrade` runs them to the newest."""

from __future__ import annotations
