"""The event vocabulary shared by every search algorithm.

Events are data: frozen dataclasses with a ``type`` discriminator, no behaviour
beyond conversion to and from JSON.  Values, alpha and beta are always from MAX's
point of view, whatever the variant, so traces of different variants compare
directly.  Unbounded values are ``float('inf')`` in Python and the strings
``"+inf"`` / ``"-inf"`` in JSON (JSON has no Infinity).
"""

from __future__ import annotations

import typing
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import Any, ClassVar

from .errors import InputError
from .jsonio import decode_number, encode_number
from .said import said

__all__ = [
    "EVENT_TYPES",
    "Backup",
    "Cut",
    "Discard",
    "Evaluate",
    "Event",
    "Expand",
    "Generate",
    "Goal",
    "Iteration",
    "Numbers",
    "Reorder",
    "Select",
    "Status",
    "Transposition",
    "KIND_TYPES",
    "event_from_json",
    "field_kinds",
]

Number = float | int


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events: a sequence number (1, 2, ...) in the order they happened."""

    type: ClassVar[str] = "event"
    """The event's type, written as its ``type`` in JSON; each subclass names its own."""
    seq: int
    """Position of the event in the trace, starting at 1."""

    _numbers: ClassVar[frozenset[str]] = frozenset()
    _number_lists: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; optional fields that are ``None`` are left out
        (required ones such as the root's ``parent`` are written as null)."""
        out: dict[str, Any] = {"seq": self.seq, "type": self.type}
        for f in fields(self):
            if f.name == "seq":
                continue
            v = getattr(self, f.name)
            if v is None:
                if f.default is MISSING:
                    out[f.name] = None
                continue
            if f.name in self._numbers:
                v = encode_number(v)
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    def to_json(self) -> str:
        """The event as JSON text: one line of a ``.jsonl`` trace, without the newline."""
        return self.to_line()

    def to_line(self) -> str:
        """``dumps_json(self.to_dict())``, byte for byte, without building the dict.

        Writing a trace serialises every event, so on first use each class gets a
        formatter generated from its fields, installed as its own ``to_line`` (the
        tests check that the two spellings agree)."""
        from .lines import compile_line_writer

        cls = type(self)
        writer = compile_line_writer(cls)
        cls.to_line = writer  # type: ignore[method-assign, assignment]
        return writer(self)


@dataclass(frozen=True, slots=True)
class Expand(Event):
    """A node is opened: its children will be searched in the order given."""

    type: ClassVar[str] = "expand"
    """Its type, written as ``"type": "expand"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"alpha", "beta", "value"})
    node: str
    """Id of the node being expanded."""
    parent: str | None
    """Id of its parent; ``None`` at the root."""
    depth: int
    """Ply of the node (the root is 0)."""
    player: str
    """``max``, ``min`` or ``chance``: who chooses here."""
    children: tuple[str, ...]
    """Ids of the children, in the order the search will visit them."""
    value: Number | None = None
    """The provisional value the node starts with (-inf at MAX, +inf at MIN)."""
    alpha: Number | None = None
    """Alpha on entry, where the algorithm has one."""
    beta: Number | None = None
    """Beta on entry, where the algorithm has one."""
    label: str | None = None
    """A readable picture of the position (generated games); trees use the id."""
    moves: tuple[str, ...] | None = None
    """Names of the moves leading to each child (generated games)."""
    probs: tuple[float, ...] | None = None
    """Chance nodes: the probability of each child, in the order of ``children``."""


@dataclass(frozen=True, slots=True)
class Evaluate(Event):
    """A leaf gets its value: a terminal utility or a static evaluation at the depth limit."""

    type: ClassVar[str] = "evaluate"
    """Its type, written as ``"type": "evaluate"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"value", "score"})
    node: str
    """Id of the evaluated node."""
    parent: str | None
    """Id of its parent; ``None`` at the root."""
    depth: int
    """Ply of the node."""
    player: str
    """The side to move at the node."""
    value: Number
    """The value, from MAX's point of view."""
    reason: str
    """``terminal`` (game over / a leaf of the tree) or ``depth-limit`` (static evaluation)."""
    score: Number | None = None
    """Negamax variants: the same value from the side to move's point of view."""
    label: str | None = None
    """A readable picture of the position (generated games)."""


