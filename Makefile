# Quick start: `make demo` sets everything up and runs the main job on sample_data/;
# `make test` runs the whole test suite. Both need only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean

# An editable install compiles no bytecode, and where PYTHONDONTWRITEBYTECODE is set (as
# on the machines here) no run writes any, so each would compile hhaudit's modules anew
# (~0.1 s a command): compileall writes the bytecode once, as pip does for a wheel. A
# module edited later is compiled in memory, from its source, until the next install.
# setup.py compiles the optional PokerStars reader (parsers/_pokerstars_c.pyx) when a C
# compiler works; without one the install still succeeds and the pure-Python reader runs.
$(STAMP): pyproject.toml setup.py parsers/_pokerstars_c.pyx parsers/_hashes.pxi rules/_omaha_c.pyx
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q audit parsers rules reports bench
	touch $(STAMP)

# The sample data has payout errors planted on purpose: hhaudit's exit code 1 ("findings")
# is the expected outcome here, so only other codes fail the demo.
demo: $(STAMP)
	$(BIN)/hhaudit run sample_data/ --out demo-out --overwrite; code=$$?; \
	if [ $$code -ne 0 ] && [ $$code -ne 1 ]; then exit $$code; fi; \
	echo "report: demo-out/report.html (planted errors: tests/data/sample_data_planted.tsv)"

# The whole suite runs on the compiled PokerStars reader where it is built
# (tests/test_pokerstars_fast.py runs on both paths), spread over every core by
# pytest-xdist; the corpus tests run once more with the pure-Python path forced, as it
# runs where no compiler was at install.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto
	HHAUDIT_PURE_PYTHON=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_corpus_ingest.py tests/test_corpus_audit.py

bench: $(STAMP)
	$(BIN)/python -m bench.ingest_bench

clean:
	rm -rf $(VENV) demo-out .pytest_cache
