"""The gradebook: every enrolled student's result on each assignment and item, and
statistics per item and misconception across the class.

:func:`build_gradebook` gathers graded :class:`~.submissions.Submission` records.  Per
student and assignment it keeps one attempt by a policy (:data:`SCORE_POLICIES`: the
best total or the last), and from it the score out of the assignment's maximum
(:class:`~.submissions.AssignmentColumns`), the percentage, whether it was late, the
misconception and each asked item's cell; beside it how many attempts there were and
the steps right at the first try.  Every student who joined (an
:class:`~.submissions.Enrollee`) is a row, also one who handed in nothing: the asked
items count 0 of the maximum.  A student's total is the **mean of the assignments'
percentages** (each assignment weighs the same; never a sum of points out of different
maxima).  Per item across the class: the mean score, the share right, the most common
wrong answer and the most common misconception behind one; per misconception, how many
students it was found in, each student counted once.

:meth:`Gradebook.to_json` holds all of it, item keys as ids and labels in words
(``Alpha-beta on the AIMA tree: the value of C``); :meth:`Gradebook.to_csv` writes one row
per student for a spreadsheet or an LMS gradebook (:mod:`.csv_sheet`'s dialects).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any

from ..choices import unknown_choice
from ..errors import UsageError
from ..said import LANGUAGES, Said, said
from .csv_sheet import CSV_DIALECTS, sheet_csv
from .item_words import item_said
from .submissions import AssignmentColumns, Enrollee, ItemVerdict, Submission

__all__ = ["CSV_DIALECTS", "SCORE_POLICIES", "AssignmentColumns", "AssignmentResult", "Cell",
           "Column", "Enrollee", "Gradebook", "ItemStats", "ItemVerdict", "StudentRow",
           "Submission", "build_gradebook"]

SCORE_POLICIES = ("best", "last")
"""Which attempt at an assignment counts: the one with the best total (after any late
penalty; the first of equals), or the last one handed in.  Its items make the student's
cells, so a score is always one attempt's, never the best items of several."""

_NO_STEPS: Mapping[tuple[str, str], tuple[int, int]] = MappingProxyType({})


@dataclass(frozen=True)
class Column:
    """One asked item of one assignment: a column of the book."""

    key: str
    """The column's id: the item key (``values.C``) in a book of one assignment,
    ``assignment:item`` in a book of several (as the JSON's ``items`` are keyed)."""
    assignment: str
    item: str
    """The item's key (``values.C``)."""
    title: str
    """The assignment's title (with its id after it where two assignments share one)."""

    def words(self, lang: str = "en") -> str:
        """The item in words: ``the value of C``, ``il valore di C``."""
        return item_said(self.item).worded(lang)

    def label(self, lang: str = "en") -> str:
        """``<assignment title>: <item words>``, what a person reads above the column."""
        return said("{title}: {item}", title=self.title, item=item_said(self.item)
                    ).worded(lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"key": self.key, "assignment": self.assignment, "item": self.item,
                "words": self.words(lang), "label": self.label(lang)}


@dataclass(frozen=True)
class Cell:
    """One student's result on one item, in the attempt kept."""

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
class AssignmentResult:
    """One student's result on one assignment (the attempt kept by the policy)."""

    score: float
    """The kept attempt's total after any late penalty; 0 when nothing was handed in."""
    max_score: int
    percent: float
    """``100 * score / max_score``, rounded to 4 places."""
    submitted: bool
    attempts: int
    late: bool
    """The kept attempt was late."""
    misconception: str | None
    steps_right_first_try: int | None
    """Steps answered right at the first try, ``None`` when the student never stepped."""
    steps: int | None
    """The steps of the assignment's search in all, ``None`` likewise."""
    joined: str | None = None
    """When the student joined (``None`` if the roster does not say)."""

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "max_score": self.max_score, "percent": self.percent,
                "submitted": self.submitted, "attempts": self.attempts, "late": self.late,
                "misconception": self.misconception,
                "steps_right_first_try": self.steps_right_first_try, "steps": self.steps,
                "joined": self.joined}


