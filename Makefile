# The two commands of the README:  `make run`  and  `make test`.
# Both create .venv from the pinned requirements in pyproject.toml (nothing else to install by hand).
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
ARGS    ?= --help

.PHONY: run test lint types pytest bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tenpai $(ARGS)

test: $(STAMP) lint types pytest

lint: $(STAMP)
	$(BIN)/ruff check $(wildcard src tests benchmarks tools)
	$(BIN)/ruff format --check $(wildcard src tests benchmarks tools)

types: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/shanten_vs_mahjong.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
