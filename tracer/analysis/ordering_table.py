"""The ordering comparison as text: the terminal table and the CSV rows that
``gametrace compare`` prints (:meth:`OrderingReport.to_table`, :meth:`OrderingReport.to_csv`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..jsonio import csv_text
from ..numbers import format_number

if TYPE_CHECKING:
    from .ordering import OrderingReport

__all__ = ["ordering_csv", "ordering_table"]


def ordering_table(report: OrderingReport) -> str:
    """The terminal table: one row per ordering, the random ones summarised."""
    shape = report.shape
    d, all_leaves = shape.height, shape.leaves
    kind = (f"uniform tree, b = {shape.branching}, d = {d}" if shape.branching is not None
            else f"height d = {d}, not uniform")
    rows: list[tuple[str, ...]] = [
        (run.name, str(run.tally.leaves), f"{run.tally.leaves / all_leaves:.1%}",
         str(run.tally.expanded), str(run.tally.cuts),
         _share(run.tally.first_child_cuts, run.tally.cuts), _f(run.tally.ebf(d)))
        for run in (report.minimax, *report.runs)]
    spread = report.spread("leaves")
    if spread is not None:
        means = {a: report.spread(a) for a in ("expanded", "cuts")}
        cuts = sum(r.tally.cuts for r in report.random)
        first = sum(r.tally.first_child_cuts for r in report.random)
        rows.append((f"random ({spread.n}), mean", f"{spread.mean:.1f}",
                     f"{spread.mean / all_leaves:.1%}", _mean(means["expanded"]),
                     _mean(means["cuts"]), _share(first, cuts),
                     _f(spread.mean ** (1 / d) if d > 0 else None)))
    head = ("", "leaves", "of minimax", "expanded", "cuts", "1st-child cuts", "EBF")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    widths[0] = max(widths[0], len("critical tree"))

    def line(cells: tuple[str, ...]) -> str:
        first, *rest = cells
        return f"{first:<{widths[0]}}" + "".join(
            f"  {c:>{w}}" for c, w in zip(rest, widths[1:], strict=True))

    lines = [f"{report.title}: value {format_number(shape.value)}; {kind}", line(head),
             *(line(r) for r in rows)]
    if spread is not None:
        lines.append(f"{'':<{widths[0]}}  leaves: min {format_number(spread.min)}, "
                     f"q1 {format_number(spread.q1)}, median {format_number(spread.median)}, "
                     f"q3 {format_number(spread.q3)}, max {format_number(spread.max)}")

    def bound(name: str, leaves: int, note: str) -> str:
        return (f"{name:<{widths[0]}}  {leaves:>{widths[1]}}  "
                f"{leaves / all_leaves:>{widths[2]}.1%}  {note}")

    km = shape.knuth_moore
    if km is not None:
        b = shape.branching
        lines.append(bound("Knuth-Moore", km, f"b^ceil(d/2) + b^floor(d/2) - 1 = "
                                              f"{b}^{-(-d // 2)} + {b}^{d // 2} - 1"))
    lines.append(bound("critical tree", shape.critical,
                       f"the fewest leaves that prove the value {format_number(shape.value)}"))
    lines.append(f"EBF = leaves^(1/d) with d = {d}, the height of the tree minimax searched;")
    lines.append("1st-child cuts: cuts made by the first child searched at the node cut.")
    return "\n".join(lines) + "\n"


def ordering_csv(report: OrderingReport) -> str:
    """One row per search (minimax, each ordering, each random seed), then the bounds."""
    d, n = report.shape.height, report.shape.leaves
    rows = [{"kind": "minimax" if r is report.minimax else "ordering", **r.to_json(d, n)}
            for r in (report.minimax, *report.runs, *report.random)]
    blank = dict.fromkeys(rows[0], None)
    for name, leaves in (("knuth-moore", report.shape.knuth_moore),
                         ("critical-tree", report.shape.critical)):
        if leaves is not None:
            rows.append({**blank, "kind": "bound", "ordering": name, "leaves": leaves,
                         "ebf": leaves ** (1 / d) if d > 0 else None,
                         "share_of_minimax": leaves / n, "value": report.shape.value})
    return csv_text(rows)


def _share(first: int, cuts: int) -> str:
    return f"{first}/{cuts} ({first / cuts:.0%})" if cuts else "-"


def _mean(spread: Any) -> str:
    return "-" if spread is None else f"{spread.mean:.1f}"


def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"
