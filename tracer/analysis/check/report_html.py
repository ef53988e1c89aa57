"""A check report as HTML: what Jupyter shows for a :class:`~.report.Report`.

The report's display hook (``Report._repr_html_``) imports this module lazily, as
python-chess's ``Board._repr_svg_`` imports ``chess.svg``; it sits beside the report
and imports nothing from the layers above (``tracer.notebook`` re-exports it).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .report import Report

__all__ = ["report_html"]


def report_html(report: Report) -> str:
    """A check report as HTML: the verdict, then one row per item (mistakes first)."""
    total = len(report.items)
    verdict = "correct" if report.correct else f"{len(report.mistakes)} mistake(s)"
    percent = 100 * report.score / total if total else 100.0
    head = (f"<p><b>{escape(verdict)}</b>: {report.score:g} / {total} "
            f"({percent:.0f}%), checked against {escape(report.title)}</p>")
    rows = []
    order = report.mistakes + [i for i in report.items if i.right]
    for item in order:
        mark = "&#10003;" if item.right else "&#10007;"
        colour = "#1a7f37" if item.right else "#c00000"
        remark = item.note if item.right else item.why
        rows.append(f'<tr><td style="color:{colour}">{mark}</td><td>{escape(item.key)}</td>'
                    f"<td>{escape(item.expected)}</td><td>{escape(item.given)}</td>"
                    f"<td>{escape(remark or '')}</td></tr>")
    table = ("<table><thead><tr><th></th><th>item</th><th>expected</th><th>given</th>"
             f"<th>why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
    return f'<div class="gametrace-report">{head}{table}</div>'
