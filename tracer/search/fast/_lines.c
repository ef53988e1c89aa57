/* The compiled build of the fast tier's streamed loops (minimax_lines and alpha_beta_lines
 * in loops.py beside this file, written from body.py.in): minimax (two-function) and
 * fail-soft/fail-hard alpha-beta recorded straight to a JSONL stream, built as the module
 * tracer._lines (hatch_build.py).
 *
 * This is the same loop as the pure-Python one, statement for statement: it calls the
 * game's Python methods in the same order, counts nodes and checks the run's limits at
 * the same visits, and writes the same bytes.  What it saves is the Python-level work
 * around those calls: the lines are formatted into one C buffer (handed to the
 * stream's ``write`` every 256 KiB and when the search ends, also when it fails), node
 * ids are spelt as JSON text in C buffers (a Python string is made only for a child that
 * becomes its parent's best so far, for the principal variation), and values are spelt
 * when a line needs them.
 *
 * Python calls it through ``tracer.search.fast.pure`` only; that module decides when
 * it may (a JSONL stream, the natural or reverse order, a thread whose C stack holds
 * the recursion limit's depth) and falls back to the pure loop otherwise, or when
 * GAMETRACE_PURE=1.  The tests run both and compare the bytes
 * (tests/search/test_fast_equals_reference.py); README.md beside this file says how.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <math.h>
#include <string.h>

/* ---- growable byte buffers ------------------------------------------------------ */

typedef struct {
    char *p;
    Py_ssize_t n, cap;
} Buf;

static int buf_grow(Buf *b, Py_ssize_t extra) {
    Py_ssize_t want = b->n + extra;
    if (want <= b->cap) return 0;
    Py_ssize_t cap = b->cap ? b->cap : 256;
    while (cap < want) cap *= 2;
    char *p = PyMem_Realloc(b->p, (size_t)cap);
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

static inline int buf_put(Buf *b, const char *s, Py_ssize_t n) {
    if (b->n + n > b->cap && buf_grow(b, n) < 0) return -1;
    memcpy(b->p + b->n, s, (size_t)n);
    b->n += n;
    return 0;
}

#define PUT_LIT(b, lit) buf_put((b), (lit), (Py_ssize_t)(sizeof(lit) - 1))

static int put_ll(Buf *b, long long x) {
    char tmp[24], *end = tmp + sizeof tmp, *p = end;
    unsigned long long u = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (x < 0) *--p = '-';
    return buf_put(b, p, end - p);
}

/* json.encoder.encode_basestring: quotes, backslashes and control characters escaped
 * (\n \r \t \b \f by name, the others as \u00xx), everything else as it is (UTF-8). */
static int put_json_str(Buf *b, PyObject *s) {
    if (!PyUnicode_Check(s)) {
        PyErr_Format(PyExc_TypeError, "first argument must be a string, not %.80s",
                     Py_TYPE(s)->tp_name);
        return -1;
    }
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(s, &n);
    if (u == NULL) return -1;
    if (buf_grow(b, 6 * n + 2) < 0) return -1;
    char *o = b->p + b->n;
    *o++ = '"';
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)u[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            *o++ = (char)c;
            continue;
        }
        *o++ = '\\';
        switch (c) {
            case '"': *o++ = '"'; break;
            case '\\': *o++ = '\\'; break;
            case '\n': *o++ = 'n'; break;
            case '\r': *o++ = 'r'; break;
            case '\t': *o++ = 't'; break;
            case '\b': *o++ = 'b'; break;
            case '\f': *o++ = 'f'; break;
            default:
                *o++ = 'u';
                *o++ = '0';
                *o++ = '0';
                *o++ = "0123456789abcdef"[c >> 4];
                *o++ = "0123456789abcdef"[c & 15];
        }
    }
    *o++ = '"';
    b->n = o - b->p;
    return 0;
}

static PyObject *method(PyObject *game, const char *name) {
    return PyObject_GetAttrString(game, name);
}

/* ---- the search's state ------------------------------------------------------------ */

