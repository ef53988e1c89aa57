"""docs/architecture.md's worked example of a new search variant still holds: its diff
applies to a copy of this tree, and the test the diff adds passes there."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECTION = "### How to add a search variant"


def worked_example() -> str:
    """The one ```diff block of the section."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```diff\n(.*?)^```$", section, re.S | re.M)
    assert len(blocks) == 1, f"{SECTION!r} should show exactly one diff"
    return str(blocks[0])


def test_the_diff_is_the_name_one_module_and_its_test() -> None:
    changed = re.findall(r"^\+\+\+ b/(\S+)$", worked_example(), re.M)
    assert [p for p in changed if p.startswith("tracer/")] == [
        "tracer/families.py", "tracer/search/alphabeta.py"]
    assert [p for p in changed if not p.startswith("tracer/")] == [
        "tests/search/test_fail_hard_gt.py"]


def test_the_worked_example_applies_and_its_test_passes(tmp_path: Path) -> None:
    diff = worked_example()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for folder in ("tracer", "tests"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    for check in (["--check"], []):
        applied = subprocess.run(["git", "apply", *check, "-"], input=diff, text=True,
                                 cwd=tmp_path, capture_output=True, timeout=60)
        assert applied.returncode == 0, applied.stderr
    added = re.findall(r"^\+\+\+ b/(tests/\S+)$", diff, re.M)
    # The copy's package first: with this tree's, the variant would be unknown.
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          *added], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert re.search(r"\b1 passed\b", ran.stdout), ran.stdout
