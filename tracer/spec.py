"""What a search is asked to do: the frozen :class:`SearchSpec` and its field table.

Every option a search takes is described once, in :data:`FIELDS`: its type, the library
list its choices come from (``tracer.search:ALGORITHMS``, ``tracer.search:ORDERS``...),
its default, its range, its help sentence, its command-line spelling, and which
algorithms and variants take it (:data:`APPLIES`).  From this one table come the
command line's options (:mod:`tracer.cli.options`), the search part of the service's
request schemas (:mod:`tracer.service.openapi`), the menus of ``GET /v1/algorithms`` and,
through them, the page's menus; :class:`SearchSpec` checks a request against it once,
as python-chess's frozen ``chess.engine.Limit`` is made once and passed along.

The library lists are named, not imported: they are loaded on first use
(:func:`library_list`), so that reading the table (``gametrace --help``) does not
import the searches.  A new variant is one entry in its family's list of variants
(``ALPHABETA_VARIANTS``...), which ``tracer.search:ALGORITHMS`` gathers: the command
line, the service and the page read it from there.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .choices import unknown_choice
from .errors import UsageError
from .header import Header
from .said import Said, said

# Type-only: the searches are loaded on first use (library_list), so that
# ``gametrace --help`` does not import them.
if TYPE_CHECKING:
    from .search.limits import Limits

__all__ = ["APPLIES", "FIELDS", "LIMIT_FIELDS", "Field", "SearchSpec", "algorithms",
           "check_options", "library_list", "menus", "request_options", "takes",
           "variant_help"]


def library_list(where: str) -> tuple[str, ...]:
    """The names in the library list ``where`` (``"tracer.search:ORDERS"``; a mapping
    gives its keys; ``tracer.players:Player`` its two players, chance excluded)."""
    module, _, name = where.partition(":")
    names = getattr(importlib.import_module(module), name)
    return tuple(str(n) for n in names if str(n) != "chance")


def algorithms() -> Mapping[str, tuple[str, ...]]:
    """Each algorithm family and its variants, the first the default
    (``tracer.search:ALGORITHMS``)."""
    module = importlib.import_module("tracer.search")
    table: Mapping[str, tuple[str, ...]] = module.ALGORITHMS
    return table


@dataclass(frozen=True)
class Field:
    """One search option, described once."""

    name: str
    """The :class:`SearchSpec` attribute, the service's JSON key, the library keyword."""
    flag: str
    """The command line's spelling (``--cut-on``)."""
    help: str
    """The sentence ``--help`` prints."""
    kind: str
    """``choice`` (one of :attr:`choices`), ``variant`` (one of the algorithm's),
    ``int``, ``float``, ``pair`` (two numbers) or ``text``."""
    choices: str | None = None
    """The library list the choices come from (:func:`library_list`)."""
    default: Any = None
    """The default (``None``: not given; the library then picks, as for ``cut_on``)."""
    shown_default: Any = None
    """What not giving it means, when ``default`` is ``None`` (``cut_on``: ``ge``)."""
    low: float | None = None
    high: float | None = None
    """The range of a number, both ends included unless :attr:`low_open`."""
    low_open: bool = False
    request_range: tuple[int, int] | None = None
    """The range the service takes, when it is narrower than the library's (a seed
    that fits 32 bits, a depth of at most 64)."""
    short: str | None = None
    """A one-letter spelling (``-a``)."""
    metavar: str | None = None
    dest: str | None = None
    """The command function's parameter, when it is not :attr:`name`."""
    applies: Mapping[str, tuple[str, ...] | None] | None = None
    """The families that take it and in each the variants (``None``: all); ``None``:
    every family (a row of :data:`APPLIES`)."""
    applies_words: Said | None = None
    """How the refusal names it (``--cut-on applies``)."""
    max_length: int | None = None
    """The longest text the service takes."""


_SEARCH = "tracer.search"
_CUTTING = ("fail-soft", "fail-hard", "negamax", "list")
"""The alpha-beta variants with a cut test: the lecture's ``slide-002`` alpha-beta has
its own tests, so no ``--cut-on``."""

