"""Would conjugate gradients on the capacitance matrix S pay? (issue 24, the letter-sized RFF fit)

    .venv/bin/python benchmarks/capacitance_cg.py [--n 2000] [--classes 26] [--every 2] [--max-steps 500]

Many classes with hinge rows are factored by class blocks and the capacitance matrix S over the instances with rows in
several classes (`hinge_factor`, chapter 03c). On the letter-sized set S reaches ~14,000 x 14,000 and its dense factor
is most of an iteration. This script fits the `multiclass.py` Gaussian mixture with the default MRC (500 frequencies)
and, at every `--every`-th factorization with n_s >= 200, counts the conjugate-gradient steps that reach a relative
residual of 1e-10 on a random right-hand side, preconditioned two ways: by diag(S), and by the Cholesky factor of S from
the previous capture when the working set (n_s) is the same. A sample of condition numbers is printed too. Nothing
is timed: the counts, the matrix sizes and the cost of one product with S decide whether the route can beat the
dense factor (results.md, "Lead, ninth session")."""
import argparse, sys
from pathlib import Path
import numpy as np
import scipy.linalg as sl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT)); sys.path.insert(0, str(ROOT / 'benchmarks'))
import mrc_lit.solvers.normal as normal
from multiclass import mixture

CG_TOL = 1e-10     # relative residual a Newton direction's solve would need


def cg_steps(S, b, precondition, max_steps):
    "preconditioned CG on S x = b: steps to CG_TOL (max_steps if not reached)"
    x, r = np.zeros_like(b), b.copy(); z = precondition(r); p, rz = z.copy(), r @ z
    for k in range(1, max_steps + 1):
        Sp = S @ p; alpha = rz / (p @ Sp); x += alpha * p; r -= alpha * Sp
        if np.linalg.norm(r) <= CG_TOL * np.linalg.norm(b): return k
        z = precondition(r); rz, rz_old = r @ z, rz; p = z + rz / rz_old * p
    return max_steps


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--n', type=int, default=2000, help='instances (80%% train)')
    ap.add_argument('--classes', type=int, default=26)
    ap.add_argument('--every', type=int, default=2, help='capture every this many factorizations')
    ap.add_argument('--max-steps', type=int, default=500)
    args = ap.parse_args()
    from sklearn.model_selection import train_test_split
    from mrc_lit.estimator import MRC
    X, y, _ = mixture(args.n, args.classes, 16)
    Xtr, _, ytr, _ = train_test_split(X, y, train_size=0.8, stratify=y, random_state=0)
    rng, calls, prev = np.random.default_rng(0), [0], {}
    original = normal.hinge_factor

    def capture(ws, *a):
        f = original(ws, *a)
        calls[0] += 1
        if f.S is None or len(f.S[0]) < 200 or calls[0] % args.every: return f
        L = np.tril(f.S[0]); S = L @ L.T; ns = len(S); b = rng.normal(size=ns); d = np.diag(S).copy()
        line = f'factor {calls[0]:4d}  pairs {ws.nb:6d}  columns {ws.nc:6d}  n_s {ns:5d}'
        line += f'  diag-CG {cg_steps(S, b, lambda r: r / d, args.max_steps):4d}'
        if prev.get('ns') == ns:
            P = prev['factor']; line += f'  previous-factor-CG {cg_steps(S, b, lambda r: sl.cho_solve(P, r), args.max_steps):4d}'
        if calls[0] % (3 * args.every) == 0: line += f'  cond {np.linalg.cond(S):.1e}'
        print(line, flush=True)
        prev.update(ns=ns, factor=sl.cho_factor(S, lower=True))
        return f

    normal.hinge_factor = capture
    m = MRC(random_state=0).fit(Xtr, ytr)
    print(f'fit: minimax risk {m.upper_bound_:.6f}, gap {m.solution_.gap:.1e}, {m.solution_.n_iter} iterations')


if __name__ == '__main__':
    main()
