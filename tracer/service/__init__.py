"""``gametrace serve``: the HTTP API, the store of recorded traces and the browser UI.

A thin layer over the library (:mod:`tracer._api`, :mod:`tracer.render`,
:mod:`tracer.analysis`); nothing else imports it, and it is imported only by the
``serve`` command, so the ASGI stack never slows down ``gametrace --help``.
See docs/service.md.
"""

from __future__ import annotations

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
