"""What a trace says besides its events: its header (what was searched and how) and its
result (the answer, with the counts of what the search did).

They are their own module, below :mod:`tracer.trace` and :mod:`tracer.wellformed`, so
that the rules a trace must keep can name them while :mod:`tracer.trace` applies those
rules when it reads a trace.  :mod:`tracer.trace` re-exports them: ``tracer.trace.Header``
is where users find them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import InputError
from .jsonio import decode_number, encode_number
from .said import said

__all__ = ["FORMAT", "VERSION", "Header", "Number", "Result", "Stats", "exact_number",
           "require_object"]

FORMAT = "gametree-trace"
VERSION = 1

Number = float | int


@dataclass(frozen=True)
class Header:
    """What was searched and how: enough to redraw the tree and rerun the search."""

    algorithm: str
    """Algorithm family, e.g. ``minimax`` or ``alphabeta``."""
    variant: str
    """Variant within the family, e.g. ``fail-soft``."""
    root: str
    """Id of the root node."""
    options: dict[str, Any] = field(default_factory=dict)
    """Every option of the search (order, seed, depth, cut_on, root_player, ...)."""
    source: dict[str, Any] = field(default_factory=dict)
    """Where the game came from: ``{"kind": "tree", "name": ..., "tree": {...}}`` for
    explicit trees (the whole tree, so renderers can draw what was never searched),
    ``{"kind": "game", "name": ..., "params": {...}}`` for generated games."""
    capture: dict[str, Any] | None = None
    """A capture's account of where it was cut from (``gametrace run --capture``): the
    move ``path``, the ``node``'s id and ``depth`` in the whole search, the ``window``
    it was searched with; None for a whole search."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "algorithm": self.algorithm,
            "variant": self.variant,
            "root": self.root,
            "options": self.options,
            "source": self.source,
        }
        if self.capture is not None:
            out["capture"] = self.capture
        return out

    @classmethod
    def from_json(cls, data: Any, *, file: str, where: str) -> Header:
        obj = require_object(data, file=file, where=where)
        try:
            return cls(
                algorithm=_require_str(obj, "algorithm", file=file, where=where),
                variant=_require_str(obj, "variant", file=file, where=where),
                root=_require_str(obj, "root", file=file, where=where),
                options=dict(obj.get("options", {})),
                source=dict(obj.get("source", {})),
                capture=None if obj.get("capture") is None else dict(obj["capture"]),
            )
        except InputError:
            raise  # already names its place
        except (TypeError, ValueError) as exc:
            # Python's own words (a value of the wrong kind), in English
            raise InputError(said("bad header: {reason}", reason=str(exc)),
                             file=file, where=where) from None


@dataclass(frozen=True)
class Stats:
    """Counts of what the search did."""

    nodes_expanded: int = 0
    """Inner nodes whose children were generated."""
    leaves_evaluated: int = 0
    """Nodes scored by utility or static evaluation."""
    cuts: int = 0
    """Alpha and beta cuts made."""
    children_pruned: int = 0
    """Children skipped by those cuts (each the root of a pruned subtree)."""
    max_depth: int = 0
    """Deepest ply reached (the root is 0)."""
    max_list_length: int | None = None
    """List variants: the longest the list L grew (space O(b*m))."""

    @property
    def nodes_visited(self) -> int:
        return self.nodes_expanded + self.leaves_evaluated

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "nodes_expanded": self.nodes_expanded,
            "leaves_evaluated": self.leaves_evaluated,
            "nodes_visited": self.nodes_visited,
            "cuts": self.cuts,
            "children_pruned": self.children_pruned,
            "max_depth": self.max_depth,
        }
        if self.max_list_length is not None:
            out["max_list_length"] = self.max_list_length
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stats:
        return cls(
            nodes_expanded=int(data.get("nodes_expanded", 0)),
            leaves_evaluated=int(data.get("leaves_evaluated", 0)),
            cuts=int(data.get("cuts", 0)),
            children_pruned=int(data.get("children_pruned", 0)),
            max_depth=int(data.get("max_depth", 0)),
            max_list_length=data.get("max_list_length"),
        )


@dataclass(frozen=True)
class Result:
    """The answer of a search, from MAX's point of view."""

    value: Number | None
    """The root's backed-up value; ``None`` only when a budget stopped the search."""
    move: str | None
    """Id of the root's child the search chooses (the first one that reaches the value)."""
    pv: tuple[str, ...]
    """Principal variation: node ids from the root down to a leaf."""
    stats: Stats
    """What the search did."""
    complete: bool = True
    """False when a budget stopped the search early."""
    stopped: str | None = None
    """Which budget stopped it: ``max-nodes`` or ``time-limit``."""
    exact: str | None = None
    """``value`` exactly, as a fraction (``"11/3"``), when expectiminimax computed it
    from probabilities given as fractions and it has no finite decimal expansion;
    ``value`` is then its nearest float.  None for every other value."""

    def __post_init__(self) -> None:
        # A search hands over an exact value as it computed it (a Fraction): the result
        # keeps a JSON number, and the fraction's spelling when no number gives it.
        value: Any = self.value
        if type(value) is Fraction:
            number, exact = exact_number(value)
            object.__setattr__(self, "value", number)
            if self.exact is None:
                object.__setattr__(self, "exact", exact)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "value": None if self.value is None else encode_number(self.value)}
        if self.exact is not None:
            out["exact"] = self.exact
        out.update({
            "move": self.move,
            "pv": list(self.pv),
            "stats": self.stats.to_json(),
            "complete": self.complete,
        })
        if self.stopped is not None:
            out["stopped"] = self.stopped
        return out

    @classmethod
    def from_json(cls, data: Any, *, file: str, where: str) -> Result:
        obj = require_object(data, file=file, where=where)
        try:
            return cls(
                value=None if obj["value"] is None else decode_number(obj["value"]),
                move=obj.get("move"),
                pv=tuple(obj.get("pv", ())),
                stats=Stats.from_json(obj.get("stats", {})),
                complete=bool(obj.get("complete", True)),
                stopped=obj.get("stopped"),
                exact=_optional_str(obj, "exact", file=file, where=where),
            )
        except (KeyError, TypeError, ValueError) as exc:
            # Python's own words (a key left out, a value of the wrong kind), in English
            raise InputError(said("bad result: {reason}", reason=str(exc)),
                             file=file, where=where) from None


def require_object(data: Any, *, file: str, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InputError(said("expected a JSON object"), file=file, where=where)
    return data


def _require_str(obj: dict[str, Any], key: str, *, file: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        raise InputError(said("expected a string for {key!r}", key=key), file=file,
                         where=f"{where}.{key}")
    return value


def _optional_str(obj: dict[str, Any], key: str, *, file: str, where: str) -> str | None:
    return None if obj.get(key) is None else _require_str(obj, key, file=file, where=where)


def exact_number(x: Fraction) -> tuple[Number, str | None]:
    """A fraction as a JSON number (an integer when whole, else its nearest float) and,
    when its decimal expansion does not end, its exact spelling (``"11/3"``)."""
    if x.denominator == 1:
        return x.numerator, None
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return float(x), None if d == 1 else f"{x.numerator}/{x.denominator}"
