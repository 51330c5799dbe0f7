"""The health probes behind ``GET /healthz``: does the database answer, and the broker?

Each probe reports, never raises: a failure is the string ``"error: <exception class>"``
(no detail of it leaves the server). The broker is the Celery app's, reached as
``celery.current_app`` (the app ``config.celery`` sets up), so the API does not import
the project package; without a broker (tasks run in-process) there is nothing to probe.
"""

from __future__ import annotations

from dataclasses import dataclass

from celery import current_app
from django.conf import settings
from django.db import connection

OK = "ok"
NO_BROKER = "none (tasks run in-process)"
# A dead broker must not hang the probe: one retry, two seconds.
BROKER_TIMEOUT_SECONDS = 2


@dataclass(frozen=True)
class Health:
    """What the probes found: ``database`` and ``broker`` are each ``"ok"``, ``"error:
    <exception class>"``, or for the broker ``NO_BROKER``."""

    database: str
    broker: str

    @property
    def healthy(self) -> bool:
        """Whether the service can work: the database answers and no broker failed."""
        return self.database == OK and not self.broker.startswith("error")


def health_check() -> Health:
    """Probe the database and then the broker (each at most about two seconds)."""
    return Health(database=_probe_database(), broker=_probe_broker())


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


def _failed(error: Exception) -> str:
    return f"error: {error.__class__.__name__}"
