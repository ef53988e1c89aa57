"""Reading a trace: the file or stream (reader), the tree it describes (skeleton),
and the replay of its events into each node's state (state, replay).
"""

from __future__ import annotations
