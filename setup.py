"""Packaging for mrc_lit, read from settings.ini (nbdev 2 layout) with configparser only."""
from configparser import ConfigParser
import setuptools

cfg = ConfigParser(delimiters=['='])
cfg.read('settings.ini', encoding='utf-8')
cfg = cfg['DEFAULT']

licenses = {'mit': ('MIT License', 'OSI Approved :: MIT License'),
            'apache2': ('Apache Software License 2.0', 'OSI Approved :: Apache Software License')}
lic = licenses[cfg['license']]
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable']
min_python = cfg['min_python']
# classifiers for every Python 3 minor version from min_python up to the newest we test
py_versions = [f'3.{v}' for v in range(int(min_python.split('.')[1]), 14)]

requirements = cfg.get('requirements', '').split()
dev_requirements = cfg.get('dev_requirements', '').split()
# nbdev's own requirements use ',' inside a spec ("nbdev>=2.4.14,<3"): keep the specs whole
console_scripts = cfg.get('console_scripts', '').split()

setuptools.setup(
    name=cfg['lib_name'],
    version=cfg['version'],
    description=cfg['description'],
    long_description=open('README.md', encoding='utf-8').read(),
    long_description_content_type='text/markdown',
    author=cfg['author'],
    author_email=cfg['author_email'],
    url=cfg['git_url'].replace('%(user)s', cfg['user']).replace('%(repo)s', cfg['repo']),
    license=lic[0],
    keywords=cfg['keywords'],
    classifiers=[f'Development Status :: {statuses[int(cfg["status"]) - 1]}',
                 f'Intended Audience :: {cfg["audience"]}',
                 f'License :: {lic[1]}',
                 f'Natural Language :: {cfg["language"]}']
                + [f'Programming Language :: Python :: {v}' for v in py_versions],
    packages=setuptools.find_packages(include=['mrc_lit', 'mrc_lit.*']),
    include_package_data=True,
    package_data={'mrc_lit': ['data/*.csv', 'data/*.md']},
    python_requires=f'>={min_python}',
    install_requires=requirements,
    extras_require={'dev': dev_requirements, 'experiments': cfg.get('experiments_requirements', '').split(),
                    'dask': cfg.get('dask_requirements', '').split()},
    zip_safe=False,
    entry_points={'console_scripts': console_scripts,
                  'nbdev': [f'{cfg["lib_path"]}={cfg["lib_path"]}._modidx:d']},
)
