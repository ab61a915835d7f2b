"""The part of the docs build that can be checked without quarto (`make docs-check`).

`nbdev_docs` (run by .github/workflows/docs.yaml, where quarto is installed) first processes every notebook: it
executes the cells that show documentation, i.e. exported cells, `show_doc` cells and every cell containing an
import. A test cell that mixes an import with code is then run without the cells before it and fails (NameError),
which fails the whole site build. This script runs exactly those cells, notebook by notebook, with IN_TEST=1 as
nbdev does, and reports the first failure of each notebook and every mixed import cell.
"""
import os, sys, warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    from execnb.shell import CaptureShell
    from nbdev.doclinks import nbglob
    from nbdev.process import NBProcessor
    from nbdev.processors import _do_eval
    os.environ['IN_TEST'] = '1'
    os.environ.setdefault('MPLBACKEND', 'Agg')
    failed = 0
    for fn in sorted(nbglob(str(ROOT / 'nbs'), as_path=True)):
        fn = Path(fn).resolve(); os.chdir(fn.parent)
        nb = NBProcessor(fn).nb
        k = CaptureShell(); k.run_cell('from nbdev.showdoc import show_doc')
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            for cell in nb.cells:
                if _do_eval(cell) and (k.cell(cell) or k.exc):
                    print(f'FAIL {fn.relative_to(ROOT)}: cell {cell.idx_}: {type(k.exc).__name__}: {k.exc}'); failed += 1; break
            else: print(f'ok   {fn.relative_to(ROOT)}')
        for x in w:
            if 'imports and other code' in str(x.message):
                first = str(x.message).split('---\n')[1].splitlines()[0]
                print(f'     note: a cell mixes imports and code (runs in the docs build): {first[:80]}')
    print(f'docs_check: {failed} notebook(s) would fail the docs build')
    sys.exit(1 if failed else 0)


if __name__ == '__main__': main()
