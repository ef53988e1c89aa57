/* gametrace.h: write a gametree-tracer trace (format version 2) from an engine's own
 * search.  One C99 header, usable from C++ and, through its C ABI, from Rust.
 *
 *   #define GAMETRACE_IMPLEMENTATION   (in exactly one .c / .cpp file)
 *   #include "gametrace.h"
 *   cc -I"$(gametrace sdk --include)" engine.c
 *
 * The calls follow the engine's loop: gt_open, then for each child tried gt_enter (its
 * move name, any string) ... gt_leave (the value that child's search returned, in the
 * engine's convention), gt_cut when a child's value ends the node's loop, gt_tt_probe /
 * gt_tt_store, gt_iteration at the root (iterative deepening), gt_research when the
 * child just left is searched again with a new window (PVS, LMR, aspiration), gt_close.
 * Node ids are integers given in the order nodes are entered (the root is 0), each
 * event naming its node and the parent, so a trace grows with the nodes, not with their
 * depth.  Negamax values are turned into MAX's view as they are written (the root's
 * side to move is MAX): every reader of the format keeps one rule.  Output is buffered
 * (1 MiB, written in blocks) to a temporary file renamed into place by gt_close.  With
 * GT_COUNTERS the same calls only count, and gt_close writes the header and the counts.
 * docs/trace-format.md ("Engine traces") describes the lines written.
 */
#ifndef GAMETRACE_H
#define GAMETRACE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GAMETRACE_FORMAT_VERSION 2

enum gt_mode { GT_FULL = 0, GT_COUNTERS = 1 };
enum gt_convention { GT_MINIMAX = 0, GT_NEGAMAX = 1 };
enum gt_bound { GT_EXACT = 0, GT_LOWER = 1, GT_UPPER = 2 };

typedef struct gt_header {
    const char *game;        /* what is searched: "chess", "othello", ... */
    const char *algorithm;   /* "alphabeta" (NULL: "alphabeta") */
    const char *variant;     /* the engine's name or its search: "pvs", "myengine-1.2" */
    int convention;          /* GT_MINIMAX (values from MAX's view) or GT_NEGAMAX */
    const char *eval;        /* the evaluation's name (NULL: none said) */
    const char *position;    /* the root position, e.g. a FEN (NULL: none said) */
    const char *const *classes; /* move class names, NULL-terminated (NULL: none) */
    int mode;                /* GT_FULL or GT_COUNTERS */
} gt_header;

typedef struct gt_writer gt_writer;

/* GAMETRACE_STATIC (defined with GAMETRACE_IMPLEMENTATION): every call is static
 * inline, for the compiler to inline the counting into the engine's loop; without it
 * the calls are ordinary C functions (the C ABI: a Rust engine links them). */
#if defined(GAMETRACE_STATIC)
#define GT_DEF static inline
#else
#define GT_DEF
#endif

/* Open a trace at `path` (a .jsonl file; "-": standard output, e.g. piped to gzip);
 * NULL when it cannot be created (errno). */
GT_DEF gt_writer *gt_open(const char *path, const gt_header *header);
/* A child of the current node is tried: it becomes the current node. */
GT_DEF void gt_enter(gt_writer *w, const char *move);
/* The same, with its move class: an index into the header's `classes`. */
GT_DEF void gt_enter_class(gt_writer *w, const char *move, int move_class);
/* The current node's search returns `value` (its own, in the engine's convention). */
GT_DEF void gt_leave(gt_writer *w, int64_t value);
/* The child just left ends the current node's loop (a fail-high / cutoff). */
GT_DEF void gt_cut(gt_writer *w);
/* The table is probed at the current node: found or not; bound, value, draft if found. */
GT_DEF void gt_tt_probe(gt_writer *w, int hit, int bound, int64_t value, int draft);
/* The current node's result is kept in the table. */
GT_DEF void gt_tt_store(gt_writer *w, int bound, int64_t value, int draft);
/* The root is searched (again) to `depth`: call it when no node but the root is open. */
GT_DEF void gt_iteration(gt_writer *w, int depth);
/* The node just left (the current node's last child, or the root) is searched again
 * with the window (alpha, beta), in the engine's convention for that node. */
