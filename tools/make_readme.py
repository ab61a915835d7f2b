"""Write README.md from nbs/index.ipynb without quarto (`make readme`).

The notebook is run and its outputs stored by the runner of `make outputs` (tools/nbrun.py: as `make test` runs it;
cells marked `#| eval: false` are shown, not run), so that the docs site's home page, which quarto renders from the
stored outputs, shows what the README shows, and `make test` finds them current. Rendering follows quarto's cell options: markdown cells as they
are; code cells as ```python blocks without their `#|` lines; `#| hide` drops a cell, `#| echo: false` its source,
`#| output: false` its outputs; text outputs become plain blocks, Markdown outputs are inlined, images are left out.
"""
import re, subprocess, sys
from pathlib import Path
from execnb.nbio import read_nb

ROOT = Path(__file__).resolve().parent.parent
NB = ROOT / 'nbs' / 'index.ipynb'


def _text(t): return t if isinstance(t, str) else ''.join(t)


def directives(src: str) -> dict:
    "`#| key: value` lines of a cell (a bare `#| hide` gives {'hide': ''})"
    d = {}
    for l in src.splitlines():
        m = re.match(r'\s*#\|\s*([\w-]+):?\s*(.*)$', l)
        if m: d[m.group(1)] = m.group(2).strip().lower()
    return d


def render(nb) -> str:
    out = []
    for c in nb.cells:
        src = c.source.rstrip()
        if c.cell_type == 'markdown': out.append(src); continue
        d = directives(src)
        if 'hide' in d or 'default_exp' in d: continue
        code = '\n'.join(l for l in src.splitlines() if not l.lstrip().startswith('#|')).strip()
        if code and d.get('echo') != 'false': out.append(f'```python\n{code}\n```')
        if d.get('output') == 'false': continue
        text = ''
        for o in c.get('outputs', []):
            if o.get('output_type') == 'stream': text += _text(o.get('text', '')); continue
            data = o.get('data', {})
            if 'text/markdown' in data:
                if text.strip(): out.append(f'```\n{text.rstrip()}\n```'); text = ''
                out.append(_text(data['text/markdown']).strip())
            elif 'text/plain' in data and not any(k.startswith('image/') for k in data): text += _text(data['text/plain']) + '\n'
        if text.strip(): out.append(f'```\n{text.rstrip()}\n```')
    return '\n\n'.join(out) + '\n'


def main():
    sys.path.insert(0, str(ROOT / 'tools'))
    from nbrun import blas_env
    subprocess.run([sys.executable, str(ROOT / 'tools' / 'nbrun.py'), str(NB), '--write'], cwd=NB.parent, env=blas_env(),
                   check=True)
    (ROOT / 'README.md').write_text('<!-- generated from nbs/index.ipynb by tools/make_readme.py; edit the notebook -->\n\n'
                                    + render(read_nb(NB)))
    print('wrote README.md (and the outputs of nbs/index.ipynb)')


if __name__ == '__main__': main()
