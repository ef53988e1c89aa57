"""Grading a whole class: many answers checked against one source, in parallel.

:func:`grade_class` checks every answer file as ``gametrace check`` checks one, in a
bounded pool of worker processes (each worker searches the expected trace once per set
of conventions and keeps it), and gathers the verdicts in a :class:`ClassReport`: per
student the score, the score of each item, the first mistake and the misconceptions
diagnosed; per item how many answered it and got it right; per misconception how many
students hold it.  An answer that cannot be read is one row with its error, not the end
of the run.  The report is written as CSV or JSON, and is the same, byte for byte,
whatever the number of workers.
"""

from __future__ import annotations

import csv
import io
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from ...errors import InputError, TracerError, UsageError
from ...jsonio import dumps_json
from ...numbers import format_number
from ...said import said
from ...trace import Trace
from .asked import Asked, asked_keys, grade_asked
from .report import (
    Report,
    answer_conventions,
    check_solution,
    expected_trace,
    recorded_source,
    require_items,
)
from .solution import Conventions, Solution, load_solution

__all__ = ["ClassReport", "Graded", "answer_files", "default_jobs", "grade_class", "table_format",
           "write_table"]


@dataclass(frozen=True)
class Graded:
    """One student's verdict, as the class table shows it."""

    student: str
    """The answer file's name without ``.json`` (its path when two files share a name)."""
    file: str
    score: float
    max_score: int
    items: tuple[tuple[str, float], ...] = ()
    """(item, score between 0 and 1) for every item the answer gives."""
    first: str | None = None
    """The item of the first mistake."""
    misconceptions: tuple[str, ...] = ()
    """The diagnosis: ids of :data:`tracer.analysis.check.diagnose.MISCONCEPTIONS` (``a+b``
    when two explain the mistakes together)."""
    error: str | None = None
    """Why the answer could not be graded (then there are no items)."""

    @property
    def correct(self) -> bool:
        return self.error is None and all(s == 1 for _, s in self.items)

    @property
    def percent(self) -> float:
        return round(100 * self.score / self.max_score, 1) if self.max_score else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"student": self.student, "file": self.file,
                               "score": round(self.score, 4), "max_score": self.max_score,
                               "percent": self.percent, "correct": self.correct,
                               "items": {k: round(s, 4) for k, s in self.items},
                               "first_mistake": self.first,
                               "misconceptions": list(self.misconceptions)}
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass
class ClassReport:
    """Every student's verdict on one source, in the order the files were given."""

    source: str
    students: list[Graded] = field(default_factory=list)

    @property
    def correct(self) -> bool:
        return all(g.correct for g in self.students)

    def item_keys(self) -> list[str]:
        """Every item some answer gives, in the order they first appear."""
        return list(dict.fromkeys(k for g in self.students for k, _ in g.items))

    def item_summary(self) -> dict[str, dict[str, Any]]:
        """Per item: how many answers give it, how many have it right, the mean score."""
        out: dict[str, dict[str, Any]] = {}
        for key in self.item_keys():
            scores = [s for g in self.students for k, s in g.items if k == key]
            out[key] = {"answered": len(scores), "right": sum(1 for s in scores if s == 1),
                        "mean_score": round(sum(scores) / len(scores), 4)}
        return out

    def misconception_counts(self) -> dict[str, int]:
        """How many students each misconception is diagnosed in, most frequent first."""
        counts = Counter(m for g in self.students for m in set(g.misconceptions))
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "students": [g.to_json() for g in self.students],
                "items": self.item_summary(), "misconceptions": self.misconception_counts(),
                "graded": sum(1 for g in self.students if g.error is None),
                "errors": sum(1 for g in self.students if g.error is not None)}

    def to_csv(self) -> str:
        """One row per student (a column per item with its score, a column per
        misconception with 1 where it is diagnosed), then a ``(class)`` row: each item's
        mean score and each misconception's count."""
        keys = self.item_keys()
        counts = self.misconception_counts()
        buf = io.StringIO()
        out = csv.writer(buf, lineterminator="\n")
        out.writerow(["student", "file", "score", "max_score", "percent", "first_mistake",
                      *keys, *(f"misconception:{m}" for m in counts), "error"])
        for g in self.students:
            scores = dict(g.items)
            out.writerow([g.student, g.file, _num(g.score), g.max_score, _num(g.percent),
                          g.first or "", *(_num(scores[k]) if k in scores else "" for k in keys),
                          *(1 if m in g.misconceptions else 0 for m in counts), g.error or ""])
        summary = self.item_summary()
        graded = [g for g in self.students if g.error is None]
        mean = sum(g.percent for g in graded) / len(graded) if graded else 0.0
        out.writerow(["(class)", f"{len(graded)} graded", "", "", _num(round(mean, 1)), "",
                      *(_num(summary[k]["mean_score"]) for k in keys), *counts.values(),
                      f"{len(self.students) - len(graded)} errors"])
        return buf.getvalue()

    def to_text(self) -> str:
        """The table for the terminal: one line per student, then items and misconceptions."""
        width = max([len("student"), *(len(g.student) for g in self.students)])
        n = len(self.students)
        lines = [f"Checking {n} answer{'s' if n != 1 else ''} against {self.source}", "",
                 f"  {'student':<{width}}  {'score':>7}  first mistake / diagnosis"]
        for g in self.students:
            if g.error is not None:
                lines.append(f"  {g.student:<{width}}  {'error':>7}  {g.error}")
                continue
            what = "all right" if g.correct else ", ".join(
                x for x in (g.first, " + ".join(g.misconceptions)) if x)
            lines.append(f"  {g.student:<{width}}  {g.percent:>6.1f}%  {what}")
        summary = self.item_summary()
        if summary:
            kw = max(len(k) for k in summary)
            lines += ["", f"  {'item':<{kw}}  right / answered  mean score"]
            lines += [f"  {k:<{kw}}  {s['right']:>5} / {s['answered']:<8}  {s['mean_score']:.2f}"
                      for k, s in summary.items()]
        counts = self.misconception_counts()
        if counts:
            lines += ["", "Misconceptions (students):"]
            lines += [f"  {n:>4}  {m}" for m, n in counts.items()]
        return "\n".join(lines)


