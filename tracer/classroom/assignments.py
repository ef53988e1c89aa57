"""An assignment: what a teacher hands out, what each student sees, and the answer key.

An :class:`Assignment` is parsed once from its JSON form (:func:`parse_assignment`,
one-line errors naming the field): a source (a lecture example, a tree, a game with
parameters, a random exercise spec, or for A* a search problem), the search spec
(:class:`tracer.spec.SearchSpec`), the items asked (the item names of
``tracer.analysis.check``: ``value``, ``move``, ``values`` of chosen nodes,
``evaluated``, ``pruned``, ``alphabeta`` at chosen nodes, ``expanded``), one tree for
all or a seeded variant per student, a due time, a number of attempts, a feedback
policy and a solution policy.

:func:`task_for` gives a student's task (the tree with its leaf values only, and the
items); :func:`answer_key_for` the answer key; :func:`grade` checks an answer with
:func:`tracer.analysis.check.check_solution`; :func:`feedback` cuts a report down to
what the feedback policy lets a student see.  A per-student variant has the shape and
the difficulty (number of cuts, a unique best move where the original has one) of the
assignment's tree, its leaf values drawn from a seed made from the assignment's and
the student's ids by a stable hash, so every process draws the same variant.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..analysis.check.report import Report, check_solution
from ..analysis.check.solution import Conventions, Solution, extract_solution
from ..errors import InputError, TracerError
from ..events import Cut
from ..players import Player
from ..record import MemoryRecorder
from ..spec import SearchSpec
from ..trace import Trace
from ..trees import Node, Tree, TreeGame, parse_tree_json, parse_tree_text

__all__ = ["FEEDBACK", "ITEMS", "SOLUTION", "Ask", "Assignment", "ExerciseSpec", "Source",
           "Task", "answer_key_for", "expected_for", "feedback", "grade",
           "may_see_solution", "parse_assignment", "restrict", "task_for", "variant_seed"]

ITEMS = ("value", "move", "values", "evaluated", "pruned", "alphabeta", "expanded")
"""The items an assignment may ask: the solution items of ``tracer.analysis.check``."""

FEEDBACK = ("score", "first-mistake", "full")
"""What a student sees of a verdict: the score only, the score and the first mistake
explained, or the whole report with the diagnosis."""

SOLUTION = ("never", "after-due", "always")
"""When a student may see the answer key."""

SOURCE_KINDS = ("example", "tree", "game", "exercise", "problem")

MAX_TITLE = 200
MAX_ATTEMPTS = 100
MAX_NODES = 400
"""The largest tree an assignment hands out (a game is expanded up to this many nodes)."""
MAX_VALUE = 1000
"""Random leaf values lie in -MAX_VALUE..MAX_VALUE."""
VARIANT_DRAWS = 2000
"""Draws a per-student variant of a tree makes at most to match the original's
difficulty."""
VARIANT_WORK = 200_000
"""And at most this many nodes' worth of searching, each draw counted as the tree's
nodes plus 24 (as :data:`tracer.analysis.check.exercise.MAX_WORK` counts): a count, not
a clock, so that a student's variant is the same on every machine."""

WHERE = "<assignment>"


def _error(where: str, message: str) -> InputError:
    return InputError(message, file=WHERE, where=where)


def _placed(exc: TracerError, where: str) -> InputError:
    """``exc`` as an error at ``where``, unless it already names its field."""
    if isinstance(exc, InputError) and exc.file == WHERE:
        return exc
    return _error(where, str(exc))


@dataclass(frozen=True)
class ExerciseSpec:
    """A random alpha-beta exercise (:func:`tracer.analysis.check.make_exercise`)."""

    branching: int
    depth: int
    cuts: tuple[int, int] | None = None
    values: tuple[int, int] = (0, 20)
    seed: int = 0
    """The seed of the tree handed to all (``per_student`` false)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"branching": self.branching, "depth": self.depth,
                               "values": list(self.values), "seed": self.seed}
        if self.cuts is not None:
            out["cuts"] = list(self.cuts)
        return out


@dataclass(frozen=True)
class Source:
    """What the assignment is about: one of :data:`SOURCE_KINDS`."""

    kind: str
    name: str | None = None
    """An example's, a game's or a problem's name."""
    tree: Tree | None = None
    """A tree given as content (``tree``)."""
    params: tuple[tuple[str, str], ...] = ()
    """A game's or a problem's parameters, as text."""
    exercise: ExerciseSpec | None = None

    def to_json(self) -> dict[str, Any]:
        if self.kind == "tree" and self.tree is not None:
            return {"tree": self.tree.to_json()}
        if self.kind == "exercise" and self.exercise is not None:
            return {"exercise": self.exercise.to_json()}
        out: dict[str, Any] = {self.kind: self.name}
        if self.params:
            out["params"] = dict(self.params)
        return out


