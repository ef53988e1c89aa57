"""Trees from parsed JSON: nested arrays, node objects, or a document wrapping either.

The nested-array path is kept lean enough for a million leaves; the object form is
checked key by key.  Errors carry the JSON path of the bad node (``$.children[1][2]``),
worked out only when an error needs it.  The writer is :meth:`Tree.to_json
<tracer.trees.model.Tree.to_json>`; ``docs/trees.md`` describes every form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from tracer.errors import InputError
from tracer.jsonio import INF_STRINGS, json_path
from tracer.memory import paused_gc
from tracer.players import Player
from tracer.reading_numbers import TooManyDigits
from tracer.said import Said, said
from tracer.trees.build import (
    _NO_CHILD,
    _PLAYERS,
    _build,
    _check_prob,
    _Flat,
    _fraction,
    _root_default,
    _show,
)
from tracer.trees.model import _CHANCE, LABEL_PATTERN, Tree

__all__ = ["parse_tree_json"]

_LABEL_RE = re.compile(LABEL_PATTERN)
_NODE_KEYS = frozenset({"label", "player", "value", "children", "prob", "uniform", "unknown"})
_DOC_KEYS = frozenset({"tree", "name", "description", "root_player", "$schema"})

_JsonWhere = Callable[[int, str | None], str]
"""A node's JSON path (``$.children[1][2]``), worked out when an error needs it."""


def parse_tree_json(data: Any, *, file: str = "<tree>", root_player: Player | None = None) -> Tree:
    """Build a :class:`Tree` from parsed JSON: nested arrays, node objects, or a document.

    ``root_player`` sets the root's player unless the source marks the root itself; it
    beats a document's ``"root_player"``.  Errors are :class:`InputError` with the JSON
    path, e.g. ``$.children[1][2]``.
    """
    name = description = None
    document_player: Player | None = None
    prefix: tuple[str, ...] = ()
    if type(data) is dict and "tree" in data:
        name, description, document_player = _read_document(data, file)
        data = data["tree"]
        prefix = ("tree",)
    root_default = _root_default(root_player, document_player)
    with paused_gc():
        items: list[Any] = [data]
        flat = _Flat([], [], {}, {}, {})

        def where(i: int, key: str | None) -> str:
            return _json_where(items, flat.counts, i, prefix, key)

        _scan_json(items, flat, where, file)
        return _build(
            flat,
            root_default=root_default,
            where=where,
            file=file,
            name=name,
            description=description,
        )


def _read_document(data: dict[str, Any], file: str) -> tuple[str | None, str | None, Player | None]:
    for key in data:
        if key not in _DOC_KEYS:
            raise InputError(
                said("unknown key {key!r} in a tree document (allowed: {allowed})",
                     key=key, allowed=", ".join(sorted(_DOC_KEYS))),
                file=file,
                where=json_path([key]),
            )
    texts: list[str | None] = []
    for key in ("name", "description"):
        text = data.get(key)
        if key in data and not isinstance(text, str):
            raise InputError(said("'{key}' must be a string, got {value}", key=key,
                                  value=_show(text)), file=file, where=json_path([key]))
        texts.append(text)
    player = None
    if "root_player" in data:
        player = _PLAYERS.get(data["root_player"]) if isinstance(data["root_player"], str) else None
        if player is None or player is _CHANCE:
            raise InputError(
                said("unknown root_player {value} (choose from: max, min)",
                     value=_show(data["root_player"])),
                file=file,
                where=json_path(["root_player"]),
            )
    return texts[0], texts[1], player


def _scan_json(items: list[Any], flat: _Flat, where: _JsonWhere, file: str) -> None:
    """Walk the JSON breadth first, filling ``flat``; ``items`` grows as it is read."""
    values_append = flat.values.append
    counts_append = flat.counts.append
    extend = items.extend
    for i, item in enumerate(items):
        kind = type(item)
        if kind is list:
            if not item:
                raise InputError(_NO_CHILD, file=file, where=where(i, None))
            values_append(None)
            counts_append(len(item))
            extend(item)
        elif kind is int or (kind is float and item == item):
            values_append(item)
            counts_append(0)
        elif kind is dict:
            children = _scan_object(item, i, flat, where, file)
            if children:
                extend(children)
        else:
            values_append(_leaf_value(item, _LEAF, file, partial(where, i, None)))
            counts_append(0)


_LEAF = said("leaf value")
_STATIC = said("static value")


def _leaf_value(value: Any, what: Said, file: str,
                place: Callable[[], str]) -> float | int:
    """Check a scalar value (the slow path: strings, exotic numbers, mistakes).  The
    value's place is worked out only for an error: finding a node's JSON path walks the
    nodes before it, so doing it for every leaf made reading a tree quadratic."""
    if isinstance(value, str) and value in INF_STRINGS:
        return INF_STRINGS[value]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return value
    raise InputError(
        said('expected a number or "+inf"/"-inf" as a {what}, got {value}', what=what,
             value=_show(value)),
        file=file,
        where=place(),
    )


