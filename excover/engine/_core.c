/* The native core: Algorithm M (dancing links, multiplicities, colours) in flat C arrays.
 *
 * This is the search of excover/engine/python.py, operation for operation; read that
 * module's docstring for the data structure and the algorithm. What differs here:
 *
 * - A Matrix object holds the pristine node arrays, built once from the Python Matrix.
 *   Every Search copies them (one memcpy) and may then be run with its own forced options,
 *   seed and limits, so the batch and generation features never rebuild anything.
 * - The search is a resumable state machine: run() returns to Python after a batch of
 *   solutions (or at the end), keeping its level stack, so solutions stream in batches and
 *   counting never creates a Python object per solution or per node.
 * - Every CHECK_EVERY nodes it looks at the clock (time limit) and at pending signals, so
 *   Ctrl-C stops it within a fraction of a second.
 * - With a seed, each item's list of options is shuffled (as Knuth's programs do) and ties
 *   in the choice of item are broken at random, with a splitmix64 generator.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define ROOT 0
#define PURIFIED (-1)
#define CHECK_EVERY 1024

typedef struct {
    int up, down; /* neighbours in the item's list */
    int top;      /* the item (its header node); <= 0 for a spacer */
    int color;    /* 0 none, > 0 a colour, PURIFIED once its item is purified */
} Node;

/* ------------------------------------------------------------------------------------ */
/* Matrix: the pristine arrays.                                                          */

typedef struct {
    PyObject_HEAD
    int items;         /* N: headers are nodes 1..N */
    int primary;       /* N1: headers 1..N1 are primary */
    int options;
    int node_count;    /* headers, spacers and option nodes */
    Node *nodes;
    int *bound;        /* per header: hi */
    int *slack;        /* per header: hi - lo */
    int *length;       /* per header */
    int *option_of;    /* per node: option index, -1 for headers and spacers */
    int *first_node;   /* per option */
    /* The option-set form, for problems whose primary items all take exactly one option
     * (see bitset_build); words == 0 when the problem does not qualify. */
    int words;         /* 64-bit words in a set of options */
    int item_words;    /* 64-bit words in a set of primary items */
    uint64_t *masks;   /* per mask: a set of options; the first `items` are "options naming item k" */
    int *entry_start;  /* per option: where its entries start (options + 1 values) */
    int *secondary_start; /* per option: where its secondary entries start (primary ones come first) */
    int *entry_item;   /* per entry: the item (0-based) */
    int *entry_mask;   /* per entry: the mask of options it clashes with */
    uint16_t *primary_items; /* per option, packed: its primary items (the hot loop's data) */
    int *primary_start;      /* per option: where they start (options + 1 values) */
    const char *no_option_sets; /* when masks is NULL: why the problem has no option-set form */
} MatrixObject;

static void Matrix_dealloc(MatrixObject *self) {
    PyMem_Free(self->nodes);
    PyMem_Free(self->bound);
    PyMem_Free(self->slack);
    PyMem_Free(self->length);
    PyMem_Free(self->option_of);
    PyMem_Free(self->first_node);
    PyMem_Free(self->masks);
    PyMem_Free(self->entry_start);
    PyMem_Free(self->secondary_start);
    PyMem_Free(self->entry_item);
    PyMem_Free(self->primary_items);
    PyMem_Free(self->primary_start);
    PyMem_Free(self->entry_mask);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int read_int(PyObject *sequence, Py_ssize_t k, long lo, long hi, long *out, const char *what) {
    PyObject *value = PySequence_GetItem(sequence, k);
    if (!value) return -1;
    long v = PyLong_AsLong(value);
    Py_DECREF(value);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s %ld out of range [%ld, %ld]", what, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int bitset_build(MatrixObject *m);

/* Matrix(primary_count, lo, hi, options): options is a sequence of sequences of
 * (item, colour) pairs, items numbered from 0 with the primary ones first. */
static int Matrix_init(MatrixObject *self, PyObject *args, PyObject *kwds) {
    int primary;
    PyObject *lo_seq, *hi_seq, *options_seq;
    if (!PyArg_ParseTuple(args, "iOOO", &primary, &lo_seq, &hi_seq, &options_seq)) return -1;
    Py_ssize_t items = PySequence_Size(lo_seq);
    if (items < 0) return -1;
    if (PySequence_Size(hi_seq) != items || primary < 0 || primary > items) {
        PyErr_SetString(PyExc_ValueError, "inconsistent item counts");
        return -1;
    }
    /* The options, and each option, copied to tuples before anything is sized from them: a
     * sequence that changed while it was read could otherwise outgrow the node array. */
    PyObject *outer = PySequence_Tuple(options_seq);
    if (!outer) return -1;
    Py_ssize_t options = PyTuple_GET_SIZE(outer);
    PyObject *fast = PyTuple_New(options);  /* each option as a tuple of (item, colour) pairs */
    if (!fast) { Py_DECREF(outer); return -1; }
    Py_ssize_t total = items + 2;
    for (Py_ssize_t k = 0; k < options; k++) {
        PyObject *row = PySequence_Tuple(PyTuple_GET_ITEM(outer, k));
        if (!row) { Py_DECREF(outer); Py_DECREF(fast); return -1; }
        total += PyTuple_GET_SIZE(row) + 1;
        PyTuple_SET_ITEM(fast, k, row);
    }
    Py_DECREF(outer);
    if (total >= INT32_MAX / 2 || items >= INT32_MAX / 2) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_MemoryError, "matrix too large for the native core");
        return -1;
    }
    self->items = (int)items;
    self->primary = primary;
    self->options = (int)options;
    self->node_count = (int)total;
    self->nodes = PyMem_Calloc(total, sizeof(Node));
    self->bound = PyMem_Calloc(items + 1, sizeof(int));
    self->slack = PyMem_Calloc(items + 1, sizeof(int));
    self->length = PyMem_Calloc(items + 1, sizeof(int));
    self->option_of = PyMem_Calloc(total, sizeof(int));
    self->first_node = PyMem_Calloc(options + 1, sizeof(int));
    if (!self->nodes || !self->bound || !self->slack || !self->length || !self->option_of || !self->first_node) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    Node *nd = self->nodes;
    for (int i = 0; i <= items; i++) {
        nd[i].up = nd[i].down = i;
        nd[i].top = i;
        self->option_of[i] = -1;
    }
    for (Py_ssize_t k = 0; k < items; k++) {
        long lo, hi;
        if (read_int(lo_seq, k, 0, INT32_MAX / 2, &lo, "lower bound") < 0 ||
            read_int(hi_seq, k, 0, INT32_MAX / 2, &hi, "upper bound") < 0) { Py_DECREF(fast); return -1; }
        self->bound[k + 1] = (int)hi;
        self->slack[k + 1] = (int)(hi - lo);
    }
    int spacer = (int)items + 1, last = spacer;
    nd[spacer].top = 0;
    self->option_of[spacer] = -1;
    for (Py_ssize_t k = 0; k < options; k++) {
        PyObject *row = PyTuple_GET_ITEM(fast, k);
        Py_ssize_t size = PyTuple_GET_SIZE(row);
        if (size == 0) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "option %zd names no item", k);
            return -1;
        }
        int first = last + 1;
        self->first_node[k] = first;
        for (Py_ssize_t j = 0; j < size; j++) {
            PyObject *pair = PyTuple_GET_ITEM(row, j);
            long item, colour;
            if (read_int(pair, 0, 0, items - 1, &item, "item") < 0 ||
                read_int(pair, 1, 0, INT32_MAX / 2, &colour, "colour") < 0) {
                Py_DECREF(fast); return -1;
            }
            int header = (int)item + 1, x = ++last;
            nd[x].top = header;
            nd[x].color = (int)colour;
            nd[x].up = nd[header].up;
            nd[x].down = header;
            nd[nd[header].up].down = x;
            nd[header].up = x;
            self->length[header]++;
            self->option_of[x] = (int)k;
        }
        nd[spacer].down = last;
        spacer = ++last;
        nd[spacer].top = -(int)k - 1;
        nd[spacer].up = first;
        self->option_of[spacer] = -1;
    }
    Py_DECREF(fast);
    self->node_count = last + 1;
    bitset_build(self);
    return 0;
}


/* The option-set form. When every primary item must be covered exactly once, two options
 * either clash (they share a primary item, or a secondary item without agreeing on its
 * colour) or they do not, and the state of the search is just the set of options still
 * compatible with the choices so far, the set of primary items still open, and for each
 * open item how many live options name it. Those fit in a few cache lines, so instead of
 * unlinking nodes one by one the search copies the state down one level and clears the
 * clashing options a word at a time. It visits exactly the nodes Algorithm M visits, in
 * the same order; only the bookkeeping differs.
 *
 * Each entry (item k of option x) points to the mask of options that clash with x through
 * k: for an uncoloured entry all options naming k; for colour c, those naming k without c. */
#define MAX_BITSET_OPTIONS 65534                 /* live counts are 16-bit, and 65535 marks a closed item */
#define MAX_BITSET_BYTES (64u * 1024u * 1024u)

