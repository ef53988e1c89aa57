"""The fast tier of minimax and alpha-beta: the same searches as the reference tier's one
node body (``body.AlphaBeta.search``), specialised for speed where recording is off or
goes straight to a JSON-lines file.

Two builds, one node body each: the pure-Python loops (:mod:`.loops`, written by
tools/make_fast.py from the one body in ``body.py.in``) and the compiled build of the
streamed ones (``_lines.c``, the module ``tracer._lines``, used for JSON lines when it
was built); :mod:`.pure` chooses between them.  README.md beside this module says how
both are kept equal to the reference.
"""

from __future__ import annotations

from .pure import alpha_beta_bare, alpha_beta_lines, minimax_bare, two_function_lines, uses_compiled

__all__ = ["alpha_beta_bare", "alpha_beta_lines", "minimax_bare", "two_function_lines",
           "uses_compiled"]
