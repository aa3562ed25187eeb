/* What the solver's compiled searches (_std52c.c, _generalc.c) share: reading a list of ints
 * from Python, and the budget contract.
 *
 * ``counter`` is the Python list [nodes of this call, node count of the next tick]; ``tick`` a
 * Python callable (the solver's budget check) that may raise.  A search counts its nodes in C and
 * calls budget_node() at each one: at counter[1] it writes the count to counter[0], calls tick()
 * and reads the next check; every 256 nodes it lets Ctrl-C through.  budget_start() reads the list
 * when a call begins, budget_end() writes the count back when it ends, keeping any exception.
 */
#ifndef SPADES_LAB_ACCEL_H
#define SPADES_LAB_ACCEL_H

#include <Python.h>
#include <limits.h>

/* the ints of sequence ``seq`` (``what`` names it in errors) into out[0..max); *n_out gets how
 * many */
static int int_list(PyObject *seq, const char *what, int *out, Py_ssize_t max,
                    Py_ssize_t *n_out) {
    PyObject *f = PySequence_Fast(seq, "a list expected");
    if (!f) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
    if (n > max) {
        Py_DECREF(f);
        PyErr_Format(PyExc_ValueError, "%s: too many items for the accelerator", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(f); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(f);
    *n_out = n;
    return 0;
}

static int budget_write(PyObject *counter, long long cnt) {
    PyObject *v = PyLong_FromLongLong(cnt);
    if (!v) return -1;
    return PyList_SetItem(counter, 0, v);  /* steals v */
}

static int budget_read_check(PyObject *counter, long long *check) {
    PyObject *v = PyList_GetItem(counter, 1);
    if (!v) return -1;
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (overflow > 0) x = LLONG_MAX;
    else if (overflow < 0) x = LLONG_MIN;
    *check = x;
    return 0;
}

/* at the start of a call: *cnt from counter[0], *check from counter[1] */
static int budget_start(PyObject *counter, long long *cnt, long long *check) {
    PyObject *c0 = PyList_GetItem(counter, 0);
    if (!c0) return -1;
    *cnt = PyLong_AsLongLong(c0);
    if (*cnt == -1 && PyErr_Occurred()) return -1;
    return budget_read_check(counter, check);
}

/* one more node: tick() when the count reaches the check, Ctrl-C every 256 nodes */
static inline int budget_node(PyObject *counter, PyObject *tick, long long *cnt,
                              long long *check) {
    ++*cnt;
    if (*cnt >= *check) {
        if (budget_write(counter, *cnt) < 0) return -1;
        PyObject *res = PyObject_CallNoArgs(tick);
        if (!res) return -1;
        Py_DECREF(res);
        if (budget_read_check(counter, check) < 0) return -1;
    }
    if (!(*cnt & 255) && PyErr_CheckSignals() < 0) return -1;
    return 0;
}

/* at the end of a call (r: the search's result, < 0 on error): the count written back, the
 * search's exception kept; the result as a Python bool, or NULL */
static PyObject *budget_end(PyObject *counter, long long cnt, int r) {
    PyObject *et, *ev, *tb;
    PyErr_Fetch(&et, &ev, &tb);
    int bad = budget_write(counter, cnt);
    if (et) {
        if (bad < 0) PyErr_Clear();
        PyErr_Restore(et, ev, tb);
        return NULL;
    }
    if (bad < 0 || r < 0) return NULL;
    return PyBool_FromLong(r);
}

#endif
