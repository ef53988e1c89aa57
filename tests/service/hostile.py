"""Requests a hostile student sends, and the normal one the others keep sending.

Shared by tests/service/routes/test_service_abuse.py and benchmarks/abuse.py.  Each hostile
request must end with a 4xx, or a 503 with ``Retry-After``, as problem+json, in bounded
time, and leave the server answering everyone else -- with no child process left
behind (:func:`children`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

__all__ = ["HOSTILE", "NORMAL", "Hostile", "children", "self_loop_trace", "wide_tree"]

NORMAL = json.dumps({"example": "aima"}).encode()
"""The normal request: ``POST /v1/search`` on the AIMA example."""


@dataclass(frozen=True)
class Hostile:
    """One hostile request: ``POST path`` with ``body`` under ``content_type``."""

    name: str
    path: str
    body: bytes
    content_type: str = "application/json"
    stops_cleanly: bool = False
    """A search whose own budgets (nodes, time, trace size) may end it first: then it
    answers 200 with ``"complete": false`` and a trace within the answer cap."""


def wide_tree(leaves: int, branching: int = 10) -> str:
    """A uniform tree of ``branching`` with ``leaves`` leaves (a power of it), as text."""
    def node(count: int) -> str:
        if count == 1:
            return "1"
        return "(" + " ".join(node(count // branching) for _ in range(branching)) + ")"

    return "A" + node(leaves)


def self_loop_trace() -> dict[str, object]:
    """A trace whose root is its own child: schema-valid, endless to replay."""
    return {
        "format": "gametree-trace", "version": 1,
        "header": {"algorithm": "minimax", "variant": "two-function", "root": "A",
                   "options": {"order": "natural", "seed": None, "depth": None,
                               "cut_on": "ge", "root_player": "max"},
                   "source": {"kind": "game", "name": "nim"}},
        "events": [
            {"seq": 1, "type": "expand", "node": "A", "parent": None, "depth": 0,
             "player": "max", "children": ["A"], "value": "-inf"},
            {"seq": 2, "type": "evaluate", "node": "A", "parent": "A", "depth": 1,
             "player": "min", "value": 3, "reason": "terminal"},
            {"seq": 3, "type": "backup", "node": "A", "child": "A", "child_value": 3,
             "value": 3, "best": "A"}],
        "result": {"value": 3, "move": "A", "pv": ["A"],
                   "stats": {"nodes_expanded": 1, "leaves_evaluated": 1, "nodes_visited": 2,
                             "cuts": 0, "children_pruned": 0, "max_depth": 1},
                   "complete": True},
    }


def _json(value: object) -> bytes:
    return json.dumps(value).encode()


_DEEP = 3_000

_UNBOUNDED = {"max_nodes": 10**12, "time_limit": 10**6}
"""The largest budgets a request may ask for (the server's own caps apply)."""

HOSTILE = (
    Hostile("grundy-100", "/v1/search", _json({"game": "grundy", "params": {"coins": "100"}}),
            stops_cleanly=True),
    Hostile("grundy-largest", "/v1/search",
            _json({"game": "grundy", "params": {"coins": "1000000"}, **_UNBOUNDED})),
    Hostile("chomp-largest", "/v1/search",
            _json({"game": "chomp", "params": {"rows": "100000", "cols": "100000"},
                   **_UNBOUNDED})),
    Hostile("othello-unbounded", "/v1/search", _json({"game": "othello", **_UNBOUNDED}),
            stops_cleanly=True),
    Hostile("search-past-memory", "/v1/search",
            _json({"game": "chomp", "params": {"rows": "1000", "cols": "1000"},
                   **_UNBOUNDED})),
    Hostile("worksheet-100k-leaves", "/v1/worksheet", _json({"tree": wide_tree(100_000)})),
    Hostile("exercise-largest", "/v1/exercise",
            _json({"branching": 6, "depth": 6, "cuts": [10_000, 10_000],
                   "values": [-1000, 1000]})),
    Hostile("exercise-impossible-cuts", "/v1/exercise",
            _json({"branching": 3, "depth": 6, "cuts": [10_000, 10_000],
                   "values": [-1000, 1000]})),
    Hostile("trace-own-child", "/v1/render",
            _json({"trace": self_loop_trace(), "format": "svg"})),
    Hostile("text-plain", "/v1/search", NORMAL, "text/plain"),
    Hostile("form-encoded", "/v1/search", b"example=aima",
            "application/x-www-form-urlencoded"),
    Hostile("nested-body", "/v1/parse",
            b'{"tree": ' + b"[" * _DEEP + b"]" * _DEEP + b"}"),
)
"""Every hostile request, in the order the abuse test sends them."""


def children(pid: int) -> list[tuple[int, str]]:
    """The child processes of ``pid`` and their states (``Z``: a zombie), from /proc."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        for child in _read(f"/proc/{pid}/task/{task}/children").split():
            stat = _read(f"/proc/{child}/stat")
            if stat:
                found.append((int(child), stat.rsplit(")", 1)[1].split()[0]))
    return found


def _read(path: str) -> str:
    """The text of a /proc file, or "" for a thread or process that has just ended."""
    try:
        with open(path) as f:
            return f.read()
    except (FileNotFoundError, ProcessLookupError):
        return ""
