"""Why each item of an answer key is what it is, in the terms of the expected trace.

:class:`Explainer` indexes an expected trace (who is where, which event decided
what) and writes the reasons the checker gives: "at C, after leaf H = 2: beta = 2 <=
alpha = 3, so C's remaining children (I = 4, J = 6) are pruned", "B is a MIN node:
min(E = 3, F = 12, G = 8) = 3", "C starts with alpha = 3, beta = +inf (from A); after
leaf H = 2: beta = 2", each with the seq of the event that decides it, so that the
first mistake is the one whose deciding event comes first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...errors import InputError
from ...events import Backup, Cut, Discard, Evaluate, Event, Expand, Generate, Goal, Select
from ...numbers import format_number
from ...trace import Trace
from ...trees import Tree, parse_tree_json
from ...visit import EventVisitor
from .solution import Value, extract_solution

__all__ = ["Explainer", "Why", "fmt", "tree_of"]

Number = float | int
Why = tuple[str, int | None]
"""A reason and the seq of the event that decides it."""


def tree_of(trace: Trace) -> Tree | None:
    """The tree a trace's header carries (``None`` for a generated game or a problem)."""
    source = trace.header.source
    if source.get("kind") != "tree" or not isinstance(source.get("tree"), dict):
        return None
    return parse_tree_json(source["tree"], file="<trace header>")


def fmt(x: Number | None) -> str:
    return "?" if x is None else format_number(x)


def names(nodes: Sequence[str]) -> str:
    return ", ".join(nodes)


