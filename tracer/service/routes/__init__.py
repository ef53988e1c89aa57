"""The HTTP routes and pages of ``gametrace serve``: one module per group of
routes (searching, checking, drawing, comparing, statistics, exercises, parsing,
the recorded traces, the big traces' indexes, the catalogue of menus, the page,
its icon, the OpenAPI document and the health check), and the gate in front
of every route (:mod:`.gate`: other sites, CORS, the rate limit per client).
What every route shares (responses, query parameters, static files, security
headers) is :mod:`tracer.service.web`; the classroom's routes are
:mod:`tracer.service.classroom`'s.
"""

from __future__ import annotations
