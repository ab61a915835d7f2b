"""One BLAS thread or two for sub-second binary fits (issue 24 item 4), measured side by side in one run.

    .venv/bin/python benchmarks/small_threads.py qsar diabetes credit mammographic

Fits `MRC(random_state=0)` (defaults: 500 frequencies, D = 1001, λ0 = 0.3) on each bundled set (all rows,
standardized) three times with each setting, alternating: 'one' is the default (one BLAS thread for problems up to
`ONE_THREAD_MAX_PAIRS` starting pairs and factors up to `CHOL_ONE_THREAD_MAX` rows), 'two' sets both limits to 0 so
every step uses one thread per free core. Prints the best time of each and the load average.
"""
import sys, time
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sklearn.preprocessing import StandardScaler
import mrc_lit.solvers.ipm as ipm, mrc_lit.solvers.factors as factors
from mrc_lit.estimator import MRC
from mrc_lit.datasets import load_dataset

SETTINGS = {'one': (ipm.ONE_THREAD_MAX_PAIRS, factors.CHOL_ONE_THREAD_MAX), 'two': (0, 0)}

for name in sys.argv[1:] or ['qsar', 'diabetes', 'credit', 'mammographic']:
    X, y = load_dataset(name)
    X = StandardScaler().fit_transform(X)
    best = {}
    for rep in range(3):
        for var, (pairs, chol) in SETTINGS.items():
            ipm.ONE_THREAD_MAX_PAIRS, factors.CHOL_ONE_THREAD_MAX = pairs, chol
            t = time.perf_counter(); MRC(random_state=0).fit(X, y)
            best[var] = min(best.get(var, float('inf')), time.perf_counter() - t)
    print(name, X.shape, {k: round(v, 3) for k, v in best.items()}, f"two/one {best['two'] / best['one']:.2f}",
          'load', open('/proc/loadavg').read().split()[:3], flush=True)
