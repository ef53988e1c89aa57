"""Pictures for checking: the expected tree with an answer's mistakes marked, and a
blank worksheet.

Both start from the renderer's view model of the expected trace
(:class:`tracer.render.pipeline.Drawing`), so they share its layout and look.  The worksheet
is the same view with every value but the leaves' taken out.  The marked diagram
keeps the expected values and draws each node an answer got wrong in red, with a
note beside it ("you: <=3", "you evaluated it"): the view's nodes carry the mark
(:attr:`tracer.render.model.view.ViewNode.mark`) and the notes are the view's side note, so
the renderer draws them; nothing edits DOT text afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace

from ..analysis.check import Report
from ..analysis.check.wording import Words as CheckWords
from ..render.draw.dot import to_dot
from ..render.model.render_options import output_format
from ..render.model.text import words
from ..render.model.view import SideNote, View
from ..render.pipeline import Drawing
from ..render.read.skeleton import Skeleton
from ..trace import Trace
from ..writing import write_output_bytes

__all__ = ["MISTAKE_COLOUR", "marked_dot", "render_marked", "render_worksheet",
           "whole_tree_options", "worksheet_dot", "worksheet_view"]

MISTAKE_COLOUR = "#d00000"


def _drawing(trace: Trace, preset: str | None = None, **options: object) -> Drawing:
    from ..render.draw.presets import preset_options

    return Drawing(trace, preset_options(preset, **options))


_SAME_FACT = {"check.mark.unmarked": "check.mark.evaluated",
              "check.mark.skipped": "check.mark.pruned"}
"""A note left out when the note it repeats is there (one mistake seen from two items),
by the keys of the checker's words."""


def _marks(report: Report, lang: str) -> dict[str, list[str]]:
    """The notes of each node the answer got wrong, as the checker worded them in
    ``lang``."""
    w = CheckWords(lang)
    same = {w(key): w(repeated) for key, repeated in _SAME_FACT.items()}
    out: dict[str, list[str]] = {}
    for item in report.mistakes:
        for node, text in item.marks:
            if text not in out.setdefault(node, []):
                out[node].append(text)
    return {node: [t for t in texts if same.get(t) not in texts]
            for node, texts in out.items()}


def _render(drawing: Drawing, view: View, out: str | os.PathLike[str],
            marks: dict[str, list[str]], cause: Sequence[str] = (), *,
            title: str = "Your mistakes") -> None:
    fmt = output_format(out)
    view = _marked(view, marks, cause, title=title)
    if fmt == "dot":
        data = to_dot(view, drawing.theme).encode()
    else:
        # Laid out (and fitted to a canvas, --preset slides) as this view, its side
        # note included.
        drawing.view = view
        data = drawing.render(fmt)
    write_output_bytes(out, data)


def _marked(view: View, marks: dict[str, list[str]], cause: Sequence[str] = (), *,
            title: str = "Your mistakes") -> View:
    """``view`` with red borders on the marked nodes, and the list of the notes beside the
    tree under ``title`` (none when nothing is marked)."""
    if not marks:
        return view
    nodes = tuple(replace(v, mark=MISTAKE_COLOUR) if v.key in marks else v
                  for v in view.nodes)
    side = SideNote(title, tuple((node, tuple(texts)) for node, texts in marks.items()),
                    MISTAKE_COLOUR, tuple(cause))
    return replace(view, nodes=nodes, side=side)


def marked_dot(trace: Trace, report: Report, *, preset: str | None = None,
               lang: str = "en") -> str:
    """DOT source of the expected tree with ``report``'s mistakes marked, its words in
    ``lang``."""
    drawing, view, marks = _marked_view(trace, report, preset, lang)
    return to_dot(_marked(view, marks, _cause(report, lang),
                          title=drawing.words("check.mistakes")), drawing.theme)


def render_marked(trace: Trace, report: Report, out: str | os.PathLike[str], *,
                  preset: str | None = None, lang: str = "en") -> None:
    """Draw the expected tree of ``trace`` with ``report``'s mistakes in red into ``out``
    (``.svg``, ``.png``, ``.pdf`` or ``.dot``), with the options of ``preset``
    (:mod:`tracer.render.draw.presets`), its words in ``lang`` (the report's)."""
    drawing, view, marks = _marked_view(trace, report, preset, lang)
    _render(drawing, view, out, marks, _cause(report, lang),
            title=drawing.words("check.mistakes"))


