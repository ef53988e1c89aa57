"""The classroom's routes: courses, assignments, joining, steps, submissions,
solutions, the teacher's exports and gradebook, the students of an assignment,
and a course's trace library.  Who may do what is
:mod:`tracer.service.roles`' (capability tokens, which the LTI routes check
too); what they keep is :mod:`tracer.service.storage.class_store`'s; what a
task, a grade or an export is comes from the library (:mod:`tracer.classroom`).
"""

from __future__ import annotations
