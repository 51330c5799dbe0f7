"""Celery tasks of the games app (found by ``config.celery``'s ``autodiscover_tasks``)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import invitations, services


@shared_task(ignore_result=True)
def release_expired_invitations() -> int:
    """Open to anyone the seats whose invitations expired (beat's schedule); how many."""
    return sum(services.invitations_expire(match_id=match_id)
               for match_id in invitations.expired_matches(timezone.now()))
