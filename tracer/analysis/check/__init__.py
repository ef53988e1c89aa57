"""Checking an answer to a search exercise against the expected trace.

- :mod:`.solution`: the answer (:class:`Solution`: any subset of the items of
  ``schemas/solution.schema.json``) and the same answer read off a trace;
- :mod:`.explain`: why each item of the answer key is what it is, in terms of the trace;
- :mod:`.verdict`: the verdict on one item (:class:`Item`), shared by every checker;
- :mod:`.items`: the verdict on every item of an answer; A* items in :mod:`.astar_items`;
- :mod:`.diagnose`: the misconception behind the mistakes, found by searching again;
- :mod:`.report`: the whole answer scored (:class:`Report`), and the trace it is
  checked against; :mod:`.asked` the same scored by the items asked (``--items``: every
  one an item, a blank one wrong); :mod:`.report_html` the report as Jupyter shows it (imported
  from there by the report's display hook and :mod:`tracer.notebook`);
- :mod:`.class_report`: a whole class graded, as a table;
- :mod:`.diff`: where two traces part ways (a student's program against the reference);
- :mod:`.exercise`: random alpha-beta exercises and their answer keys.

What other layers import is named here and loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import exports

if TYPE_CHECKING:
    from .class_report import ClassReport, grade_class, table_format, write_table
    from .diagnose import MISCONCEPTIONS
    from .diff import TraceDiff, diff_traces
    from .exercise import Exercise, make_exercise
    from .report import (
        CHECKED_ALGORITHMS,
        Report,
        answer_conventions,
        astar_trace,
        check_solution,
        expected_trace,
        recorded_source,
        require_items,
    )
    from .solution import Conventions, Solution, extract_solution, load_solution

_WHERE = {
    **dict.fromkeys(("CHECKED_ALGORITHMS", "Report", "answer_conventions", "astar_trace",
                     "check_solution", "expected_trace", "recorded_source",
                     "require_items"), "report"),
    **dict.fromkeys(("Conventions", "Solution", "extract_solution", "load_solution"),
                    "solution"),
    "MISCONCEPTIONS": "diagnose",
    **dict.fromkeys(("ClassReport", "grade_class", "table_format", "write_table"),
                    "class_report"),
    **dict.fromkeys(("TraceDiff", "diff_traces"), "diff"),
    **dict.fromkeys(("Exercise", "make_exercise"), "exercise"),
}

__all__ = [
    "CHECKED_ALGORITHMS",
    "ClassReport",
    "Conventions",
    "Exercise",
    "MISCONCEPTIONS",
    "Report",
    "Solution",
    "TraceDiff",
    "answer_conventions",
    "astar_trace",
    "check_solution",
    "diff_traces",
    "expected_trace",
    "extract_solution",
    "grade_class",
    "load_solution",
    "make_exercise",
    "recorded_source",
    "require_items",
    "table_format",
    "write_table",
]

__getattr__, __dir__ = exports(__name__, _WHERE)