static int bitset_build(MatrixObject *m) {
    m->no_option_sets = "the option-set search needs every primary item covered exactly once";
    for (int i = 1; i <= m->primary; i++)
        if (m->bound[i] != 1 || m->slack[i] != 0) return 0;
    m->no_option_sets = "the option-set search takes at most 65,534 options and 65,535 primary items";
    if (m->options > MAX_BITSET_OPTIONS || m->primary > 65535) return 0;
    m->no_option_sets = "the option-set search would need more than 64 MB for this problem's sets";
    int words = m->options ? (m->options + 63) / 64 : 1;
    int entries = m->node_count - m->items - 2 - m->options;
    m->entry_start = PyMem_Calloc(m->options + 1, sizeof(int));
    m->secondary_start = PyMem_Calloc(m->options + 1, sizeof(int));
    m->entry_item = PyMem_Calloc(entries + 1, sizeof(int));
    m->entry_mask = PyMem_Calloc(entries + 1, sizeof(int));
    int *pair_next = PyMem_Calloc(entries + 1, sizeof(int));
    int *pair_colour = PyMem_Calloc(entries + 1, sizeof(int));
    int *pair_head = PyMem_Calloc(m->items + 1, sizeof(int));
    if (!m->entry_start || !m->secondary_start || !m->entry_item || !m->entry_mask || !pair_next || !pair_colour || !pair_head) goto fail;
    /* Number the entries, and give every (item, colour) pair its own mask. */
    int e = 0, masks = m->items;
    for (int k = 0; k < m->options; k++) {
        m->entry_start[k] = e;
        for (int q = m->first_node[k]; m->nodes[q].top > 0; q++) /* the primary entries first */
            if (m->nodes[q].top <= m->primary) m->entry_item[e] = m->nodes[q].top - 1, m->entry_mask[e++] = m->nodes[q].top - 1;
        m->secondary_start[k] = e;
        for (int q = m->first_node[k]; m->nodes[q].top > 0; q++) {
            if (m->nodes[q].top <= m->primary) continue;
            int item = m->nodes[q].top - 1, colour = m->nodes[q].color;
            m->entry_item[e] = item;
            m->entry_mask[e] = item;
            if (colour > 0) {
                int pair = pair_head[item] - 1;
                while (pair >= 0 && pair_colour[pair] != colour) pair = pair_next[pair] - 1;
                if (pair < 0) {
                    pair = masks++ - m->items;
                    pair_colour[pair] = colour;
                    pair_next[pair] = pair_head[item];
                    pair_head[item] = pair + 1;
                }
                m->entry_mask[e] = m->items + pair;
            }
            e++;
        }
    }
    m->entry_start[m->options] = e;
    m->primary_items = PyMem_Calloc(e + 1, sizeof(uint16_t));
    m->primary_start = PyMem_Calloc(m->options + 1, sizeof(int));
    if (!m->primary_items || !m->primary_start) goto fail;
    int packed = 0;
    for (int k = 0; k < m->options; k++) {
        m->primary_start[k] = packed;
        for (int x = m->entry_start[k]; x < m->secondary_start[k]; x++) m->primary_items[packed++] = (uint16_t)m->entry_item[x];
    }
    m->primary_start[m->options] = packed;
    if ((double)masks * words * 8 > MAX_BITSET_BYTES) goto fail;
    m->masks = PyMem_Calloc((size_t)masks * words, sizeof(uint64_t));
    if (!m->masks) goto fail;
    for (int k = 0; k < m->options; k++)
        for (e = m->entry_start[k]; e < m->entry_start[k + 1]; e++) {
            m->masks[(size_t)m->entry_item[e] * words + k / 64] |= 1ULL << (k % 64);
            if (m->entry_mask[e] != m->entry_item[e]) /* for now: the options agreeing on the colour */
                m->masks[(size_t)m->entry_mask[e] * words + k / 64] |= 1ULL << (k % 64);
        }
    /* Turn each pair's "agreeing" set into its "clashing" set. */
    for (int item = 0; item < m->items; item++)
        for (int pair = pair_head[item] - 1; pair >= 0; pair = pair_next[pair] - 1) {
            uint64_t *mask = m->masks + (size_t)(m->items + pair) * words, *all = m->masks + (size_t)item * words;
            for (int w = 0; w < words; w++) mask[w] = all[w] & ~mask[w];
        }
    m->words = words;
    m->item_words = m->primary ? (m->primary + 63) / 64 : 1;
    PyMem_Free(pair_next), PyMem_Free(pair_colour), PyMem_Free(pair_head);
    return 1;
fail:
    PyMem_Free(pair_next), PyMem_Free(pair_colour), PyMem_Free(pair_head);
    PyMem_Free(m->masks), PyMem_Free(m->entry_start), PyMem_Free(m->entry_item), PyMem_Free(m->entry_mask);
    PyMem_Free(m->secondary_start), PyMem_Free(m->primary_items), PyMem_Free(m->primary_start);
    m->primary_items = NULL, m->primary_start = NULL;
    m->masks = NULL, m->entry_start = m->secondary_start = m->entry_item = m->entry_mask = NULL;
    PyErr_Clear();
    return 0; /* the dancing links serve instead */
}

static PyTypeObject MatrixType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "excover.engine._core.Matrix",
    .tp_doc = "The pristine node arrays of a matrix, built once.",
    .tp_basicsize = sizeof(MatrixObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Matrix_init,
    .tp_dealloc = (destructor)Matrix_dealloc,
};

/* ------------------------------------------------------------------------------------ */
/* Search: a working copy and the state of one search.                                   */

typedef struct {
    int item, branch, branches;
    /* The dancing links: the node chosen, and where the level's tweaks start on the stack. */
    int choice, tweak_base;
    /* The option sets: where the level's candidates start, and the slots of its state and
     * of its branches' states. */
    int first_candidate, state, branch_state;
    char covered, may_stop, stopped;
} Level;

#define DEAD_END (-1) /* what the choice of an item says when some item can no longer be covered */

enum { PHASE_START, PHASE_ENTER, PHASE_BACKTRACK, PHASE_DONE };
enum { STOP_NONE, STOP_SOLUTIONS, STOP_NODES, STOP_TIME };

typedef struct {
    PyObject_HEAD
    MatrixObject *matrix;
    Node *nd;
    int *length, *bound, *slack, *llink, *rlink;
    int primary_end;      /* headers below this are primary */
    Level *levels;
    int depth, max_depth;
    int *tweaks;          /* options tweaked at the live levels, in order */
    int tweak_count;
    int *forced;
    int forced_count;
    int *path;            /* the branch to follow at each of the top levels (see split) */
    int path_length;
    int split_depth;      /* split(): levels at this depth are handed out, not searched; -1 none */
    PyObject *frontier;   /* split(): the paths to them */
    int phase, stopped_by;
    uint64_t rng;
    int randomized;
    unsigned long long nodes, updates, solutions_found;
    long long max_solutions, max_nodes; /* -1: no limit */
    double deadline;                    /* < 0: no limit */
    double time_limit;
    unsigned check_countdown;
    unsigned long long pause_at; /* when nonzero, run() returns once this many nodes are done */
    /* The option-set search (method BITSETS); see bitset_build. */
    int method;
    uint64_t *slots;      /* per depth: live options, open items, live counts */
    uint64_t *clash;      /* scratch: the options clashing with the one being taken */
    int slot_words;
    int *candidates;      /* the options each live level tries, level after level */
    int candidate_count, candidate_capacity;
    struct Memo *memo;    /* memo_count(): the table of counts, and each level's key and total */
} SearchObject;