GT_DEF void gt_research(gt_writer *w, int64_t alpha, int64_t beta);
/* Write the result and close; 0 when the trace is complete, -1 on an error (a call out
 * of place, a failed write: said on stderr; no file is left then). */
GT_DEF int gt_close(gt_writer *w);

#ifdef __cplusplus
}
#endif

#ifdef GAMETRACE_IMPLEMENTATION

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GT_MAX_PLY
#define GT_MAX_PLY 1024
#endif
#define GT_BUFFER (1u << 20)
#if defined(__GNUC__) || defined(__clang__)
#define GT__APART __attribute__((noinline)) /* keeps the counting paths small, inlined */
#else
#define GT__APART
#endif

typedef struct gt_frame {
    int64_t node;       /* its id */
    int64_t last;       /* the child entered last in this search (-1: none) */
    int64_t best;       /* the child with the best value in this search (-1: none) */
    int64_t best_value; /* that value, MAX's view */
    int64_t tried;      /* children entered in this search */
    int hit;            /* the last table probe here found the node */
    int idlen;          /* its id written out, once: each event of the node copies it */
    char id[20];
} gt_frame;

struct gt_writer {
    FILE *out;
    char *path, *tmp, *buf;
    size_t used, size;
    int mode, negamax, error, root_left;
    const char *const *classes;
    int nclasses;
    int64_t seq, next_id, root_value, root_move;
    int depth; /* frames open: the root's is 0, -1 when none */
    int max_depth;
    int64_t expanded, leaves, cuts, probes, hits, stores, researches,
        iterations, tt_cutoffs;
    gt_header header; /* counters: written at close (its strings must live until then) */
    gt_frame stack[GT_MAX_PLY + 1];
};

GT__APART static void gt__fail(gt_writer *w, const char *what) {
    if (!w->error) {
        w->error = 1;
        fprintf(stderr, "gametrace.h: %s (event %lld)\n", what, (long long)(w->seq + 1));
    }
}

static void gt__flush(gt_writer *w) {
    if (w->used && w->out && fwrite(w->buf, 1, w->used, w->out) != w->used)
        gt__fail(w, "the trace could not be written");
    w->used = 0;
}

static char *gt__room(gt_writer *w, size_t n) {
    if (w->used + n > w->size) {
        gt__flush(w);
        if (n > w->size) {
            char *bigger = (char *)realloc(w->buf, n);
            if (!bigger) { gt__fail(w, "out of memory"); return NULL; }
            w->buf = bigger;
            w->size = n;
        }
    }
    return w->buf + w->used;
}

static char *gt__int(char *p, int64_t v) {
    static const char pairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    char digits[24];
    int n = 24;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    uint32_t small;
    if (v < 0) *p++ = '-';
    while (u >= 4294967296u) { /* 64-bit division only for the big ones */
        unsigned k = (unsigned)(u % 100) * 2;
        u /= 100;
        digits[--n] = pairs[k + 1];
        digits[--n] = pairs[k];
    }
    small = (uint32_t)u;
    while (small >= 100) {
        unsigned k = (small % 100) * 2;
        small /= 100;
        digits[--n] = pairs[k + 1];
        digits[--n] = pairs[k];
    }
    if (small >= 10) {
        digits[--n] = pairs[small * 2 + 1];
        digits[--n] = pairs[small * 2];
    } else digits[--n] = (char)('0' + small);
    memcpy(p, digits + n, (size_t)(24 - n));
    return p + (24 - n);
}

static char *gt__lit(char *p, const char *s) {
    while (*s) *p++ = *s++;
    return p;
}

