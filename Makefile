# The two commands of the README:  `make run`  and  `make test`.
# Both create .venv from pyproject.toml's extras at the exact versions of constraints.txt
# (nothing else to install by hand): `make run` only what serving needs, `make test` the
# developer set.
#   make run                       the web app on http://127.0.0.1:8000 (ARGS="--port 8080" ...)
#   make cli ARGS="score ..."      the command line
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
ARGS    ?=

.PHONY: run cli test check apt-deps lint types pytest bench bench-web docs apidocs dist catalogues screenshots clean

# Serving installs only what the app needs: the project with its web and pdf extras, and the
# trainer extra (the store's place and the spaced-repetition scheduler of `tenpai train`, so that
# the web drill schedules as the terminal does). The developer set (`make test`) is a superset:
# when it is installed and up to date, `make run` installs nothing.
RUN_STAMP := $(VENV)/.installed-run
RUN_EXTRAS := web,pdf,trainer

# The compiled core (setup.py) is rebuilt when its sources change, the pure modules compiled
# as twins included (a twin built from another version of its source is not used).
CORE_SRC := setup.py $(wildcard src/tenpai/*.pyx src/tenpai/riichi/*.pyx) src/tenpai/riichi/usual.py src/tenpai/riichi/records.py

PIP_INSTALL := $(BIN)/pip install --quiet --disable-pip-version-check -c constraints.txt

$(STAMP): pyproject.toml constraints.txt $(CORE_SRC)
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(PIP_INSTALL) -e '.[dev]'
	touch $(STAMP)

$(RUN_STAMP): pyproject.toml constraints.txt $(CORE_SRC)
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	if [ -f $(STAMP) ] && [ $(STAMP) -nt pyproject.toml ] && [ $(STAMP) -nt constraints.txt ]; then :; else \
	  $(PIP_INSTALL) -e '.[$(RUN_EXTRAS)]'; fi
	touch $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/tenpai serve $(ARGS)

cli: $(RUN_STAMP)
	$(BIN)/tenpai $(or $(ARGS),--help)

test: $(STAMP) apt-deps lint types imports apidocs pytest

# The fast inner loop: lint, types, the import check and the tests not marked slow nor browser,
# on both cores (pytest-xdist), with Python's bytecode cache on (an environment that turns it
# off makes every run compile every module again): under 30 s.
check: $(STAMP) lint types imports
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2 -m 'not slow and not browser'

# Debian packages of the PDF and browser tests (poppler-utils, a CJK font, chromium); installs
# only what is missing.
apt-deps:
	bash tools/apt-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks setup.py $(wildcard tools)
	$(BIN)/ruff format --check src tests benchmarks setup.py $(wildcard tools)

types: $(STAMP)
	$(BIN)/mypy

# The whole suite on the compiled core (where it was built), then the core and oracle tests
# again on the pure-Python path (TENPAI_PURE=1), which is also the fallback without a compiler.
PURE_TESTS := tests/test_shanten.py tests/test_compiled_shanten.py tests/test_riichi_usual.py \
	tests/test_riichi_score.py tests/test_tenhou_real_data.py tests/test_cli.py \
	tests/test_red_five_kans.py tests/test_batch.py

# Fails on an import cycle in src/tenpai (lazy imports count too: docs/architecture.md).
.PHONY: imports
imports: $(STAMP)
	$(BIN)/python tools/check_imports.py

# The packaging tests (tests/test_packaging.py, marked `packaging`: they build the sdist and
# the wheels and install them in fresh environments, about four minutes of one core) run
# beside the rest of the suite, which leaves the second core mostly idle; their report follows
# the suite's.
pytest: $(STAMP)
	mkdir -p build
	$(BIN)/pytest -q -p no:cacheprovider -m packaging tests/test_packaging.py \
	  > build/packaging-tests.log 2>&1 & packaging=$$!; \
	$(BIN)/pytest -q -m 'not packaging'; suite=$$?; \
	wait $$packaging; packaged=$$?; cat build/packaging-tests.log; \
	[ $$suite -eq 0 ] && [ $$packaged -eq 0 ]
	TENPAI_PURE=1 $(BIN)/pytest -q -p no:cacheprovider $(PURE_TESTS)

# Compiles the message catalogues (src/tenpai/locale/*/LC_MESSAGES/*.po to .mo) with Babel and
# lists what is missing (docs/translating.md).
catalogues: $(STAMP)
	$(BIN)/python tools/catalogues.py compile
	$(BIN)/python tools/catalogues.py check

# Rewrites the golden copies of the card and the Hong Kong pages (docs/generated/).
docs: $(STAMP)
	$(BIN)/python tools/gen_docs.py

# The API reference (docs/api/, Sphinx over the docstrings) as HTML in build/apidocs/;
# any warning fails it. Its examples run with the tests (pytest's doctests of docs/api).
apidocs: $(STAMP)
	$(BIN)/sphinx-build -q -W --keep-going -b html docs/api build/apidocs

# What a release uploads, in dist/: the source package, the platform wheel of this machine
# repaired by auditwheel (a manylinux tag an index accepts), and the pure wheel
# (py3-none-any, TENPAI_BUILD_PURE=1: the browser app and machines with no platform wheel);
# both wheels built from the sdist (`python -m build` builds the sdist, then the wheel from
# it), all checked by twine (docs/releasing.md).
dist: $(STAMP)
	rm -rf dist build/dist build/sdist
	$(BIN)/python -m build --outdir build/dist .
	mkdir -p dist build/sdist
	cp build/dist/tenpai-*.tar.gz dist/
	PATH=$(BIN):$$PATH $(BIN)/auditwheel repair --wheel-dir dist build/dist/tenpai-*.whl
	tar -xzf dist/tenpai-*.tar.gz -C build/sdist
	TENPAI_BUILD_PURE=1 $(BIN)/python -m build --wheel --outdir dist build/sdist/tenpai-*
	$(BIN)/twine check --strict dist/*
	ls -l dist

bench: $(STAMP)
	$(BIN)/python benchmarks/shanten_vs_mahjong.py
	$(BIN)/python benchmarks/score_vs_mahjong.py
	$(BIN)/python benchmarks/score_floor.py
	$(BIN)/python benchmarks/score_vs_peers.py
	$(BIN)/python benchmarks/shanten_vs_peers.py

# The web app under load on the loopback only (its own server; 5,000 scores at concurrency 16).
bench-web: $(STAMP)
	$(BIN)/python benchmarks/web_load.py

# Screenshots of every page, taken by the browser tests, kept in docs/screenshots/.
screenshots: $(STAMP) apt-deps
	TENPAI_SCREENSHOTS=docs/screenshots $(BIN)/pytest -q -p no:cacheprovider tests/test_web_browser.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build dist
