"""The shape of the tree a drawing shows, taken from the trace alone.

An explicit tree comes whole from the trace header (``source.tree``), so the parts the
search never touched can be drawn as ghosts.  A generated game has no such tree: its
nodes are learnt from the expand events (their children, moves and position labels).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError
from ...events import Generate
from ...players import Player
from ...said import said
from ...trace import Header

__all__ = ["SNode", "Skeleton"]

Number = float | int


@dataclass(slots=True)
class SNode:
    """One node of the drawn tree (structure only; what the search did is in the replay)."""

    id: str
    parent: str | None
    depth: int
    player: str | None = None
    """``max``, ``min`` or ``chance`` (``state`` in an A* search graph); None until an
    event or the tree says."""
    children: list[str] = field(default_factory=list)
    """Children kept in memory, in the tree's order (a game: the first expansion's)."""
    n_children: int = 0
    """How many children the node has, kept or not."""
    prob: float | None = None
    """Probability of the edge into this node from a chance node."""
    static: Number | None = None
    """The value written in the source tree (a leaf's utility, an inner node's evaluation)."""
    move: str | None = None
    """Name of the move that leads here (generated games)."""
    position: str | None = None
    """A readable picture of the position (generated games)."""


class Skeleton:
    """The nodes of the tree by id, with their children in drawing order."""

    def __init__(self, root: str, *, from_tree: bool) -> None:
        self.root = root
        self.from_tree = from_tree
        """True when the structure comes from the header's source tree."""
        self.nodes: dict[str, SNode] = {}
        self.frozen = False
        """Set once the whole trace is replayed: later replays (frames) share this
        skeleton and must not change it."""
        self._preorder: list[str] | None = None
        """The whole preorder, kept once frozen (the diagram and every frame ask)."""

    @classmethod
    def from_header(cls, header: Header, *, file: str = "<trace>") -> Skeleton:
        """The whole tree when the header carries one, else just the root."""
        source = header.source
        tree_doc = source.get("tree") if source.get("kind") == "tree" else None
        if tree_doc is None:
            skel = cls(header.root, from_tree=False)
            skel.nodes[header.root] = SNode(header.root, None, 0)
            return skel
        skel = cls(header.root, from_tree=True)
        skel._load_tree(tree_doc, header, file)
        return skel

    def _load_tree(self, doc: Any, header: Header, file: str) -> None:
        from ...trees import parse_tree_json

        player = header.options.get("root_player")
        root_player = Player(player) if player in ("max", "min") else None
        try:
            tree = parse_tree_json(doc, file=file, root_player=root_player)
        except InputError as exc:
            where = "$.header.source.tree" + (exc.where or "$")[1:]
            raise InputError(said("bad source tree: {reason}", reason=exc.said), file=file,
                             where=where) from None
        if tree.root.id != header.root:
            raise InputError(said("the header's root {root!r} is not the source tree's root "
                                  "{tree_root!r}", root=header.root, tree_root=tree.root.id),
                             file=file, where="$.header.root")
        nodes = self.nodes
        stack: list[tuple[Any, str | None, int]] = [(tree.root, None, 0)]
        while stack:
            node, parent, depth = stack.pop()
            kids = [c.id for c in node.children]
            nodes[node.id] = SNode(node.id, parent, depth, node.player.value, kids, len(kids),
                                   node.prob, node.value)
            stack.extend((c, node.id, depth + 1) for c in reversed(node.children))

    def __contains__(self, node_id: str) -> bool:
        return node_id in self.nodes

    def get(self, node_id: str) -> SNode | None:
        return self.nodes.get(node_id)

    def preorder(self, start: str | None = None) -> list[str]:
        """Ids of the kept nodes below ``start`` (default the root), parents first.
        The whole tree's list is made once when the skeleton is frozen: do not change it."""
        if start is None and self.frozen:
            if self._preorder is None:
                self._preorder = self._walk(self.root)
            return self._preorder
        return self._walk(self.root if start is None else start)

    def _walk(self, first: str) -> list[str]:
        out: list[str] = []
        stack = [first]
        nodes = self.nodes
        while stack:
            nid = stack.pop()
            out.append(nid)
            node = nodes.get(nid)
            if node is not None and node.children:
                stack.extend(c for c in reversed(node.children) if c in nodes)
        return out

    # learning the tree from events ------------------------------------------------------

    def learn_expand(self, nid: str, parent: str | None, depth: int, player: str,
                     children: Sequence[str], label: str | None,
                     moves: Sequence[str] | None, *, seq: int, keep_children: bool,
                     file: str) -> None:
        """Record what an expand event says about its node (and its children).

        A generated game's node searched again with its children in another order (move
        ordering, the next iteration of iterative deepening) is drawn in the latest order,
        the one of the search the picture shows."""
        if self.frozen:
            return
        node = self._node_for(nid, parent, depth, file)
        node.player = player
        if label is not None:
            node.position = label
        nodes = self.nodes
        if self.from_tree:
            missing = [c for c in children if c not in nodes]
            if missing:
                raise InputError(said("expand of {node!r} names child {child!r}, which is "
                                      "not in the header's source tree", node=nid,
                                      child=missing[0]), file=file, where=f"event {seq}")
            return
        node.n_children = max(node.n_children, len(children))
        if node.children and keep_children and len(node.children) == len(children) \
                and set(node.children) == set(children):
            node.children = list(children)
        if not keep_children or node.children:
            return
        node.children = list(children)
        if moves is not None and len(moves) != len(children):
            moves = None
        root = self.root
        for i, cid in enumerate(children):
            if cid not in nodes:
                move = moves[i] if moves is not None else _move_from_id(nid, cid, root=root)
                nodes[cid] = SNode(cid, nid, depth + 1, move=move)

    def learn_generate(self, ev: Generate) -> None:
        """A* search graphs: a node hangs under the node it was generated from."""
        if self.frozen:
            return
        known = self.nodes.get(ev.node)
        if known is not None:
            known.player, known.move, known.position = "state", ev.action, ev.label
            return
        parent = self.nodes.get(ev.parent) if ev.parent is not None else None
        depth = parent.depth + 1 if parent is not None else 0
        self.nodes[ev.node] = SNode(ev.node, ev.parent, depth, "state", move=ev.action,
                                    position=ev.label)
        if parent is not None:
            parent.children.append(ev.node)
            parent.n_children += 1

    def learn_evaluate(self, nid: str, parent: str | None, depth: int, player: str,
                       label: str | None, *, file: str) -> None:
        if self.frozen:
            return
        node = self._node_for(nid, parent, depth, file)
        node.player = player
        if label is not None:
            node.position = label

    def _node_for(self, nid: str, parent: str | None, depth: int, file: str) -> SNode:
        node = self.nodes.get(nid)
        if node is not None:
            return node
        if self.from_tree:
            raise InputError(said("node {node!r} is not in the header's source tree",
                                  node=nid), file=file)
        # A node no expand listed (or whose parent is not kept): attach it where it says.
        node = SNode(nid, parent, depth)
        self.nodes[nid] = node
        if parent is not None and parent in self.nodes:
            self.nodes[parent].children.append(nid)
        return node

    def drop_below(self, cap: int) -> list[tuple[SNode, str]]:
        """Forget every node deeper than ``cap``; return each with its ancestor at ``cap``."""
        nodes = self.nodes
        anchor: dict[str, str] = {n.id: n.id for n in nodes.values() if n.depth == cap}
        dropped = sorted((n for n in nodes.values() if n.depth > cap), key=lambda n: n.depth)
        out: list[tuple[SNode, str]] = []
        for n in dropped:
            # Parents come first (sorted by depth), so the parent's anchor is known.
            a = anchor.get(n.parent or "", self.root)
            anchor[n.id] = a
            out.append((n, a))
        for n, _ in out:
            del nodes[n.id]
        for n in nodes.values():
            if n.depth == cap:
                n.children = []
        return out


def _move_from_id(parent: str, child: str, *, root: str) -> str | None:
    """The move in a move-path id: ``3/4`` below ``3`` is move ``4`` (generated games)."""
    if child.startswith(parent + "/"):
        return child[len(parent) + 1:]
    if parent == root and "/" not in child:
        return child
    return None
