"""A* searches as the lecture tabulates them, and heuristics checked against true costs.

- :mod:`.report`: what an A* search did, read off its trace (:class:`AstarReport`: the
  expansion order with g, h and f, the nodes discarded, the open list, the path);
- :mod:`.admissible`: whether a heuristic is admissible and consistent
  (:class:`AdmissibilityReport`);
- :mod:`.text_table`: the plain-text tables both print.

What other layers import is named here and loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import exports

if TYPE_CHECKING:
    from .admissible import AdmissibilityReport, check_heuristic
    from .report import AstarReport, astar_report

_WHERE = {
    **dict.fromkeys(("AdmissibilityReport", "check_heuristic"), "admissible"),
    **dict.fromkeys(("AstarReport", "astar_report"), "report"),
}

__all__ = ["AdmissibilityReport", "AstarReport", "astar_report", "check_heuristic"]

__getattr__, __dir__ = exports(__name__, _WHERE)
