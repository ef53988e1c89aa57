"""Sentences that say what a step did: "C: β = 2 ≤ α = 3 → alpha cut, I and J pruned".

The comparison of a cut is written with the node's own bound on the left: at a MIN
node (alpha cut) its value v (fail-soft) or its beta (fail-hard, where the value
returned is alpha), at a MAX node (beta cut) v or its alpha.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction

from ...events import (
    Backup,
    Cut,
    Discard,
    Evaluate,
    Event,
    Expand,
    Generate,
    Goal,
    Iteration,
    Number,
    Numbers,
    Reorder,
    Select,
    Status,
    Transposition,
)
from ...trace import Header, Result
from ...visit import EventVisitor
from .text import Words
from .values import leaf_bounds

__all__ = ["Captioner", "cut_side", "cut_texts", "event_caption", "pass_caption", "result_caption",
           "summary_line"]

Namer = Callable[[str], str]
"""Node id -> how to name it in a sentence (generated games: the move that leads there)."""


def cut_side(cut: Cut) -> str:
    """``alpha`` or ``beta``: the cut's kind; a Star1 cut at a chance node (kind
    ``star1``) is an alpha cut when its bound fell to alpha, else a beta cut."""
    if cut.kind in ("alpha", "beta"):
        return cut.kind
    return "alpha" if cut.alpha is not None and cut.value <= cut.alpha else "beta"


def cut_texts(cut: Cut, player: str | None, header: Header, w: Words,
              above: tuple[str, Number, Number] | None = None) -> tuple[str, str, str]:
    """(kind, comparison for the diagram, comparison for a caption) of a cut.

    ``above``: a cut below a chance node (Star1) is written with what the picture shows,
    the chance node's bound against the window it was searched with:
    ``E ≤ 2.5 ≤ α = 2.5`` (:func:`tracer.render.model.values.chance_cut`), not with the
    window derived for the cut node alone, which the picture shows nowhere.  Without
    one, a window that is the search's leaf bound reads ``−2 = lowest leaf value``."""
    hard = "hard" in header.variant
    strict = header.options.get("cut_on") == "gt"
    side = cut_side(cut)
    at_max = player == "max" if player in ("max", "min") else side == "beta"
    if at_max:
        x = cut.alpha if hard else cut.value
        rel = ">" if strict else w.ge
        mine, theirs, bound = w.alpha, w.beta, cut.beta
    else:
        x = cut.beta if hard else cut.value
        rel = "<" if strict else w.le
        mine, theirs, bound = w.beta, w.alpha, cut.alpha
    diagram = f"{w.number(x)} {rel} {theirs} = {w.number(bound)}"
    caption = f"{mine} = {w.number(x)} {rel} {theirs} = {w.number(bound)}"
    if header.variant == "slide-002":
        # The slide's MaxMove cuts when beta > alpha (MinMove when beta < alpha), alpha
        # (beta) set to the best move's value: its own test, which alpha-beta's is not.
        rel = "<" if at_max else ">"
        diagram = caption = (f"{w.alpha} = {w.number(cut.alpha)} {rel} "
                             f"{w.beta} = {w.number(cut.beta)}")
    elif above is not None:
        name, total, window = above
        diagram = caption = (f"{name} {rel} {w.number(total)} {rel} {theirs} = "
                             f"{w.number(window)}")
    elif bound is not None and math.isfinite(bound) \
            and bound == leaf_bounds(header)[1 if at_max else 0]:
        # Star1 with no window from above: the node reached the lowest (highest) leaf
        # value the search was told of, which the picture shows nowhere as a window.
        diagram = caption = w("cut.ceiling" if at_max else "cut.floor", value=w.number(x))
    kind = w("alpha cut" if side == "alpha" else "beta cut")
    return kind, diagram, caption


def event_caption(ev: Event, header: Header, w: Words, *, player: Callable[[str], str | None],
                  shown: Callable[[str], str | None], move: Namer = str,
                  iteration: int = 0, drawn: Callable[[str], bool] | None = None,
                  name: Namer = str) -> str:
    """One sentence for one event; ``shown(node)`` gives the node's value as now drawn,
    ``move(node)`` the move leading to it, ``iteration`` the number of an iteration event.
    ``drawn(node)``: whether the picture shows the node; a node collapsed into a box is
    not named (the reader could not find it), the sentence counts it instead.
    ``name(node)``: how a sentence names a node (a game's: its last move, not the path)."""
    return Captioner(header, w, player=player, shown=shown, move=move, iteration=iteration,
                     drawn=drawn, name=name).visit(ev)


