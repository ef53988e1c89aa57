"""The C writer and the Python writer are twins: random searches (iterative deepening,
re-searches, cutoffs, table probes and stores, move classes, both conventions, both
modes) written through each give the same bytes, which validate accepts; a call out of
place makes the C writer say so on stderr, return -1 and leave no file."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tracer import TraceWriter
from tracer._api import validate_file
from tracer.sdk import include_folder
from tracer.sdk.writer import Bound, Convention, Mode

HERE = Path(__file__).resolve().parent
CC = shutil.which("gcc") or shutil.which("cc")
BOUNDS: tuple[Bound, ...] = ("exact", "lower", "upper")
MODES: tuple[Mode, ...] = ("full", "counters")
CONVENTIONS: tuple[Convention, ...] = ("minimax", "negamax")
CLASSES = ("capture", "killer", "quiet")

pytestmark = [pytest.mark.subprocess,
              pytest.mark.skipif(CC is None, reason="needs a C compiler")]


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    exe = tmp_path_factory.mktemp("replay") / "replay"
    assert CC is not None
    subprocess.run([CC, "-std=c99", "-Wall", "-Wextra", "-Werror", "-O1",
                    f"-I{include_folder()}", str(HERE / "replay.c"), "-o", str(exe)],
                   check=True)
    return exe


def _search(rng: random.Random) -> list[tuple[str, ...]]:
    """A random search's calls: iterations of a random tree, nodes searched again."""
    calls: list[tuple[str, ...]] = []

    def node(depth: int) -> None:
        if rng.random() < 0.3:
            hit = rng.random() < 0.5
            calls.append(("p", str(int(hit)), str(rng.randrange(3)), str(rng.randint(-50, 50)),
                          str(rng.randrange(5))))
            if hit and rng.random() < 0.5:
                return  # the table's answer: no child tried
        if depth == 0:
            return
        for i in range(rng.randint(1, 4)):
            if rng.random() < 0.3:
                calls.append(("k", f"m{i}", str(rng.randrange(3))))
            else:
                calls.append(("e", f"m{i}"))
            node(depth - 1)
            calls.append(("l", str(rng.randint(-99, 99))))
            if rng.random() < 0.2:
                calls.append(("r", str(rng.randint(-99, 0)), str(rng.randint(1, 99))))
                node(depth - 1)
                calls.append(("l", str(rng.randint(-99, 99))))
            if rng.random() < 0.25:
                calls.append(("c",))
                break
        if rng.random() < 0.3:
            calls.append(("s", str(rng.randrange(3)), str(rng.randint(-50, 50)),
                          str(depth)))

    for depth in range(1, rng.randint(2, 4)):
        calls.append(("i", str(depth)))
        node(depth)
        calls.append(("l", str(rng.randint(-99, 99))))
        if rng.random() < 0.3:  # an aspiration window failed: the root again
            calls.append(("r", "-500", "500"))
            node(depth)
            calls.append(("l", str(rng.randint(-99, 99))))
    return calls


def _python(path: Path, calls: list[tuple[str, ...]], mode: Mode,
            convention: Convention) -> None:
    with TraceWriter(str(path), game="twins", variant="random", eval="random",
                     position="start", classes=CLASSES, mode=mode,
                     convention=convention) as t:
        for kind, *args in calls:
            if kind == "e":
                t.enter(args[0])
            elif kind == "k":
                t.enter(args[0], move_class=CLASSES[int(args[1])])
            elif kind == "l":
                t.leave(int(args[0]))
            elif kind == "c":
                t.cut()
            elif kind == "p":
                t.tt_probe(args[0] == "1", BOUNDS[int(args[1])], int(args[2]),
                           int(args[3]))
            elif kind == "s":
                t.tt_store(BOUNDS[int(args[0])], int(args[1]), int(args[2]))
            elif kind == "i":
                t.iteration(int(args[0]))
            else:
                t.research(int(args[0]), int(args[1]))


@pytest.mark.parametrize("seed", range(12))
def test_c_and_python_write_the_same_bytes(replay: Path, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    calls = _search(rng)
    script = "".join(" ".join(call) + "\n" for call in calls)
    for mode in MODES:
        for convention in CONVENTIONS:
            c_trace, py_trace = tmp_path / f"c-{mode}.jsonl", tmp_path / f"py-{mode}.jsonl"
            subprocess.run([str(replay), str(c_trace), mode, convention], input=script,
                           text=True, check=True)
            _python(py_trace, calls, mode, convention)
            assert c_trace.read_bytes() == py_trace.read_bytes(), (mode, convention)
            assert validate_file(c_trace) == "engine trace stream"


def test_a_call_out_of_place_leaves_no_file(replay: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    done = subprocess.run([str(replay), str(out), "full", "minimax"], input="c\n",
                          text=True, capture_output=True)
    assert done.returncode == 1
    assert done.stderr == "gametrace.h: gt_cut with no child left at the current node " \
        "(event 1)\n"
    assert list(tmp_path.iterdir()) == []


def test_a_trace_to_standard_output_is_the_same_lines(replay: Path, tmp_path: Path) -> None:
    """``gt_open("-", ...)``: for ``engine | gzip > t.jsonl.gz``, compression on another core."""
    script = "".join(" ".join(call) + "\n" for call in _search(random.Random(99)))
    subprocess.run([str(replay), str(tmp_path / "t.jsonl"), "full", "negamax"], input=script,
                   text=True, check=True)
    piped = subprocess.run([str(replay), "-", "full", "negamax"], input=script, text=True,
                           capture_output=True, check=True)
    assert piped.stdout == (tmp_path / "t.jsonl").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.jsonl"]
