"""``GET /healthz`` and its probes (``hearts_api.health``): 200 while the database answers
and neither the broker nor Redis fails, otherwise 503 ``unavailable`` problem+json naming
the failure's class; nothing raises."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import OperationalError

from hearts_api import health
from tests.api.helpers import assert_problem
from tests.e2e.stack import free_port

pytestmark = pytest.mark.django_db


def assert_unavailable(response, detail: str, database: str, broker: str, redis: str) -> None:
    """A 503 ``unavailable`` with ``detail``, naming what each probe found, with its
    Retry-After."""
    body = assert_problem(response, 503, "unavailable")
    assert (body["database"], body["broker"], body["redis"]) == (database, broker, redis)
    assert body["detail"] == detail
    assert response["Retry-After"] == "3" and body["retry_after"] == 3


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


class _AnsweringRedis:
    """Stands in for a redis-py client whose server answers PING."""

    closed = False

    @classmethod
    def from_url(cls, url: str, *, socket_connect_timeout: float, socket_timeout: float):
        assert (url, socket_connect_timeout, socket_timeout) == ("redis://127.0.0.1:1/0", 1, 1)
        return cls()

    def ping(self) -> bool:
        return True

    def close(self) -> None:
        _AnsweringRedis.closed = True


def test_without_a_broker_or_redis_only_the_database_is_probed(anon_client, settings):
    settings.REDIS_URL = ""
    assert health.health_check() == health.Health("ok", "none (tasks run in-process)",
                                                   "none (no REDIS_URL)")
    response = anon_client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {
        "status": "ok", "database": "ok", "broker": "none (tasks run in-process)",
        "redis": "none (no REDIS_URL)"})


def test_a_database_that_does_not_answer_is_503(anon_client, monkeypatch, settings):
    settings.REDIS_URL = ""
    monkeypatch.setattr(health, "connection", _Refusing(OperationalError("no route")))
    response = anon_client.get("/healthz")
    assert_unavailable(response, "Not answering: the database (error: OperationalError).",
                       "error: OperationalError", "none (tasks run in-process)",
                       "none (no REDIS_URL)")


def test_a_broker_is_probed_when_there_is_one(anon_client, monkeypatch, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.REDIS_URL = ""
    monkeypatch.setattr(health, "current_app", _Answering())
    assert health.health_check() == health.Health("ok", "ok", "none (no REDIS_URL)")
    monkeypatch.setattr(health, "current_app", _Refusing(ConnectionRefusedError()))
    response = anon_client.get("/healthz")
    assert_unavailable(response, "Not answering: the broker (error: ConnectionRefusedError).",
                       "ok", "error: ConnectionRefusedError", "none (no REDIS_URL)")


def test_redis_is_probed_when_there_is_one_and_named_when_it_is_down(
        anon_client, monkeypatch, settings):
    """Even with the broker up (or none): Redis carries the notifications and the counters."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    monkeypatch.setattr(health.redis, "Redis", _AnsweringRedis)
    assert health.health_check() == health.Health("ok", "none (tasks run in-process)", "ok")
    assert _AnsweringRedis.closed
    monkeypatch.undo()
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens: refused
    response = anon_client.get("/healthz")
    assert_unavailable(response, "Not answering: the redis (error: ConnectionError).",
                       "ok", "none (tasks run in-process)", "error: ConnectionError")


def test_the_broker_probed_is_the_projects_celery_app():
    from config.celery import app

    assert health.current_app._get_current_object() is app
