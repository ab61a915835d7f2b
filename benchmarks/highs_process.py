"""HiGHS in a helper process (killable) against HiGHS in a worker thread: the overhead per call, side by side.

`python benchmarks/highs_process.py` — LP relaxations of the learning problem (the exact LP of chapter 03) at three
sizes, each solved alternately through the thread and through the helper process, best of `REPS`; prints the ratio.
"""
import os, time
import numpy as np
from mrc_lit.learning import learning_form
from mrc_lit.uncertainty import uncertainty_set
from mrc_lit.solvers import control
from mrc_lit.solvers.control import interruptible, _in_process, current
from scipy.optimize import linprog

REPS = 3

def lp_of(n, D, seed=0):
    "the exact LP of a learning problem on n random points with D random features (two classes)"
    r = np.random.default_rng(seed)
    Psi = np.c_[np.ones(n), r.standard_normal((n, D - 1))]; y = r.integers(0, 2, n)
    form = learning_form(Psi, uncertainty_set(Psi, y, 2, lambda0=0.3))
    A, T, rhs, nd = form.rows.lp()
    import scipy.sparse as sp
    m, k, rr = form.m, T.shape[1], A.shape[0]
    nu = np.zeros((rr, 1)); nu[:nd, 0] = -1
    A_ub = sp.hstack([A, -A, sp.csr_matrix(nu), T], format='csc')
    c = np.r_[form.a + form.lam, form.lam - form.a, 1.0, np.zeros(k)]
    return dict(c=c, A_ub=A_ub, b_ub=rhs, bounds=[(0, None)] * (2 * m) + [(None, None)] + [(0, None)] * k,
                method='highs-ipm')

def thread(P): return interruptible(linprog, **P, what='HiGHS')
def process(P): c = P.pop('c'); P2 = dict(P); P['c'] = c; return _in_process(c, (), P2, current())

if __name__ == '__main__':
    print(f'load {open("/proc/loadavg").read().split()[:3]}')
    t = time.perf_counter(); process(lp_of(5, 2)); print(f'helper start and first call: {time.perf_counter() - t:.2f} s')
    print('| n | D | nonzeros | thread s | process s | process/thread |')
    print('|---|---|---|---|---|---|')
    for n, D in [(20, 3), (300, 20), (2000, 60)]:
        P = lp_of(n, D); tt, tp = [], []
        for _ in range(REPS):
            t = time.perf_counter(); a = thread(P); tt.append(time.perf_counter() - t)
            t = time.perf_counter(); b = process(P); tp.append(time.perf_counter() - t)
            assert abs(a.fun - b.fun) <= 1e-12 * (1 + abs(a.fun)), (a.fun, b.fun)
        print(f'| {n} | {D} | {P["A_ub"].nnz} | {min(tt):.4f} | {min(tp):.4f} | {min(tp) / min(tt):.2f} |')
    print(f'load {open("/proc/loadavg").read().split()[:3]}')