class Explainer:
    """Why each item of an expected trace's answer is what it is, in the trace's terms.

    Every method returns ``(sentence, seq)``: the reason and the event deciding it."""

    def __init__(self, trace: Trace) -> None:
        h = trace.header
        self.root = h.root
        self.algorithm = h.algorithm
        self.order = h.options.get("order") or "natural"
        self.ge = h.options.get("cut_on") != "gt"
        self.depth = h.options.get("depth")
        self.sol = extract_solution(trace, leaves=True)
        self.events = trace.events
        self.parent: dict[str, str | None] = {self.root: None}
        self.kids: dict[str, tuple[str, ...]] = {}
        self.player: dict[str, str] = {}
        self.leaf: dict[str, Number] = {}
        tree = tree_of(trace)
        for n in tree.nodes() if tree is not None else ():
            self.kids[n.id] = tuple(k.id for k in n.children)
            self.player[n.id] = n.player.value
            self.parent.update((k.id, n.id) for k in n.children)
            if not n.children and n.value is not None:
                self.leaf[n.id] = n.value
        self.first: dict[str, int] = {}
        self.final: dict[str, int] = {self.root: trace.events[-1].seq if trace.events else 0}
        self.expands: dict[str, Expand] = {}
        self.evals: dict[str, Evaluate] = {}
        self.backups: dict[str, list[Backup]] = {}
        self.cuts: dict[str, Cut] = {}
        self.cut_of: dict[str, Cut] = {}
        self.made: dict[str, Generate] = {}
        self.selects: list[Select] = []
        self.dropped: dict[str, Discard] = {}
        self.goal: Goal | None = None
        _Index(self).walk(trace.events)
        self.known = dict.fromkeys([*self.parent, *self.player])

    def require(self, node: str, where: str) -> None:
        """An :class:`InputError` when the tree has no node ``node``."""
        text = self.unknown(node)
        if text is not None:
            raise InputError(text, where=where)

    def unknown(self, node: str) -> str | None:
        """``no node 'Z' in the tree (its nodes: ...)``, or None when ``node`` is there."""
        if node in self.known:
            return None
        shown = names(list(self.known)[:40]) + (", ..." if len(self.known) > 40 else "")
        return f"no node {node!r} in the tree (its nodes: {shown})"

    # pieces of sentences ---------------------------------------------------------------

    def disp(self, n: str) -> str:
        """``I = 4`` for a leaf whose value is known, else the id."""
        v = self.leaf.get(n)
        return n if v is None or (self.kids.get(n) and n not in self.evals) else f"{n} = {fmt(v)}"

    def after(self, child: str) -> str:
        if child in self.evals:
            return f"leaf {child} = {fmt(self.leaf[child])}"
        v = self.sol.values.get(child)
        return child if v is None else f"{child} returned {fmt(v.number)}"

    def named(self, n: str) -> str:
        v = self.sol.values[n]
        return f"{n} {'=' if v.bound == 'exact' else str(v)[:2]} {fmt(v.number)}"

    def test(self, node: str, alpha: Number, beta: Number, cut: bool) -> str:
        a, b = fmt(alpha), fmt(beta)
        lo, hi, first = ("beta", "alpha", b) if self.player.get(node) == "min" \
            else ("alpha", "beta", a)
        second = a if lo == "beta" else b
        if cut:
            rel = ("<=" if self.ge else "<") if lo == "beta" else (">=" if self.ge else ">")
            return f"{lo} = {first} {rel} {hi} = {second}"
        if alpha == beta:
            return f"{lo} = {hi} = {a}, and the cut test is strict (alpha > beta)"
        return f"{lo} = {first} {'>' if lo == 'beta' else '<'} {hi} = {second}"

    def cut_sentence(self, cut: Cut) -> str:
        many = len(cut.pruned) > 1
        return (f"at {cut.node}, after {self.after(cut.after)}: "
                f"{self.test(cut.node, cut.alpha, cut.beta, True)}, so {cut.node}'s remaining "
                f"{'children' if many else 'child'} ({names([self.disp(p) for p in cut.pruned])})"
                f" {'are' if many else 'is'} pruned")

    def no_cut(self, node: str, child: str) -> str:
        kids = self.kids[node]
        nxt = kids[kids.index(child) + 1]
        b = next((e for e in self.backups.get(node, ()) if e.child == child), None)
        if b is None or b.alpha is None or b.beta is None:
            return f"{self.algorithm} searches every child: after {child}, {node} goes on to {nxt}"
        return (f"at {node}, after {self.after(child)}: "
                f"{self.test(node, b.alpha, b.beta, False)}, so there is no cut and {node} "
                f"goes on to {nxt}")

    def reached(self, x: str) -> str:
        y = x
        while (p := self.parent.get(y)) is not None:
            kids = self.kids.get(p, ())
            if y in kids and kids.index(y) > 0:
                text = self.no_cut(p, kids[kids.index(y) - 1])
                return text if y == x else f"{text}; {x} is in {y}'s subtree"
            y = p
        return f"{x} lies on the first path the search goes down, which nothing can cut"

    def pruned_root(self, x: str) -> str | None:
        y: str | None = x
        while y is not None and y not in self.cut_of:
            y = self.parent.get(y)
        return y

    # reasons for the items -------------------------------------------------------------

    def never_searched(self, node: str) -> Why:
        root = self.pruned_root(node)
        if root is None:
            return f"{node} is never searched", None
        cut = self.cut_of[root]
        inside = "" if root == node else f"; {node} is in {root}'s subtree"
        return f"{self.cut_sentence(cut)}{inside}, so {node} is never searched", cut.seq

    def pruned_entry(self, entry: str, where: str) -> str:
        """The child an entry of ``pruned`` names (``I``, ``C-I``, ``C->I``), or the root
        of the expected pruned subtree it lies in."""
        if entry not in self.known and "-" in entry:
            up, _, down = (x.strip() for x in entry.replace("->", "-").partition("-"))
            if up not in self.known or down not in self.known:
                return entry
            if self.parent.get(down) != up:
                raise InputError(f"{entry!r}: {up} is not the parent of {down}", where=where)
            entry = down
        if entry not in self.known:
            return entry  # graded as a wrong entry: see unknown()
        return self.pruned_root(entry) or entry

    def cut_missed(self, nodes: Iterable[str], template: str) -> Why | None:
        """Nodes the expected search never reaches, or evaluates rather than expands."""
        groups: dict[int, list[str]] = {}
        expanded: list[str] = []
        for n in nodes:
            root = self.pruned_root(n)
            if root is not None:
                groups.setdefault(self.cut_of[root].seq, []).append(n)
            elif n in self.expands:
                expanded.append(n)
        if groups:
            seq = min(groups)
            cut = next(c for c in self.cut_of.values() if c.seq == seq)
            return f"{self.cut_sentence(cut)}; {template.format(names(groups[seq]))}", seq
        if expanded:
            n = min(expanded, key=lambda k: self.expands[k].seq)
            limit = "" if self.depth is None else f" above the depth limit {self.depth}"
            return (f"{n} is expanded, not evaluated: it is an inner node{limit}; "
                    f"{template.format(n)}", self.expands[n].seq)
        return None

    def searched(self, nodes: Iterable[str], template: str) -> Why | None:
        """Nodes the expected search reaches: why it gets there."""
        seen = [n for n in nodes if n in self.first]
        if not seen:
            return None
        n = min(seen, key=self.first.__getitem__)
        e = self.evals.get(n)
        text = (f"{n} is at the depth limit {self.depth}: it is evaluated, not expanded"
                if e is not None and e.reason == "depth-limit" else self.reached(n))
        return f"{text}; {template.format(n)}", self.first[n]

    def twice(self, nodes: Sequence[str]) -> Why | None:
        if not nodes:
            return None
        return (f"you evaluated {nodes[0]} more than once; the search evaluates each leaf "
                "once", self.first.get(nodes[0]))

    def order_of(self, want: Sequence[str], given: Sequence[str]) -> Why | None:
        """Where the leaves both lists share come in a different order."""
        wanted, gotten = set(want), set(given)
        a = [w for w in want if w in gotten]
        b = [g for g in dict.fromkeys(given) if g in wanted]
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                way = {"natural": "left to right", "reverse": "right to left"}.get(
                    self.order, f"in {self.order} order")
                if i:
                    step = f"after {a[i - 1]} it evaluates {x}"
                    at = given.index(a[i - 1]) + 1
                    put = given[at] if at < len(given) else y
                else:
                    step, put = f"it evaluates {x} first", given[0]
                # Name the leaf the answer really has in that place, even one the search
                # never evaluates (O before H), not the first of the shared ones.
                return (f"the search goes depth first, children {way}: {step}; you put {put} "
                        "there", self.first.get(x))
        return None

    @staticmethod
    def first_of(reasons: Iterable[Why | None]) -> Why | tuple[None, None]:
        found = [r for r in reasons if r is not None]
        if not found:
            return None, None
        return min(found, key=lambda r: (1 << 60) if r[1] is None else r[1])

    def value(self, node: str) -> Why:
        seq = self.final.get(node)
        e = self.evals.get(node)
        if e is not None:
            what = "a leaf" if e.reason == "terminal" else "evaluated at the depth limit"
            return f"{node} is {what}: its value is {fmt(e.value)}", seq
        mine: Value | None = self.sol.value if node == self.root else self.sol.values.get(node)
        if mine is None:
            return self.never_searched(node)
        player = self.player.get(node, "max")
        r = fmt(mine.number)
        bound = "" if mine.bound == "exact" else \
            f", only {'an upper' if mine.bound == 'le' else 'a lower'} bound: {node} {mine}"
        cut = self.cuts.get(node)
        if cut is not None:
            return (f"{node} is a {player.upper()} node; after {self.after(cut.after)}: "
                    f"{self.test(node, cut.alpha, cut.beta, True)}, so it is cut and returns "
                    f"{r}{bound}", seq)
        kids = [k for k in self.kids.get(node, ()) if k in self.sol.values]
        numbers = [self.sol.values[k].number for k in kids]
        best = (max if player == "max" else min)(numbers) if numbers else mine.number
        text = (f"{node} is a {player.upper()} node: {'max' if player == 'max' else 'min'}"
                f"({names([self.named(k) for k in kids])}) = {fmt(best)}")
        if best != mine.number:
            text += f"; fail-hard returns its bound {r} instead"
        return text + bound, seq

    def window(self, node: str) -> Why:
        e = self.expands.get(node)
        if e is None:
            if node in self.evals:
                return (f"{node} is a leaf: alpha and beta belong to the nodes the search "
                        "expands", self.first.get(node))
            return self.never_searched(node)
        parts = [f"{node} starts with alpha = {fmt(e.alpha)}, beta = {fmt(e.beta)}"
                 + (f" (from {e.parent})" if e.parent else "")]
        a, b, seq = e.alpha, e.beta, e.seq
        for bk in self.backups.get(node, []):
            new = [f"{n} = {fmt(v)}" for n, old, v in (("alpha", a, bk.alpha), ("beta", b, bk.beta))
                   if v is not None and v != old]
            if new:
                parts.append(f"after {self.after(bk.child)}: {', '.join(new)}")
            a, b, seq = bk.alpha, bk.beta, bk.seq
        cut = self.cuts.get(node)
        if cut is not None:
            a, b, seq = cut.alpha, cut.beta, max(seq, cut.seq)
        parts.append(f"it ends with alpha = {fmt(a)}, beta = {fmt(b)}")
        return "; ".join(parts), seq

    def move(self, given: str) -> Why:
        want, v = self.sol.move, self.sol.value
        b = next((e for e in self.backups.get(self.root, []) if e.best == want), None)
        text = f"{self.root} = {v} comes from {want}, the first child to reach it"
        other = self.sol.values.get(given)
        if other is not None:
            text += f"; {given} returns {other}"
        elif given not in self.kids.get(self.root, ()):
            text += f"; {given} is not a child of {self.root}"
        return f"{text}; you chose {given}", None if b is None else b.seq


