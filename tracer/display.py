"""How a trace or a tree shows itself in Jupyter, filled in from above.

IPython shows an object through its ``_repr_svg_`` / ``_repr_mimebundle_`` methods, as
the ``graphviz`` package's objects do; nothing here imports IPython.  The core's types
(:class:`~tracer.trace.Trace`, :class:`~tracer.trees.Tree`) cannot draw themselves: the
renderer sits above them.  So their hooks ask this registry, which the notebook layer
fills when it is imported (:mod:`tracer.render.notebook` draws traces,
:mod:`tracer.notebook` trees), and which the package (:mod:`tracer`) tells how to load
that layer the first time a hook asks (:func:`load_with`).  The core calls nothing
above it: it calls what it was given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["HTML", "SVG", "load_with", "mimebundle", "register", "shown", "svg_bundle"]

SVG = "image/svg+xml"
HTML = "text/html"

_SHOWS: dict[type, dict[str, Callable[[Any], str]]] = {}
"""Per type, how it is shown in each mime type."""

_LOADERS: list[Callable[[], None]] = []
"""What fills the registry, called (once) before the first look-up."""


def register(kind: type, mime: str, show: Callable[[Any], str]) -> None:
    """Show an object of ``kind`` as ``mime`` (``SVG``) with ``show(obj)``."""
    _SHOWS.setdefault(kind, {})[mime] = show


def load_with(loader: Callable[[], None]) -> None:
    """Call ``loader`` (which imports the modules that register) before the first
    look-up: the notebook layer is loaded only when a notebook shows something."""
    _LOADERS.append(loader)


def shown(obj: object, mime: str) -> str | None:
    """``obj`` shown as ``mime``, or ``None`` when nothing shows its type so (IPython
    then falls back to the next representation)."""
    while _LOADERS:
        _LOADERS.pop(0)()
    for kind in type(obj).__mro__:
        show = _SHOWS.get(kind, {}).get(mime)
        if show is not None:
            return show(obj)
    return None


def mimebundle(data: dict[str, str], include: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None) -> dict[str, str]:
    """``data`` restricted as IPython asks (``include`` / ``exclude`` mime types)."""
    keep = set(include) if include else set(data)
    drop = set(exclude or ())
    return {k: v for k, v in data.items() if k in keep and k not in drop}


def svg_bundle(obj: object, include: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None) -> dict[str, str]:
    """``_repr_mimebundle_`` of an object shown as SVG (empty when nothing shows it)."""
    svg = shown(obj, SVG)
    return {} if svg is None else mimebundle({SVG: svg}, include, exclude)
