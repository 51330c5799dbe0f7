"""Invitations: a seat of a waiting match held for one player or bot account until it
expires (``INVITATION_TTL_S``); the engine holds the seat (``InviteSeat``, ``ReleaseSeat``),
the ``Invitation`` rows list each player's and say when it expires."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.utils import timezone

from . import models
from .engine import MatchState, ReleaseSeat, Seat
from .engine.events import Event, MatchAborted, MatchEnded, SeatInvited, SeatReleased, SeatTaken
from .errors import ServiceError
from .selectors import players

Status = models.Invitation.Status


def invitee(username: str) -> AbstractBaseUser:
    """The player ``username`` names; ``not_found`` for nobody (or staff)."""
    user = get_user_model().objects.filter(players(), username=username, is_active=True).first()
    if user is None:
        raise ServiceError("not_found", f"no player is named {username!r}")
    return user


def expired_releases(match: models.Match, state: MatchState, now: datetime) -> list[ReleaseSeat]:
    """The ``ReleaseSeat`` commands of ``match``'s invitations that expired by ``now`` (none
    at an arena table: its run is abandoned instead, games.arena)."""
    if not any(state.invited):
        return []
    due = models.Invitation.objects.filter(match=match, status=Status.PENDING, expires_at__lte=now,
                                           match__arena_table__isnull=True)
    return [ReleaseSeat(Seat(seat), Status.EXPIRED.value) for seat in due.values_list("seat", flat=True)
            if state.invited[seat] is not None]


def projected(match: models.Match, event: Event, users: dict[str, AbstractBaseUser]) -> None:
    """Write what ``event`` changes of ``match``'s invitations: a new one (its invitee in
    ``users``), or one accepted, declined or expired."""
    if isinstance(event, SeatInvited):
        now = timezone.now()
        models.Invitation.objects.create(
            match=match, seat=event.seat, player=users[event.player], created_at=now,
            expires_at=now + timedelta(seconds=settings.INVITATION_TTL_S))
    elif isinstance(event, SeatReleased):
        models.Invitation.objects.filter(match=match, seat=event.seat,
                                         status=Status.PENDING).update(status=event.reason)
    elif isinstance(event, SeatTaken) and event.player:
        models.Invitation.objects.filter(match=match, player__username=event.player,
                                         status=Status.PENDING).update(status=Status.ACCEPTED)
    elif isinstance(event, MatchAborted | MatchEnded):  # a match cancelled before it began
        models.Invitation.objects.filter(match=match, status=Status.PENDING).update(
            status=Status.EXPIRED)


def invitation_list(*, user: AbstractBaseUser) -> QuerySet[models.Invitation]:
    """``user``'s invitations still open (pending, not expired), newest first."""
    return (models.Invitation.objects
            .filter(player=user, status=Status.PENDING, expires_at__gt=timezone.now())
            .select_related("match__created_by").order_by("-created_at", "-id"))


def invitation_get(*, invitation_id: uuid.UUID, user: AbstractBaseUser) -> models.Invitation:
    """``user``'s invitation ``invitation_id``; ``not_found`` for another's or none."""
    found = (models.Invitation.objects.select_related("match__created_by")
             .filter(id=invitation_id, player=user).first())
    if found is None:
        raise ServiceError("not_found", "you have no invitation with that id")
    return found


def status_now(invitation: models.Invitation, now: datetime) -> str:
    """The invitation's status, ``expired`` once its time is up even before a command says so."""
    if invitation.status == Status.PENDING and invitation.expires_at <= now:
        return Status.EXPIRED
    return invitation.status


def expired_matches(now: datetime, limit: int = 100) -> list[uuid.UUID]:
    """Matches with an invitation that expired by ``now`` and is not yet released (arena
    tables aside)."""
    return list(models.Invitation.objects
                .filter(status=Status.PENDING, expires_at__lte=now,
                        match__status=models.Match.Status.WAITING,
                        match__arena_table__isnull=True)
                .order_by("expires_at").values_list("match_id", flat=True)[:limit])
