"""Run fault cases against the real ``gametrace`` CLI and judge the outcome.

A case is a command line, the files it starts with, and what may change.  Every case
runs in a folder of its own, in a subprocess with a time limit, and is judged by the
same promise (docs/errors.md): exit 1 or 2 with exactly one line on stderr, no traceback, no
"internal error", and no new or changed file except the ones the case asks for.

Cheap cases run in batches: one interpreter runs many command lines in turn
(``batch_runner.py``), each with its own folder and its own stdout/stderr files, so
that start-up is paid once per batch.  A batch that runs out of time is run again
case by case, so that the case that hangs is the one reported.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

RUNNER = Path(__file__).with_name("batch_runner.py")
CASE_SECONDS = 30.0
"""The time limit of one case (a hang is a case that reaches it)."""


@dataclass
class Case:
    """One command line and the world it runs in."""

    name: str
    args: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    codes: tuple[int, ...] = (1, 2)
    """Exit codes that are right; a generated case may also be valid (0)."""
    may_write: tuple[str, ...] = ()
    """Files the case may create or change (when it succeeds)."""
    contains: str = ""
    """Text the error line must contain (hand-written cases say what they expect)."""
    verdict: bool = False
    """Exit 1 with nothing on stderr is a verdict (``check``: the answer is wrong)."""
    category: str = "generated"


@dataclass
class Outcome:
    """What running a case did."""

    code: int | None  # None: it did not end within the time limit
    stdout: str
    stderr: str
    changed: list[str]


def _state(folder: Path) -> dict[str, str]:
    """Every entry under ``folder`` with a digest of its content (or its kind)."""
    out: dict[str, str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root, name)
            rel = str(path.relative_to(folder))
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_file():
                out[rel] = hashlib.sha1(path.read_bytes()).hexdigest()
            elif path.is_dir():
                out[rel] = "dir"
            else:
                out[rel] = "special"
    return out


def _prepare(case: Case, folder: Path) -> dict[str, str]:
    folder.mkdir(parents=True)
    for name, data in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return _state(folder)


def _changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def run_cases(cases: Sequence[Case], base: Path, *, batch: int = 40) -> list[Outcome]:
    """Run ``cases`` (each in ``base/<index>``) in batches; outcomes in the same order."""
    folders = [base / f"{i:04d}" for i in range(len(cases))]
    befores = [_prepare(c, f) for c, f in zip(cases, folders, strict=True)]
    outcomes: list[Outcome] = []
    for start in range(0, len(cases), batch):
        chunk = list(range(start, min(start + batch, len(cases))))
        results = _run_batch([(cases[i], folders[i]) for i in chunk], base / f"batch-{start}")
        if results is None:  # a hang somewhere: one case at a time finds it
            results = [_run_one(cases[i], folders[i]) for i in chunk]
        for i, (code, out, err) in zip(chunk, results, strict=True):
            outcomes.append(Outcome(code, out, err, _changed(befores[i], _state(folders[i]))))
    return outcomes


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("GAMETRACE_DEBUG", None)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    return env


def _run_batch(pairs: list[tuple[Case, Path]],
               scratch: Path) -> list[tuple[int | None, str, str]] | None:
    scratch.mkdir()
    plan = [{"args": c.args, "cwd": str(f), "out": str(scratch / f"{k}.out"),
             "err": str(scratch / f"{k}.err")} for k, (c, f) in enumerate(pairs)]
    (scratch / "plan.json").write_text(json.dumps(plan))
    try:
        subprocess.run([sys.executable, str(RUNNER), str(scratch / "plan.json"),
                        str(scratch / "codes.json")], env=_env(), cwd=scratch,
                       timeout=CASE_SECONDS + 2.0 * len(pairs), check=False,
                       stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None
    codes_file = scratch / "codes.json"
    if not codes_file.exists():
        return None
    codes = json.loads(codes_file.read_text())
    return [(code, Path(p["out"]).read_text(errors="replace"),
             Path(p["err"]).read_text(errors="replace")) for code, p in zip(codes, plan,
                                                                            strict=True)]


def _run_one(case: Case, folder: Path) -> tuple[int | None, str, str]:
    try:
        done = subprocess.run([sys.executable, "-m", "tracer", *case.args], cwd=folder,
                              env=_env(), capture_output=True, timeout=CASE_SECONDS,
                              stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired as exc:
        return None, _text(exc.stdout), _text(exc.stderr)
    return done.returncode, _text(done.stdout), _text(done.stderr)


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode(errors="replace")


def problems(case: Case, outcome: Outcome) -> list[str]:
    """What is wrong with ``outcome``, by the promise of docs/errors.md (empty: all right)."""
    found: list[str] = []
    if outcome.code is None:
        return [f"hang: no end within {CASE_SECONDS:g} s"]
    if "Traceback" in outcome.stderr or "Traceback" in outcome.stdout:
        found.append("traceback")
    if "internal error" in outcome.stderr:
        found.append("internal error")
    if outcome.code not in case.codes:
        found.append(f"wrong exit code {outcome.code} (expected {case.codes})")
    quiet_verdict = case.verdict and outcome.code == 1 and not outcome.stderr.strip()
    if outcome.code != 0 and not quiet_verdict:
        lines = outcome.stderr.splitlines()
        if len(lines) != 1 or not lines[0].startswith("gametrace: "):
            found.append(f"expected one stderr line, got {len(lines)}")
        if case.contains and case.contains not in outcome.stderr:
            found.append(f"the error does not say {case.contains!r}")
    allowed = case.may_write if outcome.code == 0 else ()
    touched = [c for c in outcome.changed
               if not any(c == a or c.startswith(a + "/") for a in allowed)]
    if touched:
        found.append(f"files created or changed: {touched}")
    return found


def categories(cases: Iterable[Case], outcomes: Iterable[Outcome]) -> dict[str, dict[str, int]]:
    """Counts per category: cases, tracebacks, wrong exit codes, touched files, hangs."""
    table: dict[str, dict[str, int]] = {}
    for case, outcome in zip(cases, outcomes, strict=True):
        row = table.setdefault(case.category, dict.fromkeys(
            ("cases", "tracebacks", "wrong exit codes", "partial/clobbered files", "hangs"), 0))
        row["cases"] += 1
        found = problems(case, outcome)
        row["tracebacks"] += any(p in ("traceback", "internal error") for p in found)
        row["wrong exit codes"] += any(p.startswith(("wrong exit", "expected one"))
                                       for p in found)
        row["partial/clobbered files"] += any(p.startswith("files") for p in found)
        row["hangs"] += any(p.startswith("hang") for p in found)
    return table
