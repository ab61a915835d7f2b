"""Print the numbers the published paper shows for its LaTeX labels: equations, theorems, algorithms, sections.

The book cites the paper (Mazuelas, Romero and Grünwald, JMLR 24, 2023) by the numbers a reader sees in the PDF,
and the PDF shows numbers, not the labels of the LaTeX source. This script recomputes them from the source as
LaTeX with jmlr2e.sty would:

- equations: one counter through the whole document (article class; jmlr2e's \\appendix does not reset it). Every
  line of an `equation`, `align`, `eqnarray`, `gather`, `alignat`, `flalign` or `multline` environment gets the
  next number (an `equation`/`multline` one number in all), unless it carries `\\nonumber`/`\\notag`; starred
  environments, `$$...$$` and `\\[...\\]` are unnumbered; a line break inside an inner `array`/`aligned`/`cases`
  or inside braces does not end a line;
- definitions, theorems, corollaries, lemmas (and propositions, remarks): ONE counter (jmlr2e declares them all
  `\\newtheorem{...}[theorem]`), so the paper has Definition 1, Theorem 2, ..., Lemma 11;
- algorithms, figures and tables: one counter each, stepped by `\\caption`; `\\subfigure`s are (a), (b), ...;
- sections 1, 2, ... and subsections 2.1, ...; after `\\appendix`, sections A, B, ...

Text after an unescaped `%` is a comment and ignored, so commented-out environments do not count.

Usage: `python tools/paper_numbers.py [path/to/paper.tex]` (default: shared/paper/mrc_01_loss_jmlr2023.tex next
to the repository or one level up). `--all` also lists the unlabelled numbered equations, with their source line,
for checking by hand against the PDF.
"""
import argparse, re, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEX_NAME = 'shared/paper/mrc_01_loss_jmlr2023.tex'

NUMBERED_MATH = {'equation', 'align', 'eqnarray', 'gather', 'alignat', 'flalign', 'multline'}
ONE_NUMBER = {'equation', 'multline'}           # the whole environment is one equation
UNNUMBERED_MATH = {e + '*' for e in NUMBERED_MATH} | {'split', 'aligned', 'gathered', 'array', 'cases', 'matrix',
                                                       'pmatrix', 'bmatrix'}
THEOREM_LIKE = {'definition', 'theorem', 'corollary', 'lemma', 'proposition', 'remark', 'conjecture', 'axiom'}
FLOATS = {'algorithm', 'figure', 'table'}

TOKEN = re.compile(r'\\\\|\\[{}%$]|\\begin\{([^}]*)\}|\\end\{([^}]*)\}|\\label\{([^}]*)\}|\\(?:nonumber|notag)\b'
                   r'|\\tag\*?\{([^}]*)\}|\\(section|subsection)(\*?)|\\appendix\b|\\caption\b|\\subfigure\b|[{}]')


def _strip_comments(tex: str) -> list:
    "the source lines with comments removed (an unescaped % starts a comment)"
    return [re.sub(r'(?<!\\)%.*', '', l) for l in tex.splitlines()]


