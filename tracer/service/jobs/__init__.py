"""The service's jobs and their limits: each job in a process of its own, limited,
killable, always reaped (:mod:`.isolation`: time, memory, the answer's size),
the job slots shared fairly between clients (:mod:`.slots`), and the server made
ready before its first job forks (:mod:`.warm`).
"""

from __future__ import annotations
