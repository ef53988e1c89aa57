"""``make docs`` builds the site (Sphinx and myst-parser, docs/conf.py) with warnings as
errors: a page outside the table of contents, a link to a page or heading that is not
there, a picture that is missing, all fail it.  The built pages are then read back: every
link and picture inside the site resolves to a file of it, and every ``#anchor`` to an id
of its page.  Links to other sites are only counted, never fetched (the network is closed).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

pytestmark = pytest.mark.slow  # a whole build: ten seconds or so


def _build(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
         "-d", str(out / ".doctrees"), str(source), str(out / "site")],
        capture_output=True, text=True, check=False)


class _Page(HTMLParser):
    """The ids of a page and the links and pictures it points to."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        for name in ("href", "src"):
            if found.get(name) and tag in ("a", "img", "link", "script", "image", "source"):
                self.targets.append(str(found[name]))


def _read(page: Path) -> _Page:
    parsed = _Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


def broken_targets(site: Path) -> tuple[list[str], int]:
    """Every link or picture of the site's pages that resolves to no file of the site, or
    to no id of its page; and how many links go to other sites (not fetched)."""
    pages = {page: _read(page) for page in sorted(site.rglob("*.html"))}
    broken: list[str] = []
    outside = 0
    for page, parsed in pages.items():
        for target in parsed.targets:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc:
                outside += parts.scheme in ("http", "https", "mailto")
                if parts.scheme not in ("http", "https", "mailto", "data"):
                    broken.append(f"{page.relative_to(site)}: {target}")
                continue
            where = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if where.is_dir():
                where = where / "index.html"
            name = f"{page.relative_to(site)}: {target}"
            if not where.is_file():
                broken.append(name)
            elif parts.fragment and where.suffix == ".html":
                ids = pages[where].ids if where in pages else _read(where).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(name)
    return broken, outside


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = _build(DOCS, out)
    assert built.returncode == 0, built.stderr
    assert "WARNING" not in built.stderr, built.stderr
    return out / "site"


def test_the_site_builds_with_warnings_as_errors_and_has_every_page(site: Path) -> None:
    pages = {page.stem for page in DOCS.glob("*.md")}
    built = {page.stem for page in site.glob("*.html")}
    assert pages <= built
    assert "Alpha-beta" in (site / "algorithms.html").read_text(encoding="utf-8")


def test_every_link_and_picture_inside_the_site_resolves(site: Path) -> None:
    broken, outside = broken_targets(site)
    assert broken == []
    gallery = _read(site / "gallery.html")
    pictures = [target for target in gallery.targets if target.endswith(".svg")]
    assert len(pictures) >= 20  # the gallery's pictures are in the site, and were checked
    assert all((site / picture).is_file() for picture in pictures)
    assert outside > 0  # links to other sites exist, and are left alone


def test_a_missing_page_heading_or_picture_fails_the_build(tmp_path: Path) -> None:
    source = tmp_path / "docs"
    source.mkdir()
    shutil.copy(DOCS / "conf.py", source / "conf.py")
    (source / "index.md").write_text(
        "# Home\n\n```{toctree}\npage\n```\n", encoding="utf-8")
    (source / "page.md").write_text(
        "# Page\n\n## A heading\n\n"
        "[there](#a-heading) [gone](nowhere.md) [no heading](index.md#nowhere)\n\n"
        "![no picture](img/gone.svg)\n", encoding="utf-8")
    built = _build(source, tmp_path / "out")
    assert built.returncode != 0
    assert "nowhere.md" in built.stderr
    assert "'nowhere'" in built.stderr
    assert "img/gone.svg" in built.stderr
    assert "a-heading" not in built.stderr


def test_the_checker_finds_a_broken_link_of_a_built_page(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<p id="here"><a href="#here">ok</a> <a href="b.html">gone</a>'
        ' <a href="a.html#there">no id</a> <img src="pic.svg">'
        ' <a href="https://example.org/">outside</a></p>', encoding="utf-8")
    broken, outside = broken_targets(tmp_path)
    assert broken == ["a.html: b.html", "a.html: a.html#there", "a.html: pic.svg"]
    assert outside == 1
