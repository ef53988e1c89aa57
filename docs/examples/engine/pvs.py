"""The Python engine of docs/engines.md ("Recording an engine's search"): a negamax PVS
search with iterative deepening over a hashed game, recorded with tracer.TraceWriter
into engine-py.jsonl (the page's block, which tests/sdk/test_doc_examples.py keeps equal).

    python docs/examples/engine/pvs.py
"""

from tracer import TraceWriter

MASK = (1 << 64) - 1


def child(pos, i):
    return (pos * 6364136223846793005 + 1442695040888963407 + i) & MASK


def leaf(pos):  # -32 .. 31, from the side to move's view
    return (((pos * 0x9E3779B97F4A7C15) & MASK) >> 58) - 32


def negamax(t, pos, depth, alpha, beta):
    if depth == 0:
        return leaf(pos)
    best = -1000
    for i in range(3):
        t.enter(f"a{i + 1}")
        if i == 0:
            score = negamax(t, child(pos, i), depth - 1, -beta, -alpha)
        else:
            score = negamax(t, child(pos, i), depth - 1, -alpha - 1, -alpha)
            if alpha < -score < beta:  # PVS: it failed high, search again
                t.leave(score)
                t.research(-beta, -alpha)
                score = negamax(t, child(pos, i), depth - 1, -beta, -alpha)
        t.leave(score)
        best = max(best, -score)
        alpha = max(alpha, best)
        if alpha >= beta:
            t.cut()
            break
    return best


with TraceWriter("engine-py.jsonl", game="random-3", variant="pvs", convention="negamax",
                 eval="hash", position="1") as t:
    for depth in range(1, 5):
        t.iteration(depth)
        value = negamax(t, 1, depth, -1000, 1000)
        t.leave(value)
        print(f"depth {depth}: value {value}")
