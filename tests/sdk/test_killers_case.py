"""The worked case in C of docs/engines.md: tests/sdk/killers.c is the page's C block,
compiles with every warning an error, and the tools find its planted bug (killer moves
stored but never tried) by themselves, on its own engine streams."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "engines.md"
SOURCE = ROOT / "tests" / "sdk" / "killers.c"
GAMETRACE = [sys.executable, "-m", "tracer"]
CC = shutil.which("gcc") or shutil.which("cc")

pytestmark = [pytest.mark.subprocess,
              pytest.mark.skipif(CC is None, reason="needs a C compiler")]


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), GAMETRACE_LANG="en")


def gametrace(folder: Path, *args: str) -> str:
    done = subprocess.run([*GAMETRACE, *args], cwd=folder, capture_output=True, text=True,
                          env=_env())
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The engine compiled as C99 with every warning an error, run fixed and buggy."""
    folder = tmp_path_factory.mktemp("killers")
    from tracer.sdk import include_folder

    assert CC is not None
    subprocess.run([CC, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2",
                    f"-I{include_folder()}", str(SOURCE), "-o", "killers"], cwd=folder,
                   check=True)
    for args in (["fixed.jsonl"], ["--bug", "buggy.jsonl"]):
        subprocess.run(["./killers", *args], cwd=folder, check=True, capture_output=True)
        assert gametrace(folder, "validate", args[-1]) == \
            f"{args[-1]}: valid engine trace stream\n"
    return folder


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _orders(path: Path) -> tuple[dict[tuple[str, ...], list[tuple[str, str]]],
                                 dict[tuple[str, ...], str]]:
    """Each node's moves (and classes) in the order tried, and the move that cut it."""
    paths: dict[object, tuple[str, ...]] = {0: ()}
    orders: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    cuts: dict[tuple[str, ...], str] = {}
    for ev in _lines(path)[1:]:
        if ev["type"] == "enter":
            parent = paths[ev["parent"]]
            paths[ev["node"]] = (*parent, str(ev["move"]))
            orders.setdefault(parent, []).append((str(ev["move"]), str(ev.get("class"))))
        elif ev["type"] == "cutoff":
            node = paths[ev["node"]]
            cuts[node] = orders[node][-1][0]
    return orders, cuts


def test_the_source_is_the_pages_c_block() -> None:
    blocks = re.findall(r"^```c\n(.*?)^```", DOC.read_text(), re.S | re.M)
    assert SOURCE.read_text() in blocks


def test_both_find_the_same_value_and_move(traces: Path) -> None:
    fixed, buggy = (json.loads((traces / name).read_text().splitlines()[-1])
                    for name in ("fixed.jsonl", "buggy.jsonl"))
    assert (fixed["value"], buggy["value"]) == (-2, -2)
    assert (fixed["stats"]["nodes_visited"], buggy["stats"]["nodes_visited"]) == (3310, 7934)


def test_stats_by_class_shows_no_killer_tried(traces: Path) -> None:
    def classes(name: str) -> dict[str, dict[str, int]]:
        shown = json.loads(gametrace(traces, "stats", name, "--by-class", "--json"))
        found: dict[str, dict[str, int]] = shown["total"]["by_class"]
        return found

    fixed, buggy = classes("fixed.jsonl"), classes("buggy.jsonl")
    assert "killer" in fixed and "killer" not in buggy
    assert fixed["killer"]["cuts"] > fixed["quiet"]["cuts"]


def test_the_worst_nodes_are_where_the_fixed_engines_killer_cuts(traces: Path) -> None:
    worst = json.loads(gametrace(traces, "regret", "buggy.jsonl", "--json"))["worst"]
    orders, cuts = _orders(traces / "fixed.jsonl")
    late = at_killer = 0
    for w in worst:
        if w["cut_by"] is None:
            continue
        late += w["cut_rank"] >= 5
        node = tuple(w["path"])
        if node in cuts:
            tried = [move for move, _ in orders[node]]
            rank = tried.index(cuts[node]) + 1
            at_killer += (cuts[node] == w["cut_by"] and rank == 3
                          and orders[node][2][1] == "killer")
    assert late >= 8  # the buggy search's cutting moves ranked 5 or 6
    assert at_killer >= 4  # the same refutation the fixed engine tries third, a killer


def test_bisect_finds_the_first_node_a_killer_reorders(traces: Path) -> None:
    shown = json.loads(gametrace(traces, "bisect", "fixed.jsonl", "buggy.jsonl", "--json"))
    d = shown["divergence"]
    a, b = d["order_a"], d["order_b"]
    killer = a[2]
    assert killer.startswith("q") and b.index(killer) > 2  # a quiet move moved up
    assert [m for m in a if m != killer] == [m for m in b if m != killer]
    orders, _ = _orders(traces / "fixed.jsonl")
    assert orders[tuple(d["path"])][2] == (killer, "killer")
    assert d["window_a"] == [None, None]
    assert sum(p["difference"] for p in shown["parts"]) == shown["nodes_a"] - shown["nodes_b"]
