"""``tools/make_gallery.py --check`` (``make docs-check``) fails when a picture ``make docs``
draws is missing or is not what it drew, and when a page shows a picture that is not
there: checked on a temporary copy of docs/, with the committed state passing first."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _gallery() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_gallery",
                                                  ROOT / "tools" / "make_gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


GALLERY = _gallery()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    return tmp_path


def _wanted() -> list[str]:
    manifest = GALLERY.read_manifest()
    return [name for name in manifest if GALLERY._gallery_owns(name)]


def test_the_committed_pictures_are_what_make_docs_drew(copy: Path) -> None:
    assert GALLERY.picture_problems(_wanted(), copy) == []
    manifest = GALLERY.read_manifest()
    assert "docs/img/ordering/tictactoe.capture.svg" in manifest  # ordering.md shows it
    assert any(name.startswith("docs/img/export/") for name in manifest)


def test_a_missing_picture_fails(copy: Path) -> None:
    (copy / "docs/img/ordering/tictactoe.capture.svg").unlink()
    problems = GALLERY.picture_problems(_wanted(), copy)
    assert "missing picture docs/img/ordering/tictactoe.capture.svg" in problems
    assert "docs/ordering.md shows img/ordering/tictactoe.capture.svg, which is missing" \
        in problems


def test_a_stale_picture_fails(copy: Path) -> None:
    picture = copy / "docs/img/aima.window.svg"
    picture.write_bytes(picture.read_bytes().replace(b"</svg>", b"<!-- old --></svg>"))
    assert GALLERY.picture_problems(_wanted(), copy) == [
        "docs/img/aima.window.svg is not what `make docs` drew (stale or edited)"]


def test_a_picture_no_generator_recorded_fails(copy: Path) -> None:
    shutil.copy(copy / "docs/img/ordering/aima.plot.svg", copy / "docs/img/ordering/by-hand.svg")
    assert GALLERY.picture_problems(_wanted(), copy) == [
        "docs/img/ordering/by-hand.svg is not in docs/img/pictures.sha256: run `make docs`"]


def test_recording_replaces_only_the_generators_own_entries(copy: Path) -> None:
    before = GALLERY.read_manifest(copy)
    plot = copy / "docs/img/ordering/aima.plot.svg"
    plot.write_bytes(b"<svg/>")
    GALLERY.record([plot], lambda name: name.startswith("docs/img/ordering/"), copy)
    after = GALLERY.read_manifest(copy)
    assert {n for n in after if n.startswith("docs/img/ordering/")} == \
        {"docs/img/ordering/aima.plot.svg"}
    assert {n: d for n, d in after.items() if not n.startswith("docs/img/ordering/")} == \
        {n: d for n, d in before.items() if not n.startswith("docs/img/ordering/")}
