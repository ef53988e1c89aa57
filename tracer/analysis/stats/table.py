"""The statistics of one game-tree search, per depth, as engine authors count them:
nodes, inner nodes, cut nodes, the fail-high rate (cut nodes / inner nodes), the
fail-high-first rate (cuts made by the first child searched / all cuts), the rank of the
child that cut (a histogram), the effective branching factor, transposition-table hits
and cutoffs, and, where a perfectly ordered search was run again, the nodes beyond that
minimal tree (Knuth & Moore 1975).

One :class:`SearchStats` is made from a full trace (:mod:`.reading`) or counted by the
search itself (:mod:`.counting`, ``gametrace run --record counters``); the two agree
node for node on the same search.  Its JSON is its own small document (``"format":
"gametree-stats"``), which ``gametrace stats`` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import InputError
from ...said import Said, said

__all__ = ["FORMAT", "ORDERED_CLASSES", "VERSION", "ClassStats", "DepthStats", "SearchStats",
           "knuth_moore"]

FORMAT = "gametree-stats"
VERSION = 1


ORDERED_CLASSES = {"pv": "pv move", "tt": "tt move", "killer": "killer"}
"""The classes a move takes from why the enhanced search put it early (the trace's
``order`` events): they come before the game's own class of the move, as engine authors
count the hash move and the killers apart from the captures and quiet moves."""


@dataclass(frozen=True)
class ClassStats:
    """The moves of one class tried at the nodes of one ply: how many were searched and
    how many of them cut, by the rank they had."""

    searched: int = 0
    """Children of this class searched (opened, scored or settled by the table)."""
    ranks: dict[int, int] = field(default_factory=dict)
    """Cuts made by a move of this class, by the rank it had among its node's children
    (1: the first searched)."""

    @property
    def cuts(self) -> int:
        return sum(self.ranks.values())

    @property
    def first(self) -> int:
        """Cuts made by a move of this class searched first."""
        return self.ranks.get(1, 0)

    @property
    def fail_high(self) -> float | None:
        """Cuts / moves searched: how often a move of this class, once searched, made its
        node cut (None when none was searched)."""
        return self.cuts / self.searched if self.searched else None

    @property
    def fail_high_first(self) -> float | None:
        """Of this class's cuts, the share made by a move searched first."""
        cuts = self.cuts
        return self.first / cuts if cuts else None

    def plus(self, other: ClassStats) -> ClassStats:
        ranks = dict(self.ranks)
        for r, n in other.ranks.items():
            ranks[r] = ranks.get(r, 0) + n
        return ClassStats(self.searched + other.searched, dict(sorted(ranks.items())))

    def to_json(self) -> dict[str, Any]:
        return {"searched": self.searched, "cuts": self.cuts, "first": self.first,
                "fail_high": _rate(self.fail_high),
                "fail_high_first": _rate(self.fail_high_first),
                "cut_ranks": {str(r): n for r, n in sorted(self.ranks.items())}}


def knuth_moore(branching: int, depth: int) -> int:
    """Leaves a perfectly ordered alpha-beta evaluates in a uniform tree of ``branching``
    and ``depth`` (Knuth & Moore 1975): b^ceil(d/2) + b^floor(d/2) - 1."""
    return int(branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1)


