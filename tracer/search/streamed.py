"""Minimax recorded straight to a file: the two-function loop, specialised for speed.

Recording the full tic-tac-toe tree writes 1.1 million events.  The general loop
(``minimax._two_function``) reports each one through the run's emitters, a few Python
calls per event.  This copy of the same loop writes each event's line as one f-string
(about twice as fast to fill as a %-template); every node id is spelt as a JSON string
once, when its node is made (``Run.quoted``), and every value's JSON text travels up
the tree with the value, so a backup formats no number at all.  Recording the full
tic-tac-toe tree then costs about 2.6 times the untraced search instead of 4.9 (issue
4 asks for at most 3; ``benchmarks/run.py search`` measures it).

It runs only where it is exactly the general loop: a stream recorder and an ordering
that does not read node ids (``Run.quoted``).  The lines are those of
``lines.line_template`` for expand, evaluate and backup events; the property tests
check that this loop writes, byte for byte, the lines of the general loop's events on
random games, depth limits, budgets and every built-in game (tests/search/test_streamed.py).
"""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring as json_str
from typing import Any

from ..games.base import Player
from ..lines import json_number
from .common import INF, PV, Run, no_chance

__all__ = ["two_function_lines"]

_PLAYER = {p: json_str(p.value) for p in Player}
_START = {Player.MAX: (-INF, json_number(-INF)), Player.MIN: (INF, json_number(INF))}
"""A node's provisional value before its first child: -inf at MAX, +inf at MIN."""

Searched = tuple[float, str, PV]
"""A node's value, the value's JSON text, and its principal variation."""


def two_function_lines(run: Run, state: Any) -> tuple[float, PV]:
    """MAX-VALUE / MIN-VALUE from ``state``, each event written to ``run.lines``.

    The run must be ``quoted`` (its node keys are ids spelt as JSON strings)."""
    assert run.quoted and run.lines is not None
    write = run.lines
    game = run.game
    is_terminal = game.is_terminal
    to_move = game.to_move
    children = run.children
    limit = run.depth_cap
    # Trees name their nodes and have no pictures; generated games add a "label".
    describe = game.describe
    label: Callable[[Any], str] = (
        (lambda state: "") if run.named
        else (lambda state: ',"label":' + json_str(describe(state))))

    def leaf(state: Any, key: str, parent: str, ply: int, terminal: bool) -> Searched:
        """``Run.leaf`` and ``Run.evaluate``: score, count and report a leaf."""
        if terminal:
            value, reason = game.utility(state), '"terminal"'
        else:
            value, reason = game.evaluate(state), '"depth-limit"'
        run.scored(ply)
        text = json_number(value)
        run.seq += 1
        write(f'{{"seq":{run.seq},"type":"evaluate","node":{key},"parent":{parent},'
              f'"depth":{ply},"player":{_PLAYER[to_move(state)]},"value":{text},'
              f'"reason":{reason}{label(state)}}}\n')
        return value, text, (key, None)

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
        write(f'{{"seq":{run.seq},"type":"expand","node":{key},"parent":{parent},'
              f'"depth":{ply},"player":{_PLAYER[player]},'
              f'"children":[{",".join([k for _, k in kids])}],"value":{v_text}{label(state)}}}\n')
        best = "null"
        best_pv: PV = None
        for child, child_key in kids:
            cv, cv_text, cpv = search(child, child_key, key, ply + 1)
            if sign * cv > sign * v:
                v, v_text, best, best_pv = cv, cv_text, child_key, cpv
            run.seq += 1
            write(f'{{"seq":{run.seq},"type":"backup","node":{key},"child":{child_key},'
                  f'"child_value":{cv_text},"value":{v_text},"best":{best}}}\n')
        return v, v_text, (key, best_pv)

    value, _, pv = search(state, run.root_key, "null", 0)
    return value, pv