typedef struct {
    Buf keys;               /* the children's ids as JSON text, one after another */
    Py_ssize_t *ends;       /* where each id ends in keys */
    Py_ssize_t nends, cap;
} Level;

typedef struct {
    PyObject *run, *game, *write;
    PyObject *is_terminal, *to_move, *utility, *evaluate, *actions, *result, *move_name, *node_id, *describe;
    PyObject *max, *min, *chance, *players, *json_number, *no_chance;
    PyObject *neg_inf, *pos_inf;
    int named, reverse, ab, hard, ge, binary;
    long long limit;
    long long visited, expanded, evaluated, max_depth, seq, cuts, pruned;
    double next_check;
    Buf out;
    Buf root;
    Buf max_text, min_text;
    Level *levels;
    Py_ssize_t nlevels;
} Ctx;

enum { FLUSH_AT = 1 << 18 };

/* Hand the buffer to the stream: as str, or with c->binary as views of its bytes to a
 * raw file's write, which may take only part of them (a view is released after each
 * call: the buffer is reused). */
static int flush(Ctx *c) {
    Py_ssize_t n = c->out.n;
    c->out.n = 0;
    if (n == 0) return 0;
    if (!c->binary) {
        PyObject *text = PyUnicode_DecodeUTF8(c->out.p, n, "strict");
        if (text == NULL) return -1;
        PyObject *r = PyObject_CallOneArg(c->write, text);
        Py_DECREF(text);
        Py_XDECREF(r);
        return r == NULL ? -1 : 0;
    }
    for (Py_ssize_t done = 0; done < n;) {
        PyObject *view = PyMemoryView_FromMemory(c->out.p + done, n - done, PyBUF_READ);
        if (view == NULL) return -1;
        PyObject *r = PyObject_CallOneArg(c->write, view);
        /* release the view even when the write failed (a full disk), keeping its error */
        PyObject *et, *ev, *tb;
        PyErr_Fetch(&et, &ev, &tb);
        PyObject *released = PyObject_CallMethod(view, "release", NULL);
        Py_DECREF(view);
        if (et != NULL) {
            Py_XDECREF(released);
            PyErr_Clear();
            PyErr_Restore(et, ev, tb);
        }
        if (r == NULL || released == NULL) {
            Py_XDECREF(r);
            Py_XDECREF(released);
            return -1;
        }
        Py_DECREF(released);
        Py_ssize_t wrote = r == Py_None ? 0 : PyLong_AsSsize_t(r);
        Py_DECREF(r);
        if (wrote == -1 && PyErr_Occurred()) return -1;
        if (wrote <= 0) {
            PyErr_SetString(PyExc_OSError, "the trace file took no bytes");
            return -1;
        }
        done += wrote;
    }
    return 0;
}

static inline int end_line(Ctx *c) {
    if (PUT_LIT(&c->out, "}\n") < 0) return -1;
    return c->out.n >= FLUSH_AT ? flush(c) : 0;
}

/* The run's counters live here during the search and go back to the Run object at
 * every limit check and when the search ends. */
static int set_ll(PyObject *o, const char *name, long long x) {
    PyObject *v = PyLong_FromLongLong(x);
    if (v == NULL) return -1;
    int r = PyObject_SetAttrString(o, name, v);
    Py_DECREF(v);
    return r;
}

static int store(Ctx *c) {
    if (set_ll(c->run, "visited", c->visited) < 0 || set_ll(c->run, "expanded", c->expanded) < 0
        || set_ll(c->run, "evaluated", c->evaluated) < 0
        || set_ll(c->run, "max_depth", c->max_depth) < 0 || set_ll(c->run, "seq", c->seq) < 0
        || set_ll(c->run, "cuts", c->cuts) < 0 || set_ll(c->run, "pruned", c->pruned) < 0)
        return -1;
    return 0;
}

