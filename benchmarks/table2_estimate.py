"""How long Table 2's full run takes: split 0 of every dataset in `table2.FULL`, each method's part timed apart (CPU
seconds of this process and wall seconds), then times 20 splits.

    nice -n 10 .venv/bin/python benchmarks/table2_estimate.py            # the nine datasets (about 10 minutes)
    .venv/bin/python benchmarks/table2_estimate.py --datasets haberman   # one

The parts are what `table2.run_split` computes: SVM-CV (10-fold CV over the scales, then the SVM's test error at every
scale), SVM-PAC, DRLR and the MRC (`mrc_columns`: one warm-started BoundSearch with R̲ of h^U, then both bounds of h_d
at every scale). `reproduce(methods=('mrc',), base='table2.csv')` runs the last part alone. One BLAS thread, as the
run's jobs use; the load average is printed before and after each dataset (CPU seconds are inflated less by other
processes than wall seconds, but not unaffected: caches and memory bandwidth are shared).
"""
import argparse, os, sys, time
from pathlib import Path
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1'); os.environ.setdefault('OMP_NUM_THREADS', '1')
import numpy as np
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from threadpoolctl import threadpool_limits
from mrc_lit.baselines import kernel_scale_grid, svm_cv, gaussian_svm
from mrc_lit.experiments.table2 import FULL, _split, pac_columns, drlr_columns, mrc_columns

PARTS = ('svm', 'pac', 'drlr', 'mrc')


def clock(f):
    c, w = time.process_time(), time.perf_counter(); f(); return time.process_time() - c, time.perf_counter() - w


def one(name, cfg):
    Xtr, Xte, ytr, yte = _split(name, 0)
    sig = kernel_scale_grid(Xtr, cfg['n_scales'])
    def svm():
        svm_cv(Xtr, ytr, sig, n_splits=cfg['cv_folds'], random_state=0)
        for s in sig: gaussian_svm(s).fit(Xtr, ytr).predict(Xte)
    return len(ytr), {'svm': clock(svm),
                      'pac': clock(lambda: [pac_columns(Xtr, ytr, Xte, yte, s, 0) for s in sig]),
                      'drlr': clock(lambda: [drlr_columns(Xtr, ytr, Xte, yte, s, 0, cfg['drlr_components']) for s in sig]),
                      'mrc': clock(lambda: mrc_columns(Xtr, ytr, Xte, yte, sig, 0, cfg['n_components']))}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--datasets', nargs='*', default=FULL['datasets'])
    a = ap.parse_args()
    print('| dataset (training n) | ' + ' | '.join(f'{p} CPU s (wall)' for p in PARTS) + ' | all CPU s | load before, after |')
    print('|---' * (len(PARTS) + 3) + '|')
    total = dict.fromkeys(PARTS, 0.0)
    with threadpool_limits(1):
        for name in a.datasets:
            l0 = open('/proc/loadavg').read().split()[0]
            n, t = one(name, FULL)
            l1 = open('/proc/loadavg').read().split()[0]
            for p in PARTS: total[p] += t[p][0]
            print(f'| {name} ({n}) | ' + ' | '.join(f'{t[p][0]:.1f} ({t[p][1]:.1f})' for p in PARTS)
                  + f' | {sum(v[0] for v in t.values()):.1f} | {l0}, {l1} |', flush=True)
    k = FULL['n_splits']
    print(f"\nOne split of each: {sum(total.values()):.0f} CPU s, of which the MRC {total['mrc']:.0f} s. Times {k} splits: "
          f"every column {k * sum(total.values()) / 60:.0f} CPU min, the MRC's columns alone {k * total['mrc'] / 60:.0f} CPU min.")


if __name__ == '__main__':
    main()
