"""A progress bar (click.progressbar) on standard error for the commands that can run for
seconds, drawn only on a terminal: never into a pipe, never under -q.  The terminal is
a pseudo-terminal (os.openpty) given to a child as its standard error."""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2]), "COLUMNS": "100"}

COMMANDS: dict[str, tuple[list[str], str]] = {
    # a command line (files in the folder) and the bar's label
    "render": (["render", "t.jsonl", "-o", "t.svg"], "reading"),
    "stats": (["stats", "t.jsonl"], "reading"),
    "regret": (["regret", "t.jsonl"], "reading"),
    "bisect": (["bisect", "t.jsonl", "t2.jsonl"], "reading"),
    "index": (["index", "t.jsonl", "-o", "t.index"], "indexing"),
    "compare": (["compare", "aima", "--orders", "natural,random:30"], "comparing"),
    "render --frames": (["render", "t.jsonl", "--frames", "frames"], "drawing"),
    "export moodle": (["export", "moodle", "-b", "2", "-d", "3", "--seeds", "1..4",
                       "-o", "bank.xml"], "exporting"),
    "export prairielearn": (["export", "prairielearn", "-b", "2", "-d", "3", "--seeds",
                             "1..4", "-o", "pl.zip"], "exporting"),
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("bars")
    for name, order in (("t.jsonl", "natural"), ("t2.jsonl", "reverse")):
        subprocess.run([sys.executable, "-m", "tracer", "run", "aima", "--order", order,
                        "-o", name, "-q"], cwd=base, env=ENV, check=True,
                       capture_output=True)
    return base


def _on_a_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """``gametrace ARGS`` with standard error on a pseudo-terminal: its exit code and
    what the terminal received."""
    master, slave = os.openpty()
    try:
        child = subprocess.Popen([sys.executable, "-m", "tracer", *args], cwd=cwd, env=ENV,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=slave)
        os.close(slave)
        received = b""
        while True:
            try:
                block = os.read(master, 65536)
            except OSError as exc:  # EIO: the child closed the terminal
                if exc.errno != errno.EIO:
                    raise
                break
            if not block:
                break
            received += block
        code = child.wait(60)
    finally:
        os.close(master)
    return code, received.decode("utf-8", "replace")


@pytest.mark.parametrize("command", COMMANDS)
def test_the_bar_is_drawn_on_a_terminal(folder: Path, command: str) -> None:
    args, label = COMMANDS[command]
    code, seen = _on_a_terminal(args, folder)
    assert code == 0, seen
    assert label in seen and "100%" in seen, seen


@pytest.mark.parametrize("command", COMMANDS)
def test_never_in_a_pipe(folder: Path, command: str) -> None:
    args, label = COMMANDS[command]
    done = subprocess.run([sys.executable, "-m", "tracer", *args], cwd=folder, env=ENV,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "%" not in done.stderr and "\r" not in done.stderr and label not in done.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_never_under_q(folder: Path, command: str) -> None:
    args, _ = COMMANDS[command]
    code, seen = _on_a_terminal([*args, "-q"], folder)
    assert (code, seen) == (0, "")


def test_render_says_its_graphviz_stage_on_a_terminal(folder: Path) -> None:
    code, seen = _on_a_terminal(["render", "t.jsonl", "-o", "t.png"], folder)
    assert code == 0, seen
    assert "100%" in seen and "drawing: laying out the tree (Graphviz) ..." in seen
    assert seen.rstrip().endswith("diagram written to t.png")


@pytest.mark.parametrize("fmt", ["moodle", "prairielearn"])
def test_an_export_tells_each_seed_made_and_each_variant_written(tmp_path: Path,
                                                                 fmt: str) -> None:
    from tracer.classroom.exports import QuestionSpec, write_moodle, write_prairielearn

    steps: list[tuple[int, int]] = []
    spec = QuestionSpec.parse(branching=2, depth=2, values="0..1")
    seeds = range(1, 9)  # two leaves' values 0 or 1 on 4 leaves: some seeds repeat a tree
    write = write_moodle if fmt == "moodle" else write_prairielearn
    made = write(tmp_path / ("bank.xml" if fmt == "moodle" else "pl.zip"), spec, seeds,
                 progress=lambda done, total: steps.append((done, total)))
    variants = len(made.variants)
    assert made.repeated  # so the steps' total changes once the variants are known
    assert steps[:8] == [(done, 16) for done in range(8)]
    assert steps[8:] == [(8 + done, 8 + variants) for done in range(variants + 1)]


def test_render_s_bar_covers_the_frames_drawn_after_the_reading(folder: Path) -> None:
    # --step on a terminal too: the bar's callback is not the command's --step
    code, seen = _on_a_terminal(["render", "t.jsonl", "--frames", "more-frames",
                                 "--step", "leaf"], folder)
    assert code == 0, seen
    reading = re.search(r"reading\s+\[#+\]\s+100%", seen)
    drawing = re.search(r"drawing\s+\[#+\]\s+100%", seen)
    assert reading is not None and drawing is not None, seen
    assert reading.start() < drawing.start()
    assert re.search(r"drawing\s+\[#{1,15}-+\]\s+\d+%", seen)  # it moves frame by frame
    assert "8 frames written to more-frames" in seen  # one a leaf evaluated, and the end
    assert seen.rstrip().endswith("frames.tex for Beamer: pdflatex deck.tex)")
