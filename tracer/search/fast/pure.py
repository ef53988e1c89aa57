"""The fast tier's pure-Python loops: minimax and alpha-beta with recording off, and
recorded straight to a JSON-lines file.  See README.md beside this module for how they
are kept equal to the reference tier's node body (``body.AlphaBeta.search``).

Recording off (``Run.bare``: the null recorder and an ordering that only reads the
game's own move order), the reference loops spend most of each node in bookkeeping: a
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
about 1.5 us in CPython, so both have a compiled build, ``tracer/_lines.c`` (built by
``pip install`` when there is a C compiler, see hatch_build.py): the same loop calling
the game's methods in the same order, formatting into a C buffer.  It runs where
:func:`uses_compiled` says (JSON lines, a thread whose C stack is known to be deep
enough, no ``GAMETRACE_PURE=1``); the pure loops below run everywhere else.

The lines are those of ``lines.line_template`` for expand, evaluate, backup and cut
events; tests/search/test_fast_equals_reference.py checks every loop here, and the
compiled one, against the reference on random trees and on every built-in game.
"""


from __future__ import annotations

import os
import sys
from collections.abc import Callable
from json.encoder import encode_basestring as json_str
from typing import Any

from ...events import Backup, Cut, Evaluate, Expand
from ...games.base import Player
from ...lines import json_number
from ..common import INF, PV, Run, no_chance

try:  # the compiled build of these loops (tracer/_lines.c), when it was built
    from ..._lines import search as compiled_search
except ImportError:  # no compiler at install time: the pure loops below do it all
    compiled_search = None  # type: ignore[assignment]

__all__ = ["alpha_beta_bare", "alpha_beta_lines", "minimax_bare", "two_function_lines",
           "uses_compiled"]

_PLAYER = {p: json_str(p.value) for p in Player}
_EXPAND, _EVALUATE, _BACKUP, _CUT = (json_str(cls.type) for cls in (Expand, Evaluate, Backup, Cut))
"""The type of each event the loops write, in JSON (``"expand"``): named by the events."""
_START = {Player.MAX: (-INF, json_number(-INF)), Player.MIN: (INF, json_number(INF))}
"""A node's provisional value before its first child: -inf at MAX, +inf at MIN."""

Searched = tuple[float, str, PV]
"""A node's value, the value's JSON text, and its principal variation."""


def _leaf_writer(run: Run) -> Callable[[Any, str, str, int, bool], Searched]:
    """``Run.leaf`` and ``Run.evaluate`` for the streaming loops: score, count and
    write a leaf (``terminal``: scored by its utility, else by the evaluation)."""
    assert run.lines is not None
    write = run.lines
    game = run.game
    to_move = game.to_move
    label = _labeller(run)

    def leaf(state: Any, key: str, parent: str, ply: int, terminal: bool) -> Searched:
        if terminal:
            value, reason = game.utility(state), '"terminal"'
        else:
            value, reason = game.evaluate(state), '"depth-limit"'
        run.scored(ply)
        text = json_number(value)
        run.seq += 1
        write(f'{{"seq":{run.seq},"type":{_EVALUATE},"node":{key},"parent":{parent},'
              f'"depth":{ply},"player":{_PLAYER[to_move(state)]},"value":{text},'
              f'"reason":{reason}{label(state)}}}\n')
        return value, text, (key, None)

    return leaf


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
    tools = (_PLAYER, json_number, chance, Player.MAX, Player.MIN, Player.CHANCE, -INF, INF)
    raw = run.rec.binary_lines()
    write = run.lines if raw is None else raw
    value, pv = compiled_search(run, state, write, raw is not None, tools, alpha_beta, hard)
    return value, (run.root_key, pv)


def two_function_lines(run: Run, state: Any) -> tuple[float, PV]:
    """MAX-VALUE / MIN-VALUE from ``state``, each event written to ``run.lines``.

    The run must be ``quoted`` (its node keys are ids spelt as JSON strings)."""
    assert run.quoted and run.lines is not None
    if uses_compiled(run):
        return _compiled(run, state, False, False)
    # Its own loop, not alpha_beta_lines's with the window off: carrying and testing a window
    # made this pure loop 6% slower on full tic-tac-toe minimax.
    write = run.lines
    game = run.game
    is_terminal = game.is_terminal
    to_move = game.to_move
    children = run.children
    limit = run.depth_cap
    label = _labeller(run)
    leaf = _leaf_writer(run)

    def search(state: Any, key: str, parent: str, ply: int) -> Searched:
        terminal = is_terminal(state)
        if terminal or ply >= limit:
            return leaf(state, key, parent, ply, terminal)
        player = to_move(state)
        if player is Player.CHANCE:
            raise no_chance(run.plain_id(key))
        kids = children(state, key, player, ply)
        if not kids:
            return leaf(state, key, parent, ply, False)
        run.opened(ply)
        sign = player.sign
        v, v_text = _START[player]
        run.seq += 1
        write(f'{{"seq":{run.seq},"type":{_EXPAND},"node":{key},"parent":{parent},'
              f'"depth":{ply},"player":{_PLAYER[player]},'
              f'"children":[{",".join([k for _, k in kids])}],"value":{v_text}{label(state)}}}\n')
        best = "null"
        best_pv: PV = None
        for child, child_key in kids:
            cv, cv_text, cpv = search(child, child_key, key, ply + 1)
            if sign * cv > sign * v:
                v, v_text, best, best_pv = cv, cv_text, child_key, cpv
            run.seq += 1
            write(f'{{"seq":{run.seq},"type":{_BACKUP},"node":{key},"child":{child_key},'
                  f'"child_value":{cv_text},"value":{v_text},"best":{best}}}\n')
        return v, v_text, (key, best_pv)

    value, _, pv = search(state, run.root_key, "null", 0)
    return value, pv


