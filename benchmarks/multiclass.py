"""Multiclass fits with the defaults (issue 24): the default solver, HiGHS and the subgradient method 'easm', side by side.

    .venv/bin/python benchmarks/multiclass.py [--cases digits,mix7,letter-linear,letter-rff] [--limit 300]
    .venv/bin/python benchmarks/multiclass.py --old OLD_ROOT [--cases mix7,letter-linear] [--repeats 2]
    .venv/bin/python benchmarks/multiclass.py --fit letter-rff [--verbose 1]

With --old, the default fit of each case by the checkout at OLD_ROOT and by this one, in turn, each in a fresh
process (PYTHONPATH set to the checkout; each reports the mrc_lit it imported): wall and CPU seconds of the fit (CPU
is the steadier measure on a shared machine), iterations, minimax risk and the load average before each fit.

Each (case, solver) runs in a fresh worker process, so that its peak memory (ru_maxrss) is its own; the solvers of a
case run one after the other. Prints a markdown table: fit time, the bounds of both rules (default solver only),
certified gap, minimax risk, test error, peak memory, and the load average.

The synthetic sets are Gaussian mixtures: K classes of `COMPONENTS` unit-variance components each, means drawn with
standard deviation `SPREAD`, so that classes overlap and their boundaries are not linear. Their Bayes error is
estimated on fresh samples from the known densities (printed: it must not be near 0). At SPREAD = 1.3 the 26-class set
has a Bayes error of about 5%, an RBF SVM about 8% and a linear classifier about 48% (the real letter data: about 3%
and 30%): it is as hard as the real data for kernel methods and harder for linear ones."""
import argparse, json, os, resource, subprocess, sys, time
import numpy as np

COMPONENTS, SPREAD = 3, 1.3
CASES = {  # name: (classes, instances (80% train), features, MRC arguments)
    'digits': (10, None, 64, {}),
    'mix7': (7, 1875, 16, {}),
    'letter-linear': (26, 20000, 16, {'phi': 'linear'}),
    'letter-rff': (26, 20000, 16, {}),
}

def mixture(n, K, d, seed=0):
    "n instances of the K-class mixture, and a function estimating its Bayes error on fresh samples"
    from scipy.special import logsumexp
    rng = np.random.default_rng(seed)
    means = SPREAD * rng.normal(size=(K, COMPONENTS, d))
    def sample(m, r):
        y, c = r.integers(0, K, m), r.integers(0, COMPONENTS, m)
        return means[y, c] + r.normal(size=(m, d)), y
    def bayes_error(m=5000):
        X, y = sample(m, np.random.default_rng(seed + 1))
        ll = logsumexp(-0.5 * ((X[:, None, None, :] - means[None]) ** 2).sum(-1), axis=2)
        return float(np.mean(ll.argmax(1) != y))
    X, y = sample(n, rng)
    return X, y, bayes_error

def data(case):
    from sklearn.model_selection import train_test_split
    K, n, d, _ = CASES[case]
    if case == 'digits':
        from sklearn.datasets import load_digits
        X, y = load_digits(return_X_y=True); bayes = None
    else:
        X, y, be = mixture(n, K, d); bayes = be()
    return (*train_test_split(X, y, train_size=0.8, stratify=y, random_state=0), bayes)

def work(case, solver, limit):
    "one fit (and, for the default, the bounds of both rules) in this process; a JSON line"
    from mrc_lit.estimator import MRC
    from mrc_lit.solvers.control import FitTimeout
    Xtr, Xte, ytr, yte, bayes = data(case)
    m = MRC(**CASES[case][3], solver=solver, random_state=0, max_time=limit)
    out = dict(case=case, solver=solver, n=len(Xtr), bayes=bayes, load=os.getloadavg()[0])
    t = time.perf_counter()
    try: m.fit(Xtr, ytr)
    except FitTimeout: out['fit'] = f'>{limit}'
    else:
        out.update(fit=time.perf_counter() - t, risk=m.upper_bound_, gap=m.solution_.value - m.solution_.lower,
                   iters=m.solution_.n_iter, error=1 - m.score(Xte, yte))
        if solver == 'auto':
            for rule in ('randomized', 'deterministic'):
                t = time.perf_counter(); lo, up = m.error_bounds(rule)
                out[rule] = (time.perf_counter() - t, lo, up)
    out['peak_gb'] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    print(json.dumps(out), flush=True)