@dataclass(frozen=True)
class Ask:
    """One item asked; ``values`` and ``alphabeta`` at chosen ``nodes`` (empty: every
    node of the answer key)."""

    item: str
    nodes: tuple[str, ...] = ()

    def to_json(self) -> str | dict[str, list[str]]:
        return {self.item: list(self.nodes)} if self.nodes else self.item


@dataclass(frozen=True)
class Assignment:
    """An assignment, checked once when it is parsed (:func:`parse_assignment`)."""

    id: str
    title: str
    source: Source
    spec: SearchSpec
    items: tuple[Ask, ...]
    per_student: bool = False
    """A seeded variant per student (same shape and difficulty), or one tree for all."""
    due: datetime | None = None
    attempts: int = 1
    feedback: str = "first-mistake"
    solution: str = "after-due"
    astar: tuple[str, str | None] | None = None
    """A*: the variant (``graph`` or ``tree``) and the heuristic's name (``None``: the
    problem's default); ``None`` for minimax and alpha-beta."""

    def to_json(self) -> dict[str, Any]:
        spec = {k: v for k, v in self.spec.search_options().items()
                if v not in (None, "", ())}
        if self.spec.root_player is not None:
            spec["root_player"] = self.spec.root_player
        if self.astar is not None:
            spec = {"algorithm": "astar", "variant": self.astar[0]}
            if self.astar[1] is not None:
                spec["heuristic"] = self.astar[1]
        return {"id": self.id, "title": self.title, "source": self.source.to_json(),
                "spec": spec, "items": [a.to_json() for a in self.items],
                "per_student": self.per_student,
                "due": None if self.due is None else self.due.isoformat(),
                "attempts": self.attempts, "feedback": self.feedback,
                "solution": self.solution}


# ------------------------------------------------------------------ parsing


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
        raise _error("$", "expected a JSON object")
    known = {"id", "title", "source", "spec", "items", "per_student", "due", "attempts",
             "feedback", "solution"}
    for key in data:
        if key not in known:
            raise _error(f"$.{key}", f"unknown field (fields: {', '.join(sorted(known))})")
    ident = data.get("id", id)
    if ident is None:
        ident = ""
    _text(ident, "$.id", 100, empty=True)
    title = _text(data.get("title"), "$.title", MAX_TITLE)
    spec, astar = _spec(data.get("spec", {}))
    source = _source(data.get("source"), spec)
    per_student = data.get("per_student", False)
    if not isinstance(per_student, bool):
        raise _error("$.per_student", f"expected true or false, got {_shown(per_student)}")
    if per_student and source.kind in ("game", "problem"):
        raise _error("$.per_student", f"a {source.kind} has one tree: per-student variants "
                     "need an example, a tree or an exercise")
    due = _due(data.get("due"))
    attempts = _count(data.get("attempts", 1), "$.attempts", 1, MAX_ATTEMPTS)
    fb = _choice(data.get("feedback", "first-mistake"), "$.feedback", FEEDBACK)
    solution = _choice(data.get("solution", "after-due"), "$.solution", SOLUTION)
    if solution == "after-due" and due is None:
        raise _error("$.solution", "after-due needs a due time ($.due)")
    assignment = Assignment(ident, title, source, spec, (), per_student, due, attempts, fb,
                            solution, astar)
    items = _items(data.get("items"), assignment)
    assignment = replace(assignment, items=items)
    if source.kind != "problem":
        _check_items_on_tree(assignment)
    else:
        try:
            expected_for(assignment, "")
        except TracerError as exc:
            raise _placed(exc, "$.source") from None
    return assignment


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _text(value: Any, where: str, longest: int, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not value.strip() and not empty):
        raise _error(where, f"expected a non-empty text, got {_shown(value)}")
    if len(value) > longest:
        raise _error(where, f"expected at most {longest} characters, got {len(value)}")
    return value


