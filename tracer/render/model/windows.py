"""Which alpha/beta window a node shows, and the legend line that says which.

The two windows and the default are :mod:`tracer.windows`'s; in a frame, ``final`` is
the window as it stands at that step.
"""

from __future__ import annotations

from ...said import said
from ..read.replay import NodeState
from .text import Words

__all__ = ["window_legend", "window_text"]


def window_text(st: NodeState, which: str, w: Words) -> str | None:
    """``α=3, β=2``: the window ``which`` (``entry`` or ``final``) of a node searched
    with one; None for a node without (minimax, a leaf)."""
    alpha, beta = (st.alpha0, st.beta0) if which == "entry" else (st.alpha, st.beta)
    if alpha is None or beta is None or st.alpha0 is None or st.beta0 is None:
        return None
    return f"{w.alpha}={w.number(alpha)}, {w.beta}={w.number(beta)}"


def window_legend(which: str, w: Words) -> str:
    """The legend's line saying which window the picture shows."""
    if which == "entry":
        text = said("{alpha}, {beta}: window on entry",
                    alpha=w.alpha, beta=w.beta)
    else:
        text = said("{alpha}, {beta}: final window",
                    alpha=w.alpha, beta=w.beta)
    return text.worded(w.lang)
