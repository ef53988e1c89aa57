"""Explicit game trees, as typed from lecture notes, and the game that walks them.

A tree comes from nested JSON arrays (``[[3,12,8],[2,4,6],[14,5,2]]``), a JSON object
form, a JSON document wrapper, or a small text notation
(``A(B(3 12 8) C(2 4 6) D(14 5 2))``); ``docs/trees.md`` describes all of them.  Every
loader is iterative, so a 100,000-deep chain loads, and the nested-array path is kept
lean enough for a million leaves.

This module is the public face of explicit trees; the work is done in one module per
concept, which import one another in this order only (no cycles):

- :mod:`tracer.trees.model`: :class:`Node`, :class:`Tree` (with ``to_json``) and
  :class:`TreeGame`;
- :mod:`tracer.trees.build`: the one builder all loaders funnel into (flat arrays
  in breadth-first order: players, generated ids, probability checks);
- :mod:`tracer.trees.json_form`: :func:`parse_tree_json`;
- :mod:`tracer.trees.text_form`: :func:`parse_tree_text`;
- :mod:`tracer.trees.text_writer`: :func:`format_tree_text`;
- here: :func:`load_tree`, which picks a loader by the file's extension.
"""

from __future__ import annotations

import os

from tracer.jsonio import load_json_file, read_text_file
from tracer.players import Player
from tracer.trees.build import Where as Where
from tracer.trees.json_form import parse_tree_json
from tracer.trees.model import LABEL_PATTERN as LABEL_PATTERN
from tracer.trees.model import Node, Tree, TreeGame
from tracer.trees.text_form import parse_tree_text
from tracer.trees.text_writer import format_tree_text

__all__ = [
    "Node",
    "Tree",
    "TreeGame",
    "format_tree_text",
    "load_tree",
    "parse_tree_json",
    "parse_tree_text",
]


# --------------------------------------------------------------------------- files


def load_tree(path: str | os.PathLike[str], *, root_player: Player | None = None) -> Tree:
    """Load a tree file: ``.json`` as JSON, anything else (``.tree``, ``.txt``) as text."""
    file = os.fspath(path)
    if file.lower().endswith(".json"):
        return parse_tree_json(load_json_file(file), file=file, root_player=root_player)
    return parse_tree_text(read_text_file(file), file=file, root_player=root_player)
