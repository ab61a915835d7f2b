"""mrc_lit's default fit against MRCpy 3.0.0's default (`solver='subgrad'`) at matched features (issue 24.4).

    .venv/bin/python benchmarks/mrcpy.py --mrcpy /path/to/mrcpy-venv/bin/python [--repeats 3] [--datasets a,b,c] [--reduced 5000] [--threads default,free] [--estimator fixed]

MRCpy lives in its own virtual environment (`pip install --no-deps MRCpy==3.0.0` plus numpy, scipy, scikit-learn,
pandas, cvxpy): this script starts one persistent worker process in that interpreter (this same file, `--worker`)
and one in ours, loads each problem into both, then times `fit` in them in turn, `repeats` times each, alternating.
Both workers time only `fit` (feature map, τ and λ, and the solve) with `time.perf_counter`, so interpreter start-up,
imports and data loading count for neither.

Problems: every bundled dataset (`mrc_lit.datasets`, the paper's Table 1) and three multiclass sets — scikit-learn's
digits (10 classes), and MRCpy's bundled red wine (6 classes) and image segmentation (7 classes). Each is split 80/20
(stratified, seed 0) and standardized with the training split's mean and deviation. Matched features: MRCpy
`phi='fourier', n_components=1000` is 500 frequencies, D = 1001, like our `MRC()` default; s = λ0 = 0.3. MRCpy
picks its kernel scale as σ = sqrt(d · var(X) / 2) (`sigma='scale'`, var over all entries of X); we pass the same σ
to our `MRC(sigma=...)`, which applies it to the same standardized inputs. Both seeds 0 (the frequencies differ).

Reported beside the times: the test error of the deterministic rule h_d of each (MRCpy's default is
`deterministic=True`), our minimax risk R(U) (the upper bound of h^U, Theorem 5 and Corollary 6) with its certified
gap, and MRCpy's `upper_` (the subgradient's best value; its binary problems use a ±Ψ map rather than e_y ⊗ Ψ, so
the values differ from ours there; for multiclass its subgradient objective scores a label subset C by Σ_C Φᵀμ + 1 − 1/|C|,
without φ's division by |C|, so its `upper_` is not the minimax risk, nor a bound).

MRCpy's subgradient method runs exactly 10,000 iterations of one cost each (no stopping rule); on multiclass sets each
iteration scans all 2^K - 1 label subsets in Python, so a default fit on digits takes ~10 minutes. There its time
is extrapolated from two short runs in the same alternation (`--short a,b` iterations: t_a + (t_b - t_a)(10000 - a)/
(b - a)); `--full` names sets where the default is also run once, to check the extrapolation and to report its test
error and `upper_` (otherwise '—').

MRCpy imports gurobipy at module level for solvers not used here (torch only in MRCpy.pytorch, not imported); the
worker stubs gurobipy if it is missing. MRCpy's dataset loaders call `np.float` (removed in numpy 1.24): the worker
sets it to `float` before loading red wine and segment. Under scikit-learn >= 1.7 `MRCpy.phi.BasePhi` lacks `__sklearn_tags__`: the worker attaches BaseEstimator's.

MRCpy optimizes over at most 5,000 training instances (`n_max` in `BaseMRC.fit`: 2,500 per class, τ and λ from all);
`--reduced 5000` makes ours do the same where a set has more (Adult): `ReducedMRC(n_instances=5000)`, exact over its
random sample, τ and λ from all training pairs (chapter 11a). Without it ours is exact over every training instance.

`--estimator fixed` compares the fixed-marginal MRCs of Theorem 3 instead: our `FixedMarginalsMRC` (eq. (14), exact by
HiGHS) against MRCpy's `CMRC` at its default (`solver='adam'`, its own iteration count), same features and σ, each
timed in full (no extrapolation, on multiclass sets too). The 'R' columns are then the value of eq. (14) (ours, with its
certified gap) and CMRC's `upper_` where it has one: neither is a bound on the error (chapter 08).
"""
import argparse, json, os, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MULTICLASS = {'digits': 'sklearn', 'redwine': 'mrcpy', 'segment': 'mrcpy'}
MRCPY_ITERS = 10000   # MRCpy's default max_iters for solver='subgrad'
SETTLE = 1.0          # seconds between fits: the last fit's idle BLAS threads spin for a while, and our fit's probe of
                      # free cores (`free_cores`) would count the other worker's as a busy core and run on one


