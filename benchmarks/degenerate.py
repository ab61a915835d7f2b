"""Zero and tiny λ: the learning problem, the bound problems of h_d, and the fixed-marginal problem (eq. 14) at λ0 in
{0, 1e-8}, n in {200, 1000}, on random labels, ties (a 5 x 5 grid) and duplicates (every point twice, labels drawn
independently), 50 random frequencies.

    .venv/bin/python benchmarks/degenerate.py [--limit 60] [--lp-limit 15] [--append benchmarks/results.md]

Every solve runs in its own process under a wall-clock limit (a hang shows as '>limit'); per case it prints the time,
the gap (value - lower bound), whether it is certified and the load average at its end, for the default solver
('auto', which is 'degenerate' for every λ_j <= TINY_LAMBDA; `solve_fixed_marginals` for eq. 14), and time and gap
of HiGHS in μ ('lp', up to n = --lp-max, under --lp-limit). 'certified': yes where `Solution.certified`; at λ = 0
'estimate' where the bound is not a proof: chapter 03i charges the residual there with G in place of ΨB, and
where those differ by more than GAUGE_EXACT the lower bound (and for eq. 14 the value, computed in w) is an
estimate, whatever its gap; '(sample bound)' where the lower bound is the sample's own distribution's (`sample_bound`),
which holds for every μ and involves no G. --lambda0s picks the values of λ0 (default 0,1e-8). With --append the
table is appended to the file as a new section.

    .venv/bin/python benchmarks/degenerate.py --adult 100,200,500 [--lambda0 1e-8] [--variants new,old] [--limit 900]

Figure 3's configuration instead (Adult, 1,000 training samples, ideal λ = λ0 |τ_∞ − τ|, RFF with the given numbers of
frequencies, D = 2 n_components + 1): `solve_tiny` with q′ found with the crossover on where it worked at λ (new) and,
alternating, with it off (old, `BOUND_ATTEMPTS` before deg4); each HiGHS run's method, crossover, status and seconds.
With --lambda0 0, `solve_degenerate` (the change of variables): `refine_duals` only where HiGHS's duals miss the
gap (new) and, alternating, always (old, before deg5)."""
import argparse, json, os, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAUGE_EXACT = 1e-9   # max|ΨB - G| below which the λ = 0 certificate is a proof (ties: 4e-12; random labels: 4e-6)
WORKER = r'''
import json, sys, time, numpy as np
from mrc_lit.features import make_feature_map, scores
from mrc_lit.uncertainty import uncertainty_set
from mrc_lit.learning import learning_form, deterministic_rule
from mrc_lit.bounds import upper_form, lower_form
from mrc_lit.solvers.registry import solve
from mrc_lit.marginals import solve_fixed_marginals
from mrc_lit.solvers.degenerate import gauge, sample_bound
kind, n, l0, problem, solver = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
rng = np.random.default_rng(0)
K = 3 if kind == 'ties' else 2
if kind == 'random': X = rng.normal(size=(n, 2))
elif kind == 'ties': g = np.linspace(0, 1, 5); X = np.array([(a, b) for a in g for b in g])[rng.integers(0, 25, n)]
else: X = np.repeat(rng.normal(size=(n // 2, 2)), 2, axis=0)
y = rng.integers(0, K, n)
Psi = make_feature_map('fourier', 50, None, 0).fit(X, y).transform(X)
U = uncertainty_set(Psi, y, K, lambda0=l0)
form = learning_form(Psi, U)
if problem in ('upper', 'lower'):
    H = deterministic_rule(scores(Psi, solve(form).mu))
    form = (upper_form if problem == 'upper' else lower_form)(Psi, U, H)
g = gauge(Psi, -U.tau, K)
gauge_error = float(np.abs(Psi @ g.B - g.G).max()) if l0 == 0 else 0.0   # what the λ = 0 bound leaves out
t = time.perf_counter()
try:
    if problem == 'fixed-marginals':
        if solver != 'auto': raise ValueError('-')
        r = solve_fixed_marginals(Psi, U, y=y)
    else: r = solve(form, solver)
    t = time.perf_counter() - t
    own = None if problem == 'fixed-marginals' else sample_bound(form, r.mu)
    print(json.dumps({'time': t, 'value': r.value, 'gap': r.gap, 'cert': r.certified, 'solver': r.solver,
                      'gauge_error': gauge_error, 'own': bool(own is not None and r.lower == own[0])}))
except Exception as e:
    print(json.dumps({'time': time.perf_counter() - t, 'error': type(e).__name__ + ': ' + str(e)[:60]}))
'''
ADULT = r'''
import json, sys, time, numpy as np
import mrc_lit.solvers.degenerate as dg, mrc_lit.solvers.tiny_lambda as tl
from mrc_lit.datasets import load_dataset
from mrc_lit.features import RandomFourierFeatures
from mrc_lit.uncertainty import feature_mean, UncertaintySet
from mrc_lit.learning import learning_form
nc, l0, variant = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
X, y = load_dataset('adult'); y = np.unique(y, return_inverse=True)[1]; K = int(y.max()) + 1
Psi = RandomFourierFeatures(nc, random_state=0).fit(X).transform(X)
tr = np.random.default_rng([0, 0]).choice(len(y), size=1000, replace=False)   # figure3._one's draw, repetition 0
tau = feature_mean(Psi[tr], y[tr], K)
form = learning_form(Psi[tr], UncertaintySet(tau, l0 * np.abs(feature_mean(Psi, y, K) - tau), K))
if variant == 'old' and l0 > 0: tl.BOUND_ATTEMPTS = (tl.BOUND_ATTEMPTS[1],) + tl.BOUND_ATTEMPTS[1:]
if variant == 'old' and l0 == 0: dg.CERTIFIED_GAP = 0.0   # every gap misses the target: `refine_duals` always runs
stages, lp = [], dg.linprog
def timed(c, *args, **kw):
    t = time.perf_counter(); r = lp(c, *args, **kw)
    stages.append(f"{kw['method'][6:]}/{kw['options'].get('run_crossover', '-')}:{r.status}:{time.perf_counter() - t:.1f}s")
    return r
dg.linprog = tl.linprog = timed
t = time.perf_counter(); r = tl.solve_tiny(form) if l0 > 0 else dg.solve_degenerate(form)   # λ = 0: the change of variables
print(json.dumps({'time': time.perf_counter() - t, 'gap': float(r.gap), 'value': float(r.value), 'cert': bool(r.certified),
                  'stages': ' '.join(stages)}))
'''