@dataclass(frozen=True)
class DepthStats:
    """The counts of one depth (ply) of the tree searched."""

    depth: int
    """Ply (the root is 0)."""
    inner: int = 0
    """Nodes opened (expanded) at this ply."""
    leaves: int = 0
    """Nodes scored (terminal or at the depth limit) at this ply."""
    ranks: dict[int, int] = field(default_factory=dict)
    """Cut nodes at this ply by the rank of the child that cut (1: the first searched);
    a cut is a node that left children unsearched."""
    tt_hits: int = 0
    """Nodes at this ply settled by the transposition table (not searched)."""
    tt_cutoffs: int = 0
    """Of those, settled by a bound (``lower`` or ``upper``), not an exact value."""
    minimal: int | None = None
    """Nodes a perfectly ordered alpha-beta visits at this ply (order ``best``), when
    it was run again."""
    classes: dict[str, ClassStats] = field(default_factory=dict)
    """The moves tried at this ply's nodes by class (searched, and the cuts they made by
    rank), when the trace was counted by move class (:mod:`.classes`)."""

    @property
    def nodes(self) -> int:
        """Every node visited at this ply: inner, leaves and table hits."""
        return self.inner + self.leaves + self.tt_hits

    @property
    def cuts(self) -> int:
        return sum(self.ranks.values())

    @property
    def fail_high(self) -> float | None:
        """Cut nodes / inner nodes (None without inner nodes)."""
        return self.cuts / self.inner if self.inner else None

    @property
    def fail_high_first(self) -> float | None:
        """Cuts by the first child / all cuts (None without cuts)."""
        cuts = self.cuts
        return self.ranks.get(1, 0) / cuts if cuts else None

    @property
    def beyond(self) -> int | None:
        """Nodes beyond the minimal tree at this ply."""
        return None if self.minimal is None else self.nodes - self.minimal

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "depth": self.depth, "nodes": self.nodes, "inner": self.inner,
            "leaves": self.leaves, "cuts": self.cuts,
            "fail_high": _rate(self.fail_high), "fail_high_first": _rate(self.fail_high_first),
            "cut_ranks": {str(r): n for r, n in sorted(self.ranks.items())},
            "tt_hits": self.tt_hits, "tt_cutoffs": self.tt_cutoffs}
        if self.minimal is not None:
            out["minimal"] = self.minimal
            out["beyond_minimal"] = self.beyond
        if self.classes:
            out["by_class"] = {name: c.to_json() for name, c in sorted(self.classes.items())}
        return out


