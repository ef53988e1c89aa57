"""What ``gametrace validate`` checks in an engine stream (trace format version 2).

Each line against its schema (the header, ``engine_event``, the result), then the rules
that make the stream one search, in one pass with memory for the open nodes only:

1. the root (0) is being searched from the header on; ``enter`` tries a child of the
   node being searched (its ``parent``), with an id greater than every id before it;
   ``leave`` ends the search of the node being searched;
2. ``cutoff`` names the child the node left last, and its rank among the children this
   search tried; ``probe`` and ``store`` name the node being searched;
3. ``deepen`` comes when only the root is open and has tried nothing, or no node is open;
   ``research`` searches again the child the node being searched left last (the root,
   when no node is open);
4. a ``class`` is one of the header's ``engine.classes`` (events have no ``seq``: their
   lines number them);
5. one result, last; the root left when it says the search is complete; its ``move``
   is a child of the root, its ``pv`` the root and that move; a ``counters`` stream has
   no events.

A broken rule is one :class:`~tracer.errors.InputError` naming the file and the line.
:mod:`.stream` reads a stream and applies them (:func:`.stream.check_engine_stream`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import InputError
from ..said import Said, said

__all__ = ["ENGINE_EVENTS", "is_engine_header"]



def _id(x: Any) -> bool:
    return type(x) is int and x >= 0


def _number(x: Any) -> bool:
    return (type(x) is int or (type(x) is float and x == x)) or x in ("+inf", "-inf")


_FLAGS = ("exact", "lower", "upper")  # a tuple: a value of any type may be looked up
_SHAPES: dict[str, tuple[frozenset[str], frozenset[str], Callable[[dict[str, Any]], bool]]] = {
    # type: (required keys, optional keys, the values' test): the schema's definitions,
    # spelled out so that a stream of millions of lines is checked at the speed of reading
    # it (jsonschema takes some 100 us a line); a line they refuse is then asked of the
    # schema, for its error
    "enter": (frozenset(("type", "node", "parent", "move")), frozenset(("class",)),
              lambda e: _id(e["node"]) and _id(e["parent"]) and type(e["move"]) is str
              and (type(e.get("class", "x")) is str and e.get("class") != "")),
    "leave": (frozenset(("type", "node", "value")), frozenset(),
              lambda e: _id(e["node"]) and _number(e["value"])),
    "cutoff": (frozenset(("type", "node", "after", "rank")), frozenset(),
               lambda e: _id(e["node"]) and _id(e["after"]) and type(e["rank"]) is int
               and e["rank"] >= 1),
    "probe": (frozenset(("type", "node", "hit")), frozenset(("flag", "value", "draft")),
              lambda e: _id(e["node"]) and type(e["hit"]) is bool
              and e.get("flag", "exact") in _FLAGS and _number(e.get("value", 0))
              and type(e.get("draft", 0)) is int),
    "store": (frozenset(("type", "node", "flag", "value", "draft")), frozenset(),
              lambda e: _id(e["node"]) and e["flag"] in _FLAGS and _number(e["value"])
              and type(e["draft"]) is int),
    "deepen": (frozenset(("type", "node", "depth")), frozenset(),
               lambda e: e["node"] == 0 and type(e["node"]) is int and _id(e["depth"])),
    "research": (frozenset(("type", "node", "alpha", "beta")), frozenset(),
                 lambda e: _id(e["node"]) and _number(e["alpha"]) and _number(e["beta"])),
}


def _well_shaped(ev: dict[str, Any]) -> bool:
    """Whether the schema accepts the event, told fast (False: ask the schema)."""
    kind = ev.get("type")
    shape = _SHAPES.get(kind) if type(kind) is str else None
    if shape is None:
        return False
    required, optional, values = shape
    keys = ev.keys()
    return required <= keys and keys - required <= optional and values(ev)


ENGINE_EVENTS = tuple(_SHAPES)
"""The event types of an engine stream (the schema's ``engine_event``)."""


def is_engine_header(obj: Any) -> bool:
    """Whether a stream's first line is an engine stream's header (version 2)."""
    return isinstance(obj, dict) and obj.get("version") == 2


def _search(node: int) -> list[int]:
    """A node being searched: ``[its id, the child it left last (-1: none), how many
    children it tried]`` (a list: a stream has one a node, made at the speed of reading)."""
    return [node, -1, 0]


class _Rules:
    __slots__ = ("classes", "counters", "file", "newest", "root_kids", "root_left", "stack")

    def __init__(self, header: dict[str, Any], *, file: str) -> None:
        engine = header.get("engine")
        if not isinstance(engine, dict):
            raise InputError(said("an engine stream's header (version 2) needs its engine "
                                  "object: expected its convention and record"),
                             file=file, where="line 1: $.engine")
        if header.get("root") != 0:
            raise InputError(said("an engine stream's root is 0: expected \"root\": 0"),
                             file=file, where="line 1: $.root")
        self.file = file
        self.classes = frozenset(engine.get("classes", ()))
        self.counters = engine.get("record") == "counters"
        self.stack = [_search(0)]
        self.newest = 0
        self.root_left = False
        self.root_kids: set[int] = set()

    def fail(self, n: int, why: Said) -> InputError:
        return InputError(why, file=self.file, where=f"line {n}")

    def top(self, n: int, ev: dict[str, Any]) -> list[int]:
        stack = self.stack
        if not stack:
            raise self.fail(n, said("{type} of node {node}, but no node is being searched: "
                                    "expected a deepen or a research first",
                                    type=ev["type"], node=ev["node"]))
        search = stack[-1]
        if ev["node"] != search[0] and ev["type"] not in ("enter", "research"):
            raise self.fail(n, said("{type} of node {node}, but node {open} is being "
                                    "searched: expected node {open}", type=ev["type"],
                                    node=ev["node"], open=search[0]))
        return search

    def event(self, n: int, ev: dict[str, Any]) -> None:
        if self.counters:
            raise self.fail(n, said("an event in a counters stream: expected the header and "
                                    "the result only"))
        kind, node = ev["type"], ev["node"]
        if kind == "deepen":
            self.deepen(n)
        elif kind == "research":
            self.research(n, node)
        else:
            search = self.top(n, ev)
            if kind == "enter":
                self.enter(n, search, ev)
            elif kind == "leave":
                self.stack.pop()
                self.root_left = self.root_left or not self.stack
            elif kind == "cutoff" and (ev["after"] != search[1] or search[1] < 0
                                       or ev["rank"] != search[2]):
                raise self.fail(n, said(
                    "cutoff at node {node} after child {after} (rank {rank}): expected "
                    "the child it left last, {last} (rank {tried})", node=node,
                    after=ev["after"], rank=ev["rank"], last=search[1],
                    tried=search[2]))

    def enter(self, n: int, search: list[int], ev: dict[str, Any]) -> None:
        node, parent = ev["node"], ev["parent"]
        if parent != search[0]:
            raise self.fail(n, said("enter of node {node} from parent {parent}, but node "
                                    "{open} is being searched: expected parent {open}",
                                    node=node, parent=parent, open=search[0]))
        if node <= self.newest:
            raise self.fail(n, said("enter of node {node}: expected an id greater than every "
                                    "id before it ({newest})", node=node,
                                    newest=self.newest))
        move_class = ev.get("class")
        if move_class is not None and move_class not in self.classes:
            raise self.fail(n, said("move class {name!r} is not in the header's classes "
                                    "(allowed: {allowed})", name=move_class,
                                    allowed=", ".join(sorted(self.classes))))
        self.newest = node
        search[1] = node
        search[2] += 1
        if parent == 0:
            self.root_kids.add(node)
        self.stack.append(_search(node))

    def deepen(self, n: int) -> None:
        stack = self.stack
        if not stack:
            stack.append(_search(0))
        elif len(stack) > 1 or stack[0][2] or self.root_left:
            raise self.fail(n, said("deepen while node {open} is being searched: expected "
                                    "no node open, or the root before its first child",
                                    open=stack[-1][0]))

    def research(self, n: int, node: int) -> None:
        stack = self.stack
        last = stack[-1][1] if stack else (0 if self.root_left else -1)
        if node != last or node < 0:
            raise self.fail(n, said("research of node {node}: expected the node left last "
                                    "({last})", node=node, last=last))
        stack.append(_search(node))

    def result(self, n: int, obj: dict[str, Any]) -> None:
        if obj.get("complete") and self.stack and not self.counters:
            raise self.fail(n, said("a complete result while node {open} is still being "
                                    "searched: expected a leave for each enter",
                                    open=self.stack[-1][0]))
        move, pv = obj.get("move"), obj.get("pv", [])
        if move is not None and not self.counters and move not in self.root_kids:
            raise self.fail(n, said("the result's move {move} is no child of the root: "
                                    "expected one an enter from node 0 made", move=move))
        if pv[:1] not in ([], [0]) or (move is not None and pv[1:2] not in ([], [move])):
            raise self.fail(n, said("the result's pv {pv}: expected the root (0) and its "
                                    "move", pv=str(pv)))