@dataclass(frozen=True)
class StudentRow:
    """One student's line of the gradebook."""

    student: str
    name: str
    cells: Mapping[str, Cell]
    """Column key -> cell of the attempt kept; absent where nothing was handed in."""
    attempts: Mapping[str, int]
    """Assignment -> attempts (only assignments with at least one)."""
    misconceptions: Mapping[str, str]
    """Assignment -> the misconception found in the attempt kept."""
    assignments: Mapping[str, AssignmentResult] = field(default_factory=dict)
    """Assignment -> the result, for every assignment of the book."""

    @property
    def submitted(self) -> bool:
        """Whether the student handed in anything at all."""
        return any(r.submitted for r in self.assignments.values())

    @property
    def total(self) -> float:
        """The mean of the assignments' percentages (0 for one not handed in), from 0 to
        100, rounded to 4 places."""
        results = list(self.assignments.values())
        if not results:
            return 0.0
        return round(sum(r.percent for r in results) / len(results), 4)


@dataclass(frozen=True)
class ItemStats:
    """One column across the students who handed in its assignment."""

    column: str
    answered: int
    """How many students' kept attempts have the item (blank or not)."""
    mean: float
    """Their mean score on it (a blank scores 0)."""
    share_right: float
    wrong_answer: tuple[str, int] | None
    """The most common wrong answer (a blank is not one) and how many gave it."""
    misconception: tuple[str, int] | None
    """The most common misconception behind a wrong answer, and how many students."""
    label: str = ""
    """The column's label (:meth:`Column.label`)."""
    blank: int = 0
    """How many left it blank."""

    def to_json(self) -> dict[str, Any]:
        return {"column": self.column, "label": self.label, "answered": self.answered,
                "blank": self.blank, "mean": self.mean, "share_right": self.share_right,
                "wrong_answer": None if self.wrong_answer is None else
                {"given": self.wrong_answer[0], "count": self.wrong_answer[1]},
                "misconception": None if self.misconception is None else
                {"id": self.misconception[0], "count": self.misconception[1]}}


@dataclass(frozen=True)
class Gradebook:
    """Every student, assignment and item of a class."""

    policy: str
    columns: tuple[Column, ...]
    students: tuple[StudentRow, ...]
    items: tuple[ItemStats, ...]
    assignments: tuple[AssignmentColumns, ...] = ()
    lang: str = "en"
    """The language of the labels in :meth:`to_json`."""

    def misconception_counts(self) -> dict[str, int]:
        """How many students each misconception was found in (in the attempts kept),
        each student counted once however many assignments show it; most frequent
        first."""
        counts = Counter(m for r in self.students for m in set(r.misconceptions.values()))
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def students_of(self, assignment: str) -> list[dict[str, Any]]:
        """The table of one assignment: every student who joined it or handed in to it,
        with their result (what ``GET /v1/assignments/{id}/students`` lists)."""
        out = []
        for r in self.students:
            result = r.assignments.get(assignment)
            if result is None or (result.joined is None and not result.submitted):
                continue
            out.append({"student": r.student, "name": r.name, **result.to_json()})
        return out

    def to_json(self) -> dict[str, Any]:
        return {"policy": self.policy,
                "assignments": [a.to_json() for a in self.assignments],
                "columns": [c.to_json(self.lang) for c in self.columns],
                "students": [{"student": r.student, "name": r.name,
                              "submitted": r.submitted,
                              "items": {c.key: r.cells[c.key].to_json() for c in self.columns
                                        if c.key in r.cells},
                              "total": r.total, "attempts": dict(r.attempts),
                              "misconceptions": dict(r.misconceptions),
                              "assignments": {a: x.to_json()
                                              for a, x in r.assignments.items()}}
                             for r in self.students],
                "items": [s.to_json() for s in self.items],
                "misconceptions": [{"id": m, "students": n}
                                   for m, n in self.misconception_counts().items()]}

    def to_csv(self, names: Mapping[str, str] | None = None, *, lang: str = "en",
               dialect: str = "excel") -> str:
        """One row per student, for a spreadsheet or an LMS gradebook, headers in
        ``lang``: ``student``, ``name``; per assignment each asked item (headed by its
        label, the score from 0 to 1 of the attempt kept, 0 where nothing was handed in),
        ``<title>: score of <max>``, ``<title>: %``, ``<title>: late`` (``yes``/``no``,
        empty when nothing was handed in), ``<title>: attempts``, ``<title>: steps right
        at the first try`` and ``<title>: steps`` (empty when the student never
        stepped); then ``total (%)``
        (the mean of the percentages), ``misconception`` (the ids) and
        ``misconception_name`` (each id's name from ``names``, the id where it has none).

        ``dialect`` is one of :data:`CSV_DIALECTS` (:func:`.csv_sheet.sheet_csv`: numbers
        to 2 places, ``\\r\\n`` line ends, a text cell that looks like a formula behind a
        ``'``); the ``excel-it`` text starts with ``"\\ufeff"``: encode either as UTF-8."""
        _check_lang(lang)
        names = names or {}

        def words(s: Said) -> str:
            return s.worded(lang)

        yes, no = words(said("yes")), words(said("no"))
        head = [words(said("student")), words(said("name"))]
        titles = _titles(self.assignments)
        for a in self.assignments:
            title = titles[a.id]
            head += [c.label(lang) for c in self.columns if c.assignment == a.id]
            head += [words(said("{title}: score of {most}", title=title, most=a.max_score)),
                     words(said("{title}: %", title=title)),
                     words(said("{title}: late", title=title)),
                     words(said("{title}: attempts", title=title)),
                     words(said("{title}: steps right at the first try", title=title)),
                     words(said("{title}: steps", title=title))]
        head += [words(said("total (%)")), words(said("misconception")),
                 words(said("misconception_name"))]
        rows: list[list[str | float | None]] = [list(head)]
        for r in self.students:
            line: list[str | float | None] = [r.student, r.name]
            for a in self.assignments:
                result = r.assignments[a.id]
                line += [r.cells[c.key].score if c.key in r.cells else 0
                         for c in self.columns if c.assignment == a.id]
                line += [result.score, result.percent,
                         (yes if result.late else no) if result.submitted else None,
                         result.attempts,
                         result.steps_right_first_try, result.steps]
            ids = list(dict.fromkeys(r.misconceptions.values()))
            line += [r.total, "; ".join(ids), "; ".join(names.get(i, i) for i in ids)]
            rows.append(line)
        return sheet_csv(rows, dialect=dialect)


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise UsageError(unknown_choice(said("language"), lang, LANGUAGES, suggest=False))


