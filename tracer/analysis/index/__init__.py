"""An index of a big trace (``gametrace index``, ``gametrace browse``): one SQLite file
holding, per node, its id, parent, depth, move, value, window, cut, the ordinals of its
first and last events and the size of its subtree, with the trace's header, result and
statistics; built in one streaming pass (:mod:`.build`) and read by node, by path and by
subtree (:mod:`.reader`) without reading the trace again."""

from __future__ import annotations

from .build import INDEXABLE, build_index
from .reader import Index, IndexNode, open_index
from .schema import FORMAT, VERSION, fingerprint

__all__ = ["FORMAT", "INDEXABLE", "VERSION", "Index", "IndexNode", "build_index",
           "fingerprint", "open_index"]
