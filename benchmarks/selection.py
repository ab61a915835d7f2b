"""Model selection benchmark: `BoundSearch` (one fit per candidate on all the training data, the smallest upper
bound wins) against 10-fold `GridSearchCV(MRC())` on the same grid, side by side in one run.

    .venv/bin/python benchmarks/selection.py            # the ten bundled datasets (about 10 minutes on 2 cores)
    .venv/bin/python benchmarks/selection.py --quick    # 3 datasets, a 4-candidate grid, 3 folds (seconds)

Per dataset: an 80/20 stratified split (seed 0; training sets above 2000 points, i.e. adult, are subsampled to 2000
and its test set to 5000), the grid 5 kernel scales (`kernel_scale_grid`, the paper's) x lambda0 in {0.3, 1},
MRC(n_components=100, random_state=0). Three ways to pick a candidate, all one process, one BLAS thread:

* BoundSearch, lower bounds off (all that selection needs), candidates differing in lambda0 sharing Ψ and τ;
* the same selection by independent cold fits (`MRC(**params).fit`, argmin of `upper_bound_`): the sharing's gain,
  and a check that both pick the same candidate;
* GridSearchCV(cv=10) by accuracy, then its refit.

Printed: seconds of each, the ratios, the selected parameters and the test error of each selection's
deterministic rule (`predict`). The table replaces the section between the markers in results.md (--quick:
results_quick.md). Timings on a shared machine are noisy: the ratios are measured side by side.
"""
import argparse, os, sys, time
from pathlib import Path
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1'); os.environ.setdefault('OMP_NUM_THREADS', '1')
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sklearn.model_selection import GridSearchCV, ParameterGrid, train_test_split
from mrc_lit.estimator import MRC
from mrc_lit.datasets import load_dataset, list_datasets
from mrc_lit.baselines import kernel_scale_grid
from mrc_lit.selection import BoundSearch

FULL = dict(datasets=list_datasets(), n_scales=5, lambda0=[0.3, 1.0], n_components=100, folds=10)
QUICK = dict(datasets=['haberman', 'liver', 'blood'], n_scales=2, lambda0=[0.3, 1.0], n_components=20, folds=3)
MAX_TRAIN, MAX_TEST = 2000, 5000   # adult (48,842 points): a stratified subsample, so that 10-fold CV stays minutes
BEGIN, END = '<!-- begin selection benchmark -->', '<!-- end selection benchmark -->'
NOTE = ('BoundSearch fits each candidate once on all the training data where 10-fold CV fits it ten times on 90 % of '
        'them and refits the winner. Sharing Ψ and τ among the λ0 of one σ saves nothing measurable (cold / BS about '
        '1): building the features is a few percent of a fit, the solves are the rest. What would cut the time '
        "further is a warm start of each solve from its neighbour's μ, which the solver does not take yet.")


def split(name, seed=0):
    X, y = load_dataset(name)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.2, stratify=y, random_state=seed)
    if len(ytr) > MAX_TRAIN: Xtr, _, ytr, _ = train_test_split(Xtr, ytr, train_size=MAX_TRAIN, stratify=ytr, random_state=seed)
    if len(yte) > MAX_TEST: Xte, _, yte, _ = train_test_split(Xte, yte, train_size=MAX_TEST, stratify=yte, random_state=seed)
    return Xtr, Xte, ytr, yte


def timed(f):
    t0 = time.perf_counter(); out = f(); return out, time.perf_counter() - t0


