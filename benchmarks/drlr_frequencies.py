"""DRLR at the paper's 500 random Fourier frequencies against the 100 of the committed Table 2 and Figure 4 runs.

    .venv/bin/python benchmarks/drlr_frequencies.py     # about two minutes of CPU; prints a markdown table

On the first split of Table 2 (80% stratified training) of each dataset, DRLR (ρ = 0.003, κ = 1) is fitted at the
smallest, middle and largest of the 20 candidate scales with 100 and with 500 frequencies, one BLAS thread, as
Table 2's jobs run. Times are CPU seconds of the process (time.process_time), which a loaded shared machine inflates
far less than wall time; the mean of the three scales is shown with the solver's iterations. The last line projects
the DRLR part of a full Table 2 run (9 datasets x 20 splits x 20 scales) from these means.
"""
import sys, time
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from threadpoolctl import threadpool_limits
from sklearn.model_selection import train_test_split
from mrc_lit.datasets import load_dataset
from mrc_lit.baselines import kernel_scale_grid
from mrc_lit.drlr import DRLR
from mrc_lit.experiments.table2 import DATASETS, FULL

COMPONENTS = (100, 500)
SCALES = (0, 10, 19)   # indices into the 20 candidates

def main():
    print('| dataset | N train | CPU s/fit, D = 100 | CPU s/fit, D = 500 | 500/100 | iterations (500) | test error (100 → 500) |')
    print('|---|---|---|---|---|---|---|')
    total = dict.fromkeys(COMPONENTS, 0.0)
    with threadpool_limits(1):
        for name in DATASETS:
            X, y = load_dataset(name)
            Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
            sigmas = kernel_scale_grid(Xtr, FULL['n_scales'])
            t, it, err = {}, {}, {}
            for D in COMPONENTS:
                ts, its, errs = [], [], []
                for k in SCALES:
                    t0 = time.process_time()
                    d = DRLR(n_components=D, sigma=sigmas[k], random_state=0).fit(Xtr, ytr)
                    ts.append(time.process_time() - t0); its.append(d.n_iter_); errs.append(np.mean(d.predict(Xte) != yte))
                t[D], it[D], err[D] = np.mean(ts), its, np.mean(errs)
                total[D] += t[D]
            print(f'| {name} | {len(ytr)} | {t[100]:.2f} | {t[500]:.2f} | {t[500] / t[100]:.1f} | {it[500]} | '
                  f'{err[100]:.3f} → {err[500]:.3f} |')
    n = FULL['n_splits'] * FULL['n_scales']
    print(f'\nDRLR in a full Table 2 run ({n} fits per dataset): {total[100] * n / 60:.0f} CPU min at D = 100, '
          f'{total[500] * n / 60:.0f} CPU min at D = 500.')

if __name__ == '__main__': main()
