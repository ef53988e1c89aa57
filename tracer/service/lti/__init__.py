"""LTI 1.3 (LTI Advantage): the service inside Moodle, Canvas and every platform that
launches tools the IMS way, on pylti1p3.

- :mod:`.config`: the ``--lti`` file (pylti1p3's tool configuration, its keys checked at
  start-up), the tool's key pair, and what an LMS administrator pastes;
- :mod:`.store`: every LTI table (launch data, nonces, contexts, learners, codes,
  access tokens, the scores' queue);
- :mod:`.adapter`, :mod:`.launch`, :mod:`.refusals`: login, launch, deep linking and
  the JWKS; the refusal page;
- :mod:`.scores`, :mod:`.roster`: grade passback and the platform's roster.

The package sits above the service's core, its roles and its other routes: it imports
them, and of the service only :mod:`tracer.service.app` imports it (the core and the
roles name its types only; the app hands the service its tool configuration and its
tables).  :data:`ROUTES` (the launch's and the scores' routes) is loaded on first use
(PEP 562), so that reading the tool configuration (``gametrace lti``, the start-up of
``gametrace serve``) loads no route.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.routing import BaseRoute

__all__ = ["ROUTES"]


def __getattr__(name: str) -> list[BaseRoute]:
    if name != "ROUTES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .launch import ROUTES as LAUNCH
    from .scores import ROUTES as SCORES

    routes: list[BaseRoute] = [*LAUNCH, *SCORES]
    globals()["ROUTES"] = routes
    return routes
