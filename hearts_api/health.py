"""The health probes behind ``GET /healthz``: database, broker (``celery.current_app``) and
``REDIS_URL``'s Redis. A probe reports, never raises, and names only the exception's class."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import redis
from celery import current_app
from django.conf import settings
from django.db import connection

OK = "ok"
NO_BROKER = "none (tasks run in-process)"
NO_REDIS = "none (no REDIS_URL)"
# So a dead broker or Redis cannot hang the probe.
BROKER_TIMEOUT_SECONDS = 2
REDIS_TIMEOUT_SECONDS = 1


@dataclass(frozen=True)
class Health:
    """Each part's finding: ``"ok"``, ``"error: <exception class>"``, ``NO_BROKER`` or ``NO_REDIS``."""

    database: str
    broker: str
    redis: str

    @property
    def failed(self) -> dict[str, str]:
        """The parts that failed, with their findings."""
        return {part: found for part, found in asdict(self).items() if found.startswith("error")}

    @property
    def healthy(self) -> bool:
        """Whether no part failed."""
        return not self.failed


def health_check() -> Health:
    """Probe the database, the broker and Redis, one after another."""
    return Health(database=_probe_database(), broker=_probe_broker(), redis=_probe_redis())


def _probe_database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:  # report, don't raise
        return _failed(error)
    return OK


def _probe_broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return NO_BROKER
    try:
        with current_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception as error:  # report, don't raise
        return _failed(error)
    return OK


def _probe_redis() -> str:
    if not settings.REDIS_URL:
        return NO_REDIS
    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
                                  socket_timeout=REDIS_TIMEOUT_SECONDS)
    try:
        client.ping()
    except Exception as error:  # report, don't raise
        return _failed(error)
    finally:
        client.close()
    return OK


def _failed(error: Exception) -> str:
    return f"error: {error.__class__.__name__}"
