"""DOT: the view model as Graphviz nodes and edges (dot), their styles and themes,
and everything placed around them (footer, notes, labels, marks, geometry, side notes).
"""

from __future__ import annotations
