# The two commands of the README:  `make run`  and  `make test`.
# Both create .venv from the pinned requirements in pyproject.toml (nothing else to install by hand).
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
ARGS    ?= --help

.PHONY: run test apt-deps lint types pytest bench docs clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tenpai $(ARGS)

test: $(STAMP) apt-deps lint types pytest

# Debian packages of the PDF test (poppler-utils, a CJK font); installs only what is missing.
apt-deps:
	bash tools/apt-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks $(wildcard tools)
	$(BIN)/ruff format --check src tests benchmarks $(wildcard tools)

types: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

# Rewrites the golden copies of the card and the Hong Kong pages (docs/generated/).
docs: $(STAMP)
	$(BIN)/python tools/gen_docs.py

bench: $(STAMP)
	$(BIN)/python benchmarks/shanten_vs_mahjong.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
