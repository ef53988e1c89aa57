"""Where a search's move ordering cost it nodes (``gametrace regret``: :mod:`.waste`,
:mod:`.report`), and where two searches of one position part ways (``gametrace bisect``:
:mod:`.bisect`); both read traces as streams (:mod:`.stream`)."""

from __future__ import annotations

from .bisect import Bisection, Divergence, Part, bisect_traces
from .report import Drawn, RegretReport, regret_of, regret_of_trace
from .waste import Child, Worst

__all__ = ["Bisection", "Child", "Divergence", "Drawn", "Part", "RegretReport", "Worst",
           "bisect_traces", "regret_of", "regret_of_trace"]
