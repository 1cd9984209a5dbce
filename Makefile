# Quick start: `make demo` sets everything up and runs the main job on sample_data/;
# `make test` runs the whole test suite. Both need only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	rm -rf demo-out
	$(BIN)/hhaudit ingest sample_data/ --lake demo-out/lake

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m bench.ingest_bench

clean:
	rm -rf $(VENV) demo-out .pytest_cache
