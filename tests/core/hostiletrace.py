"""A small recorded trace whose first leaf's id, move and position a test chooses: the
hostile texts of the Graphviz-escaping tests (tests/render/draw/test_dot_escape.py and
tests/faults/test_dot_faults.py) go in there."""

from __future__ import annotations

import copy
from typing import Any

_TRACE: dict[str, Any] = {
    "format": "gametree-trace", "version": 1,
    "header": {"algorithm": "alphabeta", "variant": "fail-soft", "root": "R",
               "options": {"order": "natural", "seed": None, "depth": None, "cut_on": "ge",
                           "root_player": "max"},
               "source": {"kind": "game", "name": "hostile", "params": {}}},
    "events": [
        {"seq": 1, "type": "expand", "node": "R", "parent": None, "depth": 0,
         "player": "max", "children": ["X", "N1"], "value": "-inf", "alpha": "-inf",
         "beta": "+inf", "label": "root", "moves": ["m0", "m1"]},
        {"seq": 2, "type": "evaluate", "node": "X", "parent": "R", "depth": 1,
         "player": "min", "value": 1, "reason": "terminal", "label": "pos0"},
        {"seq": 3, "type": "backup", "node": "R", "child": "X", "child_value": 1,
         "value": 1, "best": "X", "alpha": 1, "beta": "+inf"},
        {"seq": 4, "type": "evaluate", "node": "N1", "parent": "R", "depth": 1,
         "player": "min", "value": 2, "reason": "terminal", "label": "pos1"},
        {"seq": 5, "type": "backup", "node": "R", "child": "N1", "child_value": 2,
         "value": 2, "best": "N1", "alpha": 2, "beta": "+inf"}],
    "result": {"value": 2, "move": "N1", "pv": ["R", "N1"],
               "stats": {"nodes_expanded": 1, "leaves_evaluated": 2, "nodes_visited": 3,
                         "cuts": 0, "children_pruned": 0, "max_depth": 1},
               "complete": True},
}


def hostile_trace(node: str = "X", move: str = "m0", label: str = "pos0") -> dict[str, Any]:
    """A two-leaf search whose first leaf has id ``node``, move ``move`` and position
    ``label``."""
    doc = copy.deepcopy(_TRACE)
    events = doc["events"]
    events[0]["children"][0] = events[1]["node"] = events[2]["child"] = node
    events[2]["best"] = node
    events[0]["moves"][0] = move
    events[1]["label"] = label
    return doc
