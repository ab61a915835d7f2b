"""Every solver path on unbounded, nearly unbounded and hand-made problems: what each returns (benchmarks/results.md,
'Unbounded and failing problems on every path'). Run: PYTHONPATH=. .venv/bin/python benchmarks/unbounded_paths.py [path ...]"""
import os, sys, warnings, time, functools, traceback
import numpy as np
from mrc_lit.learning import UnboundedError, DenseRows, SubsetRows, PairRows, Form, solve_lp, learning_form
from mrc_lit.uncertainty import UncertaintySet, uncertainty_set
from mrc_lit.solvers.registry import solve, SOLVERS
from mrc_lit.solvers.ipm import solve_ipm
from mrc_lit.solvers.degenerate import solve_degenerate
from mrc_lit.solvers.tiny_lambda import solve_tiny
from mrc_lit.solvers import subgradient as sg

def corpus():
    r = np.random.default_rng(0)
    P = np.c_[np.ones(30), r.normal(size=(30, 3))]; y = (P[:, 1] > 0).astype(int)
    U = uncertainty_set(P, y, 2)
    C = {}
    def shifted(k, s, lam=None):
        t = U.tau.copy(); t[k] += s
        return learning_form(P, UncertaintySet(t, U.lambda_ if lam is None else lam, 2))
    C['R1 fails: tau_0 +2 (intercept)'] = shifted(0, 2.0)
    C['R1 fails: tau_1 +5 (feature)'] = shifted(1, 5.0)
    C['R1 fails: tau_1 +5, lam=1e-9'] = shifted(1, 5.0, np.full(8, 1e-9))
    C['R1 fails: tau_1 +5, lam=0'] = shifted(1, 5.0, np.zeros(8))
    mx = P[:, 1].max(); t = U.tau.copy(); t[1] = mx * 0.5 + U.lambda_[1] * 1.01 + 1e-3  # barely outside in class 0 block
    # nearly unbounded: tau just outside the hull of class-0 block (half mass max) by a hair
    t = U.tau.copy(); t[1] = 0.5 * np.abs(P[:, 1]).max() + 0.5 * 0 + U.lambda_[1] + 0.05
    C['R1 fails barely (+0.05)'] = learning_form(P, UncertaintySet(t, U.lambda_, 2))
    # multiclass shifted
    y3 = r.integers(0, 3, 30); U3 = uncertainty_set(P, y3, 3); t3 = U3.tau.copy(); t3[5] += 3
    C['R1 fails: 3 classes'] = learning_form(P, UncertaintySet(t3, U3.lambda_, 3))
    # zero lambda comps with a_j != 0, hand-made dense: column j unseen by F -> unbounded ray
    F = r.normal(size=(6, 3)); F[:, 2] = 0
    C['dense: lam_2=0, a_2=1, F col 2 = 0 (ray)'] = Form(np.array([0., 0, 1]), np.array([1., 1, 0]), DenseRows(F, r.normal(size=6)))
    C['dense: lam_2=0.5, a_2=1, F col 2 = 0 (ray)'] = Form(np.array([0., 0, 1]), np.array([1., 1, .5]), DenseRows(F, r.normal(size=6)))
    F2 = r.normal(size=(6, 3)); F2[:, 2] = np.abs(F2[:, 2]) + 0.1  # all positive: d=-e2 decreases max while a=... 
    C['dense: lam=0, a=(0,0,-1), F col 2 > 0, bounded?'] = Form(np.array([0., 0, -0.05]), np.array([1., 1, 0]), DenseRows(F2, r.normal(size=6)))
    C['dense: lam=0, a=(0,0,-5), F col 2 in (.1,..) ray'] = Form(np.array([0., 0, -50]), np.array([1., 1, 0]), DenseRows(F2, r.normal(size=6)))
    # subset rows, hand-made zero lambda comps, a_j != 0 on column no feature sees (feature zero)
    Pz = P.copy(); Pz[:, 3] = 0
    Uz = uncertainty_set(Pz, y, 2); a = -Uz.tau.copy(); lam = Uz.lambda_.copy(); lam[3] = 0; a[3] = 0.3
    C['subset: feature zero, lam_j=0, a_j=.3 (ray)'] = Form(a, lam, SubsetRows(Pz, 2))
    a = -U.tau.copy(); lam = U.lambda_.copy(); lam[[1, 5]] = 0
    C['subset: lam_1,5=0 (bounded)'] = Form(a, lam, SubsetRows(P, 2, y))
    # tiny features 1e-10
    Pt = P.copy(); Pt[:, 1:] *= 1e-10; Ut = uncertainty_set(Pt, y, 2)
    C['tiny features 1e-10 (bounded)'] = learning_form(Pt, Ut)
    tt = Ut.tau.copy(); tt[1] += 1e-9
    C['tiny features 1e-10, tau_1 + 1e-9 (R1?)'] = learning_form(Pt, UncertaintySet(tt, Ut.lambda_, 2))
    # absent class: 3 classes, labels 0,1 only, lambda ~1e-8 on the absent class
    U3a = uncertainty_set(P, y, 3)
    C['absent class (3 cls, y in {0,1})'] = learning_form(P, U3a)
    lam = U3a.lambda_.copy(); lam[lam == 0] = 1e-8
    C['absent class, lam 1e-8 there'] = Form(-U3a.tau, np.maximum(U3a.lambda_, 1e-8), SubsetRows(P, 3, y))
    C['bounded baseline'] = learning_form(P, U)
    return C

