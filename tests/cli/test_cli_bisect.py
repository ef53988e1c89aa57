"""``gametrace bisect``: the text, the JSON, the refusal of two positions."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import gametrace


def _run(tmp_path: Path, name: str, *args: str) -> str:
    path = str(tmp_path / f"{name}.jsonl")
    code, _, err = gametrace("run", *args, "-o", path, "-q")
    assert code == 0, err
    return path


def test_natural_against_best_order(tmp_path: Path) -> None:
    a, b = _run(tmp_path, "a", "aima"), _run(tmp_path, "b", "aima", "--order", "best")
    code, out, err = gametrace("bisect", a, b)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[2] == "on aima; B - A = -2 nodes"
    assert lines[3:7] == ["first divergence after 1 shared node events, at B (min):",
                          "  A order: E F G", "  B order: E G F",
                          "  A window: (-inf, +inf), B window: (-inf, +inf)"]
    assert lines[9].split() == ["-1", "1", "0", "a-only", "D", "K"]
    code, out, _ = gametrace("bisect", a, b, "--json")
    data = json.loads(out)
    assert (code, data["divergence"]["node"], data["divergence"]["order_b"]) == (
        0, "B", ["E", "G", "F"])
    assert sum(p["difference"] for p in data["parts"]) == 2


def test_the_picture(tmp_path: Path) -> None:
    a, b = _run(tmp_path, "a", "aima"), _run(tmp_path, "b", "aima", "--order", "best")
    picture = tmp_path / "d.svg"
    code, out, err = gametrace("bisect", a, b, "--picture", str(picture))
    assert code == 0 and out.startswith("A: ")
    assert err == f"picture written to {picture}\n"
    assert "first divergence at B (min)" in picture.read_text()
    code, out, _ = gametrace("bisect", a, b, "--picture", "-")
    assert code == 0 and out.startswith("digraph bisect")


def test_two_positions_are_a_usage_error(tmp_path: Path) -> None:
    a, b = _run(tmp_path, "a", "aima"), _run(tmp_path, "b", "three-mins")
    code, out, err = gametrace("bisect", a, b)
    assert (code, out) == (2, "")
    assert err.startswith(f"gametrace: error: {a} and {b} are not searches of one position")
