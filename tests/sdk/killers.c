/* killers.c: a small engine with killer moves, and a planted bug in them.
 *
 *   cc -O2 -I"$(gametrace sdk --include)" killers.c -o killers
 *   ./killers fixed.jsonl && ./killers --bug buggy.jsonl
 *
 * Negamax alpha-beta (fail-hard) to 6 plies over a synthetic game, "threats-6": six
 * moves a position, two captures (x1 x2) and four quiet moves (q1 .. q4).  A position
 * is a 64-bit hash; each move gains its side some material, the captures 0 to 3 by a
 * hash of the position, the quiet moves -2 to 1, except one quiet move a ply, the
 * threat (q3 at even plies, q4 at odd ones), which gains 6 to 9: the refutation of
 * most moves of the other side, and the killer heuristic's textbook case.  A leaf is
 * the material from the side to move's view, plus -2 to 1 by its hash.
 *
 * Moves are ordered captures first, the larger gain first (MVV-LVA's role), then the
 * ply's two killers (quiet moves that cut at a node of the same ply), then the other
 * quiet moves in their order.  With --bug the killers are stored as they should be but
 * never tried: the test that promotes a killer asks for a capture, and a killer is a
 * quiet move.  Every value and move is the same; only the nodes differ. */
#define GAMETRACE_IMPLEMENTATION
#include <gametrace.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MOVES 6
#define CAPTURES 2
#define DEPTH 6
#define INF 1000

enum { CAPTURE, KILLER, QUIET };
static const char *const CLASSES[] = {"capture", "killer", "quiet", NULL};
static const char *const NAMES[MOVES] = {"x1", "x2", "q1", "q2", "q3", "q4"};

static int bug;
static int killers[DEPTH + 1][2]; /* -1: none */
static long nodes;

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdu;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53u;
    return x ^ (x >> 33);
}

static uint64_t child(uint64_t pos, int move) { return mix(pos * 31u + (uint64_t)move + 1u); }

static int gain(uint64_t pos, int move, int ply) {
    uint64_t h = mix(pos ^ (0x9E3779B97F4A7C15u * (uint64_t)(move + 1)));
    int threat = ply % 2 == 0 ? 4 : 5;
    if (move < CAPTURES) return (int)(h >> 62);           /* 0 .. 3 */
    if (move == threat) return 6 + (int)(h >> 62);        /* 6 .. 9 */
    return (int)(h >> 62) - 2;                            /* -2 .. 1 */
}

static int is_capture(int move) { return move < CAPTURES; }

/* The moves in the order they are tried, and each one's class. */
static int order(uint64_t pos, int ply, int moves[MOVES], int classes[MOVES]) {
    int n = 0, k, m, used[MOVES] = {0};
    int a = gain(pos, 0, ply), b = gain(pos, 1, ply);
    moves[n] = a >= b ? 0 : 1, classes[n++] = CAPTURE;
    moves[n] = a >= b ? 1 : 0, classes[n++] = CAPTURE;
    used[0] = used[1] = 1;
    for (k = 0; k < 2; k++) {
        m = killers[ply][k];
        /* the planted bug: a killer is a quiet move, so asking for a capture never
         * tries one */
        if (m >= 0 && !used[m] && (bug ? is_capture(m) : !is_capture(m))) {
            moves[n] = m, classes[n++] = KILLER;
            used[m] = 1;
        }
    }
    for (m = CAPTURES; m < MOVES; m++)
        if (!used[m]) moves[n] = m, classes[n++] = QUIET;
    return n;
}

static void keep_killer(int ply, int move) {
    if (is_capture(move) || killers[ply][0] == move) return;
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = move;
}

static int negamax(gt_writer *t, uint64_t pos, int score, int ply, int alpha, int beta,
                   int *best_move) {
    int moves[MOVES], classes[MOVES], n, i, value;
    nodes++;
    if (ply == DEPTH) return score + (int)(mix(pos) >> 62) - 2;
    n = order(pos, ply, moves, classes);
    for (i = 0; i < n; i++) {
        int m = moves[i];
        gt_enter_class(t, NAMES[m], classes[i]);
        value = -negamax(t, child(pos, m), -(score + gain(pos, m, ply)), ply + 1, -beta,
                         -alpha, NULL);
        gt_leave(t, -value);
        if (value > alpha) {
            alpha = value;
            if (best_move) *best_move = m;
        }
        if (alpha >= beta) {
            gt_cut(t);
            keep_killer(ply, m);
            break;
        }
    }
    return alpha;
}

int main(int argc, char **argv) {
    gt_header header = {"threats-6", "alphabeta", "killers", GT_NEGAMAX, "material", "1",
                        CLASSES, GT_FULL};
    const char *out = argc > 1 ? argv[argc - 1] : "";
    gt_writer *t;
    int value, move = -1;
    bug = argc == 3 && strcmp(argv[1], "--bug") == 0;
    if (argc != 2 + bug || out[0] == '-') {
        fprintf(stderr, "usage: killers [--bug] TRACE.jsonl\n");
        return 2;
    }
    if (bug) header.variant = "killers-buggy";
    memset(killers, -1, sizeof killers);
    t = gt_open(out, &header);
    if (!t) {
        perror(out);
        return 1;
    }
    value = negamax(t, 1, 0, 0, -INF, INF, &move);
    gt_leave(t, value);
    printf("value %d, move %s, %ld nodes; trace written to %s\n", value, NAMES[move], nodes,
           out);
    return gt_close(t) == 0 ? 0 : 1;
}