CALLS = {
 'auto': lambda f: solve(f, 'auto'),
 'ipm': lambda f: solve(f, 'ipm'),
 'ipm tol=1e-2': lambda f: solve(f, 'ipm', tol=1e-2),
 'ipm max_iter=5': lambda f: solve(f, 'ipm', max_iter=5),
 'ipm max_pairs=10,max_cols=2': lambda f: solve(f, 'ipm', max_pairs=10, max_cols=2, max_flops=0),
 'ipm target=0': lambda f: solve(f, 'ipm', target=0.0),
 'degenerate': lambda f: solve(f, 'degenerate'),
 'degenerate tol=1e-2': lambda f: solve(f, 'degenerate', tol=1e-2),
 'lp': lambda f: solve(f, 'lp'),
 'lp highs-ds': lambda f: solve(f, 'lp', method='highs-ds'),
 'lp tol=1e-2': lambda f: solve(f, 'lp', tol=1e-2),
 'solve_tiny': lambda f: solve_tiny(f),
 'bsm': lambda f: solve(f, 'bsm', max_iter=2000),
 'asm': lambda f: solve(f, 'asm', max_iter=2000),
 'ebsm': lambda f: solve(f, 'ebsm', max_iter=2000),
 'easm': lambda f: solve(f, 'easm', max_iter=2000),
 'easm-r': lambda f: solve(f, 'easm-r', max_iter=2000, restart=500),
}

def run_one(f, call):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try:
            s = call(f)
            cert = getattr(s, 'certified', None)
            unc = getattr(s, 'uncertified', None)
            out = f'value {s.value:.4g} lower {s.lower:.3g} cert={cert}' + (f' {s.status}' if hasattr(s, 'status') else '')
        except UnboundedError as e: out = 'UnboundedError' + (' R1' if 'R1' in str(e) else '')
        except Exception as e: out = f'{type(e).__name__}: {str(e)[:60]}'
    ws = sorted({type(x.message).__name__ if not issubclass(x.category, RuntimeWarning) else 'RW:' + str(x.message)[:25] for x in w})
    return out + (f'  [warn: {"; ".join(ws)}]' if ws else '')

if __name__ == '__main__':
    C = corpus()
    sel = sys.argv[1:] or list(CALLS)
    for name, f in C.items():
        print('##', name, flush=True)
        for c in sel:
            t = time.time()
            print(f'   {c:30s} {run_one(f, CALLS[c])}  ({time.time()-t:.1f}s)', flush=True)
