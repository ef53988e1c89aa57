"""The fast tier of minimax and alpha-beta: the same searches as the reference tier's one
node body (``body.AlphaBeta.search``), specialised for speed where recording is off or
goes straight to a JSON-lines file.

Two builds, one loop each: the pure-Python loops (:mod:`.pure`) and their compiled build
(``tracer/_lines.c``, used for JSON lines when it was built).  README.md beside this
module says how both are kept equal to the reference.
"""

from __future__ import annotations

from .pure import alpha_beta_bare, alpha_beta_lines, minimax_bare, two_function_lines, uses_compiled

__all__ = ["alpha_beta_bare", "alpha_beta_lines", "minimax_bare", "two_function_lines",
           "uses_compiled"]
