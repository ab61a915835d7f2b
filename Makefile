# Two commands for a new user: `make demo` and `make test`. Both create .venv if it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.mrc_lit-installed
DASK_STAMP = $(VENV)/.mrc_lit-dask-installed
comma := ,

.PHONY: demo test test-oldest test-newest test-slow readme outputs docs docs-check export clean-nbs install

install: $(STAMP)

# .venv (created if missing) with a current pip, then this package in editable mode with the extras named in $(1)
setup = (test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)) && $(BIN)/python -m pip install -q --upgrade pip \
	&& $(BIN)/python -m pip install -q -e ".[$(1)]"

$(STAMP): settings.ini setup.py
	$(call setup,dev)
	touch $(STAMP)

# The optional Dask extra (chapter 17's larger-than-memory fits): what the tests and the docs need, not the demo. On a
# fresh machine it is one install with the rest (one resolution instead of two), which also counts as $(STAMP).
$(DASK_STAMP): settings.ini setup.py
	$(call setup,dev$(comma)dask)
	touch $(STAMP) $(DASK_STAMP)

# The main job: fit an MRC on the bundled credit data (80/20 stratified split), print error, bounds and fit time.
demo: $(STAMP)
	$(BIN)/mrc-lit fit --data credit

# The cells the docs build runs (docs-check, no quarto needed), then the nbdev checks (notebooks clean, library in
# sync) and every notebook's tests, which also check that its stored outputs are current (`make outputs` refreshes
# them); ends with `nbdev_test: N passed, N failed`.
test: $(DASK_STAMP)
	$(BIN)/python tools/docs_check.py
	$(BIN)/python tools/check.py

# The tests on the oldest versions settings.ini allows (the floors of its requirements and of the Dask extra, pinned by
# tools/oldest.py) under the oldest Python it names, in .venv-oldest. The stored outputs come from current versions,
# whose last digits and warnings may differ: they are reported, not checked. CI runs it beside `make test`.
PYTHON_OLDEST ?= python3.11
OLDEST = .venv-oldest
test-oldest:
	test -x $(OLDEST)/bin/python || $(PYTHON_OLDEST) -m venv $(OLDEST)
	$(OLDEST)/bin/python tools/oldest.py > $(OLDEST)/constraints.txt
	$(OLDEST)/bin/python -m pip install -q -c $(OLDEST)/constraints.txt -e ".[dev,dask]"
	$(OLDEST)/bin/python tools/check.py --skip-sync --outputs-may-differ

# The same tests with the newest releases of everything, under the newest Python that setup.py names, in .venv-newest.
PYTHON_NEWEST ?= python3.13
NEWEST = .venv-newest
test-newest:
	test -x $(NEWEST)/bin/python || $(PYTHON_NEWEST) -m venv $(NEWEST)
	$(NEWEST)/bin/python -m pip install -q --upgrade -e ".[dev,dask]"
	$(NEWEST)/bin/python tools/check.py --skip-sync --outputs-may-differ

# `make test`, also running the cells marked `#| slow` (full-size experiments).
test-slow: $(DASK_STAMP)
	$(BIN)/python tools/check.py --flags slow

# README.md from nbs/index.ipynb (quarto-free).
readme: $(STAMP)
	$(BIN)/python tools/make_readme.py

# Store the notebooks' outputs (figures, tables, numbers) as `make test` produces them, which then checks that they
# are current; widget outputs dropped. One notebook: `make outputs NB=nbs/04_bounds.ipynb`.
outputs: $(DASK_STAMP)
	$(BIN)/python tools/execute.py $(NB)

# The documentation site in _docs/ (needs quarto, https://quarto.org; GitHub builds it: .github/workflows/docs.yaml).
docs: $(DASK_STAMP)
	$(BIN)/nbdev_docs

# What of the docs build can be checked without quarto: the cells nbdev runs to render each notebook.
docs-check: $(DASK_STAMP)
	$(BIN)/python tools/docs_check.py

export: $(STAMP)
	$(BIN)/nbdev_export
	$(BIN)/nbdev_clean