def _rate(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


@dataclass(frozen=True)
class SearchStats:
    """Per-depth statistics of one search, and what it was."""

    algorithm: str
    variant: str
    source: str
    """The name of what was searched (a tree, a game)."""
    depths: tuple[DepthStats, ...]
    """One row per ply, from the root (0) to the deepest ply reached."""
    recorded: str = "full"
    """``full``: read from a full trace; ``counters``: counted by the search."""
    uniform: tuple[int, int] | None = None
    """(branching, depth) when every inner node had the same number of children and every
    leaf lay at the same depth: the tree Knuth & Moore's count is for."""

    @property
    def nodes(self) -> int:
        return sum(d.nodes for d in self.depths)

    @property
    def cuts(self) -> int:
        return sum(d.cuts for d in self.depths)

    def ebf(self, depth: int) -> float | None:
        """N(d) / N(d-1): how many times more nodes this ply has than the one above."""
        if depth <= 0 or depth >= len(self.depths) or not self.depths[depth - 1].nodes:
            return None
        return self.depths[depth].nodes / self.depths[depth - 1].nodes

    @property
    def ebf_root(self) -> float | None:
        """The d-th root of all nodes visited, d the deepest ply (None for one ply)."""
        d = len(self.depths) - 1
        return self.nodes ** (1 / d) if d > 0 else None

    @property
    def fail_high_first(self) -> float | None:
        cuts = self.cuts
        return sum(d.ranks.get(1, 0) for d in self.depths) / cuts if cuts else None

    @property
    def knuth_moore_leaves(self) -> int | None:
        """Knuth & Moore's minimal leaf count, for a uniform tree."""
        return None if self.uniform is None else knuth_moore(*self.uniform)

    @property
    def by_class(self) -> dict[str, ClassStats]:
        """Every ply's counts by move class added up, by class."""
        out: dict[str, ClassStats] = {}
        for d in self.depths:
            for name, c in d.classes.items():
                out[name] = out[name].plus(c) if name in out else c
        return dict(sorted(out.items()))

    def with_classes(self, counts: dict[tuple[int, str], ClassStats]) -> SearchStats:
        """These statistics with each ply's moves by class ((ply, class) -> counts)."""
        rows = tuple(replace(d, classes={name: n for (p, name), n in sorted(counts.items())
                                         if p == d.depth})
                     for d in self.depths)
        return replace(self, depths=rows)

    def with_minimal(self, minimal: list[int]) -> SearchStats:
        """These statistics with the minimal tree's nodes per ply (0 past its end)."""
        rows = tuple(replace(d, minimal=minimal[d.depth] if d.depth < len(minimal) else 0)
                     for d in self.depths)
        return replace(self, depths=rows)

    # JSON ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        total: dict[str, Any] = {
            "nodes": self.nodes, "cuts": self.cuts,
            "fail_high_first": _rate(self.fail_high_first),
            "ebf": _rate(self.ebf_root)}
        if self.uniform is not None:
            total["uniform"] = {"branching": self.uniform[0], "depth": self.uniform[1]}
            total["knuth_moore_leaves"] = self.knuth_moore_leaves
        if self.depths and self.depths[0].minimal is not None:
            minimal = sum(d.minimal or 0 for d in self.depths)
            total["minimal"] = minimal
            total["beyond_minimal"] = self.nodes - minimal
        if any(d.classes for d in self.depths):
            total["by_class"] = {name: c.to_json() for name, c in self.by_class.items()}
        return {"format": FORMAT, "version": VERSION, "recorded": self.recorded,
                "algorithm": self.algorithm, "variant": self.variant, "source": self.source,
                "depths": [dict(d.to_json(), ebf=_rate(self.ebf(d.depth)))
                           for d in self.depths],
                "total": total}

    @classmethod
    def from_json(cls, data: Any, *, file: str) -> SearchStats:
        """Read back :meth:`to_json` (the derived numbers are recomputed, not trusted)."""
        def need(ok: bool, where: str, what: Said | str) -> None:
            """``what``: a phrase (a ``said``), or JSON shown as it is."""
            if not ok:
                raise InputError(said("expected {what}", what=what), file=file, where=where)

        need(isinstance(data, dict) and data.get("format") == FORMAT, "$.format",
             f'"format": "{FORMAT}"')
        need(data.get("version") == VERSION, "$.version",
             said("version {version}", version=VERSION))
        for key in ("algorithm", "variant", "source", "recorded"):
            need(isinstance(data.get(key), str), f"$.{key}", said("a string"))
        rows = data.get("depths")
        need(isinstance(rows, list), "$.depths", said("a list of depth rows"))
        depths: list[DepthStats] = []
        for i, row in enumerate(rows):
            where = f"$.depths[{i}]"
            need(isinstance(row, dict), where, said("an object"))
            for key in ("inner", "leaves", "tt_hits", "tt_cutoffs"):
                need(_count(row.get(key)), f"{where}.{key}",
                     said("a count (an integer >= 0)"))
            need(row.get("depth") == i, f"{where}.depth", said("depth {depth}", depth=i))
            ranks = row.get("cut_ranks")
            need(_ranks_ok(ranks), f"{where}.cut_ranks",
                 said('an object of ranks ("1", "2", ...) to counts'))
            minimal = row.get("minimal")
            need(minimal is None or _count(minimal), f"{where}.minimal",
                 said("a count or nothing"))
            classes = row.get("by_class", {})
            need(isinstance(classes, dict) and all(
                isinstance(v, dict) and _count(v.get("searched")) and _ranks_ok(
                    v.get("cut_ranks")) for v in classes.values()), f"{where}.by_class",
                said('an object of classes to {{"searched": n, "cut_ranks": {{...}}}}'))
            depths.append(DepthStats(i, row["inner"], row["leaves"],
                                     {int(k): v for k, v in ranks.items()},
                                     row["tt_hits"], row["tt_cutoffs"], minimal,
                                     {k: ClassStats(v["searched"], {
                                         int(r): n for r, n in v["cut_ranks"].items()})
                                      for k, v in classes.items()}))
        uniform = data.get("total", {}).get("uniform") if isinstance(data.get("total"),
                                                                      dict) else None
        shape = None
        if isinstance(uniform, dict) and _count(uniform.get("branching")) \
                and _count(uniform.get("depth")):
            shape = (uniform["branching"], uniform["depth"])
        return cls(data["algorithm"], data["variant"], data["source"], tuple(depths),
                   data["recorded"], shape)

    # text ---------------------------------------------------------------------------------

    def to_text(self) -> str:
        """A table with one row per depth and a total row."""
        minimal = bool(self.depths) and self.depths[0].minimal is not None
        tt = any(d.tt_hits for d in self.depths)
        head = ["depth", "nodes", "inner", "cuts", "fail-high", "fh-first", "EBF",
                "cut ranks"]
        if tt:
            head += ["TT hits", "TT cutoffs"]
        if minimal:
            head += ["minimal", "beyond"]
        rows: list[list[str]] = []
        for d in self.depths:
            row = [str(d.depth), str(d.nodes), str(d.inner), str(d.cuts), _pct(d.fail_high),
                   _pct(d.fail_high_first), _num(self.ebf(d.depth)), _ranks(d.ranks)]
            if tt:
                row += [str(d.tt_hits), str(d.tt_cutoffs)]
            if minimal:
                row += [str(d.minimal), str(d.beyond)]
            rows.append(row)
        inner = sum(d.inner for d in self.depths)
        total = ["all", str(self.nodes), str(inner), str(self.cuts),
                 _pct(self.cuts / inner if inner else None), _pct(self.fail_high_first),
                 _num(self.ebf_root), _ranks(_merged(self.depths))]
        if tt:
            total += [str(sum(d.tt_hits for d in self.depths)),
                      str(sum(d.tt_cutoffs for d in self.depths))]
        if minimal:
            least = sum(d.minimal or 0 for d in self.depths)
            total += [str(least), str(self.nodes - least)]
        rows.append(total)
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

        def line(cells: list[str]) -> str:
            return "  ".join(c.ljust(w) if i == 7 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(cells, widths, strict=True))
                             ).rstrip()

        title = (f"{self.algorithm} ({self.variant}) on {self.source}, "
                 f"recorded: {self.recorded}")
        out = [title, line(head), *(line(r) for r in rows)]
        notes = ["EBF: N(d)/N(d-1) per depth; in the last row the d-th root of all nodes."]
        if self.uniform is not None:
            b, depth = self.uniform
            notes.append(f"uniform tree (branching {b}, depth {depth}): Knuth-Moore minimal "
                         f"leaves b^ceil(d/2) + b^floor(d/2) - 1 = {self.knuth_moore_leaves}, "
                         f"leaves evaluated {sum(d.leaves for d in self.depths)}.")
        if any(d.classes for d in self.depths):
            notes += ["", *self._class_table()]
        return "\n".join(out + notes)

    def _class_table(self) -> list[str]:
        """The moves tried by class, per depth and over all depths."""
        head = ["depth", "class", "searched", "cuts", "fail-high", "fh-first", "cut ranks"]
        rows: list[list[str]] = []

        def row(depth: str, name: str, c: ClassStats) -> list[str]:
            return [depth, name, str(c.searched), str(c.cuts), _pct(c.fail_high),
                    _pct(c.fail_high_first), _ranks(c.ranks)]

        for d in self.depths:
            rows += [row(str(d.depth), name, c) for name, c in sorted(d.classes.items())]
        rows += [row("all", name, c) for name, c in self.by_class.items()]
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

        def line(cells: list[str]) -> str:
            return "  ".join(c.ljust(w) if i in (1, 6) else c.rjust(w)
                             for i, (c, w) in enumerate(zip(cells, widths, strict=True))
                             ).rstrip()

        return ["by move class (fail-high: cuts / moves searched; fh-first: cuts by a move "
                "searched first / cuts)", line(head), *(line(r) for r in rows)]


def _ranks_ok(ranks: Any) -> bool:
    return isinstance(ranks, dict) and all(k.isdigit() and int(k) >= 1 and _count(v)
                                           for k, v in ranks.items())


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _merged(depths: tuple[DepthStats, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for d in depths:
        for r, n in d.ranks.items():
            out[r] = out.get(r, 0) + n
    return out


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _ranks(ranks: dict[int, int]) -> str:
    """``1:40 2:7 3+:2``: cuts by the rank of the child that cut, ranks past 3 together."""
    if not ranks:
        return "-"
    late = sum(n for r, n in ranks.items() if r > 3)
    parts = [f"{r}:{ranks[r]}" for r in (1, 2, 3) if ranks.get(r)]
    if late:
        parts.append(f"4+:{late}")
    return " ".join(parts)
