"""``GET /healthz`` and its probes (``hearts_api.health``): 200 while the database answers
and no broker fails, 503 naming the failure's class otherwise; nothing raises."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import OperationalError

from hearts_api import health

pytestmark = pytest.mark.django_db


class _Refusing:
    """Stands in for the database connection or the Celery app: connecting fails."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def cursor(self):
        raise self.error

    def connection_for_write(self):
        raise self.error


class _Answering:
    """Stands in for the Celery app: its broker connection answers."""

    @contextmanager
    def connection_for_write(self):
        yield self

    def ensure_connection(self, max_retries: int, timeout: float) -> None:
        assert (max_retries, timeout) == (1, 2)


def test_without_a_broker_only_the_database_is_probed(anon_client):
    assert health.health_check() == health.Health("ok", "none (tasks run in-process)")
    response = anon_client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {
        "status": "ok", "database": "ok", "broker": "none (tasks run in-process)"})


def test_a_database_that_does_not_answer_is_503(anon_client, monkeypatch):
    monkeypatch.setattr(health, "connection", _Refusing(OperationalError("no route")))
    response = anon_client.get("/healthz")
    assert (response.status_code, response.json()) == (503, {
        "status": "unavailable", "database": "error: OperationalError",
        "broker": "none (tasks run in-process)"})


def test_a_broker_is_probed_when_there_is_one(anon_client, monkeypatch, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(health, "current_app", _Answering())
    assert health.health_check() == health.Health("ok", "ok")
    monkeypatch.setattr(health, "current_app", _Refusing(ConnectionRefusedError()))
    response = anon_client.get("/healthz")
    assert (response.status_code, response.json()) == (503, {
        "status": "unavailable", "database": "ok", "broker": "error: ConnectionRefusedError"})


def test_the_broker_probed_is_the_projects_celery_app():
    from config.celery import app

    assert health.current_app._get_current_object() is app
