"""The answers a Moodle short-answer field lists so that it grades a part as gametrace does.

Moodle grades a Cloze short answer by its *first matching answer*, in the order listed
(``question_first_matching_answer_grading_strategy``), comparing the trimmed response
with each answer as a pattern in which an unescaped ``*`` stands for any text
(``qtype_shortanswer_question::compare_string_with_wildcard``).  A set or a sequence of
nodes written with single spaces is graded here by listing, best first:

* a **set** (the pruned nodes, graded as the overlap over the union): every
  ordering of every non-empty subset S of the key, each followed by the answers with
  ``k`` other nodes (``*`` tokens, anywhere) for k from :func:`extras` down to 1, worth
  |S| / (|key| + k): so "K G" scores as "G K", "K" half of it, "K G X" two thirds;
* a **sequence** (the leaves evaluated, the longest common run over the longer list):
  every subsequence S of the key in its order with ``k`` ``*`` tokens anywhere, worth
  |S| / max(|key|, |S| + k).

The answers without ``*`` come first (each matches itself only).  A ``*`` token
matches one or more whole nodes, and more of them come first, so the first answer that
matches has the
most nodes of the key and, where the response names at most :func:`extras` other nodes,
exactly as many extra ones: the fraction is the one ``gametrace check`` gives.  The
number of answers is bounded (:data:`MAX_ANSWERS`); a key too long for even the answers
without other nodes keeps every ordering of the whole set (a set) or every prefix (a
sequence).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, permutations
from math import comb, factorial

__all__ = ["MAX_ANSWERS", "MAX_EXTRAS", "extras", "sequence_answers", "set_answers"]

MAX_ANSWERS = 2000
"""The most answers one field lists (each is a row of Moodle's question_answers)."""

MAX_EXTRAS = 2
"""The most other nodes an answer may name and still be graded as gametrace grades it."""

WILD = "*"


def _set_count(n: int, k_most: int) -> int:
    return sum(comb(n, s) * factorial(s) * sum(comb(s + k, k) for k in range(k_most + 1))
               for s in range(1, n + 1))


def _sequence_count(n: int, k_most: int) -> int:
    return sum(comb(n, s) * sum(comb(s + k, k) for k in range(k_most + 1))
               for s in range(1, n + 1))


def extras(n: int, *, ordered: bool) -> int | None:
    """How many other nodes the answers of a key of ``n`` nodes allow for (``None``: not
    even the answers without other nodes fit in :data:`MAX_ANSWERS`)."""
    count = _sequence_count if ordered else _set_count
    for k in range(MAX_EXTRAS, -1, -1):
        if count(n, k) <= MAX_ANSWERS:
            return k
    return None


def _spread(tokens: Sequence[str], k: int) -> Iterator[tuple[str, ...]]:
    """``tokens`` in their order with ``k`` wildcard tokens put anywhere among them."""
    size = len(tokens) + k
    for places in combinations(range(size), k):
        it = iter(tokens)
        yield tuple(WILD if i in places else next(it) for i in range(size))


def set_answers(key: Sequence[str], none: str) -> list[tuple[str, float]]:
    """The answers (text, fraction) of a set of nodes ``key``, best first; ``none`` is
    the answer when the key is empty."""
    if not key:
        return [(none, 1.0)]
    n = len(key)
    k_most = extras(n, ordered=False)
    if k_most is None:
        whole = permutations(key) if factorial(n) <= MAX_ANSWERS else iter([tuple(key)])
        return [(" ".join(p), 1.0) for p in whole]
    out: dict[str, float] = {}
    for s in range(n, 0, -1):
        for chosen in combinations(key, s):
            for k in (0, *range(k_most, 0, -1)):
                for ordering in permutations(chosen):
                    for tokens in _spread(ordering, k):
                        out.setdefault(" ".join(tokens), s / (n + k))
    return list(out.items())


def sequence_answers(key: Sequence[str], none: str) -> list[tuple[str, float]]:
    """The answers (text, fraction) of a sequence of nodes ``key``, best first."""
    if not key:
        return [(none, 1.0)]
    n = len(key)
    k_most = extras(n, ordered=True)
    if k_most is None:
        return [(" ".join(key[:s]), s / n) for s in range(n, 0, -1)]
    out: dict[str, float] = {}
    for s in range(n, 0, -1):
        for chosen in combinations(key, s):
            for k in (0, *range(k_most, 0, -1)):
                for tokens in _spread(chosen, k):
                    out.setdefault(" ".join(tokens), s / max(n, s + k))
    return list(out.items())