enum { METHOD_LINKS, METHOD_BITSETS };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t next_random(SearchObject *s) { /* splitmix64 */
    uint64_t z = (s->rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static unsigned random_below(SearchObject *s, unsigned n) { return (unsigned)(next_random(s) % n); }

/* -- the operations (see python.py) -------------------------------------------------- */

static inline void hide(SearchObject *s, int p) {
    Node *nd = s->nd;
    int *length = s->length;
    unsigned long long updates = 0;
    for (int q = p + 1; q != p;) {
        int x = nd[q].top;
        if (x <= 0) { q = nd[q].up; continue; }
        if (nd[q].color >= 0) {
            int u = nd[q].up, d = nd[q].down;
            nd[u].down = d;
            nd[d].up = u;
            length[x]--;
            updates++;
        }
        q++;
    }
    s->updates += updates;
}

static inline void unhide(SearchObject *s, int p) {
    Node *nd = s->nd;
    int *length = s->length;
    for (int q = p - 1; q != p;) {
        int x = nd[q].top;
        if (x <= 0) { q = nd[q].down; continue; }
        if (nd[q].color >= 0) {
            int u = nd[q].up, d = nd[q].down;
            nd[u].down = q;
            nd[d].up = q;
            length[x]++;
        }
        q--;
    }
}

static inline void deactivate(SearchObject *s, int i) {
    int l = s->llink[i], r = s->rlink[i];
    s->rlink[l] = r;
    s->llink[r] = l;
}

static inline void activate(SearchObject *s, int i) {
    s->rlink[s->llink[i]] = i;
    s->llink[s->rlink[i]] = i;
}

static void cover(SearchObject *s, int i) {
    Node *nd = s->nd;
    for (int p = nd[i].down; p != i; p = nd[p].down) hide(s, p);
    if (i < s->primary_end) deactivate(s, i);
}

static void uncover(SearchObject *s, int i) {
    Node *nd = s->nd;
    if (i < s->primary_end) activate(s, i);
    for (int p = nd[i].up; p != i; p = nd[p].up) unhide(s, p);
}

static void purify(SearchObject *s, int p) {
    Node *nd = s->nd;
    int c = nd[p].color, i = nd[p].top;
    for (int q = nd[i].down; q != i; q = nd[q].down) {
        if (nd[q].color == c) nd[q].color = PURIFIED;
        else hide(s, q);
    }
}

static void unpurify(SearchObject *s, int p) {
    Node *nd = s->nd;
    int c = nd[p].color, i = nd[p].top;
    for (int q = nd[i].up; q != i; q = nd[q].up) {
        if (nd[q].color == PURIFIED) nd[q].color = c;
        else unhide(s, q);
    }
}

static inline void commit(SearchObject *s, int p) {
    int j = s->nd[p].top, c = s->nd[p].color;
    if (j < s->primary_end) {
        if (--s->bound[j] == 0) cover(s, j);
    } else if (c == 0) {
        cover(s, j);
    } else if (c > 0) {
        purify(s, p);
    }
}

static inline void uncommit(SearchObject *s, int p) {
    int j = s->nd[p].top, c = s->nd[p].color;
    if (j < s->primary_end) {
        if (s->bound[j]++ == 0) uncover(s, j);
    } else if (c == 0) {
        uncover(s, j);
    } else if (c > 0) {
        unpurify(s, p);
    }
}

static void commit_others(SearchObject *s, int x) {
    Node *nd = s->nd;
    for (int q = x + 1; q != x;) {
        if (nd[q].top <= 0) { q = nd[q].up; continue; }
        commit(s, q);
        q++;
    }
}

static void uncommit_others(SearchObject *s, int x) {
    Node *nd = s->nd;
    for (int q = x - 1; q != x;) {
        if (nd[q].top <= 0) { q = nd[q].down; continue; }
        uncommit(s, q);
        q--;
    }
}

static void tweak(SearchObject *s, int x, int i) {
    Node *nd = s->nd;
    hide(s, x);
    int d = nd[x].down;
    nd[i].down = d;
    nd[d].up = i;
    s->length[i]--;
}

static void untweak(SearchObject *s, int x, int i) {
    Node *nd = s->nd;
    nd[nd[x].down].up = x;
    nd[i].down = x;
    s->length[i]++;
    unhide(s, x);
}

/* -- forced options ------------------------------------------------------------------ */

static int in_list(SearchObject *s, int x) {
    Node *nd = s->nd;
    int j = nd[x].top;
    for (int q = nd[j].down; q != j; q = nd[q].down)
        if (q == x) return 1;
    return 0;
}

static int is_available(SearchObject *s, int option) {
    Node *nd = s->nd;
    for (int q = s->matrix->first_node[option]; nd[q].top > 0; q++) {
        int j = nd[q].top;
        if (j < s->primary_end && s->bound[j] == 0) return 0;
        if (nd[q].color >= 0 && !in_list(s, q)) return 0;
    }
    return 1;
}

static int take_forced(SearchObject *s) {
    Node *nd = s->nd;
    for (int k = 0; k < s->forced_count; k++) {
        int option = s->forced[k];
        if (!is_available(s, option)) return 0;
        int first = s->matrix->first_node[option];
        hide(s, first);
        if (nd[first].color >= 0) {
            int u = nd[first].up, d = nd[first].down;
            nd[u].down = d;
            nd[d].up = u;
            s->length[nd[first].top]--;
        }
        commit(s, first);
        commit_others(s, first);
    }
    return 1;
}

/* -- the search ------------------------------------------------------------------------ */

/* The active item with the fewest ways to go on; DEAD_END at a dead end (see python.py). */
static inline int degree_of(SearchObject *s, int i) {
    int bound = s->bound[i], slack = s->slack[i] < bound ? s->slack[i] : bound;
    return s->length[i] + slack - bound + 1;
}

static int choose_item(SearchObject *s) {
    int best = DEAD_END, best_degree = INT32_MAX, best_s = INT32_MAX, best_length = -1;
    unsigned ties = 0;
    if (s->randomized) /* a dead end draws nothing from the generator (as on the option sets) */
        for (int i = s->rlink[ROOT]; i != ROOT; i = s->rlink[i])
            if (degree_of(s, i) <= 0) return DEAD_END;
    for (int i = s->rlink[ROOT]; i != ROOT; i = s->rlink[i]) {
        int bound = s->bound[i], length = s->length[i];
        int slack = s->slack[i] < bound ? s->slack[i] : bound;
        int degree = length + slack - bound + 1;
        if (degree <= 0) return DEAD_END;
        if (degree == 1 && !s->randomized) { /* forced: only a dead end later on can overrule it */
            for (int j = s->rlink[i]; j != ROOT; j = s->rlink[j])
                if (degree_of(s, j) <= 0) return DEAD_END;
            return i;
        }
        if (degree < best_degree || (degree == best_degree && (slack < best_s ||
                (slack == best_s && length > best_length)))) {
            best = i, best_degree = degree, best_s = slack, best_length = length, ties = 1;
        } else if (s->randomized && degree == best_degree && slack == best_s && length == best_length) {
            if (random_below(s, ++ties) == 0) best = i;
        }
    }
    return best;
}

static int advance(SearchObject *s, Level *level) {
    Node *nd = s->nd;
    int i = level->item, x;
    if (level->covered)
        x = (level->choice != i || level->branch == 0) ? nd[level->choice].down : i;
    else if (s->length[i] <= s->bound[i] - s->slack[i])
        x = i;  /* too few options left for what i still needs after one more (Knuth's M5) */
    else
        x = nd[i].down;
    if (x != i) {
        if (!level->covered) {
            tweak(s, x, i);
            s->tweaks[s->tweak_count++] = x;
        }
        commit_others(s, x);
        level->choice = x;
        level->branch++;
        return 1;
    }
    level->choice = i;
    if (level->may_stop && !level->stopped) {
        level->stopped = 1;
        level->branch++;
        if (!level->covered) deactivate(s, i);
        return 1;
    }
    return 0;
}

static void retreat(SearchObject *s, Level *level) {
    if (level->stopped) {
        if (!level->covered) activate(s, level->item);
    } else {
        uncommit_others(s, level->choice);
    }
}

static void leave(SearchObject *s, Level *level) {
    int i = level->item;
    if (level->covered) {
        uncover(s, i);
    } else {
        while (s->tweak_count > level->tweak_base) untweak(s, s->tweaks[--s->tweak_count], i);
    }
    s->bound[i]++;
}

static void enter(SearchObject *s, int i) {
    Level *level = &s->levels[s->depth++];
    level->item = i;
    level->may_stop = s->bound[i] - s->slack[i] <= 0;
    s->bound[i]--;
    level->covered = s->bound[i] == 0;
    level->choice = i;
    level->stopped = 0;
    level->branch = 0;
    level->branches = s->length[i] + level->may_stop;
    level->tweak_base = s->tweak_count;
    if (level->covered) cover(s, i);
}


/* -- the option-set search ------------------------------------------------------------
 *
 * The state of the search at a depth lives in a *slot*: `slot_words` 64-bit words, one slot
 * a depth (slot 0 the top; the pristine state is kept in a slot of its own), laid out as
 *
 *   words [0, words)                  live: bit x set <=> option x is still compatible with
 *                                     every option taken on the way here;
 *   words [words, words + item_words) open: bit i set <=> primary item i is not covered yet;
 *   the rest                          count: one 16-bit count per primary item, four to a word
 *                                     (padded to a whole word with CLOSED), in item order.
 *
 * Invariants, at every node (checked by bitset_sanity when EXCOVER_SANITY is defined, as
 * .ci/sanitize builds it):
 *
 *   (1) for an open item i, count[i] == popcount(live & mask[i]): the live options naming it;
 *   (2) an item is closed <=> its open bit is 0 <=> count[i] == CLOSED;
 *   (3) a live option names only open primary items (taking an option kills every option
 *       that shares a primary item with it, and covering an item kills its options);
 *   (4) below the root, every open item has a live option (a take that would leave one
 *       without is given up half-way, and its slot is rewritten before any use).
 *
 * Entering a level covers its item in the level's slot, once (as cover() does); trying an
 * option copies that slot to the next one and takes the option there, so going back costs
 * nothing. A level with a single way on takes it in place, and taking it covers the item as
 * well: once that branch is done the search backs up past the level, so its state is never
 * needed again. A level's candidates (the live options of its item, in the order they are
 * tried) are pushed on `candidates` from `first_candidate`. */

static inline uint64_t *slot_at(SearchObject *s, int slot) { return s->slots + (size_t)slot * s->slot_words; }
/* The slot holding the state at the current depth. */
static inline int current_state(SearchObject *s) { return s->depth ? s->levels[s->depth - 1].branch_state : 0; }
static inline uint64_t *open_items(SearchObject *s, uint64_t *slot) { return slot + s->matrix->words; }
/* Live counts, 16 bits an item, padded to whole words. A closed item's count is CLOSED, so
 * that the choice can look at the counts alone, four to a word. */
#define CLOSED 0xFFFF
#define COUNTS_PER_WORD 4
/* A count as a slot holds it: 16 bits inside the slot's 64-bit words, which are copied and
 * hashed as such, so it may alias them (C's aliasing rules otherwise let the compiler assume
 * a store through one type leaves the other unchanged). */
typedef uint16_t count16 __attribute__((__may_alias__));
static inline count16 *live_counts(SearchObject *s, uint64_t *slot) {
    return (count16 *)(slot + s->matrix->words + s->matrix->item_words);
}
/* The words of a slot's counts: one count per primary item, four to a word. */
static inline int count_words(int primary) { return (primary + COUNTS_PER_WORD - 1) / COUNTS_PER_WORD; }
/* The slots: one a depth, 0 to primary + 1 (a level closes at least one primary item, so the
 * search goes at most primary + 1 levels down), then the pristine state, and no more. */
static inline int pristine_slot(const MatrixObject *m) { return m->primary + 2; }
static inline int slot_count(const MatrixObject *m) { return pristine_slot(m) + 1; }

/* Every live option in `clash` dies: out of the live set, and out of its items' counts.
 * With `abort`, the kill stops as soon as an open item is left without a live option: the
 * state is a dead end, and the slot is given up half-done (it is rewritten before it is used
 * again). Returns 1 when an open item's count fell to zero, else 0. Items the caller is
 * closing count CLOSED meanwhile, so that they are never taken for such an item. */
static inline __attribute__((always_inline)) int kill_clashing(SearchObject *s, uint64_t *slot, const uint64_t *clash,
                                                               const int abort) {
    MatrixObject *m = s->matrix;
    const int words = m->words, *primary_start = m->primary_start;
    const uint16_t *primary_items = m->primary_items;
    uint64_t *live = slot;
    count16 *count = live_counts(s, slot);
    unsigned long long updates = 0;
    int emptied = 0;
    for (int w = 0; w < words; w++) {
        uint64_t dying = clash[w] & live[w];
        live[w] ^= dying;
        while (dying) {
            int x = w * 64 + __builtin_ctzll(dying);
            dying &= dying - 1;
            int e = primary_start[x], stop = primary_start[x + 1];
            updates += stop - e;
            for (; e < stop; e++) emptied |= --count[primary_items[e]] == 0;
            if (abort && emptied) {
                s->updates += updates;
                return 1;
            }
        }
    }
    s->updates += updates;
    return emptied;
}

/* Out of the open set, its count out of the choice's way. */
static inline void close_item(SearchObject *s, uint64_t *slot, int item) {
    open_items(s, slot)[item / 64] &= ~(1ULL << (item % 64));
    live_counts(s, slot)[item] = CLOSED;
}

/* Cover an item: all its live options die (as cover() in the dancing links). */
static void bitset_cover(SearchObject *s, uint64_t *slot, int item) {
    close_item(s, slot, item);
    kill_clashing(s, slot, s->matrix->masks + (size_t)item * s->matrix->words, 0);
    live_counts(s, slot)[item] = CLOSED; /* the kill counted its options down */
}

/* Take an option: whatever clashes with it dies (itself too), and its primary items close.
 * With `abort`, give up as soon as an open item is left without a live option, and return 1:
 * the state would be a dead end (SSXC finds dead ends so, one level sooner than the choice
 * of an item would). The mask of an item the level has covered adds nothing (its options
 * are dead already) but costs less than the branch that would leave it out. */
static inline __attribute__((always_inline)) int bitset_take(SearchObject *s, uint64_t *slot, int option, const int abort) {
    MatrixObject *m = s->matrix;
    const int words = m->words, first = m->entry_start[option], end = m->entry_start[option + 1];
    const int closing = m->secondary_start[option];
    const int *entry_mask = m->entry_mask, *entry_item = m->entry_item;
    uint64_t *clash = s->clash;
    if (first == end) return 0;
    const uint64_t *mask = m->masks + (size_t)entry_mask[first] * words;
    for (int w = 0; w < words; w++) clash[w] = mask[w];
    for (int e = first + 1; e < end; e++) {
        mask = m->masks + (size_t)entry_mask[e] * words;
        for (int w = 0; w < words; w++) clash[w] |= mask[w];
    }
    for (int e = first; e < closing; e++) close_item(s, slot, entry_item[e]);
    if (kill_clashing(s, slot, clash, abort) && abort) return 1;
    count16 *count = live_counts(s, slot);
    for (int e = first; e < closing; e++) count[entry_item[e]] = CLOSED; /* the kill counted them down */
    return 0;
}

/* As choose_item: the open item with the fewest live options; DEAD_END at a dead end. The first
 * open item with at most one option decides at once (as in choose_item): below the root no
 * open item is ever without options (bitset_take gives up on such a state), so it is never
 * one with none that a single option hides. The root is looked at whole. When many items
 * are open, the first is found faster among the counts, four at a time: a lane <= 1 is a
 * lane of (count & ~1) equal to zero, and the lowest lane the classic has-a-zero-lane test
 * flags is exact (closed items count CLOSED, so they are never flagged). */
#define LANES_ONE 0x0001000100010001ULL
#define LANES_TOP 0x8000800080008000ULL
static int bitset_choose(SearchObject *s, uint64_t *slot) {
    const count16 *count = live_counts(s, slot);
    const uint64_t *open = open_items(s, slot);
    const int primary = s->matrix->primary, item_words = s->matrix->item_words;
    if (s->depth == 0)
        for (int i = 0; i < primary; i++)
            if (count[i] == 0) return DEAD_END;
    if (!s->randomized) {
        int open_count = 0;
        for (int w = 0; w < item_words; w++) open_count += __builtin_popcountll(open[w]);
        if (open_count > primary / 4) {
            for (int w = 0; w < count_words(primary); w++) {
                uint64_t lanes;
                memcpy(&lanes, count + 4 * w, sizeof lanes);
                lanes &= ~LANES_ONE; /* counts 0 and 1 become 0 */
                uint64_t zero = (lanes - LANES_ONE) & ~lanes & LANES_TOP;
                if (zero) {
                    int item = 4 * w + __builtin_ctzll(zero) / 16;
                    return count[item] ? item : DEAD_END;
                }
            }
        }
    }
    int best = DEAD_END, best_count = INT32_MAX;
    unsigned ties = 0;
    for (int w = 0; w < item_words; w++) {
        for (uint64_t bits = open[w]; bits; bits &= bits - 1) {
            int item = w * 64 + __builtin_ctzll(bits), c = count[item];
            if (c == 0) return DEAD_END;
            if (c == 1 && !s->randomized) return item;
            if (c < best_count) {
                best = item, best_count = c, ties = 1;
            } else if (c == best_count && s->randomized && random_below(s, ++ties) == 0) {
                best = item;
            }
        }
    }
    return best;
}

static int bitset_all_covered(SearchObject *s, uint64_t *slot) {
    const uint64_t *open = open_items(s, slot);
    for (int w = 0; w < s->matrix->item_words; w++)
        if (open[w]) return 0;
    return 1;
}

/* Push a level for `item`, listing the live options that name it; -1 when out of memory. */
static int bitset_enter(SearchObject *s, int item) {
    MatrixObject *m = s->matrix;
    const int here = current_state(s);
    const uint64_t *live = slot_at(s, here), *mask = m->masks + (size_t)item * m->words;
    int count = live_counts(s, slot_at(s, here))[item];
    if (s->candidate_count + count > s->candidate_capacity) {
        int capacity = 2 * (s->candidate_count + count);
        int *grown = PyMem_Realloc(s->candidates, sizeof(int) * capacity);
        if (!grown) { PyErr_NoMemory(); return -1; }
        s->candidates = grown, s->candidate_capacity = capacity;
    }
    Level *level = &s->levels[s->depth++];
    level->item = item;
    level->stopped = 0;
    level->branch = 0;
    level->branches = count;
    level->first_candidate = s->candidate_count;
    level->state = here;
    level->branch_state = count == 1 ? here : here + 1; /* one way on: nothing to come back to */
    int *list = s->candidates + s->candidate_count;
    int n = 0;
    for (int w = 0; w < m->words; w++)
        for (uint64_t bits = live[w] & mask[w]; bits; bits &= bits - 1) list[n++] = w * 64 + __builtin_ctzll(bits);
    if (s->randomized)
        for (int k = n - 1; k > 0; k--) {
            int j = (int)random_below(s, (unsigned)k + 1), t = list[k];
            list[k] = list[j], list[j] = t;
        }
    s->candidate_count += n;
    if (count > 1) bitset_cover(s, slot_at(s, here), item); /* once for all the level's branches */
    return 0;
}

/* Take the level's next branch that is not a dead end, among its first `last` ones; 0 when
 * none is left. */
static int bitset_advance(SearchObject *s, int last) {
    Level *level = &s->levels[s->depth - 1];
    uint64_t *from = slot_at(s, level->state), *to = slot_at(s, level->branch_state);
    while (level->branch < last) {
        int option = s->candidates[level->first_candidate + level->branch++];
        if (to != from)
            for (int w = 0; w < s->slot_words; w++) to[w] = from[w]; /* small: a call to memcpy costs more */
        if (!bitset_take(s, to, option, 1)) return 1;
    }
    return 0;
}

static int bitset_option_at(SearchObject *s, int depth) {
    Level *level = &s->levels[depth];
    return s->candidates[level->first_candidate + level->branch - 1];
}

/* The state before any choice: every option live, every primary item open. */
static void bitset_fill_pristine(SearchObject *s, uint64_t *slot) {
    MatrixObject *m = s->matrix;
    memset(slot, 0, sizeof(uint64_t) * s->slot_words);
    for (int k = 0; k < m->options; k++) slot[k / 64] |= 1ULL << (k % 64);
    uint64_t *open = open_items(s, slot);
    count16 *count = live_counts(s, slot);
    for (int i = 0; i < m->primary; i++) {
        open[i / 64] |= 1ULL << (i % 64);
        count[i] = (uint16_t)m->length[i + 1];
    }
    for (int i = m->primary; i < count_words(m->primary) * COUNTS_PER_WORD; i++) count[i] = CLOSED; /* the padding */
}

static void bitset_start(SearchObject *s) {
    uint64_t *slot = slot_at(s, 0);
    memcpy(slot, slot_at(s, pristine_slot(s->matrix)), sizeof(uint64_t) * s->slot_words);
    s->phase = PHASE_ENTER;
    if (s->max_solutions == 0) s->phase = PHASE_DONE;
    for (int f = 0; f < s->forced_count && s->phase != PHASE_DONE; f++) {
        int option = s->forced[f];
        if (slot[option / 64] & (1ULL << (option % 64))) bitset_take(s, slot, option, 0); /* the root looks for dead ends */
        else s->phase = PHASE_DONE; /* it clashes with an earlier forced option */
    }
}

/* At a level the path names a branch for, get ready to take that branch alone: the dancing
 * links try the branches before it and undo them without searching below, as Algorithm M's
 * tweaks need; the option sets jump to it (their branches are independent). 0 when the
 * level has no such branch (or has taken it already). */
static int ready_for_path(SearchObject *s, Level *level, int target) {
    if (level->branch >= target) return 0;
    if (s->method == METHOD_BITSETS) {
        if (target > level->branches) return 0;
        level->branch = target - 1;
        return 1;
    }
    while (level->branch < target - 1) {
        if (!advance(s, level)) return 0;
        retreat(s, level);
    }
    return 1;
}

/* The level's next branch (the path's, at the levels it covers); 0 when none is left. */
static inline int next_branch(SearchObject *s, Level *level, const int bitsets) {
    int last = level->branches; /* the option sets: the last branch to try */
    if (s->path_length) {
        const int depth = (int)(level - s->levels);
        if (depth < s->path_length) {
            if (!ready_for_path(s, level, s->path[depth])) return 0;
            last = s->path[depth];
        }
    }
    return bitsets ? bitset_advance(s, last) : advance(s, level);
}

/* split(): the current node is at the split depth and not a dead end; note its path. */
static int add_to_frontier(SearchObject *s) {
    PyObject *path = PyTuple_New(s->depth);
    if (!path) return -1;
    for (int l = 0; l < s->depth; l++) {
        PyObject *branch = PyLong_FromLong(s->levels[l].branch);
        if (!branch) { Py_DECREF(path); return -1; }
        PyTuple_SET_ITEM(path, l, branch);
    }
    int failed = PyList_Append(s->frontier, path);
    Py_DECREF(path);
    return failed;
}

static int option_at(SearchObject *s, int depth) {
    return s->method == METHOD_BITSETS ? bitset_option_at(s, depth) : s->matrix->option_of[s->levels[depth].choice];
}

static PyObject *current_solution(SearchObject *s) {
    int size = s->forced_count;
    for (int l = 0; l < s->depth; l++) size += !s->levels[l].stopped;
    PyObject *solution = PyTuple_New(size);
    if (!solution) return NULL;
    int k = 0;
    for (int f = 0; f < s->forced_count; f++) PyTuple_SET_ITEM(solution, k++, PyLong_FromLong(s->forced[f]));
    for (int l = 0; l < s->depth; l++)
        if (!s->levels[l].stopped) PyTuple_SET_ITEM(solution, k++, PyLong_FromLong(option_at(s, l)));
    for (int j = 0; j < size; j++)
        if (!PyTuple_GET_ITEM(solution, j)) { Py_DECREF(solution); return NULL; }
    return solution;
}

/* Look at the clock and at pending signals; -1 with an exception set on Ctrl-C. */
static int periodic_check(SearchObject *s) {
    if (s->deadline >= 0 && now() > s->deadline) {
        s->stopped_by = STOP_TIME;
        s->phase = PHASE_DONE;
        return 0;
    }
    if (PyErr_CheckSignals() < 0) {
        s->phase = PHASE_DONE;
        return -1;
    }
    return 1;
}

static void start(SearchObject *s) {
    for (int i = 1; i < s->primary_end; i++)
        if (s->bound[i] == 0) cover(s, i); /* an item no option may name */
    if (s->max_solutions == 0 || !take_forced(s)) s->phase = PHASE_DONE;
    else s->phase = PHASE_ENTER;
}

#ifdef EXCOVER_SANITY
/* Knuth's sanity(): the invariants of the data structures, checked at every node of a
 * search when the core is built for the sanitizers. -1 with a RuntimeError naming the first
 * broken one. */
static int insane(const char *what, int at) {
    PyErr_Format(PyExc_RuntimeError, "sanity: %s (at %d)", what, at);
    return -1;
}

static int links_sanity(SearchObject *s) {
    Node *nd = s->nd;
    for (int i = 1; i <= s->matrix->items; i++) {
        int length = 0;
        for (int x = nd[i].down; x != i; x = nd[x].down) {
            if (nd[nd[x].down].up != x || nd[nd[x].up].down != x) return insane("a list's links disagree", x);
            if (nd[x].top != i) return insane("a node is in another item's list", x);
            if (++length > s->matrix->node_count) return insane("a list does not come back to its item", i);
        }
        if (length != s->length[i]) return insane("an item's length is not its list's", i);
    }
    for (int i = s->rlink[ROOT]; i != ROOT; i = s->rlink[i])
        if (s->llink[s->rlink[i]] != i || i >= s->primary_end) return insane("the active items' links disagree", i);
    return 0;
}

static int bitset_sanity(SearchObject *s, uint64_t *slot) {
    MatrixObject *m = s->matrix;
    const uint64_t *live = slot, *open = open_items(s, slot);
    const count16 *count = live_counts(s, slot);
    for (int i = 0; i < m->primary; i++) {
        int is_open = (open[i / 64] >> (i % 64)) & 1;
        if (!is_open) {
            if (count[i] != CLOSED) return insane("a closed item's count is not CLOSED", i); /* (2) */
            continue;
        }
        const uint64_t *mask = m->masks + (size_t)i * m->words;
        int naming = 0;
        for (int w = 0; w < m->words; w++) naming += __builtin_popcountll(live[w] & mask[w]);
        if (count[i] != naming) return insane("an open item's count is not its live options'", i); /* (1) */
        if (naming == 0 && s->depth > 0) return insane("an open item has no live option below the root", i); /* (4) */
    }
    for (int x = 0; x < m->options; x++) {
        if (!((live[x / 64] >> (x % 64)) & 1)) continue;
        for (int e = m->primary_start[x]; e < m->primary_start[x + 1]; e++) {
            int i = m->primary_items[e];
            if (!((open[i / 64] >> (i % 64)) & 1)) return insane("a live option names a closed item", x); /* (3) */
        }
    }
    return 0;
}
#endif

/* -- the two searches ---------------------------------------------------------------
 * Each method has its own loop; what they share is the bookkeeping of a node and of a
 * solution. A loop runs until `batch` solutions were added to `out` (when out is not NULL),
 * or a limit, or the end, and returns 0; or -1 with an exception set (interrupted, out of
 * memory). The phase says where to resume. */

/* A node entered: counted, and the limits and signals looked at. 0 to go on; 1 when the
 * run stops here (paused, or a limit: the phase says which); -1 on an error. */
static inline int node_entered(SearchObject *s) {
    if (s->pause_at && s->nodes >= s->pause_at) {
        s->pause_at = 0;
        return 1; /* to resume right here */
    }
    s->nodes++;
    if (s->max_nodes >= 0 && s->nodes > (unsigned long long)s->max_nodes) {
        s->stopped_by = STOP_NODES;
        s->phase = PHASE_DONE;
        return 1;
    }
    if (--s->check_countdown == 0) {
        s->check_countdown = CHECK_EVERY;
        int ok = periodic_check(s);
        if (ok <= 0) return ok < 0 ? -1 : 1;
    }
    return 0;
}

/* A solution: counted, and added to `out`. 0 to go on (backtracking); 1 when the run stops
 * here (the solution limit, or a full batch); -1 on an error. */
static inline int solution_found(SearchObject *s, PyObject *out, Py_ssize_t batch, Py_ssize_t *added) {
    s->solutions_found++;
    if (out) {
        PyObject *solution = current_solution(s);
        if (!solution || PyList_Append(out, solution) < 0) {
            Py_XDECREF(solution);
            s->phase = PHASE_DONE;
            return -1;
        }
        Py_DECREF(solution);
        ++*added;
    }
    s->phase = PHASE_BACKTRACK;
    if (s->max_solutions >= 0 && s->solutions_found >= (unsigned long long)s->max_solutions) {
        s->stopped_by = STOP_SOLUTIONS;
        s->phase = PHASE_DONE;
        return 1;
    }
    return out && *added >= batch;
}

#ifdef EXCOVER_SANITY
/* At every node of a small search; past that, at one node in 1024 (each check looks at the
 * whole structure). */
#define SANITY_DUE(s) ((s)->nodes <= 5000 || ((s)->nodes & 1023) == 0)
#endif

/* Algorithm M on the dancing links. */
static int run_links(SearchObject *s, PyObject *out, Py_ssize_t batch) {
    Py_ssize_t added = 0;
    if (s->phase == PHASE_START) start(s);
    while (s->phase != PHASE_DONE) {
        if (s->phase == PHASE_ENTER) {
            /* A state with an item that can no longer be covered is not a node (the root is). */
            const int solved = s->rlink[ROOT] == ROOT;
            int i = solved ? DEAD_END : choose_item(s);
            if (!solved && i == DEAD_END && s->depth > 0) goto backtrack;
            int stop = node_entered(s);
            if (stop) return stop < 0 ? -1 : 0;
#ifdef EXCOVER_SANITY
            if (SANITY_DUE(s) && links_sanity(s) < 0) {
                s->phase = PHASE_DONE;
                return -1;
            }
#endif
            if (solved) {
                stop = solution_found(s, out, batch, &added);
                if (stop) return stop < 0 ? -1 : 0;
            } else {
                if (i != DEAD_END && s->depth == s->split_depth) {
                    if (add_to_frontier(s) < 0) {
                        s->phase = PHASE_DONE;
                        return -1;
                    }
                } else if (i != DEAD_END) {
                    enter(s, i);
                    if (next_branch(s, &s->levels[s->depth - 1], 0)) continue;
                    leave(s, &s->levels[--s->depth]);
                }
                s->phase = PHASE_BACKTRACK;
            }
        }
        /* Back to the deepest level with a branch left, undoing each branch on the way. */
    backtrack:
        while (s->depth > 0) {
            Level *level = &s->levels[s->depth - 1];
            retreat(s, level);
            if (next_branch(s, level, 0)) break;
            leave(s, level);
            s->depth--;
        }
        s->phase = s->depth > 0 ? PHASE_ENTER : PHASE_DONE;
    }
    return 0;
}

/* A node of the option-set search entered (node_entered), and in a sanitizer build its
 * invariants checked: its state; or NULL when the run stops here, with *stop 1 (paused, or a
 * limit: the phase says which) or -1 (an error). */
static inline uint64_t *bitset_node(SearchObject *s, int *stop) {
    *stop = node_entered(s);
    if (*stop) return NULL;
    uint64_t *state = slot_at(s, current_state(s));
#ifdef EXCOVER_SANITY
    if (SANITY_DUE(s) && bitset_sanity(s, state) < 0) {
        s->phase = PHASE_DONE;
        *stop = -1;
        return NULL;
    }
#endif
    return state;
}

/* The same search on the option sets: the same nodes, in the same order. */
static int run_bitsets(SearchObject *s, PyObject *out, Py_ssize_t batch) {
    Py_ssize_t added = 0;
    if (s->phase == PHASE_START) bitset_start(s);
    while (s->phase != PHASE_DONE) {
        if (s->phase == PHASE_ENTER) {
            int stop;
            uint64_t *state = bitset_node(s, &stop);
            if (!state) return stop < 0 ? -1 : 0;
            if (bitset_all_covered(s, state)) {
                stop = solution_found(s, out, batch, &added);
                if (stop) return stop < 0 ? -1 : 0;
            } else {
                int i = bitset_choose(s, state);
                if (i != DEAD_END && s->depth == s->split_depth) {
                    if (add_to_frontier(s) < 0) {
                        s->phase = PHASE_DONE;
                        return -1;
                    }
                } else if (i != DEAD_END) {
                    if (bitset_enter(s, i) < 0) {
                        s->phase = PHASE_DONE;
                        return -1;
                    }
                    if (next_branch(s, &s->levels[s->depth - 1], 1)) continue;
                    s->candidate_count = s->levels[--s->depth].first_candidate;
                }
                s->phase = PHASE_BACKTRACK;
            }
        }
        /* Back to the deepest level with a branch left: its state is still in its slot. */
        while (s->depth > 0) {
            if (next_branch(s, &s->levels[s->depth - 1], 1)) break;
            s->candidate_count = s->levels[--s->depth].first_candidate;
        }
        s->phase = s->depth > 0 ? PHASE_ENTER : PHASE_DONE;
    }
    return 0;
}


/* -- counting with a memo (the option sets) -------------------------------------------
 *
 * How many ways complete a node depends on its state only, not on the way there: the live
 * options and the open items (whether live options agree is their own affair, colours
 * included). So a table from states to their counts turns the search tree into a DAG, as
 * in Knuth's DLX6 and in Nishino et al.'s DXZ: a node met again costs a lookup. The key is
 * the whole state, live and open: the live set alone would do below the root, where every
 * open item has a live option (invariant (4)), but not at a root whose forced options left
 * an open item without one: a dead state whose live set a live state shares, and the memo
 * lives on across restarts with other forced options (sample). Without secondary items the
 * open set alone is the key: an option is live exactly when all its items are open, then,
 * so the open set says which are live.
 *
 * Counts are 128-bit, and a sum that would overflow stops the count with OverflowError.
 * The table grows (doubling, rehashed from the kept hashes) up to `limit` bytes; when it
 * can grow no more it stops taking states, and the states it lacks are searched again:
 * slower, never wrong. Each level keeps the key of its node and the total of its branches;
 * when its last branch is done the total is kept in the table and added to the level above.
 *
 * Asked to, it also builds the ZDD of the solutions on the way, as Knuth's DLX6 does: a
 * node's diagram is a chain over the branches that have solutions, (~x ? rest : below) for
 * branch option x, ending in 0 (no solution); a covered state is 1, a state met again
 * reuses its diagram. Node numbers start at 2; a node's branches are made before it. */

typedef unsigned __int128 Count;

typedef struct Memo {
    int key_words;
    uint64_t *keys;       /* capacity keys, key_words each */
    uint64_t *hashes;     /* per kept state: its hash (to rehash without the keys) */
    Count *counts;        /* per kept state: its count */
    uint32_t *buckets;    /* a kept state's number + 1, by hash; 0 empty (a power of two, twice capacity) */
    size_t capacity, used, limit;
    int full;             /* it could grow no more: states are no longer kept */
    unsigned long long hits;
    uint64_t *level_keys; /* per level: the key of its node */
    uint64_t *level_hashes;
    Count *level_totals;  /* per level: the solutions of its branches done so far */
    Count total;          /* the root's */
    int zdd;              /* whether the ZDD is built: */
    uint32_t *zdd_nodes;  /* per node: option, lo, hi */
    size_t zdd_used, zdd_capacity;
    uint32_t *diagrams;   /* per kept state: its diagram */
    uint32_t *level_diagrams; /* per level: the chain of its branches done so far */
    uint32_t root;        /* the root's diagram */
} Memo;

static void memo_free(Memo *memo) {
    if (!memo) return;
    PyMem_Free(memo->keys), PyMem_Free(memo->hashes), PyMem_Free(memo->counts), PyMem_Free(memo->buckets);
    PyMem_Free(memo->level_keys), PyMem_Free(memo->level_hashes), PyMem_Free(memo->level_totals);
    PyMem_Free(memo->zdd_nodes), PyMem_Free(memo->diagrams), PyMem_Free(memo->level_diagrams);
    PyMem_Free(memo);
}

static size_t memo_entry_bytes(const Memo *memo) {
    return sizeof(uint64_t) * (size_t)memo->key_words + sizeof(uint64_t) + sizeof(Count) + 2 * sizeof(uint32_t);
}

/* Room for `capacity` states, the kept ones rehashed; 0 (nothing changed) when the limit or
 * the system says no. */
static int memo_grow(Memo *memo, size_t capacity) {
    if (capacity > UINT32_MAX / 2 || capacity * memo_entry_bytes(memo) > memo->limit) return 0;
    uint64_t *keys = PyMem_Realloc(memo->keys, sizeof(uint64_t) * memo->key_words * capacity);
    if (!keys) return 0;
    memo->keys = keys;
    uint64_t *hashes = PyMem_Realloc(memo->hashes, sizeof(uint64_t) * capacity);
    if (!hashes) return 0;
    memo->hashes = hashes;
    Count *counts = PyMem_Realloc(memo->counts, sizeof(Count) * capacity);
    if (!counts) return 0;
    memo->counts = counts;
    if (memo->zdd) {
        uint32_t *diagrams = PyMem_Realloc(memo->diagrams, sizeof(uint32_t) * capacity);
        if (!diagrams) return 0;
        memo->diagrams = diagrams;
    }
    uint32_t *buckets = PyMem_Calloc(2 * capacity, sizeof(uint32_t));
    if (!buckets) return 0;
    PyMem_Free(memo->buckets);
    memo->buckets = buckets;
    memo->capacity = capacity;
    const size_t mask = 2 * capacity - 1;
    for (size_t e = 0; e < memo->used; e++) {
        size_t b = memo->hashes[e] & mask;
        while (buckets[b]) b = (b + 1) & mask;
        buckets[b] = (uint32_t)(e + 1);
    }
    return 1;
}

static uint64_t memo_hash(const uint64_t *key, int words) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int w = 0; w < words; w++) {
        h = (h ^ key[w]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h ^ (h >> 29);
}

/* The kept count (and diagram) of a state, if it is kept. */
static int memo_find(Memo *memo, const uint64_t *key, uint64_t hash, Count *count, uint32_t *diagram) {
    if (!memo->capacity) return 0; /* a limit too small for any table */
    const size_t mask = 2 * memo->capacity - 1;
    for (size_t b = hash & mask; memo->buckets[b]; b = (b + 1) & mask) {
        size_t e = memo->buckets[b] - 1;
        if (memo->hashes[e] == hash && memcmp(memo->keys + e * memo->key_words, key, sizeof(uint64_t) * memo->key_words) == 0) {
            *count = memo->counts[e];
            if (memo->zdd) *diagram = memo->diagrams[e];
            return 1;
        }
    }
    return 0;
}

static void memo_keep(Memo *memo, const uint64_t *key, uint64_t hash, Count count, uint32_t diagram) {
    if (memo->used == memo->capacity && (memo->full || !memo_grow(memo, 2 * memo->capacity))) {
        memo->full = 1;
        return;
    }
    const size_t mask = 2 * memo->capacity - 1, e = memo->used++;
    size_t b = hash & mask;
    while (memo->buckets[b]) b = (b + 1) & mask;
    memo->buckets[b] = (uint32_t)(e + 1);
    memo->hashes[e] = hash;
    memo->counts[e] = count;
    if (memo->zdd) memo->diagrams[e] = diagram;
    memcpy(memo->keys + e * memo->key_words, key, sizeof(uint64_t) * memo->key_words);
}

static Memo *memo_new(SearchObject *s, size_t limit, int zdd) {
    MatrixObject *m = s->matrix;
    Memo *memo = PyMem_Calloc(1, sizeof(Memo));
    if (!memo) return NULL;
    memo->key_words = m->items > m->primary ? m->words + m->item_words : m->item_words;
    memo->limit = limit;
    memo->zdd = zdd;
    memo->level_keys = PyMem_Malloc(sizeof(uint64_t) * memo->key_words * (size_t)(s->max_depth + 1));
    memo->level_hashes = PyMem_Malloc(sizeof(uint64_t) * (size_t)(s->max_depth + 1));
    memo->level_totals = PyMem_Malloc(sizeof(Count) * (size_t)(s->max_depth + 1));
    memo->level_diagrams = PyMem_Malloc(sizeof(uint32_t) * (size_t)(s->max_depth + 1));
    if (!memo->level_keys || !memo->level_hashes || !memo->level_totals || !memo->level_diagrams) {
        memo_free(memo);
        return NULL;
    }
    if (!memo_grow(memo, 1024)) memo->full = 1; /* a tiny limit: a plain search, in effect */
    return memo;
}

/* The key of a state: its open items, or with secondary items its live options and open
 * items (the two lie side by side in a slot). */
static inline const uint64_t *memo_key(SearchObject *s, uint64_t *state) {
    return s->matrix->items > s->matrix->primary ? state : open_items(s, state);
}

/* A new ZDD node; 0 when out of memory (with MemoryError set). */
static uint32_t zdd_node(Memo *memo, int option, uint32_t lo, uint32_t hi) {
    if (memo->zdd_used == memo->zdd_capacity) {
        size_t capacity = memo->zdd_capacity ? 2 * memo->zdd_capacity : 4096;
        uint32_t *grown = capacity < UINT32_MAX - 2 ? PyMem_Realloc(memo->zdd_nodes, 3 * sizeof(uint32_t) * capacity)
                                                    : NULL;
        if (!grown) {
            PyErr_SetString(PyExc_MemoryError, "no memory left for the ZDD of the solutions");
            return 0;
        }
        memo->zdd_nodes = grown, memo->zdd_capacity = capacity;
    }
    uint32_t *node = memo->zdd_nodes + 3 * memo->zdd_used;
    node[0] = (uint32_t)option, node[1] = lo, node[2] = hi;
    return (uint32_t)(2 + memo->zdd_used++);
}

/* Add a node's count (and diagram) to the level above the current depth, whose branch led
 * to it (the root's at depth 0). */
static inline int memo_add(SearchObject *s, Count count, uint32_t diagram) {
    Memo *memo = s->memo;
    Count *total = s->depth ? &memo->level_totals[s->depth - 1] : &memo->total;
    if (__builtin_add_overflow(*total, count, total)) {
        if (memo->zdd) {
            *total = ~(Count)0; /* the diagram's count is Python's to make, in integers of any size */
        } else {
            PyErr_SetString(PyExc_OverflowError, "the count passed 2**128, the most the memo counts");
            s->phase = PHASE_DONE;
            return -1;
        }
    }
    if (memo->zdd && !s->depth) memo->root = diagram;
    if (memo->zdd && s->depth && diagram) {
        uint32_t *chain = &memo->level_diagrams[s->depth - 1];
        *chain = zdd_node(memo, option_at(s, s->depth - 1), *chain, diagram);
        if (!*chain) {
            s->phase = PHASE_DONE;
            return -1;
        }
    }
    return 0;
}

static int run_memo(SearchObject *s) {
    Memo *memo = s->memo;
    const int key_words = memo->key_words;
    if (s->phase == PHASE_START) bitset_start(s);
    while (s->phase != PHASE_DONE) {
        if (s->phase == PHASE_ENTER) {
            int stop;
            uint64_t *state = bitset_node(s, &stop);
            if (!state) return stop < 0 ? -1 : 0;
            Count known = 0;
            uint32_t diagram = 0;
            if (bitset_all_covered(s, state)) {
                known = 1, diagram = 1;
            } else {
                const uint64_t *key = memo_key(s, state);
                uint64_t hash = memo_hash(key, key_words);
                if (memo_find(memo, key, hash, &known, &diagram)) {
                    memo->hits++;
                } else {
                    int i = bitset_choose(s, state);
                    if (i != DEAD_END) {
                        const int level = s->depth;
                        memcpy(memo->level_keys + (size_t)level * key_words, key, sizeof(uint64_t) * key_words);
                        memo->level_hashes[level] = hash;
                        memo->level_totals[level] = 0;
                        memo->level_diagrams[level] = 0;
                        if (bitset_enter(s, i) < 0) {
                            s->phase = PHASE_DONE;
                            return -1;
                        }
                        if (next_branch(s, &s->levels[s->depth - 1], 1)) continue;
                        s->phase = PHASE_BACKTRACK; /* every branch a dead end: the level ends below */
                    }
                }
            }
            if (s->phase == PHASE_ENTER && memo_add(s, known, diagram) < 0) return -1;
            s->phase = PHASE_BACKTRACK;
        }
        /* Back to the deepest level with a branch left; each level done is kept and summed up. */
        while (s->depth > 0) {
            if (next_branch(s, &s->levels[s->depth - 1], 1)) break;
            const int level = --s->depth;
            s->candidate_count = s->levels[level].first_candidate;
            memo_keep(memo, memo->level_keys + (size_t)level * key_words, memo->level_hashes[level],
                      memo->level_totals[level], memo->level_diagrams[level]);
            if (memo_add(s, memo->level_totals[level], memo->level_diagrams[level]) < 0) return -1;
        }
        s->phase = s->depth > 0 ? PHASE_ENTER : PHASE_DONE;
    }
    return 0;
}

static PyObject *count_as_long(Count count) {
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(count >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)count);
    PyObject *shift = PyLong_FromLong(64), *shifted = NULL, *whole = NULL;
    if (high && low && shift && (shifted = PyNumber_Lshift(high, shift))) whole = PyNumber_Or(shifted, low);
    Py_XDECREF(high), Py_XDECREF(low), Py_XDECREF(shift), Py_XDECREF(shifted);
    return whole;
}

static int run(SearchObject *s, PyObject *out, Py_ssize_t batch) {
    return s->method == METHOD_BITSETS ? run_bitsets(s, out, batch) : run_links(s, out, batch);
}

static void Search_dealloc(SearchObject *self) {
    PyMem_Free(self->nd);
    PyMem_Free(self->length);
    PyMem_Free(self->bound);
    PyMem_Free(self->llink);
    PyMem_Free(self->rlink);
    PyMem_Free(self->levels);
    PyMem_Free(self->tweaks);
    PyMem_Free(self->forced);
    PyMem_Free(self->path);
    Py_XDECREF(self->frontier);
    PyMem_Free(self->slots);
    PyMem_Free(self->clash);
    PyMem_Free(self->candidates);
    memo_free(self->memo);
    Py_XDECREF(self->matrix);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Shuffle every item's list of options (the working copy is pristine here). */
static void shuffle_lists(SearchObject *s) {
    MatrixObject *m = s->matrix;
    Node *nd = s->nd;
    int *scratch = PyMem_Malloc(sizeof(int) * (m->options + 1));
    if (!scratch) return; /* no shuffle: still correct, only less random */
    for (int i = 1; i <= m->items; i++) {
        int n = 0;
        for (int q = nd[i].down; q != i; q = nd[q].down) scratch[n++] = q;
        for (int k = n - 1; k > 0; k--) {
            int j = (int)random_below(s, (unsigned)k + 1), t = scratch[k];
            scratch[k] = scratch[j], scratch[j] = t;
        }
        int previous = i;
        for (int k = 0; k < n; k++) {
            nd[previous].down = scratch[k];
            nd[scratch[k]].up = previous;
            previous = scratch[k];
        }
        nd[previous].down = i;
        nd[i].up = previous;
    }
    PyMem_Free(scratch);
}

/* The working copy of the dancing links. */
static int links_prepare(SearchObject *self) {
    MatrixObject *m = self->matrix;
    int n = m->items, n1 = m->primary;
    self->primary_end = n1 + 1;
    self->nd = PyMem_Malloc(sizeof(Node) * m->node_count);
    self->length = PyMem_Malloc(sizeof(int) * (n + 1));
    self->bound = PyMem_Malloc(sizeof(int) * (n + 1));
    self->slack = m->slack;
    self->llink = PyMem_Malloc(sizeof(int) * (n1 + 1));
    self->rlink = PyMem_Malloc(sizeof(int) * (n1 + 1));
    self->max_depth = m->options + n1 + 1; /* a level takes an option or closes an item */
    self->levels = PyMem_Malloc(sizeof(Level) * self->max_depth);
    self->tweaks = PyMem_Malloc(sizeof(int) * (m->options + 1));
    if (!self->nd || !self->length || !self->bound || !self->llink || !self->rlink || !self->levels || !self->tweaks)
        return 0;
    memcpy(self->nd, m->nodes, sizeof(Node) * m->node_count);
    memcpy(self->length, m->length, sizeof(int) * (n + 1));
    memcpy(self->bound, m->bound, sizeof(int) * (n + 1));
    for (int i = 0; i <= n1; i++) {
        self->llink[i] = i ? i - 1 : n1;
        self->rlink[i] = i < n1 ? i + 1 : ROOT;
    }
    return 1;
}

/* The state slots of the option-set search (filled as the search goes down). */
static int bitsets_prepare(SearchObject *self) {
    MatrixObject *m = self->matrix;
    self->max_depth = m->primary + 1; /* a level closes at least one primary item */
    self->levels = PyMem_Malloc(sizeof(Level) * self->max_depth);
    self->slot_words = m->words + m->item_words + count_words(m->primary);
    self->slots = PyMem_Malloc(sizeof(uint64_t) * (size_t)slot_count(m) * self->slot_words);
    self->candidate_capacity = m->options + 64;
    self->candidates = PyMem_Malloc(sizeof(int) * self->candidate_capacity);
    self->clash = PyMem_Malloc(sizeof(uint64_t) * m->words);
    if (!(self->levels && self->slots && self->candidates && self->clash)) return 0;
    bitset_fill_pristine(self, slot_at(self, pristine_slot(m)));
    return 1;
}

/* Read a sequence of ints in [lo, hi] into a fresh array (*out, *length); None is empty. */
static int read_ints(PyObject *sequence, long lo, long hi, const char *what, int **out, int *length) {
    *length = 0;
    if (!sequence || sequence == Py_None) return 0;
    PyObject *fast = PySequence_Fast(sequence, "expected a sequence of integers");
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyMem_Free(*out);
    *out = PyMem_Malloc(sizeof(int) * (count + 1));
    if (!*out) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t k = 0; k < count; k++) {
        long value;
        if (read_int(fast, k, lo, hi, &value, what) < 0) { Py_DECREF(fast); return -1; }
        (*out)[k] = (int)value;
    }
    *length = (int)count;
    Py_DECREF(fast);
    return 0;
}

/* Read the forced options (indices), each once. */
static int set_forced(SearchObject *self, PyObject *forced) {
    int count;
    self->forced_count = 0;
    if (read_ints(forced, 0, self->matrix->options - 1, "forced option", &self->forced, &count) < 0) return -1;
    for (int k = 0; k < count; k++) { /* forcing an option twice is forcing it once */
        int seen = 0;
        for (int f = 0; f < self->forced_count; f++) seen |= self->forced[f] == self->forced[k];
        if (!seen) self->forced[self->forced_count++] = self->forced[k];
    }
    return 0;
}

/* Read the path: a branch number (from 1) for each of the top levels. */
static int set_path(SearchObject *self, PyObject *path) {
    return read_ints(path, 1, INT32_MAX, "branch number", &self->path, &self->path_length);
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"matrix", "forced", "seed", "max_solutions", "max_nodes", "time_limit", "method",
                               "path", NULL};
    PyObject *matrix, *forced = NULL, *seed = Py_None, *path = NULL;
    long long max_solutions = -1, max_nodes = -1;
    double time_limit = -1;
    const char *method = "auto";
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|OOLLdsO", keywords, &MatrixType, &matrix, &forced, &seed,
                                     &max_solutions, &max_nodes, &time_limit, &method, &path))
        return -1;
    self->split_depth = -1;
    if (set_path(self, path) < 0) return -1;
    MatrixObject *m = (MatrixObject *)matrix;
    Py_INCREF(m);
    Py_XSETREF(self->matrix, m);
    if (strcmp(method, "links") == 0) {
        self->method = METHOD_LINKS;
    } else if (strcmp(method, "bitsets") == 0 || strcmp(method, "auto") == 0) {
        self->method = m->masks ? METHOD_BITSETS : METHOD_LINKS;
        if (!m->masks && method[0] == 'b') {
            PyErr_SetString(PyExc_ValueError, m->no_option_sets);
            return -1;
        }
    } else {
        PyErr_Format(PyExc_ValueError, "unknown method %s; expected auto, links or bitsets", method);
        return -1;
    }
    int ok = self->method == METHOD_BITSETS ? bitsets_prepare(self) : links_prepare(self);
    if (!ok) {
        PyErr_NoMemory();
        return -1;
    }
    if (set_forced(self, forced) < 0) return -1;
    self->randomized = seed != Py_None;
    if (self->randomized) {
        unsigned long long value = PyLong_AsUnsignedLongLongMask(seed);
        if (value == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        self->rng = value;
        if (self->method == METHOD_LINKS) shuffle_lists(self);
    }
    self->max_solutions = max_solutions;
    self->max_nodes = max_nodes;
    self->time_limit = time_limit;
    self->deadline = time_limit >= 0 ? now() + time_limit : -1;
    self->check_countdown = CHECK_EVERY;
    self->phase = PHASE_START;
    return 0;
}