static int get_ll(PyObject *o, const char *name, long long *x) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (v == NULL) return -1;
    *x = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*x == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int get_double(PyObject *o, const char *name, double *x) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (v == NULL) return -1;
    *x = PyFloat_AsDouble(v);
    Py_DECREF(v);
    return (*x == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

static int load(Ctx *c) {
    if (get_ll(c->run, "visited", &c->visited) < 0 || get_ll(c->run, "expanded", &c->expanded) < 0
        || get_ll(c->run, "evaluated", &c->evaluated) < 0
        || get_ll(c->run, "max_depth", &c->max_depth) < 0 || get_ll(c->run, "seq", &c->seq) < 0
        || get_ll(c->run, "cuts", &c->cuts) < 0 || get_ll(c->run, "pruned", &c->pruned) < 0
        || get_double(c->run, "next_check", &c->next_check) < 0)
        return -1;
    return 0;
}

/* Run.scored / Run.opened: one more node visited (the limits checked when due). */
static int visit(Ctx *c, long long ply) {
    c->visited++;
    if ((double)c->visited >= c->next_check) {
        if (store(c) < 0) return -1;
        PyObject *r = PyObject_CallMethod(c->run, "check_limits", NULL);
        if (r == NULL) return -1;
        Py_DECREF(r);
        if (get_double(c->run, "next_check", &c->next_check) < 0) return -1;
    }
    if (ply > c->max_depth) c->max_depth = ply;
    return 0;
}

/* lines.json_number: ints and floats spelt here, anything else by the Python one. */
static int put_number(Ctx *c, PyObject *x) {
    Buf *b = &c->out;
    if (PyLong_CheckExact(x)) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (!overflow) {
            if (v == -1 && PyErr_Occurred()) return -1;
            return put_ll(b, v);
        }
    } else if (PyFloat_CheckExact(x)) {
        double d = PyFloat_AS_DOUBLE(x);
        if (d == d) {
            if (isinf(d)) return d > 0 ? PUT_LIT(b, "\"+inf\"") : PUT_LIT(b, "\"-inf\"");
            char *s = PyOS_double_to_string(d, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
            if (s == NULL) return -1;
            int r = buf_put(b, s, (Py_ssize_t)strlen(s));
            PyMem_Free(s);
            return r;
        }
    }
    PyObject *text = PyObject_CallOneArg(c->json_number, x);
    if (text == NULL) return -1;
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(text, &n);
    int r = u == NULL ? -1 : buf_put(b, u, n);
    Py_DECREF(text);
    return r;
}

/* A player's JSON text (pure._PLAYER) appended to ``b``. */
static int player_text(Ctx *c, PyObject *player, Buf *b) {
    PyObject *text = PyDict_GetItemWithError(c->players, player);
    if (text == NULL) {
        if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, player);
        return -1;
    }
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(text, &n);
    return u == NULL ? -1 : buf_put(b, u, n);
}

static int put_player(Ctx *c, PyObject *player) {
    /* MAX and MIN spelt once (an Enum member's hash is a Python call) */
    if (player == c->max) return buf_put(&c->out, c->max_text.p, c->max_text.n);
    if (player == c->min) return buf_put(&c->out, c->min_text.p, c->min_text.n);
    return player_text(c, player, &c->out);
}

/* The ``,"label":...`` part of a generated game's lines; nothing for a named tree. */
static int put_label(Ctx *c, PyObject *state) {
    if (c->named) return 0;
    PyObject *text = PyObject_CallOneArg(c->describe, state);
    if (text == NULL) return -1;
    int r = PUT_LIT(&c->out, ",\"label\":") < 0 ? -1 : put_json_str(&c->out, text);
    Py_DECREF(text);
    return r;
}

static int put_seq(Ctx *c, const char *type_and_node, Py_ssize_t n) {
    c->seq++;
    if (PUT_LIT(&c->out, "{\"seq\":") < 0 || put_ll(&c->out, c->seq) < 0) return -1;
    return buf_put(&c->out, type_and_node, n);
}

#define PUT_SEQ(c, lit) put_seq((c), (lit), (Py_ssize_t)(sizeof(lit) - 1))

