"""Model selection benchmark: `BoundSearch` (one fit per candidate on all the training data, the smallest upper
bound wins), with and without warm starts, against 10-fold `GridSearchCV(MRC())` on the same grid, side by side in
one run.

    .venv/bin/python benchmarks/selection.py            # the ten bundled datasets (about 15 minutes on 2 quiet cores)
    .venv/bin/python benchmarks/selection.py --quick    # 3 datasets, a 4-candidate grid, 3 folds (seconds)
    .venv/bin/python benchmarks/selection.py --target [DATASET ...]   # issue 21's target alone: searches against one fit

Per dataset: an 80/20 stratified split (seed 0; training sets above 1000 points, i.e. adult, are subsampled to 1000
and its test set to 5000), the grid: the paper's 20 kernel scales (`kernel_scale_grid`) at lambda0 = 0.3,
MRC(n_components=100, random_state=0). All one process, one BLAS thread:

* BoundSearch with warm starts (each σ's solve starts from its neighbour's optimum, chapter 03j), lower bounds off
  (all that selection needs);
* the same with `warm_start=False`: every candidate fitted cold, the reference for the warm start's gain and a check
  that both select the same candidate;
* the same with `prune=True` (chapter 16a): candidates bounded by certified intervals (loose solves of every 2nd, farther
  apart where R̄ climbs away from the best, neighbours' duals, runs with a target stop, each started from the nearest
  candidate's last interior point), those
  whose interval lies above another's skipped, the rest solved, best first; checked to select a candidate with the
  cold search's smallest R̄, with the cold R̄ on every fitted candidate and inside the reported interval on every
  skipped one;
  the three alternate, REPEATS times each, and the fastest time of each is kept;
* GridSearchCV(cv=10) by accuracy, then its refit.

Printed: seconds of each, the ratios, how many cold fits the warm and pruned grids cost (time over the mean cold fit), the
selected σ and the test error of each selection's deterministic rule (`predict`). The table replaces the section
between the markers in results.md (--quick: results_quick.md), with the load average before and after.

--target measures issue 21's target alone (no GridSearchCV, nothing written): each 20-point search (cold, warm,
pruned) over the time of one cold `MRC.fit` at the σ the cold search selects, all alternating, and prints a table.
"""
import argparse, os, sys, time
from pathlib import Path
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1'); os.environ.setdefault('OMP_NUM_THREADS', '1')
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, ParameterGrid, train_test_split
from mrc_lit.estimator import MRC
from mrc_lit.datasets import load_dataset, list_datasets
from mrc_lit.baselines import kernel_scale_grid
from mrc_lit.selection import BoundSearch
from mrc_lit.pruning import TIE_MARGIN

FULL = dict(datasets=list_datasets(), n_scales=20, lambda0=[0.3], n_components=100, folds=10)
QUICK = dict(datasets=['haberman', 'liver', 'blood'], n_scales=4, lambda0=[0.3], n_components=20, folds=3)
MAX_TRAIN, MAX_TEST = 1000, 5000   # adult (48,842 points): a stratified subsample, so that 10-fold CV stays minutes
REPEATS = 2                        # warm and cold BoundSearch alternate this many times; the fastest of each is kept
BEGIN, END = '<!-- begin selection benchmark -->', '<!-- end selection benchmark -->'
NOTE = ('Warm and cold BoundSearch give the same bounds to 1e-8 and so the same choice up to ties (checked); the warm '
        'start changes only the path of each solve. GridSearchCV fits each candidate ten times on 90 % of the data and refits the '
        'winner; BoundSearch fits it once.')


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
    t_warm, t_cold, t_pr = [], [], []
    for _ in range(REPEATS):
        warm, t = timed(lambda: BoundSearch(base, grid, lower_bounds=False).fit(Xtr, ytr)); t_warm.append(t)
        cold, t = timed(lambda: BoundSearch(base, grid, lower_bounds=False, warm_start=False).fit(Xtr, ytr)); t_cold.append(t)
        pr, t = timed(lambda: BoundSearch(base, grid, lower_bounds=False, prune=True).fit(Xtr, ytr)); t_pr.append(t)
    # the same bounds, so the same choice up to ties within 1e-8 (liver: every scale at the majority-class bound)
    assert np.allclose(warm.results_['upper_bound'], cold.results_['upper_bound'], rtol=0, atol=1e-8), name
    assert cold.results_['upper_bound'][warm.best_index_] <= cold.best_score_ + 1e-8, name
    R, r, fitted = cold.results_['upper_bound'], pr.results_, ~pr.results_['pruned']
    assert np.allclose(r['upper_bound'][fitted], R[fitted], rtol=0, atol=1e-8) and abs(pr.best_score_ - cold.best_score_) <= TIE_MARGIN + 1e-9, name
    assert (r['upper_low'] <= R + 1e-8).all() and (R <= r['upper_high'] + 1e-8).all(), name
    gs, t_gs = timed(lambda: GridSearchCV(base, grid, cv=cfg['folds'], n_jobs=1).fit(Xtr, ytr))
    err = lambda est: float(np.mean(est.predict(Xte) != yte))
    short = lambda p: f"σ={p['sigma']:.2f}" + (f", λ0={p['lambda0']:g}" if len(cfg['lambda0']) > 1 else '')
    n = len(warm.results_['params'])
    return dict(dataset=name, n=len(ytr), candidates=n, t_bs=min(t_warm), t_cold=min(t_cold), t_gs=t_gs,
                cold_fits=min(t_warm) / (min(t_cold) / n), t_pr=min(t_pr), pr_fitted=int(fitted.sum()),
                pr_cold_fits=min(t_pr) / (min(t_cold) / n), bs_params=short(warm.best_params_), gs_params=short(gs.best_params_),
                bs_error=err(warm), gs_error=err(gs), bound=warm.best_score_)


