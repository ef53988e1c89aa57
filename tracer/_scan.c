/* The compiled scanner of trace streams (tracer/scanning.py, for the analyses, and the
 * renderer's fast path, tracer/render/read/reader.py): the lines of a ``.jsonl`` trace
 * handed on without a dictionary per line.
 *
 * ``scan`` reads a chunk of whole lines.  A line's type is looked up first (the first
 * type key in it, TYPE_KEY, checked against the key when the parse reaches it); a line of a
 * type it was given a handler for is parsed here, each field checked against the kind
 * the handler expects, and the handler is called with the fields it takes, in the order
 * given (a missing optional field is None).  The fields it does not take are checked
 * the same way without being made: a string is scanned, an integer's digits counted, a
 * list of strings walked.  Any other line goes to the ``slow`` callable, the strict
 * reader, in its place in the order: another event type, the result, a blank line, and
 * every line this parser does not take at face value.  That is the case for anything
 * unusual: a ``\u`` escape, bytes that are not UTF-8, an integer beyond 18 digits, a
 * number that is not finite, a nested object, a repeated, unknown or missing key, a
 * field of the wrong JSON type, a second value after the object.  The strict reader
 * then accepts the line as it would have, or raises its error naming the file, line
 * and column, so a malformed trace fails with the same message in both builds.
 *
 * Python calls it through ``tracer.scanning`` only, which falls back to the strict
 * reader when the module was not built or GAMETRACE_PURE=1 is set; the tests run both
 * and compare (tests/core/test_scanning.py, tests/render/read/test_reader.py).
 */
#define _GNU_SOURCE /* memmem */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#define MAX_TYPES 8
#define MAX_FIELDS 16
#define MAX_DIGITS 18 /* fits a long long */

/* The key of a line's type and the quote of its value, spelt without a string literal:
 * this file names no event type (tests/core/test_vocabulary.py looks). */
static const char TYPE_KEY[8] = {'"', 't', 'y', 'p', 'e', '"', ':', '"'};

/* The kinds of field, as tracer/scanning.py numbers them (_KINDS). */
enum { K_ANY, K_INT, K_STR, K_STR_OR_NULL, K_STRS, K_STRS_OR_NULL, K_NUMBER, K_INT_OR_NULL,
       /* an engine stream's (trace format version 2), as tracer/sdk/checking.py's shapes
        * take them: a node id (an integer >= 0), a rank (>= 1), the integer 0, a boolean,
        * a table flag (exact, lower, upper), a move class (a string not empty) and a
        * value (a number or "+inf", "-inf", handed on as written) */
       K_ID, K_RANK, K_ZERO, K_BOOL, K_FLAG, K_CLASS, K_VALUE };

/* A parsed JSON value: what it was, and the object made for it. */
enum { T_NULL, T_BOOL, T_INT, T_FLOAT, T_STR, T_LIST_STRS, T_LIST };

typedef struct {
    const char *name;
    Py_ssize_t len;
    int kind, required, passed; /* passed: handed to the handler (else checked only) */
} Field;

typedef struct {
    const char *name;
    Py_ssize_t len;
    PyObject *handler;
    int n;
    Field fields[MAX_FIELDS];
    int order[MAX_FIELDS]; /* the fields in the class's order (the order lines write) */
    int rank[MAX_FIELDS];  /* each field's place in that order */
} Spec;

/* The string last made for a value at a given place in the line: consecutive lines
 * repeat their player, their reason, often their parent, which are then not made again. */
typedef struct {
    const char *raw;
    Py_ssize_t len;
    PyObject *str;
} Recent;

typedef struct {
    Spec specs[MAX_TYPES];
    int n;
    PyObject *plus_inf, *minus_inf; /* float('inf'), float('-inf') */
    Recent recent[MAX_FIELDS + 1];
} Specs;

/* ---- parsing one value ----------------------------------------------------------- */

static inline const char *skip_ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
    return p;
}

/* A string at p (after its opening quote): the object, and *next just past the closing
 * quote; NULL without an error set when the fast path declines it. */
