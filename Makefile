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

# The sample data has payout errors planted on purpose: hhaudit's exit code 1 ("findings")
# is the expected outcome here, so only other codes fail the demo.
demo: $(STAMP)
	$(BIN)/hhaudit run sample_data/ --out demo-out --overwrite; code=$$?; \
	if [ $$code -ne 0 ] && [ $$code -ne 1 ]; then exit $$code; fi; \
	echo "report: demo-out/report.html (planted errors: tests/data/sample_data_planted.tsv)"

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m bench.ingest_bench

clean:
	rm -rf $(VENV) demo-out .pytest_cache
