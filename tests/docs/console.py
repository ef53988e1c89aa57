"""The console blocks of README.md and docs/*.md: read, run, and their output normalised.

A console block is a fenced block whose lines start with ``$ command``, each followed by
what the command prints (stdout and stderr as a terminal shows them, in order).  The
commands of one page run in order, in one folder of their own prepared with what the
pages assume (``traces/`` and ``docs/examples/``), with ``gametrace`` and ``python``
meaning this checkout's; a later block may read what an earlier one wrote.

A block that cannot run here says so on the line just before its fence, in the page:
``<!-- not run: WHY -->`` (it needs a server, or it shows only a shape).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(\s*)(`{3,})(\S*)\s*$")
NOT_RUN = re.compile(r"^\s*<!-- not run: (.+?) -->\s*$")
ELSEWHERE = re.compile(r"^<!-- console blocks run by (\S+) -->$")
BUDGET_S = 120
"""Wall-clock seconds a block's commands may take together (the slowest, a chess search
of docs/ordering.md, takes about a tenth of it)."""


@dataclass
class Command:
    """One ``$ command`` line and the lines shown under it."""

    line: str
    shown: list[str] = field(default_factory=list)
    at: int = 0
    """The index in the page of the first line shown under it."""
    indent: int = 0


@dataclass
class Block:
    """One console block: where it is, its commands, and why it is not run (if so)."""

    page: Path
    lineno: int
    commands: list[Command]
    not_run: str | None = None

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.lineno}"


def blocks(page: Path) -> list[Block]:
    """The console blocks of one page, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence = len(match.group(1)), match.group(2)
        start, body = i, []
        i += 1
        while i < len(lines) and not re.match(rf"^\s*{fence}\s*$", lines[i]):
            body.append(lines[i][indent:])
            i += 1
        i += 1
        commands: list[Command] = []
        going_on = False
        for j, line in enumerate(body):
            if going_on:  # a command's line ending in a backslash goes on below
                commands[-1].line += "\n" + line
                commands[-1].at += 1
            elif line.startswith("$ "):
                commands.append(Command(line[2:], at=start + j + 2, indent=indent))
            elif commands:
                commands[-1].shown.append(line)
            going_on = bool(commands) and not commands[-1].shown \
                and commands[-1].line.endswith("\\")
        if commands and not commands[-1].shown:
            _output_below(lines, i, commands[-1])
        if commands:
            before = NOT_RUN.match(lines[start - 1]) if start else None
            found.append(Block(page, start + 1, commands, before.group(1) if before else None))
    return found


def _output_below(lines: list[str], end: int, command: Command) -> None:
    """A command shown alone, then one line of prose ending in ``:``, then a ``text``
    block (``prints (the file):``): that block is what it prints."""
    prose = [k for k in range(end, min(end + 4, len(lines))) if lines[k].strip()]
    if len(prose) < 2 or not lines[prose[0]].rstrip().endswith(":"):
        return
    match = FENCE.match(lines[prose[1]])
    if not match or match.group(3) != "text":
        return
    k = command.at = prose[1] + 1
    command.indent = len(match.group(1))
    while k < len(lines) and not re.match(rf"^\s*{match.group(2)}\s*$", lines[k]):
        command.shown.append(lines[k])
        k += 1


def elsewhere(page: Path) -> str | None:
    """The test that runs a page's blocks itself, as the page says at its top with
    ``<!-- console blocks run by PATH -->`` (a worked case whose files its own tests read)."""
    first = page.read_text(encoding="utf-8").split("\n", 3)[:3]
    for line in first:
        match = ELSEWHERE.match(line)
        if match:
            return match.group(1)
    return None


def every_block() -> list[Block]:
    return [block for page in PAGES if elsewhere(page) is None for block in blocks(page)]


def _header() -> bytes:
    """The first line of a trace stream: the AIMA trace's header."""
    trace = json.loads((ROOT / "traces" / "aima.alphabeta.fail-soft.json").read_text())
    header = {"type": "header", "format": trace["format"], "version": trace["version"],
              **trace["header"]}
    return json.dumps(header).encode() + b"\n"


def _bomb() -> bytes:
    return gzip.compress(b"\n" * (64 << 20), 9)


ASSUMED: dict[str, Callable[[], bytes]] = {
    # the inputs docs/errors.md shows refused, each made as the page describes it
    "aima.json": lambda: (ROOT / "traces" / "aima.alphabeta.fail-soft.json").read_bytes(),
    "tree.json": lambda: b'{"name": "A", "children": [\n  {"name": "B", "children": [\n'
                         b'   {"value": 1e400}]}]}\n',
    "bomb.jsonl.gz": _bomb,
    "long.jsonl": lambda: _header() + b" " * (17 << 20) + b"\n",
    "broken.json": lambda: b"",
}
"""Files a page names without making them (the inputs of its refusals): made in its
folder when the page names them."""


def prepare(folder: Path, page: Path) -> dict[str, str]:
    """Fill ``folder`` with what ``page`` assumes; the environment to run commands in."""
    text = page.read_text(encoding="utf-8")
    for name, made in ASSUMED.items():
        if f" {name}" in text:
            (folder / name).write_bytes(made())
    shutil.copytree(ROOT / "traces", folder / "traces")
    shutil.copytree(ROOT / "docs" / "examples", folder / "docs" / "examples")
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    for name, target in (("gametrace", f'"{sys.executable}" -m tracer'),
                         ("python", f'"{sys.executable}"')):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nexec {target} "$@"\n', encoding="utf-8")
        script.chmod(0o755)
    env = dict(os.environ)
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(ROOT),
               PYTHONUNBUFFERED="1", GAMETRACE_LANG="en", COLUMNS="100")
    return env


def run(command: str, folder: Path, env: dict[str, str], timeout: float) -> list[str]:
    """What ``command`` prints, stdout and stderr interleaved, run by bash in ``folder``.

    A command that sets ``LANG=`` itself is run without the suite's ``GAMETRACE_LANG``
    (which would win over it): the page shows what that locale prints."""
    if re.match(r"^(\w+=\S*\s+)*LANG=", command):
        env = {k: v for k, v in env.items() if k != "GAMETRACE_LANG"}
    done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, timeout=timeout,
                          stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    printed = done.stdout.replace(f"{folder}{os.sep}", "")  # the page's folder is "."
    return printed.rstrip("\n").splitlines()


RULES: list[tuple[re.Pattern[str], str]] = [
    # times a command measures: "0.42 s", "12 ms", "in 3.1s"
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s|µs)\b"), "<time>"),
    # the wall-clock column of `gametrace compare --techniques`: seconds to 4 decimals
    (re.compile(r"(?<![\d.])\d+\.\d{4}(?![\d.])"), "<time>"),
    # the package's version
    (re.compile(r"\b(gametrace|gametree-tracer)( version)? \d+\.\d+\.\d+\S*"), r"\1 <version>"),
]
"""How real output is made comparable with the page's: few, and each one also applied
to what the page shows, so a page may show any time or version."""


def normalise(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        for pattern, repl in RULES:
            line = pattern.sub(repl, line)
        out.append(line.rstrip())
    return out


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is what the page shows; a shown line ``...`` stands for any
    number of lines (the page leaves them out)."""
    if not shown:
        return not printed
    if shown[0].strip() == "...":
        return any(matches(shown[1:], printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and shown[0] == printed[0] and matches(shown[1:], printed[1:])
