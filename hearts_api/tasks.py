"""Celery tasks of the API (found by ``config.celery``'s ``autodiscover_tasks``)."""

from __future__ import annotations

from celery import shared_task

from . import idempotency


@shared_task(ignore_result=True)
def purge_idempotency_keys() -> int:
    """Delete the expired ``Idempotency-Key`` rows (beat runs it hourly,
    ``CELERY_BEAT_SCHEDULE``); returns how many. Expired rows count as absent before
    they are purged, so the schedule only bounds the table's size."""
    return idempotency.purge_expired()