def run(name, cfg):
    Xtr, Xte, ytr, yte = split(name)
    grid = {'sigma': [float(s) for s in kernel_scale_grid(Xtr, cfg['n_scales'])], 'lambda0': cfg['lambda0']}
    base = MRC(n_components=cfg['n_components'], random_state=0)
    bs, t_bs = timed(lambda: BoundSearch(base, grid, lower_bounds=False).fit(Xtr, ytr))
    cold, t_cold = timed(lambda: [MRC(n_components=cfg['n_components'], random_state=0, **p).fit(Xtr, ytr).upper_bound_
                                  for p in ParameterGrid(grid)])
    assert int(np.argmin(cold)) == bs.best_index_, (name, cold, bs.results_['upper_bound'])
    gs, t_gs = timed(lambda: GridSearchCV(base, grid, cv=cfg['folds'], n_jobs=1).fit(Xtr, ytr))
    err = lambda est: float(np.mean(est.predict(Xte) != yte))
    short = lambda p: f"σ={p['sigma']:.2f}, λ0={p['lambda0']:g}"
    return dict(dataset=name, n=len(ytr), candidates=len(bs.results_['params']), t_bs=t_bs, t_cold=t_cold, t_gs=t_gs,
                bs_params=short(bs.best_params_), gs_params=short(gs.best_params_), bs_error=err(bs), gs_error=err(gs),
                bound=bs.best_score_)


def table(rows, cfg):
    head = ('| dataset | n | BoundSearch s | cold fits s | GridSearchCV s | GS / BS | cold / BS | BS choice | GS choice '
            '| BS test error | GS test error | BS bound |')
    lines = [head, '|' + '---|' * (head.count('|') - 1)]
    for r in rows:
        lines.append(f"| {r['dataset']} | {r['n']} | {r['t_bs']:.1f} | {r['t_cold']:.1f} | {r['t_gs']:.1f} | "
                     f"{r['t_gs'] / r['t_bs']:.1f} | {r['t_cold'] / r['t_bs']:.2f} | {r['bs_params']} | {r['gs_params']} | "
                     f"{r['bs_error']:.3f} | {r['gs_error']:.3f} | {r['bound']:.3f} |")
    ratio = np.array([r['t_gs'] / r['t_bs'] for r in rows]); share = np.array([r['t_cold'] / r['t_bs'] for r in rows])
    d = np.array([r['bs_error'] - r['gs_error'] for r in rows])
    summary = (f"GridSearchCV({cfg['folds']} folds) / BoundSearch time: median {np.median(ratio):.1f}x "
               f"(range {ratio.min():.1f}-{ratio.max():.1f}); cold fits / BoundSearch: median {np.median(share):.2f}x; "
               f"test error BoundSearch - GridSearchCV: mean {d.mean():+.3f}, BoundSearch lower on {np.sum(d < 0)}, "
               f"equal on {np.sum(d == 0)}, higher on {np.sum(d > 0)} of {len(d)} datasets.")
    return lines, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--out', default=str(ROOT / 'benchmarks' / 'results.md'))
    a = ap.parse_args()
    cfg = QUICK if a.quick else FULL
    rows = []
    for name in cfg['datasets']:
        rows.append(run(name, cfg))
        r = rows[-1]
        print(f"{name:13s} BS {r['t_bs']:6.1f}s  cold {r['t_cold']:6.1f}s  GS {r['t_gs']:7.1f}s  "
              f"error BS {r['bs_error']:.3f} GS {r['gs_error']:.3f}", flush=True)
    lines, summary = table(rows, cfg)
    print(summary)
    section = '\n'.join([BEGIN, '## Model selection: BoundSearch against 10-fold GridSearchCV', '',
                         f"`benchmarks/selection.py`{' --quick' if a.quick else ''}: grid {cfg['n_scales']} kernel scales x "
                         f"lambda0 {cfg['lambda0']}, MRC(n_components={cfg['n_components']}), one process; seconds on a "
                         'shared 2-core machine. BoundSearch without lower bounds; "cold fits": every candidate fitted '
                         'independently (same choice, checked). Test error of `predict` (h_d) of each selection.', '',
                         *lines, '', summary, '', NOTE, END])
    out = Path(a.out if not a.quick else str(Path(a.out).with_name('results_quick.md')))
    text = out.read_text() if out.exists() else ''
    if BEGIN in text: text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else: text = text.rstrip('\n') + '\n\n' + section + '\n'
    out.write_text(text)


if __name__ == '__main__':
    main()