def _num(x: float) -> str:
    return format_number(round(x, 4))


def answer_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The answer files named: files as given, folders as their ``*.json`` files in name
    order; a folder without any is a :class:`UsageError`."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(x for x in p.glob("*.json") if x.is_file())
            if not found:
                raise UsageError(said("{folder}: the folder has no answer files (*.json)",
                                      folder=str(p)))
            out += found
        else:
            out.append(p)
    return list(dict.fromkeys(out))


def default_jobs() -> int:
    """Worker processes by default: one per core, at most 8."""
    return max(1, min(8, os.cpu_count() or 1))


@dataclass(frozen=True)
class _Task:
    """What every worker needs to grade an answer (picklable)."""

    source: str
    overrides: Mapping[str, Any]
    params: Mapping[str, str]
    diagnosis: bool
    asked: Asked | None = None
    """The items asked (``--items``): each answer scored on exactly those."""


_EXPECTED: dict[tuple[str, Conventions, tuple[tuple[str, str], ...]], tuple[Trace, str]] = {}
"""Each worker's expected traces, one per source, conventions and parameters."""


_VERDICTS: dict[tuple[int, str], Report] = {}
"""Each worker's verdicts, by expected trace and answer."""


def _expected(task: _Task, conv: Conventions) -> tuple[Trace, str]:
    key = (task.source, conv, tuple(sorted(task.params.items())))
    if key not in _EXPECTED:
        _EXPECTED[key] = expected_trace(task.source, conv, dict(task.params))
    return _EXPECTED[key]


def _grade(task: _Task, job: tuple[str, Path]) -> Graded:
    student, path = job
    file = str(path)
    try:
        answer: Solution = load_solution(path)
        require_items(answer, file)
        conventions = answer_conventions(answer, params=task.params,
                                         recorded=recorded_source(task.source),
                                         **task.overrides)
        trace, title = _expected(task, conventions)
        # Many students hand in the same answer (the right one, or the same misconception's):
        # each distinct answer is judged once per worker.
        same = (id(trace), dumps_json(answer.to_json()))
        report = _VERDICTS.get(same)
        if report is None and task.asked is not None:
            report = _VERDICTS[same] = grade_asked(
                answer, trace, asked_keys(task.asked, None, trace), title=title,
                diagnosis=task.diagnosis)
        elif report is None:
            report = _VERDICTS[same] = check_solution(answer, trace, title=title,
                                                      diagnosis=task.diagnosis)
    except TracerError as exc:
        message = str(exc)
        if isinstance(exc, InputError) and exc.file is None:
            message = str(InputError(exc.said, file=file, where=exc.where))
        return Graded(student, file, 0.0, 0, error=message)
    first = report.first
    return Graded(student, file, report.score, len(report.items),
                  tuple((i.key, i.score) for i in report.items),
                  None if first is None else first.key,
                  # one finding per place (missing-cut at C and at D): each id once
                  tuple(dict.fromkeys(f.id for f in report.diagnosis if f.full))
                  or tuple(f.id for f in report.diagnosis[:1]))


