"""What the LTI tests share: the assignment they hand out, the tool served on loopback
with its ``--lti`` file registering the test platform (:mod:`lti_platform`), and
:func:`serving`, which starts the two for as long as a test needs them.

The tool is served over HTTP because the two sides fetch each other: pylti1p3 the
platform's key set, the platform the tool's (to check a client assertion or a
deep-linking answer).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import lti_platform
from loopback import served  # tests/service/loopback.py: tests/lti/conftest.py finds it

from tracer.service import Settings, create_app
from tracer.service.storage.store import SqlStore

__all__ = ["AIMA", "Tool", "lti_platform", "serving"]

AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
    "attempts": 2, "feedback": "first-mistake", "solution": "never"}
"""An assignment of docs/classroom.md: six marks (value, move, three values, pruned)."""



@dataclass
class Tool:
    """The tool served on loopback, the platform it is registered with, its app."""

    base: str
    platform: Any
    app: Any
    config_file: Path
    tokens: dict[str, str] = dataclasses.field(default_factory=dict)
    """The teacher token of each course made by :meth:`course`."""

    @property
    def service(self) -> Any:
        return self.app.state.service

    def api(self) -> httpx.Client:
        """A script's client of the tool's API (no browser headers)."""
        return httpx.Client(base_url=self.base, timeout=60)

    def course(self, title: str = "Intelligenza Artificiale") -> tuple[str, str]:
        with self.api() as c:
            r = c.post("/v1/courses", json={"title": title})
        assert r.status_code == 201, r.text
        ident, token = str(r.json()["id"]), str(r.json()["teacher_token"])
        self.tokens[ident] = token
        return ident, token

    def course_token(self, course: str) -> str:
        return self.tokens[course]

    def assignment(self, course: str, teacher: str,
                   document: dict[str, Any] | None = None) -> str:
        with self.api() as c:
            r = c.post(f"/v1/courses/{course}/assignments", json=document or AIMA,
                       headers={"Authorization": f"Bearer {teacher}"})
        assert r.status_code == 201, r.text
        return str(r.json()["id"])


def serving(db: str, folder: Path) -> Iterator[Tool]:
    """A platform and the tool registered with it, its store ``db``, until closed."""
    platform = lti_platform.Platform.start()
    private, public = lti_platform.tool_keys(folder / "keys")
    config_file = folder / "lti.json"
    config_file.write_text(json.dumps(platform.registration(private, public)))
    seeds = folder / "no-traces"
    seeds.mkdir()
    app = create_app(Settings(db=db, seed_dir=seeds, lti=str(config_file)))
    try:
        for base in served(app):
            platform.know_tool(base)
            yield Tool(base, platform, app, config_file)
    finally:
        platform.stop()
        store = app.state.service.store
        if isinstance(store, SqlStore):
            store.engine.dispose()
