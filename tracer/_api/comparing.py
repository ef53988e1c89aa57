"""Comparing: what an ordering of the children, or a move-ordering technique, saves on a
source (``gametrace compare``), with its table, plot and side-by-side picture."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..said import said

# Type-only: each analysis is imported by the call that needs it, so importing the
# front door does not load every analysis (and the searches they run).
if TYPE_CHECKING:
    from ..analysis.orderings import Comparison

__all__ = ["ComparedOutputs", "compare_outputs"]


@dataclass(frozen=True)
class ComparedOutputs:
    """What :func:`compare_outputs` made, for what ``gametrace compare`` prints."""

    comparison: Comparison
    text: str
    """The table, CSV or JSON; written to ``output`` unless that is standard output."""
    fmt: str
    picture_lines: tuple[str, ...] = ()
    """What the side-by-side picture says about the two searches it draws."""


def compare_outputs(source: str, *, orders: str | None = None,
                    techniques: str | None = None, algorithm: str = "alphabeta",
                    variant: str | None = None, technique: str = "",
                    depth: int | None = None, seed: int = 0, repeat: int = 3,
                    params: Mapping[str, str] | None = None,
                    root_player: str | None = None, fmt: str | None = None,
                    output: str | None = None, plot: str | None = None,
                    picture: str | None = None, pair: str | None = None,
                    preset: str | None = None,
                    picture_options: Mapping[str, Any] | None = None,
                    progress: Callable[[int, int], None] | None = None,
                    searching: Callable[[], Any] | None = None,
                    inputs: Sequence[tuple[str, str | None]] = ()) -> ComparedOutputs:
    """``gametrace compare``: compare ``orders`` (or ``techniques``) on ``source``, write
    the table as ``fmt`` (default: from the extension of ``output``, else ``table``) to
    ``output`` (``None`` or ``-``: the caller prints :attr:`ComparedOutputs.text`), the
    plot of the random orderings to ``plot`` and two searches side by side (``pair``,
    default the first two) to ``picture``, drawn with ``picture_options``
    (:class:`~tracer.RenderOptions` fields) on top of ``preset``.  Every output is
    checked before any search (and none may be one of ``inputs``, the files read); the
    searches run in a thread deep enough for any tree.
    ``searching``, if given, is a context manager factory the searches run inside (the
    command line's: a game's own ``print()`` goes to stderr)."""
    from contextlib import nullcontext

    from ..analysis.orderings import OrderingReport, compare_source, plan_comparison
    from ..outputs import check_outputs
    from ..recursion import DEFAULT_MAX_PLY, run_deep
    from ..render.model.render_options import output_format

    if orders is not None and techniques is not None:
        raise UsageError(said("give --orders or --techniques, not both"))
    if plot is not None and techniques is not None:
        raise UsageError(said("--plot shows random orderings: it goes with --orders"))
    # Every output is checked before any search; the table goes to stdout without -o.
    check_outputs(("-o", "-" if output is None else output, "table"),
                  ("--plot", plot, "diagram"), ("--picture", picture, "diagram"),
                  inputs=list(inputs))
    for path in (plot, picture):
        if path is not None:
            output_format(path)
    suffix = os.path.splitext(output or "")[1].lower()
    fmt = fmt or (suffix[1:] if suffix in (".csv", ".json") else "table")
    plan = plan_comparison(orders=orders, techniques=techniques, algorithm=algorithm)
    chosen = plan.pair(pair) if picture is not None else None
    with (searching or nullcontext)():
        comparison = run_deep(lambda: compare_source(
            source, plan, algorithm=algorithm, variant=variant, technique=technique,
            depth=depth, seed=seed, repeat=repeat, params=params, root_player=root_player,
            # the progress of many random orderings only
            progress=progress if plan.randoms >= 20 else None), max_ply=DEFAULT_MAX_PLY)
    if plot is not None and isinstance(comparison.report, OrderingReport):  # not techniques
        from ..figures.ordering_plot import render_plot
        from ..writing import write_output_bytes

        write_output_bytes(plot, render_plot(comparison.report, output_format(plot)))
    text = comparison.to_text(fmt)
    if output not in (None, "-"):
        from ..jsonio import atomic_writer

        assert output is not None
        with atomic_writer(output) as out:
            out.write(text)
    lines: tuple[str, ...] = ()
    if picture is not None and chosen is not None:
        from ..render.draw.presets import preset_options

        options = preset_options(preset, legend=False, visit_order=True,
                                 **dict(picture_options or {}))
        lines = run_deep(lambda: _picture(picture, chosen, comparison, options),
                         max_ply=DEFAULT_MAX_PLY)
    return ComparedOutputs(comparison, text, fmt, lines)


def _picture(path: str, chosen: tuple[str, str], comparison: Comparison,
             options: Any) -> tuple[str, ...]:
    from ..figures.sidebyside import side_by_side
    from ..render.model.render_options import output_format
    from ..writing import write_output_bytes

    (trace_a, name_a), (trace_b, name_b) = (comparison.trace_of(chosen[0]),
                                            comparison.trace_of(chosen[1]))
    drawing = side_by_side(trace_a, trace_b, names=(name_a, name_b), title=comparison.title,
                           options=options)
    write_output_bytes(path, drawing.render(output_format(path), dpi=options.dpi))
    fit = drawing.fit  # text under the canvas's least size is said here, never drawn
    note = [] if fit is None or fit.note is None else [f"warning: {fit.note}"]
    return (*note, *drawing.summary())
