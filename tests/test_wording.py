"""Users see the lecture notes by their own titles, never by our internal numbering.

The notes are numbered 000..004 where we keep them, and their worked examples are
numbered in our digest of them; a user knows "Giochi a due giocatori" or "Teoria dei
giochi - 2. Forma estesa", not "lecture 003" or "digest item 10".  Code, docs, the
recorded traces, the tools and the tests cite the notes by title and section, and name
no issue of our tracker.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

NUMBERED = re.compile(r"lectures? ?0\d\d|lecture \d|digest item|\bissue ?#?\d", re.IGNORECASE)
"""``lecture 003``, ``lectures 000, 001``, ``Lecture 4``: a lecture named by number;
``digest item 10``: a worked example by our number; ``issue 15``: our tracker."""

WHERE = ("tracer", "docs", "README.md", "CHANGELOG.md", "traces", "tools",
         "benchmarks", "tests")


def _tracked(top: str) -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z", "--", top], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    return [ROOT / name for name in names if name and (ROOT / name).is_file()]


def numbered_lectures(paths: list[Path], base: Path = ROOT) -> list[str]:
    """Every ``file:line: text`` with our internal numbering (``file`` relative to
    ``base``)."""
    found = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # pictures and compressed files hold no prose
        for number, line in enumerate(text.splitlines(), 1):
            if NUMBERED.search(line) and path != Path(__file__).resolve():
                found.append(f"{path.relative_to(base)}:{number}: {line.strip()[:80]}")
    return found


@pytest.mark.parametrize("top", WHERE)
def test_nothing_is_named_by_our_internal_numbering(top: str) -> None:
    paths = _tracked(top)
    assert paths, f"nothing tracked under {top}"
    assert numbered_lectures(paths) == [], "cite the lecture's own title and section"


def test_the_check_finds_a_numbered_lecture(tmp_path: Path) -> None:
    # The pattern must catch each way the numbers were written, and let titles pass.
    cases = {"a.py": "the AIMA tree of lecture 003", "b.md": "lectures 000, 001, 003",
             "c.md": "Lecture 4", "d.json": '{"description": "(lecture 001)"}',
             "e.md": "Digest item 10, the coin", "f.py": "# Issue 15 asks for this",
             "g.md": "the AIMA tree of Teoria dei giochi - 2. Forma estesa",
             "h.md": "an issue with 3 nodes; tissue 4"}
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = numbered_lectures(sorted(tmp_path.iterdir()), tmp_path)
    assert [line.split(":", 1)[0] for line in found] == [
        "a.py", "b.md", "c.md", "d.json", "e.md", "f.py"]
