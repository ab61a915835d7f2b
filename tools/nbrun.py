"""Run one notebook as `nbdev_test` does; check its stored outputs against the run, or store them.

One runner for `make test` (tools/check.py) and `make outputs` (tools/execute.py), so that the stored outputs are
exactly those of the test run: the notebook is processed and executed as nbdev 2.4.14's `test_nb` does (execnb's
`CaptureShell`, cwd = the notebook's folder, IN_TEST=1; cells flagged with a `tst_flags` flag such as `#| slow`,
`#| eval: false` cells and the `nbdev_export()` cell are skipped), with one BLAS thread so that numbers do not
depend on how busy the machine is.

What "the stored outputs are current" means, code cell by code cell (`compare`):
- text (stdout, and the text/html, text/markdown, text/latex or text/plain of a result) is compared after
  normalizing what changes from run to run without the chapter changing: object addresses (`0x7f…`), timings (a
  number followed by a time unit: `1.23 s`, `45 ms`, `3 µs`, `2 min`; a speed ratio `12.3x`/`12.3×`; progress-bar
  rates `it/s`) and, for numbers, the last digits: two numbers match within a relative 1e-6 (the BLAS of another CPU
  rounds differently). So a chapter may print times, but they are not part of what is checked;
- stderr (warnings, which name paths of the machine, and progress bars) by presence only;
- images by count, format and pixel size (within 5%: fonts differ between machines), not by bytes;
- widget outputs are ignored (they are never stored), cells that are skipped must have no stored output.
`make outputs` (`write`) is stricter: it keeps a cell's stored outputs only where its text is the same up to timings
and addresses (numbers to the last digit) and its images are the same bytes. So rerunning it on a current chapter
changes nothing (printed timings make no diff), while a number or a figure whose drawing changed is stored anew. (matplotlib's PNGs are the same bytes from run to run;
a figure that draws measured times is not: draw it against iterations in the chapter, as the widgets' pictures do.)

    python tools/nbrun.py nbs/04_bounds.ipynb            # run, compare; exit 1: the run failed, 2: outputs stale
    python tools/nbrun.py nbs/04_bounds.ipynb --write    # run and store the outputs that changed
"""
import argparse, base64, math, os, re, struct, sys
from pathlib import Path

WIDGET = 'application/vnd.jupyter.widget-view+json'
TEXT_TYPES = ('text/html', 'text/markdown', 'text/latex', 'text/plain')
NUM_RTOL, NUM_ATOL = 1e-6, 1e-12    # numbers printed by two machines agree to this (last digits of a BLAS sum)
IMAGE_SIZE_RTOL = 0.05              # a figure's pixel size may change this much with the fonts of the machine
_ADDRESS = re.compile(r'0x[0-9a-fA-F]{4,}')
_TIMING = re.compile(r'(?<![\w.])\d+(?:\.\d*)?(?:e[-+]?\d+)?(?:\s*(?:ms|µs|us|ns|s|sec|seconds?|min|minutes?|h)\b'
                     r'|\s*(?:it/s|s/it)|[x×](?![\w]))')
_NUMBER = re.compile(r'[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?')


def blas_env(env=None)->dict:
    "The environment of a notebook run: IN_TEST, headless matplotlib, one BLAS thread"
    env = {**(os.environ if env is None else env), 'IN_TEST': '1', 'MPLBACKEND': 'Agg'}
    # notebooks run in parallel, one per core: one BLAS thread each, or OpenBLAS's spinning threads oversubscribe the
    # cores (a 200 x 200 solve took 14 ms instead of 0.3 ms with another process busy); it also fixes the summation order
    for var in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS'): env.setdefault(var, '1')
    return env


def run(fn:Path, flags=()):
    "Execute `fn` as nbdev's `test_nb`; returns (passed, traceback, outputs of each code cell: None where skipped)"
    from execnb.shell import CaptureShell
    from fastcore.basics import str2bool
    from fastcore.xtras import working_directory
    from nbdev.config import get_config
    from nbdev.frontmatter import FrontmatterProc
    from nbdev.process import NBProcessor, nb_lang
    cfg = get_config()
    sys.path.insert(0, str(cfg.config_path)); os.environ['IN_TEST'] = '1'
    skip_flags = set(cfg.tst_flags.split()) - set(flags)
    nb = NBProcessor(fn, procs=FrontmatterProc, process=True).nb
    code = [c for c in nb.cells if c.cell_type == 'code']
    if str2bool(nb.frontmatter_.get('skip_exec', False)) or nb_lang(nb) != 'python': return True, '', [None] * len(code)
    ran = set()
    def no_eval(cell):          # test_nb's `_no_eval`
        if cell.cell_type != 'code': return True
        if 'nbdev_export' + '(' in cell.source: return True
        direc = getattr(cell, 'directives_', {}) or {}
        if direc.get('eval:', [''])[0].lower() == 'false': return True
        if skip_flags & direc.keys(): return True
        cell.outputs = []; ran.add(id(cell))
    k = CaptureShell(fn)
    try:
        with working_directory(fn.parent): k.run_all(nb, exc_stop=True, preproc=no_eval)
        passed, tb = True, ''
    except Exception: passed, tb = False, k.prettytb(fname=fn)
    outs = [[o for o in c.outputs if WIDGET not in o.get('data', {})] if id(c) in ran else None for c in code]
    return passed, tb, outs


def _png_size(b64:str):
    raw = base64.b64decode(''.join(b64)[:64])
    return struct.unpack('>II', raw[16:24]) if raw[:8] == b'\x89PNG\r\n\x1a\n' else None


