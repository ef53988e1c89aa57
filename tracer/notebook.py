"""Jupyter displays that need more than the renderer: a tree and a check report.

A :class:`~tracer.trees.Tree` shows itself as the blank tree of the lecture's
exercises (leaf values, MAX and MIN nodes, nothing computed), drawn from the tree
itself: nothing is searched.  :func:`tree_svg` is registered with
:mod:`tracer.display` when this module is imported, and so are the traces' displays
(:mod:`tracer.render.notebook`, imported here); the package loads this module the
first time a notebook shows one of them.  A
:class:`~tracer.analysis.check.report.Report` shows a score line and a table of its
items (:func:`report_html`, which lives beside the report in
:mod:`tracer.analysis.check.report_html`; registered here too, for the report's hook
to ask :mod:`tracer.display` as the trace's and the tree's do).
"""

from __future__ import annotations

from dataclasses import replace

from .analysis.check.report import Report
from .analysis.check.report_html import report_html
from .display import HTML, SVG, register
from .families import ALGORITHMS
from .figures.check_render import worksheet_view
from .header import Header
from .render import notebook as _traces  # noqa: F401  # registers the traces' display
from .sources import tree_source
from .trace import Trace
from .trees.model import Tree

__all__ = ["report_html", "tree_svg"]


def tree_svg(tree: Tree) -> str:
    """The tree drawn with its leaf values only (the exercise's blank tree), as SVG:
    the worksheet's view of a trace that holds the tree and no search."""
    chance = any(node.player == "chance" for node in tree.nodes())
    algorithm = "expectiminimax" if chance else "minimax"
    header = Header(algorithm=algorithm, variant=ALGORITHMS[algorithm][0],
                    root=tree.root.id, options={}, source=tree_source(tree))
    drawing, view = worksheet_view(Trace(header, [], None), tree.name)
    return drawing.render("svg", replace(view, caption=None)).decode("utf-8")


register(Tree, SVG, tree_svg)
register(Report, HTML, report_html)