def paper_numbers(tex: str) -> dict:
    """label -> (kind, number) for every labelled item; key None -> list of (number, label or None, line) of every
    numbered equation in order; key 'results' -> list of [kind, number, label or None, line] of every definition,
    theorem, corollary and lemma in order (Definition 1 has no label)"""
    labels, equations, results = {}, [], []
    counters = dict(equation=0, theorem=0, algorithm=0, figure=0, table=0, section=0, subsection=0)
    appendix = False
    envs = []            # stack of (name, brace depth when opened)
    depth = 0
    current = None       # (kind, number) that a \label outside math refers to: the last counter stepped
    line_labels, line_numbered, line_tag, line_empty = [], True, None, True
    float_env, sub, captioned = None, 0, False   # the float we are in, its subfigures so far, caption seen

    def sec_number():
        s = chr(ord('A') + counters['section'] - 1) if appendix else str(counters['section'])
        return s if counters['subsection'] == 0 else f'{s}.{counters["subsection"]}'

    def end_line(src_line):
        nonlocal line_labels, line_numbered, line_tag, line_empty, current
        if line_tag is not None: num = line_tag
        elif line_numbered:
            counters['equation'] += 1; num = str(counters['equation'])
            if line_empty: print(f'warning: empty numbered line ends at tex line {src_line}', file=sys.stderr)
        else: num = None
        if num is not None:
            equations.append((num, line_labels[0] if line_labels else None, src_line))
            current = ('eq', num)
        for l in line_labels:
            # amsmath writes a label of an unnumbered line with the last number stepped (usually the previous
            # equation's): that is what \eqref prints, so that is what the reader of the PDF sees
            if num is None: print(f'note: \\label{{{l}}} on an unnumbered line (tex line {src_line}) prints '
                                  f'as {current[0]} {current[1]}', file=sys.stderr)
            labels[l] = current
        line_labels, line_numbered, line_tag, line_empty = [], True, None, True

    def in_math():
        "the numbered math environment whose lines we are counting, if it is the innermost one"
        return envs and envs[-1][0] in NUMBERED_MATH and envs[-1][1] == depth

    def inside_numbered_math():
        return any(e in NUMBERED_MATH for e, _ in envs)

    for i, line in enumerate(_strip_comments(tex), 1):
        pos = 0
        for m in TOKEN.finditer(line):
            if inside_numbered_math() and (line[pos:m.start()].strip() or m.group(1)): line_empty = False
            pos = m.end()
            t = m.group(0)
            if t in ('\\{', '\\}', '\\%', '\\$'): continue
            if t == '{': depth += 1; continue
            if t == '}': depth -= 1; continue
            if t == '\\\\':
                if in_math() and envs[-1][0] not in ONE_NUMBER: end_line(i)
                continue
            if m.group(1) is not None:                                    # \begin{env}
                env = m.group(1)
                envs.append((env, depth))
                if env in NUMBERED_MATH: line_labels, line_numbered, line_tag, line_empty = [], True, None, True
                elif env in THEOREM_LIKE:
                    counters['theorem'] += 1
                    current = (env.capitalize(), str(counters['theorem']))
                    results.append([*current, None, i])
                elif env in FLOATS: float_env, sub, captioned = env, 0, False
                continue
            if m.group(2) is not None:                                    # \end{env}
                env = m.group(2)
                if not envs or envs[-1][0] != env:
                    raise ValueError(f'tex line {i}: \\end{{{env}}} closes {envs[-1][0] if envs else "nothing"}')
                if env in NUMBERED_MATH: end_line(i)
                envs.pop()
                if env in FLOATS: float_env = None
                continue
            if m.group(3) is not None:                                    # \label{...}
                if inside_numbered_math(): line_labels.append(m.group(3))
                elif current is not None:
                    labels[m.group(3)] = current
                    if results and current == tuple(results[-1][:2]): results[-1][2] = m.group(3)
                continue
            if t.startswith('\\nonumber') or t.startswith('\\notag'):
                line_numbered = False; continue
            if m.group(4) is not None: line_tag = m.group(4); continue
            if m.group(5) is not None:                                    # \section, \subsection
                if m.group(6): continue                                   # starred: unnumbered
                if m.group(5) == 'section': counters['section'] += 1; counters['subsection'] = 0
                else: counters['subsection'] += 1
                current = ('Appendix' if appendix and m.group(5) == 'section' else 'Section', sec_number())
                continue
            if t == '\\appendix': appendix = True; counters['section'] = 0; counters['subsection'] = 0; continue
            if t == '\\caption' and float_env:
                counters[float_env] += 1; captioned = True
                current = (float_env.capitalize(), str(counters[float_env]))
            if t == '\\subfigure' and float_env:   # (a), (b), ... of the float's number, stepped by its caption
                sub += 1
                current = ('Figure', f"{counters['figure'] + (not captioned)}({chr(ord('a') + sub - 1)})")
        if inside_numbered_math() and line[pos:].strip(): line_empty = False
    if envs: raise ValueError(f'unclosed environments at the end: {[e for e, _ in envs]}')
    return {**labels, None: equations, 'results': results}


def _default_tex() -> Path:
    for base in (ROOT, ROOT.parent, ROOT.parent.parent):
        if (base / TEX_NAME).exists(): return base / TEX_NAME
    sys.exit(f'paper not found: give the path of its .tex (looked for {TEX_NAME} next to and above {ROOT})')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('tex', nargs='?', type=Path, default=None)
    ap.add_argument('--all', action='store_true', help='also list the unlabelled numbered equations')
    a = ap.parse_args()
    tex = a.tex or _default_tex()
    nums = paper_numbers(tex.read_text())
    equations, results = nums.pop(None), nums.pop('results')
    kinds = {}
    for label, (kind, n) in nums.items(): kinds.setdefault(kind == 'eq', []).append((label, kind, n))
    print(f'# {tex.name}: {len(equations)} numbered equations\n\n## Definitions, theorems, corollaries, lemmas')
    for kind, n, label, line in results: print(f'{kind} {n}'.ljust(14) + f'{label or "-":<20} tex line {line}')
    print('\n## Algorithms, figures, tables, sections (label -> printed number)')
    for label, kind, n in kinds.get(False, []):
        if kind.lower() not in THEOREM_LIKE: print(f'{kind} {n}'.ljust(14) + label)
    print('\n## Equations (label -> printed number)')
    for label, _, n in kinds.get(True, []): print(f'({n})'.ljust(7) + label)
    if a.all:
        print('\n## Every numbered equation: number, label, line of the .tex where it ends')
        for n, label, line in equations: print(f'({n})'.ljust(7) + f'{label or "-":<20} tex line {line}')


if __name__ == '__main__': main()
