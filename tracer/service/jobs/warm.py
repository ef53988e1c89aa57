"""The server, made ready before its first job forks (:mod:`.isolation`).

A job's process starts from the server's memory.  What the server has not imported, each
job imports again (and a module another thread is importing at the moment of a fork
stays locked in the child); what the library caches on first use (parsed schemas,
styles, Graphviz's set-up), each job fills again.  So the server imports every module a
job uses and does each kind of job once, on the AIMA example, before serving: a small
search then costs 5 ms in a job's process instead of 20 ms.
"""

from __future__ import annotations

import logging

__all__ = ["WARM_MODULES", "warm_up"]

log = logging.getLogger("gametrace.serve")

WARM_MODULES = (
    "tracer.analysis.check.asked", "tracer.analysis.check.diff", "tracer.analysis.check.exercise",
    "tracer.analysis.check.solution", "tracer.analysis.orderings.report", "tracer._api",
    "tracer.classroom.exports", "tracer.classroom.gradebook", "tracer.classroom.reading",
    "tracer.classroom.steps", "tracer.classroom.tasks", "tracer.examples",
    "tracer.figures.check_render", "tracer.games.registry", "tracer.render",
    "tracer.render.files.engine", "tracer.search", "tracer.search.common", "tracer.student",
    "tracer.trace", "tracer.trees",
)
"""What the jobs import lazily: imported once in the server, not in every child."""

_warm = False


def warm_up() -> None:
    """Import what jobs use and do each kind of job once, in this process; once."""
    import importlib

    global _warm
    if _warm:
        return
    _warm = True
    for name in WARM_MODULES:
        importlib.import_module(name)
    try:
        _each_job_once()
    except Exception:  # a warm-up that fails costs speed, never the service
        log.debug("warming up the jobs failed", exc_info=True)


def _each_job_once() -> None:
    import json

    from ..._api import check_answer, compare_orders, record_search
    from ...analysis.check import diff_traces
    from ...examples import example_tree
    from ...figures.check_render import worksheet_dot
    from ...render.files.engine import render
    from ...render.model.render_options import RenderOptions
    from ...render.pipeline import Drawing
    from ...trace import Trace
    from ...trees import format_tree_text

    _, text = record_search("aima", algorithm="alphabeta")
    record_search("nim", algorithm="minimax")
    trace = Trace.from_json(json.loads(text))
    drawing = Drawing(trace, RenderOptions.from_kwargs())
    drawing.render("svg")
    drawing.render("svg", next(iter(drawing.frames())).view)
    check_answer({"value": 3}, source=example_tree("aima"))
    render(worksheet_dot(trace), "svg", pinned=False)
    diff_traces(trace, trace)
    compare_orders("aima", orders="natural,best")
    format_tree_text(example_tree("aima"))
