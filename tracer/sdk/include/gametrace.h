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

/* Open a trace at `path` (a .jsonl file); NULL when it cannot be created (errno). */
gt_writer *gt_open(const char *path, const gt_header *header);
/* A child of the current node is tried: it becomes the current node. */
void gt_enter(gt_writer *w, const char *move);
/* The same, with its move class: an index into the header's `classes`. */
void gt_enter_class(gt_writer *w, const char *move, int move_class);
/* The current node's search returns `value` (its own, in the engine's convention). */
void gt_leave(gt_writer *w, int64_t value);
/* The child just left ends the current node's loop (a fail-high / cutoff). */
void gt_cut(gt_writer *w);
/* The table is probed at the current node: found or not; bound, value, draft if found. */
void gt_tt_probe(gt_writer *w, int hit, int bound, int64_t value, int draft);
/* The current node's result is kept in the table. */
void gt_tt_store(gt_writer *w, int bound, int64_t value, int draft);
/* The root is searched (again) to `depth`: call it when no node but the root is open. */
void gt_iteration(gt_writer *w, int depth);
/* The node just left (the current node's last child, or the root) is searched again
 * with the window (alpha, beta), in the engine's convention for that node. */
void gt_research(gt_writer *w, int64_t alpha, int64_t beta);
/* Write the result and close; 0 when the trace is complete, -1 on an error (a call out
 * of place, a failed write: said on stderr; no file is left then). */
int gt_close(gt_writer *w);

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

typedef struct gt_frame {
    int64_t node;       /* its id */
    int64_t last;       /* the child entered last in this search (-1: none) */
    int64_t best;       /* the child with the best value in this search (-1: none) */
    int64_t best_value; /* that value, MAX's view */
    int64_t tried;      /* children entered in this search */
    int hit;            /* the last table probe here found the node */
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
    int64_t enters, expanded, leaves, cuts, probes, hits, stores, researches,
        iterations, tt_cutoffs;
    gt_header header; /* counters: written at close (its strings must live until then) */
    gt_frame stack[GT_MAX_PLY + 1];
};

static void gt__fail(gt_writer *w, const char *what) {
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
    char digits[24];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    if (v < 0) *p++ = '-';
    do { digits[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    while (n) *p++ = digits[--n];
    return p;
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
    p = gt__lit(p, "{\"seq\":");
    p = gt__int(p, ++w->seq);
    p = gt__lit(p, ",\"type\":\"");
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

gt_writer *gt_open(const char *path, const gt_header *h) {
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
    w->out = fopen(w->tmp, "wb");
    if (!w->out) goto fail;
    w->size = GT_BUFFER;
    w->mode = h->mode;
    w->negamax = h->convention == GT_NEGAMAX;
    w->classes = h->classes;
    for (c = h->classes; c && *c; c++) w->nclasses++;
    w->next_id = 1;
    w->root_move = -1;
    w->stack[0].node = 0;
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

static void gt__start(gt_frame *f, int64_t node) {
    f->node = node;
    f->last = f->best = -1;
    f->tried = 0;
    f->hit = 0;
}

void gt_enter_class(gt_writer *w, const char *move, int move_class) {
    gt_frame *up;
    int64_t id;
    if (w->depth < 0) { gt__fail(w, "gt_enter with no node open (call gt_iteration first)"); return; }
    if (w->depth >= GT_MAX_PLY) { gt__fail(w, "deeper than GT_MAX_PLY plies"); return; }
    up = &w->stack[w->depth];
    id = w->next_id++;
    up->last = id;
    up->tried++;
    w->enters++;
    gt__start(&w->stack[++w->depth], id);
    if (w->depth > w->max_depth) w->max_depth = w->depth;
    if (w->mode == GT_FULL) {
        const char *name = move ? move : "";
        char *p = gt__room(w, 96 + 6 * strlen(name) +
                              (move_class >= 0 && move_class < w->nclasses
                                   ? gt__len(w->classes[move_class]) : 0));
        if (!p) return;
        p = gt__event(w, p, "enter", id);
        p = gt__lit(p, ",\"parent\":");
        p = gt__int(p, up->node);
        p = gt__lit(p, ",\"move\":");
        p = gt__str(p, name);
        if (move_class >= 0 && move_class < w->nclasses) {
            p = gt__lit(p, ",\"class\":");
            p = gt__str(p, w->classes[move_class]);
        }
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
}

void gt_enter(gt_writer *w, const char *move) { gt_enter_class(w, move, -1); }

void gt_leave(gt_writer *w, int64_t value) {
    gt_frame *f;
    int64_t v;
    if (w->depth < 0) { gt__fail(w, "gt_leave with no node open"); return; }
    f = &w->stack[w->depth];
    v = gt__max_view(w, w->depth, value);
    if (f->tried) w->expanded++;
    else {
        w->leaves++;
        if (f->hit) w->tt_cutoffs++;
    }
    if (w->mode == GT_FULL) {
        char *p = gt__room(w, 96);
        if (!p) return;
        p = gt__event(w, p, "leave", f->node);
        p = gt__lit(p, ",\"value\":");
        p = gt__int(p, v);
        p = gt__lit(p, "}\n");
        w->used = (size_t)(p - w->buf);
    }
    if (w->depth == 0) {
        w->root_value = v;
        w->root_move = f->best;
        w->root_left = 1;
    } else {
        gt_frame *up = &w->stack[w->depth - 1];
        int max_up = ((w->depth - 1) & 1) == 0;
        if (up->best < 0 || (max_up ? v > up->best_value : v < up->best_value)) {
            up->best = f->node;
            up->best_value = v;
        }
    }
    w->depth--;
}

void gt_cut(gt_writer *w) {
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

void gt_tt_probe(gt_writer *w, int hit, int bound, int64_t value, int draft) {
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

void gt_tt_store(gt_writer *w, int bound, int64_t value, int draft) {
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

void gt_iteration(gt_writer *w, int depth) {
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

void gt_research(gt_writer *w, int64_t alpha, int64_t beta) {
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

int gt_close(gt_writer *w) {
    int failed;
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
        p = gt__key(p, ",\"nodes\":", w->enters + 1);
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
    if (fclose(w->out) != 0) gt__fail(w, "the trace could not be written");
    failed = w->error;
    if (failed) remove(w->tmp);
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