def build_gradebook(submissions: Iterable[Submission], *, policy: str = "best",
                    assignments: Sequence[AssignmentColumns] | None = None,
                    roster: Iterable[Enrollee] = (),
                    steps: Mapping[tuple[str, str], tuple[int, int]] = _NO_STEPS,
                    lang: str = "en") -> Gradebook:
    """The gradebook of ``submissions`` under ``policy`` (:data:`SCORE_POLICIES`).

    ``assignments`` fixes the assignments, in order, and their columns (every asked
    item, answered by somebody or not); a submission or an enrollee of another
    assignment is left out.  Without it the assignments are those of the submissions and
    the roster, in id order, each with the items its submissions have.  ``roster`` adds
    every student who joined: one who handed nothing in is a row with each assignment
    ``submitted: false`` and 0 of its maximum.  ``steps[(assignment, student)]`` is
    ``(right at the first try, steps)``.

    A row's total is the mean of its assignments' percentages (each assignment weighs
    the same, whatever its maximum).  With one assignment a column's key is the item's
    (``values.C``), with several ``assignment:item``; its label is ``<title>: <item
    words>`` in ``lang``."""
    if policy not in SCORE_POLICIES:
        raise UsageError(unknown_choice(said("score policy"), policy, SCORE_POLICIES,
                                        suggest=False))
    _check_lang(lang)
    subs = sorted(submissions, key=lambda s: (s.at, s.student, s.assignment, s.attempt))
    enrolled = list(roster)
    book = tuple(assignments) if assignments is not None else _assignments_of(subs, enrolled)
    known = {a.id for a in book}
    titles = _titles(book)
    several = len(book) > 1
    cols = tuple(Column(f"{a.id}:{k}" if several else k, a.id, k, titles[a.id])
                 for a in book for k in a.keys)
    by_student: dict[str, list[Submission]] = {}
    names: dict[str, str] = {}
    joined: dict[tuple[str, str], str] = {}
    for e in sorted(enrolled, key=lambda e: e.joined):
        if e.assignment in known:
            by_student.setdefault(e.student, [])
            names[e.student] = e.name
            joined[(e.assignment, e.student)] = e.joined
    for s in subs:
        if s.assignment in known:
            by_student.setdefault(s.student, []).append(s)
            names[s.student] = s.name
    rows = tuple(_row(student, names[student], mine, policy, book, cols, joined, steps)
                 for student, mine in sorted(by_student.items()))
    return Gradebook(policy, cols, rows,
                     tuple(_stats(c, rows, lang) for c in cols), book, lang)


