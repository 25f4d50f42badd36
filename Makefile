# Two commands do everything on a fresh machine:
#   make book   set up .venv, build the site into _build/html
#   make test   set up .venv, run every check (lint, unit tests, nbval, strict build, site checks)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PATH := $(abspath $(BIN)):$(PATH)
export PYDEVD_DISABLE_FILE_VALIDATION := 1

NOTEBOOKS := $(wildcard notebooks/*.ipynb)
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
	$(BIN)/ruff check lessons_lib tests benchmarks
	$(BIN)/ruff format --check lessons_lib tests benchmarks

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

# Re-execute chapters in place so the committed notebooks carry current outputs (widget state is
# not stored: it belongs to a live kernel). One chapter: make notebooks NOTEBOOKS=notebooks/01_x.ipynb
define EXECUTE
import sys, nbformat
from nbclient import NotebookClient
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=1200, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": "notebooks"}}).execute()
    nbformat.write(nb, path)
    print("executed", path)
endef
export EXECUTE

notebooks: $(STAMP)
	$(BIN)/python -c "$$EXECUTE" $(NOTEBOOKS)

# Make the long runs that Chapters 7 and 8 read from notebooks/data/ again (lessons_lib.stored_runs;
# about ten minutes on two cores). Needed after a change of the library that changes their numbers:
# the cache tests and the chapters then fail until this is run. One group: make caches CACHES=ch07
caches: $(STAMP)
	$(BIN)/python -m lessons_lib.stored_runs $(CACHES)

benchmarks: $(STAMP)
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf _build
