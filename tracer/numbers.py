"""How numbers are written for people: the one formatter verdicts, reports and tables share.

``3``, ``2.5``, ``+inf``, ``-inf``: an integral float drops its ``.0`` and the infinities
are spelled as solution files and traces spell them.  Drawings use their own
locale-aware spelling (:meth:`tracer.render.model.text.Words.number`: ``+∞``, ``2,5``).
"""

from __future__ import annotations

import math

__all__ = ["Number", "format_number"]

Number = float | int


def format_number(x: Number) -> str:
    """``3``, ``2.5``, ``+inf``, ``-inf``: numbers as solution files and verdicts write them."""
    if isinstance(x, float):
        if math.isinf(x):
            return "+inf" if x > 0 else "-inf"
        if x.is_integer() and abs(x) < 1e15:  # 1e308 stays 1e+308, not 309 digits
            return str(int(x))
        return repr(x)
    return str(x)