def run_target(name, cfg):
    """Issue 21's target: the 20-point search against one cold `MRC.fit` at the σ it selects, cold, warm and pruned
    (screened) searches and that fit alternating REPEATS times, the fastest of each kept; the selections compared"""
    Xtr, _, ytr, _ = split(name)
    grid = {'sigma': [float(s) for s in kernel_scale_grid(Xtr, cfg['n_scales'])], 'lambda0': cfg['lambda0']}
    base, t = MRC(n_components=cfg['n_components'], random_state=0), {}
    for _ in range(REPEATS):
        for v, kw in (('cold', dict(warm_start=False)), ('warm', {}), ('pruned', dict(prune=True))):
            bs, s = timed(lambda: BoundSearch(base, grid, lower_bounds=False, **kw).fit(Xtr, ytr)); t.setdefault(v, []).append(s)
            if v == 'cold': cold, best = bs, bs.best_params_
            if v == 'pruned': pr = bs
        _, s = timed(lambda: clone(base).set_params(**best).fit(Xtr, ytr)); t.setdefault('fit', []).append(s)
    R = cold.results_['upper_bound']
    fit, same = min(t['fit']), pr.best_index_ == cold.best_index_
    tie = R[pr.best_index_] - R.min()   # a tie within TIE_MARGIN may select another candidate
    assert same or tie <= TIE_MARGIN + 1e-9, name
    return dict(dataset=name, n=len(ytr), fit=fit, **{v: min(t[v]) / fit for v in ('cold', 'warm', 'pruned')},
                solved=int((~pr.results_['pruned']).sum()), same=same, tie=tie, sigma=best['sigma'],
                mean_fit=min(t['cold']) / len(R))


def target_table(rows, load0, load1):
    lines = [f'Load average {" ".join(load0)} before, {" ".join(load1)} after.', '',
             '| dataset | n | one cold fit s (selected σ) | cold search / fit | warm search / fit | pruned search / fit '
             '| solved of 20 | pruned / mean cold fit | same selection |', '|' + '---|' * 9]
    for r in rows:
        same = 'yes' if r['same'] else f"tie ({r['tie']:.0e})"
        lines.append(f"| {r['dataset']} | {r['n']} | {r['fit']:.3f} | {r['cold']:.1f} | {r['warm']:.1f} | {r['pruned']:.1f} | "
                     f"{r['solved']} | {r['pruned'] * r['fit'] / r['mean_fit']:.1f} | "
                     f"{same} |")
    p = np.array([r['pruned'] for r in rows])
    lines += ['', f'Pruned search / one cold fit: median {np.median(p):.1f} (range {p.min():.1f}-{p.max():.1f}).']
    return '\n'.join(lines)


