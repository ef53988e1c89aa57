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

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from ..errors import InputError, TracerError
from ..said import Said, said
from ..spec import SearchSpec
from ..trees import Tree

__all__ = ["FEEDBACK", "ITEMS", "LATE", "SOLUTION", "Ask", "Assignment", "ExerciseSpec",
           "Source", "field_error", "placed_error", "whole_message"]

ITEMS = ("value", "move", "values", "evaluated", "pruned", "alphabeta", "expanded")
"""The items an assignment may ask: the solution items of ``tracer.analysis.check``."""

FEEDBACK = ("score", "first-mistake", "explain", "full")
"""What a student sees of a verdict: ``score`` the totals and which items are right,
wrong or not answered; ``first-mistake`` also the first mistake said as its node, its
field and the lecture's rule it breaks, never the expected value; ``explain`` also the
reasoning with its values; ``full`` the whole report with the diagnosis."""

LATE = ("refuse", "accept", "penalty")
"""What becomes of a submission after the due time: refused, kept and marked late, or
kept with a percentage taken off its score."""

MAX_STEP_TRIES = 1000
"""The most wrong tries a ``step_tries`` policy may allow on one step."""

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


def field_error(where: str, message: Said) -> InputError:
    """An error in the assignment's field ``where`` (a JSON path such as ``$.attempts``)."""
    return InputError(message, file=WHERE, where=where)


def placed_error(exc: TracerError, where: str) -> InputError:
    """``exc`` as an error at ``where``, unless it already names its field."""
    if isinstance(exc, InputError) and exc.file == WHERE:
        return exc
    return field_error(where, whole_message(exc))


def whole_message(exc: TracerError) -> Said:
    """``exc``'s message as ``str(exc)`` reads: an input error's file and place before its
    own sentence (``<tree>: $.children[0]: ...``), which stays a sentence to word."""
    if isinstance(exc, InputError):
        place = ": ".join(p for p in (exc.file, exc.where) if p)
        if place:
            return said("{file_and_place}: {message}", file_and_place=place,
                        message=exc.said)
    return exc.said


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
    step_tries: int | None = None
    """Wrong tries allowed on one step before it is shown as missed (``None``: no end)."""
    late: str = "refuse"
    """A submission after the due time: one of :data:`LATE`."""
    penalty: float = 0.0
    """With ``late`` ``penalty``: the percentage taken off a late submission's score."""
    score_policy: str = "best"
    """Which attempt's score an LMS gets (LTI grade passback): the best or the last
    (:data:`tracer.classroom.gradebook.SCORE_POLICIES`)."""

    def to_json(self) -> dict[str, Any]:
        # the spec's options in its own order, the budgets and the root player apart
        spec = {f.name: v for f in fields(self.spec)
                if f.name not in ("root_player", "limits")
                and (v := getattr(self.spec, f.name)) not in (None, "", ())}
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
                "solution": self.solution, "step_tries": self.step_tries,
                "late": self.late,
                **({"penalty": _number(self.penalty)} if self.late == "penalty" else {}),
                **({"score_policy": self.score_policy} if self.score_policy != "best"
                   else {})}


def _number(x: float) -> int | float:
    """A percentage as JSON writes it: ``10``, not ``10.0``."""
    return int(x) if float(x).is_integer() else x


# ------------------------------------------------------------------ parsing