class _Index(EventVisitor[None]):
    """Files each event of the expected trace where :class:`Explainer` looks it up."""

    def __init__(self, ex: Explainer) -> None:
        self.ex = ex

    def visit_expand(self, e: Expand) -> None:
        ex = self.ex
        ex.expands[e.node] = e
        ex.first.setdefault(e.node, e.seq)
        ex.kids[e.node], ex.player[e.node] = e.children, e.player
        ex.parent.update((k, e.node) for k in e.children)

    def visit_evaluate(self, e: Evaluate) -> None:
        ex = self.ex
        ex.evals[e.node] = e
        ex.first.setdefault(e.node, e.seq)
        ex.final[e.node], ex.leaf[e.node] = e.seq, e.value
        ex.player.setdefault(e.node, e.player)

    def visit_backup(self, e: Backup) -> None:
        self.ex.backups.setdefault(e.node, []).append(e)
        self.ex.final[e.child] = e.seq

    def visit_cut(self, e: Cut) -> None:
        ex = self.ex
        ex.cuts[e.node] = e
        ex.final.setdefault(e.node, e.seq)
        ex.cut_of.update((p, e) for p in e.pruned)

    def visit_generate(self, e: Generate) -> None:
        self.ex.made[e.node] = e
        self.ex.parent[e.node] = e.parent

    def visit_select(self, e: Select) -> None:
        self.ex.selects.append(e)

    def visit_discard(self, e: Discard) -> None:
        self.ex.dropped[e.node] = e

    def visit_goal(self, e: Goal) -> None:
        self.ex.goal = e

    def visit_event(self, e: Event) -> None:
        pass
