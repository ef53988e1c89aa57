"""The water-jug puzzle of "Giochi a Due Avversari", slide "Esercizio A*".

Two jugs of 3 and 5 litres, both empty; fill a jug, empty it, or pour one into the
other until the receiving jug is full or the pouring one is empty.  Every action
costs 1; the goal is a jug holding exactly 1 litre.  The notes ask for A* with
repeated-state elimination using h(l1, l2) = min(|l1 - 1|, |l2 - 1|), and conclude
that this h is not admissible.

Textbooks state other goals too (:class:`JugGoal`): a total in all the jugs together
(``goal=total=4``), or an amount in every jug (``goal=0,4``; ``_`` for a jug whose
amount does not matter).  The ``lecture`` heuristic is then the same distance in
litres: |total - T|, or the sum over the named jugs of |l_i - g_i|.

Any number of jugs is accepted.  The default action order is the lecture's: every
pour i->j (i, j in increasing order), then every empty i, then every fill i; for two
jugs that is pour1-2, pour2-1, empty1, empty2, fill1, fill2.  Only actions that change
the state are applicable (the root (0,0) cannot be emptied).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import UsageError
from ..reading_numbers import BadNumber, whole_number
from ..said import said
from .base import zero

__all__ = ["PARAMS", "JugAction", "JugGoal", "Jugs", "from_params", "parse_goal"]

State = tuple[int, ...]
Number = float | int


class JugAction(NamedTuple):
    """``pour`` from ``jug`` into ``into``, or ``empty`` / ``fill`` ``jug`` (jugs count from 1)."""

    kind: str
    jug: int
    into: int = 0

    @property
    def name(self) -> str:
        """``pour1-2``, ``empty1`` or ``fill2``."""
        return f"pour{self.jug}-{self.into}" if self.kind == "pour" else f"{self.kind}{self.jug}"


@dataclass(frozen=True)
class JugGoal:
    """What the goal test asks for.

    ``kind`` is ``any`` (some jug holds ``litres[0]``: the lecture's goal), ``total``
    (the jugs together hold ``litres[0]``) or ``each`` (jug i holds ``litres[i]``;
    ``None`` where any amount will do)."""

    kind: str
    litres: tuple[int | None, ...]

    def reached(self, state: State) -> bool:
        """The goal test."""
        if self.kind == "any":
            return self.litres[0] in state
        if self.kind == "total":
            return sum(state) == self.litres[0]
        return all(want is None or want == have
                   for want, have in zip(self.litres, state, strict=True))

    def distance(self, state: State) -> int:
        """The lecture's h generalised: how many litres the state is from the goal."""
        if self.kind == "any":
            goal = self.litres[0]
            assert goal is not None
            return min(abs(litres - goal) for litres in state)
        if self.kind == "total":
            goal = self.litres[0]
            assert goal is not None
            return abs(sum(state) - goal)
        return sum(abs(have - want)
                   for want, have in zip(self.litres, state, strict=True) if want is not None)

    @property
    def text(self) -> str:
        """The ``-p goal=`` spelling: ``1``, ``total=4`` or ``0,4`` (``_``: any amount)."""
        if self.kind == "total":
            return f"total={self.litres[0]}"
        return ",".join("_" if v is None else str(v) for v in self.litres)


def parse_goal(text: str, capacities: tuple[int, ...]) -> JugGoal:
    """``4`` (a jug holds 4), ``total=4`` (all the jugs together) or ``3,4`` / ``(3,4)``
    (each jug; ``_`` for any amount): a UsageError names the forms otherwise."""
    forms = said("goal must be the litres in some jug (goal=4), a total (goal=total=4) or "
                 "one amount per jug (goal=0,4; _ for any amount), got {text!r}",
                 text=text[:40])
    spelled = text.strip()
    kind = "any"
    for prefix in ("total=", "total:"):
        if spelled.startswith(prefix):
            kind, spelled = "total", spelled[len(prefix):]
    if kind == "any" and spelled.startswith("(") and spelled.endswith(")"):
        spelled = spelled[1:-1]
    parts = [p.strip() for p in spelled.split(",")]
    if any(len(p) > 12 or not (p == "_" or (p.isascii() and p.isdigit())) for p in parts) or (
            kind == "total" and len(parts) != 1):
        raise UsageError(forms)
    litres = tuple(None if p == "_" else int(p) for p in parts)
    if len(litres) == 1 and litres[0] is not None:
        goal = JugGoal(kind, litres)
        most = sum(capacities) if kind == "total" else max(capacities)
        if litres[0] > most:
            place = said("all the jugs together") if kind == "total" else said("any jug")
            raise UsageError(said("goal {goal} is more than {place} can hold ({most} litres)",
                                  goal=goal.text, place=place, most=most))
        return goal
    if len(litres) != len(capacities):
        raise UsageError(said("goal {goal!r} names {named} jugs, but there are {jugs} (one "
                              "amount per jug, _ for any)", goal=spelled, named=len(litres),
                              jugs=len(capacities)))
    if all(v is None for v in litres):
        raise UsageError(said("goal {goal!r} asks for nothing: give the litres of one jug "
                              "at least", goal=spelled))
    for i, (want, cap) in enumerate(zip(litres, capacities, strict=True), start=1):
        if want is not None and want > cap:
            raise UsageError(said("goal {goal!r}: jug {jug} holds at most {most} litres, not "
                                  "{want}", goal=spelled, jug=i, most=cap, want=want))
    return JugGoal("each", litres)


def _all_actions(n: int) -> list[JugAction]:
    pours = [JugAction("pour", i, j) for i in range(1, n + 1) for j in range(1, n + 1) if i != j]
    empties = [JugAction("empty", i) for i in range(1, n + 1)]
    fills = [JugAction("fill", i) for i in range(1, n + 1)]
    return pours + empties + fills


class Jugs:
    """Water jugs: states are tuples of litres, one per jug."""

    name = "jugs"
    default_heuristic = "lecture"

    def __init__(self, capacities: tuple[int, ...] = (3, 5), *, start: State | None = None,
                 goal: int | str | JugGoal = 1, order: tuple[str, ...] | None = None) -> None:
        if not capacities or any(c <= 0 for c in capacities):
            raise UsageError(said("jug capacities must be positive whole litres, got "
                                  "{capacities}", capacities=str(capacities)))
        start = tuple(0 for _ in capacities) if start is None else start
        if len(start) != len(capacities) or any(
                not 0 <= s <= c for s, c in zip(start, capacities, strict=True)):
            raise UsageError(said("start {start} does not fit jugs of {capacities} litres",
                                  start=str(start), capacities=str(capacities)))
        if isinstance(goal, str):
            goal = parse_goal(goal, capacities)
        elif isinstance(goal, int):
            if goal < 0:
                raise UsageError(said("the goal must be 0 litres or more, got {goal}",
                                      goal=goal))
            goal = JugGoal("any", (goal,))
        every = _all_actions(len(capacities))
        by_name = {a.name: a for a in every}
        names = tuple(a.name for a in every) if order is None else order
        unknown = [n for n in names if n not in by_name]
        if unknown:
            raise UsageError(said("unknown jug action {action!r} (choose from: {allowed})",
                                  action=unknown[0], allowed=", ".join(by_name)))
        if sorted(names) != sorted(by_name):
            missing = [n for n in by_name if n not in names]
            if missing:
                raise UsageError(said("the action order must name every action once "
                                      "(missing: {missing})", missing=", ".join(missing)))
            raise UsageError(said("the action order must name every action once"))
        self.capacities = capacities
        self.start = start
        self.goal = goal
        self.order = tuple(by_name[n] for n in names)
        self.params: Mapping[str, str] = {
            "capacities": _join(capacities), "start": _join(start), "goal": goal.text,
            "order": ",".join(names)}
        self.heuristics: Mapping[str, Callable[[State], Number]] = {
            "lecture": self.h_lecture, "zero": zero}

    def initial_state(self) -> State:
        return self.start

    def actions(self, state: State) -> list[JugAction]:
        return [a for a in self.order if self.result(state, a) != state]

    def result(self, state: State, action: JugAction) -> State:
        out = list(state)
        i = action.jug - 1
        if action.kind == "fill":
            out[i] = self.capacities[i]
        elif action.kind == "empty":
            out[i] = 0
        else:
            j = action.into - 1
            amount = min(state[i], self.capacities[j] - state[j])
            out[i] -= amount
            out[j] += amount
        return tuple(out)

    def cost(self, state: State, action: JugAction, next_state: State) -> int:
        return 1

    def is_goal(self, state: State) -> bool:
        return self.goal.reached(state)

    def h_lecture(self, state: State) -> int:
        """The notes' h: how far the nearest jug is from the goal amount (min |l_i - goal|);
        for a total or per-jug goal, the litres missing or in excess (:meth:`JugGoal.distance`)."""
        return self.goal.distance(state)

    def describe(self, state: State) -> str:
        return f"({_join(state)})"

    def action_name(self, state: State, action: JugAction) -> str:
        return action.name


def _join(values: tuple[int, ...]) -> str:
    return ",".join(str(v) for v in values)


PARAMS: dict[str, tuple[str, str]] = {
    "capacities": ("3,5", "capacity of each jug in litres, comma-separated"),
    "start": ("0,0", "litres in each jug at the start (default: all empty)"),
    "goal": ("1", "the litres one jug must hold; total=T: all the jugs together; "
                  "A,B: each jug (_ for any amount)"),
    "order": ("pour1-2,pour2-1,empty1,empty2,fill1,fill2",
              "the order actions are tried in (every action once)"),
}
"""Parameter -> (default for the lecture's two jugs, help)."""


def from_params(params: Mapping[str, str]) -> Jugs:
    """Build the puzzle from ``-p`` strings (already checked against :data:`PARAMS`)."""
    capacities = _ints(params.get("capacities", "3,5"), "capacities")
    start = _ints(params["start"], "start") if "start" in params else None
    order = (tuple(s.strip() for s in params["order"].split(","))
             if "order" in params else None)
    states = 1
    for c in capacities:
        states *= max(c, 0) + 1
    if states > MAX_STATES or len(capacities) > 8:
        raise UsageError(said("jugs of {capacities} litres have more than {most:,} states: "
                              "A* could run for hours (use fewer or smaller jugs)",
                              capacities=params.get("capacities", "")[:40], most=MAX_STATES))
    return Jugs(capacities, start=start, goal=params.get("goal", "1"), order=order)


MAX_STATES = 1_000_000
"""The most jug states (the product of capacity + 1) ``-p capacities=`` may make."""


def _ints(text: str, what: str) -> tuple[int, ...]:
    if any(len(part.strip()) > 12 for part in text.split(",")):
        raise UsageError(said("{what} must be whole numbers of at most 12 digits, got "
                              "{text!r}", what=what, text=text[:40]))
    try:
        return tuple(whole_number(part) for part in text.split(","))
    except BadNumber:
        raise UsageError(said("{what} must be whole numbers separated by commas, got "
                              "{text!r}", what=what, text=text)) from None
