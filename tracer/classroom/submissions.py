"""What the gradebook is made of: graded submissions, the assignments' columns and the
students who joined.

A :class:`Submission` is one graded answer (a student, an assignment, the verdict on
each item with its score, the attempt's number and time, whether it was late and the
penalty taken off, the misconception the diagnosis found); the service stores its
:meth:`~Submission.to_json` and :meth:`Submission.from_report` makes one from a
:class:`tracer.analysis.check.Report`.  :class:`AssignmentColumns` is what the book
shows of an assignment (its title, asked items and maximum), :class:`Enrollee` a
student who joined one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..analysis.check.report import Report
from ..errors import InputError
from ..said import said

__all__ = ["AssignmentColumns", "Enrollee", "ItemVerdict", "Submission"]


@dataclass(frozen=True)
class ItemVerdict:
    """The verdict on one item of a submission (``value``, ``values.C``, ``pruned``...)."""

    item: str
    right: bool
    score: float
    given: str = ""
    """The answer given, as the checker writes it (the most common wrong one is shown);
    empty when the item was left blank."""

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
    late: bool = False
    """Handed in after the assignment's due time (and kept, as its late policy says)."""
    penalty: float = 0.0
    """The percentage taken off :attr:`points` (the late policy's; 0 when on time)."""
    max_score: int = 0
    """The assignment's maximum (every asked item scores at most 1); 0 in a record kept
    before it was stored."""
    title: str = ""
    """The assignment's title when the attempt was graded; empty in an older record."""

    @property
    def points(self) -> float:
        """The items' scores added up, before any penalty."""
        return round(sum(v.score for v in self.verdicts), 4)

    @property
    def total(self) -> float:
        """:attr:`points` less the late :attr:`penalty` (a percentage of them)."""
        return round(self.points * (100 - self.penalty) / 100, 4)

    @classmethod
    def from_report(cls, report: Report, *, student: str, name: str, assignment: str,
                    attempt: int, at: datetime, late: bool = False, penalty: float = 0.0,
                    title: str = "") -> Submission:
        """A submission from a check :class:`~tracer.analysis.check.Report` (its items
        are the assignment's asked items, so their number is the maximum); the
        misconception is the diagnosis's first finding that explains every mistake,
        else its first."""
        findings = list(report.diagnosis)
        full = [f for f in findings if f.full]
        chosen = next(iter(full or findings), None)
        return cls(student, name, assignment,
                   tuple(ItemVerdict(i.key, i.right, round(i.score, 4), i.given)
                         for i in report.items),
                   attempt, at, None if chosen is None else chosen.id, late=late,
                   penalty=penalty, max_score=len(report.items), title=title)

    def to_json(self) -> dict[str, Any]:
        return {"student": self.student, "name": self.name, "assignment": self.assignment,
                "verdicts": [v.to_json() for v in self.verdicts], "attempt": self.attempt,
                "at": self.at.isoformat(), "misconception": self.misconception,
                "late": self.late, "penalty": self.penalty, "max_score": self.max_score,
                "title": self.title}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Submission:
        """Read back :meth:`to_json` (what the service stores), also a record kept before
        ``late``, ``penalty``, ``max_score`` and ``title`` were (on time, no penalty, the
        maximum and the title unknown)."""
        try:
            penalty = float(data.get("penalty", 0.0))
            if not 0 <= penalty <= 100:
                raise ValueError(f"penalty {penalty} is not a percentage")
            return cls(str(data["student"]), str(data["name"]), str(data["assignment"]),
                       tuple(ItemVerdict(str(v["item"]), bool(v["right"]), float(v["score"]),
                                         str(v.get("given", ""))) for v in data["verdicts"]),
                       int(data["attempt"]), datetime.fromisoformat(str(data["at"])),
                       data.get("misconception"), late=bool(data.get("late", False)),
                       penalty=penalty, max_score=int(data.get("max_score", 0)),
                       title=str(data.get("title", "")))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(said("not a stored submission: {problem}", problem=str(exc)),
                             where="$") from None


@dataclass(frozen=True)
class AssignmentColumns:
    """What the gradebook shows of one assignment: its id, title, asked item keys in
    order (``tasks.asked_keys``) and maximum (``len(keys)``)."""

    id: str
    title: str
    keys: tuple[str, ...]
    max_score: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "keys": list(self.keys),
                "max_score": self.max_score}


@dataclass(frozen=True)
class Enrollee:
    """A student who joined an assignment (whether or not they handed anything in)."""

    assignment: str
    student: str
    name: str
    joined: str
    """When they joined (ISO 8601, as the service stores it)."""
