"""``gametrace export`` refused the same way as every bad option: too many seeds, bad
ranges, names and outputs, and exercise specs no tree meets end with exit 2, one line
naming the value and what is allowed, and no file written (tests/faults/harness.py)."""

from __future__ import annotations

from pathlib import Path

from harness import Case, problems, run_cases

_SHAPE = ["-b", "2", "-d", "2"]


def _moodle(*args: str) -> list[str]:
    return ["export", "moodle", *_SHAPE, *args]


def _pl(*args: str) -> list[str]:
    return ["export", "prairielearn", *_SHAPE, *args]


def _cases() -> list[Case]:
    cases = [
        ("seeds-too-many", _moodle("--seeds", "1..201", "-o", "b.xml"), {}, "at most 200"),
        ("seeds-text", _moodle("--seeds", "one..two", "-o", "b.xml"), {},
         "expected MIN..MAX"),
        ("seeds-empty-range", _moodle("--seeds", "9..1", "-o", "b.xml"), {}, "is empty"),
        ("seeds-negative", _moodle("--seeds", "-3..2", "-o", "b.xml"), {}, "from 0"),
        ("leaves-too-many", ["export", "moodle", "-b", "3", "-d", "5", "--seeds", "1..100",
                             "-o", "b.xml"], {}, "too many for one export"),
        ("cuts-impossible", _moodle("--cuts", "5..6", "-o", "b.xml"), {}, "at most 2 cuts"),
        ("cuts-text", _moodle("--cuts", "x", "-o", "b.xml"), {}, "--cuts"),
        ("name-slash", _moodle("--name", "a/b", "-o", "b.xml"), {}, "a name is"),
        ("name-dot", _pl("--name", "..", "-o", "q.zip"), {}, "a name is"),
        ("image", _moodle("--image", "gif", "-o", "b.xml"), {}, "svg"),
        ("moodle-extension", _moodle("-o", "b.txt"), {}, "use .xml"),
        ("moodle-folder", _moodle("-o", "d"), {"d/keep": b"x"}, "no extension"),
        ("moodle-no-folder", _moodle("-o", "nowhere/b.xml"), {}, "does not exist"),
        ("moodle-no-output", ["export", "moodle", *_SHAPE], {}, "-o"),
        ("pl-file-as-folder", _pl("-o", "q"), {"q": b"a file"}, "is not a folder"),
        ("pl-no-folder", _pl("-o", "nowhere/q.zip"), {}, "does not exist"),
        ("pl-zip-is-folder", _pl("-o", "q.zip"), {"q.zip/keep": b"x"}, "is a folder"),
        ("branching", ["export", "moodle", "-b", "9", "-d", "2", "-o", "b.xml"], {},
         "--branching"),
        ("unknown-target", ["export", "gradescope", *_SHAPE], {}, "No such command"),
    ]
    return [Case(name, args, dict(files), codes=(2,), contains=says, category="export")
            for name, args, files, says in cases]


def test_bad_exports(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {'; '.join(found)} ({o.stderr.strip()[:200]!r})"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
