"""What chapter 03i's exact check costs on Figure 4's folds: per fold, the feature map (as Figure 4's MRC fits it)
and `singleton_risk` (distinct rows, residues mod p, Gaussian elimination mod p), with B, the rank found, the
distinct rows and whether the λ = 0 value is certified; the load average beside each.

    .venv/bin/python benchmarks/singleton_risk.py [mammographic credit qsar]"""
import os, sys, time
import numpy as np
from sklearn.model_selection import StratifiedKFold
from threadpoolctl import threadpool_limits
from mrc_lit.datasets import load_dataset
from mrc_lit.experiments.figure4 import FULL, fold_features
from mrc_lit.solvers.degenerate import singleton_risk

for name in sys.argv[1:] or ['mammographic']:
    X, y = load_dataset(name)
    folds = list(StratifiedKFold(FULL['n_folds'], shuffle=True, random_state=0).split(X, y))
    print(f'{name}: fold, n, distinct, rank, certified, B, features s, check s, load')
    for f, (tr, _) in enumerate(folds):
        with threadpool_limits(1):
            t0 = time.perf_counter(); feats = fold_features(X[tr], y[tr], FULL, f)
            t1 = time.perf_counter(); s = singleton_risk(*feats); t2 = time.perf_counter()
        print(f'  {f} {len(tr)} {s.n_distinct} {s.rank} {s.certified} {s.value:.6f} {t1 - t0:.2f} {t2 - t1:.2f} '
              f'{os.getloadavg()[0]:.2f}', flush=True)