static PyObject *Search_next_batch(SearchObject *self, PyObject *arg) {
    Py_ssize_t batch = PyLong_AsSsize_t(arg);
    if (batch == -1 && PyErr_Occurred()) return NULL;
    if (batch < 1) batch = 1;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    if (run(self, out, batch) < 0) { Py_DECREF(out); return NULL; }
    return out;
}

static PyObject *Search_count(SearchObject *self, PyObject *args) {
    unsigned long long nodes = 0;
    if (!PyArg_ParseTuple(args, "|K", &nodes)) return NULL;
    self->pause_at = nodes ? self->nodes + nodes : 0;
    if (run(self, NULL, 0) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(self->solutions_found);
}

/* memo_count(limit, nodes=0): the solutions counted with a memo of at most `limit` bytes (see
 * run_memo); with `nodes`, it pauses after about that many more, and returns None. Its own
 * run: a search that has started otherwise cannot switch. */
static PyObject *Search_memo_count(SearchObject *self, PyObject *args) {
    unsigned long long limit, nodes = 0;
    int zdd = 0;
    if (!PyArg_ParseTuple(args, "K|Kp", &limit, &nodes, &zdd)) return NULL;
    if (self->method != METHOD_BITSETS) {
        PyErr_SetString(PyExc_ValueError, "the memo counts on the option sets only");
        return NULL;
    }
    if (!self->memo) {
        if (self->phase != PHASE_START || self->path_length) {
            PyErr_SetString(PyExc_RuntimeError, "memo_count() needs a search that has not started, with no path");
            return NULL;
        }
        self->memo = memo_new(self, (size_t)limit, zdd);
        if (!self->memo) return PyErr_NoMemory();
    }
    self->pause_at = nodes ? self->nodes + nodes : 0;
    if (run_memo(self) < 0) return NULL;
    if (self->phase != PHASE_DONE) Py_RETURN_NONE;
    Count found = self->memo->total; /* stopped by a limit: with the branches done on the way down */
    for (int level = 0; self->stopped_by != STOP_NONE && level < self->depth; level++)
        if (__builtin_add_overflow(found, self->memo->level_totals[level], &found)) found = ~(Count)0;
    return count_as_long(found);
}

/* branches(): where a search with these forced options would branch first: (item, its live
 * options) as the option-set search chooses them; () when the forced options cover every
 * primary item; None when they clash, or leave an item without options. The search is left
 * as it was made (not started). The sampler walks down the memo's counts with it. */
static PyObject *Search_branches(SearchObject *self, PyObject *unused) {
    if (self->method != METHOD_BITSETS || self->phase != PHASE_START) {
        PyErr_SetString(PyExc_RuntimeError, "branches() needs an option-set search that has not started");
        return NULL;
    }
    bitset_start(self);
    const int dead = self->phase == PHASE_DONE;
    self->phase = PHASE_START;
    uint64_t *state = slot_at(self, 0);
    if (dead) Py_RETURN_NONE;
    if (bitset_all_covered(self, state)) return PyTuple_New(0);
    int item = bitset_choose(self, state);
    if (item == DEAD_END) Py_RETURN_NONE;
    MatrixObject *m = self->matrix;
    const uint64_t *mask = m->masks + (size_t)item * m->words;
    PyObject *options = PyList_New(0);
    if (!options) return NULL;
    for (int w = 0; w < m->words; w++)
        for (uint64_t bits = state[w] & mask[w]; bits; bits &= bits - 1) {
            PyObject *option = PyLong_FromLong(w * 64 + __builtin_ctzll(bits));
            if (!option || PyList_Append(options, option) < 0) {
                Py_XDECREF(option);
                Py_DECREF(options);
                return NULL;
            }
            Py_DECREF(option);
        }
    return Py_BuildValue("(iN)", item, options);
}

/* memo_zdd(): (root, nodes) of the ZDD a finished memo_count(..., zdd=True) built: nodes is
 * bytes, three native 32-bit numbers a node (option, lo, hi), node k + 2 at k; None if none. */
static PyObject *Search_memo_zdd(SearchObject *self, PyObject *unused) {
    Memo *memo = self->memo;
    if (!memo || !memo->zdd || self->phase != PHASE_DONE || self->stopped_by != STOP_NONE) Py_RETURN_NONE;
    return Py_BuildValue("(Iy#)", memo->root, (const char *)memo->zdd_nodes,
                         (Py_ssize_t)(3 * sizeof(uint32_t) * memo->zdd_used));
}

static PyObject *Search_memo_stats(SearchObject *self, PyObject *unused) {
    Memo *memo = self->memo;
    if (!memo) Py_RETURN_NONE;
    Count counted = memo->total; /* so far: the branches done, on the levels open too */
    for (int level = 0; level < self->depth; level++)
        if (__builtin_add_overflow(counted, memo->level_totals[level], &counted)) counted = ~(Count)0;
    PyObject *so_far = count_as_long(counted);
    if (!so_far) return NULL;
    return Py_BuildValue("{sKsnsnsOsN}", "hits", memo->hits, "states", (Py_ssize_t)memo->used, "bytes",
                         (Py_ssize_t)(memo->capacity * memo_entry_bytes(memo)), "full", memo->full ? Py_True : Py_False,
                         "counted", so_far);
}

/* restart(forced): the same search from the start with other forced options, reusing the
 * arrays (the batch runs stand on this). */
static int restart(SearchObject *self, PyObject *forced) {
    MatrixObject *m = self->matrix;
    if (set_forced(self, forced) < 0) return -1;
    if (self->method == METHOD_LINKS) {
        memcpy(self->nd, m->nodes, sizeof(Node) * m->node_count);
        memcpy(self->length, m->length, sizeof(int) * (m->items + 1));
        memcpy(self->bound, m->bound, sizeof(int) * (m->items + 1));
        for (int i = 0; i <= m->primary; i++) {
            self->llink[i] = i ? i - 1 : m->primary;
            self->rlink[i] = i < m->primary ? i + 1 : ROOT;
        }
        if (self->randomized) shuffle_lists(self);
    }
    self->depth = self->tweak_count = self->candidate_count = 0;
    self->nodes = self->updates = self->solutions_found = 0;
    if (self->memo) self->memo->total = 0, self->memo->hits = 0; /* its states' counts hold for any forced options */
    self->stopped_by = STOP_NONE;
    self->pause_at = 0;
    self->check_countdown = CHECK_EVERY;
    self->deadline = self->time_limit >= 0 ? now() + self->time_limit : -1;
    self->phase = PHASE_START;
    return 0;
}

static PyObject *Search_restart(SearchObject *self, PyObject *args) {
    PyObject *forced, *path = NULL;
    if (!PyArg_ParseTuple(args, "O|O", &forced, &path)) return NULL;
    if (restart(self, forced) < 0 || set_path(self, path) < 0) return NULL;
    Py_RETURN_NONE;
}

/* split(depth): search the top `depth` levels only, from the start; (the paths to the nodes
 * at that depth that are not dead ends, the solutions above it). */
static PyObject *Search_split(SearchObject *self, PyObject *arg) {
    long depth = PyLong_AsLong(arg);
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (depth < 0 || depth > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "split depth must be at least 0");
        return NULL;
    }
    if (self->phase != PHASE_START) {
        PyErr_SetString(PyExc_RuntimeError, "split() needs a search that has not started");
        return NULL;
    }
    PyObject *found = PyList_New(0);
    Py_XSETREF(self->frontier, PyList_New(0));
    if (!found || !self->frontier) { Py_XDECREF(found); return NULL; }
    self->split_depth = (int)depth;
    int failed = run(self, found, PY_SSIZE_T_MAX);
    self->split_depth = -1;
    if (failed < 0) { Py_DECREF(found); return NULL; }
    PyObject *result = PyTuple_Pack(2, self->frontier, found);
    Py_DECREF(found);
    Py_CLEAR(self->frontier);
    return result;
}

