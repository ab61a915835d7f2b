"""What `make test` runs: the three checks nbdev's own CI makes, in one place.

1. `nbdev_clean` changes nothing (notebooks are committed clean);
2. `nbdev_export` changes nothing (`mrc_lit/` is in sync with the notebooks);
3. every eligible notebook runs top to bottom without error (as nbdev's `test_nb` runs it, see tools/nbrun.py);
4. in the same run, each notebook's stored outputs match the outputs of that run (tools/nbrun.py says what is
   compared): a chapter whose figures or numbers are missing or stale fails with STALE; `make outputs` refreshes them.

nbdev_test prints no counts and exits 0 when nothing was tested, so the notebooks are collected and counted here
and the last line is always `nbdev_test: N passed, N failed`. Extra flags (e.g. `--flags slow`) are passed on.
"""
import argparse, hashlib, os, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / 'tools'))
BIN = Path(sys.executable).parent


def _digest(paths):
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def _unchanged(cmd, pattern_dirs, what):
    files = lambda: sorted(f for d, pat in pattern_dirs for f in (ROOT / d).rglob(pat))
    before = _digest(files())
    subprocess.run([str(BIN / cmd)], cwd=ROOT, check=True, capture_output=True)
    after = _digest(files())
    changed = sorted(str(p.relative_to(ROOT)) for p in set(before) | set(after) if before.get(p) != after.get(p))
    if changed:
        print(f'FAIL: `{cmd}` changed {len(changed)} file(s): {what}. Commit the result.')
        for c in changed: print('   ', c)
    else: print(f'ok: `{cmd}` changes nothing')
    return not changed


def _notebooks(path):
    from nbdev.doclinks import nbglob
    from nbdev.test import _keep_file
    files = nbglob(path, as_path=True)
    return [f.absolute() for f in sorted(files) if _keep_file(f, '.notest')]


def _run_one(fn, flags):
    "Run one notebook in its own process (tools/nbrun.py), return (status, seconds, tail of output)"
    from nbrun import blas_env
    t0 = time.time()
    env = {**blas_env(), 'PYTHONWARNINGS': os.environ.get('PYTHONWARNINGS', '')}
    cmd = [sys.executable, str(ROOT / 'tools' / 'nbrun.py'), str(fn)] + (['--flags', ' '.join(flags)] if flags else [])
    r = subprocess.run(cmd, cwd=fn.parent, env=env, capture_output=True, text=True)
    return {0: 'ok', 2: 'STALE'}.get(r.returncode, 'FAIL'), time.time() - t0, (r.stdout + r.stderr)[-4000:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--flags', default='', help='space-separated test flags to run (e.g. "slow")')
    ap.add_argument('--path', default=None, help='a notebook or glob (default: all of nbs/)')
    ap.add_argument('--n-workers', type=int, default=min(os.cpu_count() or 1, 2))
    ap.add_argument('--skip-sync', action='store_true', help='skip the nbdev_clean / nbdev_export checks')
    ap.add_argument('--outputs-may-differ', action='store_true',
                    help='report stale stored outputs without failing (other versions of the dependencies: `make test-oldest`)')
    a = ap.parse_args()
    os.chdir(ROOT)
    ok = True
    if not a.skip_sync:
        ok &= _unchanged('nbdev_clean', [('nbs', '*.ipynb')], 'notebooks were not clean')
        ok &= _unchanged('nbdev_export', [('mrc_lit', '*.py')], 'mrc_lit/ was out of sync with nbs/')
    nbs = _notebooks(a.path)
    if not nbs: print('FAIL: no notebook eligible for testing')
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(a.n_workers) as ex:
        results = list(ex.map(lambda f: _run_one(f, a.flags.split()), nbs))
    failed = stale = 0
    for fn, (status, secs, tail) in zip(nbs, results):
        print(f'{status:5} {secs:6.1f}s  {fn.relative_to(ROOT / "nbs")}')
        if status == 'FAIL': failed += 1
        if status == 'STALE': stale += 1
        if status != 'ok': print('     ' + tail.strip().replace('\n', '\n     '))
    print(f'nbdev_test: {len(nbs) - failed} passed, {failed} failed')
    if stale and a.outputs_may_differ:
        print(f'note: the stored outputs of {stale} notebook(s) differ from this run (not checked with --outputs-may-differ)')
    elif stale: print(f'FAIL: stored outputs of {stale} notebook(s) missing or stale: run `make outputs NB=nbs/NAME.ipynb` '
                      '(every notebook: `make outputs`) and commit them')
    sys.exit(0 if ok and nbs and not failed and (not stale or a.outputs_may_differ) else 1)


if __name__ == '__main__': main()
