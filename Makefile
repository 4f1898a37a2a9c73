# Everything installs into .venv from nothing: `make demo` and `make test` are all a new machine needs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test docs bench lint clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The demo's question (Camel Up's first edition, exact) runs no compiled engine: nothing to warm, answers at once.
demo: setup
	$(BIN)/analyzer ev scenarios/camelup/opening.yaml

test: setup
	$(BIN)/analyzer warm --jobs 2 --no-progress  # compile the numba engines first, two at a time
	ANALYZER_WARMED=1 ANALYZER_SLOW=1 $(BIN)/python -m pytest -n 2  # two test processes; the slow tier (marked slow, kept small) runs too

# The documentation site (docs/, mkdocs.yml) into site/; --strict: a broken link or a page left out of the nav fails.
docs: setup
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict

bench: setup
	$(BIN)/python -m pip install --quiet -e '.[test,bench,dask]'
	$(BIN)/analyzer bench --json reports/bench/bench.json

clean:
	rm -rf $(VENV) build site *.egg-info .pytest_cache