def _text(x)->str: return ''.join(x) if isinstance(x, list) else str(x)


def normalize(text:str)->str:
    "Text with addresses and timings replaced by placeholders"
    return _ADDRESS.sub('0x…', _TIMING.sub('<time>', text))


def _same_text(a:str, b:str)->bool:
    a, b = normalize(a), normalize(b)
    if _NUMBER.sub('#', a) != _NUMBER.sub('#', b): return False
    return all(math.isclose(float(x), float(y), rel_tol=NUM_RTOL, abs_tol=NUM_ATOL)
               for x, y in zip(_NUMBER.findall(a), _NUMBER.findall(b)))


def signature(o, exact:bool=False)->tuple:
    "What of one output is compared: (kind, content); `exact`: images by their bytes too"
    t = o.get('output_type')
    if t == 'stream': return ('stderr', None) if o.get('name') == 'stderr' else ('text', _text(o.get('text', '')))
    if t == 'error': return ('error', o.get('ename'))
    data = o.get('data', {})
    for k in data:
        if k.startswith('image/'):
            return ('image', (k, _png_size(data[k]) if k == 'image/png' else None) + ((_text(data[k]).strip(),) if exact else ()))
    for k in TEXT_TYPES:
        if k in data: return ('text', _text(data[k]))
    return ('other', tuple(sorted(data)))


def _same(a:tuple, b:tuple, exact:bool=False)->bool:
    if a[0] != b[0]: return False
    if a[0] == 'text': return normalize(a[1]) == normalize(b[1]) if exact else _same_text(a[1], b[1])
    if a[0] == 'image':
        (ka, sa, *xa), (kb, sb, *xb) = a[1], b[1]
        return ka == kb and xa == xb and (sa is None or sb is None or all(abs(x - y) <= IMAGE_SIZE_RTOL * max(x, y) for x, y in zip(sa, sb)))
    return a[1] == b[1]


def same_outputs(stored:list, fresh:list, exact:bool=False)->bool:
    stored = [signature(o, exact) for o in stored if WIDGET not in o.get('data', {})]
    fresh = [signature(o, exact) for o in fresh]
    return len(stored) == len(fresh) and all(_same(a, b, exact) for a, b in zip(stored, fresh))


def _show(stored:list, fresh:list)->str:
    "The first difference, in words"
    a, b = ([signature(o) for o in outs if WIDGET not in o.get('data', {})] for outs in (stored, fresh))
    if [k for k, _ in a] != [k for k, _ in b]:
        return f"stored {[k for k, _ in a] or 'nothing'}, this run {[k for k, _ in b] or 'nothing'}"
    for (k, x), (_, y) in zip(a, b):
        if _same((k, x), (k, y)): continue
        if k != 'text': return f'stored {k} {x}, this run {k} {y}'
        la, lb = normalize(x).splitlines(), normalize(y).splitlines()
        i = next((i for i, (u, v) in enumerate(zip(la, lb)) if not _same_text(u, v)), min(len(la), len(lb)))
        line = lambda l: repr(l[i][:100]) if i < len(l) else '(no line)'
        return f'line {i + 1}: stored {line(la)}, this run {line(lb)}'
    return 'differ'


def compare(stored_cells:list, fresh:list)->list:
    "Problems with the stored outputs of a notebook's code cells, given the outputs of a run (None: cell skipped)"
    if not any(c.get('outputs') for c in stored_cells) and any(fresh):
        return ['no stored outputs at all']
    problems = []
    for i, (c, f) in enumerate(zip(stored_cells, fresh)):
        if not same_outputs(c.get('outputs', []), f or []):
            first = _text(c.get('source', '')).strip().splitlines()
            problems.append(f'code cell {i} ({first[0][:40] if first else "empty"!r}): {_show(c.get("outputs", []), f or [])}')
    return problems


def write(fn:Path, fresh:list)->int:
    "Store the outputs of the cells whose outputs changed (text up to timings and addresses, images by bytes); how many"
    from execnb.nbio import read_nb, write_nb
    from nbdev.clean import nbdev_clean
    nb = read_nb(fn); code = [c for c in nb.cells if c.cell_type == 'code']
    changed = 0
    for c, f in zip(code, fresh):
        if not same_outputs(c.get('outputs', []), f or [], exact=True): c.outputs = f or []; changed += 1
    if changed: write_nb(nb, fn); nbdev_clean(fname=str(fn))
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('path'); ap.add_argument('--flags', default='', help='test flags to run, e.g. "slow"')
    ap.add_argument('--write', action='store_true', help='store the outputs instead of comparing them')
    a = ap.parse_args()
    os.environ.update(blas_env())                 # before numpy is imported
    from execnb.nbio import read_nb
    fn = Path(a.path).absolute(); flags = a.flags.split()
    stored = [c for c in read_nb(fn).cells if c.cell_type == 'code']
    passed, tb, fresh = run(fn, flags)
    if not passed: sys.stderr.write(tb + '\n'); sys.exit(1)
    assert len(fresh) == len(stored), 'code cells of the processed and the stored notebook differ'
    if a.write: print(f'{write(fn, fresh)} cell(s) with new outputs'); return
    if flags: return                       # cells forced by flags have no stored outputs: nothing to compare
    problems = compare(stored, fresh)
    for p in problems: print('stale output:', p)
    sys.exit(2 if problems else 0)


if __name__ == '__main__': main()
