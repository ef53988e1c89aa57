"""When the fast tier runs which build: the pure-Python loops (:mod:`.loops`, written by
tools/make_fast.py from their one node body, body.py.in) or the compiled one
(``_lines.c``).  See README.md beside this module for how they are kept equal to
the reference tier's node body (``body.AlphaBeta.search``).

Recording off (``Run.bare``: the null recorder and an ordering that only reads the
game's own move order), the reference loop spends most of each node in bookkeeping: a
method call to ask whether the node is a leaf, another to list its children as (state,
key) pairs, another to count it, and two tuples to return.  :func:`minimax_bare` and
:func:`alpha_beta_bare` do the same search with the game's methods held in local
variables, children made one at a time, the counters in local variables (handed back to
the run at every budget check and when the search ends) and one tuple per returned node.
Full tic-tac-toe minimax runs in about half the time.

Recorded (``Run.quoted``: a stream recorder and an ordering that does not read node
ids), the full tic-tac-toe tree writes 1.1 million events.  The reference loop reports
each one through the run's emitters, a few Python calls per event.
:func:`two_function_lines` and :func:`alpha_beta_lines` write each event's line as one
f-string (about twice as fast to fill as a %-template); every node id is spelt as a JSON
string once, when its node is made (``Run.quoted``), and every value's JSON text travels
up the tree with the value, so a backup formats no number at all.  Even so a line costs
about 1.5 us in CPython, so both have a compiled build, ``_lines.c`` (built by
``pip install`` when there is a C compiler, see hatch_build.py): the same loop calling
the game's methods in the same order, formatting into a C buffer.  It runs where
:func:`uses_compiled` says (JSON lines, a thread whose C stack is known to be deep
enough, no ``GAMETRACE_PURE=1``); the pure loops run everywhere else.

The lines are those of ``lines.line_template`` for expand, evaluate, backup and cut
events; tests/search/test_fast_equals_reference.py checks every loop, and the compiled
one, against the reference on random trees and on every built-in game.
"""


from __future__ import annotations

import os
import sys
from typing import Any

from ...games.base import Player
from ...lines import json_number
from ..common import INF, PV, Run, no_chance
from . import loops
from .loops import PLAYERS
from .tally import CountingRecorder

try:  # the compiled build of the streamed loops (_lines.c), when it was built
    from ..._lines import search as compiled_search
except ImportError:  # no compiler at install time: the pure loops do it all
    compiled_search = None  # type: ignore[assignment]

__all__ = ["alpha_beta_bare", "alpha_beta_lines", "minimax_bare", "two_function_lines",
           "uses_compiled"]


FRAME_BYTES = 512
"""What one tree level of the compiled loop may take of the C stack, with a margin (a
frame takes about 250 bytes with gcc -O2)."""
HEADROOM = 1 << 20
"""C stack kept for the caller's frames and the game methods called at the deepest level."""


def _stack_bytes() -> int:
    """The C stack of this thread, where it is known: the main thread's (its resource
    limit), or what the thread's maker wrote on it as ``stack_bytes`` (``deep.run_deep``
    does); 0 elsewhere."""
    import threading

    thread = threading.current_thread()
    if thread is threading.main_thread():
        import resource

        soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
        return 1 << 26 if soft == resource.RLIM_INFINITY else soft
    known = getattr(thread, "stack_bytes", 0)
    return known if isinstance(known, int) else 0


def uses_compiled(run: Run) -> bool:
    """Whether this run's streamed search runs the compiled loop: it is built, not
    turned off (``GAMETRACE_PURE=1``), the run writes JSON lines (the ``.json`` form's
    separators are the pure loop's), and the C stack holds as many tree levels as
    Python's recursion limit allows (the loop obeys that limit, as the pure one does).
    """
    from ...record import StreamRecorder

    rec = run.rec
    return (compiled_search is not None and os.environ.get("GAMETRACE_PURE") != "1"
            and isinstance(rec, StreamRecorder) and rec.jsonl
            and sys.getrecursionlimit() * FRAME_BYTES + HEADROOM <= _stack_bytes())


def _compiled(run: Run, state: Any, alpha_beta: bool, hard: bool) -> tuple[float, PV]:
    def chance(key: str) -> Exception:
        return no_chance(run.plain_id(key))

    from ...record import StreamRecorder

    assert run.lines is not None and isinstance(run.rec, StreamRecorder)
    tools = (PLAYERS, json_number, chance, Player.MAX, Player.MIN, Player.CHANCE, -INF, INF)
    raw = run.rec.binary_lines()
    write = run.lines if raw is None else raw
    value, pv = compiled_search(run, state, write, raw is not None, tools, alpha_beta, hard)
    return value, (run.root_key, pv)


def minimax_bare(run: Run, state: Any) -> tuple[float, PV]:
    """MAX-VALUE / MIN-VALUE from ``state`` without events (``Run.bare`` must hold):
    :func:`.loops.minimax_bare`, or :func:`.loops.minimax_counters` when the run
    records into a :class:`.tally.CountingRecorder`."""
    if isinstance(run.rec, CountingRecorder):
        return loops.minimax_counters(run, state, run.rec.tally)
    return loops.minimax_bare(run, state)


def alpha_beta_bare(run: Run, state: Any, hard: bool) -> tuple[float, PV]:
    """Fail-soft (``hard``: fail-hard) alpha-beta from ``state`` without events
    (``Run.bare`` must hold): :func:`.loops.alpha_beta_bare`, or
    :func:`.loops.alpha_beta_counters` when the run records into a
    :class:`.tally.CountingRecorder`."""
    if isinstance(run.rec, CountingRecorder):
        return loops.alpha_beta_counters(run, state, hard, run.rec.tally)
    return loops.alpha_beta_bare(run, state, hard)


def two_function_lines(run: Run, state: Any) -> tuple[float, PV]:
    """MAX-VALUE / MIN-VALUE from ``state``, each event written to ``run.lines``: the
    compiled loop where :func:`uses_compiled` says, else :func:`.loops.minimax_lines`.

    The run must be ``quoted`` (its node keys are ids spelt as JSON strings)."""
    if uses_compiled(run):
        return _compiled(run, state, False, False)
    return loops.minimax_lines(run, state)


def alpha_beta_lines(run: Run, state: Any, hard: bool) -> tuple[float, PV]:
    """Fail-soft (``hard``: fail-hard) alpha-beta from ``state``, each event written to
    ``run.lines``: the compiled loop where :func:`uses_compiled` says, else
    :func:`.loops.alpha_beta_lines`.  The run must be ``quoted``."""
    if uses_compiled(run):
        return _compiled(run, state, True, hard)
    return loops.alpha_beta_lines(run, state, hard)