def run(args, limit, worker=WORKER):
    env = {**os.environ, 'PYTHONPATH': str(ROOT)}
    t = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, '-c', worker, *map(str, args)], capture_output=True, text=True,
                             timeout=limit, env=env).stdout.strip().splitlines()
        return json.loads(out[-1]) if out else {'time': time.perf_counter() - t, 'error': 'crashed'}
    except subprocess.TimeoutExpired:
        return {'time': time.perf_counter() - t, 'timeout': True}

def cell(r, limit):
    if r.get('timeout'): return f'>{limit:.0f} s', '—'
    if 'error' in r: return ('—', '') if r['error'] == 'ValueError: -' else (f"{r['time']:.2f} s", r['error'].split(':')[0])
    return f"{r['time']:.2f} s", f"{r['gap']:.1e}"

def certified(r)->str:
    if 'gap' not in r: return 'no'
    if r.get('own'): return 'yes (sample bound)' if r['cert'] else 'no (sample bound)'   # no G in it: a proof
    if r['gauge_error'] > GAUGE_EXACT: return f"estimate (ΨB − G: {r['gauge_error']:.0e})"
    return 'yes' if r['cert'] else 'no'

def load()->str: return open('/proc/loadavg').read().split()[0]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--limit', type=float, default=60)
    ap.add_argument('--append', default=None)
    ap.add_argument('--sizes', default='200,1000')
    ap.add_argument('--lambda0s', default='0,1e-8', help='the values of λ0 of the table')
    ap.add_argument('--lp-max', type=int, default=200, help='HiGHS in μ only up to this n (it mostly runs to the limit)')
    ap.add_argument('--lp-limit', type=float, default=15, help='the limit for HiGHS in μ')
    ap.add_argument('--adult', default=None, help="numbers of frequencies: Figure 3's configuration (see above)")
    ap.add_argument('--lambda0', type=float, default=1e-8)
    ap.add_argument('--variants', default='new,old', help='with --adult: new, old or both, alternating')
    a = ap.parse_args()
    if a.adult:
        print('| D | variant | total | stages (method/crossover:status:seconds) | gap | certified | load |\n|' + '---|' * 7)
        for nc in map(int, a.adult.split(',')):
            for variant in a.variants.split(','):
                r = run([nc, a.lambda0, variant], a.limit, ADULT)
                res = (f"{r['time']:.1f} s | {r['stages']} | {r['gap']:.1e} (value {r['value']:.2e}) | {'yes' if r['cert'] else 'no'}" if 'gap' in r
                       else f">{a.limit:.0f} s | | | " if r.get('timeout') else f"{r['time']:.1f} s | {r['error']} | | ")
                print(f'| {2 * nc + 1} | {variant} | {res} | {load()} |', flush=True)
        return
    lines = [f'| case | n | λ0 | problem | default | gap | certified | load | HiGHS in μ | gap |', '|' + '---|' * 10]
    for n in map(int, a.sizes.split(',')):
        for kind in ('random', 'ties', 'duplicates'):
            for l0 in map(float, a.lambda0s.split(',')):
                for problem in ('learn', 'upper', 'lower', 'fixed-marginals'):
                    r = run([kind, n, l0, problem, 'auto'], a.limit)
                    (t, g), ld = cell(r, a.limit), load()
                    t2, g2 = (cell(run([kind, n, l0, problem, 'lp'], a.lp_limit), a.lp_limit)
                              if n <= a.lp_max and problem != 'fixed-marginals' else ('—', ''))
                    lines.append(f'| {kind} | {n} | {l0:g} | {problem} | {t} | {g} | {certified(r)} | {ld} | {t2} | {g2} |')
                    print(lines[-1], flush=True)
    if a.append:
        head = (f"\n## Zero and tiny λ (benchmarks/degenerate.py, {time.strftime('%Y-%m-%d %H:%M')} UTC, shared 2-core machine, "
                f"other jobs running; limit {a.limit:.0f} s per solve)\n\nTime of one solve and certified gap "
                "(value − lower bound; certified: `Solution.certified`, 'estimate' at λ = 0 where the bound is no proof), "
                "load average at the end of the solve, for the default solver and for HiGHS "
                "in the original coordinates. 50 random frequencies (D = 101); random labels and duplicates: 2 classes, "
                "ties: 3 classes on a 5 × 5 grid.\n\n")
        with open(a.append, 'a') as f: f.write(head + '\n'.join(lines) + '\n')

if __name__ == '__main__': main()