/* first_of_each(forced_lists): for each list of forced options in turn, restart and run to
 * the end (max_solutions bounds it); a list of (solutions found, the first one or None).
 * The batch runs: one call for many puzzles, so no Python runs between them. */
static PyObject *Search_first_of_each(SearchObject *self, PyObject *forced_lists) {
    PyObject *fast = PySequence_Fast(forced_lists, "first_of_each needs a sequence of forced lists");
    if (!fast) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyObject *results = PyList_New(count), *first = NULL;
    if (!results) goto fail;
    for (Py_ssize_t k = 0; k < count; k++) {
        if (restart(self, PySequence_Fast_GET_ITEM(fast, k)) < 0 || set_path(self, NULL) < 0 ||
                !(first = PyList_New(0)))
            goto fail;
        if (run(self, first, 1) < 0 || run(self, NULL, 0) < 0) goto fail;
        PyObject *result = Py_BuildValue("(KOK)", self->solutions_found,
                                         PyList_GET_SIZE(first) ? PyList_GET_ITEM(first, 0) : Py_None, self->nodes);
        if (!result) goto fail;
        Py_CLEAR(first);
        PyList_SET_ITEM(results, k, result);
    }
    Py_DECREF(fast);
    return results;
fail:
    Py_XDECREF(first);
    Py_XDECREF(results);
    Py_DECREF(fast);
    return NULL;
}

