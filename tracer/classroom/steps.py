"""Step-level answering: the expected search, one step at a time.

The steps are what a student writes while working a search by hand, read off the
expected trace (:func:`steps_of`), in the order the search takes them:

- ``evaluate``: the next leaf evaluated, its value, and the window (alpha, beta) it is
  reached with (its parent's at that moment);
- ``cut``: a node that stops early, the value it returns to its parent (fail-soft: the
  best found; fail-hard: the bound, Pearl 1984) and its alpha and beta at the cut;
- ``return``: an inner node finished after its last child, the value it returns and
  its final alpha and beta (the root last, with the search's value).

Minimax's steps have no window.  A :class:`StepSession` holds how far a student got
(serialisable, so the service can store it between requests); :meth:`StepSession.answer`
judges one step, and a wrong step is refused (the session stays on it) with only what
the feedback level lets a student see of *that* step: under ``score`` right or wrong;
under ``first-mistake`` also the wrong fields and a hint naming the rule the first one
breaks, never its value; under ``explain`` also the first wrong field's expected value;
under ``full`` the whole expected step.  Nothing of the steps after it ever leaves the
session.  With a ``step_tries`` policy, after that many wrong tries the step is shown as
missed (its answer shown) and the session moves on.  The score is the number of steps
right at the first try.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..choices import unknown_choice
from ..errors import InputError, UsageError
from ..events import Backup, Cut, Evaluate, Event, Expand
from ..jsonio import encode_number
from ..numbers import Number, format_number
from ..said import said
from ..trace import Trace
from ..visit import EventVisitor
from .assignments import Assignment
from .hints import field_said, step_hint
from .step_answers import STEP_KINDS, read_answer, same
from .student_trees import expected_for

__all__ = ["STEP_KINDS", "Step", "StepAttempt", "StepSession", "StepVerdict", "steps_of"]


FIELDS = ("kind", "node", "value", "alpha", "beta")
"""What a step answer gives, in the order a wrong one is reported."""

POLICIES = ("score", "first-mistake", "explain", "full")
"""As :data:`tracer.classroom.assignments.FEEDBACK`: right or wrong only; also the
wrong fields and a hint on the first one (no value); also the first one's expected
value; also the whole expected step."""

MAX_TRIES = 1000
"""Tries kept on one step: past this many a step takes no more answers."""


@dataclass(frozen=True)
class Step:
    """One step of the expected search."""

    kind: str
    node: str
    value: Number
    alpha: Number | None = None
    beta: Number | None = None
    pruned: tuple[str, ...] = ()
    """A cut's pruned children (shown once the cut is answered right)."""
    player: str | None = None
    """Who moves at the node (``max``, ``min``): the rule its value follows."""

    def fields(self) -> dict[str, Any]:
        """The step's answer, JSON-ready (no window for minimax)."""
        out: dict[str, Any] = {"kind": self.kind, "node": self.node,
                               "value": encode_number(self.value)}
        if self.alpha is not None and self.beta is not None:
            out["alpha"] = encode_number(self.alpha)
            out["beta"] = encode_number(self.beta)
        return out

    def describe(self) -> str:
        """``cut C = 2 (alpha = 3, beta = 2)``."""
        window = "" if self.alpha is None or self.beta is None else \
            f" (alpha = {format_number(self.alpha)}, beta = {format_number(self.beta)})"
        return f"{self.kind} {self.node} = {format_number(self.value)}{window}"


def steps_of(trace: Trace) -> tuple[Step, ...]:
    """The steps of a minimax or alpha-beta trace, in the order the search takes them."""
    returned = _Returned()
    returned.walk(trace.events)
    root = trace.header.root
    values = returned.values
    if trace.result is not None and trace.result.value is not None:
        values[root] = trace.result.value
    taker = _Steps(values)
    taker.walk(trace.events)
    if root in taker.expanded and root not in taker.cut and root in values:
        taker.steps.append(Step("return", root, values[root], *taker.windows[root],
                                player=taker.players.get(root)))
    return tuple(taker.steps)