static PyObject *parse_str(const char *p, const char *end, const char **next,
                           Recent *recent) {
    const char *s = p;
    int plain = 1, ascii = 1;
    while (p < end && *p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20) return NULL;
        if (c == '\\') {
            if (p + 1 >= end || p[1] == 'u') return NULL; /* \u: maybe a lone surrogate */
            plain = 0;
            p += 2;
            continue;
        }
        if (c >= 0x80) ascii = 0;
        p++;
    }
    if (p >= end) return NULL;
    *next = p + 1;
    Py_ssize_t n = p - s;
    if (plain && ascii) {
        if (recent != NULL && recent->str != NULL && recent->len == n
            && memcmp(recent->raw, s, (size_t)n) == 0)
            return Py_NewRef(recent->str);
        PyObject *u = PyUnicode_New(n, 127);
        if (u == NULL) return NULL;
        memcpy(PyUnicode_DATA(u), s, (size_t)n);
        if (recent != NULL) {
            Py_XSETREF(recent->str, Py_NewRef(u));
            recent->raw = s;
            recent->len = n;
        }
        return u;
    }
    char small[256];
    char *buf = n <= (Py_ssize_t)sizeof small ? small : PyMem_Malloc((size_t)n);
    if (buf == NULL) return PyErr_NoMemory();
    char *o = buf;
    for (const char *q = s; q < p; q++) {
        if (*q != '\\') {
            *o++ = *q;
            continue;
        }
        switch (*++q) {
            case '"': *o++ = '"'; break;
            case '\\': *o++ = '\\'; break;
            case '/': *o++ = '/'; break;
            case 'b': *o++ = '\b'; break;
            case 'f': *o++ = '\f'; break;
            case 'n': *o++ = '\n'; break;
            case 'r': *o++ = '\r'; break;
            case 't': *o++ = '\t'; break;
            default:
                if (buf != small) PyMem_Free(buf);
                return NULL;
        }
    }
    PyObject *u = PyUnicode_DecodeUTF8(buf, o - buf, "strict");
    if (buf != small) PyMem_Free(buf);
    if (u == NULL && PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) PyErr_Clear();
    return u;
}

/* A JSON number at p: an int of up to 18 digits or a finite float; NULL (no error set)
 * for anything else. */
static PyObject *parse_number(const char *p, const char *end, const char **next, int *tag) {
    const char *s = p;
    if (p < end && *p == '-') p++;
    const char *digits = p;
    if (p < end && *p == '0') {
        p++;
    } else if (p < end && *p >= '1' && *p <= '9') {
        while (p < end && *p >= '0' && *p <= '9') p++;
    } else {
        return NULL;
    }
    Py_ssize_t ndigits = p - digits;
    int is_float = 0;
    if (p < end && *p == '.') {
        is_float = 1;
        p++;
        const char *f = p;
        while (p < end && *p >= '0' && *p <= '9') p++;
        if (p == f) return NULL;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        is_float = 1;
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        const char *e = p;
        while (p < end && *p >= '0' && *p <= '9') p++;
        if (p == e) return NULL;
    }
    *next = p;
    if (!is_float) {
        if (ndigits > MAX_DIGITS) return NULL;
        long long x = 0;
        for (const char *q = digits; q < p; q++) x = x * 10 + (*q - '0');
        *tag = T_INT;
        return PyLong_FromLongLong(*s == '-' ? -x : x);
    }
    char small[64];
    Py_ssize_t n = p - s;
    if (n >= (Py_ssize_t)sizeof small) return NULL;
    memcpy(small, s, (size_t)n);
    small[n] = '\0';
    double d = PyOS_string_to_double(small, NULL, NULL);
    if (d == -1.0 && PyErr_Occurred()) return NULL;
    if (!isfinite(d)) return NULL; /* 1e999: the pure reader judges it */
    *tag = T_FLOAT;
    return PyFloat_FromDouble(d);
}

static int word(const char *p, const char *end, const char *w, Py_ssize_t n) {
    return end - p >= n && memcmp(p, w, (size_t)n) == 0;
}

