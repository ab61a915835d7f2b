"""The default solver's existing options on binary problems at D = 1001 (issue 24.4: where the time goes against MRCpy).

    .venv/bin/python benchmarks/ipm_options.py [--datasets qsar,diabetes,credit] [--repeats 2]

For each dataset (80% stratified training split, standardized; 500 random Fourier frequencies with MRCpy's σ, λ0 = 0.3:
the learning problem of benchmarks/mrcpy.py) `solve_ipm` runs with each option set below, the sets alternating within
each repeat; the fastest time of each is kept. Prints time, its ratio to the defaults, iterations, the certified gap,
and the value's difference from the defaults' (the solver is exact: it must stay at rounding level)."""
import argparse, sys, time
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from mrc_lit.datasets import load_dataset
from mrc_lit.features import make_feature_map
from mrc_lit.uncertainty import uncertainty_set
from mrc_lit.learning import learning_form
from mrc_lit.solvers.ipm import solve_ipm
from mrc_lit.solvers import finish, newton

OPTIONS = {   # name -> keyword arguments of solve_ipm (max_flops=0 lets max_pairs choose a sampled start), or, for names
              # starting 'const', {module: {constant: value}}: the solver's tuning constants set in this process only
    'defaults': {},
    'threads=2': dict(threads=2),
    'mixed_precision=False': dict(mixed_precision=False),
    'correctors=0': dict(correctors=0),
    'max_cols=1000': dict(max_cols=1000),
    'max_cols=500': dict(max_cols=500),
    'sampled start, max_pairs=1000': dict(max_pairs=1000, max_flops=0),
    'sampled start, max_pairs=500': dict(max_pairs=500, max_flops=0),
    'max_pairs=1000, max_cols=1000': dict(max_pairs=1000, max_flops=0, max_cols=1000),
    'const SHRINK_FROM_ERR=0.1': {finish: dict(SHRINK_FROM_ERR=0.1)},
    'const SHRINK_FROM_ERR=0.03': {finish: dict(SHRINK_FROM_ERR=0.03)},
    'const PRECISE_ERR=1e-9': {newton: dict(PRECISE_ERR=1e-9)},
    'const SINGLE_MAX_ERR=(1e-4, 1e-3)': {finish: dict(SINGLE_MAX_ERR=(1e-4, 1e-3))},
    'const SHRINK_FROM_ERR=0.1, PRECISE_ERR=1e-9, SINGLE_MAX_ERR=(1e-4, 1e-3)':
        {finish: dict(SHRINK_FROM_ERR=0.1, SINGLE_MAX_ERR=(1e-4, 1e-3)), newton: dict(PRECISE_ERR=1e-9)},
}

def run(f, name):
    o = OPTIONS[name]
    if not name.startswith('const'): return solve_ipm(f, **o)
    old = {m: {k: getattr(m, k) for k in v} for m, v in o.items()}
    try:
        for m, v in o.items():
            for k, x in v.items(): setattr(m, k, x)
        return solve_ipm(f)
    finally:
        for m, v in old.items():
            for k, x in v.items(): setattr(m, k, x)

def form(name):
    X, y = load_dataset(name); y = np.unique(y, return_inverse=True)[1]
    Xtr, _, ytr, _ = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
    Xtr = StandardScaler().fit_transform(Xtr)
    Psi = make_feature_map('fourier', 500, float(np.sqrt(Xtr.shape[1] * Xtr.var() / 2)), 0).fit(Xtr, ytr).transform(Xtr)
    return learning_form(Psi, uncertainty_set(Psi, ytr, 2)), len(ytr)

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--datasets', default='qsar,diabetes,credit'); ap.add_argument('--repeats', type=int, default=2)
    args = ap.parse_args()
    print('| dataset | options | best s | / defaults | iterations | certified gap | value − defaults\' | load |')
    print('|---|---|---|---|---|---|---|---|')
    for name in args.datasets.split(','):
        f, n = form(name)
        best, sols = {k: np.inf for k in OPTIONS}, {}
        for _ in range(args.repeats):
            for k in OPTIONS:
                t = time.perf_counter(); sols[k] = run(f, k); best[k] = min(best[k], time.perf_counter() - t)
        load = open('/proc/loadavg').read().split()[0]
        for k in OPTIONS:
            s = sols[k]
            print(f"| {name} {n} | {k} | {best[k]:.2f} | {best[k] / best['defaults']:.2f} | {s.n_iter} | {s.gap:.0e} "
                  f"| {s.value - sols['defaults'].value:.1e} | {load} |", flush=True)
