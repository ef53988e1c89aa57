"""Where the embedded default store is kept when no ``--db`` is given: read by
``gametrace serve`` (:mod:`tracer.service.run`) and by the migrations run by hand
(``alembic upgrade head`` without ``-x db=...``), and importing no database driver, so
that ``gametrace serve --help`` loads none."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["default_db"]


def default_db() -> Path:
    """The embedded default store: ``$XDG_DATA_HOME/gametrace/traces.db``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "gametrace" / "traces.db"