def _assignments_of(subs: Sequence[Submission],
                    roster: Sequence[Enrollee]) -> tuple[AssignmentColumns, ...]:
    """The assignments the records name: each with the items its submissions have (in
    the order they first appear), the last title recorded, the largest maximum."""
    keys: dict[str, dict[str, None]] = {e.assignment: {} for e in roster}
    titles: dict[str, str] = {}
    most: dict[str, int] = {}
    for s in subs:
        mine = keys.setdefault(s.assignment, {})
        for v in s.verdicts:
            mine.setdefault(v.item)
        titles[s.assignment] = s.title or titles.get(s.assignment, "")
        most[s.assignment] = max(most.get(s.assignment, 0), s.max_score)
    return tuple(AssignmentColumns(a, titles.get(a) or a, tuple(keys[a]),
                                   max(len(keys[a]), most.get(a, 0))) for a in sorted(keys))


def _titles(book: Sequence[AssignmentColumns]) -> dict[str, str]:
    """Each assignment's title as its labels say it: with its id where two share one, so
    that no two columns of a spreadsheet have the same heading."""
    counts = Counter(a.title for a in book)
    return {a.id: a.title if counts[a.title] == 1 else f"{a.title} ({a.id})" for a in book}


def _row(student: str, name: str, mine: Sequence[Submission], policy: str,
         book: Sequence[AssignmentColumns], cols: Sequence[Column],
         joined: Mapping[tuple[str, str], str],
         steps: Mapping[tuple[str, str], tuple[int, int]]) -> StudentRow:
    cells: dict[str, Cell] = {}
    attempts: dict[str, int] = {}
    kept_misconceptions: dict[str, str] = {}
    results: dict[str, AssignmentResult] = {}
    for a in book:
        theirs = [s for s in mine if s.assignment == a.id]
        stepped = steps.get((a.id, student))
        right_first, in_all = (None, None) if stepped is None else stepped
        maximum = a.max_score
        if not theirs:
            results[a.id] = AssignmentResult(0.0, maximum, 0.0, False, 0, False, None,
                                             right_first, in_all, joined.get((a.id, student)))
            continue
        attempts[a.id] = len(theirs)
        # best: the first attempt reaching the best total (ties go to the earlier one)
        kept = theirs[-1] if policy == "last" else max(
            theirs, key=lambda s: (s.total, -theirs.index(s)))
        if kept.misconception is not None:
            kept_misconceptions[a.id] = kept.misconception
        verdicts = {v.item: v for v in kept.verdicts}
        for c in cols:
            if c.assignment != a.id or c.item not in verdicts:
                continue
            v = verdicts[c.item]
            answered = sum(1 for s in theirs if any(w.item == c.item for w in s.verdicts))
            cells[c.key] = Cell(v.score, v.right, answered, kept.at, v.given,
                                kept.misconception)
        percent = round(100 * kept.total / maximum, 4) if maximum else 0.0
        results[a.id] = AssignmentResult(kept.total, maximum, percent, True, len(theirs),
                                         kept.late, kept.misconception, right_first, in_all,
                                         joined.get((a.id, student)))
    return StudentRow(student, name, cells, attempts, kept_misconceptions, results)


def _stats(col: Column, rows: Sequence[StudentRow], lang: str) -> ItemStats:
    cells = [r.cells[col.key] for r in rows if col.key in r.cells]
    label = col.label(lang)
    if not cells:
        return ItemStats(col.key, 0, 0.0, 0.0, None, None, label)
    wrong = [c for c in cells if not c.right]
    # one cell per student: a misconception is counted once per student here
    return ItemStats(col.key, len(cells), round(sum(c.score for c in cells) / len(cells), 4),
                     round(sum(c.right for c in cells) / len(cells), 4),
                     _most_common(c.given for c in wrong if c.given),
                     _most_common(c.misconception for c in wrong
                                  if c.misconception is not None),
                     label, sum(1 for c in cells if not c.given))


def _most_common(values: Iterable[str]) -> tuple[str, int] | None:
    counts = Counter(values)
    if not counts:
        return None
    # Ties go to the answer first in text order, so the same class gives the same book.
    value, count = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return value, count