class Captioner(EventVisitor[str]):
    """The sentences of :func:`event_caption`, one method per event type; make one per
    picture and :meth:`visit` each event of the step."""

    def __init__(self, header: Header, w: Words, *, player: Callable[[str], str | None],
                 shown: Callable[[str], str | None], move: Namer = str,
                 iteration: int = 0, drawn: Callable[[str], bool] | None = None,
                 name: Namer = str,
                 above: Callable[[Cut], tuple[str, Number, Number] | None] | None = None
                 ) -> None:
        self.header, self.w = header, w
        self.above = above
        """A cut below a chance node, as the picture shows it (:func:`cut_texts`)."""
        self.player, self.shown, self.move, self.name = player, shown, move, name
        self.iteration = iteration
        self.seen: Callable[[str], bool] = drawn or (lambda _: True)

    def visit_expand(self, ev: Expand) -> str:
        w = self.w
        text = w("cap.expand", node=self.name(ev.node), player=w.player(ev.player))
        if ev.alpha is not None and ev.beta is not None:
            text += (f", {w.alpha} = {w.number(ev.alpha)}, "
                     f"{w.beta} = {w.number(ev.beta)}")
        return text

    def visit_evaluate(self, ev: Evaluate) -> str:
        key = "cap.static" if ev.reason == "depth-limit" else "cap.terminal"
        return self.w(key, node=self.name(ev.node), value=self.w.number(ev.value))

    def visit_backup(self, ev: Backup) -> str:
        w, name = self.w, self.name
        now = self.shown(ev.node) or w.number(ev.value)
        if now[:1] not in (w.ge[:1], w.le[:1]):
            now = f"= {now}"  # exact: "D = 2", as the lecture writes it
        key = "cap.backup" if self.seen(ev.child) else "cap.backup.anon"
        text = w(key, child=name(ev.child), child_value=w.number(ev.child_value),
                 to_node=w.to(name(ev.node)), node=name(ev.node), shown=now)
        who = self.player(ev.node)
        if who == "max" and ev.alpha is not None:
            text += f" ({w.alpha} = {w.number(ev.alpha)})"
        elif who == "min" and ev.beta is not None:
            text += f" ({w.beta} = {w.number(ev.beta)})"
        return text

    def visit_cut(self, ev: Cut) -> str:
        w, name = self.w, self.name
        above = self.above(ev) if self.above is not None else None
        kind, _, comparison = cut_texts(ev, self.player(ev.node), self.header, w, above)
        if not ev.pruned:
            return w("cap.cut.none", node=name(ev.node), comparison=comparison, kind=kind)
        if not all(self.seen(c) for c in ev.pruned):
            count = w.n("pruned.children", len(ev.pruned))
            return w("cap.cut.count", node=name(ev.node), comparison=comparison, kind=kind,
                     count=count)
        word = w.n("pruned", len(ev.pruned))
        return w("cap.cut", node=name(ev.node), comparison=comparison, kind=kind,
                 pruned=w.names(_shorten([name(c) for c in ev.pruned])), pruned_word=word)

    def visit_iteration(self, ev: Iteration) -> str:
        return pass_caption(ev, self.iteration, self.w, self.move)

    def visit_transposition(self, ev: Transposition) -> str:
        w = self.w
        value = w.bound({"lower": "ge", "upper": "le"}.get(ev.flag, "eq"), ev.value)
        if ev.kind == "hit":
            # Full paths: a transposition is two paths to one position.
            return w("cap.tt.hit", node=ev.node, value=value, stored=ev.stored_at or "?")
        text = w("cap.tt.store", node=self.name(ev.node), value=value)
        return text + (w("cap.tt.move", move=ev.move) if ev.move and self.seen(ev.move)
                       else "")

    def visit_reorder(self, ev: Reorder) -> str:
        w = self.w
        first = ev.children[0] if ev.children else ""
        why = ev.reasons[0] if ev.reasons else ""
        return w("cap.order" if self.seen(first) else "cap.order.anon",
                 node=self.name(ev.node), first=self.move(first),
                 why=w(f"why.{why}") if why in ("pv", "tt", "killer", "history") else why or "-")

    # AND/OR, proof-number and A* events

    def _label(self, node: str, label: str | None) -> str:
        """The state after a node's name, unless the name is the state (A*)."""
        return "" if not label or label == self.name(node) else label

    def visit_generate(self, ev: Generate) -> str:
        w, n, name = self.w, self.w.number, self.name
        action = _by(ev.action, w) if ev.action else ""
        key = "cap.generate" if ev.parent else "cap.start"
        return w(key, node=name(ev.node), label=self._label(ev.node, ev.label),
                 parent=name(ev.parent) if ev.parent else "-",
                 action=action, g=n(ev.g), h=n(ev.h), f=n(ev.f)).replace("  ", " ")

    def visit_select(self, ev: Select) -> str:
        key = "cap.select" if ev.f is not None else "cap.select.pns"
        return self.w(key, node=self.name(ev.node), label=self._label(ev.node, ev.label),
                      number=ev.number, f="?" if ev.f is None else self.w.number(ev.f)
                      ).replace("  ", " ").replace(" :", ":")

    def visit_discard(self, ev: Discard) -> str:
        node, existing = self.name(ev.node), self.name(ev.existing)
        if node == existing:  # named by their state: "Arad discarded: repeated state"
            return self.w("cap.discard.state", node=node)
        return self.w("cap.discard", node=node, existing=existing)

    def visit_goal(self, ev: Goal) -> str:
        return self.w("cap.goal", node=self.name(ev.node), cost=self.w.number(ev.cost))

    def visit_status(self, ev: Status) -> str:
        w = self.w
        return w("cap.status", node=self.name(ev.node), status=w(ev.status)
                 if ev.status in ("solved", "unsolvable") else ev.status)

    def visit_numbers(self, ev: Numbers) -> str:
        n = self.w.number
        return self.w("cap.numbers", node=self.name(ev.node), proof=n(ev.proof),
                      disproof=n(ev.disproof))

    def visit_event(self, ev: Event) -> str:
        return ev.type


