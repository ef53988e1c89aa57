"""A tree typed as text past its bound is said as a text too long (the schema's anyOf
had best-matched its JSON branch: "expected a JSON number", the wrong way)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.models.components import TREE_TEXT_CHARS


def test_a_text_tree_past_a_million_characters_is_said_too_long(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), max_body=3_000_000))
    text = "A(" + " ".join(["1"] * (TREE_TEXT_CHARS // 2 + 10)) + ")"
    with TestClient(app) as client:
        r = client.post("/v1/search", json={"tree": text})
    body = r.json()
    assert (r.status_code, body["where"]) == (422, "$.tree"), body
    assert "JSON number" not in body["detail"]
    assert f"has {len(text):,} characters: at most 1,000,000" in body["detail"]
