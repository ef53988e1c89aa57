"""Output: Graphviz runs (engine), frames and the files made from pictures (PDF,
HTML player, TikZ/Beamer, strips).
"""

from __future__ import annotations
