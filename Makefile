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

.PHONY: install demo test serve worker beat migrate schema lint

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The main job: a client plays a whole match over HTTP against three bots (SQLite, eager Celery).
demo: install
	$(BIN)/python examples/demo.py

# In-process tests run Celery eagerly; the end-to-end tests give CELERY_BROKER_URL (or
# TEST_BROKER_URL) to the worker and server they start.
test: install
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} \
	E2E_BROKER_URL=$${CELERY_BROKER_URL:-$(TEST_BROKER_URL)} CELERY_BROKER_URL= \
	$(BIN)/pytest $(PYTEST_ARGS)

migrate: install
	$(BIN)/python manage.py migrate

serve: migrate
	$(BIN)/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers 2 --threads 4

worker: install
	$(BIN)/celery -A config worker --loglevel INFO

beat: install
	$(BIN)/celery -A config beat --loglevel INFO

schema: install
	$(BIN)/python manage.py spectacular --validate --fail-on-warn --file openapi/schema.yaml

# ruff everywhere; mypy --strict where the house style asks for it (engine, strategies).
lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy --strict games/engine bots/strategies bots/arena.py
