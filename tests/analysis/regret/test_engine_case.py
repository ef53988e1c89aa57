"""The worked case of docs/engines.md: its commands give the outputs the page shows, and
the tools find the planted bug (killer moves stored one ply too deep) by themselves."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs import console

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "engines.md"
ENGINE = ROOT / "docs" / "examples" / "engine" / "engine.py"



def run(command: str, folder: Path) -> tuple[int, str, str]:
    args = shlex.split(command)
    if args[:2] == ["python", "docs/examples/engine/engine.py"]:
        args = [sys.executable, str(ENGINE), *args[2:]]
    else:
        assert args[0] == "gametrace", command
        args = [sys.executable, "-m", "tracer", *args[1:]]
    done = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=900)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def worked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page's console blocks run in a folder of their own, in order, each output
    checked as tests/docs/ checks every other page's (the page says, at its top, that
    they are run here, where its files are read again)."""
    folder = tmp_path_factory.mktemp("engines")
    env = console.prepare(folder, DOC)
    shutil.copy(ROOT / "tests" / "sdk" / "killers.c", folder)  # the C case's engine
    assert console.elsewhere(DOC) == Path(__file__).relative_to(ROOT).as_posix()
    ran = []
    for block in console.blocks(DOC):
        for command in block.commands:
            printed = console.run(command.line, folder, env, timeout=900)
            shown = console.normalise(command.shown)
            assert console.matches(shown, console.normalise(printed)), (command.line, printed)
            ran.append(command)
    assert len(ran) >= 7
    return folder


def _trace(path: Path) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Each node's moves in search order, and the move after which it cut."""
    orders, cuts = {}, {}
    with path.open() as lines:
        for line in lines:
            item = json.loads(line)
            if item.get("type") == "expand":
                orders[item["node"]] = item["moves"]
            elif item.get("type") == "cut":
                cuts[item["node"]] = item["after"].rsplit("/", 1)[-1]
    return orders, cuts


def test_the_page_shows_what_its_commands_print(worked: Path) -> None:
    assert (worked / "regret.svg").is_file()
    assert len(list((worked / "worst").iterdir())) == 10


def test_stats_shows_fail_high_first_dropping_where_killers_cut(worked: Path) -> None:
    def rates(name: str) -> list[float | None]:
        code, out, _ = run(f"gametrace stats {name} --json", worked)
        assert code == 0
        return [d["fail_high_first"] for d in json.loads(out)["depths"]]

    fixed, buggy = rates("fixed.jsonl"), rates("buggy.jsonl")
    for ply in (1, 3):  # Black's plies: the quiet refutations of the back-rank threat
        assert buggy[ply] is not None and fixed[ply] is not None
        assert buggy[ply] < fixed[ply] - 0.05


def test_the_worst_nodes_are_where_the_fixed_engines_killer_cuts(worked: Path) -> None:
    code, out, _ = run("gametrace regret buggy.jsonl --json", worked)
    assert code == 0
    worst = json.loads(out)["worst"]
    orders, cuts = _trace(worked / "fixed.jsonl")
    at_killers = 0
    for w in worst:
        node = "/".join(w["path"])
        if w["cut_by"] is None or "x" in w["cut_by"]:
            continue
        # the buggy engine searched quiet moves in their natural order until one cut;
        # the fixed one cut the same node with a quiet move it tried out of that order,
        # right after the captures: a killer
        moves = orders[node]
        captures = sum("x" in m for m in moves)
        cut = cuts[node]
        rank = moves.index(cut) + 1
        natural = [m for m in moves[captures:] if "x" not in m]
        if rank <= captures + 2 and "x" not in cut and natural.index(cut) < 2 \
                and w["cut_rank"] > captures + 2:
            at_killers += 1
    assert at_killers >= 8  # of the ten worst nodes
    first = worst[0]
    assert len(first["path"]) == 1 and first["cut_rank"] >= 10


def test_bisect_finds_the_first_node_that_uses_a_killer(worked: Path) -> None:
    code, out, _ = run("gametrace bisect fixed.jsonl buggy.jsonl --json", worked)
    assert code == 0
    divergence = json.loads(out)["divergence"]
    assert len(divergence["path"]) == 3  # ply 3: Black's killers in the first root move
    a, b = divergence["order_a"], divergence["order_b"]
    captures = sum("x" in m for m in a)
    assert a[:captures] == b[:captures]  # MVV-LVA agrees
    killer = a[captures]
    assert "x" not in killer and b.index(killer) > captures  # tried early by the fix only
    assert [m for m in a if m != killer] == [m for m in b if m != killer]
