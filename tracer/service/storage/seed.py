"""The repository's recorded traces (``traces/``), stored on the first start of a store."""

from __future__ import annotations

import json
from pathlib import Path

from .store import SqlStore, describe

__all__ = ["default_seed_dir", "seed_store"]

SEED_KEY = "seeded:traces"


def default_seed_dir() -> Path | None:
    """``traces/`` of the checkout the package runs from, if there is one."""
    here = Path(__file__).resolve().parent.parent.parent.parent / "traces"
    return here if here.is_dir() else None


def seed_store(store: SqlStore, folder: Path | None = None) -> bool:
    """Store every ``*.json`` trace of ``folder`` (tagged ``recorded``) unless this store
    was seeded before; True when it stored them now.  All or nothing: one transaction.

    The files are stored as they are: they are written by ``gametrace run -o`` (so in the
    canonical form) and validated by the test suite (tests/test_recorded_traces.py);
    validating them again here would make the first start take seconds."""
    folder = folder or default_seed_dir()
    if folder is None:
        return False
    items = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != "gametree-trace":
            continue  # the manifest, not a trace
        items.append((path.read_bytes(), {**describe(data.get("header") or {}),
                                          "tags": ["recorded"]}))
    return store.seed_once(SEED_KEY, items)