FIELDS: dict[str, Field] = {f.name: f for f in (
    Field("algorithm", "--algorithm", "Algorithm family.", "choice",
          choices=f"{_SEARCH}:ALGORITHMS", default="alphabeta", short="-a"),
    Field("variant", "--variant", "", "variant", metavar="V"),
    Field("order", "--order", "Child ordering; best/worst sort children by their exact "
          "minimax value.", "choice", choices=f"{_SEARCH}:ORDERS", default="natural"),
    Field("seed", "--seed", "Seed for --order random (default 0).", "int",
          request_range=(-(2**31), 2**31 - 1)),
    Field("depth", "--depth", "Depth limit: nodes at this ply are scored by their static "
          "value.", "int", low=0, request_range=(0, 64)),
    Field("cut_on", "--cut-on", "alphabeta, enhanced, expectiminimax star1: cut when "
          "alpha >= beta (ge, the default) or only when alpha > beta (gt), e.g. --cut-on "
          "gt.", "choice", choices=f"{_SEARCH}:CUT_TESTS", shown_default="ge",
          applies={"alphabeta": _CUTTING, "enhanced": None, "expectiminimax": ("star1",)},
          applies_words=said("{option} applies", option="--cut-on")),
    Field("bounds", "--bounds", "expectiminimax star1: lower and upper bounds on every "
          "leaf value, e.g. --bounds -2 7.", "pair", metavar="LO HI",
          applies={"expectiminimax": ("star1",)},
          applies_words=said("{option} applies", option="--bounds")),
    Field("prover", "--prover", "andor, pns: whose win to prove [default: max], e.g. "
          "--prover min.", "choice", choices="tracer.players:Player",
          applies={"andor": None, "pns": None},
          applies_words=said("{option} applies", option="--prover")),
    Field("techniques", "--technique", "enhanced: move-ordering techniques, "
          "comma-separated: id, killer, history, tt, aspiration[:WIDTH] (see "
          "docs/ordering.md), e.g. --technique id,tt.", "text", default="",
          metavar="LIST", dest="techniques", max_length=200, applies={"enhanced": None},
          applies_words=said("move-ordering techniques (--technique) apply")),
    Field("root_player", "--root-player", "Who moves at the root of a tree file "
          "[default: max], e.g. --root-player min.", "choice",
          choices="tracer.players:Player"),
    Field("max_nodes", "--max-nodes", "Stop cleanly after visiting this many nodes; the "
          "trace says it was cut short.", "int", low=1),
    Field("time_limit", "--time-limit", "Stop cleanly after this many seconds.", "float",
          low=0, low_open=True, metavar="SECONDS"),
    Field("max_trace_bytes", "--max-trace-mb", "Stop cleanly before the trace's events "
          "pass this many megabytes (10^6 bytes); the trace says it was cut short.", "int",
          low=1, metavar="MB"),
)}
"""Every search option: the one place each is described."""

LIMIT_FIELDS = ("max_nodes", "time_limit", "max_trace_bytes")
"""The budgets (:class:`tracer.search.Limits`); the command line gives the trace's in
megabytes."""

APPLIES: Mapping[str, Mapping[str, tuple[str, ...] | None]] = {
    f.name: f.applies for f in FIELDS.values() if f.applies is not None}
"""Per option that some families only take: those families, and in each the variants
(``None``: all)."""


def variant_help() -> str:
    """``minimax: two-function (default), negamax, list. alphabeta: ...``: every family's
    variants, read from ``tracer.search:ALGORITHMS`` when asked."""
    return " ".join(
        f"{name}: {variants[0]}"
        + (" (default), " + ", ".join(variants[1:]) if len(variants) > 1 else "") + "."
        for name, variants in algorithms().items())


def request_options(body: Mapping[str, Any]) -> dict[str, Any]:
    """The search options a request ``body`` gives: its keys that are fields of the spec,
    budgets apart (the service caps them)."""
    return {name: body[name] for name in FIELDS if name in body and name not in LIMIT_FIELDS}


def menus() -> dict[str, Any]:
    """What a search may be asked, for a page's menus (``GET /v1/algorithms``): each
    family with its variants (the first the default), the orderings, cut tests, provers
    and techniques, which option applies where, and each option's type, range, default
    and help (the field table)."""
    options: dict[str, Any] = {}
    for f in FIELDS.values():
        entry: dict[str, Any] = {"flag": f.flag, "kind": f.kind, "help": f.help}
        if f.choices is not None:
            entry["choices"] = list(library_list(f.choices))
        shown = f.default if f.default is not None else f.shown_default
        if shown not in (None, ""):
            entry["default"] = shown
        low, high = f.request_range or (f.low, f.high)
        if low is not None:
            entry["minimum" if not f.low_open else "above"] = low
        if high is not None:
            entry["maximum"] = high
        if f.applies is not None:
            entry["applies"] = {a: None if v is None else list(v)
                                for a, v in f.applies.items()}
        options[f.name] = entry
    table = algorithms()
    return {"algorithms": [{"name": k, "variants": list(v)} for k, v in table.items()],
            "default_variants": {k: v[0] for k, v in table.items()},
            "orders": list(library_list(FIELDS["order"].choices or "")),
            "cut_on": list(library_list(FIELDS["cut_on"].choices or "")),
            "provers": list(library_list(FIELDS["prover"].choices or "")),
            "techniques": list(library_list("tracer.search:TECHNIQUES")),
            "options": options}


def takes(option: str, algorithm: str, variant: str | None) -> bool:
    """Whether ``algorithm``/``variant`` takes ``option`` (a key of :data:`APPLIES`;
    ``variant`` ``None``: the algorithm's default, which takes what its family takes)."""
    families = APPLIES[option]
    if algorithm not in families:
        return False
    variants = families[algorithm]
    return variants is None or variant is None or variant in variants