def _count(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _error(where, f"expected a whole number from {low} to {high}, got {_shown(value)}")
    return value


def _pair(value: Any, where: str, low: int, high: int) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise _error(where, f"expected [LOW, HIGH], got {_shown(value)}")
    a = _count(value[0], f"{where}[0]", low, high)
    b = _count(value[1], f"{where}[1]", low, high)
    if a > b:
        raise _error(where, f"expected LOW <= HIGH, got {a} > {b}")
    return a, b


def _choice(value: Any, where: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise _error(where, f"expected one of {', '.join(allowed)}, got {_shown(value)}")
    return str(value)


def _due(value: Any) -> datetime | None:
    if value is None:
        return None
    where = "$.due"
    if not isinstance(value, str):
        raise _error(where, f"expected an ISO 8601 time, got {_shown(value)}")
    try:
        due = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise _error(where, "expected an ISO 8601 time such as 2026-12-01T12:00:00Z, got "
                     f"{_shown(value)}") from None
    if due.tzinfo is None:
        raise _error(where, f"expected a time with its zone (Z or +01:00), got {_shown(value)}")
    return due


def _spec(value: Any) -> tuple[SearchSpec, tuple[str, str | None] | None]:
    if not isinstance(value, Mapping):
        raise _error("$.spec", f"expected an object, got {_shown(value)}")
    allowed = ("algorithm", "variant", "order", "seed", "depth", "cut_on", "root_player",
               "heuristic")
    for key in value:
        if key not in allowed:
            raise _error(f"$.spec.{key}", f"not an assignment's search option (options: "
                         f"{', '.join(allowed)})")
    options = {k: v for k, v in value.items() if k != "heuristic"}
    heuristic = value.get("heuristic")
    algorithm = options.get("algorithm", "alphabeta")
    if algorithm not in ("minimax", "alphabeta", "astar"):
        raise _error("$.spec.algorithm", "expected minimax, alphabeta or astar (the searches "
                     f"an answer is checked against), got {_shown(algorithm)}")
    if heuristic is not None:
        if algorithm != "astar":
            raise _error("$.spec.heuristic", "a heuristic applies to astar")
        _text(heuristic, "$.spec.heuristic", 100)
    if algorithm == "astar":
        variant = options.get("variant", "graph")
        if set(options) - {"algorithm", "variant"} or variant not in ("graph", "tree"):
            raise _error("$.spec", "astar takes variant graph or tree, and heuristic")
        # SearchSpec has no A* family: the variant and heuristic are kept beside it.
        return SearchSpec(), (variant, heuristic)
    if "depth" in options:
        options["depth"] = _count(options["depth"], "$.spec.depth", 0, 64)
    if "seed" in options:
        options["seed"] = _count(options["seed"], "$.spec.seed", -(2**31), 2**31 - 1)
    try:
        return SearchSpec.make(**options), None
    except TracerError as exc:
        raise _error("$.spec", str(exc)) from None


def _source(value: Any, spec: SearchSpec) -> Source:
    where = "$.source"
    if not isinstance(value, Mapping):
        raise _error(where, f"expected an object with one of {', '.join(SOURCE_KINDS)}")
    kinds = [k for k in SOURCE_KINDS if k in value]
    extra = set(value) - {*SOURCE_KINDS, "params"}
    if len(kinds) != 1 or extra:
        raise _error(where, f"expected exactly one of {', '.join(SOURCE_KINDS)} (and params "
                     f"for a game or a problem), got {_shown(sorted(value))}")
    kind = kinds[0]
    raw_params = value.get("params", {})
    if not isinstance(raw_params, Mapping) or len(raw_params) > 20 or not all(
            isinstance(v, (str, int, float)) and not isinstance(v, bool)
            for v in raw_params.values()):
        raise _error(f"{where}.params", "expected an object of at most 20 parameters, each "
                     "a text or a number")
    params = tuple(sorted((str(k), str(v)) for k, v in raw_params.items()))
    if params and kind not in ("game", "problem"):
        raise _error(f"{where}.params", f"params apply to a game or a problem, not to {kind}")
    if kind == "exercise":
        return Source(kind, exercise=_exercise(value[kind], f"{where}.exercise"))
    if kind == "tree":
        return Source(kind, tree=_tree(value[kind], f"{where}.tree", spec))
    name = _text(value[kind], f"{where}.{kind}", 100)
    return Source(kind, name=name, params=params)


def _exercise(value: Any, where: str) -> ExerciseSpec:
    if not isinstance(value, Mapping):
        raise _error(where, f"expected an object, got {_shown(value)}")
    for key in value:
        if key not in ("branching", "depth", "cuts", "values", "seed"):
            raise _error(f"{where}.{key}", "unknown field (fields: branching, cuts, depth, "
                         "seed, values)")
    branching = _count(value.get("branching"), f"{where}.branching", 2, 6)
    depth = _count(value.get("depth"), f"{where}.depth", 1, 6)
    if branching ** depth > 729:
        raise _error(where, f"{branching}^{depth} = {branching ** depth} leaves is too many "
                     "for an exercise (at most 729)")
    cuts = None if value.get("cuts") is None else _pair(value["cuts"], f"{where}.cuts", 0, 400)
    values = _pair(value.get("values", [0, 20]), f"{where}.values", -MAX_VALUE, MAX_VALUE)
    seed = _count(value.get("seed", 0), f"{where}.seed", 0, 2**31 - 1)
    return ExerciseSpec(branching, depth, cuts, values, seed)


def _tree(value: Any, where: str, spec: SearchSpec) -> Tree:
    player = None if spec.root_player is None else Player(spec.root_player)
    if isinstance(value, str):
        if len(value) > 20_000:
            raise _error(where, f"expected at most 20000 characters, got {len(value)}")
        tree = _read(lambda: parse_tree_text(value, file="<tree>", root_player=player), where)
    elif isinstance(value, Mapping):
        doc = value if "tree" in value else {"tree": value}
        tree = _read(lambda: parse_tree_json(doc, file="<tree>", root_player=player), where)
    else:
        raise _error(where, "expected a tree: its text notation or its JSON document")
    if tree.size > MAX_NODES:
        raise _error(where, f"the tree has {tree.size} nodes, at most {MAX_NODES} are handed out")
    if any(n.player is Player.CHANCE for n in tree.nodes()):
        raise _error(where, "a tree with chance nodes cannot be checked (minimax and "
                     "alpha-beta only)")
    return tree


def _read(make: Any, where: str) -> Tree:
    try:
        tree: Tree = make()
    except TracerError as exc:
        raise _error(where, str(exc)) from None
    return tree


def _items(value: Any, a: Assignment) -> tuple[Ask, ...]:
    where = "$.items"
    if not isinstance(value, list) or not 1 <= len(value) <= len(ITEMS):
        raise _error(where, f"expected a list of 1 to {len(ITEMS)} items ({', '.join(ITEMS)})")
    astar = a.astar is not None
    asks: list[Ask] = []
    for i, raw in enumerate(value):
        here = f"{where}[{i}]"
        nodes: tuple[str, ...] = ()
        if isinstance(raw, Mapping) and len(raw) == 1:
            (name, chosen), = raw.items()
            if name not in ("values", "alphabeta"):
                raise _error(here, "only values and alphabeta take chosen nodes")
            if not isinstance(chosen, list) or not 1 <= len(chosen) <= MAX_NODES or not all(
                    isinstance(n, str) and 0 < len(n) <= 40 for n in chosen):
                raise _error(f"{here}.{name}", f"expected a list of 1 to {MAX_NODES} node names")
            nodes = tuple(dict.fromkeys(chosen))
        elif isinstance(raw, str):
            name = raw
        else:
            raise _error(here, f"expected an item name or {{\"values\": [nodes]}}, got "
                         f"{_shown(raw)}")
        _choice(name, here, ITEMS)
        if any(x.item == name for x in asks):
            raise _error(here, f"{name} is asked twice")
        if (name == "expanded") != astar:
            raise _error(here, "expanded is the A* item (with spec.algorithm astar and a "
                         "problem), the others are minimax's and alpha-beta's")
        if name == "alphabeta" and a.spec.algorithm != "alphabeta":
            raise _error(here, "alphabeta needs spec.algorithm alphabeta")
        asks.append(Ask(name, nodes))
    if astar != (a.source.kind == "problem"):
        raise _error("$.source", "an A* assignment needs a problem, and a problem an A* spec")
    return tuple(asks)


def _check_items_on_tree(a: Assignment) -> None:
    """Chosen nodes must be inner nodes of the tree (a leaf's value is given)."""
    try:
        tree = _base_tree(a)
    except TracerError as exc:
        raise _placed(exc, "$.source") from None
    inner = {n.id for n in tree.nodes() if n.children}
    for i, ask in enumerate(a.items):
        for node in ask.nodes:
            if node not in inner:
                raise _error(f"$.items[{i}].{ask.item}", f"{node!r} is not an inner node of "
                             f"the tree (inner nodes: {', '.join(sorted(inner)[:20])})")
    try:
        _search(tree, a)
    except TracerError as exc:
        raise _placed(exc, "$.spec") from None


# ------------------------------------------------------------------ trees and searches


def variant_seed(assignment_id: str, student: str) -> int:
    """The seed of a student's variant: a stable hash (SHA-256) of the two ids, so every
    process and every machine draws the same tree for the same student."""
    digest = hashlib.sha256(f"{assignment_id}\x00{student}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def _base_tree(a: Assignment) -> Tree:
    """The tree handed to all (or the original a variant is drawn from)."""
    s = a.source
    if s.kind == "tree" and s.tree is not None:
        return s.tree
    if s.kind == "exercise" and s.exercise is not None:
        return _exercise_tree(a, s.exercise.seed)
    if s.kind == "example":
        from ..sources import resolve_content

        example = resolve_content(str(s.name), root_player=a.spec.root_player)
        if example.tree is None or example.kind != "example":
            raise _error("$.source.example", f"{s.name!r} is not a lecture example")
        return example.tree
    return _game_tree(a)


def _exercise_tree(a: Assignment, seed: int) -> Tree:
    from ..analysis.check.exercise import make_exercise

    e = a.source.exercise
    assert e is not None
    c = Conventions(variant=a.spec.variant if a.spec.algorithm == "alphabeta" else None,
                    order=a.spec.order if a.spec.order in ("natural", "reverse") else None,
                    cut_on=a.spec.cut_on)
    return make_exercise(branching=e.branching, depth=e.depth, cuts=e.cuts, values=e.values,
                         seed=seed, conventions=c).tree


def _game_tree(a: Assignment) -> Tree:
    """A built-in game with its parameters, expanded into an explicit tree (leaves valued
    by the game's utility, or its static evaluation at the spec's depth limit)."""
    from ..sources import resolve_content

    named = resolve_content(str(a.source.name), params=dict(a.source.params))
    if named.kind != "game":
        raise _error("$.source.game", f"{a.source.name!r} is a lecture example, not a game: "
                     "give it as {\"example\": ...}")
    game, state, _ = named.game()
    if game.capabilities.chance:
        raise _error("$.source.game", f"{a.source.name} has chance nodes: an assignment "
                     "checks minimax and alpha-beta")
    limit = a.spec.depth
    count = 0

    def build(s: Any, ply: int) -> dict[str, Any]:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise _error("$.source.game", f"the game's tree has more than {MAX_NODES} nodes: "
                         "choose smaller parameters or a depth limit (spec.depth)")
        if game.is_terminal(s):
            return {"value": game.utility(s)}
        if limit is not None and ply >= limit:
            if not game.capabilities.evaluation:
                raise _error("$.spec.depth", f"{a.source.name} has no static evaluation")
            return {"value": game.evaluate(s)}
        return {"children": [build(game.result(s, m), ply + 1) for m in game.actions(s)]}

    root = build(state, 0)
    player = game.to_move(state)
    return parse_tree_json({"tree": root, "name": a.source.name}, file="<game>",
                           root_player=player)


def _draw_variant(tree: Tree, a: Assignment, seed: int) -> Tree:
    """A tree of the same shape, its values (the leaves', and the static values a depth
    limit reads) drawn with ``seed`` from the original's range, with as many cuts as the
    original and, where it has one, a unique best move (the first draw meeting both;
    failing that, after :data:`VARIANT_DRAWS` draws or :data:`VARIANT_WORK`, the one
    closest in cuts)."""
    leaves = [n for n in tree.nodes() if n.value is not None]
    numbers = [n.value for n in leaves if n.value is not None]
    low, high = int(min(numbers)), int(max(numbers))
    if high - low < 2:
        low, high = low - 5, high + 5
    want = _difficulty(tree, a)
    rng = random.Random(seed)
    best: tuple[int, Tree] | None = None
    for _ in range(max(1, min(VARIANT_DRAWS, VARIANT_WORK // (tree.size + 24)))):
        values = {n.id: rng.randint(low, high) for n in leaves}
        drawn = _with_leaves(tree, values)
        got = _difficulty(drawn, a)
        if got == want:
            return drawn
        miss = abs(got[0] - want[0]) + (got[1] != want[1]) * 100
        if best is None or miss < best[0]:
            best = (miss, drawn)
    assert best is not None
    return best[1]


def _difficulty(tree: Tree, a: Assignment) -> tuple[int, bool]:
    trace = _search(tree, a)
    cuts = sum(1 for e in trace.events if e.type == Cut.type)
    root = tree.root
    kids = [_minimax(k, 1, a.spec.depth) for k in root.children]
    if not kids:
        return cuts, False
    best = max(kids) if root.player is Player.MAX else min(kids)
    return cuts, kids.count(best) == 1


def _minimax(node: Node, ply: int, depth: int | None) -> float:
    if not node.children or (depth is not None and ply >= depth):
        return float(node.value or 0)
    kids = [_minimax(k, ply + 1, depth) for k in node.children]
    return max(kids) if node.player is Player.MAX else min(kids)


def _with_leaves(tree: Tree, values: Mapping[str, int]) -> Tree:
    def copy(node: Node) -> Node:
        return replace(node, value=values.get(node.id, node.value),
                       children=tuple(copy(k) for k in node.children))

    return Tree(copy(tree.root), tree.name, tree.description)


def _search(tree: Tree, a: Assignment) -> Trace:
    from ..search import run_search
    from ..sources import tree_source

    rec = MemoryRecorder()
    options = a.spec.search_options()
    run_search(TreeGame(tree), tree.root, **options, recorder=rec, source=tree_source(tree))
    return rec.trace


def student_tree(a: Assignment, student: str) -> Tree:
    """The tree ``student`` works on: the assignment's, or their own variant."""
    return _student_tree(a, student if a.per_student else "")


@lru_cache(maxsize=512)
def _student_tree(a: Assignment, student: str) -> Tree:
    if not a.per_student:
        return _base_tree(a)
    seed = variant_seed(a.id, student)
    if a.source.kind == "exercise":
        return _exercise_tree(a, seed)
    return _draw_variant(_base_tree(a), a, seed)


def expected_for(a: Assignment, student: str) -> Trace:
    """The expected trace of ``student``'s task: what answers are checked against."""
    return _expected(a, student if a.per_student else "")


@lru_cache(maxsize=512)
def _expected(a: Assignment, student: str) -> Trace:
    if a.source.kind == "problem":
        from ..analysis.check.report import astar_trace

        variant, heuristic = a.astar or ("graph", None)
        trace, _ = astar_trace(str(a.source.name),
                               Conventions(algorithm="astar", variant=variant,
                                           heuristic=heuristic),
                               dict(a.source.params))
        return trace
    return _search(_student_tree(a, student), a)


# ------------------------------------------------------------------ what a student sees


@dataclass(frozen=True)
class Task:
    """What a student is handed: the tree with its leaf values only, the conventions and
    the items; never an inner value or anything of the answer."""

    assignment: Assignment
    student: str
    tree: Tree | None
    """``None`` for an A* problem (named by ``assignment.source``)."""

    def to_json(self) -> dict[str, Any]:
        a = self.assignment
        spec = a.to_json()["spec"]
        if a.astar is None:  # every convention spelled out: the student needs them all
            spec = {"algorithm": a.spec.algorithm, "variant": a.spec.shown_variant,
                    "order": a.spec.order, **spec}
            if a.spec.algorithm == "alphabeta":
                spec.setdefault("cut_on", "ge")
        out: dict[str, Any] = {"assignment": a.id, "title": a.title, "student": self.student,
                               "conventions": spec,
                               "items": [ask.to_json() for ask in a.items],
                               "due": None if a.due is None else a.due.isoformat(),
                               "attempts": a.attempts, "feedback": a.feedback}
        if self.tree is None:
            out["problem"] = a.source.to_json()
        else:
            out["tree"] = self.tree.to_json()
        return out


def task_for(a: Assignment, student: str) -> Task:
    """``student``'s task: their tree (every node labelled with its id, leaf values only:
    inner static values are dropped, and with a depth limit the tree ends at the limit,
    the nodes there carrying their static value) and the items asked."""
    if a.source.kind == "problem":
        return Task(a, student, None)
    return Task(a, student, _leaf_values_only(student_tree(a, student), a.spec.depth))


def _leaf_values_only(tree: Tree, depth: int | None) -> Tree:
    def copy(node: Node, ply: int) -> Node:
        if node.children and (depth is None or ply < depth):
            return replace(node, value=None, label=node.id,
                           children=tuple(copy(k, ply + 1) for k in node.children))
        return replace(node, label=node.id, children=())

    return Tree(copy(tree.root, 0), tree.name, None)


def answer_key_for(a: Assignment, student: str) -> Solution:
    """``student``'s answer key (a :class:`tracer.analysis.check.Solution`): the items
    asked, the chosen nodes only; a chosen node the search never reaches is left out."""
    return restrict(extract_solution(expected_for(a, student)), a)


def restrict(solution: Solution, a: Assignment) -> Solution:
    """``solution`` (a :class:`~tracer.analysis.check.Solution`) cut down to the items
    ``a`` asks: what is graded, and what an answer key shows."""
    s = solution
    asked = {ask.item: ask.nodes for ask in a.items}
    given: dict[str, Any] = {"conventions": s.conventions, "exercise": s.exercise}
    for name in ("value", "move", "evaluated", "pruned", "expanded"):
        if name in asked:
            given[name] = getattr(s, name)
    for name in ("values", "alphabeta"):
        if name in asked:
            table = getattr(s, name)
            nodes = asked[name]
            given[name] = dict(table) if not nodes else {n: table[n] for n in nodes
                                                        if n in table}
    return Solution(**given)


def grade(a: Assignment, student: str, answer: Solution, *,
          diagnosis: bool = True) -> Report:
    """The :class:`~tracer.analysis.check.Report` on ``answer`` (a
    :class:`~tracer.analysis.check.Solution`, e.g. from ``Solution.from_json``), only
    the items asked graded."""
    return check_solution(restrict(answer, a), expected_for(a, student),
                          title=a.title, diagnosis=diagnosis)


def feedback(report: Report, policy: str) -> dict[str, Any]:
    """What a student may see of ``report`` under ``policy`` (:data:`FEEDBACK`):
    ``score`` the totals only; ``first-mistake`` the totals, which items are right and
    the first mistake explained (what was expected there, nothing else of the key);
    ``full`` the whole report with the diagnosis."""
    if policy not in FEEDBACK:
        raise InputError(f"expected one of {', '.join(FEEDBACK)}, got {policy!r}",
                         where="feedback")
    whole: dict[str, Any] = report.to_json()
    totals = {k: whole[k] for k in ("correct", "score", "max_score", "percent")}
    if policy == "score":
        return totals
    if policy == "full":
        return whole
    first = whole["first_mistake"]
    return {**totals,
            "items": [{"item": i["item"], "right": i["right"], "given": i["given"],
                       "score": i["score"]} for i in whole["items"]],
            "first_mistake": None if first is None else
            {k: first[k] for k in ("item", "expected", "given", "why") if k in first}}


def may_see_solution(a: Assignment, now: datetime) -> bool:
    """Whether a student may see the answer key at ``now`` (a time with its zone)."""
    if a.solution == "always":
        return True
    if a.solution == "never" or a.due is None:
        return False
    return now >= a.due

