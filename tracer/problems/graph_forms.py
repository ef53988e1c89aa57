"""Weighted graphs for A* from JSON or from the compact text form (docs/astar-and-matrices.md).

The text form, one statement a line (``#`` starts a comment)::

    name romania
    start Arad
    goal Bucharest
    Arad -- Zerind 75          (an undirected edge and its cost; -> after 'directed')
    heuristic sld              (names the h table that follows; without it: h)
    h Arad 366

The JSON form (``schemas/graph.schema.json``) holds the same: ``edges`` as
``[from, to, cost]`` triples, ``heuristics`` as tables by name, ``start``, ``goal``
(one name or a list), ``directed``, ``nodes``, ``name`` and ``description``.  Both
forms are read by one builder, so both check the same things, and every error is one
line naming the file, the place (``line 7`` or a JSON path) and what was expected.
"""

from __future__ import annotations

import math
import os
import re
from typing import Any

from ..errors import InputError
from ..jsonio import check_input_file, json_path, loads_json, read_text_file
from ..reading_numbers import BadNumber, real_number
from ..said import Said, said
from .graph import (
    MAX_GRAPH_BYTES,
    MAX_GRAPH_EDGES,
    MAX_GRAPH_NODES,
    MAX_NAME_CHARS,
    Graph,
    Number,
)

__all__ = ["GRAPH_KEYS", "load_graph", "parse_graph_json", "parse_graph_text"]

GRAPH_KEYS = ("$schema", "name", "description", "directed", "nodes", "edges", "heuristics",
              "start", "goal")
"""The keys of the JSON form."""

_TABLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,39}\Z")
_BAD_NAME = re.compile(r"[,#\x00-\x1f\x7f]|--|->")
_KEYWORDS = ("start", "goal", "node", "h", "heuristic", "directed", "name", "description")