_COST = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def _by(action: str, w: Words) -> str:
    """" by fill 1"; a move named by its cost (a graph's road, 140) " at cost 140"."""
    if _COST.fullmatch(action):
        cost = float(action)
        return w("by.cost", cost=w.number(int(cost) if cost.is_integer() else cost))
    return w("by", action=w.action(action))


def pass_caption(ev: Iteration, n: int, w: Words, move: Namer = str, *,
                 with_value: bool = True) -> str:
    """"iteration 3 (depth 3): value 2, PV c1 a3 b1": one search of the root."""
    depth = w("to the end") if ev.depth is None else str(ev.depth)
    window = ""
    if ev.alpha is not None and ev.beta is not None:
        window = f"({w.number(ev.alpha)}, {w.number(ev.beta)})"
    kind = ev.kind if ev.kind in ("iteration", "aspiration", "re-search", "mtdf") \
        else "iteration"
    search = w(f"pass.{kind}", n=n or "?", depth=depth, window=window)
    if not with_value:
        return search
    value = w.bound({"lower": "ge", "upper": "le"}.get(ev.flag, "eq"), ev.value)
    pv = " ".join(move(n) for n in ev.pv[1:])
    text = w("cap.pass.pv" if pv and ev.flag == "exact" else "cap.pass", search=search,
             value=value, pv=pv)
    return text + (w(f"fails.{ev.flag}") if ev.flag in ("lower", "upper") else "")


def result_caption(result: Result | None, w: Words) -> str:
    """"Result: value 3, best move B" (or just the value when there is no move)."""
    if result is None:
        return ""
    value = "?" if result.value is None else w.number(result.value)
    if result.move is None:
        text = w("cap.final.nomove", value=value)
    else:
        text = w("cap.final", value=value, move=result.move)
    if not result.complete:
        text += f" ({w('incomplete')})"
    return text


def summary_line(header: Header, result: Result | None, w: Words, *,
                 root_status: str | None = None, passes: list[Iteration] | None = None,
                 exact: Fraction | None = None) -> str:
    """"alpha-beta (fail-soft): value 3, best move B" ("AND/OR (dfs): root solved").

    The move-ordering techniques are named after the variant ("fail-soft; id, tt"), and
    when the root was searched more than once (``passes``: its iteration events) the
    line says which search the tree shows: the last one.  ``exact``: the root's value
    as the trace gives it exactly (``11/3``), written instead of the result's float."""
    algorithm = w.algorithm(header.algorithm)
    variant = w.variant(header.variant)
    techniques = header.options.get("techniques")
    if isinstance(techniques, list) and techniques:
        variant += "; " + ", ".join(str(t) for t in techniques)
    if root_status in ("solved", "unsolvable"):
        # Who wins, as the lecture asks it: the prover if the root is solved.
        prover = str(header.options.get("prover") or "max")
        other = "min" if prover == "max" else "max"
        winner = w.player(prover if root_status == "solved" else other)
        return w("andor", algorithm=algorithm, variant=variant, winner=winner,
                 status=w(f"{root_status}.f"))
    if result is None:
        return f"{algorithm} ({variant})"
    value = "?" if result.value is None else w.number(
        exact if exact is not None and float(exact) == result.value else result.value)
    if header.algorithm == "astar":
        text = w("astar", algorithm=algorithm, variant=variant, value=value)
    elif result.move is None:
        text = w("summary.nomove", algorithm=algorithm, variant=variant, value=value)
    else:
        text = w("summary", algorithm=algorithm, variant=variant, value=value,
                 move=result.move)
    if passes and len(passes) > 1:
        text += w("summary.pass", search=pass_caption(passes[-1], len(passes), w,
                                                      with_value=False))
    return text if result.complete else f"{text} ({w('incomplete')})"


def _shorten(names: list[str], limit: int = 6) -> list[str]:
    if len(names) <= limit:
        return names
    return [*names[: limit - 1], f"… (+{len(names) - limit + 1})"]
