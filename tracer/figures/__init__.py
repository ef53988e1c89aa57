"""Pictures of what :mod:`tracer.analysis` computes: the checker's marked diagram and
blank worksheet (:mod:`.check_render`), an exercise's files (:mod:`.exercise`), the
ordering comparison's plot (:mod:`.ordering_plot`) and two searches side by side
(:mod:`.sidebyside`).

This layer sits above both ``analysis`` and ``render`` so that neither imports the
other: analysis reads traces and searches, render draws traces, and a figure draws an
analysis result with the renderer (see docs/architecture.md)."""

from __future__ import annotations