static PyObject *Search_progress(SearchObject *self, PyObject *unused) {
    double done = 0, weight = 1;
    for (int l = 0; l < self->depth; l++) {
        Level *level = &self->levels[l];
        weight /= level->branches > 1 ? level->branches : 1;
        done += (level->branch - 1) * weight;
    }
    return PyFloat_FromDouble(done);
}

static PyObject *Search_get_stopped_by(SearchObject *self, void *closure) {
    static const char *names[] = {NULL, "solutions", "nodes", "time"};
    if (self->stopped_by == STOP_NONE) Py_RETURN_NONE;
    return PyUnicode_FromString(names[self->stopped_by]);
}

static PyObject *Search_get_method(SearchObject *self, void *closure) {
    return PyUnicode_FromString(self->method == METHOD_BITSETS ? "bitsets" : "links");
}

static PyObject *Search_get_done(SearchObject *self, void *closure) { return PyBool_FromLong(self->phase == PHASE_DONE); }
static PyObject *Search_get_nodes(SearchObject *self, void *c) { return PyLong_FromUnsignedLongLong(self->nodes); }
static PyObject *Search_get_updates(SearchObject *self, void *c) { return PyLong_FromUnsignedLongLong(self->updates); }
static PyObject *Search_get_found(SearchObject *self, void *c) { return PyLong_FromUnsignedLongLong(self->solutions_found); }