def mrcpy_worker():
    "Loop of the worker in MRCpy's interpreter: JSON commands on stdin, one JSON answer per line on stdout"
    import types
    import numpy as np
    try: import gurobipy  # noqa: F401  (imported by MRCpy's 'cg'/'ccg' solvers at module level; not used here)
    except ImportError:
        stub = types.ModuleType('gurobipy'); stub.__getattr__ = lambda attr: None; sys.modules['gurobipy'] = stub
    import sklearn.base
    from MRCpy import MRC, CMRC
    from MRCpy.phi import BasePhi
    if not hasattr(BasePhi, '__sklearn_tags__'): BasePhi.__sklearn_tags__ = sklearn.base.BaseEstimator.__sklearn_tags__
    data = {}
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd['op'] == 'dataset':   # MRCpy's own loader; it calls np.float, gone since numpy 1.24
            import MRCpy.datasets as ds
            if not hasattr(np, 'float'): np.float = float
            X, y = getattr(ds, f"load_{cmd['name']}")()
            np.save(cmd['X'], np.asarray(X, dtype=float)); np.save(cmd['y'], np.asarray(y))
            print(json.dumps({}), flush=True)
        elif cmd['op'] == 'load':
            data = {k: np.load(cmd[k]) for k in ('Xtr', 'ytr', 'Xte', 'yte')}
            print(json.dumps({}), flush=True)
        else:
            clf = (CMRC if cmd.get('estimator') == 'fixed' else MRC)(phi='fourier', n_components=cmd['n_components'],
                      s=cmd['s'], random_state=0, **({'max_iters': cmd['max_iters']} if cmd.get('max_iters') else {}))
            t = time.perf_counter()
            try: clf.fit(data['Xtr'], data['ytr'])
            except Exception as e:   # MRCpy's own failures are results too
                print(json.dumps({'failed': f'{type(e).__name__}: {e}'}), flush=True); continue
            t = time.perf_counter() - t
            err = float(np.mean(clf.predict(data['Xte']) != data['yte']))
            print(json.dumps({'time': t, 'error': err, 'upper': float(getattr(clf, 'upper_', np.nan)), 'sigma': float(clf.phi.sigma_val)}),
                  flush=True)


