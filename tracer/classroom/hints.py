"""Hints that teach without giving the key: which node, which field, which rule.

A hint says what is wrong in the lecture's own terms ("the value of C is wrong: a MIN
node returns the smallest value of the children it searches ...", "alpha at B is wrong:
alpha is the best value MAX can already guarantee on the path ...", "a node you marked
pruned is searched: a cut needs alpha >= beta ...") and never a value of the answer key:
no number of the expected search appears in it, only node names, field names and rules.
The feedback levels ``score`` and ``first-mistake`` of the classroom show these hints
and nothing of the key (:func:`tracer.classroom.tasks.feedback`); the reasoning with its
values (:mod:`tracer.analysis.check.explain`) is for the level ``explain``.

:class:`Hints` reads the rules that apply off the expected trace: who moves at each node,
the algorithm, fail-soft or fail-hard, the cut test, the child order, a depth limit.
"""

from __future__ import annotations

from ..analysis.check.explain import Explainer
from ..analysis.check.verdict import Item
from ..errors import InputError
from ..said import Said, said
from ..trace import Trace
from .item_words import item_said

__all__ = ["Hints", "field_said", "item_hint", "step_hint"]

_HARD = ("fail-hard", "slide-002")
"""The alpha-beta variants whose nodes return a bound (Pearl's AB and the lecture's)."""


def field_said(field: str) -> Said:
    """A step answer's field as a person says it (``kind``: the kind of step)."""
    return _FIELDS.get(field, said("{key}", key=field))


_FIELDS = {
    "kind": said("the kind of step"),
    "node": said("the node"),
    "value": said("the value"),
    "alpha": said("alpha"),
    "beta": said("beta"),
}


def cut_test(strict: bool) -> Said:
    """The cut test the conventions use, in words."""
    return said("alpha > beta") if strict else said("alpha >= beta")


def way(order: str) -> Said:
    """The child order, as the rules say it."""
    if order == "reverse":
        return said("children right to left")
    if order == "natural":
        return said("children left to right")
    return said("children in the order the conventions give")


def value_rule(player: str | None, *, algorithm: str, hard: bool, test: Said) -> Said:
    """What a node returns, by who moves there and the algorithm."""
    at_min = player == "min"
    if algorithm != "alphabeta":
        return said("a MIN node returns the smallest value of its children") if at_min \
            else said("a MAX node returns the largest value of its children")
    if hard:
        return said("in fail-hard alpha-beta a MIN node returns its beta after its last "
                    "child, the smallest of the beta it received and its children's values, "
                    "and when {test} stops it, it returns alpha", test=test) if at_min else \
            said("in fail-hard alpha-beta a MAX node returns its alpha after its last child, "
                 "the largest of the alpha it received and its children's values, and when "
                 "{test} stops it, it returns beta", test=test)
    return said("a MIN node returns the smallest value of the children it searches; when "
                "{test} it stops and returns the smallest value found so far; a value a cut "
                "leaves undecided is written as a bound (<= or >=)", test=test) if at_min \
        else said("a MAX node returns the largest value of the children it searches; when "
                  "{test} it stops and returns the largest value found so far; a value a cut "
                  "leaves undecided is written as a bound (<= or >=)", test=test)


def alpha_rule() -> Said:
    return said("alpha is the best value MAX can already guarantee on the path: a node "
                "starts with its parent's alpha, and a MAX node raises it to each child's "
                "value that is larger")


def beta_rule() -> Said:
    return said("beta is the best value MIN can already guarantee on the path: a node "
                "starts with its parent's beta, and a MIN node lowers it to each child's "
                "value that is smaller")


def order_rule(*, algorithm: str, order: str) -> Said:
    if algorithm != "alphabeta":
        return said("the search goes depth first, {way}, and evaluates every leaf",
                    way=way(order))
    return said("the search goes depth first, {way}, and evaluates no leaf under a cut",
                way=way(order))


def step_hint(kind: str, node: str, player: str | None, field: str, *, algorithm: str,
              hard: bool, strict: bool, order: str) -> Said:
    """The hint on a step answer whose ``field`` is wrong (the expected step is a
    ``kind`` at ``node``, where ``player`` moves): the rule, never the value."""
    test = cut_test(strict)
    if field == "kind":
        if algorithm != "alphabeta":
            return said("the kind of step is wrong: minimax cuts nothing; a node returns "
                        "after its last child, and otherwise the search goes down to the "
                        "next leaf")
        return said("the kind of step is wrong: after each leaf or return, a node where "
                    "{test} is cut, a node whose children are all searched returns, and "
                    "otherwise the search goes down to the next leaf", test=test)
    if field == "node":
        if algorithm != "alphabeta":
            return said("the node is wrong: the search goes depth first, {way}, and visits "
                        "every node", way=way(order))
        return said("the node is wrong: the search goes depth first, {way}, and skips the "
                    "children a cut prunes", way=way(order))
    if kind == "evaluate":
        if field == "value":
            return said("the value is wrong: a leaf's value is the one the tree gives it")
        return said("{field} is wrong: a leaf is reached with its parent's alpha and beta "
                    "as they are at that moment", field=field_said(field))
    if field == "value":
        return said("the value of {node} is wrong: {rule}", node=node,
                    rule=value_rule(player, algorithm=algorithm, hard=hard, test=test))
    if field == "alpha":
        return said("alpha at {node} is wrong: {rule}", node=node, rule=alpha_rule())
    return said("beta at {node} is wrong: {rule}", node=node, rule=beta_rule())


