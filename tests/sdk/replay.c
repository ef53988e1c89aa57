/* replay.c: the calls of gametrace.h read from standard input, one a line, for the tests
 * to make the C and the Python writer write the same search (tests/sdk/test_twins.py).
 *
 *   replay OUT MODE CONVENTION < calls
 *   e MOVE | k MOVE CLASS | l VALUE | c | p HIT BOUND VALUE DRAFT | s BOUND VALUE DRAFT
 *   | i DEPTH | r ALPHA BETA                                                          */
#define GAMETRACE_IMPLEMENTATION
#include "gametrace.h"
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    static const char *const classes[] = {"capture", "killer", "quiet", 0};
    char line[256], word[128];
    long long a, b, c, d;
    gt_header h = {"twins", "alphabeta", "random", GT_MINIMAX, "random", "start", classes,
                   GT_FULL};
    gt_writer *t;
    if (argc != 4) return 2;
    h.mode = strcmp(argv[2], "counters") == 0 ? GT_COUNTERS : GT_FULL;
    h.convention = strcmp(argv[3], "negamax") == 0 ? GT_NEGAMAX : GT_MINIMAX;
    t = gt_open(argv[1], &h);
    if (!t) return 1;
    while (fgets(line, sizeof line, stdin)) {
        switch (line[0]) {
        case 'e': if (sscanf(line + 2, "%127s", word) == 1) gt_enter(t, word); break;
        case 'k':
            if (sscanf(line + 2, "%127s %lld", word, &a) == 2) gt_enter_class(t, word, (int)a);
            break;
        case 'l': if (sscanf(line + 2, "%lld", &a) == 1) gt_leave(t, a); break;
        case 'c': gt_cut(t); break;
        case 'p':
            if (sscanf(line + 2, "%lld %lld %lld %lld", &a, &b, &c, &d) == 4)
                gt_tt_probe(t, (int)a, (int)b, c, (int)d);
            break;
        case 's':
            if (sscanf(line + 2, "%lld %lld %lld", &a, &b, &c) == 3)
                gt_tt_store(t, (int)a, b, (int)c);
            break;
        case 'i': if (sscanf(line + 2, "%lld", &a) == 1) gt_iteration(t, (int)a); break;
        case 'r': if (sscanf(line + 2, "%lld %lld", &a, &b) == 2) gt_research(t, a, b); break;
        default: return 2;
        }
    }
    return gt_close(t) == 0 ? 0 : 1;
}