class _Builder:
    """Collects nodes, edges and tables with the place each came from, then checks them."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes: dict[str, str] = {}
        """Node -> where it was first named."""
        self.declared = False
        """Nodes were listed (``node`` lines, ``nodes``): edges may name only those."""
        self.edges: list[tuple[str, str, Number]] = []
        self.edge_at: dict[tuple[str, str], str] = {}
        self.tables: dict[str, dict[str, Number]] = {}
        self.table_at: dict[str, str] = {}
        self.h_at: dict[tuple[str, str], str] = {}
        self.start: tuple[str, str] | None = None
        self.goals: dict[str, str] = {}
        self.directed = False
        self.name: str | None = None
        self.description: str | None = None

    def fail(self, message: Said, where: str) -> InputError:
        return InputError(message, file=self.file, where=where)

    def node_name(self, text: Any, where: str, what: Said | None = None) -> str:
        """``text`` as a node name; ``what`` says what was expected (a node name)."""
        what = said("a node name") if what is None else what
        if not isinstance(text, str):
            raise self.fail(said("expected {what} (a string), got {got}", what=what,
                                 got=_show(text)), where)
        name = " ".join(text.split())
        if not name:
            raise self.fail(said("expected {what}, got an empty name", what=what), where)
        if len(name) > MAX_NAME_CHARS:
            raise self.fail(said("a node name has at most {most} characters, got {count:,}",
                                 most=MAX_NAME_CHARS, count=len(name)), where)
        if _BAD_NAME.search(name):
            raise self.fail(said("node name {name!r} holds ',', '#', '--', '->' or a control "
                                 "character, which the text form cannot write",
                                 name=name[:60]), where)
        return name

    def declare(self, name: str, where: str) -> None:
        if name in self.nodes and self.declared:
            raise self.fail(said("node {name!r} is listed twice (also at {earlier})",
                                 name=name, earlier=self.nodes[name]), where)
        self.declared = True
        self.add_node(name, where)

    def add_node(self, name: str, where: str) -> None:
        if name not in self.nodes:
            if len(self.nodes) >= MAX_GRAPH_NODES:
                raise self.fail(said("a graph has at most {most:,} nodes",
                                     most=MAX_GRAPH_NODES), where)
            self.nodes[name] = where

    def use_node(self, name: str, where: str) -> None:
        if self.declared and name not in self.nodes:
            raise self.fail(_unknown(name, self.nodes), where)
        self.add_node(name, where)

    def add_edge(self, a: str, b: str, cost: Number, where: str) -> None:
        if a == b:
            raise self.fail(said("an edge from {node!r} to itself: a loop never shortens a "
                                 "path", node=a), where)
        if len(self.edges) >= MAX_GRAPH_EDGES:
            raise self.fail(said("a graph has at most {most:,} edges", most=MAX_GRAPH_EDGES),
                            where)
        key = (a, b)
        if key in self.edge_at or (not self.directed and (b, a) in self.edge_at):
            earlier = self.edge_at.get(key) or self.edge_at[(b, a)]
            raise self.fail(said("the edge {a} {arrow} {b} is given twice (also at {earlier})",
                                 a=a, arrow="->" if self.directed else "--", b=b,
                                 earlier=earlier), where)
        self.use_node(a, where)
        self.use_node(b, where)
        self.edge_at[key] = where
        self.edges.append((a, b, cost))

    def open_table(self, name: Any, where: str) -> str:
        if not isinstance(name, str) or not _TABLE_NAME.match(name):
            raise self.fail(said("expected a heuristic name ([A-Za-z_][A-Za-z0-9_-]*, at most "
                                 "40 characters), got {got}", got=_show(name)), where)
        if name == "zero":
            raise self.fail(said("the heuristic name 'zero' is taken (h = 0, uniform-cost "
                                 "search): choose another"), where)
        if name in self.tables:
            raise self.fail(said("heuristic {name!r} is given twice (also at {earlier})",
                                 name=name, earlier=self.table_at[name]), where)
        self.tables[name] = {}
        self.table_at[name] = where
        return name

    def add_h(self, table: str, node: str, value: Number, where: str) -> None:
        if (table, node) in self.h_at:
            raise self.fail(said("h({node}) is given twice in heuristic {table!r} (also at "
                                 "{earlier})", node=node, table=table,
                                 earlier=self.h_at[(table, node)]), where)
        if table not in self.tables:
            self.open_table(table, where)
        self.tables[table][node] = value
        self.h_at[(table, node)] = where

    def set_start(self, name: str, where: str) -> None:
        if self.start is not None:
            raise self.fail(said("the start is given twice (also at {earlier})",
                                 earlier=self.start[1]), where)
        self.start = (name, where)

    def add_goal(self, name: str, where: str) -> None:
        if name in self.goals:
            raise self.fail(said("goal {name!r} is given twice (also at {earlier})",
                                 name=name, earlier=self.goals[name]), where)
        self.goals[name] = where

    def finish(self, *, end: str, start_hint: Said | str, goal_hint: Said | str) -> Graph:
        if not self.edges:
            raise self.fail(said("the graph has no edges"), end)
        if self.start is None:
            raise self.fail(said("no start node: {hint}", hint=start_hint), end)
        for name, where in [self.start, *self.goals.items()]:
            if name not in self.nodes:
                raise self.fail(_unknown(name, self.nodes), where)
        if not self.goals:
            raise self.fail(said("no goal node: {hint}", hint=goal_hint), end)
        for (_table, node), where in self.h_at.items():
            if node not in self.nodes:
                raise self.fail(_unknown(node, self.nodes), where)
        for table, values in self.tables.items():
            if len(values) < len(self.nodes):
                missing = next(n for n in self.nodes if n not in values)
                raise self.fail(said("heuristic {table!r} gives no h({node}): a table needs a "
                                     "value for every node", table=table, node=missing),
                                self.table_at[table])
        return Graph(nodes=tuple(self.nodes), edges=tuple(self.edges), directed=self.directed,
                     heuristics=self.tables, start=self.start[0], goals=tuple(self.goals),
                     name=self.name, description=self.description)


def _unknown(name: str, known: dict[str, str]) -> Said:
    from ..choices import nearest

    guess = nearest(name, list(known)) if len(known) <= 10_000 else None
    if guess is None:
        return said("unknown node {name!r}: no edge or node line names it", name=name[:60])
    return said("unknown node {name!r}: no edge or node line names it; did you mean "
                "{guess!r}?", name=name[:60], guess=guess)


def _show(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else _json_text(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _json_text(value: Any) -> str:
    import json

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


# ---- the text form ----------------------------------------------------------------------

def parse_graph_text(text: str, *, file: str = "<graph>") -> Graph:
    """A graph from the compact text form; errors name the line."""
    b = _Builder(file)
    table = "h"
    lineno = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"line {lineno}"
        if "--" in line or "->" in line:
            _edge_line(b, line, where)
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "h":
            name, value = _name_and_number(b, rest, where, "h NAME VALUE", said("an estimate"))
            if value < 0:
                raise b.fail(_no_estimate(value), where)
            b.add_h(table, name, value, where)
        elif word == "heuristic":
            table = b.open_table(rest, where)
        elif word == "start":
            b.set_start(b.node_name(rest, where, _name_after(word)), where)
        elif word == "goal":
            for part in rest.split(","):
                b.add_goal(b.node_name(part, where, _name_after(word)), where)
        elif word == "node":
            for part in rest.split(","):
                b.declare(b.node_name(part, where, _name_after(word)), where)
        elif word in ("directed", "undirected") and not rest:
            if b.edges:
                raise b.fail(said("'{word}' must come before the first edge", word=word),
                             where)
            b.directed = word == "directed"
        elif word in ("name", "description") and rest:
            setattr(b, word, rest[:MAX_NAME_CHARS] if word == "name" else rest)
        else:
            raise b.fail(said("expected an edge 'A -- B COST' or a line starting with one of "
                              "{keywords}; got {line!r}", keywords=", ".join(_KEYWORDS),
                              line=line[:40]), where)
    return b.finish(end=f"line {lineno + 1}" if lineno else "line 1",
                    start_hint=said("write 'start NAME'"), goal_hint=said("write 'goal NAME'"))


def _name_after(keyword: str) -> Said:
    """What a text line's keyword (``start``, ``goal``, ``node``) expects after it."""
    return said("a node name after {keyword!r}", keyword=keyword)


