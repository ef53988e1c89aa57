"""Pictures of searches: trace -> replay -> view model -> DOT -> SVG / PNG / PDF / frames.

Internal: a script or a notebook draws through :mod:`tracer` (:func:`tracer.draw`,
:func:`tracer.frames`, :func:`tracer.trace_dot`, :class:`tracer.Frames`,
:class:`tracer.RenderOptions`).  The library's own callers import each name from the
module that defines it: :mod:`.model.render_options` (the options and their lists),
:mod:`.pipeline` (the :class:`~tracer.render.pipeline.Drawing`), :mod:`._entry` (a
drawing written to a file, as frames, as bytes or as DOT), :mod:`.notebook`.

Renderers read traces only (never ``tracer.search``), so a trace written by any program
in the trace format draws the same way.  Layout and rendering use the Graphviz bundled
in the pygraphviz wheel, in-process: no system install.

>>> import tracer
>>> tracer.draw("traces/aima.json", "aima.svg")                     # doctest: +SKIP
>>> tracer.frames("traces/aima.json", "frames/", lang="it")         # doctest: +SKIP
"""

from __future__ import annotations
