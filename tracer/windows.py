"""Which alpha/beta window is meant: the one a node starts with, or the one it ends with.

A node searched by alpha-beta has two windows: the one its parent passes down
(``entry``: ``MAX-VALUE(state, α, β)``'s inputs, the expand event's alpha and beta) and
the one it ends with, once its children's values have raised its alpha (at MAX) or
lowered its beta (at MIN) (``final``: the last backup's).  Node C of the AIMA tree
enters with α = 3, β = +∞ and ends with α = 3, β = 2, the comparison that cuts it.

One convention serves the picture (``render --window``, the stepper page's menu) and
the checker (``check``'s ``alpha``/``beta`` answers): :data:`WINDOW_DEFAULT`,
the lecture notes' own.  Their worked examples keep one alpha and one beta per node and
write them as the search moves them ("Ogni nodo deve tenere traccia dei suoi valori alfa
e beta"; at the middle node of MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} "otteniamo
alpha = 3 e beta = 2": Algoritmo Minimax con potatura alfa-beta), so a student
who follows the notes writes the final window.
"""

from __future__ import annotations

__all__ = ["WINDOWS", "WINDOW_DEFAULT"]

WINDOWS = ("entry", "final")
"""The windows one may name: on entry to the node, or final."""

WINDOW_DEFAULT = "final"
"""The window shown, checked and asked for when none is named: the notes' final one."""
