"""Celery tasks of the API (found by ``config.celery``'s ``autodiscover_tasks``)."""

from __future__ import annotations

from celery import shared_task

from . import idempotency


@shared_task(ignore_result=True)
def purge_idempotency_keys() -> int:
    """Delete the expired ``Idempotency-Key`` rows (beat's schedule); returns how many."""
    return idempotency.purge_expired()
