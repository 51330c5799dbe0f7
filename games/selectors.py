"""The read side: a match, its state, one seat's view of it, and its log of events."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from . import models
from .engine import (
    Event,
    IllegalMove,
    MatchState,
    Seat,
    SeatView,
    event_from_json,
    seat_view,
    state_from_json,
)


def match_get(*, match_id: uuid.UUID) -> models.Match:
    """The match row; raises ``IllegalMove("not_found")``."""
    try:
        return models.Match.objects.get(pk=match_id)
    except models.Match.DoesNotExist:
        raise IllegalMove("not_found", "no such match") from None


def match_state(match: models.Match) -> MatchState:
    """The engine state from the match's snapshot."""
    return state_from_json(match.state)


def seat_of(match: models.Match, user: AbstractBaseUser | AnonymousUser) -> Seat | None:
    """The user's seat in the match, or None (a spectator)."""
    if not user.is_authenticated:
        return None
    position = (models.Seat.objects.filter(match=match, player=user)
                .values_list("position", flat=True).first())
    return Seat(position) if position is not None else None


def seat_view_get(
    *, match: models.Match, user: AbstractBaseUser | AnonymousUser
) -> SeatView:
    """The caller's seat view (the spectator view when the caller has no seat)."""
    return seat_view(match_state(match), seat_of(match, user))


def match_list(*, user: AbstractBaseUser, status: str | None = None) -> QuerySet[models.Match]:
    """The matches ``user`` created or has a seat in, newest first, optionally of one status."""
    matches = models.Match.objects.filter(Q(seats__player=user) | Q(created_by=user)).distinct()
    if status:
        matches = matches.filter(status=status)
    return matches.order_by("-created_at", "-id")


@dataclass(frozen=True)
class LoggedEvent:
    """One event of a match's log: its seq, the event, and when it was written."""

    seq: int
    event: Event
    at: datetime


def event_list(*, match: models.Match, after: int, limit: int) -> list[LoggedEvent]:
    """Up to ``limit`` events with seq > ``after``, oldest first (whole: redacting them
    for a seat is the caller's, ``games.engine.redact``)."""
    rows = match.events.filter(seq__gt=after).order_by("seq")[:limit]
    return [LoggedEvent(row.seq, event_from_json(row.payload), row.created_at) for row in rows]