def _edge_line(b: _Builder, line: str, where: str) -> None:
    arrow = "->" if b.directed else "--"
    other = "--" if b.directed else "->"
    form = f"'A {arrow} B COST'"
    if other in line and arrow not in line:
        advice = (said("the graph is directed (a 'directed' line): write A -> B COST")
                  if b.directed else said("write 'directed' on a line before the first edge "
                                          "for a directed graph, or A -- B COST"))
        raise b.fail(said("expected {form} but found {other!r}: {advice}", form=form,
                          other=other, advice=advice), where)
    left, _, right = line.partition(arrow)
    a = b.node_name(left, where, said("a node name before {arrow!r}", arrow=arrow))
    b_name, cost = _name_and_number(b, right, where, form, said("a cost"))
    if not cost > 0:
        raise b.fail(_no_cost(cost), where)
    b.add_edge(a, b_name, cost, where)


def _no_cost(cost: Number) -> Said:
    return said("expected a cost greater than 0, got {cost}", cost=cost)


def _no_estimate(value: Number) -> Said:
    return said("expected an estimate of 0 or more, got {value}", value=value)


def _name_and_number(b: _Builder, text: str, where: str, form: str,
                     what: Said) -> tuple[str, Number]:
    parts = text.rsplit(None, 1)
    head, token = (parts[0], parts[1]) if len(parts) == 2 else ("", text)
    if not head.strip():
        raise b.fail(said("expected {form}: {what} after the name is missing", form=form,
                          what=what), where)
    return b.node_name(head, where), _number(b, token, where, what)


def _number(b: _Builder, token: str, where: str, what: Said) -> Number:
    """``token`` read by the one number reader (:func:`real_number`): its verdict and its
    words, after the name of what is read (``a cost: ...``)."""
    try:
        return real_number(token)
    except BadNumber as exc:
        raise b.fail(said("{option}: {problem}", option=what, problem=exc.said), where
                     ) from None


def _not_finite(what: Said, got: str) -> Said:
    return said("expected {what} (a finite number), got {got}", what=what, got=got)