static Level *level(Ctx *c, long long ply) {
    if (ply >= c->nlevels) {
        Py_ssize_t n = c->nlevels ? c->nlevels : 16;
        while (n <= ply) n *= 2;
        Level *l = PyMem_Realloc(c->levels, (size_t)n * sizeof(Level));
        if (l == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        memset(l + c->nlevels, 0, (size_t)(n - c->nlevels) * sizeof(Level));
        c->levels = l;
        c->nlevels = n;
    }
    return &c->levels[ply];
}

static int add_key_end(Level *l) {
    if (l->nends == l->cap) {
        Py_ssize_t cap = l->cap ? 2 * l->cap : 16;
        Py_ssize_t *e = PyMem_Realloc(l->ends, (size_t)cap * sizeof(Py_ssize_t));
        if (e == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        l->ends = e;
        l->cap = cap;
    }
    l->ends[l->nends++] = l->keys.n;
    return 0;
}

typedef struct {
    PyObject *value; /* the node's value (a new reference) */
    PyObject *pv;    /* its best child's principal variation, None at a leaf (new ref) */
} Out;

/* Run.children in the natural or reverse order, with quoted ids: the child states (a
 * new list, in visiting order) and their ids as JSON text in the level's buffer. */
static PyObject *children(Ctx *c, PyObject *state, const char *key, Py_ssize_t klen,
                          Level *l) {
    l->keys.n = 0;
    l->nends = 0;
    PyObject *acts = PyObject_CallOneArg(c->actions, state);
    if (acts == NULL) return NULL;
    PyObject *seq = PySequence_Fast(acts, "actions must be iterable");
    Py_DECREF(acts);
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *kids = PyList_New(n);
    if (kids == NULL) goto fail;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    PyObject *args[2] = {state, NULL};
    for (Py_ssize_t i = 0; i < n; i++) {
        args[1] = items[i];
        PyObject *child = PyObject_Vectorcall(c->result, args, 2, NULL);
        if (child == NULL) goto fail;
        PyList_SET_ITEM(kids, i, child);
        if (!c->named) {  /* the id of a child is its parent's, a "/" and its move */
            PyObject *name = PyObject_Vectorcall(c->move_name, args, 2, NULL);
            if (name == NULL) goto fail;
            Py_ssize_t start = l->keys.n;
            int r = put_json_str(&l->keys, name);
            Py_DECREF(name);
            if (r < 0) goto fail;
            if (!(klen == c->root.n && memcmp(key, c->root.p, (size_t)klen) == 0)) {
                /* key[:-1] + "/" + name[1:]: make room, then move the name right */
                Py_ssize_t nlen = l->keys.n - start;
                if (buf_grow(&l->keys, klen) < 0) goto fail;
                char *at = l->keys.p + start;
                memmove(at + klen, at + 1, (size_t)(nlen - 1));
                memcpy(at, key, (size_t)(klen - 1));
                at[klen - 1] = '/';
                l->keys.n = start + klen + nlen - 1;
            }
            if (add_key_end(l) < 0) goto fail;
        }
    }
    if (c->named) {
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *id = PyObject_CallOneArg(c->node_id, PyList_GET_ITEM(kids, i));
            if (id == NULL) goto fail;
            PyObject *s = PyObject_Str(id);
            Py_DECREF(id);
            if (s == NULL) goto fail;
            int r = put_json_str(&l->keys, s);
            Py_DECREF(s);
            if (r < 0 || add_key_end(l) < 0) goto fail;
        }
    }
    Py_DECREF(seq);
    if (c->reverse && n > 1) {
        if (PyList_Reverse(kids) < 0) {
            Py_DECREF(kids);
            return NULL;
        }
        /* reverse the ids too: a new buffer and new ends, back to front */
        Buf rev = {NULL, 0, 0};
        Py_ssize_t *ends = PyMem_Malloc((size_t)l->cap * sizeof(Py_ssize_t));
        if (ends == NULL || buf_grow(&rev, l->keys.n) < 0) {
            PyMem_Free(ends);
            PyMem_Free(rev.p);
            Py_DECREF(kids);
            if (!PyErr_Occurred()) PyErr_NoMemory();
            return NULL;
        }
        for (Py_ssize_t i = n - 1, j = 0; i >= 0; i--, j++) {
            Py_ssize_t s = i ? l->ends[i - 1] : 0;
            memcpy(rev.p + rev.n, l->keys.p + s, (size_t)(l->ends[i] - s));
            rev.n += l->ends[i] - s;
            ends[j] = rev.n;
        }
        PyMem_Free(l->keys.p);
        PyMem_Free(l->ends);
        l->keys = rev;
        l->ends = ends;
    }
    return kids;
fail:
    Py_XDECREF(kids);
    Py_DECREF(seq);
    return NULL;
}

static inline const char *key_at(Level *l, Py_ssize_t i, Py_ssize_t *len) {
    Py_ssize_t s = i ? l->ends[i - 1] : 0;
    *len = l->ends[i] - s;
    return l->keys.p + s;
}

static int put_keys(Ctx *c, Level *l, Py_ssize_t from) {
    if (PUT_LIT(&c->out, "[") < 0) return -1;
    for (Py_ssize_t i = from; i < l->nends; i++) {
        Py_ssize_t n;
        const char *k = key_at(l, i, &n);
        if ((i > from && PUT_LIT(&c->out, ",") < 0) || buf_put(&c->out, k, n) < 0) return -1;
    }
    return PUT_LIT(&c->out, "]");
}

/* Run.leaf and Run.evaluate: score, count and write a leaf. */
static int leaf(Ctx *c, PyObject *state, const char *key, Py_ssize_t klen, const char *parent,
                Py_ssize_t plen, long long ply, int terminal, Out *out) {
    /* looked up on first use: a game without evaluation may lack the method */
    PyObject **scorer = terminal ? &c->utility : &c->evaluate;
    if (*scorer == NULL && !(*scorer = method(c->game, terminal ? "utility" : "evaluate")))
        return -1;
    PyObject *value = PyObject_CallOneArg(*scorer, state);
    if (value == NULL) return -1;
    if (visit(c, ply) < 0) goto fail;
    c->evaluated++;
    PyObject *player = PyObject_CallOneArg(c->to_move, state);
    if (player == NULL) goto fail;
    Buf *b = &c->out;
    int r = PUT_SEQ(c, ",\"type\":\"evaluate\",\"node\":") < 0 || buf_put(b, key, klen) < 0
            || PUT_LIT(b, ",\"parent\":") < 0 || buf_put(b, parent, plen) < 0
            || PUT_LIT(b, ",\"depth\":") < 0 || put_ll(b, ply) < 0
            || PUT_LIT(b, ",\"player\":") < 0 || put_player(c, player) < 0
            || PUT_LIT(b, ",\"value\":") < 0 || put_number(c, value) < 0
            || (terminal ? PUT_LIT(b, ",\"reason\":\"terminal\"")
                         : PUT_LIT(b, ",\"reason\":\"depth-limit\"")) < 0
            || put_label(c, state) < 0 || end_line(c) < 0;
    Py_DECREF(player);
    if (r) goto fail;
    out->value = value;
    out->pv = Py_NewRef(Py_None);
    return 0;
fail:
    Py_DECREF(value);
    return -1;
}

static int put_bounds(Ctx *c, PyObject *alpha, PyObject *beta) {
    return PUT_LIT(&c->out, ",\"alpha\":") < 0 || put_number(c, alpha) < 0
                   || PUT_LIT(&c->out, ",\"beta\":") < 0 || put_number(c, beta) < 0
               ? -1 : 0;
}

/* One node: MAX-VALUE / MIN-VALUE, or alpha-beta's when c->ab (alpha, beta borrowed). */
static int search(Ctx *c, PyObject *state, const char *key, Py_ssize_t klen,
                  const char *parent, Py_ssize_t plen, long long ply, PyObject *alpha,
                  PyObject *beta, Out *out) {
    PyObject *t = PyObject_CallOneArg(c->is_terminal, state);
    if (t == NULL) return -1;
    int terminal = PyObject_IsTrue(t);
    Py_DECREF(t);
    if (terminal < 0) return -1;
    if (terminal || ply >= c->limit) return leaf(c, state, key, klen, parent, plen, ply, terminal, out);
    PyObject *player = PyObject_CallOneArg(c->to_move, state);
    if (player == NULL) return -1;
    Py_DECREF(player); /* a Player member: the enum keeps it alive */
    if (player == c->chance) {
        PyObject *k = PyUnicode_DecodeUTF8(key, klen, "strict");
        if (k == NULL) return -1;
        PyObject *err = PyObject_CallOneArg(c->no_chance, k);
        Py_DECREF(k);
        if (err == NULL) return -1;
        PyErr_SetObject((PyObject *)Py_TYPE(err), err);
        Py_DECREF(err);
        return -1;
    }
    if (player != c->max && player != c->min) {
        PyErr_Format(PyExc_TypeError, "to_move must give a Player, not %.80s",
                     Py_TYPE(player)->tp_name);
        return -1;
    }
    int is_max = player == c->max;
    Level *l = level(c, ply);
    if (l == NULL) return -1;
    PyObject *kids = children(c, state, key, klen, l);
    if (kids == NULL) return -1;
    Py_ssize_t n = PyList_GET_SIZE(kids);
    if (n == 0) {
        Py_DECREF(kids);
        return leaf(c, state, key, klen, parent, plen, ply, 0, out);
    }
    PyObject *v = NULL, *best_pv = NULL;
    Py_ssize_t best = -1;
    alpha = Py_NewRef(alpha);
    beta = Py_NewRef(beta);
    if (Py_EnterRecursiveCall(" while searching")) goto fail_unentered;
    if (visit(c, ply) < 0) goto fail;
    c->expanded++;
    v = Py_NewRef(is_max ? c->neg_inf : c->pos_inf);
    best_pv = Py_NewRef(Py_None);
    Buf *b = &c->out;
    if (PUT_SEQ(c, ",\"type\":\"expand\",\"node\":") < 0 || buf_put(b, key, klen) < 0
        || PUT_LIT(b, ",\"parent\":") < 0 || buf_put(b, parent, plen) < 0
        || PUT_LIT(b, ",\"depth\":") < 0 || put_ll(b, ply) < 0
        || PUT_LIT(b, ",\"player\":") < 0 || put_player(c, player) < 0
        || PUT_LIT(b, ",\"children\":") < 0 || put_keys(c, l, 0) < 0
        || PUT_LIT(b, ",\"value\":") < 0 || put_number(c, v) < 0
        || (c->ab && put_bounds(c, alpha, beta) < 0) || put_label(c, state) < 0
        || end_line(c) < 0)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        Out kid;
        Py_ssize_t cklen;
        const char *ck = key_at(l, i, &cklen);
        if (search(c, PyList_GET_ITEM(kids, i), ck, cklen, key, klen, ply + 1, alpha, beta,
                   &kid) < 0)
            goto fail;
        /* the child's search may have grown the levels: look this one up again */
        l = &c->levels[ply];
        ck = key_at(l, i, &cklen);
        int better = PyObject_RichCompareBool(kid.value, v, is_max ? Py_GT : Py_LT);
        if (better < 0) goto fail_kid;
        if (better) {
            PyObject *k = PyUnicode_DecodeUTF8(ck, cklen, "strict");
            if (k == NULL) goto fail_kid;
            PyObject *pv = PyTuple_Pack(2, k, kid.pv);
            Py_DECREF(k);
            if (pv == NULL) goto fail_kid;
            Py_SETREF(best_pv, pv);
            Py_SETREF(v, Py_NewRef(kid.value));
            best = i;
        }
        if (c->ab) {
            PyObject **bound = is_max ? &alpha : &beta;
            int moves = PyObject_RichCompareBool(v, *bound, is_max ? Py_GT : Py_LT);
            if (moves < 0) goto fail_kid;
            if (moves) Py_SETREF(*bound, Py_NewRef(v));
        }
        Py_ssize_t bklen = 0;
        const char *bk = best < 0 ? "null" : key_at(l, best, &bklen);
        if (best < 0) bklen = 4;
        /* fail-hard's provisional value is its bound (alpha at MAX, beta at MIN) */
        PyObject *shown = c->hard ? (is_max ? alpha : beta) : v;
        if (PUT_SEQ(c, ",\"type\":\"backup\",\"node\":") < 0 || buf_put(b, key, klen) < 0
            || PUT_LIT(b, ",\"child\":") < 0 || buf_put(b, ck, cklen) < 0
            || PUT_LIT(b, ",\"child_value\":") < 0 || put_number(c, kid.value) < 0
            || PUT_LIT(b, ",\"value\":") < 0 || put_number(c, shown) < 0
            || PUT_LIT(b, ",\"best\":") < 0 || buf_put(b, bk, bklen) < 0
            || (c->ab && put_bounds(c, alpha, beta) < 0) || end_line(c) < 0)
            goto fail_kid;
        Py_DECREF(kid.value);
        Py_DECREF(kid.pv);
        if (c->ab) {
            int cut = PyObject_RichCompareBool(alpha, beta, c->ge ? Py_GE : Py_GT);
            if (cut < 0) goto fail;
            if (cut) {
                PyObject *ret = c->hard ? (is_max ? beta : alpha) : v;
                if (i < n - 1) {
                    c->cuts++;
                    c->pruned += n - 1 - i;
                    if (PUT_SEQ(c, ",\"type\":\"cut\",\"node\":") < 0 || buf_put(b, key, klen) < 0
                        || (is_max ? PUT_LIT(b, ",\"kind\":\"beta\"")
                                   : PUT_LIT(b, ",\"kind\":\"alpha\"")) < 0
                        || PUT_LIT(b, ",\"after\":") < 0 || buf_put(b, ck, cklen) < 0
                        || put_bounds(c, alpha, beta) < 0
                        || PUT_LIT(b, ",\"value\":") < 0 || put_number(c, ret) < 0
                        || PUT_LIT(b, ",\"pruned\":") < 0 || put_keys(c, l, i + 1) < 0
                        || end_line(c) < 0)
                        goto fail;
                }
                out->value = Py_NewRef(ret);
                goto done;
            }
        }
        continue;
    fail_kid:
        Py_DECREF(kid.value);
        Py_DECREF(kid.pv);
        goto fail;
    }
    out->value = c->hard ? Py_NewRef(is_max ? alpha : beta) : Py_NewRef(v);
done:
    out->pv = best_pv;
    Py_DECREF(v);
    Py_DECREF(alpha);
    Py_DECREF(beta);
    Py_DECREF(kids);
    Py_LeaveRecursiveCall();
    return 0;
fail:
    Py_LeaveRecursiveCall();
fail_unentered:
    Py_XDECREF(v);
    Py_XDECREF(best_pv);
    Py_DECREF(alpha);
    Py_DECREF(beta);
    Py_DECREF(kids);
    return -1;
}