class _Returned(EventVisitor[None]):
    """The value each node returned to its parent (a Backup's ``child_value``)."""

    def __init__(self) -> None:
        self.values: dict[str, Number] = {}

    def visit_backup(self, ev: Backup) -> None:
        self.values[ev.child] = ev.child_value

    def visit_event(self, ev: Event) -> None:
        pass


class _Steps(EventVisitor[None]):
    """The steps a student answers: a leaf evaluated in its parent's window, a node cut,
    an inner node finished (its value returned to its parent)."""

    def __init__(self, returned: dict[str, Number]) -> None:
        self.returned = returned
        self.windows: dict[str, tuple[Number | None, Number | None]] = {}
        self.expanded: set[str] = set()
        self.players: dict[str, str] = {}
        self.cut: set[str] = set()
        self.steps: list[Step] = []

    def visit_expand(self, ev: Expand) -> None:
        self.expanded.add(ev.node)
        self.players[ev.node] = ev.player
        self.windows[ev.node] = (ev.alpha, ev.beta)

    def visit_evaluate(self, ev: Evaluate) -> None:
        windows = self.windows
        alpha, beta = windows.get(ev.parent, (None, None)) if ev.parent is not None \
            else (-math.inf, math.inf) if windows else (None, None)
        self.steps.append(Step("evaluate", ev.node, ev.value, alpha, beta, player=ev.player))

    def visit_cut(self, ev: Cut) -> None:
        self.cut.add(ev.node)
        self.steps.append(Step("cut", ev.node, self.returned.get(ev.node, ev.value), ev.alpha,
                               ev.beta, tuple(ev.pruned), self.players.get(ev.node)))

    def visit_backup(self, ev: Backup) -> None:
        if ev.child in self.expanded and ev.child not in self.cut:
            self.steps.append(Step("return", ev.child, ev.child_value,
                                   *self.windows[ev.child],
                                   player=self.players.get(ev.child)))
        self.windows[ev.node] = (ev.alpha, ev.beta)

    def _astar(self, ev: Event) -> None:
        raise UsageError(said("step-by-step answering follows minimax and alpha-beta; an "
                              "A* assignment is answered whole"))

    visit_select = visit_generate = visit_goal = visit_discard = _astar

    def visit_event(self, ev: Event) -> None:
        pass


@dataclass(frozen=True)
class StepAttempt:
    """One answer to one step: the record the service keeps."""

    step: int
    """1, 2, ...: the step answered."""
    answer: Mapping[str, Any]
    """The answer as given (normalised: numbers as JSON writes them)."""
    right: bool
    wrong: tuple[str, ...]
    """The fields answered wrong, in the order of :data:`FIELDS`."""
    at: str | None = None
    """When, as the caller gave it (ISO 8601)."""
    attempt: int = 1
    """Which try on this step it is: 1, 2, ... (``"try"`` in JSON)."""

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "try": self.attempt, "answer": dict(self.answer),
                "right": self.right, "wrong": list(self.wrong), "at": self.at}


@dataclass(frozen=True)
class StepVerdict:
    """The verdict on one step answer, and the record to keep."""

    record: StepAttempt
    shown: Mapping[str, Any]
    """What the student sees (:meth:`to_json`)."""

    @property
    def right(self) -> bool:
        return self.record.right

    def to_json(self) -> dict[str, Any]:
        return dict(self.shown)