/* A JSON string (quotes included); needs 6 * strlen(s) + 2 bytes at most. */
static char *gt__str(char *p, const char *s) {
    static const char hex[] = "0123456789abcdef";
    *p++ = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { *p++ = '\\'; *p++ = (char)c; }
        else if (c < 0x20) {
            *p++ = '\\'; *p++ = 'u'; *p++ = '0'; *p++ = '0';
            *p++ = hex[c >> 4]; *p++ = hex[c & 15];
        } else *p++ = (char)c;
    }
    *p++ = '"';
    return p;
}

static size_t gt__len(const char *s) { return s ? 6 * strlen(s) + 2 : 4; }

static char *gt__opt(char *p, const char *s) { return s ? gt__str(p, s) : gt__lit(p, "null"); }

static char *gt__event(gt_writer *w, char *p, const char *type, int64_t node) {
    ++w->seq; /* the line's place: an engine stream numbers its events by their lines */
    p = gt__lit(p, "{\"type\":\"");
    p = gt__lit(p, type);
    p = gt__lit(p, "\",\"node\":");
    return gt__int(p, node);
}

static const char *gt__bound(int bound, int flip) {
    if (bound == GT_EXACT) return "exact";
    return (bound == GT_LOWER) != flip ? "lower" : "upper";
}

/* MAX's view of a value at a node `depth` plies below the root (the root is MAX). */
static int64_t gt__max_view(const gt_writer *w, int depth, int64_t v) {
    return (w->negamax && (depth & 1)) ? -v : v;
}

static char *gt__header(char *p, const gt_header *h, const char *record) {
    const char *const *c;
    p = gt__lit(p, "{\"type\":\"header\",\"format\":\"gametree-trace\",\"version\":2,"
                   "\"algorithm\":");
    p = gt__str(p, h->algorithm ? h->algorithm : "alphabeta");
    p = gt__lit(p, ",\"variant\":");
    p = gt__str(p, h->variant ? h->variant : "engine");
    p = gt__lit(p, ",\"root\":0,\"options\":{},\"source\":{\"kind\":\"game\",\"name\":");
    p = gt__opt(p, h->game);
    p = gt__lit(p, ",\"params\":{");
    if (h->position) { p = gt__lit(p, "\"position\":"); p = gt__str(p, h->position); }
    p = gt__lit(p, "}},\"engine\":{\"convention\":");
    p = gt__lit(p, h->convention == GT_NEGAMAX ? "\"negamax\"" : "\"minimax\"");
    p = gt__lit(p, ",\"eval\":");
    p = gt__opt(p, h->eval);
    p = gt__lit(p, ",\"classes\":[");
    for (c = h->classes; c && *c; c++) {
        if (c != h->classes) *p++ = ',';
        p = gt__str(p, *c);
    }
    p = gt__lit(p, "],\"record\":\"");
    p = gt__lit(p, record);
    p = gt__lit(p, "\"}}\n");
    return p;
}

GT_DEF gt_writer *gt_open(const char *path, const gt_header *h) {
    gt_writer *w = (gt_writer *)calloc(1, sizeof *w);
    size_t n = strlen(path), need = 512;
    const char *const *c;
    char *p;
    if (!w) return NULL;
    w->path = (char *)malloc(n + 1);
    w->tmp = (char *)malloc(n + 6);
    w->buf = (char *)malloc(GT_BUFFER);
    if (!w->path || !w->tmp || !w->buf) goto fail;
    memcpy(w->path, path, n + 1);
    memcpy(w->tmp, path, n);
    memcpy(w->tmp + n, ".part", 6);
    w->out = strcmp(path, "-") == 0 ? stdout : fopen(w->tmp, "wb");
    if (!w->out) goto fail;
    w->size = GT_BUFFER;
    w->mode = h->mode;
    w->negamax = h->convention == GT_NEGAMAX;
    w->classes = h->classes;
    for (c = h->classes; c && *c; c++) w->nclasses++;
    w->next_id = 1;
    w->root_move = -1;
    w->stack[0].node = 0;
    w->stack[0].id[0] = '0';
    w->stack[0].idlen = 1;
    w->stack[0].last = w->stack[0].best = -1;
    w->depth = 0;
    if (h->mode == GT_FULL) {
        need += gt__len(h->game) + gt__len(h->algorithm) + gt__len(h->variant) +
                gt__len(h->eval) + gt__len(h->position);
        for (c = h->classes; c && *c; c++) need += gt__len(*c) + 1;
        p = gt__room(w, need);
        if (p) w->used = (size_t)(gt__header(p, h, "full") - w->buf);
    } else {
        w->header = *h; /* counters: the header is written at close */
    }
    return w;
fail:
    free(w->path); free(w->tmp); free(w->buf); free(w);
    return NULL;
}

