"""Celery tasks of the games app (found by ``config.celery``'s ``autodiscover_tasks``)."""

from __future__ import annotations

import logging
import uuid

from celery import shared_task
from django.utils import timezone

from . import arena, invitations, services, webhooks
from .engine import IllegalMove
from .errors import ServiceError

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def deliver_webhook(delivery_id: str) -> str:
    """Hand one webhook delivery to this process's senders (``games.webhooks.send``)."""
    return webhooks.send(uuid.UUID(delivery_id))


@shared_task(ignore_result=True)
def deliver_late_webhooks() -> int:
    """Send again the deliveries whose ticket was lost (beat's schedule); how many."""
    late = webhooks.due(timezone.now())
    for delivery_id in late:
        deliver_webhook.delay(str(delivery_id))
    return len(late)


@shared_task(ignore_result=True)
def release_expired_invitations() -> int:
    """Open to anyone the seats whose invitations expired (beat's schedule); how many."""
    released = 0
    for match_id in set(invitations.expired_matches(timezone.now())):
        try:
            released += services.invitations_expire(match_id=match_id)
        except (IllegalMove, ServiceError):  # the match moved on meanwhile: the next minute
            continue
    return released


@shared_task(ignore_result=True)
def advance_arena_run(run_id: str) -> None:
    """Move an arena run on (``games.arena.advance``): after one of its tables ended."""
    arena.advance(uuid.UUID(run_id))


@shared_task(ignore_result=True)
def advance_arena_runs() -> int:
    """Move every running arena run on (beat's schedule: expired invitations, lost
    tickets, quotas freed); how many."""
    runs = arena.running()
    for run_id in runs:
        try:
            arena.advance(run_id)
        except Exception:  # one run's failure must not hold the others up
            logger.exception("could not advance arena run %s", run_id)
    return len(runs)
