"""An exercise's files: the tree, the blank worksheet, the answer key and the answer
drawn, and a printable worksheet (:mod:`tracer.figures.worksheet`).  The exercise
itself (a random tree with guarantees, and its answer key) is computed by
:mod:`tracer.analysis.check.exercise`; this module writes and draws it, with the
renderer's deterministic output, so the same seed gives the same files byte for byte.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..analysis.check import Exercise
from ..analysis.check.exercise import variant_said
from ..choices import unknown_choice
from ..errors import UsageError
from ..jsonio import atomic_write_text, dumps_json_pretty
from ..render._entry import render_trace
from ..render.draw.presets import preset_options
from ..said import said
from ..trees import format_tree_text
from ..writing import write_output_bytes
from .check_render import render_worksheet, whole_tree_options
from .worksheet import worksheet

__all__ = ["write_exercise"]


def write_exercise(ex: Exercise, directory: str | os.PathLike[str], *,
                   fmt: str = "svg", preset: str | None = None,
                   sheet_pdf: str | os.PathLike[str] | None = None, size: str = "a4",
                   ask: str = "value", lang: str = "en") -> list[Path]:
    """Write ``exercise.tree``, ``worksheet.FMT``, ``answer.json`` and ``answer.FMT``
    into ``directory`` (created if needed), drawn with the options of ``preset``
    (:mod:`tracer.render.draw.presets`), and the printable worksheet ``sheet_pdf``
    when given (:func:`tracer.figures.worksheet.worksheet`: ``size`` paper, asking
    ``ask`` at each inner node); every word in ``lang`` (the answer key's JSON is data,
    its keys those of every solution file); returns the paths written."""

    if fmt not in ("svg", "png", "pdf", "dot"):
        raise UsageError(unknown_choice(said("format"), fmt, ("dot", "pdf", "png", "svg"),
                                        suggest=False))
    printed = None
    if sheet_pdf is not None:  # made before anything is written: a bad size writes nothing
        printed = worksheet(ex.trace, title=_title(ex, lang), size=size, ask=ask,
                            lang=lang).pdf
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    tree_file, key_file = folder / "exercise.tree", folder / "answer.json"
    sheet, answer = folder / f"worksheet.{fmt}", folder / f"answer.{fmt}"
    c = ex.solution.conventions
    about = said("random alpha-beta exercise, seed {seed}", seed=_seed(ex))
    rules = said("alpha-beta ({variant}, cut when alpha {test} beta), MAX at the root",
                 variant=variant_said(c.variant or "fail-soft"),
                 test=">=" if c.cut_on == "ge" else ">")
    atomic_write_text(tree_file, f"# {about.worded(lang)}\n# {rules.worded(lang)}\n"
                                 + format_tree_text(ex.tree))
    atomic_write_text(key_file, dumps_json_pretty(ex.solution.to_json()))
    render_worksheet(ex.trace, sheet, title=_title(ex, lang), preset=preset, lang=lang)
    # The solution diagram is drawn whole too: its cut labels refer to leaf values.
    render_trace(ex.trace, answer, preset_options(
        preset, title=said("{title}: answer", title=_title(ex, lang)).worded(lang),
        lang=lang, **whole_tree_options(ex.trace)))
    written = [tree_file, sheet, key_file, answer]
    if sheet_pdf is not None and printed is not None:
        write_output_bytes(sheet_pdf, printed)
        written.append(Path(sheet_pdf))
    return written


def _seed(ex: Exercise) -> str:
    return ex.name.removeprefix("exercise-")


def _title(ex: Exercise, lang: str) -> str:
    return said("Alpha-beta exercise {seed}", seed=_seed(ex)).worded(lang)
