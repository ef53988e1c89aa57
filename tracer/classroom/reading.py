"""Reading an assignment from its JSON form: every field checked and bounded, each
error one line naming its field (``$.attempts``); the source is searched once, so an
assignment that cannot be answered is refused when it is made."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from ..errors import TracerError
from ..players import Player
from ..said import Said, said
from ..spec import SearchSpec
from ..trees import Tree, parse_tree_json, parse_tree_text
from .assignments import (
    FEEDBACK,
    ITEMS,
    LATE,
    MAX_ATTEMPTS,
    MAX_NODES,
    MAX_STEP_TRIES,
    MAX_TITLE,
    MAX_VALUE,
    SOLUTION,
    SOURCE_KINDS,
    WHERE,
    Ask,
    Assignment,
    ExerciseSpec,
    Source,
    field_error,
    placed_error,
    whole_message,
)
from .choosing import expected_one_of
from .gradebook import SCORE_POLICIES
from .student_trees import base_tree, expected_for, search_tree

__all__ = ["due_time", "parse_assignment"]


def parse_assignment(data: str | Mapping[str, Any], *, id: str | None = None) -> Assignment:
    """An :class:`Assignment` from its JSON form (text or an object already read);
    ``id`` names it when the document has no ``"id"`` (the service gives one).

    Every field is checked, every count bounded; an error is one line naming the field
    by its JSON path (``<assignment>: $.attempts: expected a whole number from 1 to 100,
    got 0``)."""
    if isinstance(data, str):
        from ..jsonio import loads_json

        data = loads_json(data, file=WHERE)
    if not isinstance(data, Mapping):
        raise field_error("$", said("expected a JSON object"))
    known = {"id", "title", "source", "spec", "items", "per_student", "due", "attempts",
             "feedback", "solution", "step_tries", "late", "penalty", "score_policy"}
    for key in data:
        if key not in known:
            raise field_error(f"$.{key}", _unknown_field(sorted(known)))
    ident = data.get("id", id)
    if ident is None:
        ident = ""
    _text(ident, "$.id", 100, empty=True)
    title = _text(data.get("title"), "$.title", MAX_TITLE)
    spec, astar = _spec(data.get("spec", {}))
    source = _source(data.get("source"), spec)
    per_student = data.get("per_student", False)
    if not isinstance(per_student, bool):
        raise field_error("$.per_student", said("expected true or false, got {value}",
                                                value=_shown(per_student)))
    if per_student and source.kind in _ONE_TREE:
        raise field_error("$.per_student", _ONE_TREE[source.kind])
    due = due_time(data.get("due"))
    attempts = _count(data.get("attempts", 1), "$.attempts", 1, MAX_ATTEMPTS)
    fb = _choice(data.get("feedback", "first-mistake"), "$.feedback", FEEDBACK)
    solution = _choice(data.get("solution", "after-due"), "$.solution", SOLUTION)
    if solution == "after-due" and due is None:
        raise field_error("$.solution", said("after-due needs a due time ($.due)"))
    raw_tries = data.get("step_tries")
    step_tries = None if raw_tries is None else _count(raw_tries, "$.step_tries", 1,
                                                       MAX_STEP_TRIES)
    late = _choice(data.get("late", "refuse"), "$.late", LATE)
    penalty = _penalty(data.get("penalty"), late)
    score_policy = _choice(data.get("score_policy", "best"), "$.score_policy",
                           SCORE_POLICIES)
    assignment = Assignment(ident, title, source, spec, (), per_student, due, attempts, fb,
                            solution, astar, step_tries, late, penalty, score_policy)
    items = _items(data.get("items"), assignment)
    assignment = replace(assignment, items=items)
    if source.kind != "problem":
        _check_items_on_tree(assignment)
    else:
        try:
            expected_for(assignment, "")
        except TracerError as exc:
            raise placed_error(exc, "$.source") from None
    return assignment


_ONE_TREE = {
    "game": said("a game has one tree: per-student variants need an example, a tree or "
                 "an exercise"),
    "problem": said("a problem has one tree: per-student variants need an example, a tree "
                    "or an exercise"),
}
"""What ``per_student`` is refused with, by the kind of source that has one tree only."""


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _unknown_field(fields: Sequence[str]) -> Said:
    return said("unknown field (fields: {fields})", fields=", ".join(fields))


def _not_an_object(value: Any) -> Said:
    return said("expected an object, got {value}", value=_shown(value))


def _too_long(longest: int, length: int) -> Said:
    return said("expected at most {most} characters, got {length}", most=longest,
                length=length)


def _text(value: Any, where: str, longest: int, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not value.strip() and not empty):
        raise field_error(where, said("expected a non-empty text, got {value}",
                                      value=_shown(value)))
    if len(value) > longest:
        raise field_error(where, _too_long(longest, len(value)))
    return value


def _count(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise field_error(where, said("expected a whole number from {low} to {high}, got "
                                      "{value}", low=low, high=high, value=_shown(value)))
    return value


def _pair(value: Any, where: str, low: int, high: int) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise field_error(where, said("expected [LOW, HIGH], got {value}",
                                      value=_shown(value)))
    a = _count(value[0], f"{where}[0]", low, high)
    b = _count(value[1], f"{where}[1]", low, high)
    if a > b:
        raise field_error(where, said("expected LOW <= HIGH, got {low} > {high}",
                                      low=a, high=b))
    return a, b


def _choice(value: Any, where: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise field_error(where, expected_one_of(allowed, _shown(value)))
    return str(value)


def _penalty(value: Any, late: str) -> float:
    """``penalty``: a percentage above 0 and at most 100, given with ``late`` penalty only."""
    where = "$.penalty"
    if late != "penalty":
        if value is not None:
            raise field_error(where, said("a penalty goes with late: penalty (late is "
                                          "{late})", late=late))
        return 0.0
    if value is None:
        raise field_error(where, said("late: penalty needs the percentage taken off a late "
                                      "submission, e.g. 10"))
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not 0 < value <= 100:
        raise field_error(where, said("expected a percentage above 0 and at most 100, got "
                                      "{value}", value=_shown(value)))
    return float(value)


def due_time(value: Any) -> datetime | None:
    """An assignment's ``due`` (ISO 8601 text with its zone, or none) as a time."""
    if value is None:
        return None
    where = "$.due"
    if not isinstance(value, str):
        raise field_error(where, said("expected an ISO 8601 time, got {value}",
                                      value=_shown(value)))
    try:
        due = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise field_error(where, said("expected an ISO 8601 time such as "
                                      "2026-12-01T12:00:00Z, got {value}",
                                      value=_shown(value))) from None
    if due.tzinfo is None:
        raise field_error(where, said("expected a time with its zone (Z or +01:00), got "
                                      "{value}", value=_shown(value)))
    return due


