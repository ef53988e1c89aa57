"""What a search is asked to do: the frozen :class:`SearchSpec` and its field table.

Every option a search takes is described once, in :data:`FIELDS`: its type, the names
its choices come from (:data:`tracer.families.ALGORITHMS`, ``ORDERS``...),
its default, its range, its help sentence, its command-line spelling, and which
algorithms and variants take it (:data:`APPLIES`).  From this one table come the
command line's options (:mod:`tracer.cli.options`), the search part of the service's
request schemas (:mod:`tracer.service.models.openapi`), the menus of ``GET /v1/algorithms`` and,
through them, the page's menus; :class:`SearchSpec` checks a request against it once,
as python-chess's frozen ``chess.engine.Limit`` is made once and passed along.

The names a field chooses from are data of the core (:mod:`tracer.families`): checking a
spec imports no search.  A new variant is one name in its family's tuple there
(``ALPHABETA_VARIANTS``...), which the command line, the service and the page read.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .errors import UsageError
from .families import (
    ALGORITHMS,
    CUT_TESTS,
    ORDERS,
    PROVERS,
    TECHNIQUES,
    Techniques,
    choose,
)
from .header import Header
from .limits import Limits
from .ranges import check_depth
from .said import Said, said

__all__ = ["APPLIES", "FIELDS", "LIMIT_FIELDS", "Field", "SearchSpec", "algorithms",
           "check_options", "menus", "request_options", "takes", "variant_help"]


def algorithms() -> Mapping[str, tuple[str, ...]]:
    """Each algorithm family and its variants, the first the default
    (:data:`tracer.families.ALGORITHMS`)."""
    return ALGORITHMS


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
    choices: tuple[str, ...] | None = None
    """The names it chooses from: a table of :mod:`tracer.families` (``ORDERS``; the
    families of ``ALGORITHMS``), the table itself, so a spec imports nothing by name."""
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


_CUTTING = ("fail-soft", "fail-hard", "negamax", "list")
"""The alpha-beta variants with a cut test: the lecture's ``slide-002`` alpha-beta has
its own tests, so no ``--cut-on``."""

FIELDS: dict[str, Field] = {f.name: f for f in (
    Field("algorithm", "--algorithm", "Algorithm family.", "choice",
          choices=tuple(ALGORITHMS), default="alphabeta", short="-a"),
    Field("variant", "--variant", "", "variant", metavar="V"),
    Field("order", "--order", "Child ordering; best/worst sort children by their exact "
          "minimax value.", "choice", choices=ORDERS, default="natural"),
    Field("seed", "--seed", "Seed for --order random (default 0).", "int",
          request_range=(-(2**31), 2**31 - 1)),
    Field("depth", "--depth", "Depth limit: nodes at this ply are scored by their static "
          "value.", "int", low=0, request_range=(0, 64)),
    Field("cut_on", "--cut-on", "alphabeta, enhanced, expectiminimax star1: cut when "
          "alpha >= beta (ge, the default) or only when alpha > beta (gt), e.g. --cut-on "
          "gt.", "choice", choices=CUT_TESTS, shown_default="ge",
          applies={"alphabeta": _CUTTING, "enhanced": None, "expectiminimax": ("star1",)},
          applies_words=said("{option} applies", option="--cut-on")),
    Field("bounds", "--bounds", "expectiminimax star1: lower and upper bounds on every "
          "leaf value, e.g. --bounds -2 7.", "pair", metavar="LO HI",
          applies={"expectiminimax": ("star1",)},
          applies_words=said("{option} applies", option="--bounds")),
    Field("prover", "--prover", "andor, pns: whose win to prove [default: max], e.g. "
          "--prover min.", "choice", choices=PROVERS,
          applies={"andor": None, "pns": None},
          applies_words=said("{option} applies", option="--prover")),
    Field("techniques", "--technique", "enhanced: move-ordering techniques, "
          "comma-separated: id, killer, history, tt, aspiration[:WIDTH] (see "
          "docs/ordering.md), e.g. --technique id,tt.", "text", default="",
          metavar="LIST", dest="techniques", max_length=200, applies={"enhanced": None},
          applies_words=said("move-ordering techniques (--technique) apply")),
    Field("root_player", "--root-player", "Who moves at the root of a tree file "
          "[default: max], e.g. --root-player min.", "choice",
          choices=PROVERS),
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
"""The budgets (:class:`tracer.limits.Limits`); the command line gives the trace's in
megabytes."""

APPLIES: Mapping[str, Mapping[str, tuple[str, ...] | None]] = {
    f.name: f.applies for f in FIELDS.values() if f.applies is not None}
"""Per option that some families only take: those families, and in each the variants
(``None``: all)."""


def variant_help() -> str:
    """``minimax: two-function (default), negamax, list. alphabeta: ...``: every family's
    variants (:data:`tracer.families.ALGORITHMS`)."""
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
            entry["choices"] = list(f.choices)
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
            "orders": list(ORDERS),
            "cut_on": list(CUT_TESTS),
            "provers": list(PROVERS),
            "techniques": list(TECHNIQUES),
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
    minimax, ``seed`` without the random order), an unknown ordering or cut test, a
    negative depth, and what a family cannot run: a depth limit or an unknown prover for
    a proof search, Star1 without bounds on the leaf values, an unknown technique or
    one the ``enhanced`` variant does not combine with.  The searches take the spec as
    it is (:func:`tracer.search.run_search`); only what depends on the game (a chance
    node, a static evaluation, its bounds) is theirs to refuse."""

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
        choose(said("algorithm"), self.algorithm, ALGORITHMS)
        variant = self.shown_variant
        choose(said("{algorithm} variant", algorithm=self.algorithm), variant,
               ALGORITHMS[self.algorithm])
        check_options(self.algorithm, variant, order=self.order,
                      given={"cut_on": self.cut_on, "bounds": self.bounds,
                             "prover": self.prover, "techniques": self.techniques,
                             "seed": self.seed})
        choose(said("ordering"), self.order, ORDERS)
        check_depth(self.depth)
        if self.bounds is not None:  # a JSON list, or click's tuple
            object.__setattr__(self, "bounds", (self.bounds[0], self.bounds[1]))
        if self.cut_on is not None:
            choose(said("cut test"), self.cut_on, CUT_TESTS)
        if self.algorithm in ("andor", "pns"):
            self._check_proof()
        elif self.algorithm == "expectiminimax" and variant == "star1":
            self.star1_bounds()
        elif self.algorithm == "enhanced":
            self._check_enhanced(variant)

    def _check_proof(self) -> None:
        if self.prover is not None:
            choose(said("prover"), self.prover, PROVERS)
        if self.depth is not None:
            raise UsageError(said("--depth does not apply to proof searches: a proof needs "
                                  "terminal positions"))

    def _check_enhanced(self, variant: str) -> None:
        tech = self.technique_set
        if self.order not in ("natural", "reverse", "random"):
            raise UsageError(said("the enhanced searches order moves themselves: --order "
                                  "{order} (an oracle ordering) applies to minimax and "
                                  "alphabeta; choose from: natural, reverse, random",
                                  order=self.order))
        if self.cut_on not in (None, "ge"):
            raise UsageError(said("the enhanced searches cut when alpha >= beta only "
                                  "(--cut-on ge)"))
        if tech.aspiration is not None and not tech.id:
            raise UsageError(said("aspiration windows are centred on the previous "
                                  "iteration's value: use them with iterative deepening "
                                  "(--technique id,aspiration)"))
        if tech.aspiration is not None and variant == "mtdf":
            raise UsageError(said("MTD(f) already searches null windows around its guess: "
                                  "aspiration windows do not apply to it"))

    @cached_property
    def technique_set(self) -> Techniques:
        """The ``enhanced`` family's techniques, parsed (none for the other families)."""
        return Techniques.parse(self.techniques)

    def star1_bounds(self) -> tuple[float, float]:
        """Star1's bounds on the leaf values (expectiminimax ``star1``), or the refusal
        of missing or crossed ones."""
        if self.bounds is None:
            raise UsageError(said("expectiminimax star1 needs bounds on the leaf values: "
                                  "give --bounds LO HI (every leaf value must lie in "
                                  "[LO, HI])"))
        lo, hi = self.bounds
        if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi:
            raise UsageError(said("--bounds must be two finite numbers LO <= HI, got "
                                  "{lo} {hi}", lo=lo, hi=hi))
        return lo, hi

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
    def given(cls, spec: SearchSpec | None, options: Mapping[str, Any]) -> SearchSpec:
        """``spec``, or the one the keyword ``options`` make (:meth:`make`): a call takes
        one or the other, not both."""
        if spec is None:
            return cls.make(**options)
        if options:
            raise TypeError(f"give spec= or the search options, not both "
                            f"({', '.join(options)})")
        return spec

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