static void release(Ctx *c) {
    PyMem_Free(c->out.p);
    PyMem_Free(c->root.p);
    PyMem_Free(c->max_text.p);
    PyMem_Free(c->min_text.p);
    for (Py_ssize_t i = 0; i < c->nlevels; i++) {
        PyMem_Free(c->levels[i].keys.p);
        PyMem_Free(c->levels[i].ends);
    }
    PyMem_Free(c->levels);
    Py_XDECREF(c->game);
    Py_XDECREF(c->is_terminal);
    Py_XDECREF(c->to_move);
    Py_XDECREF(c->actions);
    Py_XDECREF(c->result);
    Py_XDECREF(c->move_name);
    Py_XDECREF(c->node_id);
    Py_XDECREF(c->describe);
    Py_XDECREF(c->utility);
    Py_XDECREF(c->evaluate);
}


/* search(run, state, write, binary, tools, alpha_beta, hard) -> (value, best child's pv)
 *
 * ``write`` takes the lines as str, or with ``binary`` as a memoryview of their UTF-8
 * bytes (valid only during the call).
 * ``tools``: (players, json_number, no_chance, MAX, MIN, CHANCE, -inf, +inf) from
 * tracer.search.fast.pure.  The caller checked that the run streams quoted ids in the
 * natural or reverse order, and wraps the returned pv with the root's id. */
