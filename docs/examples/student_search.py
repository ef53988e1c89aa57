"""A student's own alpha-beta (AIMA's MAX-VALUE / MIN-VALUE), recording its steps with
``tracer.student`` so that gametrace can draw it, check it and compare it with its own.

    python docs/examples/student_search.py mine.jsonl
    gametrace run aima -o ours.json
    gametrace diff ours.json mine.jsonl          # exit 0: the two searches agree

With ``--forget-alpha`` the search makes a classic mistake: a child starts from
alpha = -inf, beta = +inf instead of its parent's window, so nothing is ever cut, and
``gametrace diff`` shows the first step where it parts ways with ours.

The tree is the AIMA figure of "Teoria dei giochi", kept the way a student might keep it: a
dict of children and a dict of leaf values.
"""

from __future__ import annotations

import argparse
import math

from tracer.student import StudentTrace

CHILDREN = {"A": ["B", "C", "D"], "B": ["E", "F", "G"], "C": ["H", "I", "J"],
            "D": ["K", "L", "M"]}
LEAF = {"E": 3, "F": 12, "G": 8, "H": 2, "I": 4, "J": 6, "K": 14, "L": 5, "M": 2}
TEXT = "A(B(3 12 8) C(2 4 6) D(14 5 2))"  # the same tree in gametrace's notation


def max_value(node: str, alpha: float, beta: float, trace: StudentTrace,
              forget: bool) -> float:
    if node in LEAF:
        trace.evaluate(node, LEAF[node])
        return LEAF[node]
    kids = CHILDREN[node]
    trace.expand(node, kids, alpha=alpha, beta=beta)
    v = -math.inf
    for i, child in enumerate(kids):
        down = (-math.inf, math.inf) if forget else (alpha, beta)
        value = min_value(child, *down, trace, forget)
        v = max(v, value)
        alpha = max(alpha, v)
        trace.backup(node, child, value, alpha=alpha, beta=beta)
        if v >= beta:
            if i < len(kids) - 1:
                trace.cut(node)  # a beta cut: the remaining children are pruned
            return v
    return v


def min_value(node: str, alpha: float, beta: float, trace: StudentTrace,
              forget: bool) -> float:
    if node in LEAF:
        trace.evaluate(node, LEAF[node])
        return LEAF[node]
    kids = CHILDREN[node]
    trace.expand(node, kids, alpha=alpha, beta=beta)
    v = math.inf
    for i, child in enumerate(kids):
        down = (-math.inf, math.inf) if forget else (alpha, beta)
        value = max_value(child, *down, trace, forget)
        v = min(v, value)
        beta = min(beta, v)
        trace.backup(node, child, value, alpha=alpha, beta=beta)
        if v <= alpha:
            if i < len(kids) - 1:
                trace.cut(node)  # an alpha cut
            return v
    return v


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="trace file to write (.jsonl or .json)")
    parser.add_argument("--forget-alpha", action="store_true",
                        help="do not pass alpha and beta down (the classic mistake)")
    args = parser.parse_args()
    with StudentTrace(args.out, tree=TEXT, name="aima", variant="student") as trace:
        value = max_value("A", -math.inf, math.inf, trace, args.forget_alpha)
        result = trace.finish(value)
    print(f"value {value}, move {result.move}; trace written to {args.out}")


if __name__ == "__main__":
    main()
