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
from ...said import said
from ...trace import Trace
from ...trees import Tree, parse_tree_json
from ...visit import EventVisitor
from .solution import Value, extract_solution
from .wording import Words

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

    def __init__(self, trace: Trace, *, lang: str = "en") -> None:
        self.w = Words(lang)
        """The words of the reasons, in the language asked for."""
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
        if node not in self.known:
            raise InputError(said("no node {node!r} in the tree (its nodes: {nodes})",
                                  node=node, nodes=self._shown()), where=where)

    def unknown(self, node: str) -> str | None:
        """``no node 'Z' in the tree (its nodes: ...)``, or None when ``node`` is there."""
        if node in self.known:
            return None
        return self.w("check.unknown", node=repr(node), shown=self._shown())

    def _shown(self) -> str:
        """The tree's nodes, the first 40 of them."""
        return names(list(self.known)[:40]) + (", ..." if len(self.known) > 40 else "")

    # pieces of sentences ---------------------------------------------------------------

    def disp(self, n: str) -> str:
        """``I = 4`` for a leaf whose value is known, else the id."""
        v = self.leaf.get(n)
        return n if v is None or (self.kids.get(n) and n not in self.evals) else f"{n} = {fmt(v)}"

    def after(self, child: str) -> str:
        if child in self.evals:
            return self.w("check.after.leaf", node=child, value=fmt(self.leaf[child]))
        v = self.sol.values.get(child)
        return child if v is None else self.w("check.after.returned", node=child,
                                              value=fmt(v.number))

    def named(self, n: str) -> str:
        v = self.sol.values[n]
        return f"{n} {'=' if v.bound == 'exact' else str(v)[:2]} {fmt(v.number)}"

    def test(self, node: str, alpha: Number, beta: Number, cut: bool) -> str:
        a, b = fmt(alpha), fmt(beta)
        at_min = self.player.get(node) == "min"
        lo, hi, first = ("check.beta", "check.alpha", b) if at_min \
            else ("check.alpha", "check.beta", a)
        second = a if at_min else b
        low, high = self.w(lo), self.w(hi)
        if cut:
            rel = ("<=" if self.ge else "<") if at_min else (">=" if self.ge else ">")
            return f"{low} = {first} {rel} {high} = {second}"
        if alpha == beta:
            return self.w("check.test.equal", lo=low, hi=high, value=a)
        return f"{low} = {first} {'>' if at_min else '<'} {high} = {second}"

    def cut_sentence(self, cut: Cut) -> str:
        return self.w("check.cut.many" if len(cut.pruned) > 1 else "check.cut.one",
                      node=cut.node, after=self.after(cut.after),
                      test=self.test(cut.node, cut.alpha, cut.beta, True),
                      pruned=names([self.disp(p) for p in cut.pruned]))

    def no_cut(self, node: str, child: str) -> str:
        kids = self.kids[node]
        nxt = kids[kids.index(child) + 1]
        b = next((e for e in self.backups.get(node, ()) if e.child == child), None)
        if b is None or b.alpha is None or b.beta is None:
            return self.w("check.every.child", algorithm=self.algorithm, child=child,
                          node=node, next=nxt)
        return self.w("check.no.cut", node=node, after=self.after(child),
                      test=self.test(node, b.alpha, b.beta, False), next=nxt)

    def reached(self, x: str) -> str:
        y = x
        while (p := self.parent.get(y)) is not None:
            kids = self.kids.get(p, ())
            if y in kids and kids.index(y) > 0:
                text = self.no_cut(p, kids[kids.index(y) - 1])
                return text if y == x else self.w(
                    "check.then", text=text, then=self.w("check.in.subtree", node=x, top=y))
            y = p
        return self.w("check.first.path", node=x)

    def pruned_root(self, x: str) -> str | None:
        y: str | None = x
        while y is not None and y not in self.cut_of:
            y = self.parent.get(y)
        return y

    # reasons for the items -------------------------------------------------------------

    def never_searched(self, node: str) -> Why:
        root = self.pruned_root(node)
        if root is None:
            return self.w("check.never", node=node), None
        cut = self.cut_of[root]
        inside = "" if root == node else "; " + self.w("check.in.subtree", node=node, top=root)
        return self.w("check.never.after", cut=self.cut_sentence(cut), inside=inside,
                      node=node), cut.seq

    def pruned_entry(self, entry: str, where: str) -> str:
        """The child an entry of ``pruned`` names (``I``, ``C-I``, ``C->I``), or the root
        of the expected pruned subtree it lies in."""
        if entry not in self.known and "-" in entry:
            up, _, down = (x.strip() for x in entry.replace("->", "-").partition("-"))
            if up not in self.known or down not in self.known:
                return entry
            if self.parent.get(down) != up:
                raise InputError(said("{entry!r}: {parent} is not the parent of {child}",
                                      entry=entry, parent=up, child=down), where=where)
            entry = down
        if entry not in self.known:
            return entry  # graded as a wrong entry: see unknown()
        return self.pruned_root(entry) or entry

    def cut_missed(self, nodes: Iterable[str], template: str) -> Why | None:
        """Nodes the expected search never reaches, or evaluates rather than expands;
        ``template`` is the key of the words that say what the answer did with them."""
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
            return self.w("check.then", text=self.cut_sentence(cut),
                          then=self.w(template, nodes=names(groups[seq]))), seq
        if expanded:
            n = min(expanded, key=lambda k: self.expands[k].seq)
            limit = "" if self.depth is None else self.w("check.above.limit", depth=self.depth)
            return self.w("check.then", text=self.w("check.expanded", node=n, limit=limit),
                          then=self.w(template, nodes=n)), self.expands[n].seq
        return None

    def searched(self, nodes: Iterable[str], template: str) -> Why | None:
        """Nodes the expected search reaches: why it gets there (``template`` as in
        :meth:`cut_missed`)."""
        seen = [n for n in nodes if n in self.first]
        if not seen:
            return None
        n = min(seen, key=self.first.__getitem__)
        e = self.evals.get(n)
        text = (self.w("check.at.limit", node=n, depth=self.depth)
                if e is not None and e.reason == "depth-limit" else self.reached(n))
        return self.w("check.then", text=text, then=self.w(template, nodes=n)), self.first[n]

    def twice(self, nodes: Sequence[str]) -> Why | None:
        if not nodes:
            return None
        return self.w("check.twice", node=nodes[0]), self.first.get(nodes[0])

    def order_of(self, want: Sequence[str], given: Sequence[str]) -> Why | None:
        """Where the leaves both lists share come in a different order."""
        wanted, gotten = set(want), set(given)
        a = [w for w in want if w in gotten]
        b = [g for g in dict.fromkeys(given) if g in wanted]
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                way = self.w(f"check.order.{self.order}") \
                    if self.order in ("natural", "reverse") \
                    else self.w("check.order.other", order=self.order)
                if i:
                    step = self.w("check.order.after", previous=a[i - 1], node=x)
                    at = given.index(a[i - 1]) + 1
                    put = given[at] if at < len(given) else y
                else:
                    step, put = self.w("check.order.first", node=x), given[0]
                # Name the leaf the answer really has in that place, even one the search
                # never evaluates (O before H), not the first of the shared ones.
                return self.w("check.order", way=way, step=step, put=put), self.first.get(x)
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
            key = "check.value.leaf" if e.reason == "terminal" else "check.value.depth"
            return self.w(key, node=node, value=fmt(e.value)), seq
        mine: Value | None = self.sol.value if node == self.root else self.sol.values.get(node)
        if mine is None:
            return self.never_searched(node)
        player = self.player.get(node, "max")
        r = fmt(mine.number)
        bound = "" if mine.bound == "exact" else self.w(
            "check.bound.le" if mine.bound == "le" else "check.bound.ge", node=node,
            value=str(mine))
        cut = self.cuts.get(node)
        if cut is not None:
            return self.w("check.value.cut", node=node, player=player.upper(),
                          after=self.after(cut.after),
                          test=self.test(node, cut.alpha, cut.beta, True), value=r,
                          bound=bound), seq
        kids = [k for k in self.kids.get(node, ()) if k in self.sol.values]
        numbers = [self.sol.values[k].number for k in kids]
        best = (max if player == "max" else min)(numbers) if numbers else mine.number
        text = self.w("check.value.best", node=node, player=player.upper(),
                      function="max" if player == "max" else "min",
                      children=names([self.named(k) for k in kids]), best=fmt(best))
        if best != mine.number:
            text += self.w("check.fail.hard", value=r)
        return text + bound, seq

    def window(self, node: str) -> Why:
        e = self.expands.get(node)
        if e is None:
            if node in self.evals:
                return self.w("check.window.leaf", node=node), self.first.get(node)
            return self.never_searched(node)
        parts = [self.w("check.window.start", node=node, alpha=fmt(e.alpha), beta=fmt(e.beta))
                 + (self.w("check.window.from", node=e.parent) if e.parent else "")]
        a, b, seq = e.alpha, e.beta, e.seq
        for bk in self.backups.get(node, []):
            new = [f"{self.w(n)} = {fmt(v)}" for n, old, v in
                   (("check.alpha", a, bk.alpha), ("check.beta", b, bk.beta))
                   if v is not None and v != old]
            if new:
                parts.append(self.w("check.window.after", after=self.after(bk.child),
                                    changes=", ".join(new)))
            a, b, seq = bk.alpha, bk.beta, bk.seq
        cut = self.cuts.get(node)
        if cut is not None:
            a, b, seq = cut.alpha, cut.beta, max(seq, cut.seq)
        parts.append(self.w("check.window.end", alpha=fmt(a), beta=fmt(b)))
        return "; ".join(parts), seq

    def move(self, given: str) -> Why:
        want, v = self.sol.move, self.sol.value
        b = next((e for e in self.backups.get(self.root, []) if e.best == want), None)
        text = self.w("check.move", root=self.root, value=str(v), move=want)
        other = self.sol.values.get(given)
        if other is not None:
            text += self.w("check.move.returns", node=given, value=str(other))
        elif given not in self.kids.get(self.root, ()):
            text += self.w("check.move.stranger", node=given, root=self.root)
        return self.w("check.move.chosen", text=text, node=given), \
            None if b is None else b.seq


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
