"""Explicit game trees, as typed from lecture notes, and the game that walks them.

A tree comes from nested JSON arrays (``[[3,12,8],[2,4,6],[14,5,2]]``), a JSON object
form, a JSON document wrapper, or a small text notation
(``A(B(3 12 8) C(2 4 6) D(14 5 2))``); ``docs/trees.md`` describes all of them.  Every
loader is iterative, so a 100,000-deep chain loads, and the nested-array path is kept
lean enough for a million leaves.

All loaders funnel into one builder that works on flat arrays in breadth-first order:
players alternate by level (a chance node passes its own default on to its children),
unlabelled nodes get spreadsheet-style ids (A..Z, AA, AB, ...) in breadth-first order,
and probabilities below chance nodes are checked.
"""

from __future__ import annotations

import gc
import math
import os
import re
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat
from string import ascii_letters, ascii_uppercase
from typing import Any

from tracer.errors import InputError, UsageError
from tracer.games.base import Capabilities, Player
from tracer.jsonio import (
    INF_STRINGS,
    encode_number,
    json_path,
    load_json_file,
    read_text_file,
)

__all__ = [
    "Node",
    "Tree",
    "TreeGame",
    "format_tree_text",
    "load_tree",
    "parse_tree_json",
    "parse_tree_text",
]

LABEL_PATTERN = r"[A-Za-z_][A-Za-z0-9_']*"
_LABEL_RE = re.compile(LABEL_PATTERN)
_MAX, _MIN, _CHANCE = Player.MAX, Player.MIN, Player.CHANCE
_OPPONENT = {_MAX: _MIN, _MIN: _MAX}
_PROB_TOLERANCE = 1e-9


# --------------------------------------------------------------------------- data model


@dataclass(frozen=True, slots=True)
class Node:
    """One node of an explicit game tree.

    Equality is structural (the whole subtree, compared iteratively, values compared
    with their type so ``3`` differs from ``3.0``); the hash is the id's, which is
    unique within a tree.  ``repr`` is shallow, so deep trees print safely.
    """

    id: str
    """The label given in the source, or a generated id; unique in the tree."""
    player: Player
    """Who chooses at this node (for a leaf: the side to move there)."""
    value: float | int | None = None
    """A leaf's value (always set); an inner node's optional static evaluation."""
    children: tuple[Node, ...] = ()
    """The successors, in the source's order."""
    prob: float | None = None
    """Probability of the edge into this node from a chance parent."""
    label: str | None = None
    """The label exactly as written in the source; None when the id was generated."""

    @property
    def is_leaf(self) -> bool:
        """True when the node has no children."""
        return not self.children

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        return _same_subtree(self, other)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return (
            f"Node(id={self.id!r}, player={self.player.value}, value={self.value!r}, "
            f"prob={self.prob!r}, label={self.label!r}, children=<{len(self.children)}>)"
        )


def _same_number(a: float | int | None, b: float | int | None) -> bool:
    return type(a) is type(b) and a == b


