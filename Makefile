# Two commands do all the set-up on a fresh machine: `make demo` and `make test`
# (`make check`, the quick loop, needs only the Python set-up).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := out/demo
SOURCES := pyproject.toml hatch_build.py tracer/search/fast/_lines.c tracer/_scan.c

# Two set-ups, each a stamp: the demo's installs the package and its drawing libraries
# only (no extra, about 150 MB of .venv); the rest (tests, lint, benchmarks, docs, dist)
# install the [dev] extra on top: the service, the adapters, the test and lint tools.
DEMO_STAMP  := $(VENV)/.demo-stamp
SERVE_STAMP := $(VENV)/.serve-stamp
STAMP       := $(VENV)/.installed-stamp
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: demo test check fuzz lint bench bench-plot pictures docs site docs-check traces clean serve dist messages sysdeps-tex sysdeps-browser sysdeps-postgres sysdeps-fonts

$(DEMO_STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $(DEMO_STAMP)

$(SERVE_STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[serve]'
	touch $(SERVE_STAMP)

$(STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[dev]'
	touch $(STAMP) $(DEMO_STAMP) $(SERVE_STAMP)

## demo: set up, then trace alpha-beta on the AIMA lecture tree; write its trace, diagram, frames
demo: $(DEMO_STAMP)
	mkdir -p $(OUT)
	$(BIN)/gametrace run aima -a alphabeta -o $(OUT)/aima.json
	$(BIN)/gametrace validate $(OUT)/aima.json
	$(BIN)/gametrace render $(OUT)/aima.json -o $(OUT)/aima.svg
	$(BIN)/gametrace render $(OUT)/aima.json -o $(OUT)/aima.png
	$(BIN)/gametrace render $(OUT)/aima.json --frames $(OUT)/frames
	@echo "open $(OUT)/aima.png, $(OUT)/frames/frames.pdf (slides) or $(OUT)/frames/player.html"
	@echo "Beamer: cd $(OUT)/frames && pdflatex deck.tex"

## serve: start the web service on http://127.0.0.1:8000/ (the embedded default store)
serve: $(SERVE_STAMP)
	$(BIN)/gametrace serve

# pytest-xdist: one worker per core (each worker starts its own PostgreSQL server, on a
# free port in a folder of its own; every other test keeps to its tmp_path)
WORKERS ?= auto

## test: set up, then run the whole test suite
test: $(STAMP) sysdeps-tex sysdeps-browser sysdeps-postgres sysdeps-fonts
	$(BIN)/python -m pytest -q -n $(WORKERS)

# The kinds of test `make check` leaves out: tests/marking.py puts these markers on
CHECK_MARKERS := not browser and not postgres and not tex and not subprocess and not slow

## check: set up, then the quick loop: every test but the browser, PostgreSQL, TeX,
## subprocess and slow ones (tests/marking.py), each property on a tenth of its
## examples (hypothesis's check profile, tests/conftest.py), under a minute
# (PYTHONDONTWRITEBYTECODE emptied: pytest keeps its rewritten test modules only where
# bytecode may be written, and rewriting them all again is a third of the collection)
check: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n $(WORKERS) -m "$(CHECK_MARKERS)" \
		--hypothesis-profile=check

## sysdeps-browser: Debian's chromium for the browser tests, installed only when missing
sysdeps-browser:
	@command -v chromium >/dev/null 2>&1 || \
	  { echo "installing chromium (the browser tests need it)"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    $(SUDO) apt-get install -y -qq --no-install-recommends chromium; }

## sysdeps-fonts: Debian's DejaVu fonts, whose advances the text-width table is checked
## against (tests/render/draw/test_fontwidths.py), installed only when missing
sysdeps-fonts:
	@test -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf || \
	  { echo "installing fonts-dejavu-core (the text-width table's test needs it)"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    $(SUDO) apt-get install -y -qq --no-install-recommends fonts-dejavu-core; }

## sysdeps-postgres: Debian's PostgreSQL server for the store's tests (they start their own,
## as a non-root user in a temporary folder), installed only when missing
sysdeps-postgres:
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1 || \
	  { echo "installing postgresql (the store's tests need it)"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    $(SUDO) apt-get install -y -qq --no-install-recommends postgresql; }

TEX_PACKAGES := texlive-latex-base texlive-pictures texlive-latex-recommended lmodern poppler-utils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

## sysdeps-tex: pdflatex, TikZ, Beamer (and pdftoppm) for the TikZ/Beamer tests, installed
## from Debian only when missing (lmodern: the scalable fonts; poppler-utils: pdfinfo, pdftoppm)
sysdeps-tex:
	@if command -v pdflatex >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 \
	    && kpsewhich beamer.cls tikz.sty lmodern.sty >/dev/null 2>&1; then :; else \
	  echo "installing $(TEX_PACKAGES)"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive \
	    $(SUDO) apt-get install -y -q $(TEX_PACKAGES); fi

## fuzz: the fault suite, long: many more generated bad inputs, a fresh seed each run
FUZZ_EXAMPLES ?= 300
fuzz: $(STAMP)
	FAULTS_EXAMPLES=$(FUZZ_EXAMPLES) FAULTS_SEED=$${FAULTS_SEED:-$$(date +%s)} FAULTS_SLOW=1 \
		$(BIN)/python -m pytest tests/faults -q -s -p no:cacheprovider

## lint: ruff, mypy --strict, then the layers' import contracts (.importlinter)
lint: $(STAMP)
	$(BIN)/ruff check tracer tests benchmarks tools
	$(BIN)/mypy
	$(BIN)/lint-imports

BENCH  := .venv-bench
BENCH_STAMP := $(BENCH)/.installed-stamp

# The peers (aima-python, OpenSpiel) and matplotlib (for the plot) live only in this
# separate environment; it has the service's extras too, for the service's benchmarks
# (abuse.py, run by benchmarks/run.py).
$(BENCH_STAMP): pyproject.toml Makefile hatch_build.py tracer/search/fast/_lines.c tracer/_scan.c
	test -x $(BENCH)/bin/python || $(PYTHON) -m venv $(BENCH)
	$(BENCH)/bin/python -m pip install --quiet --disable-pip-version-check -e .[chess,serve,postgres] aima3 open-spiel==2.0.2 matplotlib
	touch $(BENCH_STAMP)

## bench: the benchmarks, each search in a fresh process, peers in the same run; goals met or gaps named
bench: $(BENCH_STAMP) $(STAMP) sysdeps-postgres
	$(BENCH)/bin/python benchmarks/run.py
	$(BIN)/python benchmarks/class.py

## bench-plot: the search benchmark over several start positions, drawn as docs/speed.svg
bench-plot: $(BENCH_STAMP)
	mkdir -p out
	BENCH_JSON=out/bench.json $(BENCH)/bin/python benchmarks/run.py search
	$(BENCH)/bin/python benchmarks/plot.py out/bench.json docs/speed.svg

## pictures: regenerate docs/gallery.md and its pictures from traces/ (and the ordering and
## export pictures), the step `make docs` takes before building the site
pictures: $(STAMP) sysdeps-tex
	$(BIN)/python tools/make_gallery.py
	GAMETRACE=$(BIN)/gametrace bash tools/make_ordering_pictures.sh
	$(BIN)/python tools/make_export_pictures.py

## docs: the pictures, then the site in out/site (Sphinx and myst-parser, docs/conf.py);
## a warning, a link to a missing page or heading, or a missing picture fails it
docs: $(STAMP) pictures
	$(MAKE) site

## site: only the site in out/site, from docs/ as it is (tests/docs/test_site.py builds it too)
site: $(STAMP)
	rm -rf out/site
	$(BIN)/python -m sphinx -b html -W --keep-going -q -d out/doctrees docs out/site

## docs-check: fail when the generated fast loops, the gallery or the recorded traces are
## out of date (CI runs it)
docs-check: $(STAMP)
	$(BIN)/python tools/make_fast.py --check
	$(BIN)/python tools/make_gallery.py --check
	$(BIN)/python tools/record_traces.py --check

## traces: re-record traces/ from traces/manifest.json (review the diff before committing)
traces: $(STAMP)
	$(BIN)/python tools/record_traces.py

## messages: extract the library's sentences (said, said_n) into tracer/locale/tracer.pot,
## update each tracer/locale/LANG/LC_MESSAGES/tracer.po and compile its .mo
messages: $(STAMP)
	$(BIN)/python tools/messages.py

## dist: the sdist, the manylinux wheel (auditwheel) and the pure py3-none-any wheel in dist/
dist: $(STAMP)
	$(BIN)/python tools/make_dist.py

clean:
	rm -rf $(VENV) $(BENCH) out dist .pytest_cache .mypy_cache .ruff_cache
	rm -f tracer/*.so tracer/*.pyd  # the compiled modules (hatch_build.py)