def _spec(value: Any) -> tuple[SearchSpec, tuple[str, str | None] | None]:
    if not isinstance(value, Mapping):
        raise field_error("$.spec", _not_an_object(value))
    allowed = ("algorithm", "variant", "order", "seed", "depth", "cut_on", "root_player",
               "heuristic")
    for key in value:
        if key not in allowed:
            raise field_error(f"$.spec.{key}", said("not an assignment's search option "
                                                    "(options: {options})",
                                                    options=", ".join(allowed)))
    options = {k: v for k, v in value.items() if k != "heuristic"}
    heuristic = value.get("heuristic")
    algorithm = options.get("algorithm", "alphabeta")
    if algorithm not in ("minimax", "alphabeta", "astar"):
        raise field_error("$.spec.algorithm", said("expected minimax, alphabeta or astar "
                                                   "(the searches an answer is checked "
                                                   "against), got {value}",
                                                   value=_shown(algorithm)))
    if heuristic is not None:
        if algorithm != "astar":
            raise field_error("$.spec.heuristic", said("a heuristic applies to astar"))
        _text(heuristic, "$.spec.heuristic", 100)
    if algorithm == "astar":
        variant = options.get("variant", "graph")
        if set(options) - {"algorithm", "variant"} or variant not in ("graph", "tree"):
            raise field_error("$.spec", said("astar takes variant graph or tree, and "
                                             "heuristic"))
        # SearchSpec has no A* family: the variant and heuristic are kept beside it.
        return SearchSpec(), (variant, heuristic)
    if "depth" in options:
        options["depth"] = _count(options["depth"], "$.spec.depth", 0, 64)
    if "seed" in options:
        options["seed"] = _count(options["seed"], "$.spec.seed", -(2**31), 2**31 - 1)
    try:
        return SearchSpec.make(**options), None
    except TracerError as exc:
        raise field_error("$.spec", whole_message(exc)) from None