def ours_worker(threads='default'):
    "Loop of the worker in our interpreter (same protocol); threads='free': every size on one BLAS thread per free core"
    import numpy as np
    from mrc_lit import MRC
    if threads == 'free':   # the library's rule keeps small fits on one thread (ONE_THREAD_MAX_PAIRS, CHOL_ONE_THREAD_MAX)
        import mrc_lit.solvers.ipm as ipm, mrc_lit.solvers.factors as factors
        ipm.ONE_THREAD_MAX_PAIRS = factors.CHOL_ONE_THREAD_MAX = 0
    from mrc_lit.reduced_estimator import ReducedMRC
    from mrc_lit.marginals import FixedMarginalsMRC
    data = {}
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd['op'] == 'load':
            data = {k: np.load(cmd[k]) for k in ('Xtr', 'ytr', 'Xte', 'yte')}
            print(json.dumps({}), flush=True)
        else:
            kw = dict(n_components=cmd['n_components'] // 2, sigma=cmd['sigma'], lambda0=cmd['s'], random_state=0)
            # --reduced s: on sets of more than s training points, learn over s of them like MRCpy (chapter 11a)
            s_max = cmd.get('reduced')
            if cmd.get('estimator') == 'fixed': clf = FixedMarginalsMRC(**kw)
            else: clf = ReducedMRC(**kw, n_instances=s_max) if s_max and len(data['ytr']) > s_max else MRC(**kw)
            t = time.perf_counter(); clf.fit(data['Xtr'], data['ytr']); t = time.perf_counter() - t
            err = float(np.mean(clf.predict(data['Xte']) != data['yte']))
            s = clf.solution_
            value = clf.objective_ if cmd.get('estimator') == 'fixed' else clf.upper_bound_
            print(json.dumps({'time': t, 'error': err, 'upper': float(value), 'gap': float(s.gap),
                              'iter': int(getattr(s, 'n_iter', -1))}), flush=True)


class Worker:
    def __init__(self, python, env):
        self.p = subprocess.Popen([python, __file__, '--worker', env], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, cwd=ROOT, env={**os.environ, 'PYTHONPATH': str(ROOT)})
    def __call__(self, **cmd):
        self.p.stdin.write(json.dumps(cmd) + '\n'); self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line: raise RuntimeError(f'worker ended (exit {self.p.wait()})')
        return json.loads(line)
    def close(self): self.p.stdin.close(); self.p.wait()


def problem(name, mrcpy, tmp):
    "Standardized 80/20 split of a bundled or multiclass dataset, saved as .npy for both workers; MRCpy's σ"
    import numpy as np
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler
    from mrc_lit.datasets import load_dataset
    if name == 'digits':
        from sklearn.datasets import load_digits
        X, y = load_digits(return_X_y=True)
    elif name in MULTICLASS:
        mrcpy(op='dataset', name=name, X=f'{tmp}/X.npy', y=f'{tmp}/y.npy')
        X, y = np.load(f'{tmp}/X.npy'), np.load(f'{tmp}/y.npy', allow_pickle=True)
    else: X, y = load_dataset(name)
    y = np.unique(y, return_inverse=True)[1]
    Xtr, Xte, ytr, yte = train_test_split(np.asarray(X, dtype=float), y, test_size=0.2, stratify=y, random_state=0)
    sc = StandardScaler().fit(Xtr); Xtr, Xte = sc.transform(Xtr), sc.transform(Xte)
    paths = {k: f'{tmp}/{k}.npy' for k in ('Xtr', 'ytr', 'Xte', 'yte')}
    for k, v in zip(paths, (Xtr, ytr, Xte, yte)): np.save(paths[k], v)
    sigma = float(np.sqrt(Xtr.shape[1] * Xtr.var() / 2))   # MRCpy's sigma='scale'
    return paths, sigma, len(ytr), Xtr.shape[1], int(y.max()) + 1


def main():
    import numpy as np
    from mrc_lit.datasets import list_datasets
    ap = argparse.ArgumentParser()
    ap.add_argument('--mrcpy', required=True, help="python of MRCpy's virtual environment")
    ap.add_argument('--repeats', type=int, default=3)
    ap.add_argument('--datasets', default=','.join(list_datasets() + list(MULTICLASS)))
    ap.add_argument('--n-components', type=int, default=1000, help="MRCpy's n_components (ours: half, frequencies)")
    ap.add_argument('--s', type=float, default=0.3)
    ap.add_argument('--short', default='100,300', help='multiclass: MRCpy runs of these many iterations, extrapolated')
    ap.add_argument('--full', default='', help='multiclass sets where MRCpy also runs its default 10,000 iterations once')
    ap.add_argument('--reduced', type=int, default=None, help='ours over this many training instances (ReducedMRC) where '
                    'there are more, as MRCpy learns over 5,000 of them (its n_max); default: all, exactly')
    ap.add_argument('--threads', default='default', help="ours: 'default' (the library's thread rule), 'free' (one BLAS "
                    "thread per free core at every size), or 'default,free' (both, alternating; ratios against the first)")
    ap.add_argument('--estimator', default='mrc', choices=('mrc', 'fixed'), help="'fixed': our FixedMarginalsMRC "
                    "against MRCpy's CMRC (Theorem 3), both timed in full")
    ap.add_argument('--tmp', default='/tmp/mrcpy_bench')
    args = ap.parse_args()
    os.makedirs(args.tmp, exist_ok=True)
    a, b = map(int, args.short.split(','))
    full = set(filter(None, args.full.split(',')))
    variants = args.threads.split(',')
    mrcpy = Worker(args.mrcpy, 'mrcpy')
    workers = {v: Worker(sys.executable, f'ours-{v}') for v in variants}
    print('| dataset | n train | d | classes | ours fit s (each) | MRCpy fit s (each) | MRCpy best / ours best '
          '| test error ours | test error MRCpy | our R(U) (certified gap) | MRCpy upper_ | our IPM iterations | load |')
    print('|' + '---|' * 13, flush=True)
    try:
        for name in args.datasets.split(','):
            paths, sigma, n, d, K = problem(name, mrcpy, args.tmp)
            mrcpy(op='load', **paths)
            for w in workers.values(): w(op='load', **paths)
            fit = dict(op='fit', n_components=args.n_components, s=args.s, estimator=args.estimator)
            t_v, t_m, m, failed = {v: [] for v in variants}, [], None, None
            timed = K == 2 or args.estimator == 'fixed'   # MRCpy timed in full, not extrapolated
            for _ in range(args.repeats):   # alternating
                for v, w in workers.items():
                    time.sleep(SETTLE); o = w(**fit, sigma=sigma, reduced=args.reduced); t_v[v].append(o['time'])
                if failed: continue
                time.sleep(SETTLE)
                if timed: m = mrcpy(**fit); t_m.append(m.get('time'))
                else:   # MRCpy's subgradient method: MRCPY_ITERS iterations of the same cost each, no stopping rule
                    ra = mrcpy(**fit, max_iters=a); time.sleep(SETTLE); rb = mrcpy(**fit, max_iters=b)
                    if 'failed' not in ra: t_m.append(ra['time'] + (rb['time'] - ra['time']) * (MRCPY_ITERS - a) / (b - a))
                    m = ra if 'failed' in ra else rb
                failed = m.get('failed')
            if name in full and not failed: m = mrcpy(**fit)
            if not failed and abs(m['sigma'] - sigma) > 1e-9 * sigma:
                raise RuntimeError(f"MRCpy's sigma {m['sigma']} is not ours {sigma}")
            load = open('/proc/loadavg').read().split()[0]
            if failed: times_m, ratio, err_m, up_m = f'fails: {failed[:60]}', '—', '—', '—'
            else:
                times_m = ' '.join(f'{t:.2f}' for t in t_m) + ('' if timed else ' (extrapolated)') + \
                          ('' if timed or name not in full else f"; measured: {m['time']:.2f}")
                ratio = ' / '.join(f'{min(t_m) / min(t_v[v]):.1f}×' for v in variants)
                err_m, up_m = ((f"{m['error']:.3f}", f"{m['upper']:.4f}") if timed or name in full else ('—', '—'))
            t_o = ' / '.join(' '.join(f'{t:.2f}' for t in t_v[v]) for v in variants)
            print(f"| {name} | {n} | {d} | {K} | {t_o} | {times_m} "
                  f"| {ratio} | {o['error']:.3f} | {err_m} "
                  f"| {o['upper']:.4f} ({o['gap']:.0e}) | {up_m} | {o['iter']} | {load} |", flush=True)
    finally:
        mrcpy.close()
        for w in workers.values(): w.close()


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--worker':
        mrcpy_worker() if sys.argv[2] == 'mrcpy' else ours_worker(sys.argv[2].removeprefix('ours-'))
    else:
        sys.path.insert(0, str(ROOT)); main()
