"""Move-ordering techniques compared on one game and depth: nodes and time to the same
answer (``gametrace compare --techniques``).

Each configuration is searched without recording (recording would dominate the time),
``repeat`` times, keeping the shortest time; counts come from the result.  Times are
wall-clock on a shared machine: noisy, for comparing ratios within one run only, and
never written into a trace.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..numbers import format_number
from ..said import Said, said
from ..trace import Result
from .enhanced import ENHANCED_VARIANTS, TECHNIQUES

__all__ = ["STANDARD", "Config", "TechniqueReport", "TechniqueRun", "compare_techniques",
           "parse_configs"]

STANDARD = ("alphabeta,id,killer,history,tt,id+aspiration,pvs,mtdf,id+killer+history+tt,"
            "pvs+id+killer+history+tt,mtdf+id+killer+history")
"""What ``standard`` stands for."""


@dataclass(frozen=True)
class Config:
    """One search of a comparison: ``pvs+id+tt`` is ``-a enhanced --variant pvs
    --technique id,tt``; ``alphabeta`` is plain fail-soft alpha-beta, the reference."""

    name: str
    algorithm: str
    variant: str
    techniques: tuple[str, ...] = ()

    def options(self) -> dict[str, Any]:
        """Keyword arguments of :func:`tracer.search.run_search`."""
        return {"algorithm": self.algorithm, "variant": self.variant,
                "techniques": self.techniques}


REFERENCE = Config("alphabeta", "alphabeta", "fail-soft")


def parse_configs(text: str) -> list[Config]:
    """Comma-separated configurations, each of ``+``-joined tokens (a variant among
    fail-soft, pvs, mtdf, and techniques); ``standard`` expands to :data:`STANDARD`.
    Plain alpha-beta comes first, added if missing: the others are measured against it."""
    items = [i.strip().lower() for i in text.replace("standard", STANDARD).split(",")]
    out: list[Config] = [REFERENCE]
    for item in filter(None, items):
        if item == "alphabeta" or item in (c.name for c in out):
            continue
        tokens = [t.strip() for t in item.split("+")]
        variants = [t for t in tokens if t in ENHANCED_VARIANTS]
        techs = tuple(t for t in tokens if t not in ENHANCED_VARIANTS)
        for t in techs:
            if t.partition(":")[0] not in TECHNIQUES:
                raise UsageError(said("unknown technique {technique!r} in {item!r} (choose "
                                      "from: alphabeta, {variants}, {techniques}, joined "
                                      "with +)", technique=t, item=item,
                                      variants=", ".join(ENHANCED_VARIANTS),
                                      techniques=", ".join(TECHNIQUES)))
        if len(variants) > 1:
            raise UsageError(said("{item!r} names two variants: {variants}", item=item,
                                  variants=_both(variants)))
        if any(t.startswith("aspiration") for t in techs) and "id" not in techs:
            techs = ("id", *techs)  # aspiration windows are centred on the last iteration
        out.append(Config(item, "enhanced", variants[0] if variants else "fail-soft", techs))
    return out


def _both(names: list[str]) -> Said | str:
    """``a and b`` (``a and b and c``), worded in each language."""
    joined: Said | str = names[0]
    for name in names[1:]:
        joined = said("{first} and {second}", first=joined, second=name)
    return joined

@dataclass(frozen=True)
class TechniqueRun:
    """One configuration's search."""

    config: Config
    result: Result
    seconds: float
    """The shortest of the timed runs."""

    def to_json(self, reference: Result) -> dict[str, Any]:
        s = self.result.stats
        return {"technique": self.config.name, "algorithm": self.config.algorithm,
                "variant": self.config.variant, "techniques": list(self.config.techniques),
                "nodes": s.nodes_visited, "leaves": s.leaves_evaluated,
                "expanded": s.nodes_expanded, "cuts": s.cuts,
                "share_of_alphabeta": s.nodes_visited / max(reference.stats.nodes_visited, 1),
                "seconds": self.seconds, "value": self.result.value, "move": self.result.move,
                "same_value": self.result.value == reference.value}


@dataclass(frozen=True)
class TechniqueReport:
    """The configurations compared; the first is plain alpha-beta."""

    title: str
    runs: tuple[TechniqueRun, ...]
    repeat: int

    def to_json(self) -> dict[str, Any]:
        ref = self.runs[0].result
        return {"title": self.title, "repeat": self.repeat, "value": ref.value,
                "techniques": [r.to_json(ref) for r in self.runs]}

    def to_csv(self) -> str:
        """One CSV row per configuration: ``gametrace compare --techniques --format csv``."""
        from ..jsonio import csv_text

        ref = self.runs[0].result
        return csv_text([{**r.to_json(ref), "techniques": "+".join(r.config.techniques)}
                         for r in self.runs])

    def to_text(self) -> str:
        """The terminal table ``gametrace compare --techniques`` prints; the time column
        is marked as noisy."""
        ref = self.runs[0].result
        head = (f"{'technique':<28} {'nodes':>9} {'vs ab':>7} {'leaves':>8} {'cuts':>7} "
                f"{'time (s)':>9} {'value':>7}  move  same")
        lines = [self.title, head]
        for r in self.runs:
            s = r.result.stats
            share = s.nodes_visited / max(ref.stats.nodes_visited, 1)
            value = "?" if r.result.value is None else format_number(r.result.value)
            lines.append(f"{r.config.name:<28} {s.nodes_visited:>9,} {share:>7.1%} "
                         f"{s.leaves_evaluated:>8,} {s.cuts:>7,} {r.seconds:>9.4f} "
                         f"{value:>7}  {r.result.move or '-':<5} "
                         f"{'yes' if r.result.value == ref.value else 'NO'}")
        lines.append(f"time: best of {self.repeat} untraced runs, wall-clock: noisy, compare "
                     "within one run only.")
        lines.append("nodes: expanded + evaluated, every iteration and re-search included.")
        return "\n".join(lines) + "\n"


def compare_techniques(search: Callable[[Config], Result], configs: list[Config], *,
                       repeat: int = 3, title: str = "") -> TechniqueReport:
    """Run each configuration ``repeat`` times with ``search`` (untraced); keep the
    shortest time."""
    runs = []
    for config in configs:
        best, result = float("inf"), None
        for _ in range(repeat):
            start = time.perf_counter()
            result = search(config)
            best = min(best, time.perf_counter() - start)
        assert result is not None
        runs.append(TechniqueRun(config, result, best))
    return TechniqueReport(title, tuple(runs), repeat)