class Hints:
    """The hints on the items of answers checked against one expected trace."""

    def __init__(self, trace: Trace, *, lang: str = "en") -> None:
        self.ex = Explainer(trace, lang=lang)
        h = trace.header
        self.algorithm = h.algorithm
        self.hard = h.variant in _HARD
        self.order = h.options.get("order") or "natural"
        self.depth = h.options.get("depth")
        self.test = cut_test(h.options.get("cut_on") == "gt")
        self.root = h.root

    def value_rule(self, node: str) -> Said:
        return value_rule(self.ex.player.get(node), algorithm=self.algorithm,
                          hard=self.hard, test=self.test)

    # the items of a whole answer --------------------------------------------------------

    def item(self, item: Item) -> Said:
        """The hint on a wrong item (what is wrong, and the rule it breaks)."""
        key = item.key
        if item.given == "":
            return said("{item}: not answered", item=item_said(key))
        head, _, rest = key.partition(".")
        if key == "value":
            return said("the root's value is wrong: {rule}", rule=self.value_rule(self.root))
        if key == "move":
            return said("the best move is wrong: it leads to the root's child whose value is "
                        "the root's value (the first one, if there are several)")
        if head == "values":
            return self._value(rest, item)
        if head == "alphabeta":
            node, _, name = rest.rpartition(".")
            return self._window(node, name, item)
        if key == "evaluated":
            rule = order_rule(algorithm=self.algorithm, order=self.order)
            if self.depth is not None:
                return said("the leaves evaluated are wrong: {rule}; a node at the depth "
                            "limit is evaluated, not expanded", rule=rule)
            return said("the leaves evaluated are wrong: {rule}", rule=rule)
        if key == "pruned":
            return self._pruned(item)
        if key == "expanded":
            return said("the nodes expanded are wrong: A* expands the node of the open list "
                        "with the lowest f = g + h, ties going to the node generated first, "
                        "and stops when it selects the goal")
        if key == "discarded":
            return said("the nodes discarded are wrong: a node is discarded when its state "
                        "has already been reached at a cost no greater")
        if key == "path":
            return said("the path found is wrong: it goes from the start to the goal "
                        "through the parent each node was generated from")
        if key == "cost":
            return said("the path's cost is wrong: it is the sum of the costs of the path's "
                        "steps")
        if head == "nodes":
            return said("{item} is wrong: g is the cost from the start, h the heuristic's "
                        "estimate, and f = g + h", item=item_said(key))
        return said("{item} is wrong", item=item_said(key))

    def _value(self, node: str, item: Item) -> Said:
        if item.expected == "(no such node)":
            return said("{node} is not a node of the tree", node=node)
        if item.expected == "(not searched)":
            return said("{node} is never searched: a node under a cut gets no value, so "
                        "leave it blank", node=node)
        if node in self.ex.evals:
            return said("the value of {node} is wrong: a leaf's value is the one the "
                        "tree gives it", node=node)
        if node == self.root:
            return said("the root's value is wrong: {rule}", rule=self.value_rule(node))
        return said("the value of {node} is wrong: {rule}", node=node,
                    rule=self.value_rule(node))

    def _window(self, node: str, name: str, item: Item) -> Said:
        if item.expected == "(no such node)":
            return said("{node} is not a node of the tree", node=node)
        if node not in self.ex.expands:
            return said("{node} is not expanded: alpha and beta belong to the nodes the "
                        "search expands, so leave them blank", node=node)
        if name == "alpha":
            return said("alpha at {node} is wrong: {rule}", node=node, rule=alpha_rule())
        return said("beta at {node} is wrong: {rule}", node=node, rule=beta_rule())

    def _pruned(self, item: Item) -> Said:
        ex = self.ex
        given = [] if item.given == "(none)" else item.given.split()
        wanted = set() if item.expected == "(none)" else set(item.expected.split())
        entries = []
        for i, g in enumerate(given):
            try:
                entries.append(ex.pruned_entry(g, f"$.pruned[{i}]"))
            except InputError:  # an edge that is none: the answer's own slip
                entries.append(g)
        strangers = [e for e in entries if ex.unknown(e) is not None]
        if strangers:
            return said("{node} is not a node of the tree", node=strangers[0])
        if any(e not in wanted for e in entries):
            return said("a node you marked pruned is searched: a cut needs {test} at its "
                        "parent, after one of its children", test=self.test)
        return said("a pruned node is not marked: after each child, when {test} the "
                    "remaining children are pruned (mark the root of each pruned subtree)",
                    test=self.test)


def item_hint(item: Item, trace: Trace, *, lang: str = "en") -> str:
    """The hint on one wrong ``item`` of an answer checked against ``trace``."""
    return Hints(trace, lang=lang).item(item).worded(lang)

