# Every target installs the project into .venv first (once; again when pyproject.toml or
# constraints.txt change). Needs only python3 (3.11) and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# The tests' own database: PostgreSQL (pytest-django creates and drops test_hearts).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/hearts
TEST_BROKER_URL ?= redis://127.0.0.1:6379/15

.PHONY: install node demo test test-fast serve worker beat up cluster migrate schema sdk web lint

# The Python SDK is installed as a client installs it (not editable), again when it changes
# (its committed files: installing it leaves build/ and *.egg-info/ beside them).
SDK_FILES := $(shell git ls-files openapi/python 2>/dev/null)

$(STAMP): pyproject.toml constraints.txt $(SDK_FILES)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]' ./openapi/python
	touch $(STAMP)

install: $(STAMP)

# The TypeScript SDK's tools, its example's and the browser table's, from package-lock.json
# (where npm exists: without Node the TypeScript tests skip, saying why).
NPM := $(shell command -v npm 2>/dev/null)
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json openapi/typescript/package.json \
               examples/sdk_typescript/package.json examples/bot_typescript/package.json \
               web/package.json
	npm ci --no-audit --no-fund
	touch $@

node: $(if $(NPM),$(NODE_STAMP))

# The main job: a client plays a whole match over HTTP against three bots (SQLite, eager Celery).
demo: install
	$(BIN)/python examples/demo.py

# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work
# here); the cluster's tests (tests/e2e/cluster.py, root only: ip netns) put Debian's
# HAProxy in front of their web hosts. Run as root, make installs both with apt-get;
# otherwise (or when HAProxy cannot be installed) it says what to run for Chromium and
# stops before the tests, and the cluster's tests skip, saying why.
CHROMIUM := /usr/bin/chromium
HAPROXY := /usr/sbin/haproxy
$(CHROMIUM) $(HAPROXY):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(notdir $@) \
	    || [ "$@" = "$(HAPROXY)" ]; \
	elif [ "$@" = "$(HAPROXY)" ]; then \
	  echo "the cluster's tests need root (ip netns) and Debian's haproxy: they will skip"; \
	else \
	  echo "make test needs Debian's Chromium at $(CHROMIUM) (the browser tests). Install it:"; \
	  echo "  sudo apt-get install chromium"; \
	  echo "(make test run as root installs it itself)"; exit 2; \
	fi

# In-process tests run Celery eagerly; the end-to-end tests give TEST_BROKER_URL to the
# worker and server they start (never an exported CELERY_BROKER_URL: that is a running
# stack's, whose queues the tests would take). The suite runs in TEST_WORKERS
# processes (pytest-xdist; each has its own test database, e2e stack and Redis database
# below the broker URL's: at most 3, the databases below those are other tests');
# TEST_WORKERS=0 runs it in this one. tests/scheduling.py shares the tests out: those
# sharing processes they start (the e2e stack, a PostgreSQL cluster, a server) to one
# process, first; then the others one at a time, the longest first.
# Without an exported SECRET_KEY the run makes a random one (off the embedded set-up nothing
# starts without one), which every process it starts shares. The run writes bytecode (into
# __pycache__/, ignored by git) even where the environment says not to: else each process
# it starts compiles the project from source again.
TEST_WORKERS ?= 3
RUN_TESTS = DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} PYTHONDONTWRITEBYTECODE= \
	SECRET_KEY=$${SECRET_KEY:-$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')} \
	E2E_BROKER_URL=$(TEST_BROKER_URL) CELERY_BROKER_URL= \
	$(BIN)/pytest -n $(TEST_WORKERS)
test: install node $(CHROMIUM) $(HAPROXY)
	$(RUN_TESTS) $(PYTEST_ARGS)

# The edit-test loop: the engine (but its OpenSpiel differential test) and the API
# in-process; no end-to-end test. Needs PostgreSQL only.
FAST_TESTS := tests/engine tests/api -m "not e2e" \
              --deselect tests/engine/test_openspiel_differential.py
test-fast: install
	$(RUN_TESTS) $(FAST_TESTS) $(PYTEST_ARGS)

migrate: install
	$(BIN)/python manage.py migrate

# gunicorn managing uvicorn workers on config.asgi: a waiting long poll or stream costs a
# coroutine, not a thread. Its worker class, parser and timeouts are in gunicorn.conf.py
# (why: benchmarks/README.md, "Slow clients"). WEB_WORKERS processes: 2 with PostgreSQL or
# Redis to carry the notifications between them, else 1 (the embedded default's stay inside
# their process: docs/architecture.md, "Live updates").
WEB_WORKERS ?= $(if $(findstring postgres,$(DATABASE_URL))$(REDIS_URL)$(findstring redis,$(CELERY_BROKER_URL)),2,1)
serve: migrate
	$(BIN)/gunicorn config.asgi -c gunicorn.conf.py --bind $(HOST):$(PORT) --workers $(WEB_WORKERS)

# Beat's control tasks, the bots' work tickets and analyses (config/settings/workers.py,
# CELERY_TASK_QUEUES).
WORKER_QUEUES ?= control,bots,analysis
worker: install
	$(BIN)/celery -A config worker --loglevel INFO -Q $(WORKER_QUEUES)

beat: install
	$(BIN)/celery -A config beat --loglevel INFO

# web, worker and beat together (Procfile, run by honcho), on HOST:PORT. They need a real
# broker and database (without CELERY_BROKER_URL the worker would wait on a broker of its
# own and never see a task) and a secret key, the same for all three.
# A deployment across hosts on this machine (tests/e2e/cluster.py; root): prints its URL,
# Ctrl-C stops it.
cluster: install $(HAPROXY)
	$(BIN)/python -m tests.e2e.cluster

up:
	@test -n "$$CELERY_BROKER_URL" -a -n "$$DATABASE_URL" -a -n "$$SECRET_KEY" || { \
	  echo "make up needs DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis) and SECRET_KEY exported"; exit 2; }
	$(MAKE) --no-print-directory migrate
	HEARTS_HOST=$(HOST) HEARTS_PORT=$(PORT) $(BIN)/honcho start

schema: install
	$(BIN)/python manage.py spectacular --validate --fail-on-warn --file openapi/schema.yaml

# Both SDKs from openapi/schema.yaml (the tests regenerate them and fail on any difference).
sdk: install $(NODE_STAMP)
	schema=$$(mktemp --suffix .yaml) && \
	  $(BIN)/python openapi/open_event_union.py openapi/schema.yaml $$schema && \
	  PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/openapi-python-client generate --path $$schema \
	    --config openapi/python-client.yaml --meta setup --output-path openapi/python \
	    --overwrite --fail-on-warning; status=$$?; rm -f $$schema; exit $$status
	npm run --silent -w openapi/typescript generate

# The browser table (web/) built into web/dist, which is committed and served at /play/ (the
# tests build it again and fail on any difference).
web: $(NODE_STAMP)
	npm run --silent -w web build

# ruff everywhere; the layering contracts (pyproject.toml, [tool.importlinter]); mypy
# --strict where the house style asks for it (engine, strategies) and on the Python SDK
# example; tsc --strict on the TypeScript SDK and its example.
lint: install node
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache --no-logo
	$(BIN)/mypy --strict games/engine bots/strategies bots/arena.py bots/appraisal.py bots/analysis.py
	$(BIN)/mypy --strict examples/sdk_python examples/bot_python
ifneq ($(NPM),)
	npm run --silent -w openapi/typescript build
	npm run --silent -w examples/sdk_typescript typecheck
	npm run --silent -w examples/bot_typescript typecheck
	npm run --silent -w web typecheck
endif
