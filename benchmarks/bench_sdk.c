/* bench_sdk.c: a negamax alpha-beta over a synthetic game, timed untraced (the writer's
 * calls compiled out: -DTRACED=0) and traced (-DTRACED=1, full or counters mode).
 *
 *   ./bench_sdk BRANCHING DEPTH WORK MODE OUT
 *
 * The game: BRANCHING moves a position, a position's children and its value a hash of
 * it (deterministic, the same tree every run); WORK rounds of a xorshift at every node
 * stand for an engine's own cost per node (move generation, evaluation).  Moves are
 * tried in an order from the hash, so the search cuts as a real one does, some nodes
 * early, some late.  Prints "nodes SECONDS VALUE": the process CPU time of the search, gt_close included
 * (user and system: the writes too; CPU time, as the machine is shared). */
#define _POSIX_C_SOURCE 199309L
#define GAMETRACE_IMPLEMENTATION
#define GAMETRACE_STATIC /* the calls inlined into the search */
#include "gametrace.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef TRACED
#define TRACED 1
#endif
#if TRACED
#define TRACE(call) call
#else
#define TRACE(call) ((void)names)
#endif

static int branching, work;
static int64_t nodes;
static const char *names[] = {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1",
                              "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "c1", "c2"};

static uint64_t mix(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdu; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53u;
    return x ^ (x >> 33);
}

static uint64_t busy(uint64_t x) { /* the engine's own work at a node */
    int i;
    for (i = 0; i < work; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; }
    return x;
}

static volatile uint64_t sink;

static int64_t negamax(gt_writer *t, uint64_t pos, int depth, int64_t alpha, int64_t beta) {
    int64_t best = -100000;
    int i;
    nodes++;
    sink = busy(pos);
    if (depth == 0) return (int64_t)(mix(pos) % 2001) - 1000;
    for (i = 0; i < branching; i++) {
        int k = (int)((uint64_t)(i + (int)(pos % (uint64_t)branching)) % (uint64_t)branching);
        int64_t score;
        TRACE(gt_enter(t, names[k]));
        score = negamax(t, mix(pos + (uint64_t)k + 1), depth - 1, -beta, -alpha);
        TRACE(gt_leave(t, score));
        if (-score > best) best = -score;
        if (best > alpha) alpha = best;
        if (alpha >= beta) {
            TRACE(gt_cut(t));
            break;
        }
    }
    return best;
}

int main(int argc, char **argv) {
    struct timespec a, b;
    gt_writer *t = NULL;
    int64_t value;
    int depth;
    if (argc != 6) {
        fprintf(stderr, "usage: bench_sdk BRANCHING DEPTH WORK full|counters OUT\n");
        return 2;
    }
    branching = atoi(argv[1]);
    depth = atoi(argv[2]);
    work = atoi(argv[3]);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
#if TRACED
    {
        gt_header h = {"synthetic", "alphabeta", "bench", GT_NEGAMAX, "hash", NULL, NULL,
                       argv[4][0] == 'c' ? GT_COUNTERS : GT_FULL};
        t = gt_open(argv[5], &h);
        if (!t) { perror(argv[5]); return 1; }
    }
#else
    (void)argv;
#endif
    value = negamax(t, 12345, depth, -100000, 100000);
    TRACE(gt_leave(t, value));
#if TRACED
    if (gt_close(t) != 0) return 1;
#endif
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    printf("%lld %.6f %lld\n", (long long)nodes,
           (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9,
           (long long)value);
    return 0;
}
