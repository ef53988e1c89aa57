"""What ``gametrace compare`` computes on one source: the orderings of the children (or
the move-ordering techniques) compared, and any one of those searches again, recorded,
for a side-by-side picture.

:func:`plan_comparison` checks what is asked before any search runs (the picture's
pair included); :func:`compare_source` runs the searches through
:func:`tracer.search.run_search`; the counting is :mod:`.counting`'s, the table
:mod:`.report`'s, the technique comparison :mod:`tracer.search.technique_comparison`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...choices import unknown_choice
from ...errors import LimitExceeded, UsageError
from ...jsonio import dumps_json
from ...limits import NO_LIMITS, Limits
from ...reading_numbers import BadNumber, whole_number
from ...record import NULL, MemoryRecorder, Recorder
from ...said import Said, said
from ...search import ALGORITHMS, run_search
from ...search.technique_comparison import (
    Config,
    TechniqueReport,
    compare_techniques,
    parse_configs,
)
from ...sources import Source, resolve
from ...trace import Result, Trace
from .report import (
    DEFAULT_ORDERS,
    OrderingReport,
    compare_orderings,
    parse_orders,
)
from .wording import LANGS, Words

__all__ = ["Comparison", "Plan", "compare_named", "compare_source", "plan_comparison"]

Progress = Callable[[int, int], None]
"""Called after each random ordering with (done, of how many)."""


@dataclass(frozen=True)
class Plan:
    """What a comparison searches: fixed orderings and random ones, or techniques."""

    fixed: tuple[str, ...] = ()
    randoms: int = 0
    configs: tuple[Config, ...] = ()
    """The technique configurations (empty: orderings are compared)."""

    @property
    def names(self) -> list[str]:
        """What the comparison calls its searches (``random`` for all random ones)."""
        if self.configs:
            return [c.name for c in self.configs]
        return [*self.fixed, *(["random"] if self.randoms else [])]

    def pair(self, text: str | None) -> tuple[str, str]:
        """The two searches a side-by-side picture draws (``natural,reverse``; ``None``:
        the first two compared); orderings also take ``minimax`` and ``random:SEED``."""
        names = self.names
        chosen = [p.strip().lower() for p in text.split(",")] if text else names[:2]
        if len(chosen) != 2 or not all(chosen):
            raise UsageError(said("--side-by-side takes two names separated by a comma, "
                                  "got {text!r}", text=text))
        for item in chosen:
            order, _, seed = item.partition(":")
            known = item in names if self.configs else (
                order in ("minimax", *names) and (not seed or (order == "random" and
                                                               _is_seed(seed))))
            if not known:
                what = said("the techniques compared") if self.configs \
                    else said("the orderings compared")
                allowed = names if self.configs else [*names, "minimax", "random:SEED"]
                raise UsageError(said("--side-by-side: {item!r} is not among {what} (choose "
                                      "from: {allowed})", item=item, what=what,
                                      allowed=", ".join(allowed)))
        return chosen[0], chosen[1]


def plan_comparison(*, orders: str | None = None, techniques: str | None = None,
                    algorithm: str = "alphabeta") -> Plan:
    """The orderings (default :data:`DEFAULT_ORDERS`) or the ``techniques`` to compare,
    checked: not both, and no oracle ordering for ``enhanced``, which orders moves
    itself."""
    if orders is not None and techniques is not None:
        raise UsageError(said("give --orders or --techniques, not both"))
    if techniques is not None:
        return Plan(configs=tuple(parse_configs(techniques)))
    fixed, randoms = parse_orders(orders or DEFAULT_ORDERS)
    oracle = [o for o in fixed if o in ("best", "worst")]
    if algorithm == "enhanced" and oracle:
        named: Said | str = oracle[0] if len(oracle) == 1 else \
            said("{first} and {second}", first=oracle[0], second=oracle[1])
        raise UsageError(said("-a enhanced orders moves itself: compare it under natural, "
                              "reverse and random orderings, not {oracle}", oracle=named))
    return Plan(fixed=fixed, randoms=randoms)


@dataclass(frozen=True)
class Comparison:
    """The report of a comparison, and its searches on demand for a picture."""

    report: OrderingReport | TechniqueReport
    title: str
    """What a picture of two of the searches is titled."""
    trace_of: Callable[[str], tuple[Trace, str]]
    """One of the searches (a name of :meth:`Plan.pair`) again, recorded: the trace
    and its name in the picture."""

    def to_text(self, fmt: str = "table") -> str:
        """The report as ``table`` (the terminal table), ``csv`` or ``json``."""
        if fmt == "json":
            return dumps_json(self.report.to_json()) + "\n"
        if fmt == "csv":
            return self.report.to_csv()
        if isinstance(self.report, OrderingReport):
            return self.report.to_table()
        return self.report.to_text()


def compare_source(source: str, plan: Plan, *, params: Mapping[str, str] | None = None,
                   root_player: str | None = None, **how: Any) -> Comparison:
    """Run ``plan`` on ``source`` (a tree file, an example or a game with ``params``);
    ``how``: :func:`compare_named`'s options."""
    return compare_named(resolve(source, root_player=root_player, params=params), plan,
                         **how)