def _cause(report: Report, lang: str) -> list[str]:
    """The likely misconception, in a few words (the verdict's diagnosis says more)."""
    full = [f for f in report.diagnosis if f.full]
    if not full:
        return []
    cw = CheckWords(lang)
    what = cw("check.diag.and").join(cw(f"mis.{m}").split(" (")[0] + (f" {w}" if w else "")
                                     for m, w in full[0].causes)
    return [words(lang)("check.cause", what=what)]


def _marked_view(trace: Trace, report: Report, preset: str | None = None, lang: str = "en"
                 ) -> tuple[Drawing, View, dict[str, list[str]]]:
    drawing = _drawing(trace, preset, lang=lang)
    w, base = drawing.words, drawing.view
    marks = _marks(report, lang)
    rank = {v.key: i for i, v in enumerate(base.nodes)}
    marks = dict(sorted(marks.items(), key=lambda kv: rank.get(kv[0], len(rank))))
    wrong = len(report.mistakes)
    caption = w("check.caption", expected=drawing.caption, score=w.decimal(report.score, 2),
                n=len(report.items),
                verdict=w.n("check.wrong", wrong) if wrong else w("check.right"))
    nodes = tuple(replace(v, extra=()) if v.key in marks else v for v in base.nodes)
    return drawing, replace(base, nodes=nodes, caption=caption), marks


# ------------------------------------------------------------------ the worksheet


def whole_tree_options(trace: Trace) -> dict[str, object]:
    """Render options that draw every node of ``trace``'s tree: no summary boxes, however
    wide (a worksheet or an answer with folded leaves cannot be worked)."""
    size = len(Skeleton.from_header(trace.header).nodes)
    return {"max_nodes": max(400, size), "max_width": max(10, size)}


def worksheet_view(trace: Trace, title: str | None, preset: str | None = None, *,
                   lang: str = "en", theme: str = "colour") -> tuple[Drawing, View]:
    """The whole tree, every leaf with its value, and nothing of the answer: no values
    of inner nodes, no cuts, no pruned or unsearched styles, no principal variation;
    its words in ``lang``, its colours ``theme``'s."""
    drawing = _drawing(trace, preset, title=title, ghost_values=True, lang=lang,
                       theme=theme, **whole_tree_options(trace))
    base = drawing.view
    statics = {n.id: n.static for n in drawing.replay.skeleton.nodes.values()}
    nodes = tuple(replace(v, status="explored", pv=False, current=False, extra=(),
                          value=_leaf_value(drawing, statics.get(v.key))
                          if v.shape == "terminal" else None,
                          tooltip=v.key) for v in base.nodes)
    edges = tuple(replace(e, status="explored", pv=False, cut=None) for e in base.edges
                  if e.head in statics)
    legend = tuple(x for x in base.legend if x[0] in ("legend.max", "legend.min"))
    caption = drawing.words("worksheet")
    return drawing, replace(base, nodes=nodes, boxes=(), edges=edges, legend=legend,
                            caption=caption)


def _leaf_value(drawing: Drawing, value: float | int | None) -> str | None:
    return None if value is None else drawing.words.number(value)


def worksheet_dot(trace: Trace, *, title: str | None = None,
                  preset: str | None = None, lang: str = "en", theme: str = "colour") -> str:
    """DOT source of the blank worksheet: the tree of ``trace`` with leaf values only."""
    drawing, view = worksheet_view(trace, title, preset, lang=lang, theme=theme)
    return to_dot(view, drawing.theme)


def render_worksheet(trace: Trace, out: str | os.PathLike[str], *,
                     title: str | None = None, preset: str | None = None,
                     lang: str = "en") -> None:
    """Draw the blank worksheet of ``trace``'s tree into ``out``, its words in ``lang``."""
    drawing, view = worksheet_view(trace, title, preset, lang=lang)
    _render(drawing, view, out, {})
