"""Start uvicorn on the app (the ``gametrace serve`` command calls :func:`serve`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["default_db", "serve"]


def default_db() -> Path:
    """The embedded default store: ``$XDG_DATA_HOME/gametrace/traces.db``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "gametrace" / "traces.db"


def serve(*, host: str, port: int, db: Path | None, workers: int, root_path: str = "",
          limits: Mapping[str, Any] | None = None) -> None:
    """Run the service until interrupted; ``workers`` processes share the store;
    ``limits`` are :class:`~tracer.service.Settings` fields (``max_nodes``...)."""
    import uvicorn

    from .app import SETTINGS_ENV, settings_to_environment
    from .core import Settings
    from .store import SqliteStore

    path = (db or default_db()).resolve()
    SqliteStore(path)  # create it (and its tables) once, before the workers race to
    os.environ[SETTINGS_ENV] = settings_to_environment(Settings(db=str(path),
                                                                **dict(limits or {})))
    proxied = f", for a proxy at {root_path}/" if root_path else ""
    print(f"gametrace: serving http://{host}:{port}/ (store: {path}{proxied})", flush=True)
    uvicorn.run("tracer.service.app:app_from_environment", factory=True, host=host,
                port=port, workers=workers, log_level="warning", server_header=False,
                root_path=root_path)
