"""The gradebook: submissions gathered per student and item, and statistics per item.

A :class:`Submission` is one graded answer (a student, an assignment, the verdict on
each item with its score, the attempt's number and time, the misconception the
diagnosis found); :meth:`Submission.from_report` makes one from a
:class:`tracer.analysis.check.Report`.  :func:`build_gradebook` keeps, per student and
item, the best or the last attempt's score (a policy), how many attempts there were and
when the one kept was made; per item across the class the mean score, the share right,
the most common wrong answer and the most common misconception behind a wrong one.
:meth:`Gradebook.to_csv` writes one row per student, one column per item and the total
(ready to import in a spreadsheet or an LMS gradebook); :meth:`Gradebook.to_json` the
same and the statistics.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..analysis.check.report import Report
from ..choices import unknown_choice
from ..errors import InputError, UsageError
from ..said import said

__all__ = ["SCORE_POLICIES", "Cell", "Gradebook", "ItemStats", "ItemVerdict", "StudentRow",
           "Submission", "build_gradebook"]

SCORE_POLICIES = ("best", "last")
"""Which attempt an item's score comes from: the best score any attempt got on it (the
first attempt that got it), or the last attempt that answered it."""

_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is a formula to a spreadsheet: it is written
with a leading ``'`` (OWASP's advice on CSV injection), as names come from students."""


@dataclass(frozen=True)
class ItemVerdict:
    """The verdict on one item of a submission (``value``, ``values.C``, ``pruned``...)."""

    item: str
    right: bool
    score: float
    given: str = ""
    """The answer given, as the checker writes it (the most common wrong one is shown)."""

    def to_json(self) -> dict[str, Any]:
        return {"item": self.item, "right": self.right, "score": self.score,
                "given": self.given}


@dataclass(frozen=True)
class Submission:
    """One graded attempt at one assignment."""

    student: str
    name: str
    assignment: str
    verdicts: tuple[ItemVerdict, ...]
    attempt: int
    """1, 2, ...: the student's attempt at this assignment."""
    at: datetime
    misconception: str | None = None
    """The misconception the diagnosis found (its id, ``fail-hard``...), if any."""

    @property
    def total(self) -> float:
        return sum(v.score for v in self.verdicts)

    @classmethod
    def from_report(cls, report: Report, *, student: str, name: str, assignment: str,
                    attempt: int, at: datetime) -> Submission:
        """A submission from a check :class:`~tracer.analysis.check.Report`; the
        misconception is the diagnosis's first finding that explains every mistake, else
        its first."""
        findings = list(report.diagnosis)
        full = [f for f in findings if f.full]
        chosen = next(iter(full or findings), None)
        return cls(student, name, assignment,
                   tuple(ItemVerdict(i.key, i.right, round(i.score, 4), i.given)
                         for i in report.items),
                   attempt, at, None if chosen is None else chosen.id)

    def to_json(self) -> dict[str, Any]:
        return {"student": self.student, "name": self.name, "assignment": self.assignment,
                "verdicts": [v.to_json() for v in self.verdicts], "attempt": self.attempt,
                "at": self.at.isoformat(), "misconception": self.misconception}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Submission:
        """Read back :meth:`to_json` (what the service stores)."""
        try:
            return cls(str(data["student"]), str(data["name"]), str(data["assignment"]),
                       tuple(ItemVerdict(str(v["item"]), bool(v["right"]), float(v["score"]),
                                         str(v.get("given", ""))) for v in data["verdicts"]),
                       int(data["attempt"]), datetime.fromisoformat(str(data["at"])),
                       data.get("misconception"))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(said("not a stored submission: {problem}", problem=str(exc)),
                             where="$") from None


@dataclass(frozen=True)
class Cell:
    """One student's result on one item."""

    score: float
    right: bool
    attempts: int
    """How many of the student's attempts answered the item."""
    at: datetime
    """When the attempt kept was made."""
    given: str
    misconception: str | None

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "right": self.right, "attempts": self.attempts,
                "at": self.at.isoformat(), "given": self.given,
                "misconception": self.misconception}


@dataclass(frozen=True)
class StudentRow:
    """One student's line of the gradebook."""

    student: str
    name: str
    cells: Mapping[str, Cell]
    """Column -> cell; a column the student never answered is absent."""
    attempts: Mapping[str, int]
    """Assignment -> attempts."""
    misconceptions: Mapping[str, str]
    """Assignment -> the misconception found in the attempt kept (best total or last)."""

    @property
    def total(self) -> float:
        return round(sum(c.score for c in self.cells.values()), 4)


@dataclass(frozen=True)
class ItemStats:
    """One column across the class."""

    column: str
    answered: int
    mean: float
    """The mean score of the students who answered it."""
    share_right: float
    wrong_answer: tuple[str, int] | None
    """The most common wrong answer and how many gave it."""
    misconception: tuple[str, int] | None
    """The most common misconception behind a wrong answer, and how many."""

    def to_json(self) -> dict[str, Any]:
        return {"column": self.column, "answered": self.answered, "mean": self.mean,
                "share_right": self.share_right,
                "wrong_answer": None if self.wrong_answer is None else
                {"given": self.wrong_answer[0], "count": self.wrong_answer[1]},
                "misconception": None if self.misconception is None else
                {"id": self.misconception[0], "count": self.misconception[1]}}


