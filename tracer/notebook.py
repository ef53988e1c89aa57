"""Jupyter displays that need more than the renderer: a tree and a check report.

A :class:`~tracer.trees.Tree` shows itself as the blank tree of the lecture's
exercises (leaf values, MAX and MIN nodes, nothing computed); a
:class:`~tracer.analysis.check.report.Report` as a score line and a table of its items
(:func:`report_html`, which lives beside the report in :mod:`tracer.analysis.check.report_html`,
so that the report's display hook imports nothing above it).
Traces and frames are in :mod:`tracer.render.notebook` (renderers import no search).
"""

from __future__ import annotations

from dataclasses import replace

from .analysis.check.report_html import report_html
from .trees.model import Tree

__all__ = ["report_html", "tree_svg"]


def tree_svg(tree: Tree) -> str:
    """The tree drawn with its leaf values only (the exercise's blank tree), as SVG."""
    from .api import search_tree
    from .figures.check_render import worksheet_view
    from .record import MemoryRecorder

    rec = MemoryRecorder()
    chance = any(node.player == "chance" for node in tree.nodes())
    search_tree(tree, algorithm="expectiminimax" if chance else "minimax", recorder=rec)
    # The worksheet's view (every value but the leaves' taken out), without its task.
    drawing, view = worksheet_view(rec.trace, tree.name)
    return drawing.render("svg", replace(view, caption=None)).decode("utf-8")