/* One value (no objects; lists of scalars only); NULL when declined or on an error. */
static PyObject *parse_value(const char *p, const char *end, const char **next, int *tag,
                             Recent *recent, int in_list) {
    if (p >= end) return NULL;
    switch (*p) {
        case '"':
            *tag = T_STR;
            return parse_str(p + 1, end, next, recent);
        case 'n':
            if (!word(p, end, "null", 4)) return NULL;
            *next = p + 4;
            *tag = T_NULL;
            Py_RETURN_NONE;
        case 't':
            if (!word(p, end, "true", 4)) return NULL;
            *next = p + 4;
            *tag = T_BOOL;
            Py_RETURN_TRUE;
        case 'f':
            if (!word(p, end, "false", 5)) return NULL;
            *next = p + 5;
            *tag = T_BOOL;
            Py_RETURN_FALSE;
        case '[': {
            if (in_list) return NULL;
            PyObject *list = PyList_New(0);
            if (list == NULL) return NULL;
            int strs = 1;
            p = skip_ws(p + 1, end);
            if (p < end && *p == ']') {
                *next = p + 1;
                *tag = T_LIST_STRS;
                return list;
            }
            for (;;) {
                int t;
                PyObject *item = parse_value(p, end, &p, &t, NULL, 1);
                if (item == NULL || PyList_Append(list, item) < 0) {
                    Py_XDECREF(item);
                    Py_DECREF(list);
                    return NULL;
                }
                Py_DECREF(item);
                if (t != T_STR) strs = 0;
                p = skip_ws(p, end);
                if (p < end && *p == ',') {
                    p = skip_ws(p + 1, end);
                    continue;
                }
                if (p < end && *p == ']') break;
                Py_DECREF(list);
                return NULL;
            }
            *next = p + 1;
            *tag = strs ? T_LIST_STRS : T_LIST;
            return list;
        }
        default:
            return parse_number(p, end, next, tag);
    }
}

/* ---- one line ---------------------------------------------------------------------- */

/* The value checked against its field's kind, made what the handler expects: a new
 * reference, or NULL (no error set) when the line goes to the pure reader. */
static PyObject *as_kind(Specs *sp, PyObject *v, int tag, int kind) {
    int ok;
    switch (kind) {
        case K_INT: ok = tag == T_INT; break;
        case K_INT_OR_NULL: ok = tag == T_INT || tag == T_NULL; break;
        case K_STR: ok = tag == T_STR; break;
        case K_STR_OR_NULL: ok = tag == T_STR || tag == T_NULL; break;
        case K_STRS: ok = tag == T_LIST_STRS; break;
        case K_STRS_OR_NULL: ok = tag == T_LIST_STRS || tag == T_NULL; break;
        case K_NUMBER:
            if (tag == T_STR) { /* "+inf", "-inf", "inf" (tracer.jsonio.INF_STRINGS) */
                const char *s = PyUnicode_AsUTF8(v);
                if (s == NULL) return NULL;
                PyObject *inf = NULL;
                if (strcmp(s, "+inf") == 0 || strcmp(s, "inf") == 0) inf = sp->plus_inf;
                else if (strcmp(s, "-inf") == 0) inf = sp->minus_inf;
                if (inf == NULL) return NULL;
                Py_INCREF(inf);
                return inf;
            }
            ok = tag == T_INT || tag == T_FLOAT || tag == T_NULL;
            break;
        case K_ID: case K_RANK: case K_ZERO: {
            if (tag != T_INT) return NULL;
            long long x = PyLong_AsLongLong(v); /* at most 18 digits: it fits */
            if (x == -1 && PyErr_Occurred()) return NULL;
            ok = kind == K_ID ? x >= 0 : kind == K_RANK ? x >= 1 : x == 0;
            break;
        }
        case K_BOOL: ok = tag == T_BOOL; break;
        case K_FLAG: case K_CLASS: case K_VALUE: {
            if (tag != T_STR) {
                ok = kind == K_VALUE && (tag == T_INT || tag == T_FLOAT);
                break;
            }
            Py_ssize_t n;
            const char *s = PyUnicode_AsUTF8AndSize(v, &n);
            if (s == NULL) return NULL;
            if (kind == K_CLASS) ok = n > 0;
            else if (kind == K_FLAG)
                ok = strcmp(s, "exact") == 0 || strcmp(s, "lower") == 0
                     || strcmp(s, "upper") == 0;
            else ok = strcmp(s, "+inf") == 0 || strcmp(s, "-inf") == 0;
            ok = ok && (Py_ssize_t)strlen(s) == n; /* no NUL inside */
            break;
        }
        default: ok = 1;
    }
    if (!ok) return NULL;
    Py_INCREF(v);
    return v;
}

/* The bytes a skipped string must look at: control characters, the backslash, the
 * quote and every byte of a UTF-8 sequence (set by PyInit__scan). */
static unsigned char special[256];

/* A string at p (after its opening quote) checked as parse_str would take it, and not
 * made (unless it holds UTF-8 to check): 1 with *next past its closing quote and its
 * raw bytes in *raw, *len; 0 when the line goes to the pure reader; -1 on an error. */