static PyMethodDef Search_methods[] = {
    {"next_batch", (PyCFunction)Search_next_batch, METH_O, "Run until this many more solutions; a list of tuples."},
    {"count", (PyCFunction)Search_count, METH_VARARGS,
     "count(nodes=0): run to the end (or for about this many more nodes), counting; the solutions so far."},
    {"progress", (PyCFunction)Search_progress, METH_NOARGS, "Knuth's estimate of the fraction of the tree done."},
    {"memo_count", (PyCFunction)Search_memo_count, METH_VARARGS,
     "memo_count(limit, nodes=0): the solutions, counted with a table of states of at most `limit` bytes; None "
     "when paused after about `nodes` more nodes."},
    {"branches", (PyCFunction)Search_branches, METH_NOARGS,
     "branches(): (item, its live options) where the search would branch first; () when all is covered, None "
     "at a dead end."},
    {"memo_zdd", (PyCFunction)Search_memo_zdd, METH_NOARGS,
     "memo_zdd(): (root, nodes as bytes: option, lo, hi as native uint32 a node, from node 2) of the ZDD a "
     "memo_count(limit, 0, True) built; None if none."},
    {"memo_stats", (PyCFunction)Search_memo_stats, METH_NOARGS,
     "The memo's hits, states kept, bytes and whether it filled; None before memo_count()."},
    {"restart", (PyCFunction)Search_restart, METH_VARARGS,
     "restart(forced, path=None): search again from the start with these forced options (and path)."},
    {"split", (PyCFunction)Search_split, METH_O,
     "split(depth): the top levels only; (paths to the nodes at that depth, solutions above it)."},
    {"first_of_each", (PyCFunction)Search_first_of_each, METH_O,
     "first_of_each(forced_lists): restart with each and run to the end; a list of (solutions found, first or None)."},
    {NULL}};

static PyGetSetDef Search_getset[] = {
    {"stopped_by", (getter)Search_get_stopped_by, NULL, "the limit that ended the search, or None", NULL},
    {"method", (getter)Search_get_method, NULL, "links (dancing links) or bitsets (option sets)", NULL},
    {"done", (getter)Search_get_done, NULL, "whether the search has ended", NULL},
    {"nodes", (getter)Search_get_nodes, NULL, "search tree nodes entered", NULL},
    {"updates", (getter)Search_get_updates, NULL, "removals of a node from its item's list", NULL},
    {"solutions_found", (getter)Search_get_found, NULL, "solutions found so far", NULL},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "excover.engine._core.Search",
    .tp_doc = "Search(matrix, forced=(), seed=None, max_solutions=-1, max_nodes=-1, time_limit=-1, method='auto')",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "Algorithm M in C; see excover/engine/native.py.", -1, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&MatrixType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&MatrixType);
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(module, "Matrix", (PyObject *)&MatrixType) < 0 ||
        PyModule_AddObject(module, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
