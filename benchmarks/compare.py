"""Old against new: the default solver of two checkouts of mrc_lit on the benchmark's problems, alternating per problem.

    .venv/bin/python benchmarks/compare.py OLD_ROOT NEW_ROOT [--repeats 3] [--datasets a,b,c] [--frequencies 500]

Each checkout runs in its own worker process, started in its root with PYTHONPATH set to it (`python -c` puts the
working directory first on sys.path, so a worker started elsewhere would import that directory's mrc_lit; each worker
reports the file it imported and the script checks the two differ); for every problem (the learning problem and
the two bound problems of h^U, as in benchmarks/solvers.py) the two workers solve it in turn, `repeats` times each,
and the fastest time of each is kept, so that load from other processes on a shared machine hits both alike.
The bound problems' rule h^U comes from HiGHS's solution of the learning problem (`solve_lp`), the same in both
checkouts: with h^U from each checkout's own solution, the two would solve slightly different bound problems (the
learning problem's minimizers are often not unique), which can send them down different paths (e.g. the simplex
finish) and show differences no solver change made.
Prints a markdown table: times, ratio new/old, iterations, and the difference of the two optimal values."""
import argparse, json, os, subprocess, sys
from pathlib import Path

WORKER = r'''
import json, sys, time, numpy as np
from mrc_lit.datasets import load_dataset
from mrc_lit.features import make_feature_map, scores
from mrc_lit.uncertainty import uncertainty_set
from mrc_lit.learning import learning_form, varphi, randomized_rule, solve_lp
from mrc_lit.bounds import upper_form, lower_form
try: from mrc_lit.solvers.registry import solve
except ImportError: from mrc_lit.solvers import solve
from sklearn.model_selection import train_test_split
forms = {}
for line in sys.stdin:
    cmd = json.loads(line)
    if cmd['op'] == 'load':
        X, y = load_dataset(cmd['name']); y = np.unique(y, return_inverse=True)[1]
        Xtr, _, ytr, _ = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
        if cmd['name'] == 'adult': Xtr, _, ytr, _ = train_test_split(Xtr, ytr, train_size=1000, stratify=ytr, random_state=0)
        Psi = make_feature_map('fourier', cmd.get('frequencies', 500), None, 0).fit(Xtr, ytr).transform(Xtr)
        U = uncertainty_set(Psi, ytr, int(ytr.max()) + 1)
        fl = learning_form(Psi, U); S = scores(Psi, solve_lp(fl).mu); H = randomized_rule(S, varphi(S))
        forms = {'learn': fl, 'upper': upper_form(Psi, U, H), 'lower': lower_form(Psi, U, H)}
        import mrc_lit; print(json.dumps({'n': len(ytr), 'module': mrc_lit.__file__}), flush=True)
    else:
        t = time.perf_counter(); r = solve(forms[cmd['problem']]); t = time.perf_counter() - t
        print(json.dumps({'time': t, 'value': r.value, 'gap': r.gap, 'iter': r.n_iter}), flush=True)
'''

def worker(root):
    root = Path(root).resolve()
    env = {**os.environ, 'PYTHONPATH': str(root)}
    return subprocess.Popen([sys.executable, '-c', WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=env, cwd=root)

def ask(p, **cmd):
    p.stdin.write(json.dumps(cmd) + '\n'); p.stdin.flush()
    return json.loads(p.stdout.readline())

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('old'); ap.add_argument('new')
    ap.add_argument('--repeats', type=int, default=3)
    ap.add_argument('--frequencies', type=int, default=500, help='random Fourier frequencies (D = 2 f + 1)')
    ap.add_argument('--datasets', default='adult,credit,qsar,mammographic,haberman,ionosphere,heart,diabetes,liver,vehicle')
    a = ap.parse_args()
    old, new = worker(a.old), worker(a.new)
    print('| dataset | problem | old s | new s | new/old | old iter | new iter | new − old value | new gap |')
    print('|---|---|---|---|---|---|---|---|---|', flush=True)
    for name in a.datasets.split(','):
        lo, ln = (ask(w, op='load', name=name, frequencies=a.frequencies) for w in (old, new))
        if lo['module'] == ln['module']: sys.exit(f'both workers imported {lo["module"]}: give two different checkouts')
        n = lo['n']
        for problem in ('learn', 'upper', 'lower'):
            best = {}
            for _ in range(a.repeats):
                for key, w in (('old', old), ('new', new)):
                    r = ask(w, op='solve', problem=problem)
                    if key not in best or r['time'] < best[key]['time']: best[key] = r
            o, nw = best['old'], best['new']
            print(f"| {name} {n} | {problem} | {o['time']:.3f} | {nw['time']:.3f} | {nw['time'] / o['time']:.2f} | "
                  f"{o['iter']} | {nw['iter']} | {nw['value'] - o['value']:.1e} | {nw['gap']:.0e} |", flush=True)

if __name__ == '__main__':
    main()
