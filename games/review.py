"""Hints and analyses: who may ask, the rows and views the bots app weighs (it answers
``signals.hint_requested`` and runs ``signals.analysis_requested``), and which analysis's
hand a worker weighs next (``analysis_claim``)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, QuerySet, Subquery
from django.utils import timezone

from . import locks, models
from .engine import Phase, Seat, SeatView, seat_view
from .errors import ServiceError
from .selectors import match_state, match_watch_get
from .signals import analysis_requested, hint_requested


def hint_position(*, match_id: uuid.UUID, user: AbstractBaseUser) -> tuple[models.Match, SeatView]:
    """``(match, view)`` of ``user``'s seat, to act in a match with hints. Raises
    ``not_found`` (also another's daily match before its day is over), ``not_seated``,
    ``hints_disabled``, then ``not_your_turn``."""
    match, seat = match_watch_get(match_id=match_id, user=user)
    if seat is None:
        raise ServiceError("not_seated", "you have no seat in this match")
    if not match.hints:
        raise ServiceError("hints_disabled", "this match was created without hints")
    view = seat_view(match_state(match), seat)
    if not view.is_your_turn:
        raise ServiceError("not_your_turn", "a hint is for the seat to act",
                           to_act=[s.label for s in view.to_act])
    return match, view


def hint_weigh(match: models.Match, view: SeatView, user: AbstractBaseUser,
               counted: Callable[[], None]) -> Any:
    """The ``Appraisal`` of ``view``'s decision (``hint_position``) for ``user``, weighed by the
    bots app within ``HINT_BUDGET_MS`` of CPU; ``counted`` is called (and may raise) once it
    will be. Raises ``unavailable`` while another hint of ``user``'s or too many others are."""
    replies = hint_requested.send(sender=None, match_id=match.id, version=match.version,
                                  view=view, player=user.pk, budget_ms=settings.HINT_BUDGET_MS,
                                  counted=counted)
    return replies[0][1]


def analysis_seat(*, match_id: uuid.UUID, user: AbstractBaseUser) -> tuple[models.Match, Seat]:
    """``(match, seat)`` of ``user``'s seat in the finished match. Raises ``not_found``,
    ``not_seated``, then ``match_not_finished``."""
    match, seat = _player_seat(match_id, user)
    phase = match_state(match).phase
    if phase is not Phase.FINISHED:
        raise ServiceError("match_not_finished", f"the match is {phase.value}")
    return match, seat


def analysis_ask(*, match: models.Match, seat: Seat, user: AbstractBaseUser,
                 counted: Callable[[], None]) -> tuple[models.Analysis, bool]:
    """``(analysis, queued)``: the analysis of ``user``'s ``seat`` (``analysis_seat``) there is,
    queued again if it had ``failed``, else a new one, queued once ``counted`` (which may
    raise) has returned. Under the user's row lock: asked at once, it is made and counted
    once."""
    with transaction.atomic():
        locks.lock_user(user.pk)
        analysis = models.Analysis.objects.filter(match=match, seat=seat).first()
        if analysis is not None:
            queued = bool(models.Analysis.objects.filter(
                pk=analysis.pk, status=models.Analysis.Status.FAILED).update(
                    status=models.Analysis.Status.QUEUED, attempts=0, updated_at=timezone.now()))
            if queued:
                analysis.status = models.Analysis.Status.QUEUED
        else:
            counted()
            state = match_state(match)
            dealt = state.hand.number if state.hand is not None else state.hands_played  # a lesson's: 1
            analysis = models.Analysis.objects.create(
                match=match, seat=seat, requested_by=user, hands=max(dealt, 1),
                work=settings.ANALYSIS_WORK)
            queued = True
        if queued:
            transaction.on_commit(lambda: analysis_requested.send(sender=None))
    return analysis, queued


# How long a claim holds an analysis's hand unless renewed (``analysis_renew``): the hand of
# a worker that died is weighed again after it.
ANALYSIS_LEASE = timedelta(seconds=30)
# Claims of one hand whose leases all ended unsaved before its analysis is ``failed``.
ANALYSIS_ATTEMPTS = 3
# Requesters a claim may pass over before it gives up.
CLAIM_TRIES = 4
# The PostgreSQL advisory lock class under which a claim counts a requester's leases again.
REQUESTER_LOCK = 0x416E616C
UNFINISHED = (models.Analysis.Status.QUEUED, models.Analysis.Status.RUNNING)


def analysis_claim(*, now: datetime) -> models.Analysis | None:
    """Lease the next hand to weigh (``running``, until ``now + ANALYSIS_LEASE``; the lease's
    end names the claim), in its own transaction: ``_waiting``'s first whose requester holds
    no lease, counted again under the requester's lock; an analysis claimed
    ``ANALYSIS_ATTEMPTS`` times unsaved is ``failed`` instead. None if none may be taken
    (docs/adr/0119)."""
    passed: list[int] = []
    with transaction.atomic():
        for _ in range(CLAIM_TRIES):
            analysis = _waiting(now).exclude(requested_by__in=passed).first()
            if analysis is None:
                return None
            requester = analysis.requested_by_id
            if not _lock_requester(requester) or models.Analysis.objects.filter(
                    requested_by=requester, leased_until__gt=now).exists():
                passed.append(requester)  # another claim is serving it
                continue
            if analysis.attempts >= ANALYSIS_ATTEMPTS:
                models.Analysis.objects.filter(pk=analysis.pk).update(
                    status=models.Analysis.Status.FAILED, leased_until=None, updated_at=now)
                continue
            analysis.leased_until = now + ANALYSIS_LEASE
            analysis.status = models.Analysis.Status.RUNNING
            analysis.attempts += 1
            models.Analysis.objects.filter(pk=analysis.pk).update(
                leased_until=analysis.leased_until, status=analysis.status,
                attempts=analysis.attempts, updated_at=now)
            return analysis
    return None


def analysis_renew(*, pk: int, lease: datetime, now: datetime) -> datetime | None:
    """Extend the claim of analysis ``pk`` named ``lease`` to ``now + ANALYSIS_LEASE``: the
    claim's new name, or None if the row no longer holds that lease (claimed again, failed)."""
    renewed = now + ANALYSIS_LEASE
    held = models.Analysis.objects.filter(pk=pk, leased_until=lease).update(leased_until=renewed)
    return renewed if held else None


def _waiting(now: datetime) -> QuerySet[models.Analysis]:
    """Analyses with a hand to weigh whose requester holds no lease, their rows locked as read
    (those locked already skipped): the requester served longest ago first (the latest
    ``updated_at`` of its analyses: a claim, a hand saved, a request), then its oldest."""
    mine = models.Analysis.objects.filter(requested_by=OuterRef("requested_by"))
    served = mine.order_by("-updated_at").values("updated_at")[:1]
    return (models.Analysis.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("match")
            .filter(status__in=UNFINISHED, hands_done__lt=F("hands"))
            .exclude(Exists(mine.filter(leased_until__gt=now)))  # the row's own lease too
            .order_by(Subquery(served), "created_at", "pk"))


def _lock_requester(requester: int) -> bool:
    """Take the requester's advisory lock until the transaction ends, if no other claim
    holds it (PostgreSQL; elsewhere True)."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [REQUESTER_LOCK, requester])
        return bool(cursor.fetchone()[0])


def analysis_get(*, match_id: uuid.UUID, user: AbstractBaseUser,
                 seat: Seat | None = None) -> models.Analysis:
    """``user``'s seat's analysis of the match (``seat``, if named, must be it). Raises
    ``not_found`` (no match, or none asked for), ``not_seated``."""
    match, mine = _player_seat(match_id, user)
    if seat is not None and seat != mine:
        raise ServiceError("not_seated", f"you hold {mine.label}: a seat's analysis shows its "
                                         "cards, so only its player may read it")
    seat = mine
    analysis = models.Analysis.objects.filter(match=match, seat=seat).first()
    if analysis is None:
        raise ServiceError("not_found", "no analysis of your seat was asked for: POST first")
    return analysis


def _player_seat(match_id: uuid.UUID, user: AbstractBaseUser) -> tuple[models.Match, Seat]:
    match, seat = match_watch_get(match_id=match_id, user=user)
    if seat is None:
        raise ServiceError("not_seated", "an analysis is for a seat's own player")
    return match, seat
