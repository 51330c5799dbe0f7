"""The health probes behind ``GET /healthz``: does the database answer, the broker, and
Redis?

Each probe reports, never raises: a failure is the string ``"error: <exception class>"``
(no detail of it leaves the server). The broker is the Celery app's, reached as
``celery.current_app`` (the app ``config.celery`` sets up), so the API does not import
the project package; without a broker (tasks run in-process) there is nothing to probe.
Redis is ``REDIS_URL``'s (the match notifications and the rate limits' counters; by
default the broker's own Redis): while it is away commands still commit, but a client is
told which dependency is down, even when the broker is another.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import redis
from celery import current_app
from django.conf import settings
from django.db import connection

OK = "ok"
NO_BROKER = "none (tasks run in-process)"
NO_REDIS = "none (no REDIS_URL)"
# A dead broker must not hang the probe: one retry, two seconds; Redis: a second each to
# connect and to answer.
BROKER_TIMEOUT_SECONDS = 2
REDIS_TIMEOUT_SECONDS = 1


@dataclass(frozen=True)
class Health:
    """What the probes found: ``database``, ``broker`` and ``redis`` are each ``"ok"``,
    ``"error: <exception class>"``, or for the broker ``NO_BROKER``, for Redis ``NO_REDIS``."""

    database: str
    broker: str
    redis: str

    @property
    def failed(self) -> dict[str, str]:
        """The parts that failed (``"database"``, ``"broker"``, ``"redis"``) and what their
        probes found."""
        return {part: found for part, found in asdict(self).items() if found.startswith("error")}

    @property
    def healthy(self) -> bool:
        """Whether the service works in full: neither the database (which answers
        ``"ok"`` or fails) nor the broker nor Redis failed."""
        return not self.failed


def health_check() -> Health:
    """Probe the database, the broker and Redis, one after another (each at most about
    two seconds)."""
    return Health(database=_probe_database(), broker=_probe_broker(), redis=_probe_redis())


def _probe_database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:  # report, don't raise: this is the health check
        return _failed(error)
    return OK


def _probe_broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return NO_BROKER
    try:
        with current_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception as error:  # report, don't raise: this is the health check
        return _failed(error)
    return OK


def _probe_redis() -> str:
    if not settings.REDIS_URL:
        return NO_REDIS
    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
                                  socket_timeout=REDIS_TIMEOUT_SECONDS)
    try:
        client.ping()
    except Exception as error:  # report, don't raise: this is the health check
        return _failed(error)
    finally:
        client.close()
    return OK


def _failed(error: Exception) -> str:
    return f"error: {error.__class__.__name__}"
