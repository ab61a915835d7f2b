"""Write README.md from nbs/index.ipynb without quarto: execute the notebook with execnb, then render
markdown cells as they are, code cells as ```python blocks (nbdev directives and `#| hide` cells dropped) and
their text outputs as plain blocks."""
from pathlib import Path
from execnb.nbio import read_nb
from execnb.shell import CaptureShell

ROOT = Path(__file__).resolve().parent.parent


def _text(t): return t if isinstance(t, str) else ''.join(t)


def render(nb) -> str:
    out = []
    for c in nb.cells:
        src = c.source.rstrip()
        lines = src.splitlines()
        if c.cell_type == 'markdown': out.append(src); continue
        if any(l.strip() in ('#| hide', '#|hide') for l in lines) or any(l.startswith('#| default_exp') for l in lines): continue
        code = '\n'.join(l for l in lines if not l.lstrip().startswith('#|')).strip()
        if code: out.append(f'```python\n{code}\n```')
        text = ''.join(_text(o.get('text', '')) if o.get('output_type') == 'stream'
                       else _text(o.get('data', {}).get('text/plain', '')) for o in c.get('outputs', []))
        if text.strip(): out.append(f'```\n{text.rstrip()}\n```')
    return '\n\n'.join(out) + '\n'


def main():
    import os; os.chdir(ROOT / 'nbs')
    nb = read_nb(ROOT / 'nbs' / 'index.ipynb')
    CaptureShell(ROOT / 'nbs' / 'index.ipynb').run_all(nb, exc_stop=True)
    (ROOT / 'README.md').write_text('<!-- generated from nbs/index.ipynb by tools/make_readme.py; edit the notebook -->\n\n'
                                    + render(nb))
    print('wrote README.md')


if __name__ == '__main__': main()
