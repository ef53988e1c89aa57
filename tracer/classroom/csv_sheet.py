"""A table as a CSV file a spreadsheet opens in columns, in English or Italian custom.

Two dialects (:data:`CSV_DIALECTS`): ``excel`` (commas, decimal points) and ``excel-it``
(:class:`ExcelIt`: semicolons, decimal commas, and a byte order mark first so that a
spreadsheet reads the text as UTF-8), both with ``\\r\\n`` line ends (RFC 4180) and
Excel's quoting (a cell with the separator, a quote or a line break is quoted, a quote
doubled).  A number is rounded to 2 places (``0.67``, ``100``; ``0,67`` in ``excel-it``).
A text cell that a spreadsheet would take for a formula (starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return: OWASP's list on CSV injection) is written with
a leading ``'``, as names and titles come from people.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence

from ..choices import unknown_choice
from ..errors import UsageError
from ..said import said

__all__ = ["BOM", "CSV_DIALECTS", "ExcelIt", "Sheet", "sheet_csv"]

CSV_DIALECTS = ("excel", "excel-it")
"""``excel`` (commas, decimal points, UTF-8) and ``excel-it`` (semicolons, decimal
commas, UTF-8 with a byte order mark), as a spreadsheet set to English or to Italian
opens them."""

BOM = "\ufeff"
"""The byte order mark that starts an ``excel-it`` text (in UTF-8: ``EF BB BF``)."""

Sheet = Iterable[Sequence[str | float | None]]
"""Rows of cells: text, a number (an ``int`` too) or nothing (an empty cell)."""

_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is a formula to a spreadsheet."""


class ExcelIt(csv.excel):
    """The CSV an Italian spreadsheet opens in columns: ``;`` between cells (its decimal
    separator is the comma), ``\\r\\n`` line ends, ``"`` quoting as Excel's."""

    delimiter = ";"


_DIALECTS: Mapping[str, type[csv.Dialect]] = {"excel": csv.excel, "excel-it": ExcelIt}


def sheet_csv(rows: Sheet, *, dialect: str = "excel") -> str:
    """The text of ``rows`` as a CSV file in ``dialect`` (:data:`CSV_DIALECTS`); the
    ``excel-it`` text starts with :data:`BOM`.  Encode either as UTF-8."""
    if dialect not in CSV_DIALECTS:
        raise UsageError(unknown_choice(said("CSV dialect"), dialect, CSV_DIALECTS))
    comma = dialect == "excel-it"

    def cell(value: str | float | None) -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            return "'" + value if value.startswith(_FORMULA) else value
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        text = "0" if text == "-0" else text
        return text.replace(".", ",") if comma else text

    out = io.StringIO()
    writer = csv.writer(out, dialect=_DIALECTS[dialect])
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return (BOM if comma else "") + out.getvalue()