def _source(value: Any, spec: SearchSpec) -> Source:
    where = "$.source"
    if not isinstance(value, Mapping):
        raise field_error(where, said("expected an object with one of {kinds}",
                                      kinds=", ".join(SOURCE_KINDS)))
    kinds = [k for k in SOURCE_KINDS if k in value]
    extra = set(value) - {*SOURCE_KINDS, "params"}
    if len(kinds) != 1 or extra:
        raise field_error(where, said("expected exactly one of {kinds} (and params for a "
                                      "game or a problem), got {value}",
                                      kinds=", ".join(SOURCE_KINDS),
                                      value=_shown(sorted(value))))
    kind = kinds[0]
    raw_params = value.get("params", {})
    if not isinstance(raw_params, Mapping) or len(raw_params) > 20 or not all(
            isinstance(v, (str, int, float)) and not isinstance(v, bool)
            for v in raw_params.values()):
        raise field_error(f"{where}.params", said("expected an object of at most 20 "
                                                  "parameters, each a text or a number"))
    params = tuple(sorted((str(k), str(v)) for k, v in raw_params.items()))
    if params and kind not in ("game", "problem"):
        raise field_error(f"{where}.params", said("params apply to a game or a problem, not "
                                                  "to {kind}", kind=kind))
    if kind == "exercise":
        return Source(kind, exercise=_exercise(value[kind], f"{where}.exercise"))
    if kind == "tree":
        return Source(kind, tree=_tree(value[kind], f"{where}.tree", spec))
    name = _text(value[kind], f"{where}.{kind}", 100)
    return Source(kind, name=name, params=params)


def _exercise(value: Any, where: str) -> ExerciseSpec:
    if not isinstance(value, Mapping):
        raise field_error(where, _not_an_object(value))
    for key in value:
        if key not in ("branching", "depth", "cuts", "values", "seed"):
            raise field_error(f"{where}.{key}",
                              _unknown_field(("branching", "cuts", "depth", "seed", "values")))
    branching = _count(value.get("branching"), f"{where}.branching", 2, 6)
    depth = _count(value.get("depth"), f"{where}.depth", 1, 6)
    if branching ** depth > 729:
        raise field_error(where, said("{branching}^{depth} = {leaves} leaves is too many for "
                                      "an exercise (at most 729)", branching=branching,
                                      depth=depth, leaves=branching ** depth))
    cuts = None if value.get("cuts") is None else _pair(value["cuts"], f"{where}.cuts", 0, 400)
    values = _pair(value.get("values", [0, 20]), f"{where}.values", -MAX_VALUE, MAX_VALUE)
    seed = _count(value.get("seed", 0), f"{where}.seed", 0, 2**31 - 1)
    return ExerciseSpec(branching, depth, cuts, values, seed)