def fit_only(case, verbose=0):
    "one default fit in this process: a JSON line with its wall and CPU seconds and the peak memory (GB)"
    import mrc_lit
    from mrc_lit.estimator import MRC
    Xtr, _, ytr, _, _ = data(case)
    m = MRC(**CASES[case][3], random_state=0, verbose=verbose)
    load, t, c = os.getloadavg()[0], time.perf_counter(), time.process_time()
    m.fit(Xtr, ytr)
    print(json.dumps(dict(wall=time.perf_counter() - t, cpu=time.process_time() - c, iters=m.solution_.n_iter,
                          risk=m.upper_bound_, gap=m.solution_.value - m.solution_.lower, load=load,
                          peak_gb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20, module=mrc_lit.__file__)),
          flush=True)

def compare(old, cases, repeats):
    "old against this checkout, alternating, a fresh process per fit"
    roots = {'old': os.path.abspath(old), 'new': os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}
    print('| case | checkout | wall s | CPU s | iters | minimax risk | certified gap | load |\n|' + '---|' * 8)
    cpu = {}
    for case in cases.split(','):
        for _ in range(repeats):
            for name, root in roots.items():
                r = subprocess.run([sys.executable, os.path.abspath(__file__), '--fit', case], cwd=root,
                                   env={**os.environ, 'PYTHONPATH': root}, capture_output=True, text=True)
                if r.returncode: print(f'| {case} | {name} | failed: {r.stderr.strip().splitlines()[-1][:80]} |'); continue
                o = json.loads(r.stdout.strip().splitlines()[-1])
                assert o['module'].startswith(root), (o['module'], root)
                cpu.setdefault((case, name), []).append(o['cpu'])
                print(f"| {case} | {name} | {o['wall']:.2f} | {o['cpu']:.2f} | {o['iters']} | {o['risk']:.10f} "
                      f"| {o['gap']:.1e} | {o['load']:.1f} |", flush=True)
        if cpu.get((case, 'old')) and cpu.get((case, 'new')):
            print(f"\n{case}: CPU new/old {sum(cpu[case, 'new']) / sum(cpu[case, 'old']):.2f}\n", flush=True)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cases', default='digits,mix7,letter-linear')
    ap.add_argument('--solvers', default='auto,lp,easm')
    ap.add_argument('--limit', type=float, default=300)
    ap.add_argument('--work', nargs=2)
    ap.add_argument('--fit', help='one default fit of this case in this process (what --old runs in each checkout)')
    ap.add_argument('--verbose', type=int, default=0, help="with --fit: the fit's progress lines (MRC's verbose)")
    ap.add_argument('--old')
    ap.add_argument('--repeats', type=int, default=2)
    a = ap.parse_args()
    if a.work: return work(*a.work, a.limit)
    if a.fit: return fit_only(a.fit, a.verbose)
    if a.old: return compare(a.old, a.cases, a.repeats)
    print('| case | n x d, K | Bayes error | solver | fit (s) | iters | certified gap | minimax risk | test error '
          '| bounds h^U (s) | bounds h_d (s) | peak GB | load |\n|' + '---|' * 13, flush=True)
    for case in a.cases.split(','):
        K, _, d, _ = CASES[case]
        for solver in a.solvers.split(','):
            r = subprocess.run([sys.executable, __file__, '--work', case, solver, '--limit', str(a.limit)],
                               capture_output=True, text=True)
            if r.returncode: print(f'| {case} | | | {solver} | failed: {r.stderr.strip().splitlines()[-1][:80]} |'); continue
            o = json.loads(r.stdout.strip().splitlines()[-1])
            f = lambda k, fmt: fmt.format(o[k]) if isinstance(o.get(k), (int, float)) else o.get(k, '')
            b = lambda k: '{:.1f}: [{:.4f}, {:.4f}]'.format(*o[k]) if k in o else ''
            print(f"| {case} | {o['n']} x {d}, {K} | {f('bayes', '{:.3f}')} | {solver} | {f('fit', '{:.1f}')} "
                  f"| {f('iters', '{}')} | {f('gap', '{:.1e}')} | {f('risk', '{:.6f}')} | {f('error', '{:.3f}')} "
                  f"| {b('randomized')} | {b('deterministic')} | {o['peak_gb']:.2f} | {o['load']:.1f} |", flush=True)

if __name__ == '__main__': main()