@dataclass(frozen=True, slots=True)
class Backup(Event):
    """A child's value arrives at its parent, which updates its provisional value."""

    type: ClassVar[str] = "backup"
    """Its type, written as ``"type": "backup"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset(
        {"child_value", "value", "alpha", "beta", "score"}
    )
    node: str
    """Id of the parent receiving the value."""
    child: str
    """Id of the child whose value arrives."""
    child_value: Number
    """The value the child returned (MAX's view)."""
    value: Number
    """The parent's provisional value after the update (MAX's view).

    Fail-soft and minimax variants keep the best value seen; fail-hard keeps alpha
    (at MAX) or beta (at MIN), as Pearl's AB does."""
    best: str | None
    """The child that gives the provisional value, if any."""
    alpha: Number | None = None
    """Alpha after the update, where the algorithm has one."""
    beta: Number | None = None
    """Beta after the update, where the algorithm has one."""
    score: Number | None = None
    """Negamax variants: the parent's value from its side to move's point of view."""
    prob: float | None = None
    """Chance nodes: the child's probability; ``value`` is then the weighted sum so far."""
    exact: str | None = None
    """``value`` exactly, as a fraction (``"11/3"``), when it was computed from
    probabilities given as fractions and has no finite decimal expansion."""


@dataclass(frozen=True, slots=True)
class Cut(Event):
    """The search stops at a node: its remaining children will not be searched.

    A *beta cut* happens at a MAX node whose alpha reached an ancestor's beta; an
    *alpha cut* at a MIN node whose beta fell to an ancestor's alpha."""

    type: ClassVar[str] = "cut"
    """Its type, written as ``"type": "cut"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"alpha", "beta", "value"})
    node: str
    """Id of the node whose remaining children are pruned."""
    kind: str
    """``alpha`` or ``beta``; ``star1`` for a Star1 cut at a chance node (Ballard 1983)."""
    after: str
    """Id of the child whose value caused the cut."""
    alpha: Number
    """Alpha at the moment of the cut."""
    beta: Number
    """Beta at the moment of the cut."""
    value: Number
    """The value the node returns (MAX's view)."""
    pruned: tuple[str, ...]
    """Ids of the children that will not be searched, in search order."""


@dataclass(frozen=True, slots=True)
class Status(Event):
    """AND/OR search: a node is labelled solved or unsolvable ("Giochi a due giocatori")."""

    type: ClassVar[str] = "status"
    """Its type, written as ``"type": "status"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    node: str
    """Id of the labelled node."""
    status: str
    """``solved`` (the prover wins from here) or ``unsolvable``."""
    because: tuple[str, ...]
    """The children that decide it: the one solved child of an OR node, all children of
    an AND node; empty for a terminal node."""
    kind: str | None = None
    """``or`` (the prover chooses) or ``and`` (the opponent chooses); ``None`` for a leaf."""


@dataclass(frozen=True, slots=True)
class Numbers(Event):
    """Proof-number search (Allis 1994): a node's proof and disproof numbers change."""

    type: ClassVar[str] = "numbers"
    """Its type, written as ``"type": "numbers"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"proof", "disproof"})
    node: str
    """Id of the node."""
    proof: Number
    """Proof number: how many leaves must still be proved to prove the node (+inf: disproved)."""
    disproof: Number
    """Disproof number: how many must be disproved to disprove it (+inf: proved)."""


@dataclass(frozen=True, slots=True)
class Select(Event):
    """A node is chosen for expansion: A*'s best f on the open list, or PNS's most-proving node."""

    type: ClassVar[str] = "select"
    """Its type, written as ``"type": "select"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"g", "h", "f"})
    node: str
    """Id of the chosen node."""
    number: int
    """Expansion number: 1 for the first node expanded, 2 for the next, ..."""
    g: Number | None = None
    """A*: cost of the path from the start."""
    h: Number | None = None
    """A*: heuristic estimate of the cost to the goal."""
    f: Number | None = None
    """A*: g + h."""
    label: str | None = None
    """A readable picture of the state."""


