"""The binary hinge rows' factor (chapter 03cb) against the whole factor (`row_factor`, chapter 03c), on the first
working set of Table 1 learning problems (every pair, every column, at the interior point method's starting point).

    .venv/bin/python benchmarks/binary_factor.py [--sets qsar:250,qsar:500,diabetes:500] [--repeats 7]

Each set is `name:frequencies` (default σ, 80/20 split as benchmarks/compare.py). For single and double precision the
two factors (forming the class blocks included) and one solve with each are timed in turn, `repeats` times, on one
BLAS thread (what the default uses below 2,000 pairs); the best of each is printed with the load average."""
import argparse, time
import numpy as np
from sklearn.model_selection import train_test_split
from mrc_lit.datasets import load_dataset
from mrc_lit.features import make_feature_map
from mrc_lit.uncertainty import uncertainty_set
from mrc_lit.learning import learning_form
from mrc_lit.solvers.structure import Structure, WorkingSet
from mrc_lit.solvers.factors import blas
from mrc_lit.solvers.normal import initial_point, row_factor
from mrc_lit.solvers.binary import binary_factor

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument('--sets', default='qsar:250,qsar:500,diabetes:500'); ap.add_argument('--repeats', type=int, default=7)
args = ap.parse_args()
print('| set | D | rows | whole single ms | block single ms | whole double ms | block double ms | '
      'one solve whole / block (single) ms | load |\n|---|---|---|---|---|---|---|---|---|')
for spec in args.sets.split(','):
    name, fr = spec.split(':')
    X, y = load_dataset(name); y = np.unique(y, return_inverse=True)[1]
    Xtr, _, ytr, _ = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
    Psi = make_feature_map('fourier', int(fr), None, 0).fit(Xtr, ytr).transform(Xtr)
    st = Structure(learning_form(Psi, uncertainty_set(Psi, ytr, 2)))
    ws = WorkingSet(st, np.array([(i, k) for k in range(2) for i in range(st.n)]), np.arange(st.m))
    x = initial_point(ws)
    Dmu = x.u / x.zu + x.w / x.zw; Dt = x.t / x.zt; diag = x.s / x.p; diag[:ws.nb] += Dt
    c = np.bincount(ws.hinst, weights=Dt, minlength=ws.ni) + x.sig / x.pi
    r = np.random.default_rng(0).normal(size=ws.nr)
    best = {}
    with blas().limit(limits=1, user_api='blas'):
        for _ in range(args.repeats):
            for single in (True, False):
                for key, factor in (('whole', lambda *a: row_factor(*a[:5], None, a[5])), ('block', binary_factor)):
                    t = time.perf_counter(); f = factor(ws, Dmu, diag, Dt, c, single); tf = time.perf_counter() - t
                    t = time.perf_counter(); f(r); ts = time.perf_counter() - t
                    b = best.get((key, single), (np.inf, np.inf)); best[key, single] = (min(b[0], tf), min(b[1], ts))
    ms = lambda k, s, i: f'{1e3 * best[k, s][i]:.1f}'
    print(f"| {name} | {st.D} | {ws.nr} | {ms('whole', True, 0)} | {ms('block', True, 0)} | {ms('whole', False, 0)} | "
          f"{ms('block', False, 0)} | {ms('whole', True, 1)} / {ms('block', True, 1)} | "
          f"{open('/proc/loadavg').read().split()[0]} |", flush=True)
