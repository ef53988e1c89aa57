"""A hostile student's second pass over the CLI, run by the fault harness: a value that
an error line quotes (a megabyte-long key of a tree, a name with line breaks or
terminal escapes in it) still gives exactly one line, short enough to read, on stderr."""

from __future__ import annotations

import json
from pathlib import Path

from harness import Case, problems, run_cases

from tracer.errors import MESSAGE_CHARS

LONG = 1_000_000


def _tree(tree: object) -> bytes:
    return json.dumps({"tree": tree}).encode()


def quoted_values() -> list[Case]:
    files = {
        "key.json": _tree({"k" * LONG: 1}),
        "player.json": _tree({"player": "p" * LONG, "children": [1, 2]}),
        "breaks.json": _tree({"player": "MAX\r\u2028\x1b[2Jfake line", "children": [1, 2]}),
        "keybreaks.json": _tree({"a\rb\u2028c\x85d": 1}),
    }
    cases = []
    for name in files:
        for command in ("run", "validate"):
            cases.append(Case(f"quoted-{command}-{name}", [command, name], dict(files),
                              codes=(1, 2), category="quoted-values"))
    cases.append(Case("quoted-example-breaks", ["run", "a\rb\u2028c"], codes=(1, 2),
                      category="quoted-values"))
    return cases


def test_an_error_quoting_a_hostile_value_is_one_short_line(tmp_path: Path) -> None:
    cases = quoted_values()
    outcomes = run_cases(cases, tmp_path)
    found = {c.name: problems(c, o) for c, o in zip(cases, outcomes, strict=True)}
    assert {k: v for k, v in found.items() if v} == {}
    lengths = {c.name: len(o.stderr) for c, o in zip(cases, outcomes, strict=True)}
    assert max(lengths.values()) < MESSAGE_CHARS + 200, lengths
    for case, outcome in zip(cases, outcomes, strict=True):
        line = outcome.stderr.rstrip("\n")
        assert line.isprintable(), (case.name, line[:200])
