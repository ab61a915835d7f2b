"""Store the outputs of the notebooks, as a reader of the documentation sees them.

Each notebook runs top to bottom in its own process, as `make test` runs it (IN_TEST set, so sizes are the reduced
ones that CI exercises; cells marked `#| slow` or `#| eval: false` are skipped and keep no output). Plain outputs
(text, tables, figures) are written back into the notebook; widget outputs are dropped, since they mean nothing
without a live kernel. Then `nbdev_clean` strips the metadata. Usage:

    .venv/bin/python tools/execute.py                  # every notebook in nbs/
    .venv/bin/python tools/execute.py nbs/04_bounds.ipynb
"""
import os, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = ('#| slow', '#|slow', '#| eval: false', '#| eval:false', '#| notest', 'nbdev_export(')
WIDGET = 'application/vnd.jupyter.widget-view+json'

RUN = r'''
import sys
from pathlib import Path
from execnb.nbio import read_nb, write_nb
from execnb.shell import CaptureShell
fn = Path(sys.argv[1]); SKIP = {skip!r}; WIDGET = {widget!r}
nb = read_nb(fn)
def preproc(cell):
    if cell.cell_type != 'code': return True
    if any(s in cell.source for s in SKIP): cell.outputs = []; cell.execution_count = None; return True
    return False
sh = CaptureShell(fn)
sh.run_all(nb, exc_stop=True, preproc=preproc)
for c in nb.cells:
    if c.cell_type == 'code':
        c.outputs = [o for o in c.get('outputs', []) if WIDGET not in o.get('data', {{}})]
write_nb(nb, fn)
'''.format(skip=SKIP, widget=WIDGET)


def main(paths):
    from nbdev.doclinks import nbglob
    nbs = [Path(p).absolute() for p in paths] or [Path(f) for f in sorted(nbglob(ROOT / 'nbs', as_path=True))]
    env = {**os.environ, 'IN_TEST': '1', 'MPLBACKEND': 'Agg'}
    failed = []
    for fn in nbs:
        r = subprocess.run([sys.executable, '-c', RUN, str(fn)], cwd=fn.parent, env=env, capture_output=True, text=True)
        print(('ok  ' if r.returncode == 0 else 'FAIL'), fn.relative_to(ROOT), flush=True)
        if r.returncode: failed.append(fn); print(r.stderr[-3000:])
    subprocess.run([str(Path(sys.executable).parent / 'nbdev_clean')], cwd=ROOT, check=True)
    sys.exit(1 if failed else 0)


if __name__ == '__main__': main(sys.argv[1:])
