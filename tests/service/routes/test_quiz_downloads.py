"""The quiz's blank tree downloads as SVG, PNG and PDF, drawn by ``POST /v1/worksheet`` in
the page's language and theme; another format or theme is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browsers import browser
from pages import opened
from starlette.testclient import TestClient

__all__ = ["browser"]


@pytest.mark.parametrize(("fmt", "media", "magic"), [
    ("svg", "image/svg+xml", b"<?xml"), ("png", "image/png", b"\x89PNG\r\n\x1a\n"),
    ("pdf", "application/pdf", b"%PDF-")])
def test_the_sheet_is_drawn_in_each_format(client: TestClient, fmt: str, media: str,
                                           magic: bytes) -> None:
    r = client.post("/v1/worksheet", json={"example": "aima", "lang": "it", "format": fmt})
    assert r.status_code == 200
    assert r.headers["content-type"].split(";")[0] == media
    assert r.content.startswith(magic)


def test_the_sheet_takes_the_language_and_the_theme(client: TestClient) -> None:
    def sheet(**asked: str) -> str:
        return client.post("/v1/worksheet", json={"example": "aima", **asked}).text

    colour, printed = sheet(lang="it"), sheet(lang="it", theme="print")
    assert "Alfa&#45;beta a mano" in colour and "Alfa&#45;beta a mano" in printed
    assert colour != printed
    assert sheet() == sheet(theme="colour", format="svg")  # the defaults are the old sheet


@pytest.mark.parametrize(("asked", "detail"), [
    ({"format": "gif"}, "unknown format 'gif' (choose from: svg, png, pdf)"),
    ({"theme": "neon"}, "unknown theme 'neon' (choose from: colour, print)")])
def test_another_format_or_theme_is_refused(client: TestClient, asked: dict[str, str],
                                            detail: str) -> None:
    r = client.post("/v1/worksheet", json={"example": "aima", **asked})
    assert (r.status_code, r.json()["detail"]) == (422, detail)


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_the_quiz_downloads_in_the_page_language_and_theme(browser: Any, live_server: str,
                                                           fmt: str) -> None:
    with opened(browser, "desktop", "it") as page:
        page.goto(f"{live_server}/#/quiz?example=aima&theme=print")
        page.wait_for_selector("#quiz-figure svg g.node[role=checkbox]")
        asked: list[dict[str, Any]] = []
        page.on("request", lambda r: asked.append(json.loads(r.post_data or "{}"))
                if r.url.endswith("/v1/worksheet") else None)
        button = page.locator(f"#quiz-download-{fmt}")
        assert button.text_content() == f"Scarica l'albero in {fmt.upper()}"
        with page.expect_download() as got:
            button.click()
        assert got.value.suggested_filename == f"quiz.{fmt}"
        assert asked[-1] == {"example": "aima", "lang": "it", "theme": "print", "format": fmt}
        data = Path(got.value.path()).read_bytes()
        assert data.startswith({"svg": b"<?xml", "png": b"\x89PNG", "pdf": b"%PDF-"}[fmt])
        if fmt == "svg":
            assert "Alfa&#45;beta a mano" in data.decode()
