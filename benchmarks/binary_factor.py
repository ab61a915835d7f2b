"""Proposal for the binary hinge rows' factor (issue 24.4): the whole 2n × 2n Cholesky factor against a 2 × 2 block
elimination, on a matrix of the row form's structure at n = 842 (qsar's training size, D = 1001).

    .venv/bin/python benchmarks/binary_factor.py [--n 842]

M = [[B₀, −E], [−E, B₁]] with B_k = A_k A_kᵀ + n I (A_k n × D) and E diagonal: the class blocks F_k diag(Dmu) F_kᵀ
coupled through each instance's hinge term. Block elimination: factor B₀, form S = B₁ − E B₀⁻¹ E from B₀'s inverse
(dpotri), factor S. One BLAS thread (what the default uses below 2,000 pairs); best of 3, alternating 3 times; then the
two factors' solutions of one right-hand side are compared."""
import argparse, time
import numpy as np, scipy.linalg as sl
from threadpoolctl import threadpool_limits

ap = argparse.ArgumentParser(); ap.add_argument('--n', type=int, default=842); ap.add_argument('--D', type=int, default=1001)
args = ap.parse_args(); n, D = args.n, args.D
rng = np.random.default_rng(0)
A0, A1 = rng.standard_normal((n, D)), rng.standard_normal((n, D))
B0, B1, e = A0 @ A0.T + n * np.eye(n), A1 @ A1.T + n * np.eye(n), rng.uniform(0.1, 1, n)
M = np.block([[B0, -np.diag(e)], [-np.diag(e), B1]])

def whole(): return sl.cho_factor(M.copy(), lower=True, check_finite=False, overwrite_a=True)

def blocks():
    L0 = sl.cho_factor(B0.copy(), lower=True, check_finite=False, overwrite_a=True)
    Bi = sl.lapack.dpotri(L0[0], lower=1)[0]; Bi = np.tril(Bi) + np.tril(Bi, -1).T
    return L0, sl.cho_factor(B1 - e[:, None] * Bi * e[None, :], lower=True, check_finite=False, overwrite_a=True)

with threadpool_limits(1, 'blas'):
    for f in (whole, blocks) * 3:
        ts = []
        for _ in range(3): t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
        print(f'{f.__name__:7s} {min(ts) * 1e3:.1f} ms', flush=True)
r = rng.standard_normal(2 * n); x = sl.cho_solve(whole(), r)
L0, LS = blocks()
x1 = sl.cho_solve(LS, r[n:] + e * sl.cho_solve(L0, r[:n])); x0 = sl.cho_solve(L0, r[:n] + e * x1)
print(f'relative difference of the solutions {np.abs(np.r_[x0, x1] - x).max() / np.abs(x).max():.1e}; load',
      open('/proc/loadavg').read().split()[0])