@dataclass(frozen=True)
class Gradebook:
    """Every student and item of a set of submissions."""

    policy: str
    columns: tuple[str, ...]
    students: tuple[StudentRow, ...]
    items: tuple[ItemStats, ...]

    def to_json(self) -> dict[str, Any]:
        return {"policy": self.policy, "columns": list(self.columns),
                "students": [{"student": r.student, "name": r.name,
                              "items": {c: r.cells[c].to_json() for c in self.columns
                                        if c in r.cells},
                              "total": r.total, "attempts": dict(r.attempts),
                              "misconceptions": dict(r.misconceptions)}
                             for r in self.students],
                "items": [s.to_json() for s in self.items]}

    def to_csv(self, names: Mapping[str, str] | None = None) -> str:
        """One row per student: ``student``, ``name``, one column per item (its score,
        empty where not answered), ``total``, ``misconception`` (the ids) and
        ``misconception_name`` (each id's name from ``names``, the page's language;
        the id where it has none); ``\r\n`` line ends, as RFC 4180 and spreadsheets
        expect."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["student", "name", *self.columns, "total", "misconception",
                         "misconception_name"])
        for r in self.students:
            ids = list(dict.fromkeys(r.misconceptions.values()))
            writer.writerow([_cell_text(r.student), _cell_text(r.name),
                             *(_score(r.cells[c].score) if c in r.cells else ""
                               for c in self.columns),
                             _score(r.total), _cell_text("; ".join(ids)),
                             _cell_text("; ".join((names or {}).get(i, i) for i in ids))])
        return out.getvalue()


def _score(x: float) -> str:
    return f"{x:.4f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _cell_text(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA) else text


def build_gradebook(submissions: Iterable[Submission], *, policy: str = "best",
                    columns: Mapping[str, Sequence[str]] | None = None) -> Gradebook:
    """The gradebook of ``submissions`` under ``policy`` (:data:`SCORE_POLICIES`).

    ``columns`` (assignment -> its item keys, in order) fixes the columns; by default
    they are every item answered, assignments in name order and items in the order they
    first appear.  With one assignment a column is the item's key (``values.C``), with
    several ``assignment:item``."""
    if policy not in SCORE_POLICIES:
        raise UsageError(unknown_choice(said("score policy"), policy, SCORE_POLICIES,
                                        suggest=False))
    subs = sorted(submissions, key=lambda s: (s.at, s.student, s.assignment, s.attempt))
    order: dict[str, dict[str, None]] = {}
    for name, keys in (columns or {}).items():
        order[name] = dict.fromkeys(keys)
    if columns is None:
        for s in subs:
            for v in s.verdicts:
                order.setdefault(s.assignment, {}).setdefault(v.item)
    names = sorted(order)
    several = len(names) > 1

    def column(assignment: str, item: str) -> str:
        return f"{assignment}:{item}" if several else item

    cols = tuple(column(a, i) for a in names for i in order[a])
    by_student: dict[str, list[Submission]] = {}
    for s in subs:
        by_student.setdefault(s.student, []).append(s)
    rows = [_row(student, mine, policy, order, column)
            for student, mine in sorted(by_student.items())]
    return Gradebook(policy, cols, tuple(rows), tuple(_stats(c, rows) for c in cols))


def _row(student: str, mine: list[Submission], policy: str,
         order: Mapping[str, Mapping[str, None]], column: Any) -> StudentRow:
    cells: dict[str, Cell] = {}
    attempts: dict[str, int] = {}
    kept: dict[str, str] = {}
    for assignment, items in order.items():
        theirs = [s for s in mine if s.assignment == assignment]
        if not theirs:
            continue
        attempts[assignment] = len(theirs)
        whole = theirs[-1] if policy == "last" else max(
            theirs, key=lambda s: (s.total, -theirs.index(s)))
        if whole.misconception is not None:
            kept[assignment] = whole.misconception
        for item in items:
            answered = [(s, v) for s in theirs for v in s.verdicts if v.item == item]
            if not answered:
                continue
            if policy == "last":
                s, v = answered[-1]
            else:  # the first attempt reaching the best score
                s, v = max(answered, key=lambda sv: (sv[1].score, -answered.index(sv)))
            cells[column(assignment, item)] = Cell(v.score, v.right, len(answered), s.at,
                                                   v.given, s.misconception)
    return StudentRow(student, mine[-1].name, cells, attempts, kept)


def _stats(col: str, rows: Sequence[StudentRow]) -> ItemStats:
    cells = [r.cells[col] for r in rows if col in r.cells]
    if not cells:
        return ItemStats(col, 0, 0.0, 0.0, None, None)
    wrong = [c for c in cells if not c.right]
    return ItemStats(col, len(cells), round(sum(c.score for c in cells) / len(cells), 4),
                     round(sum(c.right for c in cells) / len(cells), 4),
                     _most_common(c.given for c in wrong),
                     _most_common(c.misconception for c in wrong
                                  if c.misconception is not None))


def _most_common(values: Iterable[str]) -> tuple[str, int] | None:
    counts = Counter(values)
    if not counts:
        return None
    # Ties go to the answer first in text order, so the same class gives the same book.
    value, count = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return value, count