def _same_subtree(a: Node, b: Node) -> bool:
    """Structural equality without recursion (trees can be 100,000 levels deep)."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        if (
            x.id != y.id
            or x.player is not y.player
            or x.label != y.label
            or not _same_number(x.value, y.value)
            or not _same_number(x.prob, y.prob)
            or len(x.children) != len(y.children)
        ):
            return False
        stack.extend(zip(x.children, y.children, strict=True))
    return True


@dataclass(frozen=True)
class Tree:
    """An explicit game tree with an optional name and description."""

    root: Node
    """The node a search starts from."""
    name: str | None = None
    """A short title (from the document wrapper)."""
    description: str | None = None
    """Free text about the tree, e.g. where in the notes it comes from."""

    def nodes(self) -> Iterator[Node]:
        """Every node in preorder (children left to right), without recursion."""
        stack = [self.root]
        pop, extend = stack.pop, stack.extend
        while stack:
            node = pop()
            yield node
            if node.children:
                extend(reversed(node.children))

    def same_as(self, other: Tree) -> bool:
        """True when name, description and every node (id, player, value, prob, label) match."""
        return (
            self.name == other.name
            and self.description == other.description
            and _same_subtree(self.root, other.root)
        )

    @cached_property
    def _index(self) -> dict[str, Node]:
        return {node.id: node for node in self.nodes()}

    def find(self, node_id: str) -> Node:
        """The node with id ``node_id``; :class:`KeyError` when there is none."""
        try:
            return self._index[node_id]
        except KeyError:
            raise KeyError(f"no node with id {node_id!r} in the tree") from None

    def parents(self) -> dict[str, str | None]:
        """Map every node id to its parent's id (``None`` for the root)."""
        out: dict[str, str | None] = {self.root.id: None}
        for node in self.nodes():
            for child in node.children:
                out[child.id] = node.id
        return out

    @cached_property
    def _stats(self) -> tuple[int, int, int, bool]:
        size = leaves = height = 0
        chance = False
        stack = [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            size += 1
            chance = chance or node.player is _CHANCE
            if node.children:
                stack.extend(zip(node.children, repeat(depth + 1)))
            else:
                leaves += 1
                height = max(height, depth)
        return size, leaves, height, chance

    @property
    def size(self) -> int:
        """The number of nodes."""
        return self._stats[0]

    @property
    def leaf_count(self) -> int:
        """The number of leaves."""
        return self._stats[1]

    @property
    def height(self) -> int:
        """The length of the longest root-to-leaf path (a lone root has height 0)."""
        return self._stats[2]

    def to_json(self) -> dict[str, Any]:
        """The canonical document form: ``{"tree": <object form>, "name"?, "description"?}``.

        Each node object has ``label`` when the source gave one, ``player`` only where it
        differs from alternation (root MAX), ``value``/``prob`` where set and
        ``children`` for inner nodes.  :func:`parse_tree_json` reads it back unchanged.
        """
        root: dict[str, Any] = {}
        stack: list[tuple[Node, dict[str, Any], Player]] = [(self.root, root, _MAX)]
        while stack:
            node, obj, expected = stack.pop()
            if node.label is not None:
                obj["label"] = node.label
            if node.player is not expected:
                obj["player"] = node.player.value
            if node.value is not None:
                obj["value"] = encode_number(node.value)
            if node.prob is not None:
                obj["prob"] = node.prob
            if node.children:
                below = expected if node.player is _CHANCE else _OPPONENT[node.player]
                kids: list[dict[str, Any]] = [{} for _ in node.children]
                obj["children"] = kids
                stack.extend(zip(node.children, kids, repeat(below)))
        doc: dict[str, Any] = {"tree": root}
        if self.name is not None:
            doc["name"] = self.name
        if self.description is not None:
            doc["description"] = self.description
        return doc


class TreeGame:
    """A :class:`~tracer.games.base.Game` whose states are the nodes of a :class:`Tree`.

    Actions are child indices; node ids name the nodes.  The methods do no checking:
    the loaders have already validated the tree.
    """

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.name: str = tree.name or "tree"
        self.capabilities = Capabilities(chance=tree._stats[3], evaluation=True, named_nodes=True)

    def initial_state(self) -> Node:
        """The root."""
        return self.tree.root

    def to_move(self, state: Node) -> Player:
        """The node's player."""
        return state.player

    def actions(self, state: Node) -> range:
        """The child indices, left to right."""
        return range(len(state.children))

    def result(self, state: Node, action: int) -> Node:
        """The child at index ``action``."""
        return state.children[action]

    def is_terminal(self, state: Node) -> bool:
        """True at leaves."""
        return not state.children

    def utility(self, state: Node) -> float:
        """A leaf's value."""
        return state.value  # type: ignore[return-value]  # loaders give every leaf a value

    def evaluate(self, state: Node) -> float:
        """An inner node's static value; an :class:`InputError` when the tree gives none."""
        if state.value is None:
            raise InputError(
                f"node {state.id} has no static value: give it a 'value' or search deeper (--depth)"
            )
        return state.value

    def probability(self, state: Node, action: int) -> float:
        """The probability of the edge to child ``action`` of a chance node."""
        return state.children[action].prob  # type: ignore[return-value]  # checked at load

    def move_name(self, state: Node, action: int) -> str:
        """The id of the child reached."""
        return state.children[action].id

    def node_id(self, state: Node) -> str:
        """The node's id."""
        return state.id

    def describe(self, state: Node) -> str:
        """The node's id."""
        return state.id


# --------------------------------------------------------------------------- the builder


@contextmanager
def _gc_paused() -> Iterator[None]:
    # A large tree allocates millions of tuples and nodes, none of which can form a
    # cycle; letting the cyclic collector rescan them all roughly doubles load time.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _fresh_ids(n: int, used: Collection[str] = ()) -> list[str]:
    """The first ``n`` of A, B, ..., Z, AA, AB, ..., AZ, BA, ... that are not in ``used``."""
    out: list[str] = []
    prefixes = [""]
    while len(out) < n:
        # Enough names of this length even if every used one falls among them.
        wanted = n - len(out) + len(used)
        level = [p + c for p in prefixes[: -(-wanted // 26)] for c in ascii_uppercase]
        out.extend([g for g in level if g not in used] if used else level)
        prefixes = level
    del out[n:]
    return out


# The frozen dataclass ``__init__`` sets each slot through ``object.__setattr__``; the
# loaders call the slot descriptors directly, which builds the same object in about
# two thirds of the time (it matters for trees of a million nodes).
_SET_SLOTS = tuple(
    Node.__dict__[name].__set__ for name in ("id", "player", "value", "children", "prob", "label")
)


Where = Callable[[int, str | None], str]
"""Maps a node's breadth-first index (and optionally a key of it) to a place in the source."""


@dataclass
class _Flat:
    """A parsed tree before it becomes nodes: arrays indexed in breadth-first order.

    The children of node ``i`` are a contiguous run of ``counts[i]`` indices, and runs
    appear in the order of their parents.  The sparse attributes are dicts.
    """

    values: list[float | int | None]
    counts: list[int]
    labels: dict[int, str]
    players: dict[int, Player]
    probs: dict[int, float]


def _build(
    flat: _Flat,
    *,
    root_default: Player,
    where: Where,
    file: str,
    name: str | None = None,
    description: str | None = None,
) -> Tree:
    values, counts, labels, explicit, probs = (
        flat.values,
        flat.counts,
        flat.labels,
        flat.players,
        flat.probs,
    )
    n = len(counts)

    def fail(i: int, key: str | None, message: str) -> InputError:
        return InputError(message, file=file, where=where(i, key))

    # Players, top down.  ``player`` holds the default a node got from its parent until
    # the node is reached; children of a chance node inherit the chance node's default.
    player: list[Player] = [root_default] * n
    first = 1
    for i, k in enumerate(counts):
        if not k:
            continue
        p = player[i]
        e = explicit.get(i)
        if e is not None:
            player[i] = e
            below = p if e is _CHANCE else _OPPONENT[e]
        else:
            below = _OPPONENT[p]
        player[first : first + k] = [below] * k
        first += k
    for i, e in explicit.items():
        if not counts[i]:
            player[i] = e

    # Ids: explicit labels first (they must be unique), then generated ones.
    ids: list[str]
    if labels:
        seen: dict[str, int] = {}
        for i, label in labels.items():  # breadth-first order
            if label in seen:
                other = where(seen[label], "label")
                raise fail(i, "label", f"duplicate label {label!r} (also used at {other})")
            seen[label] = i
        fresh = iter(_fresh_ids(n - len(labels), seen))
        ids = [labels[i] if i in labels else next(fresh) for i in range(n)]
    else:
        ids = _fresh_ids(n)

    if probs or _CHANCE in explicit.values():
        _check_probabilities(counts, player, probs, ids, fail)

    # Nodes, bottom up: walking backwards, the last run of children belongs to the
    # last inner node still to be built.
    nodes: list[Any] = [None] * n
    end = n
    new = object.__new__
    set_id, set_player, set_value, set_children, set_prob, set_label = _SET_SLOTS
    prob_of: list[float | None] = [None] * n
    label_of: list[str | None] = [None] * n
    for i, prob in probs.items():
        prob_of[i] = prob
    for i, label in labels.items():
        label_of[i] = label
    for i in range(n - 1, -1, -1):
        k = counts[i]
        if k:
            kids = tuple(nodes[end - k : end])
            end -= k
        else:
            kids = ()
        node = nodes[i] = new(Node)
        set_id(node, ids[i])
        set_player(node, player[i])
        set_value(node, values[i])
        set_children(node, kids)
        set_prob(node, prob_of[i])
        set_label(node, label_of[i])
    return Tree(nodes[0], name, description)


def _check_probabilities(
    counts: list[int],
    player: list[Player],
    probs: dict[int, float],
    ids: list[str],
    fail: Callable[[int, str | None, str], InputError],
) -> None:
    if 0 in probs:
        raise fail(0, "prob", "the root cannot have a probability (no edge leads into it)")
    parent: list[int] = [-1] * len(counts)
    first = 1
    for i, k in enumerate(counts):
        parent[first : first + k] = [i] * k
        if player[i] is _CHANCE and k:
            total = math.fsum(
                _child_prob(j, probs, ids[i], ids, fail) for j in range(first, first + k)
            )
            if abs(total - 1.0) > _PROB_TOLERANCE:
                raise fail(
                    i,
                    None,
                    f"the probabilities below chance node {ids[i]} sum to {total!r}, not 1",
                )
        first += k
    for j in probs:
        if player[parent[j]] is not _CHANCE:
            raise fail(
                j,
                "prob",
                f"node {ids[j]} has a probability but its parent {ids[parent[j]]} "
                "is not a chance node",
            )


def _child_prob(
    j: int,
    probs: dict[int, float],
    parent_id: str,
    ids: list[str],
    fail: Callable[[int, str | None, str], InputError],
) -> float:
    p = probs.get(j)
    if p is None:
        raise fail(
            j, None, f"node {ids[j]} is a child of chance node {parent_id} and needs a probability"
        )
    return p


def _check_prob(value: Any) -> str | None:
    """None when ``value`` is a usable probability, else the complaint."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        return f"a probability must be a number between 0 and 1, got {_show(value)}"
    return None


def _show(value: Any) -> str:
    """A short JSON-like rendering of a bad value for an error message."""
    if isinstance(value, str):
        text = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif value is None or isinstance(value, bool):
        text = {None: "null", True: "true", False: "false"}[value]
    elif isinstance(value, list):
        text = "an array"
    elif isinstance(value, dict):
        text = "an object"
    else:
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _root_default(root_player: Player | None, document: Player | None) -> Player:
    if root_player is _CHANCE:
        raise UsageError("root_player must be max or min (mark a chance root in the tree itself)")
    if root_player is not None:
        return root_player
    return document if document is not None else _MAX


# --------------------------------------------------------------------------- JSON


_NODE_KEYS = frozenset({"label", "player", "value", "children", "prob"})
_DOC_KEYS = frozenset({"tree", "name", "description", "root_player", "$schema"})
_PLAYERS = {"max": _MAX, "min": _MIN, "chance": _CHANCE}


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
    with _gc_paused():
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
                f"unknown key {key!r} in a tree document (allowed: {', '.join(sorted(_DOC_KEYS))})",
                file=file,
                where=json_path([key]),
            )
    texts: list[str | None] = []
    for key in ("name", "description"):
        text = data.get(key)
        if key in data and not isinstance(text, str):
            raise InputError(
                f"'{key}' must be a string, got {_show(text)}", file=file, where=json_path([key])
            )
        texts.append(text)
    player = None
    if "root_player" in data:
        player = _PLAYERS.get(data["root_player"]) if isinstance(data["root_player"], str) else None
        if player is None or player is _CHANCE:
            raise InputError(
                f"unknown root_player {_show(data['root_player'])} (choose from: max, min)",
                file=file,
                where=json_path(["root_player"]),
            )
    return texts[0], texts[1], player


def _scan_json(items: list[Any], flat: _Flat, where: Where, file: str) -> None:
    """Walk the JSON breadth first, filling ``flat``; ``items`` grows as it is read."""
    values_append = flat.values.append
    counts_append = flat.counts.append
    extend = items.extend
    for i, item in enumerate(items):
        kind = type(item)
        if kind is list:
            if not item:
                raise InputError(
                    "an inner node needs at least one child", file=file, where=where(i, None)
                )
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
            values_append(_leaf_value(item, "leaf", file, where(i, None)))
            counts_append(0)


def _leaf_value(value: Any, what: str, file: str, place: str) -> float | int:
    """Check a scalar value (the slow path: strings, exotic numbers, mistakes)."""
    if isinstance(value, str) and value in INF_STRINGS:
        return INF_STRINGS[value]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return value
    raise InputError(
        f'expected a number or "+inf"/"-inf" as a {what} value, got {_show(value)}',
        file=file,
        where=place,
    )


def _scan_object(
    obj: dict[str, Any], i: int, flat: _Flat, where: Where, file: str
) -> list[Any] | None:
    for key in obj:
        if key not in _NODE_KEYS:
            raise InputError(
                f"unknown key {key!r} (allowed: {', '.join(sorted(_NODE_KEYS))})",
                file=file,
                where=where(i, key),
            )
    children = obj.get("children")
    if "children" in obj:
        if type(children) is not list:
            raise InputError(
                f"'children' must be an array of nodes, got {_show(children)}",
                file=file,
                where=where(i, "children"),
            )
        if not children:
            raise InputError(
                "an inner node needs at least one child (leave 'children' out for a leaf)",
                file=file,
                where=where(i, "children"),
            )
    if "value" in obj:
        what = "static" if children else "leaf"
        flat.values.append(_leaf_value(obj["value"], what, file, where(i, "value")))
    elif children:
        flat.values.append(None)
    else:
        raise InputError(
            "a leaf needs a 'value' (or give the node 'children')", file=file, where=where(i, None)
        )
    flat.counts.append(len(children) if children else 0)
    if "label" in obj:
        label = obj["label"]
        if not isinstance(label, str) or not _LABEL_RE.fullmatch(label):
            raise InputError(
                f"a label must match {LABEL_PATTERN}, got {_show(label)}",
                file=file,
                where=where(i, "label"),
            )
        flat.labels[i] = label
    if "player" in obj:
        player = _PLAYERS.get(obj["player"]) if isinstance(obj["player"], str) else None
        if player is None:
            raise InputError(
                f"unknown player {_show(obj['player'])} (choose from: chance, max, min)",
                file=file,
                where=where(i, "player"),
            )
        flat.players[i] = player
    if "prob" in obj:
        complaint = _check_prob(obj["prob"])
        if complaint:
            raise InputError(complaint, file=file, where=where(i, "prob"))
        flat.probs[i] = obj["prob"]
    return children


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


# --------------------------------------------------------------------------- text


# One token per match: skip blanks and comments, then take a number-like run (checked
# when read), a label, or one other character; the empty match at the end is "end".
_TOKEN_RE = re.compile(r"(?:\s+|#[^\n]*)*([-+.0-9][^\s()\[\]:,=#]*|[A-Za-z_][A-Za-z0-9_']*|\S|\Z)")
_NUMBER_RE = re.compile(r"[+-]inf|[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_KINDS = {c: "num" for c in "+-.0123456789"} | {c: c for c in "()[]:,="} | {"": "end"}
_KINDS |= {c: "label" for c in "_" + ascii_letters}
_NODE_START = frozenset({"num", "label", "[", ":", "("})
_ATTR_HELP = "an attribute (max, min, chance or p=<probability>)"


class _TextParser:
    """Recursive descent in spirit, with an explicit stack of open nodes instead of calls.

    Tokens are plain strings; their kinds come from the first character.  Source
    positions are only worked out when an error needs one.
    """

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.toks: list[str] = _TOKEN_RE.findall(text)
        self.toks += ["", ""]  # lookahead past the end stays in range
        kind_of = _KINDS.get
        self.kinds: list[str] = [kind_of(t[:1], "bad") for t in self.toks]

    @cached_property
    def positions(self) -> list[int]:
        """Where each token starts (computed again from the text, for errors only)."""
        starts = [m.start(1) for m in _TOKEN_RE.finditer(self.text)]
        return starts + [len(self.text)] * (len(self.toks) - len(starts))

    def place(self, token: int) -> str:
        pos = self.positions[token]
        line = self.text.count("\n", 0, pos) + 1
        column = pos - self.text.rfind("\n", 0, pos)
        return f"line {line}, column {column}"

    def error(self, i: int, message: str) -> InputError:
        return InputError(message, file=self.file, where=self.place(i))

    def expected(self, i: int, what: str) -> InputError:
        kind, token = self.kinds[i], self.toks[i]
        if kind == "bad":
            return self.error(i, f"unexpected character {token!r}")
        found = "end of input" if kind == "end" else f"'{token}'"
        return self.error(i, f"expected {what} but found {found}")

    def number(self, i: int) -> float | int:
        token = self.toks[i]
        try:
            if token.isascii() and token.lstrip("+-").isdigit():
                return int(token)
            if _NUMBER_RE.fullmatch(token):
                return float(token)
        except ValueError:  # more digits than int() converts
            raise self.error(i, f"number {token[:20]}... is too long") from None
        raise self.error(i, f"malformed number {token!r}")

    def attributes(self, i: int) -> tuple[int, Player | None, float | None]:
        """Read ``[attr, ...]`` starting at the '['; return the index after the ']'."""
        kinds, toks = self.kinds, self.toks
        player: Player | None = None
        prob: float | None = None
        i += 1
        while True:
            if kinds[i] != "label":
                raise self.expected(i, _ATTR_HELP)
            word = toks[i]
            if word in _PLAYERS:
                if player is not None:
                    raise self.error(i, f"two players given: {player.value} and {word}")
                player = _PLAYERS[word]
                i += 1
            elif word in ("p", "prob"):
                if prob is not None:
                    raise self.error(i, "two probabilities given")
                if kinds[i + 1] != "=":
                    raise self.expected(i + 1, f"'=' after '{word}'")
                if kinds[i + 2] != "num":
                    raise self.expected(i + 2, "a probability")
                value = self.number(i + 2)
                complaint = _check_prob(value)
                if complaint:
                    raise self.error(i + 2, complaint)
                prob = value
                i += 3
            else:
                raise self.error(
                    i, f"unknown attribute {word!r} (allowed: chance, max, min, p=<probability>)"
                )
            if kinds[i] == ",":
                i += 1
            elif kinds[i] == "]":
                return i + 1, player, prob
            elif kinds[i] != "label":
                raise self.expected(i, "',' or ']'")

    def parse(self) -> list[Any]:
        """The root record ``[label, player, value, prob, children, first token]``."""
        kinds, toks = self.kinds, self.toks
        number = self.number
        i = 0
        root: list[Any] | None = None
        stack: list[list[Any]] = []
        opened: list[int] = []
        while True:
            # A node starts at token i.
            is_open = False
            if kinds[i] == "num":  # the common case: a bare leaf
                token = toks[i]
                value = int(token) if token.isdigit() and token.isascii() else number(i)
                record: list[Any] = [None, None, value, None, (), i]
                i += 1
                if kinds[i] == "(":
                    self.check_bare(i)
            else:
                record, i, bare = self.node_head(i)
                if kinds[i] == "(" and bare:
                    self.check_bare(i)
                elif kinds[i] == "(":
                    if kinds[i + 1] == ")":
                        raise self.error(i + 1, "an inner node needs at least one child")
                    record[4] = []
                    is_open = True
                elif record[2] is None:
                    raise self.no_value(i, record)
            if stack:
                stack[-1][4].append(record)
            else:
                root = record
            if is_open:
                stack.append(record)
                opened.append(i)
                i += 1
                continue
            # After a node: close parents, then find where the next sibling starts.
            while True:
                kind = kinds[i]
                if not stack:
                    if kind != "end":
                        raise self.expected(i, "end of input")
                    assert root is not None
                    return root
                if kind == ")":
                    stack.pop()
                    opened.pop()
                    i += 1
                elif kind == ",":
                    if kinds[i + 1] not in _NODE_START:
                        raise self.expected(i + 1, "a number, a label or '('")
                    i += 1
                    break
                elif kind in _NODE_START:
                    break
                elif kind == "end":
                    raise self.error(
                        i,
                        f"expected ')' to close the '(' at {self.place(opened[-1])} "
                        "but found end of input",
                    )
                else:
                    raise self.expected(i, "',', ')' or another node")

    def touching(self, i: int) -> bool:
        """True when token ``i`` follows token ``i - 1`` with nothing in between."""
        return self.positions[i] == self.positions[i - 1] + len(self.toks[i - 1])

    def check_bare(self, i: int) -> None:
        """Refuse ``3(...)``: a '(' glued to a bare leaf's number (token ``i - 1``)."""
        if self.touching(i):
            raise self.error(
                i,
                "a bare number is a whole leaf: write :<number>(...) for an inner node "
                "with a static value, or put a space between two siblings",
            )

    def node_head(self, i: int) -> tuple[list[Any], int, bool]:
        """Read ``label? [attrs]? (number | ':' number)?`` starting at token ``i``.

        Returns the record (no children yet), the next token's index, and whether the
        node ended with a bare number (an unlabelled leaf such as ``[p=0.5]3``).
        """
        kinds, toks = self.kinds, self.toks
        start = i
        label: str | None = None
        value: float | int | None = None
        player: Player | None = None
        prob: float | None = None
        bare = False
        if kinds[i] == "label":
            label = toks[i]
            i += 1
        if kinds[i] == "[":
            i, player, prob = self.attributes(i)
        if kinds[i] == "num" and label is None and i > start:
            value = self.number(i)
            i += 1
            bare = True
        elif kinds[i] == ":":
            if kinds[i + 1] != "num":
                raise self.expected(i + 1, "a number after ':'")
            value = self.number(i + 1)
            i += 2
            if kinds[i] == "(" and not self.touching(i):
                raise self.error(
                    i,
                    "a '(' after a value must touch it to give the node children "
                    "(C:5(...)); put a comma before a sibling (E:3, (...))",
                )
        return [label, player, value, prob, (), start], i, bare

    def no_value(self, i: int, record: list[Any]) -> InputError:
        start = record[5]
        label = record[0]
        if label is None and record[1] is None and record[3] is None:
            return self.expected(i, "a number, a label or '('")
        if label is None:
            return self.expected(i, "a number, ':' or '(' after the attributes")
        hint = " (infinity is written +inf)" if label.lower() in ("inf", "infinity") else ""
        return self.error(
            start,
            f"node {label} has no value: write {label}:<number> for a leaf "
            f"or {label}(...) for an inner node{hint}",
        )


def parse_tree_text(text: str, *, file: str = "<tree>", root_player: Player | None = None) -> Tree:
    """Build a :class:`Tree` from the text notation (grammar in ``docs/trees.md``).

    ``root_player`` sets the root's player unless the text marks the root itself.
    Errors are :class:`InputError` with ``where="line L, column C"``.
    """
    root_default = _root_default(root_player, None)
    with _gc_paused():
        parser = _TextParser(text, file)
        records = [parser.parse()]
        for record in records:  # breadth-first: the list grows as it is read
            records.extend(record[4])
        flat = _Flat(
            [r[2] for r in records],
            [len(r[4]) for r in records],
            {i: r[0] for i, r in enumerate(records) if r[0] is not None},
            {i: r[1] for i, r in enumerate(records) if r[1] is not None},
            {i: r[3] for i, r in enumerate(records) if r[3] is not None},
        )
        tokens = [r[5] for r in records]
        del records

        def where(i: int, key: str | None) -> str:
            return parser.place(tokens[i])

        return _build(flat, root_default=root_default, where=where, file=file)


# --------------------------------------------------------------------------- formatting


def _format_number(value: float | int) -> str:
    if isinstance(value, float):
        if value == math.inf:
            return "+inf"
        if value == -math.inf:
            return "-inf"
        return repr(value)
    return str(value)


def _heads(tree: Tree) -> tuple[list[Node], dict[str, str]]:
    """Preorder nodes and each node's text before its '(' (label, attributes, value)."""
    order: list[Node] = []
    heads: dict[str, str] = {}
    stack: list[tuple[Node, Player]] = [(tree.root, _MAX)]
    while stack:
        node, expected = stack.pop()
        order.append(node)
        value = node.value
        if (
            value is not None
            and not node.children
            and node.label is None
            and node.prob is None
            and node.player is expected
        ):  # the common case: a plain leaf is just its number
            heads[node.id] = str(value) if type(value) is int else _format_number(value)
            continue
        attrs = []
        if node.player is not expected:
            attrs.append(node.player.value)
        if node.prob is not None:
            attrs.append("p=" + _format_number(node.prob))
        head = node.label or ""
        if attrs:
            head += "[" + ",".join(attrs) + "]"
        if value is not None:
            number = _format_number(value)
            head += number if node.label is None and not node.children else ":" + number
        heads[node.id] = head
        if node.children:
            below = expected if node.player is _CHANCE else _OPPONENT[node.player]
            stack.extend(zip(reversed(node.children), repeat(below)))
    return order, heads


def _separators(kids: tuple[Node, ...], heads: dict[str, str]) -> list[str]:
    """What goes after each child: " " (the last gets ""), or ", " where needed.

    ``E:3 (1 2)`` would read as E with children, so a labelled leaf followed by an
    unlabelled, attribute-free inner node gets a comma: ``E:3, (1 2)``.
    """
    seps = [" "] * len(kids)
    seps[-1] = ""
    for j in range(len(kids) - 1):
        prev = kids[j]
        if prev.label is not None and not prev.children and not heads[kids[j + 1].id]:
            seps[j] = ", "
    return seps


def _flat_text(node: Node, heads: dict[str, str]) -> str:
    out: list[str] = []
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        out.append(heads[item.id])
        if item.children:
            out.append("(")
            stack.append(")")
            kids = item.children
            for child, sep in zip(reversed(kids), reversed(_separators(kids, heads)), strict=True):
                if sep:
                    stack.append(sep)
                stack.append(child)
    return "".join(out)


def format_tree_text(tree: Tree, *, width: int = 88) -> str:
    """The canonical text notation of ``tree``, ending with a newline.

    Labels appear only where the source gave them, attributes only where a player
    differs from alternation or a probability is set.  A tree that fits in ``width``
    columns is one line; otherwise inner nodes that do not fit open a block with one
    child per line (indented two spaces, at most 40 columns deep).
    """
    order, heads = _heads(tree)
    length: dict[str, int] = {}
    for node in reversed(order):
        size = len(heads[node.id])
        if node.children:
            seps = _separators(node.children, heads)
            size += 2 + sum(map(len, seps)) + sum(length[c.id] for c in node.children)
        length[node.id] = size
    lines: list[str] = []
    # (node or closing parenthesis, indent, what ends its last line: "" or ",")
    stack: list[tuple[Node | str, int, str]] = [(tree.root, 0, "")]
    while stack:
        item, indent, end = stack.pop()
        pad = " " * indent
        if isinstance(item, str):
            lines.append(pad + item + end)
        elif not item.children or indent + length[item.id] + len(end) <= width or indent >= 40:
            lines.append(pad + _flat_text(item, heads) + end)
        else:
            lines.append(pad + heads[item.id] + "(")
            stack.append((")", indent, end))
            seps = _separators(item.children, heads)
            for child, sep in zip(reversed(item.children), reversed(seps), strict=True):
                stack.append((child, indent + 2, sep.strip()))
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- files


def load_tree(path: str | os.PathLike[str], *, root_player: Player | None = None) -> Tree:
    """Load a tree file: ``.json`` as JSON, anything else (``.tree``, ``.txt``) as text."""
    file = os.fspath(path)
    if file.lower().endswith(".json"):
        return parse_tree_json(load_json_file(file), file=file, root_player=root_player)
    return parse_tree_text(read_text_file(file), file=file, root_player=root_player)
