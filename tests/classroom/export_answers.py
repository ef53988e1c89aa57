"""The answers the export tests type into a question's parts, and the grade the
checker gives them: what Moodle's and PrairieLearn's grades are compared with.

The answers are written as the questions ask (node names of the tree separated by
single spaces, each once; numbers as the tree writes them), right, wrong, partly right
or blank, a set of nodes in any order, with at most as many nodes outside the key as
:func:`tracer.classroom.exports.cloze_answers.extras` allows, none of them inside a
pruned subtree (a node there stands for the subtree's root: the question asks the
roots)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution
from tracer.classroom.assignments import Assignment
from tracer.classroom.exports import Part, Variant
from tracer.classroom.exports.cloze_answers import extras
from tracer.classroom.exports.question_parts import none_word
from tracer.classroom.tasks import restrict

__all__ = ["AIMA", "ANSWERS_PER_VARIANT", "answers_for", "service_share"]

ANSWERS_PER_VARIANT = 20

AIMA = {"id": "a1", "title": "Potatura alfa-beta", "source": {"example": "aima"},
        "spec": {"algorithm": "alphabeta"}, "solution": "always",
        "items": ["value", "move", "values", "pruned", "evaluated", "alphabeta"]}
"""An assignment on the AIMA tree asking every item (its alpha-beta prunes I and J)."""


def _answer_json(parts: Sequence[Part], texts: Sequence[str | None],
                 lang: str) -> dict[str, Any]:
    """The answer the service is sent for the texts typed in the parts' boxes (a blank
    box sends nothing), as the assignment page builds it."""
    doc: dict[str, Any] = {}
    for p, text in zip(parts, texts, strict=True):
        if text is None or not text.strip():
            continue
        head, _, rest = p.key.partition(".")
        if p.kind in ("set", "sequence"):
            doc[p.key] = [] if text.strip() == none_word(lang) else text.split()
        elif head == "values":
            doc.setdefault("values", {})[rest] = text.strip()
        elif head == "alphabeta":
            node, _, side = rest.rpartition(".")
            doc.setdefault("alphabeta", {}).setdefault(node, {})[side] = text.strip()
        else:
            doc[p.key] = text.strip()
    return doc


def service_share(v: Variant, a: Assignment | None, texts: Sequence[str | None],
                  lang: str = "en") -> float:
    """The share of the marks the checker gives (every part scored, a blank one 0)."""
    answer = Solution.from_json(_answer_json(v.parts, texts, lang))
    if a is not None:
        answer = restrict(answer, a)
    report = check_solution(answer, v.trace, diagnosis=False)
    keys = [p.key for p in v.parts]
    assert {i.key for i in report.items} <= set(keys)
    return sum(i.score for i in report.items if i.key in keys) / len(keys)


def _other_nodes(v: Variant, p: Part) -> list[str]:
    """Names a wrong answer may add: the tree's nodes outside the key and outside the
    pruned subtrees (a node there stands for the subtree's root, and the question asks
    the roots)."""
    inside = {n for n, _ in p.inside}
    return [n for n in v.order if n not in p.nodes and n not in inside]


def _typed(v: Variant, p: Part, rng: random.Random, how: str, lang: str) -> str | None:
    """What a student types in part ``p``: ``right`` (in another order where the order
    does not count), ``blank``, ``wrong`` or ``partly`` right."""
    if how == "blank":
        return rng.choice([None, "", "  "])
    if p.kind in ("number", "value"):
        text = p.answer_text()
        if how == "right":
            if p.bound != "exact":
                return rng.choice([text, text.lstrip("<=>")])
            # a number box takes 3.0 for 3, as the checker does
            return rng.choice([text, f"{text}.0"]) if text.lstrip("-").isdigit() else text
        if text.endswith("inf"):
            return "0"
        number = text.lstrip("<=>")
        off = str(int(float(number)) + rng.choice([-2, -1, 1, 3]))
        if p.key.startswith("alphabeta."):  # a bound there is refused, not graded
            return off
        return rng.choice([off, f"<={number}" if p.bound != "le" else f">={number}"])
    if p.kind == "node":
        if how == "right":
            return p.nodes[0]
        return rng.choice([p.nodes[0].lower(), *(n for n in v.order[1:4] if n != p.nodes[0])])
    want = list(p.nodes)
    others = _other_nodes(v, p)
    most = extras(len(want), ordered=p.kind == "sequence") or 0
    if how == "right":
        if p.kind == "set":
            rng.shuffle(want)
        return " ".join(want) if want else none_word(lang)
    kept = [n for n in want if rng.random() < 0.6] if how == "partly" else []
    least = min(most, 0 if kept else 1)
    added = rng.sample(others, min(len(others), rng.randint(least, most)))
    if not kept and not added:
        return none_word(lang)
    if p.kind == "set":
        mixed = kept + added
        rng.shuffle(mixed)
        return " ".join(mixed)
    for n in added:
        kept.insert(rng.randint(0, len(kept)), n)
    return " ".join(kept)


def answers_for(v: Variant, *, seed: int, lang: str) -> list[list[str | None]]:
    """:data:`ANSWERS_PER_VARIANT` answers: right (the sets reordered), blank, each part
    blank in turn, and mixes of right, wrong, partly right and blank parts."""
    rng = random.Random(seed)
    parts = v.parts
    out = [[_typed(v, p, rng, "right", lang) for p in parts],
           [_typed(v, p, rng, "right", lang) for p in parts],
           [None] * len(parts)]
    for i in range(len(parts)):
        out.append([None if j == i else _typed(v, p, rng, "right", lang)
                    for j, p in enumerate(parts)])
    while len(out) < ANSWERS_PER_VARIANT:
        out.append([_typed(v, p, rng, rng.choice(["right", "wrong", "partly", "partly",
                                                   "blank"]), lang) for p in parts])
    return out[:ANSWERS_PER_VARIANT]
