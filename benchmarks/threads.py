"""Shared cores (issue 24.5): the default's BLAS thread pool on a quiet machine and beside a busy process, in one run.

    .venv/bin/python benchmarks/threads.py [--n 8000] [--freq 250]

Learns on a stratified subsample of Adult (n training points, `freq` random Fourier frequencies) four ways, in order:
quiet with every core (`threads=os.cpu_count()`, the pool size before the pool was sized to the free cores) and with
the default (`threads=None`: one thread per core that no other process keeps busy); then the same two while another
process spins one core with a single-threaded numpy matrix product loop. Prints each time and the busy / quiet ratio
of each setting. On a machine others share, "quiet" is only as quiet as they leave it: the load is printed with it.
"""
import argparse, os, subprocess, sys, time
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sklearn.model_selection import train_test_split
from mrc_lit.datasets import load_dataset
from mrc_lit.features import make_feature_map
from mrc_lit.uncertainty import uncertainty_set
from mrc_lit.learning import learning_form
from mrc_lit.solvers.ipm import solve_ipm
from mrc_lit.solvers.ipm import free_cores

SPIN = "import numpy as np\nA = np.random.default_rng(0).normal(size=(400, 400))\nwhile True: A = np.tanh(A @ A)"

def problem(n, freq):
    X, y = load_dataset('adult'); y = np.unique(y, return_inverse=True)[1]
    X, _, y, _ = train_test_split(X, y, train_size=n, stratify=y, random_state=0)
    Psi = make_feature_map('fourier', freq, None, 0).fit(X, y).transform(X)
    return learning_form(Psi, uncertainty_set(Psi, y, 2))

def timed(form, threads):
    t = time.perf_counter(); sol = solve_ipm(form, threads=threads)
    return time.perf_counter() - t, sol

if __name__ == '__main__':
    ap = argparse.ArgumentParser(); ap.add_argument('--n', type=int, default=8000); ap.add_argument('--freq', type=int, default=250)
    args = ap.parse_args()
    form = problem(args.n, args.freq)
    settings = {f'all {os.cpu_count()} cores': os.cpu_count(), 'default (free cores)': None}
    times = {}
    for load in ('quiet', 'one core busy'):
        spin = None
        if load != 'quiet':
            env = dict(os.environ, OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1', MKL_NUM_THREADS='1')
            spin = subprocess.Popen([sys.executable, '-c', SPIN], env=env); time.sleep(2)
        try:
            for name, threads in settings.items():
                la = os.getloadavg()[0]
                t, sol = timed(form, threads)
                times[load, name] = t
                print(f'{load:14s} {name:22s} {t:7.1f} s  value {sol.value:.10f} gap {sol.gap:.1e}  '
                      f'(free cores at start {free_cores()}, load {la:.1f})', flush=True)
        finally:
            if spin is not None: spin.kill(); spin.wait()
    for name in settings:
        print(f'{name:22s} busy / quiet = {times["one core busy", name] / times["quiet", name]:.2f}')
