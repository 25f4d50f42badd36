# Two commands do everything on a fresh machine:
#   make book   set up .venv, build the site into _build/html
#   make test   set up .venv, run every check (lint, unit tests, nbval, strict build, site checks)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PATH := $(abspath $(BIN)):$(PATH)
export PYDEVD_DISABLE_FILE_VALIDATION := 1
# No progress lines from long runs in the chapters' outputs (lessons_lib.progress).
export LESSONS_PROGRESS := off

# Each chapter is a MyST Markdown source (notebooks/NN_topic.md) paired with its executed notebook.
CHAPTERS  := $(wildcard notebooks/[0-9][0-9]_*.md)
NOTEBOOKS := $(CHAPTERS:.md=.ipynb)
BUILD_FLAGS := -W -n --keep-going

.PHONY: book test setup lint unit nbval build site notebooks caches benchmarks clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip>=24"
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

book: $(STAMP)
	$(BIN)/jupyter-book build . $(BUILD_FLAGS)
	@echo
	@echo "The book is built. Open: file://$(abspath _build/html/index.html)"

test: $(STAMP)
	$(MAKE) lint
	$(MAKE) unit
	$(MAKE) nbval
	$(MAKE) build
	$(MAKE) site
	@echo "make test: every check passed."

lint: $(STAMP)
	$(BIN)/ruff check lessons_lib tests benchmarks book/_tools book/_ext
	$(BIN)/ruff format --check lessons_lib tests benchmarks book/_tools book/_ext

unit: $(STAMP)
	$(BIN)/python -m pytest tests -m "not site" -n 2 -q

nbval: $(STAMP)
	$(BIN)/python -m pytest --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg -n 2 --dist loadscope -q $(NOTEBOOKS)

build: $(STAMP)
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	$(BIN)/jupyter-book build . $(BUILD_FLAGS)

site: $(STAMP)
	$(BIN)/python -m pytest tests -m site -q

# Execute the chapters' sources into their paired notebooks, which carry the outputs that strict
# nbval compares (book/_tools/chapters.py; an unchanged tree comes out byte for byte the same).
# One chapter: make notebooks CHAPTERS=notebooks/01_regret_matching.md
notebooks: $(STAMP)
	$(BIN)/python book/_tools/chapters.py execute $(CHAPTERS)

# Make the long runs that Chapters 7 and 8 read from notebooks/data/ again (lessons_lib.stored_runs;
# about ten minutes on two cores). Needed after a change of the library that changes their numbers:
# the cache tests and the chapters then fail until this is run. One group: make caches CACHES=ch07
caches: $(STAMP)
	$(BIN)/python -m lessons_lib.stored_runs $(CACHES)

benchmarks: $(STAMP)
	for script in benchmarks/*.py; do PYTHONPATH=book/_tools $(BIN)/python $$script || exit 1; done

clean:
	rm -rf _build