@dataclass(frozen=True, slots=True)
class Generate(Event):
    """A*: a successor is generated and put on the open list."""

    type: ClassVar[str] = "generate"
    """Its type, written as ``"type": "generate"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"g", "h", "f"})
    node: str
    """Id of the new node."""
    parent: str | None
    """Id of the node it was generated from (``None`` for the start)."""
    order: int
    """Generation number (ties on f go to the lowest)."""
    g: Number
    """Cost of the path from the start."""
    h: Number
    """Heuristic estimate of the cost to the goal."""
    f: Number
    """g + h."""
    action: str | None = None
    """Name of the action that produced it."""
    label: str | None = None
    """A readable picture of the state."""


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """A*: a generated node is dropped because its state was already seen."""

    type: ClassVar[str] = "discard"
    """Its type, written as ``"type": "discard"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"g"})
    node: str
    """Id of the dropped node."""
    existing: str
    """Id of the node that already holds the same state."""
    reason: str
    """``repeated`` (already expanded, or on the open list with a g no worse) or
    ``replaced`` (an open node dropped because its state was reached more cheaply)."""
    g: Number | None = None
    """The dropped node's g."""


@dataclass(frozen=True, slots=True)
class Goal(Event):
    """A*: a goal node is selected for expansion; the search ends."""

    type: ClassVar[str] = "goal"
    """Its type, written as ``"type": "goal"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"cost"})
    node: str
    """Id of the goal node."""
    cost: Number
    """Cost of the path found."""
    path: tuple[str, ...]
    """Node ids from the start to the goal."""


@dataclass(frozen=True, slots=True)
class Iteration(Event):
    """Iterative deepening, aspiration windows, MTD(f): one search of the root is finished.

    Iterative deepening searches the root to depth 1, 2, ... (one event each); an
    aspiration window that fails is searched again (a second event); MTD(f) makes one
    null-window test per event until its bounds meet (Plaat et al. 1996)."""

    type: ClassVar[str] = "iteration"
    """Its type, written as ``"type": "iteration"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"value", "alpha", "beta"})
    node: str
    """Id of the root."""
    depth: int | None
    """The depth limit of this search (the ply whose nodes are scored statically);
    ``None`` when it goes to the end of the game."""
    kind: str
    """``iteration`` (a full-window search), ``aspiration`` (a search with a window
    around the previous iteration's value), ``re-search`` (the same depth again after
    the aspiration window failed, with the failed side opened) or ``mtdf`` (one
    null-window test of MTD(f))."""
    value: Number
    """The value the search returned (MAX's view)."""
    flag: str
    """What ``value`` says about the root: ``exact``, ``lower`` (the true value is at
    least ``value``: the search failed high) or ``upper`` (at most: it failed low)."""
    pv: tuple[str, ...]
    """Node ids of the principal variation found (the next iteration searches it first)."""
    nodes: int
    """Nodes visited so far by the whole search, this iteration included."""
    alpha: Number | None = None
    """Alpha of the window searched (MAX's view)."""
    beta: Number | None = None
    """Beta of the window searched."""


@dataclass(frozen=True, slots=True)
class Transposition(Event):
    """The transposition table (Greenblatt 1967; Marsland 1986) answers a node or keeps one.

    A ``hit`` finds the node's position, searched to the same remaining depth, with a
    value that settles the node in the present window: the node is not searched.  A
    ``store`` keeps a searched node's value and best move."""

    type: ClassVar[str] = "tt"
    """Its type, written as ``"type": "tt"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    _numbers: ClassVar[frozenset[str]] = frozenset({"value"})
    node: str
    """Id of the node."""
    kind: str
    """``hit`` or ``store``."""
    flag: str
    """``exact`` (the value is the node's value), ``lower`` (a lower bound: the search
    failed high) or ``upper`` (an upper bound: it failed low)."""
    value: Number
    """The value kept or found (MAX's view)."""
    draft: int | None
    """Remaining depth the value is good for (the depth limit minus the node's ply);
    ``None`` when the search goes to the end of the game."""
    stored_at: str | None = None
    """Hits: id of the node whose search stored the entry (another path to the same
    position, or the same node in an earlier pass)."""
    move: str | None = None
    """Stores: the best move found, which is searched first when the position returns."""


@dataclass(frozen=True, slots=True)
class Reorder(Event):
    """Move-ordering techniques change the order of a node's children (the expand event
    that follows lists them in the new order)."""

    type: ClassVar[str] = "order"
    """Its type, written as ``"type": "order"`` in JSON (the key of :data:`EVENT_TYPES`)."""
    node: str
    """Id of the node."""
    children: tuple[str, ...]
    """Ids of the children in the new order."""
    reasons: tuple[str, ...]
    """Why each child is where it is: ``pv`` (the previous iteration's principal
    variation), ``tt`` (the transposition table's best move), ``killer`` (a move that
    caused a cut at the same ply, Akl & Newborn 1977), ``history`` (ranked by the history
    heuristic, Schaeffer 1983) or ``""`` (the base order)."""
    history: tuple[int, ...] | None = None
    """History scores of the children, in the same order (history heuristic only)."""


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (Expand, Evaluate, Backup, Cut, Status, Numbers, Select, Generate, Discard, Goal,
                Iteration, Transposition, Reorder)
}


