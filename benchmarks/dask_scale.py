"""Dask benchmark: an MRC fitted on n synthetic rows generated on the workers of a LocalCluster, against n.

    .venv/bin/python benchmarks/dask_scale.py                     # n = 1M, 10M and 30M rows (about 4 minutes on 2 cores)
    .venv/bin/python benchmarks/dask_scale.py --sizes 1e6 1e8     # other sizes

For each n: the wall time of `ReducedMRC.fit` (s = 1000 sampled rows, 20 random Fourier frequencies, 10 columns,
partitions of 500,000 rows) split into its steps — pass 1 (standardization statistics and the sample), pass 2 (τ and
λ), the learning LP over 𝒳_s — and the client's peak memory (tracemalloc peak during the fit; the process's maximum
resident size at the end, imports included). Throughput of the τ/λ pass in rows per second, against the single-pass
numpy limit measured in the same run: `uncertainty_set(feature_map.transform(X), y)` on 500,000 rows held in memory,
one process. A pass that only generates the rows (X.sum()) shows what of pass 2 is data generation. The results
replace the section of benchmarks/results.md between the markers below (the solver benchmark writes the rest).
"""
import argparse, os, platform, resource, sys, time, tracemalloc
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BEGIN, END = '<!-- dask_scale.py: begin -->', '<!-- dask_scale.py: end -->'
N_COMPONENTS, N_FEATURES, CHUNK, S = 20, 10, 500_000, 1000


def timed_steps():
    "Wrap the fit's steps in mrc_lit.distributed so each call records its wall time in the returned dict"
    import mrc_lit.distributed as D
    times = {}
    def wrap(name):
        f = getattr(D, name)
        def g(*a, **k):
            t0 = time.perf_counter(); r = f(*a, **k); times[name] = time.perf_counter() - t0; return r
        setattr(D, name, g)
    for name in ('_first_pass', '_uncertainty_pass', 'learn_reduced'): wrap(name)
    return times


def numpy_limits(n=500_000)->tuple:
    "rows/s of τ and λ on rows in memory, one process, best of 3: (the per-partition kernel of pass 2, in-memory MRC.fit's uncertainty_set)"
    from mrc_lit.features import RandomFourierFeatures
    from mrc_lit.uncertainty import uncertainty_set
    from mrc_lit.distributed import _moments
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, N_FEATURES)); y = rng.integers(0, 2, n)
    fm = RandomFourierFeatures(N_COMPONENTS, random_state=0).fit(X[:1000])
    def best_of_3(f):
        ts = []
        for _ in range(3):
            t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
        return min(ts)
    return (n / best_of_3(lambda: _moments(X, y, fm, np.arange(2))),
            n / best_of_3(lambda: uncertainty_set(fm.transform(X), y, 2)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sizes', nargs='+', type=float, default=[1e6, 1e7, 3e7], help='numbers of rows')
    ap.add_argument('--out', default=str(ROOT / 'benchmarks' / 'results.md'))
    a = ap.parse_args()
    from distributed import Client, LocalCluster
    from mrc_lit.reduced_estimator import ReducedMRC
    from mrc_lit.distributed import synthetic_dask
    times = timed_steps()
    lines = []
    def out(s=''):
        print(s, flush=True); lines.append(s)
    out('## Dask: fit time and client memory against n\n')
    out(f'`python benchmarks/dask_scale.py` on {platform.node() or "?"}, {os.cpu_count()} CPUs **shared with other jobs '
        f'running at the same time** (load average {os.getloadavg()[0]:.1f} at the start), {time.strftime("%Y-%m-%d %H:%M")}. '
        f'LocalCluster of 2 worker processes, 1 thread each; {N_FEATURES} columns, {N_COMPONENTS} random Fourier '
        f'frequencies (D = {2 * N_COMPONENTS + 1}), 2 labels, partitions of {CHUNK:,} rows generated on the workers, '
        f's = {S} sampled rows. Times in seconds.\n')
    kernel, in_memory = numpy_limits()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=':0') as cluster, \
            Client(cluster) as client:
        client.run(lambda: __import__('mrc_lit.distributed'))           # workers' imports out of the timings
        out('| n rows | numpy X would need | fit | pass 1 | pass 2 (τ, λ) | LP over 𝒳_s | generation only | '
            'τ/λ rows/s | client tracemalloc peak | client max RSS |')
        out('|---|---|---|---|---|---|---|---|---|---|')
        for n in map(int, a.sizes):
            X, y = synthetic_dask(n, N_FEATURES, chunk_size=CHUNK, random_state=0)
            t0 = time.perf_counter(); X.sum().compute(); t_gen = time.perf_counter() - t0
            tracemalloc.start()
            t0 = time.perf_counter()
            ReducedMRC(n_components=N_COMPONENTS, n_instances=S, random_state=0).fit(X, y)
            t_fit = time.perf_counter() - t0
            peak = tracemalloc.get_traced_memory()[1]; tracemalloc.stop()
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024     # kB on Linux
            out(f'| {n:,} | {X.nbytes / 1e9:.2f} GB (Ψ {n * (2 * N_COMPONENTS + 1) * 8 / 1e9:.1f} GB) | {t_fit:.1f} | '
                f'{times["_first_pass"]:.1f} | {times["_uncertainty_pass"]:.1f} | {times["learn_reduced"]:.2f} | {t_gen:.1f} | '
                f'{n / times["_uncertainty_pass"]:,.0f} | {peak / 1e6:.0f} MB | {rss:.0f} MB |')
    out(f'\nSingle-pass numpy limits, same machine, same run, one process, 500,000 rows in memory, best of 3: the per-partition '
        f'kernel of pass 2 (features, then the sums by one product with the one-hot labels) **{kernel:,.0f} rows/s**; '
        f'`uncertainty_set(feature_map.transform(X), y)` as the in-memory `MRC.fit` computes τ and λ: {in_memory:,.0f} '
        'rows/s. The distributed pass regenerates its rows on the workers (the "generation only" column is that part) '
        'and runs on 2 processes of a 2-core machine shared with other jobs, so its rows/s is a lower bound on what '
        'dedicated cores give. The client\'s memory does not grow with n: its peak is the learning problem over the '
        f's = {S} sampled rows (the interior point method\'s dense normal equations).')
    path = Path(a.out)
    text = path.read_text() if path.exists() else ''
    section = f'{BEGIN}\n' + '\n'.join(lines) + f'\n{END}'
    text = (text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]) if BEGIN in text \
        else text.rstrip('\n') + '\n\n' + section + '\n'
    path.write_text(text)


if __name__ == '__main__':
    main()
