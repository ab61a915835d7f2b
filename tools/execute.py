"""Store the outputs of the notebooks, as a reader of the documentation sees them (`make outputs`).

Each notebook runs in its own process exactly as `make test` runs it (tools/nbrun.py: IN_TEST sizes, `#| slow` and
`#| eval: false` cells skipped and left without output, one BLAS thread); the outputs of the cells whose outputs
changed are written back (widget outputs dropped: they mean nothing without a live kernel), and the notebook is
cleaned with `nbdev_clean`. Cells whose outputs still match (timings and addresses aside) keep their stored outputs,
so on a current chapter this changes nothing. Usage:

    .venv/bin/python tools/execute.py                      # every notebook in nbs/
    .venv/bin/python tools/execute.py nbs/04_bounds.ipynb  # one notebook (or several)
"""
import subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / 'tools'))
from nbrun import blas_env


def main(paths):
    from nbdev.doclinks import nbglob
    from nbdev.test import _keep_file
    nbs = [Path(p).absolute() for p in paths] or [Path(f) for f in sorted(nbglob(ROOT / 'nbs', as_path=True))
                                                  if _keep_file(Path(f), '.notest')]
    failed = []
    for fn in nbs:
        r = subprocess.run([sys.executable, str(ROOT / 'tools' / 'nbrun.py'), str(fn), '--write'], cwd=fn.parent,
                           env=blas_env(), capture_output=True, text=True)
        print(('ok  ' if r.returncode == 0 else 'FAIL'), fn.relative_to(ROOT), r.stdout.strip(), flush=True)
        if r.returncode: failed.append(fn); print(r.stderr[-3000:])
    sys.exit(1 if failed else 0)


if __name__ == '__main__': main(sys.argv[1:])
