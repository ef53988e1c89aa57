# Two commands do all the set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
OUT    := out/demo

.PHONY: demo test lint bench bench-plot docs docs-check traces clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

## demo: set up, then trace alpha-beta on the AIMA lecture tree; write its trace, diagram, frames
demo: $(STAMP)
	mkdir -p $(OUT)
	$(BIN)/gametrace run aima -a alphabeta -o $(OUT)/aima.json
	$(BIN)/gametrace validate $(OUT)/aima.json
	$(BIN)/gametrace render $(OUT)/aima.json -o $(OUT)/aima.svg
	$(BIN)/gametrace render $(OUT)/aima.json -o $(OUT)/aima.png
	$(BIN)/gametrace render $(OUT)/aima.json --frames $(OUT)/frames
	@echo "open $(OUT)/aima.png, $(OUT)/frames/frames.pdf (slides) or $(OUT)/frames/player.html"

## test: set up, then run the whole test suite
test: $(STAMP)
	$(BIN)/python -m pytest -q

## lint: ruff and mypy --strict
lint: $(STAMP)
	$(BIN)/ruff check tracer tests benchmarks tools
	$(BIN)/mypy

BENCH  := .venv-bench
BENCH_STAMP := $(BENCH)/.installed-stamp

# The peers (aima-python, OpenSpiel) and matplotlib (for the plot) live only in this
# separate environment.
$(BENCH_STAMP): pyproject.toml Makefile
	test -x $(BENCH)/bin/python || $(PYTHON) -m venv $(BENCH)
	$(BENCH)/bin/python -m pip install --quiet --disable-pip-version-check -e . aima3 open-spiel==2.0.2 matplotlib
	touch $(BENCH_STAMP)

## bench: the benchmarks, each search in a fresh process, peers in the same run; goals met or gaps named
bench: $(BENCH_STAMP)
	$(BENCH)/bin/python benchmarks/run.py

## bench-plot: the search benchmark over several start positions, drawn as docs/speed.svg
bench-plot: $(BENCH_STAMP)
	mkdir -p out
	BENCH_JSON=out/bench.json $(BENCH)/bin/python benchmarks/run.py search
	$(BENCH)/bin/python benchmarks/plot.py out/bench.json docs/speed.svg

## docs: regenerate docs/gallery.md and its pictures from traces/
docs: $(STAMP)
	$(BIN)/python tools/make_gallery.py
	GAMETRACE=$(BIN)/gametrace bash tools/make_ordering_pictures.sh

## docs-check: fail when the gallery or the recorded traces are out of date (CI runs it)
docs-check: $(STAMP)
	$(BIN)/python tools/make_gallery.py --check
	$(BIN)/python tools/record_traces.py --check

## traces: re-record traces/ from traces/manifest.json (review the diff before committing)
traces: $(STAMP)
	$(BIN)/python tools/record_traces.py

clean:
	rm -rf $(VENV) $(BENCH) out .pytest_cache .mypy_cache .ruff_cache
