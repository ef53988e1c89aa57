"""Jupyter displays that need more than the renderer: a tree and a check report.

A :class:`~tracer.trees.Tree` shows itself as the blank tree of the lecture's
exercises (leaf values, MAX and MIN nodes, nothing computed); a
:class:`~tracer.analysis.check.Report` as a score line and a table of its items.
Traces and frames are in :mod:`tracer.render.notebook` (renderers import no search).
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .analysis.check import Report
    from .trees.model import Tree

__all__ = ["report_html", "tree_svg"]


def tree_svg(tree: Tree) -> str:
    """The tree drawn with its leaf values only (the exercise's blank tree), as SVG."""
    from .api import search_tree
    from .figures.check_render import _worksheet_view
    from .record import MemoryRecorder

    rec = MemoryRecorder()
    chance = any(node.player == "chance" for node in tree.nodes())
    search_tree(tree, algorithm="expectiminimax" if chance else "minimax", recorder=rec)
    # The worksheet's view (every value but the leaves' taken out), without its task.
    drawing, view = _worksheet_view(rec.trace, tree.name)
    return drawing.render("svg", replace(view, caption=None)).decode("utf-8")


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
