# Two commands do all the set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
OUT    := out/demo

.PHONY: demo test lint bench docs docs-check clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

## demo: set up, then trace alpha-beta on the AIMA lecture tree and write its trace
demo: $(STAMP)
	mkdir -p $(OUT)
	$(BIN)/gametrace run aima -a alphabeta -o $(OUT)/aima.json
	$(BIN)/gametrace validate $(OUT)/aima.json

## test: set up, then run the whole test suite
test: $(STAMP)
	$(BIN)/python -m pytest -q

## lint: ruff and mypy --strict
lint: $(STAMP)
	$(BIN)/ruff check tracer tests benchmarks tools
	$(BIN)/mypy

BENCH  := .venv-bench
BENCH_STAMP := $(BENCH)/.installed-stamp

# The peers (aima-python, easyAI, OpenSpiel) live only in this separate environment.
$(BENCH_STAMP): pyproject.toml
	test -x $(BENCH)/bin/python || $(PYTHON) -m venv $(BENCH)
	$(BENCH)/bin/python -m pip install --quiet --disable-pip-version-check -e . aima3 easyAI open-spiel==2.0.2
	touch $(BENCH_STAMP)

## bench: the benchmarks, peers measured side by side in one run, reported as ratios
bench: $(BENCH_STAMP)
	$(BENCH)/bin/python benchmarks/run.py

clean:
	rm -rf $(VENV) $(BENCH) out .pytest_cache .mypy_cache .ruff_cache