static void gt__name(gt_frame *f) {
    f->idlen = (int)(gt__int(f->id, f->node) - f->id);
}

static char *gt__id(char *p, const gt_frame *f) {
    memcpy(p, f->id, (size_t)f->idlen);
    return p + f->idlen;
}

/* an event of the node `f` is searching: {"type":"TYPE","node":ID */
static char *gt__at(gt_writer *w, char *p, const char *type, const gt_frame *f) {
    ++w->seq;
    p = gt__lit(p, "{\"type\":\"");
    p = gt__lit(p, type);
    p = gt__lit(p, "\",\"node\":");
    return gt__id(p, f);
}

static void gt__start(gt_frame *f, int64_t node) {
    f->node = node;
    gt__name(f);
    f->last = f->best = -1;
    f->tried = 0;
    f->hit = 0;
}

GT__APART static void gt__put_enter(gt_writer *w, gt_frame *f, const gt_frame *up,
                                    const char *move, int move_class) {
    const char *name = move ? move : "";
    int named = move_class >= 0 && move_class < w->nclasses;
    char *p = gt__room(w, 96 + 6 * strlen(name) + (named ? gt__len(w->classes[move_class]) : 0));
    if (!p) return;
    gt__name(f);
    p = gt__at(w, p, "enter", f);
    p = gt__lit(p, ",\"parent\":");
    p = gt__id(p, up);
    p = gt__lit(p, ",\"move\":");
    p = gt__str(p, name);
    if (named) {
        p = gt__lit(p, ",\"class\":");
        p = gt__str(p, w->classes[move_class]);
    }
    p = gt__lit(p, "}\n");
    w->used = (size_t)(p - w->buf);
}

GT_DEF void gt_enter_class(gt_writer *w, const char *move, int move_class) {
    gt_frame *up, *f;
    if (w->depth < 0 || w->depth >= GT_MAX_PLY) {
        gt__fail(w, w->depth < 0 ? "gt_enter with no node open (call gt_iteration first)"
                                 : "deeper than GT_MAX_PLY plies");
        return;
    }
    up = &w->stack[w->depth];
    f = up + 1;
    f->node = up->last = w->next_id++;
    f->last = f->best = -1;
    f->tried = 0;
    f->hit = 0;
    up->tried++;
    if (++w->depth > w->max_depth) w->max_depth = w->depth;
    if (w->mode == GT_FULL) gt__put_enter(w, f, up, move, move_class);
}

GT_DEF void gt_enter(gt_writer *w, const char *move) { gt_enter_class(w, move, -1); }

GT__APART static void gt__put_leave(gt_writer *w, const gt_frame *f, int64_t v) {
    char *p = gt__room(w, 96);
    if (!p) return;
    p = gt__at(w, p, "leave", f);
    p = gt__lit(p, ",\"value\":");
    p = gt__int(p, v);
    p = gt__lit(p, "}\n");
    w->used = (size_t)(p - w->buf);
}