def table(rows, cfg):
    head = ('| dataset | n | warm BS s | cold BS s | cold / warm | warm grid in cold fits | pruned BS s | cold / pruned '
            '| candidates fitted | pruned grid in cold fits | GridSearchCV s | GS / warm BS '
            '| BS choice | GS choice | BS test error | GS test error | BS bound |')
    lines = [head, '|' + '---|' * (head.count('|') - 1)]
    for r in rows:
        lines.append(f"| {r['dataset']} | {r['n']} | {r['t_bs']:.1f} | {r['t_cold']:.1f} | {r['t_cold'] / r['t_bs']:.2f} | "
                     f"{r['cold_fits']:.1f} of {r['candidates']} | {r['t_pr']:.1f} | {r['t_cold'] / r['t_pr']:.2f} | {r['pr_fitted']} | "
                     f"{r['pr_cold_fits']:.1f} | {r['t_gs']:.1f} | {r['t_gs'] / r['t_bs']:.1f} | "
                     f"{r['bs_params']} | {r['gs_params']} | {r['bs_error']:.3f} | {r['gs_error']:.3f} | {r['bound']:.3f} |")
    ratio = np.array([r['t_gs'] / r['t_bs'] for r in rows]); warm = np.array([r['t_cold'] / r['t_bs'] for r in rows])
    fits = np.array([r['cold_fits'] for r in rows])
    pr = np.array([r['t_cold'] / r['t_pr'] for r in rows]); pfits = np.array([r['pr_cold_fits'] for r in rows])
    nfit = np.array([r['pr_fitted'] for r in rows])
    d = np.array([r['bs_error'] - r['gs_error'] for r in rows])
    summary = (f"Warm starts: cold / warm BoundSearch median {np.median(warm):.2f}x (range {warm.min():.2f}-{warm.max():.2f}); "
               f"the warm {rows[0]['candidates']}-candidate grid costs a median {np.median(fits):.1f} cold fits "
               f"(range {fits.min():.1f}-{fits.max():.1f}). Pruning: cold / pruned median {np.median(pr):.2f}x (range "
               f"{pr.min():.2f}-{pr.max():.2f}), {np.median(nfit):.0f} candidates fitted (median; range {nfit.min()}-{nfit.max()}), "
               f"the pruned grid costs a median {np.median(pfits):.1f} cold fits (range {pfits.min():.1f}-{pfits.max():.1f}). GridSearchCV({cfg['folds']} folds) / warm BoundSearch time: "
               f"median {np.median(ratio):.1f}x (range {ratio.min():.1f}-{ratio.max():.1f}). "
               f"Test error BoundSearch - GridSearchCV: mean {d.mean():+.3f}, BoundSearch lower on {np.sum(d < 0)}, "
               f"equal on {np.sum(d == 0)}, higher on {np.sum(d > 0)} of {len(d)} datasets.")
    return lines, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--target', nargs='*', help="issue 21's target alone (no GridSearchCV), printed, on these datasets (default: all)")
    ap.add_argument('--out', default=str(ROOT / 'benchmarks' / 'results.md'))
    a = ap.parse_args()
    cfg = QUICK if a.quick else FULL
    rows, load0 = [], open('/proc/loadavg').read().split()[:3]
    if a.target is not None:
        for name in a.target or cfg['datasets']:
            rows.append(run_target(name, cfg)); print(rows[-1], flush=True)
        return print(target_table(rows, load0, open('/proc/loadavg').read().split()[:3]))
    for name in cfg['datasets']:
        rows.append(run(name, cfg))
        r = rows[-1]
        print(f"{name:13s} warm BS {r['t_bs']:6.1f}s  cold BS {r['t_cold']:6.1f}s  pruned {r['t_pr']:6.1f}s ({r['pr_fitted']} fitted)  GS {r['t_gs']:7.1f}s  "
              f"error BS {r['bs_error']:.3f} GS {r['gs_error']:.3f}", flush=True)
    lines, summary = table(rows, cfg)
    load1 = open('/proc/loadavg').read().split()[:3]
    print(summary)
    section = '\n'.join([BEGIN, '## Model selection: BoundSearch against 10-fold GridSearchCV', '',
                         f"`benchmarks/selection.py`{' --quick' if a.quick else ''}: grid {cfg['n_scales']} kernel scales x "
                         f"lambda0 {cfg['lambda0']}, MRC(n_components={cfg['n_components']}), one process; seconds on a "
                         f"shared 2-core machine, load average {' '.join(load0)} before and {' '.join(load1)} after. "
                         'BoundSearch without lower bounds, warm (default), cold (`warm_start=False`) and pruned (`prune=True`), the fastest of '
                         f'{REPEATS} alternating runs each. Test error of `predict` (h_d) of each selection.', '',
                         *lines, '', summary, '', NOTE, END])
    out = Path(a.out if not a.quick else str(Path(a.out).with_name('results_quick.md')))
    text = out.read_text() if out.exists() else ''
    if BEGIN in text: text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else: text = text.rstrip('\n') + '\n\n' + section + '\n'
    out.write_text(text)


if __name__ == '__main__':
    main()
