"""The oldest versions settings.ini allows, as pip constraints: each floor `name>=X.Y` of `requirements` and
`dask_requirements` pinned to `name==X.Y.*` (its latest patch release). `make test-oldest` installs with them.

    python tools/oldest.py > constraints.txt
"""
import configparser, re
from pathlib import Path

cfg = configparser.ConfigParser()
cfg.read(Path(__file__).resolve().parent.parent / 'settings.ini')
for key in ('requirements', 'dask_requirements'):
    for req in cfg['DEFAULT'][key].split():
        name, floor = re.fullmatch(r'([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?>=([0-9.]+)', req).groups()
        print(f'{name}=={floor}.*')
