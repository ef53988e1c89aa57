"""Search statistics (``gametrace stats``): per depth nodes, cut nodes, fail-high and
fail-high-first rates, the rank of the child that cut, the effective branching factor,
transposition-table hits and cutoffs, and the nodes beyond the minimal tree; from a full
trace read as a stream (:mod:`.reading`) or counted by the search (:mod:`.counting`,
``gametrace run --record counters``)."""

from __future__ import annotations

from .classes import MoveClass, MoveClasses, of_game, plain
from .counting import (
    COUNTED,
    count_search,
    count_source,
    fails_high,
    minimal_tree,
    tally_search,
)
from .engine import EngineStats, engine_stats, is_engine_stream
from .reading import (
    GAME_TREE_SEARCHES,
    Tally,
    read_header,
    read_stats,
    read_stats_and_header,
    stats_of_loaded,
    stats_of_trace,
)
from .rebuilding import rebuild
from .table import ClassStats, DepthStats, SearchStats, knuth_moore

__all__ = ["COUNTED", "GAME_TREE_SEARCHES", "ClassStats", "DepthStats", "EngineStats",
           "MoveClass", "MoveClasses", "SearchStats", "Tally", "count_search",
           "count_source", "engine_stats", "fails_high", "is_engine_stream", "knuth_moore",
           "minimal_tree", "of_game", "plain", "read_header", "read_stats",
           "read_stats_and_header", "rebuild", "stats_of_loaded", "stats_of_trace",
           "tally_search"]
