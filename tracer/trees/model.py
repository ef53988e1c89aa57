"""The explicit game tree model: :class:`Node`, :class:`Tree` and :class:`TreeGame`.

Nodes are frozen and compared structurally; every walk over a tree is iterative, so a
100,000-deep chain is as safe as a bushy tree.  Building trees from sources is the
loaders' job (:mod:`tracer.trees.json_form`, :mod:`tracer.trees.text_form`, through
:mod:`tracer.trees.build`); import them all from :mod:`tracer.trees`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import repeat
from typing import Any

from tracer.display import SVG, shown, svg_bundle
from tracer.errors import InputError
from tracer.games.base import Capabilities
from tracer.jsonio import encode_number
from tracer.players import Player
from tracer.said import Said, said

__all__ = ["LABEL_PATTERN", "Node", "Tree", "TreeGame", "fraction_text", "unknown_leaf"]

LABEL_PATTERN = r"[A-Za-z_][A-Za-z0-9_']*"
"""What a label may look like, in both the JSON and the text notation."""
_MAX, _MIN, _CHANCE = Player.MAX, Player.MIN, Player.CHANCE
_OPPONENT = {_MAX: _MIN, _MIN: _MAX}


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
    """A leaf's value; an inner node's optional static evaluation.  None at a leaf the
    source leaves unknown (``?a``): a search that reads it fails, naming it."""
    children: tuple[Node, ...] = ()
    """The successors, in the source's order."""
    prob: float | Fraction | None = None
    """Probability of the edge into this node from a chance parent: a :class:`Fraction`
    where the source wrote one (``1/3``) or said ``uniform``, kept exact."""
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


def unknown_leaf(node: str) -> Said:
    """The one line of a search that reads a leaf the tree leaves unknown."""
    return said("leaf {node} is unknown (?{node} in the tree) and this search reads it: "
                "give it a value ({node}:<number>), or choose a search that prunes it",
                node=node)


def fraction_text(p: Fraction) -> str:
    """``1/3`` (and ``1/1``, never ``1``: the slash says the number is exact)."""
    return f"{p.numerator}/{p.denominator}"


def _same_number(a: float | Fraction | None, b: float | Fraction | None) -> bool:
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

    def _repr_svg_(self) -> str | None:
        """Jupyter shows the tree with its leaf values (drawn by :mod:`tracer.notebook`,
        which registers itself with :mod:`tracer.display`)."""
        return shown(self, SVG)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return svg_bundle(self, include, exclude)

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

    @cached_property
    def unknown_leaves(self) -> tuple[str, ...]:
        """The leaves the source leaves unknown (``?a``), in preorder."""
        return tuple(n.id for n in self.nodes() if n.value is None and not n.children)

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
            elif not node.children:
                obj["unknown"] = True
            if node.prob is not None:
                # a fraction stays exact as the string "1/3"
                obj["prob"] = (fraction_text(node.prob) if type(node.prob) is Fraction
                               else node.prob)
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
        self.capabilities = Capabilities(chance=tree._stats[3], evaluation=True, named_nodes=True,
                                         unknown_leaves=tree.unknown_leaves)

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
        """A leaf's value; an :class:`InputError` naming a leaf the tree leaves unknown
        (a search that reads it asks for a value the notes never give)."""
        if state.value is None:
            raise InputError(unknown_leaf(state.id))
        return state.value

    def evaluate(self, state: Node) -> float:
        """An inner node's static value; an :class:`InputError` when the tree gives none."""
        if state.value is None:
            raise InputError(said("node {node} has no static value: give it a 'value' or "
                                  "search deeper (--depth)", node=state.id))
        return state.value

    def probability(self, state: Node, action: int) -> float | Fraction:
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