def _names(files: Sequence[Path]) -> list[str]:
    stems = Counter(f.stem for f in files)
    return [f.stem if stems[f.stem] == 1 else str(f.with_suffix("")) for f in files]


def grade_class(source: str, files: Sequence[str | os.PathLike[str]], *,
                overrides: Mapping[str, Any] | None = None,
                params: Mapping[str, str] | None = None, diagnosis: bool = True,
                jobs: int | None = None, asked: Asked | None = None) -> ClassReport:
    """Check every answer in ``files`` (files or folders of ``*.json``) against
    ``source`` (what ``gametrace check`` takes), with ``jobs`` worker processes
    (default :func:`default_jobs`; 1 grades in this process).

    ``overrides`` are the command line's conventions (``variant="fail-hard"``...), which
    win over each answer's own ``conventions`` block; ``asked`` (the items asked, from
    :func:`~tracer.analysis.check.asked.parse_items`) scores every answer on exactly
    those.  A bad ``source`` raises at once; a bad answer becomes a row with its error."""
    task = _Task(source, dict(overrides or {}), dict(params or {}), diagnosis, asked)
    paths = answer_files(files)
    _EXPECTED.clear()  # a tree file may have changed since the last class
    _VERDICTS.clear()
    # Search the source once here: a bad source fails before any worker starts, and
    # forked workers inherit the trace.
    _expected(task, answer_conventions(Solution(), params=task.params,
                                       recorded=recorded_source(task.source),
                                       **task.overrides))
    work = list(zip(_names(paths), paths, strict=True))
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise UsageError(said("--jobs must be at least 1, got {jobs}", jobs=jobs))
    # Files with the same bytes get the same verdict: each is graded once, by one worker.
    same: dict[bytes | int, list[int]] = {}
    for i, (_, path) in enumerate(work):
        try:
            key: bytes | int = path.read_bytes()
        except OSError:
            key = i  # graded on its own, to report the error
        same.setdefault(key, []).append(i)
    firsts = [work[group[0]] for group in same.values()]
    grade = partial(_grade, task)
    if jobs == 1 or len(firsts) < 2:
        graded = [grade(w) for w in firsts]
    else:
        jobs = min(jobs, len(firsts))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            graded = list(pool.map(grade, firsts,
                                   chunksize=max(1, len(firsts) // (4 * jobs))))
    rows: list[Graded | None] = [None] * len(work)
    for group, g in zip(same.values(), graded, strict=True):
        for i in group:
            student, path = work[i]
            rows[i] = g if i == group[0] else replace(
                g, student=student, file=str(path),
                error=None if g.error is None else g.error.replace(g.file, str(path), 1))
    return ClassReport(source, [g for g in rows if g is not None])


def table_format(out: str | os.PathLike[str]) -> str:
    """``csv`` or ``json``, from the file name; anything else is a :class:`UsageError`."""
    suffix = Path(out).suffix.lower()
    if suffix not in (".csv", ".json"):
        raise UsageError(said("{file}: the class table is written as .csv or .json, not "
                              "{suffix}", file=os.fspath(out),
                              suffix=suffix or said("a file without extension")))
    return suffix[1:]


def write_table(report: ClassReport, out: str | os.PathLike[str]) -> None:
    """Write the class table as ``.csv`` or ``.json``."""
    from ...jsonio import dumps_json_pretty

    text = report.to_csv() if table_format(out) == "csv" else dumps_json_pretty(report.to_json())
    from ...writing import write_output_bytes

    write_output_bytes(out, text.encode())