# ---- the JSON form ----------------------------------------------------------------------

def parse_graph_json(data: Any, *, file: str = "<graph>") -> Graph:
    """A graph from the parsed JSON form; errors give the JSON path."""
    b = _Builder(file)
    if not isinstance(data, dict):
        raise b.fail(said("expected a graph object with edges, start and goal, got {got}",
                          got=_show(data)), "$")
    for key in data:
        if key not in GRAPH_KEYS:
            raise b.fail(said("unknown key {key!r} (allowed: {allowed})", key=key[:40],
                              allowed=", ".join(GRAPH_KEYS)), json_path([key]))
    for key in ("edges", "start", "goal"):
        if key not in data:
            raise b.fail(said("a graph needs the key {key!r}", key=key), "$")
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], str):
            raise b.fail(said("expected a string"), json_path([key]))
    b.name, b.description = data.get("name"), data.get("description")
    directed = data.get("directed", False)
    if not isinstance(directed, bool):
        raise b.fail(said("expected true or false"), json_path(["directed"]))
    b.directed = directed
    for i, item in enumerate(_array(b, data.get("nodes", []), ["nodes"])):
        b.declare(b.node_name(item, json_path(["nodes", i])), json_path(["nodes", i]))
    for i, edge in enumerate(_array(b, data["edges"], ["edges"])):
        where = json_path(["edges", i])
        if not isinstance(edge, list) or len(edge) != 3:
            raise b.fail(said("expected an edge [from, to, cost], got {got}",
                              got=_show(edge)), where)
        a = b.node_name(edge[0], json_path(["edges", i, 0]))
        z = b.node_name(edge[1], json_path(["edges", i, 1]))
        cost = _json_number(b, edge[2], json_path(["edges", i, 2]), said("a cost"))
        if not cost > 0:
            raise b.fail(_no_cost(cost), json_path(["edges", i, 2]))
        b.add_edge(a, z, cost, where)
    tables = data.get("heuristics", {})
    if not isinstance(tables, dict):
        raise b.fail(said("expected an object of heuristic tables by name"),
                     json_path(["heuristics"]))
    for name, values in tables.items():
        where = json_path(["heuristics", name])
        b.open_table(name, where)
        if not isinstance(values, dict):
            raise b.fail(said("expected an object giving h for every node"), where)
        for node, value in values.items():
            at = json_path(["heuristics", name, node])
            h = _json_number(b, value, at, said("an estimate"))
            if h < 0:
                raise b.fail(_no_estimate(h), at)
            b.add_h(name, b.node_name(node, at), h, at)
    b.set_start(b.node_name(data["start"], json_path(["start"])), json_path(["start"]))
    goals = data["goal"]
    if isinstance(goals, list):
        if not goals:
            raise b.fail(said("expected at least one goal"), json_path(["goal"]))
        for i, goal in enumerate(goals):
            b.add_goal(b.node_name(goal, json_path(["goal", i])), json_path(["goal", i]))
    else:
        b.add_goal(b.node_name(goals, json_path(["goal"])), json_path(["goal"]))
    return b.finish(end="$", start_hint="", goal_hint="")


def _array(b: _Builder, value: Any, path: list[str | int]) -> list[Any]:
    if not isinstance(value, list):
        raise b.fail(said("expected an array, got {got}", got=_show(value)), json_path(path))
    return value


def _json_number(b: _Builder, value: Any, where: str, what: Said) -> Number:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
            value):
        raise b.fail(_not_finite(what, _show(value)), where)
    return value


def load_graph(path: str | os.PathLike[str]) -> Graph:
    """Read a graph file: ``.json`` as the JSON form, anything else as the text form."""
    file = check_input_file(path)
    size = os.stat(file).st_size
    if size > MAX_GRAPH_BYTES:
        raise InputError(said("the file has {size:,} bytes; a graph file may have at most "
                              "{most:,}", size=size, most=MAX_GRAPH_BYTES), file=file)
    text = read_text_file(file)
    if file.lower().endswith(".json"):
        return parse_graph_json(loads_json(text, file=file), file=file)
    return parse_graph_text(text, file=file)