def _scan_object(
    obj: dict[str, Any], i: int, flat: _Flat, where: _JsonWhere, file: str
) -> list[Any] | None:
    for key in obj:
        if key not in _NODE_KEYS:
            raise InputError(
                said("unknown key {key!r} (allowed: {allowed})", key=key,
                     allowed=", ".join(sorted(_NODE_KEYS))),
                file=file,
                where=where(i, key),
            )
    children = obj.get("children")
    if "children" in obj:
        if type(children) is not list:
            raise InputError(
                said("'children' must be an array of nodes, got {value}", value=_show(children)),
                file=file,
                where=where(i, "children"),
            )
        if not children:
            raise InputError(
                said("an inner node needs at least one child (leave 'children' out for a leaf)"),
                file=file,
                where=where(i, "children"),
            )
    if "unknown" in obj:
        _check_unknown(obj, i, where, file)
        flat.values.append(None)
    elif "value" in obj:
        what = _STATIC if children else _LEAF
        flat.values.append(_leaf_value(obj["value"], what, file, partial(where, i, "value")))
    elif children:
        flat.values.append(None)
    else:
        raise InputError(said("a leaf needs a 'value' (or give the node 'children')"),
                         file=file, where=where(i, None))
    flat.counts.append(len(children) if children else 0)
    if "label" in obj:
        label = obj["label"]
        if not isinstance(label, str) or not _LABEL_RE.fullmatch(label):
            raise InputError(
                said("a label must match {pattern}, got {value}", pattern=LABEL_PATTERN,
                     value=_show(label)),
                file=file,
                where=where(i, "label"),
            )
        flat.labels[i] = label
    if "player" in obj:
        player = _PLAYERS.get(obj["player"]) if isinstance(obj["player"], str) else None
        if player is None:
            raise InputError(
                said("unknown player {value} (choose from: chance, max, min)",
                     value=_show(obj["player"])),
                file=file,
                where=where(i, "player"),
            )
        flat.players[i] = player
    if "prob" in obj:
        prob = obj["prob"]
        if isinstance(prob, str):  # "1/3": exact
            try:
                prob = _fraction(prob)
            except TooManyDigits as exc:
                raise InputError(exc.said, file=file, where=where(i, "prob")) from None
        complaint = _check_prob(obj["prob"] if prob is None else prob)
        if complaint:
            raise InputError(complaint, file=file, where=where(i, "prob"))
        flat.probs[i] = prob
    if "uniform" in obj:
        if obj["uniform"] is not True:
            raise InputError(said("'uniform' must be true, got {value} (leave it out for "
                                  "probabilities on the children)", value=_show(obj["uniform"])),
                             file=file, where=where(i, "uniform"))
        if flat.players.get(i, _CHANCE) is not _CHANCE:
            raise InputError(said("a {player} node cannot be uniform: only a chance node shares "
                                  "the probability among its children", player=obj["player"]),
                             file=file, where=where(i, "uniform"))
        flat.players[i] = _CHANCE
        flat.uniform.add(i)
    return children


def _check_unknown(obj: dict[str, Any], i: int, where: _JsonWhere, file: str) -> None:
    """``{"label": "a", "unknown": true}``: a leaf the notes leave unknown, with a label
    to be drawn by and neither a value nor children."""
    if obj["unknown"] is not True:
        raise InputError(said("'unknown' must be true, got {value} (leave it out for a "
                              "leaf with a value)", value=_show(obj["unknown"])),
                         file=file, where=where(i, "unknown"))
    for key in ("value", "children"):
        if key in obj:
            raise InputError(said("an unknown leaf has no '{key}' (leave out 'unknown' to "
                                  "give it one)", key=key), file=file, where=where(i, key))
    if "label" not in obj:
        raise InputError(said("an unknown leaf needs a 'label': the letter it is drawn "
                              "by, such as \"a\""), file=file, where=where(i, "unknown"))


def _json_where(
    items: list[Any], counts: list[int], i: int, prefix: tuple[str, ...], key: str | None
) -> str:
    """The JSON path of node ``i`` (only computed for error messages)."""
    parent: dict[int, int] = {}
    first: dict[int, int] = {}
    start = 1
    for p in range(i):
        first[p] = start
        for j in range(start, min(start + counts[p], i + 1)):
            parent[j] = p
        start += counts[p]
        if start > i:
            break
    parts: list[str | int] = []
    j = i
    while j > 0:
        p = parent[j]
        parts.append(j - first[p])
        if type(items[p]) is dict:
            parts.append("children")
        j = p
    parts.extend(reversed(prefix))
    parts.reverse()
    if key is not None:
        parts.append(key)
    return json_path(parts)