@dataclass
class StepSession:
    """How far one student got through the steps of one expected search.

    ``done`` steps are answered (right, or missed after ``step_tries`` wrong tries);
    ``first_try`` says, for each, whether it was right at the first try,
    ``tries_per_step`` how many wrong tries came before it, ``missed`` whether it was
    shown as missed; ``tries`` counts the wrong answers given to the current step.
    Only this state is stored (:meth:`to_json`); the steps come again from the expected
    trace."""

    steps: Sequence[Step]
    policy: str = "first-mistake"
    done: int = 0
    first_try: list[bool] = field(default_factory=list)
    tries: int = 0
    step_tries: int | None = None
    """Wrong tries allowed on one step before it is missed (``None``: no end)."""
    tries_per_step: list[int] = field(default_factory=list)
    missed: list[bool] = field(default_factory=list)
    rules: StepRules = field(default_factory=lambda: StepRules())
    """The conventions the hints name (fail-hard or not, the cut test, the order)."""

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise UsageError(unknown_choice(said("feedback policy"), self.policy, POLICIES,
                                            suggest=False))
        if not self.tries_per_step and not self.missed and self.first_try:
            # a state stored before tries were counted: at least one before a late step
            self.tries_per_step = [0 if first else 1 for first in self.first_try]
            self.missed = [False] * len(self.first_try)
        if not 0 <= self.done <= len(self.steps) or len(self.first_try) != self.done \
                or len(self.tries_per_step) != self.done or len(self.missed) != self.done:
            raise InputError(said("a step session at step {done} of {steps} with {tries} "
                                  "first tries does not fit these steps", done=self.done,
                                  steps=len(self.steps), tries=len(self.first_try)),
                             where="$.done")

    @classmethod
    def for_trace(cls, trace: Trace, *, policy: str = "first-mistake",
                  step_tries: int | None = None) -> StepSession:
        return cls(steps_of(trace), policy=policy, step_tries=step_tries,
                   rules=StepRules.of(trace))

    @classmethod
    def for_assignment(cls, assignment: Assignment, student: str,
                       state: Mapping[str, Any] | None = None) -> StepSession:
        """``student``'s session on ``assignment`` (its feedback level and
        ``step_tries``), new or resumed from a stored ``state``."""
        trace = expected_for(assignment, student)
        steps = steps_of(trace)
        if state is None:
            return cls(steps, policy=assignment.feedback, step_tries=assignment.step_tries,
                       rules=StepRules.of(trace))
        return cls.from_json(state, steps, policy=assignment.feedback,
                             step_tries=assignment.step_tries, rules=StepRules.of(trace))

    @classmethod
    def from_json(cls, data: Mapping[str, Any], steps: Sequence[Step], *,
                  policy: str = "first-mistake", step_tries: int | None = None,
                  rules: StepRules | None = None) -> StepSession:
        """A session stored by :meth:`to_json`, on the same ``steps`` (a state stored
        before ``tries_per_step`` and ``missed`` were kept reads too)."""
        done, first, tries = data.get("done"), data.get("first_try"), data.get("tries", 0)
        per, missed = data.get("tries_per_step", []), data.get("missed", [])
        if not isinstance(done, int) or isinstance(done, bool) or not isinstance(first, list) \
                or not all(isinstance(x, bool) for x in first) or not isinstance(tries, int) \
                or not isinstance(per, list) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in per) \
                or not isinstance(missed, list) or not all(isinstance(x, bool) for x in missed):
            raise InputError(said("expected {{\"done\": N, \"first_try\": [true, ...], "
                                  "\"tries\": N}}"), where="$")
        total = data.get("steps", len(steps))
        if total != len(steps):
            raise InputError(said("a step session of {stored} steps does not fit a search "
                                  "of {steps}", stored=_shown_count(total), steps=len(steps)),
                             where="$.steps")
        return cls(steps, policy=policy, done=done, first_try=list(first), tries=tries,
                   step_tries=step_tries, tries_per_step=list(per), missed=list(missed),
                   rules=rules or StepRules())

    def to_json(self) -> dict[str, Any]:
        """The state to store: nothing of the steps themselves but how many there are."""
        return {"done": self.done, "steps": len(self.steps), "first_try": list(self.first_try),
                "tries": self.tries, "tries_per_step": list(self.tries_per_step),
                "missed": list(self.missed)}

    @property
    def finished(self) -> bool:
        return self.done == len(self.steps)

    @property
    def fields(self) -> tuple[str, ...]:
        """What each answer gives: the window only where the search has one."""
        windowed = any(s.alpha is not None for s in self.steps)
        return FIELDS if windowed else FIELDS[:3]

    def score(self) -> tuple[int, int]:
        """(steps right at the first try, steps in all)."""
        return sum(self.first_try), len(self.steps)

    def next_prompt(self) -> dict[str, Any]:
        """What the student is asked next; says nothing of the step itself (not even how
        many there are: that would count the cuts)."""
        if self.finished:
            right, total = self.score()
            return {"finished": True, "right_first_try": right, "steps": total,
                    "missed": sum(self.missed)}
        out: dict[str, Any] = {"finished": False, "step": self.done + 1,
                               "fields": list(self.fields), "kinds": list(STEP_KINDS)}
        if self.step_tries is not None:
            out["tries_left"] = self.step_tries - self.tries
        return out

    def answer(self, step_answer: Mapping[str, Any], *, at: str | None = None,
               lang: str = "en") -> StepVerdict:
        """Judge ``step_answer`` (``{"kind", "node", "value", "alpha", "beta"}``) against
        the current step.  Right: the session moves on.  Wrong: it stays on the step,
        and the verdict shows what the feedback level lets through of this step only
        (its words in ``lang``); after ``step_tries`` wrong tries the step is missed: its
        answer is shown and the session moves on."""
        if self.finished:
            raise UsageError(said("every step is answered already"))
        if self.tries >= MAX_TRIES:
            raise UsageError(said("step {step} has had {tries} answers: no more",
                                  step=self.done + 1, tries=MAX_TRIES))
        given = read_answer(step_answer, self.fields)
        step = self.steps[self.done]
        want = step.fields()
        wrong = tuple(f for f in self.fields if not same(want[f], given[f]))
        number = self.done + 1
        record = StepAttempt(number, given, not wrong, wrong, at, self.tries + 1)
        shown: dict[str, Any] = {"step": number, "try": self.tries + 1, "right": not wrong}
        if not wrong:
            self._move_on(first=self.tries == 0, missed=False)
            if step.pruned:
                shown["pruned"] = list(step.pruned)
        else:
            self.tries += 1
            if self.policy != "score":
                shown["wrong"] = list(wrong)
                shown["words"] = {f: field_said(f).worded(lang) for f in wrong}
                r = self.rules
                shown["hint"] = step_hint(step.kind, step.node, step.player, wrong[0],
                                          algorithm=r.algorithm, hard=r.hard,
                                          strict=r.strict, order=r.order).worded(lang)
            if self.policy == "explain":
                shown["expected"] = {wrong[0]: want[wrong[0]]}
            elif self.policy == "full":
                shown["expected"] = want
            if self.step_tries is not None:
                shown["tries_left"] = max(0, self.step_tries - self.tries)
                if self.tries >= self.step_tries:
                    self._move_on(first=False, missed=True)
                    shown["missed"] = True
                    shown["answer"] = want
                    if step.pruned:
                        shown["pruned"] = list(step.pruned)
        shown["finished"] = self.finished
        return StepVerdict(record, shown)

    def _move_on(self, *, first: bool, missed: bool) -> None:
        self.first_try.append(first)
        self.tries_per_step.append(self.tries)
        self.missed.append(missed)
        self.done += 1
        self.tries = 0


def _shown_count(value: Any) -> str:
    return repr(value)[:20]


@dataclass(frozen=True)
class StepRules:
    """The conventions a step's hint names: the search's algorithm, fail-hard or not,
    the cut test and the child order (read off the expected trace)."""

    algorithm: str = "alphabeta"
    hard: bool = False
    strict: bool = False
    order: str = "natural"

    @classmethod
    def of(cls, trace: Trace) -> StepRules:
        h = trace.header
        return cls(h.algorithm, h.variant in ("fail-hard", "slide-002"),
                   h.options.get("cut_on") == "gt", h.options.get("order") or "natural")