_HINT_KINDS = {"int": "int", "int | None": "int?", "str": "str", "str | None": "str?",
               "tuple[str, ...]": "strs", "tuple[str, ...] | None": "strs?"}

_EXPECTED = {"int": said("an integer"), "int?": said("an integer or null"),
             "str": said("a string"), "str?": said("a string or null"),
             "strs": said("a list of strings"), "strs?": said("a list of strings or null")}


@cache
def field_kinds(kind: str) -> dict[str, str]:
    """What each field of an event type holds, by name: ``int``, ``str``, ``strs`` (a
    list of strings), each with ``?`` when it may be null; ``number`` for the number
    fields (a number or an unbounded value's string); ``any`` for the rest."""
    cls = EVENT_TYPES[kind]
    hints = typing.get_type_hints(cls)
    out: dict[str, str] = {}
    for f in fields(cls):
        hint = hints[f.name]
        spelt = hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")
        out[f.name] = "number" if f.name in cls._numbers else _HINT_KINDS.get(spelt, "any")
    return out


KIND_TYPES: dict[str, tuple[type, ...]] = {
    "int": (int,), "int?": (int, type(None)), "str": (str,), "str?": (str, type(None)),
    "strs": (list,), "strs?": (list, type(None)), "number": (int, float, str, type(None))}
"""The classes of JSON value each kind of field (:func:`field_kinds`) takes, exactly
(``true`` is no int), as ``json`` makes them; a number's string must also be one of the
unbounded values', a list's items strings."""


def _fits(kind: str, value: Any) -> bool:
    """The JSON value is what a field of that kind holds."""
    if type(value) not in KIND_TYPES[kind]:
        return False
    return not isinstance(value, list) or all(isinstance(v, str) for v in value)


def event_from_json(data: Any, *, file: str = "<trace>", where: str = "$") -> Event:
    """Rebuild an event from its JSON dict (the inverse of ``Event.to_dict``)."""
    if not isinstance(data, dict):
        raise InputError(said("expected an event object"), file=file, where=where)
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        allowed = ", ".join(sorted(EVENT_TYPES))
        raise InputError(said("unknown event type {kind!r} (expected one of: {allowed})",
                              kind=kind, allowed=allowed), file=file, where=f"{where}.type")
    kwargs: dict[str, Any] = {}
    names = {f.name for f in fields(cls)}
    kinds = field_kinds(kind)
    for key, value in data.items():
        if key == "type":
            continue
        if key not in names:
            raise InputError(said("unexpected key {key!r} in a {kind} event", key=key, kind=kind),
                             file=file, where=f"{where}.{key}")
        expected = _EXPECTED.get(kinds[key])
        if expected is not None and not _fits(kinds[key], value):
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise InputError(said("expected {expected} for {key!r}, got {shown}",
                                  expected=expected, key=key, shown=shown),
                             file=file, where=f"{where}.{key}")
        if key in cls._numbers and value is not None:
            try:
                value = decode_number(value)
            except ValueError:
                raise InputError(said('expected a number or "+inf"/"-inf", got {value!r}',
                                      value=value), file=file, where=f"{where}.{key}") from None
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except TypeError as exc:
        # the constructor's own words (a field left out): Python's, in English
        raise InputError(said("bad {kind} event: {reason}", kind=kind, reason=str(exc)),
                         file=file, where=where) from None