static int skip_str(const char *p, const char *end, const char **next, const char **raw,
                    Py_ssize_t *len) {
    const char *s = p;
    int ascii = 1;
    while (p < end && *p != '"') {
        unsigned char c = (unsigned char)*p;
        if (!special[c]) { /* the common case: a plain character */
            p++;
            continue;
        }
        if (c < 0x20) return 0;
        if (c == '\\') {
            if (p + 1 >= end || !strchr("\"\\/bfnrt", p[1]) || p[1] == '\0') return 0;
            p += 2;
            continue;
        }
        ascii = 0;
        p++;
    }
    if (p >= end) return 0;
    if (!ascii) { /* UTF-8 to check: the string is made after all */
        PyObject *u = parse_str(s, end, next, NULL);
        if (u == NULL) return PyErr_Occurred() ? -1 : 0;
        Py_DECREF(u);
    } else {
        *next = p + 1;
    }
    *raw = s;
    *len = p - s;
    return 1;
}

/* A value the handler does not take, checked as it would be and not made: a string
 * (the long labels) or a list of strings (the pruned children) is only scanned, an
 * integer's digits counted; 1 when it passes, 0 when the line goes to the pure reader,
 * -1 on an error. */
static int skip_value(Specs *sp, const char *p, const char *end, const char **next, int kind) {
    const char *s;
    Py_ssize_t n;
    int tag, ok;
    if (kind >= K_ID) goto made; /* an engine stream's kinds: judged on the value made */
    if (p < end && *p == '"') {
        ok = skip_str(p + 1, end, next, &s, &n);
        if (ok <= 0) return ok;
        switch (kind) {
            case K_ANY: case K_STR: case K_STR_OR_NULL: return 1;
            case K_NUMBER: /* "+inf", "-inf", "inf" (tracer.jsonio.INF_STRINGS) */
                return (n == 4 && (memcmp(s, "+inf", 4) == 0 || memcmp(s, "-inf", 4) == 0))
                       || (n == 3 && memcmp(s, "inf", 3) == 0);
            default: return 0;
        }
    }
    if (p < end && *p == '[' && (kind == K_STRS || kind == K_STRS_OR_NULL || kind == K_ANY)) {
        p = skip_ws(p + 1, end);
        if (p < end && *p == ']') {
            *next = p + 1;
            return 1;
        }
        for (;;) {
            if (p < end && *p == '"') {
                ok = skip_str(p + 1, end, &p, &s, &n);
                if (ok <= 0) return ok;
            } else if (kind == K_ANY) { /* a list of any scalars */
                PyObject *v = parse_value(p, end, &p, &tag, NULL, 1);
                if (v == NULL) return PyErr_Occurred() ? -1 : 0;
                Py_DECREF(v);
            } else {
                return 0;
            }
            p = skip_ws(p, end);
            if (p < end && *p == ',') {
                p = skip_ws(p + 1, end);
                continue;
            }
            if (p < end && *p == ']') {
                *next = p + 1;
                return 1;
            }
            return 0;
        }
    }
    if (p < end && (*p == '-' || (*p >= '0' && *p <= '9'))
        && (kind == K_INT || kind == K_INT_OR_NULL || kind == K_NUMBER || kind == K_ANY)) {
        const char *q = *p == '-' ? p + 1 : p, *digits = q;
        if (q < end && *q == '0') {
            q++;
        } else {
            while (q < end && *q >= '0' && *q <= '9') q++;
        }
        if (q == digits) return 0;
        if (q >= end || (*q != '.' && *q != 'e' && *q != 'E')) { /* an integer */
            if (q - digits > MAX_DIGITS) return 0;
            *next = q;
            return 1;
        } /* a float: made and judged below */
    }
made:;
    PyObject *v = parse_value(p, end, next, &tag, NULL, 0);
    if (v == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *k = as_kind(sp, v, tag, kind);
    Py_DECREF(v);
    if (k == NULL) return PyErr_Occurred() ? -1 : 0;
    Py_DECREF(k);
    return 1;
}

/* 1: the line was handled; 0: the pure reader must read it; -1: an error (a handler
 * raised, or memory ran out).  The type is looked up first (the first TYPE_KEY of the
 * line, checked against the key when the parse reaches it), so that a line of a
 * type without a handler goes to the pure reader at once and the fields the handler
 * does not take are checked without being made. */
static int fast_line(Specs *sp, const char *p, const char *end) {
    PyObject *args[MAX_FIELDS];
    PyObject *passed[MAX_FIELDS];
    int result = 0, type_seen = 0;
    unsigned seen = 0;

    p = skip_ws(p, end);
    if (p >= end || *p != '{') return 0;
    const char *tp = memmem(p, (size_t)(end - p), TYPE_KEY, sizeof TYPE_KEY);
    if (tp == NULL) return 0;
    const char *type = tp + 8, *q = type;
    while (q < end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20) q++;
    if (q >= end || *q != '"') return 0;
    Py_ssize_t tlen = q - type;
    Spec *spec = NULL;
    for (int i = 0; i < sp->n; i++) {
        if (sp->specs[i].len == tlen && memcmp(sp->specs[i].name, type, (size_t)tlen) == 0) {
            spec = &sp->specs[i];
            break;
        }
    }
    if (spec == NULL) return 0;
    int nf = spec->n, last = -1;
    const int *order = spec->order;
    for (int f = 0; f < nf; f++) args[f] = NULL;
    p = skip_ws(p + 1, end);
    for (;;) {
        if (p >= end || *p != '"') goto release;
        const char *k = ++p;
        while (p < end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20) p++;
        if (p >= end || *p != '"') goto release;
        Py_ssize_t kl = p - k;
        p = skip_ws(p + 1, end);
        if (p >= end || *p != ':') goto release;
        p = skip_ws(p + 1, end);
        if (kl == 4 && memcmp(k, "type", 4) == 0) {
            if (type_seen || p >= end || *p != '"') goto release;
            const char *t = ++p;
            while (p < end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20) p++;
            if (p >= end || *p != '"' || p - t != tlen || memcmp(t, type, (size_t)tlen) != 0)
                goto release;
            type_seen = 1;
            p++;
        } else {
            /* the keys come in the order of the class's fields, as the writer writes
             * them: the field after the last one found is tried first */
            int f = order[last + 1 < nf ? last + 1 : 0];
            if (!(spec->fields[f].len == kl && memcmp(spec->fields[f].name, k, (size_t)kl) == 0)) {
                f = 0;
                while (f < nf && !(spec->fields[f].len == kl
                                   && memcmp(spec->fields[f].name, k, (size_t)kl) == 0))
                    f++;
            }
            last = f < nf ? spec->rank[f] : last;
            if (f == nf || (seen & (1u << f))) goto release; /* unknown or repeated key */
            seen |= 1u << f;
            Field *fd = &spec->fields[f];
            if (fd->passed) {
                int tag;
                PyObject *v = parse_value(p, end, &p, &tag, &sp->recent[f], 0);
                if (v == NULL) goto release;
                args[f] = as_kind(sp, v, tag, fd->kind);
                Py_DECREF(v);
                if (args[f] == NULL) goto release;
            } else {
                int ok = skip_value(sp, p, end, &p, fd->kind);
                if (ok <= 0) goto release;
            }
        }
        p = skip_ws(p, end);
        if (p < end && *p == ',') {
            p = skip_ws(p + 1, end);
            continue;
        }
        if (p < end && *p == '}') break;
        goto release;
    }
    if (skip_ws(p + 1, end) != end || !type_seen) goto release;
    int nargs = 0;
    for (int f = 0; f < nf; f++) {
        if (!(seen & (1u << f)) && spec->fields[f].required) goto release;
        if (!spec->fields[f].passed) continue;
        if (args[f] == NULL) args[f] = Py_NewRef(Py_None);
        passed[nargs++] = args[f];
    }
    PyObject *got = PyObject_Vectorcall(spec->handler, passed, (size_t)nargs, NULL);
    if (got == NULL) {
        result = -1;
    } else {
        Py_DECREF(got);
        result = 1;
    }
release:
    for (int f = 0; f < nf; f++) Py_XDECREF(args[f]);
    if (result == 0 && PyErr_Occurred()) result = -1; /* out of memory */
    return result;
}

static int blank(const char *p, const char *end) {
    for (; p < end; p++)
        if (!strchr(" \t\r\v\f", *p) || *p == '\0') return 0;
    return 1;
}

/* ---- the chunk ----------------------------------------------------------------------- */

static int load_specs(Specs *sp, PyObject *specs) {
    if (!PyTuple_Check(specs) || PyTuple_GET_SIZE(specs) > MAX_TYPES) {
        PyErr_SetString(PyExc_TypeError, "specs: a tuple of at most 8 (type, handler, fields)");
        return -1;
    }
    sp->n = (int)PyTuple_GET_SIZE(specs);
    for (int i = 0; i < sp->n; i++) {
        PyObject *name, *handler, *fields;
        Spec *s = &sp->specs[i];
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(specs, i), "UOO!;specs", &name, &handler,
                              &PyTuple_Type, &fields))
            return -1;
        s->name = PyUnicode_AsUTF8AndSize(name, &s->len);
        if (s->name == NULL) return -1;
        s->handler = handler;
        if (PyTuple_GET_SIZE(fields) > MAX_FIELDS) {
            PyErr_SetString(PyExc_ValueError, "specs: at most 16 fields a type");
            return -1;
        }
        s->n = (int)PyTuple_GET_SIZE(fields);
        for (int f = 0; f < s->n; f++) s->order[f] = -1;
        for (int f = 0; f < s->n; f++) {
            PyObject *fname;
            Field *fd = &s->fields[f];
            int place = f;
            fd->passed = 1;
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(fields, f), "Uip|pi;fields", &fname,
                                  &fd->kind, &fd->required, &fd->passed, &place))
                return -1;
            fd->name = PyUnicode_AsUTF8AndSize(fname, &fd->len);
            if (fd->name == NULL) return -1;
            if (place < 0 || place >= s->n || s->order[place] != -1) {
                PyErr_SetString(PyExc_ValueError, "fields: each place once, from 0");
                return -1;
            }
            s->order[place] = f;
            s->rank[f] = place;
        }
    }
    return 0;
}