def compare_named(named: Source, plan: Plan, *, algorithm: str = "alphabeta",
                  variant: str | None = None, technique: str = "",
                  depth: int | None = None, seed: int = 0, repeat: int = 3,
                  limits: Limits = NO_LIMITS, progress: Progress | None = None,
                  lang: str = "en") -> Comparison:
    """Run ``plan`` on a resolved source: ``algorithm``/``variant``/``technique`` under
    each ordering (random ones seeded ``seed``, ``seed + 1``, ...) beside plain minimax,
    or each technique configuration, timed ``repeat`` times (untraced).  Each search has
    the budgets ``limits``; one stopped by them is a :class:`LimitExceeded` (counts of
    half a search compare nothing).  The titles are in ``lang`` (``en``, ``it``)."""
    if lang not in LANGS:
        raise UsageError(unknown_choice(said("language"), lang, LANGS, suggest=False))
    words = Words(lang)
    game, state, block = named.game()
    where = named.name if depth is None else words("compare.depth", name=named.name,
                                                   depth=depth)

    def search(recorder: Recorder, **options: Any) -> Result:
        result = run_search(game, state, depth=depth, recorder=recorder, source=block,
                            limits=limits, **options)
        if not result.complete:
            raise LimitExceeded(said("a search of {source} stopped ({stopped}) before its end: "
                                     "compare with a smaller depth or fewer orderings",
                                     source=where, stopped=result.stopped))
        return result

    if plan.configs:
        by_name = {c.name: c for c in plan.configs}

        def technique_trace(item: str) -> tuple[Trace, str]:
            rec = MemoryRecorder()
            search(rec, **by_name[item].options())
            return rec.trace, item

        report = compare_techniques(lambda c: search(NULL, **c.options()),
                                    list(plan.configs), repeat=repeat,
                                    title=words("compare.techniques", where=where))
        return Comparison(report, words("compare.alphabeta", where=where), technique_trace)

    how = dict(algorithm=algorithm, variant=variant, techniques=technique)
    shown = f"{algorithm} ({variant or ALGORITHMS[algorithm][0]}" + (
        f"; {technique})" if technique else ")")
    done = [0]

    def one(order: str, s: int | None, counter: Any) -> Result:
        result = search(counter, order=order, seed=s, **how)
        if order == "random" and progress is not None:
            done[0] += 1
            progress(done[0], plan.randoms)
        return result

    def ordering_trace(item: str) -> tuple[Trace, str]:
        order, _, n = item.partition(":")
        rec = MemoryRecorder()
        s = int(n) if _is_seed(n) else seed
        if order == "minimax":
            search(rec, algorithm="minimax")
        else:
            search(rec, order=order, seed=s if order == "random" else None, **how)
        return rec.trace, f"random (seed {s})" if order == "random" else order

    ordering = compare_orderings(one, lambda counter: search(counter, algorithm="minimax"),
                                 plan.fixed, randoms=plan.randoms, seed=seed,
                                 title=words("compare.on", search=shown, where=where))
    return Comparison(ordering, ordering.title, ordering_trace)


def _is_seed(text: str) -> bool:
    """``random:SEED``'s seed: a whole number 0 or more, as every number is read."""
    try:
        whole_number(text, low=0)
    except BadNumber:
        return False
    return True
