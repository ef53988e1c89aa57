"""The repository's root holds only the project's fixed layout; test data lives under tests/."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYOUT = {
    # the product
    "pyproject.toml", "README.md", "tracer", "schemas", "traces", "tests", "docs",
    # the standard files of a package, where an index, a packager and a newcomer look
    "LICENSE", "CHANGELOG.md",
    # how it is built, checked and measured
    "Makefile", ".ci", "benchmarks", "tools", "hatch_build.py", ".gitignore",
    ".gitattributes", ".importlinter", "alembic.ini",
}


def test_the_root_holds_only_the_fixed_layout() -> None:
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                             capture_output=True).stdout.decode().split("\0")
    top = {name.split("/", 1)[0] for name in tracked if name}
    assert top - LAYOUT == set(), "move these under tests/ or tools/"
    assert {"pyproject.toml", "README.md", "tracer", "tests", "Makefile"} <= top
