"""Plain-text tables for the A* reports the command line prints (the A* tables,
admissibility): left-aligned columns indented two spaces, long tables cut at a row limit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["count", "text_table"]


def text_table(header: Sequence[str], rows: Sequence[Sequence[Any]], limit: int) -> list[str]:
    """Left-aligned columns, indented two spaces; rows beyond ``limit`` (0: none) are
    counted in a last line."""
    shown = [[str(c) for c in r] for r in (rows if limit == 0 else rows[:limit])]
    widths = [max(len(h), *(len(r[k]) for r in shown)) if shown else len(h)
              for k, h in enumerate(header)]
    lines = ["  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
             for row in [list(header), *shown]]
    if len(shown) < len(rows):
        lines.append(f"  ... {len(rows) - len(shown):,} more (--limit 0 shows all)")
    return lines


def count(n: int, thing: str) -> str:
    """``1 state``, ``2,048 states``."""
    return f"{n:,} {thing}" + ("" if n == 1 else "s")