static PyObject *py_scan(PyObject *self, PyObject *args) {
    Py_buffer chunk;
    Py_ssize_t first, limit;
    PyObject *specs, *slow;
    int with_lines = 0;
    if (!PyArg_ParseTuple(args, "y*nOOn|p:scan", &chunk, &first, &specs, &slow, &limit,
                          &with_lines))
        return NULL;
    Specs sp;
    Py_ssize_t handled = 0;
    PyObject *result = NULL;
    memset(sp.recent, 0, sizeof sp.recent);
    sp.plus_inf = PyFloat_FromDouble(INFINITY);
    sp.minus_inf = PyFloat_FromDouble(-INFINITY);
    if (sp.plus_inf == NULL || sp.minus_inf == NULL || load_specs(&sp, specs) < 0) goto end;
    const char *p = chunk.buf, *end = p + chunk.len;
    Py_ssize_t lineno = first;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl != NULL ? nl : end;
        if (handled >= limit) { /* one more record is one too many; blank lines are none */
            if (!blank(p, stop)) {
                handled = limit + 1;
                break;
            }
            lineno++;
            p = nl != NULL ? nl + 1 : end;
            continue;
        }
        int got = fast_line(&sp, p, stop);
        if (got < 0) goto end;
        if (got == 1) {
            handled++;
        } else {
            const char *after = nl != NULL ? nl + 1 : end; /* the line with its newline */
            PyObject *raw = PyBytes_FromStringAndSize(p, after - p);
            if (raw == NULL) goto end;
            PyObject *n = PyObject_CallFunction(slow, "Nn", raw, lineno);
            if (n == NULL) goto end;
            Py_ssize_t k = PyLong_AsSsize_t(n);
            Py_DECREF(n);
            if (k == -1 && PyErr_Occurred()) goto end;
            handled += k;
        }
        lineno++;
        p = nl != NULL ? nl + 1 : end;
    }
    result = with_lines ? Py_BuildValue("nn", handled, lineno - first)
                        : PyLong_FromSsize_t(handled);
end:
    for (int i = 0; i <= MAX_FIELDS; i++) Py_XDECREF(sp.recent[i].str);
    Py_XDECREF(sp.plus_inf);
    Py_XDECREF(sp.minus_inf);
    PyBuffer_Release(&chunk);
    return result;
}

static PyMethodDef methods[] = {
    {"scan", py_scan, METH_VARARGS,
     "scan(chunk, first_line, specs, slow, limit, with_lines=False) -> records handed on,\n"
     "at most limit (limit + 1 when the chunk holds more), and with_lines, the lines read\n"
     "too; see tracer/_scan.c"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "tracer._scan",
    "The compiled build of the trace reader's fast path (tracer/render/read/reader.py).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__scan(void) {
    for (int c = 0; c < 256; c++) special[c] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
    return PyModule_Create(&module);
}