def alpha_beta_lines(run: Run, state: Any, hard: bool) -> tuple[float, PV]:
    """Fail-soft (``hard``: fail-hard) alpha-beta from ``state``, each event written to
    ``run.lines``; alpha and beta travel with their JSON text.  The run must be
    ``quoted``."""
    assert run.quoted and run.lines is not None
    if uses_compiled(run):
        return _compiled(run, state, True, hard)
    write = run.lines
    game = run.game
    is_terminal = game.is_terminal
    to_move = game.to_move
    children = run.children
    limit = run.depth_cap
    ge = run.opts.cut_on == "ge"
    label = _labeller(run)
    leaf = _leaf_writer(run)

    def search(state: Any, key: str, parent: str, ply: int, alpha: float, a_text: str,
               beta: float, b_text: str) -> Searched:
        terminal = is_terminal(state)
        if terminal or ply >= limit:
            return leaf(state, key, parent, ply, terminal)
        player = to_move(state)
        if player is Player.CHANCE:
            raise no_chance(run.plain_id(key))
        kids = children(state, key, player, ply)
        if not kids:
            return leaf(state, key, parent, ply, False)
        run.opened(ply)
        is_max = player is Player.MAX
        sign = player.sign
        v, v_text = _START[player]
        run.seq += 1
        write(f'{{"seq":{run.seq},"type":{_EXPAND},"node":{key},"parent":{parent},'
              f'"depth":{ply},"player":{_PLAYER[player]},'
              f'"children":[{",".join([k for _, k in kids])}],"value":{v_text},'
              f'"alpha":{a_text},"beta":{b_text}{label(state)}}}\n')
        best = "null"
        best_pv: PV = None
        last = len(kids) - 1
        for i, (child, child_key) in enumerate(kids):
            cv, cv_text, cpv = search(child, child_key, key, ply + 1, alpha, a_text, beta, b_text)
            if sign * cv > sign * v:
                v, v_text, best, best_pv = cv, cv_text, child_key, cpv
            if is_max:
                if v > alpha:
                    alpha, a_text = v, v_text
            elif v < beta:
                beta, b_text = v, v_text
            # Fail-hard's provisional value is its bound (alpha at MAX, beta at MIN).
            shown = (a_text if is_max else b_text) if hard else v_text
            run.seq += 1
            write(f'{{"seq":{run.seq},"type":{_BACKUP},"node":{key},"child":{child_key},'
                  f'"child_value":{cv_text},"value":{shown},"best":{best},'
                  f'"alpha":{a_text},"beta":{b_text}}}\n')
            if alpha >= beta if ge else alpha > beta:
                if hard:
                    ret, ret_text = (beta, b_text) if is_max else (alpha, a_text)
                else:
                    ret, ret_text = v, v_text
                if i < last:
                    run.cuts += 1
                    run.pruned += last - i
                    run.seq += 1
                    kind = '"beta"' if is_max else '"alpha"'
                    write(f'{{"seq":{run.seq},"type":{_CUT},"node":{key},'
                          f'"kind":{kind},"after":{child_key},'
                          f'"alpha":{a_text},"beta":{b_text},"value":{ret_text},'
                          f'"pruned":[{",".join([k for _, k in kids[i + 1:]])}]}}\n')
                return ret, ret_text, (key, best_pv)
        if hard:
            return (alpha, a_text, (key, best_pv)) if is_max else (beta, b_text, (key, best_pv))
        return v, v_text, (key, best_pv)

    low, high = _START[Player.MAX], _START[Player.MIN]
    value, _, pv = search(state, run.root_key, "null", 0, low[0], low[1], high[0], high[1])
    return value, pv