GT_DEF void gt_leave(gt_writer *w, int64_t value) {
    gt_frame *f;
    int64_t v;
    if (w->depth < 0) { gt__fail(w, "gt_leave with no node open"); return; }
    f = &w->stack[w->depth];
    v = gt__max_view(w, w->depth, value);
    if (f->tried) w->expanded++;
    else {
        w->leaves++;
        w->tt_cutoffs += f->hit;
    }
    if (w->mode == GT_FULL) gt__put_leave(w, f, v);
    if (w->depth == 0) {
        w->root_value = v;
        w->root_move = f->best;
        w->root_left = 1;
    } else {
        gt_frame *up = f - 1;
        int max_up = ((w->depth - 1) & 1) == 0;
        if (up->best < 0 || (max_up ? v > up->best_value : v < up->best_value)) {
            up->best = f->node;
            up->best_value = v;
        }
    }
    w->depth--;
}

GT_DEF void gt_cut(gt_writer *w) {
    gt_frame *f;
    if (w->depth < 0 || w->stack[w->depth].last < 0) {
        gt__fail(w, "gt_cut with no child left at the current node");
        return;
    }
    f = &w->stack[w->depth];
    w->cuts++;
    if (w->mode == GT_FULL) {
        char *p = gt__room(w, 128);
        if (!p) return;
        p = gt__event(w, p, "cutoff", f->node);
        p = gt__lit(p, ",\"after\":");
        p = gt__int(p, f->last);
        p = gt__lit(p, ",\"rank\":");
        p = gt__int(p, f->tried);
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
}

static char *gt__entry(gt_writer *w, char *p, int bound, int64_t value, int draft) {
    p = gt__lit(p, ",\"flag\":\"");
    p = gt__lit(p, gt__bound(bound, w->negamax && (w->depth & 1)));
    p = gt__lit(p, "\",\"value\":");
    p = gt__int(p, gt__max_view(w, w->depth, value));
    p = gt__lit(p, ",\"draft\":");
    return gt__int(p, draft);
}

GT_DEF void gt_tt_probe(gt_writer *w, int hit, int bound, int64_t value, int draft) {
    gt_frame *f;
    if (w->depth < 0) { gt__fail(w, "gt_tt_probe with no node open"); return; }
    f = &w->stack[w->depth];
    w->probes++;
    f->hit = hit != 0;
    if (hit) w->hits++;
    if (w->mode == GT_FULL) {
        char *p = gt__room(w, 160);
        if (!p) return;
        p = gt__event(w, p, "probe", f->node);
        if (hit) {
            p = gt__lit(p, ",\"hit\":true");
            p = gt__entry(w, p, bound, value, draft);
        } else p = gt__lit(p, ",\"hit\":false");
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
}

GT_DEF void gt_tt_store(gt_writer *w, int bound, int64_t value, int draft) {
    if (w->depth < 0) { gt__fail(w, "gt_tt_store with no node open"); return; }
    w->stores++;
    if (w->mode == GT_FULL) {
        char *p = gt__room(w, 160);
        if (!p) return;
        p = gt__event(w, p, "store", w->stack[w->depth].node);
        p = gt__entry(w, p, bound, value, draft);
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
}

GT_DEF void gt_iteration(gt_writer *w, int depth) {
    if (w->depth == 0 && w->stack[0].tried == 0 && !w->root_left) {
        /* the root's first search, open since gt_open */
    } else if (w->depth == -1) {
        w->depth = 0;
        gt__start(&w->stack[0], 0);
    } else {
        gt__fail(w, "gt_iteration while a node below the root is open (expected at the root)");
        return;
    }
    w->iterations++;
    if (w->mode == GT_FULL) {
        char *p = gt__room(w, 96);
        if (!p) return;
        p = gt__event(w, p, "deepen", 0);
        p = gt__lit(p, ",\"depth\":");
        p = gt__int(p, depth);
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
}

GT_DEF void gt_research(gt_writer *w, int64_t alpha, int64_t beta) {
    int64_t node;
    int at = w->depth + 1;
    if (w->depth >= 0) {
        node = w->stack[w->depth].last;
        if (node < 0) { gt__fail(w, "gt_research with no child left at the current node"); return; }
    } else if (w->root_left) node = 0;
    else { gt__fail(w, "gt_research before any node was left"); return; }
    if (w->negamax && (at & 1)) {
        int64_t a = -beta;
        beta = -alpha;
        alpha = a;
    }
    w->researches++;
    w->depth = at;
    gt__start(&w->stack[at], node);
    if (w->mode == GT_FULL) {
        char *p = gt__room(w, 128);
        if (!p) return;
        p = gt__event(w, p, "research", node);
        p = gt__lit(p, ",\"alpha\":");
        p = gt__int(p, alpha);
        p = gt__lit(p, ",\"beta\":");
        p = gt__int(p, beta);
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
}

static char *gt__key(char *p, const char *key, int64_t v) {
    p = gt__lit(p, key);
    return gt__int(p, v);
}

GT_DEF int gt_close(gt_writer *w) {
    int failed, piped;
    char *p;
    if (w->mode == GT_COUNTERS) {
        gt_header h = w->header;
        size_t need = 512;
        const char *const *c;
        need += gt__len(h.game) + gt__len(h.algorithm) + gt__len(h.variant) +
                gt__len(h.eval) + gt__len(h.position);
        for (c = h.classes; c && *c; c++) need += gt__len(*c) + 1;
        p = gt__room(w, need);
        if (p) w->used = (size_t)(gt__header(p, &h, "counters") - w->buf);
    }
    if (w->depth >= 0 && !w->error) gt__fail(w, "gt_close with nodes still open (a gt_leave missing)");
    p = gt__room(w, 512);
    if (p) {
        p = gt__lit(p, "{\"type\":\"result\",\"value\":");
        if (w->root_left) p = gt__int(p, w->root_value); else p = gt__lit(p, "null");
        p = gt__lit(p, ",\"move\":");
        if (w->root_move >= 0) p = gt__int(p, w->root_move); else p = gt__lit(p, "null");
        p = gt__lit(p, ",\"pv\":[0");
        if (w->root_move >= 0) { *p++ = ','; p = gt__int(p, w->root_move); }
        p = gt__key(p, "],\"stats\":{\"nodes_expanded\":", w->expanded);
        p = gt__key(p, ",\"leaves_evaluated\":", w->leaves);
        p = gt__key(p, ",\"nodes_visited\":", w->expanded + w->leaves);
        p = gt__key(p, ",\"cuts\":", w->cuts);
        p = gt__lit(p, ",\"children_pruned\":0");
        p = gt__key(p, ",\"max_depth\":", w->max_depth);
        p = gt__key(p, ",\"nodes\":", w->next_id);
        p = gt__key(p, ",\"iterations\":", w->iterations);
        p = gt__key(p, ",\"researches\":", w->researches);
        p = gt__key(p, ",\"tt_probes\":", w->probes);
        p = gt__key(p, ",\"tt_hits\":", w->hits);
        p = gt__key(p, ",\"tt_cutoffs\":", w->tt_cutoffs);
        p = gt__key(p, ",\"tt_stores\":", w->stores);
        p = gt__lit(p, "},\"complete\":");
        p = gt__lit(p, w->root_left ? "true}\n" : "false}\n");
        w->used = (size_t)(p - w->buf);
    }
    gt__flush(w);
    piped = w->out == stdout;
    if ((piped ? fflush(w->out) : fclose(w->out)) != 0)
        gt__fail(w, "the trace could not be written");
    failed = w->error;
    if (piped) {
        /* standard output: nothing to rename */
    } else if (failed) remove(w->tmp);
    else if (rename(w->tmp, w->path) != 0) {
        remove(w->tmp);
        failed = 1;
        fprintf(stderr, "gametrace.h: cannot rename the trace to %s\n", w->path);
    }
    free(w->path); free(w->tmp); free(w->buf); free(w);
    return failed ? -1 : 0;
}

#endif /* GAMETRACE_IMPLEMENTATION */
#endif /* GAMETRACE_H */
