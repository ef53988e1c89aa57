"""The tool's English vocabulary: words of our English sentences that are not Italian.

:mod:`tests.i18n.test_italian_outputs` fails on any of them in an output written in
Italian.  Left out on purpose: words that are Italian too (*a*, *e*, *i*, *in*, *per*,
*come*, *no*, *solo*, *area*), the symbols and names both languages write (*max*, *min*,
*alpha*, *beta* as symbols, *MAX* and *MIN* for the players, *AND*/*OR* nodes, *PVS*,
*MTD*), and the names the user types that the tool quotes back (algorithms and variants
as options take them, ``alphabeta (fail-soft)``; the items of a solution file,
``values.C``), which the test strips before it looks.
"""

from __future__ import annotations

__all__ = ["ENGLISH"]

ENGLISH = frozenset((
    "about", "above", "after", "again", "all", "also", "an", "and", "answer", "answered",
    "answers", "any", "are", "as", "at", "backed", "best", "below", "beside", "between",
    "bound", "bounds", "but", "by", "cause", "caused", "chance", "child", "children", "chosen",
    "collapsed", "column", "columns", "compared", "complete", "correct", "cost", "count",
    "counts", "current", "cut", "cuts", "deepest", "depth", "diagram", "diagrams", "did",
    "discarded", "disproof", "does", "done", "draw", "drawing", "drawn", "each", "early",
    "empty", "end", "evaluated", "evaluation", "evaluations", "event", "events", "every",
    "exact", "expanded", "expected", "explored", "fails", "few", "file", "files", "fill",
    "first", "for", "found", "frame", "frames", "from", "full", "generated", "goal", "goes",
    "had", "has", "have", "heuristic", "high", "highest", "history", "hit", "how",
    "incomplete", "index", "instead", "into", "is", "it", "item", "items", "its", "iteration",
    "killer", "last", "leaf", "leaves", "left", "legend", "likely", "low", "lower", "lowest",
    "many", "marked", "mistake", "mistakes", "more", "most", "move", "moves", "never", "new",
    "next", "node", "nodes", "none", "not", "number", "numbers", "of", "on", "one", "only",
    "opened", "order", "other", "others", "out", "over", "partial", "passed", "path",
    "picture", "plies", "plot", "ply", "pour", "principal", "proof", "pruned", "reached",
    "red", "reordered", "repeated", "result", "results", "returns", "right", "rolls", "root",
    "rows", "said", "same", "score", "search", "searched", "searching", "searches", "second",
    "seconds", "several", "should", "shown", "skipped", "so", "solution", "solved", "start",
    "state", "static", "statistics", "step", "steps", "stopped", "stored", "subtree", "such",
    "table", "taken", "terminal", "than", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "those", "time", "to", "too", "transposition", "tree", "trees",
    "turn", "turns", "under", "unknown", "unsearched", "unsolvable", "up", "upper", "value",
    "values", "variant", "variation", "was", "were", "what", "when", "where", "which", "while",
    "who", "why", "wins", "with", "written", "wrong", "yet", "you", "your",
))
"""Lower-case words of the tool's English sentences that Italian never writes."""
