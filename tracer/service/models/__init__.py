"""The service's API, typed: what it reads (:mod:`.request_models`, after
:mod:`.bodies` has checked a body against the schema), what it answers
(:mod:`.answer_models`), errors as ``application/problem+json`` answers in
the request's language (:mod:`.problem_details`, :mod:`.problem_words`), and
the OpenAPI 3.1 document (:mod:`.openapi`) with its schemas
(:mod:`.components`).
"""

from __future__ import annotations