static PyObject *py_search(PyObject *self, PyObject *args) {
    Ctx c;
    memset(&c, 0, sizeof c);
    PyObject *state, *tools, *root_key, *opts, *order;
    int ab, hard, binary;
    if (!PyArg_ParseTuple(args, "OOOpO!pp", &c.run, &state, &c.write, &binary, &PyTuple_Type,
                          &tools, &ab, &hard))
        return NULL;
    c.binary = binary;
    if (!PyArg_ParseTuple(tools, "O!OOOOOOO", &PyDict_Type, &c.players, &c.json_number,
                          &c.no_chance, &c.max, &c.min, &c.chance, &c.neg_inf, &c.pos_inf))
        return NULL;
    c.ab = ab;
    c.hard = hard;
    PyObject *result = NULL;
    if (player_text(&c, c.max, &c.max_text) < 0 || player_text(&c, c.min, &c.min_text) < 0)
        goto end;
    long long cap;
    if (load(&c) < 0 || get_ll(c.run, "depth_cap", &cap) < 0) goto end;
    c.limit = cap;
    PyObject *named = PyObject_GetAttrString(c.run, "named");
    if (named == NULL) goto end;
    c.named = PyObject_IsTrue(named);
    Py_DECREF(named);
    if (c.named < 0) goto end;
    opts = PyObject_GetAttrString(c.run, "opts");
    if (opts == NULL) goto end;
    order = PyObject_GetAttrString(opts, "order");
    PyObject *cut_on = order ? PyObject_GetAttrString(opts, "cut_on") : NULL;
    Py_DECREF(opts);
    if (cut_on == NULL) {
        Py_XDECREF(order);
        goto end;
    }
    c.reverse = PyUnicode_Check(order) && PyUnicode_CompareWithASCIIString(order, "reverse") == 0;
    c.ge = PyUnicode_Check(cut_on) && PyUnicode_CompareWithASCIIString(cut_on, "ge") == 0;
    Py_DECREF(order);
    Py_DECREF(cut_on);
    c.game = PyObject_GetAttrString(c.run, "game");
    if (c.game == NULL) goto end;
    if (!(c.is_terminal = method(c.game, "is_terminal")) || !(c.to_move = method(c.game, "to_move"))
        || !(c.actions = method(c.game, "actions")) || !(c.result = method(c.game, "result")))
        goto end;
    if (c.named ? !(c.node_id = method(c.game, "node_id"))
                : (!(c.move_name = method(c.game, "move_name"))
                   || !(c.describe = method(c.game, "describe"))))
        goto end;
    root_key = PyObject_GetAttrString(c.run, "root_key");
    if (root_key == NULL) goto end;
    Py_ssize_t rn;
    const char *ru = PyUnicode_Check(root_key) ? PyUnicode_AsUTF8AndSize(root_key, &rn) : NULL;
    int ok = ru != NULL && buf_put(&c.root, ru, rn) == 0;
    if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "root_key must be a str");
    Py_DECREF(root_key);
    if (!ok) goto end;
    Out out;
    int failed = search(&c, state, c.root.p, c.root.n, "null", 4, 0, c.neg_inf, c.pos_inf, &out);
    /* Whatever happened, the lines so far go to the stream and the counters to the run,
     * as they would from the pure loop; an error already raised wins. */
    PyObject *et, *ev, *tb;
    PyErr_Fetch(&et, &ev, &tb);
    int closed = flush(&c) == 0 && store(&c) == 0;
    if (failed) {
        PyErr_Clear();
        PyErr_Restore(et, ev, tb);
    } else {
        if (closed) result = PyTuple_Pack(2, out.value, out.pv);
        Py_DECREF(out.value);
        Py_DECREF(out.pv);
    }
end:
    release(&c);
    return result;
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS,
     "search(run, state, write, binary, tools, alpha_beta, hard) -> (value, best child's pv)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "tracer._lines",
    "The compiled build of tracer/search/fast/loops.py's streamed loops.", -1, methods,
};

PyMODINIT_FUNC PyInit__lines(void) { return PyModule_Create(&module); }