def _tree(value: Any, where: str, spec: SearchSpec) -> Tree:
    player = None if spec.root_player is None else Player(spec.root_player)
    if isinstance(value, str):
        if len(value) > 20_000:
            raise field_error(where, _too_long(20_000, len(value)))
        tree = _read(lambda: parse_tree_text(value, file="<tree>", root_player=player), where)
    elif isinstance(value, Mapping):
        doc = value if "tree" in value else {"tree": value}
        tree = _read(lambda: parse_tree_json(doc, file="<tree>", root_player=player), where)
    else:
        raise field_error(where, said("expected a tree: its text notation or its JSON "
                                      "document"))
    if tree.size > MAX_NODES:
        raise field_error(where, said("the tree has {size} nodes, at most {most} are handed "
                                      "out", size=tree.size, most=MAX_NODES))
    if any(n.player is Player.CHANCE for n in tree.nodes()):
        raise field_error(where, said("a tree with chance nodes cannot be checked (minimax "
                                      "and alpha-beta only)"))
    return tree


def _read(make: Any, where: str) -> Tree:
    try:
        tree: Tree = make()
    except TracerError as exc:
        raise field_error(where, whole_message(exc)) from None
    return tree


def _items(value: Any, a: Assignment) -> tuple[Ask, ...]:
    where = "$.items"
    if not isinstance(value, list) or not 1 <= len(value) <= len(ITEMS):
        raise field_error(where, said("expected a list of 1 to {most} items ({items})",
                                      most=len(ITEMS), items=", ".join(ITEMS)))
    astar = a.astar is not None
    asks: list[Ask] = []
    for i, raw in enumerate(value):
        here = f"{where}[{i}]"
        nodes: tuple[str, ...] = ()
        if isinstance(raw, Mapping) and len(raw) == 1:
            (name, chosen), = raw.items()
            if name not in ("values", "alphabeta"):
                raise field_error(here, said("only values and alphabeta take chosen nodes"))
            if not isinstance(chosen, list) or not 1 <= len(chosen) <= MAX_NODES or not all(
                    isinstance(n, str) and 0 < len(n) <= 40 for n in chosen):
                raise field_error(f"{here}.{name}",
                                  said("expected a list of 1 to {most} node names",
                                       most=MAX_NODES))
            nodes = tuple(dict.fromkeys(chosen))
        elif isinstance(raw, str):
            name = raw
        else:
            raise field_error(here, said("expected an item name or {{\"values\": [nodes]}}, "
                                         "got {value}", value=_shown(raw)))
        _choice(name, here, ITEMS)
        if any(x.item == name for x in asks):
            raise field_error(here, said("{item} is asked twice", item=name))
        if (name == "expanded") != astar:
            raise field_error(here, said("expanded is the A* item (with spec.algorithm astar "
                                         "and a problem), the others are minimax's and "
                                         "alpha-beta's"))
        if name == "alphabeta" and a.spec.algorithm != "alphabeta":
            raise field_error(here, said("alphabeta needs spec.algorithm alphabeta"))
        asks.append(Ask(name, nodes))
    if astar != (a.source.kind == "problem"):
        raise field_error("$.source", said("an A* assignment needs a problem, and a problem "
                                           "an A* spec"))
    return tuple(asks)


def _check_items_on_tree(a: Assignment) -> None:
    """Chosen nodes must be inner nodes of the tree (a leaf's value is given)."""
    try:
        tree = base_tree(a)
    except TracerError as exc:
        raise placed_error(exc, "$.source") from None
    inner = {n.id for n in tree.nodes() if n.children}
    for i, ask in enumerate(a.items):
        for node in ask.nodes:
            if node not in inner:
                raise field_error(f"$.items[{i}].{ask.item}",
                                  said("{node!r} is not an inner node of the tree (inner "
                                       "nodes: {inner})", node=node,
                                       inner=", ".join(sorted(inner)[:20])))
    try:
        search_tree(tree, a)
    except TracerError as exc:
        raise placed_error(exc, "$.spec") from None