def _labeller(run: Run) -> Callable[[Any], str]:
    """The ``,"label":...`` part of a generated game's lines; nothing for a tree (trees
    name their nodes and have no pictures)."""
    describe = run.game.describe
    if run.named:
        return lambda state: ""
    return lambda state: ',"label":' + json_str(describe(state))


# Recording off.

_MAX, _CHANCE = Player.MAX, Player.CHANCE


def _no_chance(run: Run, state: Any, key: Any) -> Exception:
    return no_chance(run.name(state, key))  # by its id, as the reference loops say it


def minimax_bare(run: Run, state: Any) -> tuple[float, PV]:
    """MAX-VALUE / MIN-VALUE from ``state`` without events (``Run.bare`` must hold)."""
    return _bare(run, state, alpha_beta=False, hard=False)


def alpha_beta_bare(run: Run, state: Any, hard: bool) -> tuple[float, PV]:
    """Fail-soft (or with ``hard`` fail-hard) alpha-beta from ``state`` without events."""
    return _bare(run, state, alpha_beta=True, hard=hard)


def _bare(run: Run, root: Any, *, alpha_beta: bool, hard: bool) -> tuple[float, PV]:
    game = run.game
    is_terminal, utility = game.is_terminal, game.utility
    to_move, actions, result = game.to_move, game.actions, game.result

    def evaluate(state: Any) -> float:  # looked up only when needed: a game without
        return game.evaluate(state)     # evaluation may lack the method
    limit = run.depth_cap
    reverse = run.opts.order == "reverse"
    ge = run.opts.cut_on == "ge"
    # The run's counters, as locals of this search (``Run.scored`` and ``Run.opened``).
    visited, expanded, evaluated = run.visited, run.expanded, run.evaluated
    max_depth, next_check = run.max_depth, run.next_check
    cuts = pruned = 0

    def store() -> None:
        run.visited, run.expanded, run.evaluated = visited, expanded, evaluated
        run.max_depth = max_depth
        run.cuts += cuts
        run.pruned += pruned

    def check() -> None:
        nonlocal next_check, cuts, pruned
        store()
        cuts = pruned = 0
        run.check_limits()
        next_check = run.next_check

    def opened(ply: int) -> None:
        nonlocal visited, expanded, max_depth
        visited += 1
        if visited >= next_check:
            check()
        expanded += 1
        if ply > max_depth:
            max_depth = ply

    def leaf(state: Any, key: Any, ply: int, value: float) -> tuple[float, PV]:
        nonlocal visited, evaluated, max_depth
        visited += 1
        if visited >= next_check:
            check()
        evaluated += 1
        if ply > max_depth:
            max_depth = ply
        return value, (key, None)

    def minimax(state: Any, key: Any, ply: int) -> tuple[float, PV]:
        if is_terminal(state):
            return leaf(state, key, ply, utility(state))
        if ply >= limit:
            return leaf(state, key, ply, evaluate(state))
        player = to_move(state)
        if player is _CHANCE:
            raise _no_chance(run, state, key)
        acts = actions(state)
        if not acts:
            return leaf(state, key, ply, evaluate(state))
        if reverse:
            acts = acts[::-1]
        opened(ply)
        best_pv: PV = None
        ply += 1
        is_max = player is _MAX
        v = -INF if is_max else INF
        for a in acts:
            cv, cpv = minimax(result(state, a), a, ply)
            if cv > v if is_max else cv < v:
                v, best_pv = cv, cpv
        return v, (key, best_pv)

    def ab(state: Any, key: Any, ply: int, alpha: float, beta: float) -> tuple[float, PV]:
        nonlocal cuts, pruned
        if is_terminal(state):
            return leaf(state, key, ply, utility(state))
        if ply >= limit:
            return leaf(state, key, ply, evaluate(state))
        player = to_move(state)
        if player is _CHANCE:
            raise _no_chance(run, state, key)
        acts = actions(state)
        if not acts:
            return leaf(state, key, ply, evaluate(state))
        if reverse:
            acts = acts[::-1]
        opened(ply)
        best_pv: PV = None
        last = len(acts) - 1
        ply += 1
        is_max = player is _MAX
        v = -INF if is_max else INF
        for i, a in enumerate(acts):
            cv, cpv = ab(result(state, a), a, ply, alpha, beta)
            if cv > v if is_max else cv < v:
                v, best_pv = cv, cpv
            if is_max:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if alpha >= beta if ge else alpha > beta:
                if i < last:
                    cuts += 1
                    pruned += last - i
                return ((beta if is_max else alpha) if hard else v), (key, best_pv)
        return ((alpha if is_max else beta) if hard else v), (key, best_pv)

    try:
        if alpha_beta:
            return ab(root, run.root_key, 0, -INF, INF)
        return minimax(root, run.root_key, 0)
    finally:
        store()