def check_options(algorithm: str, variant: str, *, order: str = "natural",
                  given: Mapping[str, object]) -> None:
    """A :class:`UsageError` for the first option in ``given`` (name -> value; ``None``
    or empty means not given) that ``algorithm``/``variant`` does not take, or a
    ``seed`` without the random ordering."""
    for name, families in APPLIES.items():
        if given.get(name) in (None, "", ()):
            continue
        variants = families.get(algorithm, ())
        if variants is None or variant in variants:
            continue
        where = ", ".join(f"{a} ({', '.join(v)})" if v else a for a, v in families.items())
        here = algorithm if algorithm not in families else f"{algorithm} {variant}"
        raise UsageError(said("{option} to -a {where}, not to {here}",
                              option=FIELDS[name].applies_words, where=where, here=here))
    if given.get("seed") is not None and order != "random":
        raise UsageError(said("--seed applies to --order random, not to --order {order}",
                              order=order))


@dataclass(frozen=True)
class SearchSpec:
    """One search, asked for once and checked once: the algorithm, its variant and its
    options (:data:`FIELDS`), and the budgets.  ``None`` means not given: ``variant`` is
    then the algorithm's first, ``cut_on`` ``ge``, ``prover`` ``max``.

    Making one refuses, in the words of ``gametrace run``, an unknown algorithm or
    variant (naming the nearest), an option given where it does nothing (``cut_on`` for
    minimax, ``seed`` without the random order), an unknown ordering and a negative
    depth."""

    algorithm: str = "alphabeta"
    variant: str | None = None
    order: str = "natural"
    seed: int | None = None
    depth: int | None = None
    cut_on: str | None = None
    bounds: tuple[float, float] | None = None
    prover: str | None = None
    techniques: str | tuple[str, ...] = ""
    root_player: str | None = None
    limits: Limits | None = None
    """The budgets (``None``: none)."""

    def __post_init__(self) -> None:
        table = algorithms()
        _choose(said("algorithm"), self.algorithm, tuple(table))
        variants = table[self.algorithm]
        _choose(said("{algorithm} variant", algorithm=self.algorithm), self.shown_variant, variants)
        check_options(self.algorithm, self.shown_variant, order=self.order,
                      given={"cut_on": self.cut_on, "bounds": self.bounds,
                             "prover": self.prover, "techniques": self.techniques,
                             "seed": self.seed})
        _choose(said("ordering"), self.order, library_list(FIELDS["order"].choices or ""))
        if self.depth is not None and self.depth < 0:
            raise UsageError(said("depth must be 0 or more, got {depth}", depth=self.depth))
        if self.bounds is not None:  # a JSON list, or click's tuple
            object.__setattr__(self, "bounds", (self.bounds[0], self.bounds[1]))

    @property
    def shown_variant(self) -> str:
        """The variant the search runs: the one given, else the algorithm's first."""
        return self.variant if self.variant is not None else algorithms()[self.algorithm][0]

    @property
    def title(self) -> str:
        """``alphabeta (fail-soft)``, ``enhanced (pvs; id,tt)``: how a summary names it."""
        techniques = self.techniques if isinstance(self.techniques, str) \
            else ",".join(self.techniques)
        extra = f"; {techniques}" if techniques else ""
        return f"{self.algorithm} ({self.shown_variant}{extra})"

    @classmethod
    def make(cls, **given: Any) -> SearchSpec:
        """A spec from keyword options, ``None`` standing for not given (the defaults)."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(given) - known)
        if unknown:
            raise TypeError(f"SearchSpec has no option {unknown[0]!r}")
        return cls(**{k: v for k, v in given.items() if v is not None})

    @classmethod
    def from_request(cls, body: Mapping[str, Any], *,
                     limits: Limits | None = None) -> SearchSpec:
        """The spec a service request asks for: the keys of :data:`FIELDS` in ``body``
        (the budgets apart: the service caps them, ``limits``)."""
        return cls.make(**request_options(body), limits=limits)

    @classmethod
    def from_header(cls, header: Header, *, limits: Limits | None = None) -> SearchSpec:
        """The spec that searches again what a trace's ``header`` records (its
        algorithm, variant and options; the root player is the source's)."""
        options = header.options
        bounds = options.get("bounds")
        techniques = options.get("techniques") or ""
        return cls.make(
            algorithm=header.algorithm, variant=header.variant, order=options.get("order"),
            seed=options.get("seed"), depth=options.get("depth"),
            # every header records its cut test, "ge" (the default) also where the
            # algorithm has none: given only when it is the other one
            cut_on=None if options.get("cut_on") in (None, "ge") else options["cut_on"],
            bounds=None if bounds is None else (bounds[0], bounds[1]),
            prover=options.get("prover"),
            techniques=techniques if isinstance(techniques, str) else tuple(techniques),
            limits=limits)


def _choose(what: Said, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise UsageError(unknown_choice(what, value, allowed))
